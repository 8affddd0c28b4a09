"""Shared moves for the Raiders tests: build a position, force rolls, play notation."""

from __future__ import annotations

import dataclasses

from tabletop.games.raiders import Raiders
from tabletop.games.raiders.scenarios import build_state
from tabletop.games.raiders.state import RaidersState


def position(seats: int = 2, **description) -> tuple[Raiders, RaidersState]:
    """A game and a state built from a scenario description."""
    options = description.pop("options", {})
    game = Raiders(players=seats, **options)
    return game, build_state(game, **description)


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


class Greedy:
    """A simple greedy Raiders policy for tests: collect cards, ambush the richest
    opponent, fly or walk toward countries, and race to the Ark with the three
    key cards. It decides from the player's own view."""

    def __init__(self, game: Raiders) -> None:
        self.game = game
        self.dist = {loc: _distances(game, loc) for loc in game.board.countries}

    def choose(self, state: RaidersState):
        game = self.game
        me = game.to_move(state)
        view = game.view(state, me)
        actions = game.legal_actions(view)
        by_text = {str(a): a for a in actions}
        keys = {"ark", "staff", "map"} <= set(view.hands[me])
        if view.phase == "turn":
            if keys and f"country {view.ark}" in by_text:
                return by_text[f"country {view.ark}"]
            if not keys:
                ambushes = [a for a in actions if str(a).startswith("ambush")]
                if ambushes:
                    return max(ambushes, key=lambda a: len(view.hands[a.victim]))
                flights = [a for a in actions if str(a).startswith("country")]
                if flights:
                    return flights[0]
            return by_text.get("air", by_text["roll"])
        if view.phase == "move":
            targets = (
                [view.ark]
                if keys
                else [c for c in game.board.countries if c not in view.positions]
            )
            return min(actions, key=lambda a: min(self.dist[t][a.to] for t in targets))
        if view.phase == "customs" and "passport" in by_text:
            return by_text["passport"]
        if view.phase == "land":
            return actions[-1]
        return actions[0]


def _distances(game: Raiders, start: str) -> dict[str, int]:
    dist = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for loc in frontier:
            for n in game.board.adjacent[loc]:
                if n not in dist:
                    dist[n] = dist[loc] + 1
                    nxt.append(n)
        frontier = nxt
    return dist


#: Player 0 in Egypt holding three Country cards (Egypt's own among them), so no
#: flight spends the Egypt card (RA-K-COUNTRY: the destination's own, else the
#: first held in map order).
COUNTRY_CARDS_IN_EGYPT = {
    "ark": "NEPAL",
    "players": [
        {"at": "EGYPT", "hand": ["country:EGYPT", "country:ISLAND", "country:USA"]},
        {"at": "PERU", "hand": ["air"]},
    ],
    "to_move": 0,
}

#: Player 0 in England with a Hostage, Player 1 in Peru: the Hostage may take
#: Player 1 to any of the 110 other places (RA-K-HOSTAGE).
HOSTAGE_IN_ENGLAND = {
    "ark": "EGYPT",
    "players": [
        {"at": "ENGLAND", "hand": ["hostage", "passport"]},
        {"at": "PERU", "hand": ["air"]},
    ],
    "to_move": 0,
}

#: Player 0 in England with an Ambush, Player 1 in Peru: the only thing to do on
#: Peru is the Ambush on Player 1 (RA-K-AMBUSH).
AMBUSH_ON_PERU = {
    "ark": "EGYPT",
    "players": [
        {"at": "ENGLAND", "hand": ["ambush", "passport"]},
        {"at": "PERU", "hand": ["air", "staff"]},
    ],
    "to_move": 0,
}
