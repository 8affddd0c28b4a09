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
