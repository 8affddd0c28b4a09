"""``new_state``, the slot-by-slot constructor ``Work.freeze`` and ``view`` use,
builds exactly the frozen ``PitfallState`` its fields describe."""

from __future__ import annotations

import dataclasses
import inspect
import random

from tabletop.core import make_game
from tabletop.games.pitfall.state import PitfallState, new_state


def test_new_state_takes_the_fields_in_their_order():
    names = [f.name for f in dataclasses.fields(PitfallState)]
    assert list(inspect.signature(new_state).parameters) == names


def test_new_state_is_the_dataclass_state_along_random_games():
    game = make_game("pitfall", players=3)
    seen = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = game.initial_state(seed)
        while game.outcome(state) is None and seen < 600:
            values = [getattr(state, f.name) for f in dataclasses.fields(state)]
            built = new_state(*values)
            assert type(built) is PitfallState
            assert built == PitfallState(*values) == state
            assert hash(built) == hash(state)
            state, _ = game.apply(state, rng.choice(game.legal_actions(state)))
            seen += 1
    assert seen > 300
