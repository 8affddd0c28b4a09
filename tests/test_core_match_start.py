"""Matches that start from a given state (a scenario) rather than a seed's deal."""

from __future__ import annotations

import json

import pytest

from tabletop import IllegalEditError, Match, SaveError
from tabletop.games.pitfall.scenarios import scenario


def _match() -> Match:
    sc = scenario("croc-ahead")
    return Match.from_state(sc.game, sc.state, seed=3)


def test_from_state_starts_at_the_given_state():
    match = _match()
    assert match.cursor == 0 and match.state == scenario("croc-ahead").state
    match.play("forward")
    match.play("play croc")
    assert match.cursor == 2
    assert match.fork().state_at(0) == match.state_at(0)


def test_from_state_save_keeps_the_start_and_replays_from_it():
    match = _match()
    match.play("forward")
    data = match.to_json()
    assert "start" in data
    again = Match.from_json(json.dumps(data))
    assert again.state == match.state and again.initial_state == match.initial_state
    assert "start" in again.fork().to_json()


def test_a_seeded_match_saves_no_start():
    sc = scenario("croc-ahead")
    assert "start" not in Match(sc.game, seed=1).to_json()


def test_from_state_refuses_an_inconsistent_state():
    sc = scenario("croc-ahead")
    broken = type(sc.state).__new__(type(sc.state))
    for name in type(sc.state).__slots__:
        object.__setattr__(broken, name, getattr(sc.state, name))
    object.__setattr__(broken, "deck", sc.state.deck[:-5])
    with pytest.raises(IllegalEditError):
        Match.from_state(sc.game, broken)


def test_a_damaged_start_is_refused_on_load():
    data = _match().to_json()
    data["start"] = {"nonsense": True}
    with pytest.raises(SaveError, match="start"):
        Match.from_json(data)
