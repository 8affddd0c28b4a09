"""The review from the value model (``review(match, method="model")``): every
decision graded at once from each mover's knowledge, the flagged ones refined by
playouts, on a finished seeded Raiders game."""

from __future__ import annotations

import importlib

import numpy as np
import pytest

from tabletop.analysis import review
from tabletop.analysis.review import MODEL_MARGIN, grade, model_judge
from tabletop.analysis.value import ValueModelError, load_value_model
from tabletop.core import Rng
from tests.test_analysis import finished

review_module = importlib.import_module("tabletop.analysis.review")


@pytest.fixture(scope="module")
def match():
    return finished("raiders", 4)


@pytest.fixture(scope="module")
def model(match):
    return load_value_model(match.game)


class Exact:
    """The shipped model, claiming no error: every drop of 5 points is flagged."""

    error_points = 0.0

    def __init__(self, model):
        self.game = model.game
        self.chances = model.chances


def decisions(match) -> list[int]:
    game = match.game
    return [
        e.index
        for e in match.steps
        if e.action is not None
        and game.to_move(match.state_at(e.index - 1)) is not None
        and len(game.legal_actions(match.state_at(e.index - 1))) >= 2
    ]


def test_the_model_grades_every_decision_from_the_movers_view(match, model):
    result = review(match, method="model", model=model)
    assert [m.step for m in result.moves] == decisions(match)
    margin = MODEL_MARGIN * model.error_points / 100
    for move in result.moves:
        before, after = move.estimate
        mover = move.seat
        assert before == model.chances(match.state_at(move.step - 1), mover)[mover]
        assert after == model.chances(match.state_at(move.step), mover)[mover]
        assert move.method == "model" and move.values == () and move.worlds == 0
        assert move.drop == pytest.approx(before - after)
        low, high = move.interval
        assert low == pytest.approx(move.drop - margin)
        assert high == pytest.approx(move.drop + margin)
        assert move.grade == grade(low) and move.played_chance == after
    assert result.method == "model"
    assert "twice the value model's error" in str(result)


def test_another_seats_hidden_cards_do_not_change_a_grade(match, model):
    """The same decision in worlds dealt again from the mover's view (the other
    seat's hand and the deck differ) is graded the same."""
    game = match.game
    compared = 0
    for step in decisions(match):
        before, after = match.state_at(step - 1), match.state_at(step)
        mover = game.to_move(before)
        other = 1 - mover
        rng = Rng.from_seed(step)
        before2 = game.determinize(game.view(before, mover), mover, rng)
        after2 = game.determinize(game.view(after, mover), mover, rng)
        if np.array_equal(
            model.features(before, other), model.features(before2, other)
        ):
            continue
        played = match.steps[step - 1].action
        assert model_judge(model, before, after, played, step=step) == model_judge(
            model, before2, after2, played, step=step
        )
        compared += 1
    assert compared >= 5


def test_a_game_without_a_model_is_refused_clearly(match, monkeypatch, tmp_path):
    import tabletop.analysis.value as value

    monkeypatch.setattr(value, "weights_path", lambda game: tmp_path / "value.npz")
    with pytest.raises(ValueModelError, match="no value model.*train-value"):
        review(match, method="model")
    with pytest.raises(ValueError, match="method"):
        review(match, method="oracle")


def test_refinement_plays_out_only_the_flagged_moves(match, model, monkeypatch):
    exact = Exact(model)
    steps = range(1, 40)
    flagged = [
        m.step
        for m in review(match, method="model", model=exact, steps=steps).moves
        if m.grade
    ]
    assert flagged
    judged = []
    real = review_module.judge

    def counting(*args, **kwargs):
        judged.append(kwargs["step"])
        return real(*args, **kwargs)

    monkeypatch.setattr(review_module, "judge", counting)
    result = review(match, method="both", model=exact, steps=steps, budget=4, width=2)
    assert judged == flagged
    assert result.method == "both"
    for move in result.moves:
        assert move.estimate is not None
        assert move.method == ("both" if move.step in flagged else "model")
        if move.method == "both":
            assert move.worlds == 4 and move.values[0].action == move.played
