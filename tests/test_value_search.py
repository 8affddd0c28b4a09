"""The value model at a search's leaves (issue item: "the ismcts bot may use it
at its leaves"): ``make_bot(..., evaluate="model")`` scores the rollouts it cuts
at ``depth`` by the model's chances from the seat to move, plays legal moves,
is deterministic for a seed, and its evaluation reads only that seat's view."""

from __future__ import annotations

import pytest

from tabletop.analysis.selfplay import play_game
from tabletop.analysis.value import load_value_model
from tabletop.analysis.value_search import model_evaluation
from tabletop.bots import make_bot
from tabletop.core import Rng, make_game


@pytest.mark.parametrize("name", ["pitfall", "raiders"])
def test_the_model_scores_a_cut_rollout_from_the_mover_s_view(name):
    game = make_game(name, players=3)
    evaluate = model_evaluation(game)
    model = load_value_model(game)
    states, _ = play_game(game, seed=5, index=0)
    state = states[len(states) // 2]
    mover = game.to_move(state)
    assert evaluate(game, state) == model.chances(state, mover)
    # another world the mover cannot tell apart: the same score
    other = game.determinize(game.view(state, mover), mover, Rng.from_seed(4))
    assert evaluate(game, other) == evaluate(game, state)


@pytest.mark.parametrize("name", ["pitfall", "raiders"])
def test_ismcts_with_the_model_at_its_leaves_plays_legal_moves_deterministically(
    name,
):
    game = make_game(name, players=2)
    states, _ = play_game(game, seed=5, index=1)
    state = next(s for s in states if len(game.legal_actions(s)) > 1)
    seat = game.to_move(state)
    view = game.view(state, seat)
    chosen = [
        make_bot("ismcts", game, 7, evaluate="model", depth=5, iterations=12).choose(
            view
        )
        for _ in range(2)
    ]
    assert chosen[0] in game.legal_actions(state)
    assert chosen[0] == chosen[1], "the same seed, the same move"


def test_a_game_s_search_settings_apply_and_the_caller_s_win(monkeypatch):
    """``SEARCH_SETTINGS`` in the game's heuristic module: applied before the
    shared defaults; a caller's evaluation or depth replaces the pair."""
    from tabletop.games.raiders import heuristic

    monkeypatch.setattr(
        heuristic,
        "SEARCH_SETTINGS",
        {"ismcts": {"evaluate": "model", "depth": 33, "width": 3}},
        raising=False,
    )
    game = make_game("raiders", players=2)
    bot = make_bot("ismcts", game, 1)
    assert bot.settings.depth == 33 and bot.settings.width == 3
    assert bot.settings.evaluate is not heuristic.evaluate, "the model scores leaves"
    assert make_bot("Medium", game, 1).settings.depth == 33, (
        "a level names the same bot"
    )
    mine = make_bot("ismcts", game, 1, depth=400, width=5)
    assert (mine.settings.depth, mine.settings.width, mine.settings.evaluate) == (
        400,
        5,
        heuristic.evaluate,
    )
    assert make_bot("flat-mc", game, 1).settings.depth == 400, "settings are per bot"


def test_model_settings_are_dropped_when_the_weights_do_not_load(monkeypatch, tmp_path):
    from tabletop.analysis import value
    from tabletop.games.raiders import heuristic

    monkeypatch.setattr(
        heuristic,
        "SEARCH_SETTINGS",
        {"ismcts": {"evaluate": "model", "depth": 33, "width": 3}},
        raising=False,
    )
    monkeypatch.setattr(value, "weights_path", lambda game: tmp_path / "none.npz")
    bot = make_bot("ismcts", make_game("raiders", players=2), 1)
    assert (bot.settings.depth, bot.settings.evaluate) == (400, heuristic.evaluate)
    assert bot.settings.width == 3, "the settings that need no model stay"


def test_pitfall_s_ismcts_scores_its_leaves_by_the_model_and_flat_mc_does_not():
    """Pitfall declares the value model at ``ismcts``'s leaves (it measured
    stronger there, docs/analysis.md); Raiders declares nothing."""
    from tabletop.games.pitfall import heuristic as pitfall_heuristic
    from tabletop.games.raiders import heuristic as raiders_heuristic

    pitfall = make_game("pitfall", players=2)
    medium = make_bot("Medium", pitfall, 3)
    assert (
        medium.settings.depth == 100
        and medium.settings.evaluate is not pitfall_heuristic.evaluate
    )
    state = pitfall.initial_state(3)
    assert medium.settings.evaluate(pitfall, state) == load_value_model(
        pitfall
    ).chances(state, pitfall.to_move(state))
    hard = make_bot("Hard", pitfall, 3)
    assert (hard.settings.depth, hard.settings.evaluate) == (
        400,
        pitfall_heuristic.evaluate,
    )
    raiders = make_bot("Medium", make_game("raiders", players=2), 3)
    assert (raiders.settings.depth, raiders.settings.evaluate) == (
        400,
        raiders_heuristic.evaluate,
    )
