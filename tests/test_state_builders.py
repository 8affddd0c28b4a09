"""Each game's ``new_state``, the slot-by-slot constructor its ``Work.freeze`` and
``view`` use, builds exactly the frozen state its fields describe."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import random

import pytest

from tabletop.core import make_game

GAMES = [("pitfall", "PitfallState", 3), ("raiders", "RaidersState", 4)]


@pytest.mark.parametrize(("name", "cls_name", "players"), GAMES)
def test_new_state_takes_the_fields_in_their_order(name, cls_name, players):
    module = importlib.import_module(f"tabletop.games.{name}.state")
    names = [f.name for f in dataclasses.fields(getattr(module, cls_name))]
    assert list(inspect.signature(module.new_state).parameters) == names


@pytest.mark.parametrize(("name", "cls_name", "players"), GAMES)
def test_new_state_is_the_dataclass_state_along_random_games(name, cls_name, players):
    module = importlib.import_module(f"tabletop.games.{name}.state")
    cls, new_state = getattr(module, cls_name), module.new_state
    game = make_game(name, players=players)
    seen = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = game.initial_state(seed)
        while game.outcome(state) is None and seen < 600:
            values = [getattr(state, f.name) for f in dataclasses.fields(state)]
            built = new_state(*values)
            assert type(built) is cls
            assert built == cls(*values) == state
            assert hash(built) == hash(state)
            state, _ = game.apply(state, rng.choice(game.legal_actions(state)))
            seen += 1
    assert seen > 300
