"""The value model (tabletop.analysis.value): trained deterministically, answering
from a seat's view only, refusing weights trained for other rules or another input,
and asked through ``evaluate(..., method=)``. The training runs on the small
example game (examples/race) in seconds; every installed game's shipped weights are
checked against its rules."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from tabletop.analysis import evaluate
from tabletop.analysis.selfplay import play_game
from tabletop.analysis.value import (
    SeatNetwork,
    ValueModelError,
    load_value_model,
    save_weights,
    weights_path,
)
from tabletop.analysis.value_training import Settings, train_value
from tabletop.core import Match, Rng, make_game
from tests.harness import installed_entries

TINY = Settings(games=40, per_game=4, hidden=8, epochs=2, seed=5)


def _quiet(line: str) -> None:
    pass


@pytest.fixture(scope="module")
def tiny(tmp_path_factory) -> Path:
    """A tiny 2- and 3-player race model, trained into a temporary folder."""
    path = tmp_path_factory.mktemp("tiny") / "value.npz"
    train_value("race", TINY, players=(2, 3), out=path, log=_quiet)
    return path


def _arrays(path: Path) -> dict[str, np.ndarray]:
    with np.load(path, allow_pickle=False) as data:
        return {name: data[name] for name in data.files}


def test_training_race_is_deterministic(tiny, tmp_path):
    again = tmp_path / "value.npz"
    meta = train_value("race", TINY, players=(2, 3), out=again, log=_quiet)
    first, second = _arrays(tiny), _arrays(again)
    assert sorted(first) == sorted(second)
    for name in first:
        if name != "meta":  # the meta records the CPU time it took
            assert np.array_equal(first[name], second[name]), name
    assert (tmp_path / "value.md").read_text().startswith("# Race: value model")
    assert set(meta["held_out"]) == {"2", "3"}
    assert meta["rules_version"] == make_game("race", players=2).RULES_VERSION


def test_the_tiny_model_answers_every_seat(tiny):
    game = make_game("race", players=3)
    model = load_value_model(game, tiny)
    states, _ = play_game(game, seed=1, index=0)
    chances = model.chances(states[len(states) // 2], 1)
    assert len(chances) == 3 and 0.0 < sum(chances) <= 1.0 + 1e-6


def _worlds(model, seat: int, witness: int):
    """A mid-game state and another world that ``seat`` cannot tell from it: the
    cards it cannot see dealt again (``determinize`` of its view), where what
    seat ``witness`` sees (its hand) differs."""
    game = model.game
    for index in range(20):
        states, _ = play_game(game, seed=3, index=index)
        state = states[len(states) // 2]
        view = game.view(state, seat)
        other = game.determinize(view, seat, Rng.from_seed(index + 99))
        assert game.view(other, seat) == view
        if not np.array_equal(
            model.features(state, witness), model.features(other, witness)
        ):
            return state, other
    raise AssertionError("no two worlds differ in a hidden card")


@pytest.mark.parametrize("entry", installed_entries(), ids=lambda e: e.name)
def test_a_hidden_card_of_another_seat_does_not_change_the_answer(entry):
    """Two worlds that differ only in what seat 0 cannot see (the others' hands,
    the deck) get the same chances from seat 0's view."""
    low, high = entry.players
    for players in sorted({low, high}):
        game = entry.make(players=players)
        model = load_value_model(game)
        state, other = _worlds(model, 0, 1)
        assert model.chances(state, 0) == model.chances(other, 0)


@pytest.mark.parametrize("entry", installed_entries(), ids=lambda e: e.name)
def test_shipped_weights_match_their_rules(entry):
    """Each installed game ships weights for every player count, trained for its
    rules version, options, board and view layout (after a rules change:
    ``python -m tabletop train-value NAME``)."""
    low, high = entry.players
    for players in range(low, high + 1):
        model = load_value_model(entry.make(players=players))
        assert model.meta["game"] == entry.name


def _doctored(tiny: Path, tmp_path: Path, change) -> Path:
    """A copy of the tiny weights with their record changed by ``change``."""
    arrays = _arrays(tiny)
    meta = json.loads(str(arrays.pop("meta")))
    change(meta)
    networks = {p: SeatNetwork.from_arrays(arrays, f"p{p}_") for p in (2, 3)}
    path = tmp_path / "value.npz"
    save_weights(path, meta, networks)
    return path


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda m: m.update(rules_version=m["rules_version"] + 1), "rules_version"),
        (lambda m: m.update(board="0" * 16), "board"),
        (lambda m: m.update(options={"fast": True}), "options"),
        (lambda m: m["layouts"]["2"].update(size=7), "7 cells"),
        (lambda m: m["layouts"]["2"].update(digest="0" * 16), "another view tensor"),
    ],
    ids=["rules", "board", "options", "layout-size", "layout-digest"],
)
def test_weights_trained_for_something_else_are_refused(tiny, tmp_path, change, words):
    game = make_game("race", players=2)
    load_value_model(game, tiny)  # the untouched copy loads
    path = _doctored(tiny, tmp_path, change)
    with pytest.raises(ValueModelError, match=words) as refused:
        load_value_model(game, path)
    assert "train-value race" in str(refused.value)


def test_missing_weights_and_player_counts_are_refused(tiny, tmp_path):
    with pytest.raises(ValueModelError, match="no network for 4 players"):
        load_value_model(make_game("race", players=4), tiny)
    with pytest.raises(ValueModelError, match="no value model"):
        load_value_model(make_game("race", players=2), tmp_path / "none.npz")
    assert weights_path(make_game("race", players=2)).name == "value.npz"


def test_evaluate_by_model_by_playouts_or_both(tiny):
    game = make_game("race", players=3)
    model = load_value_model(game, tiny)
    match = Match(game, seed=2)
    match.play("roll")
    alone = evaluate(match, viewer=1, method="model", model=model)
    assert alone.n == 0 and alone.method == "model" and alone.model is not None
    assert alone.probabilities == alone.model == model.chances(match.state, 1)
    assert "value model" in alone.basis and "(model)" in str(alone)
    seen = []
    both = evaluate(
        match, viewer=1, budget=10, method="both", model=model, seed=1,
        progress=seen.append, every=5,
    )  # fmt: skip
    assert both.n == 10 and both.model == alone.model
    assert [e.n for e in seen] == [5] and seen[0].model == alone.model
    assert (
        both.probabilities == evaluate(match, viewer=1, budget=10, seed=1).probabilities
    )
    with pytest.raises(ValueError, match="seat's knowledge"):
        evaluate(match, viewer=None, method="model", model=model)
    with pytest.raises(ValueError, match="method must be"):
        evaluate(match, viewer=1, method="guess")


def test_the_games_and_the_analysis_import_without_the_model():
    probe = (
        "import sys, tabletop.analysis\n"
        "from tabletop.core import game_names, make_game\n"
        "for name in game_names(): make_game(name, players=2)\n"
        "assert 'tabletop.analysis.value' not in sys.modules\n"
        "assert 'numpy' not in sys.modules\n"
    )
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
