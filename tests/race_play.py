"""Shared moves for tests on the example game (examples/race): an endgame position
and a greedy rollout policy."""

from __future__ import annotations

import dataclasses

from race import Race, RaceState
from race.actions import Play, Roll


def endgame(game: Race, me_at: int, hand: tuple[int, ...], other_at: int) -> RaceState:
    """Two players, seat 0 to move at ``me_at`` holding ``hand``; seat 1 at
    ``other_at`` holds three other cards; the rest is the deck (no discards)."""
    state = game.initial_state(0)
    rest = list(state.deck + state.hands[1] + state.hands[0])
    for card in hand:
        rest.remove(card)
    other, deck = tuple(sorted(rest[:3])), tuple(rest[3:])
    return dataclasses.replace(
        state,
        to_move=0,
        positions=(me_at, other_at),
        hands=(tuple(sorted(hand)), other),
        deck=deck,
        discards=(),
    )


def greedy_policy(game: Race, state: RaceState, rng):
    """Play a 4 (it beats an average roll) when holding one, else roll."""
    hand = state.hands[state.to_move]
    return (Play(4) if 4 in hand else Roll()), rng


class PlainRace(Race):
    """Race under a name no registry entry holds: a game with none of the optional
    parts (no heuristic bot, so search bots roll out at random)."""

    name = "plain_race"


def race_match(me_at: int = 18, other_at: int = 23, seed: int = 1):
    """A two-player ``PlainRace`` match from seat 0 to move at ``me_at`` and seat 1
    at ``other_at`` (the hands and deck of seed ``seed``)."""
    from tabletop.core import Match

    game = PlainRace(2)
    state = game.initial_state(seed)
    state = dataclasses.replace(state, positions=(me_at, other_at), to_move=0)
    return Match.from_state(game, state, seed=seed)
