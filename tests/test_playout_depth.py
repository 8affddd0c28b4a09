"""Playouts cut after D actions and finished by the value model
(``evaluate(..., depth=D)``): the two ends of the depth, and a seat's view only."""

from __future__ import annotations

import pytest

from tabletop.analysis import evaluate
from tabletop.analysis.value import load_value_model
from tests.test_analysis import finished


@pytest.fixture(scope="module")
def match():
    played = finished("raiders", 4)
    played.goto(len(played) // 3)
    return played


def test_depth_zero_is_the_models_answer(match):
    """Cut at once, every playout is the model's answer from the seat's view of a
    world dealt from that view: the seat's own view, so the model's answer."""
    model = load_value_model(match.game)
    cut = evaluate(match, viewer=1, budget=5, depth=0, model=model)
    alone = evaluate(match, viewer=1, method="model", model=model)
    assert cut.n == 5 and cut.depth == 0
    assert cut.probabilities == pytest.approx(alone.probabilities)
    assert "cut after 0 actions" in cut.basis


def test_a_depth_past_the_end_is_the_playouts(match):
    model = load_value_model(match.game)
    full = evaluate(match, viewer=0, budget=6, seed=2)
    deep = evaluate(match, viewer=0, budget=6, seed=2, depth=10_000, model=model)
    assert deep.wins == tuple(float(w) for w in full.wins)


def test_the_referee_has_no_cut_playouts(match):
    with pytest.raises(ValueError, match="seat's view"):
        evaluate(match, viewer=None, budget=2, depth=5)
