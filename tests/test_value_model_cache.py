"""The value model is loaded once per game configuration, not at every answer.

``evaluate(..., method="model")`` read the weights, built the view space and
checked the layout at every call (10-15 ms) for a 0.05 ms answer; the loaded
models are kept in a bounded ``LoadedModels`` (``benchmarks/value_calls.py``).
"""

from __future__ import annotations

import os
import shutil

import pytest

from tabletop.analysis import evaluate, hint
from tabletop.analysis import value as value_module
from tabletop.analysis.value import (
    LOADED_MODELS,
    LoadedModels,
    ValueModelError,
    load_value_model,
)
from tabletop.core import Match, make_game


@pytest.fixture
def loads(monkeypatch):
    """Every weights file read, as (game name, players), from an empty cache."""
    seen: list[tuple[str, int]] = []
    real = value_module.load_value_model

    def counting(game, path=None):
        seen.append((game.name, game.players))
        return real(game, path)

    monkeypatch.setattr(value_module, "load_value_model", counting)
    LOADED_MODELS.clear()
    yield seen
    LOADED_MODELS.clear()


def played(name: str = "pitfall", players: int = 3, steps: int = 10) -> Match:
    match = Match(make_game(name, players=players), seed=1)
    for _ in range(steps):
        match.play(match.legal_actions()[0])
    return match


def test_a_second_model_answer_does_not_load_the_weights_again(loads):
    match = played()
    first = evaluate(match, viewer=0, method="model")
    second = evaluate(match, viewer=0, method="model")
    assert loads == [("pitfall", 3)]
    assert first.model == second.model and first.probabilities == second.probabilities
    # the very answer of weights read afresh (this name is the real loader)
    assert first.model == load_value_model(match.game).chances(match.state, 0)


def test_the_same_configuration_shares_a_model_and_another_does_not(loads):
    evaluate(played(), viewer=1, method="model")
    evaluate(played(), viewer=2, method="model")  # a new game object, same options
    hint(played(), method="model")
    assert loads == [("pitfall", 3)]
    evaluate(played(players=2), viewer=0, method="model")
    evaluate(played("raiders", players=3), viewer=0, method="model")
    assert loads == [("pitfall", 3), ("pitfall", 2), ("raiders", 3)]


def test_at_most_size_models_are_kept_the_least_recent_dropped(loads):
    models = LoadedModels(size=2)
    two, three, four = (make_game("pitfall", players=n) for n in (2, 3, 4))
    models.get(two), models.get(three), models.get(two), models.get(four)
    assert len(models) == 2
    models.get(two)  # kept: asked for after three
    assert loads == [("pitfall", 2), ("pitfall", 3), ("pitfall", 4)]
    models.get(three)  # dropped for four
    assert loads[-1] == ("pitfall", 3) and len(models) == 2


def test_retrained_weights_are_read_again(loads, tmp_path):
    game = make_game("pitfall", players=3)
    path = tmp_path / "value.npz"
    shutil.copyfile(value_module.weights_path(game), path)
    models = LoadedModels()
    first = models.get(game, path)
    assert models.get(game, path) is first
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    assert models.get(game, path) is not first
    assert len(loads) == 2


def test_weights_that_cannot_load_are_not_kept(loads, tmp_path):
    game = make_game("pitfall", players=3)
    models = LoadedModels()
    for _ in range(2):
        with pytest.raises(ValueModelError, match="has no value model"):
            models.get(game, tmp_path / "none.npz")
    broken = tmp_path / "value.npz"
    broken.write_bytes(b"not a numpy archive")
    for _ in range(2):
        with pytest.raises(ValueError):
            models.get(game, broken)
    assert len(models) == 0
