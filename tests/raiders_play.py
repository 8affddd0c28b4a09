"""Shared moves for the Raiders tests: build a position, force rolls, play notation."""

from __future__ import annotations

import dataclasses

from tabletop.games.raiders import Raiders
from tabletop.games.raiders.scenarios import build
from tabletop.games.raiders.state import RaidersState


def position(seats: int = 2, **description) -> tuple[Raiders, RaidersState]:
    """A game and a state built from a scenario description."""
    options = description.pop("options", {})
    game = Raiders(players=seats, **options)
    return game, build(game, description)


def rolls(state: RaidersState, *values: int) -> RaidersState:
    """The state with the next die rolls forced."""
    return dataclasses.replace(state, rng=state.rng.force(*values))


def play(game: Raiders, state: RaidersState, *notations: str):
    """Play notations in order; returns the last state and all events."""
    events = []
    for notation in notations:
        state, happened = game.apply(state, game.parse_action(notation))
        events.extend(happened)
    return state, events


def clauses(events) -> list[str]:
    return [e.clause for e in events]


def legal(game: Raiders, state: RaidersState) -> list[str]:
    return [str(a) for a in game.legal_actions(state)]


def hand(*cards: str) -> list[str]:
    return list(cards)
