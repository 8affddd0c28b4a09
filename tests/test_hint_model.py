"""The hint from the value model (``hint(match, method="model" | "both")``) and the
drill from a model-graded review: legal answers, from the mover's knowledge only,
falling back to playouts for a game without weights; the table's Hint button
shows the model's estimate at once and the playouts' check after."""

from __future__ import annotations

import numpy as np
import pytest
from race import Race
from race.actions import Play

from tabletop.analysis import Drill, hint, review
from tabletop.analysis.selfplay import play_game
from tabletop.analysis.value import load_value_model
from tabletop.core import Match, Rng, make_game
from tests.race_play import endgame
from tests.test_analysis import finished

GAMES = [("pitfall", 2), ("pitfall", 4), ("raiders", 2), ("raiders", 4), ("race", 3)]


@pytest.fixture(scope="module", params=GAMES, ids=lambda g: f"{g[0]}-{g[1]}")
def positions(request):
    """A game, its value model and a few positions of a self-play game."""
    name, players = request.param
    game = make_game(name, players=players)
    states, _ = play_game(game, seed=2, index=0)
    return game, load_value_model(game), states[:: max(1, len(states) // 6)][:6]


def test_the_model_hint_picks_a_legal_move_and_judges_every_one(positions):
    game, model, states = positions
    for state in states:
        found = hint(Match.from_state(game, state), method="model", model=model)
        legal = list(game.legal_actions(state))
        assert found.best in legal and found.seat == game.to_move(state)
        assert found.method == "model" and found.values == () and found.worlds == 0
        if len(legal) > 1:
            assert sorted(map(str, (e.action for e in found.estimates))) == sorted(
                map(str, legal)
            )
            chances = [e.chance for e in found.estimates]
            assert chances == sorted(chances, reverse=True)
            assert found.estimates[0].action == found.best
            assert all(0.0 <= c <= 1.0 for c in chances)


def test_the_model_hint_takes_the_winning_card():
    """RC-WIN: a move that ends the game counts as its outcome (a win, 100%)."""
    game = Race(2)
    match = Match.from_state(game, endgame(game, 21, (1, 2, 3), 23))
    found = hint(match, method="model", samples=4)
    assert found.best == Play(3) and found.estimate == 1.0
    assert "estimate from the learned model" in str(found)


def _hidden_twin(game, model, seat: int):
    """A mid-game state and another that ``seat`` cannot tell from it (the cards it
    cannot see dealt again), where another seat's view differs."""
    for index in range(20):
        states, _ = play_game(game, seed=3, index=index)
        state = states[len(states) // 2]
        if game.to_move(state) != seat or len(game.legal_actions(state)) < 2:
            continue
        view = game.view(state, seat)
        other = game.determinize(view, seat, Rng.from_seed(index + 99))
        assert game.view(other, seat) == view
        witness = (seat + 1) % game.players
        if not np.array_equal(
            model.features(state, witness), model.features(other, witness)
        ):
            return state, other
    raise AssertionError("no two worlds differ in a hidden card")


@pytest.mark.parametrize("name", ["pitfall", "raiders"])
def test_another_seats_hidden_cards_do_not_change_the_hint(name):
    """RA-S-HIDDEN / PH-2B-SWAP's face-down cards: two positions the mover cannot
    tell apart (the others' hands and the deck differ) get the same hint, by the
    model and by the model checked with playouts."""
    game = make_game(name, players=2)
    model = load_value_model(game)
    for seat in (0, 1):
        state, other = _hidden_twin(game, model, seat)
        for method, budget in (("model", 0), ("both", 3)):
            one, two = (
                hint(
                    Match.from_state(game, s),
                    budget,
                    width=2,
                    method=method,
                    model=model,
                )
                for s in (state, other)
            )
            assert (one.best, one.estimates, one.values) == (
                two.best,
                two.estimates,
                two.values,
            )


def test_both_checks_the_models_top_moves_with_playouts():
    game = make_game("raiders", players=2)
    model = load_value_model(game)
    states, _ = play_game(game, seed=2, index=1)
    state = next(s for s in states if len(game.legal_actions(s)) > 3)
    found = hint(Match.from_state(game, state), 4, width=3, method="both", model=model)
    top = [e.action for e in found.estimates[:3]]
    assert found.method == "both" and [v.action for v in found.values] == top
    assert (
        found.worlds == 4
        and found.best == max(found.values, key=lambda v: v.wins).action
    )


def test_the_hint_falls_back_to_playouts_without_weights(monkeypatch, tmp_path):
    import tabletop.analysis.value as value

    monkeypatch.setattr(value, "weights_path", lambda game: tmp_path / "value.npz")
    game = Race(2)
    match = Match.from_state(game, endgame(game, 21, (1, 2, 3), 23))
    found = hint(match, budget=6, width=3, method="model")
    assert found.method == "playouts" and found.worlds == 6 and found.values
    assert "no value model" in found.note and "train-value race" in found.note
    assert found.best == Play(3) and found.note in str(found)
    with pytest.raises(ValueError, match="method"):
        hint(match, method="oracle")


def test_a_drill_from_a_model_review_asks_the_model():
    match = finished("raiders", 4)
    graded = review(match, seat=1, method="model")
    drill = Drill.from_review(match, graded)
    assert drill.move.seat == 1 and drill.move.best != drill.move.played
    assert drill.estimates and drill.estimates[0].action == drill.move.best
    question = drill.question()
    assert f"Step {drill.step}, seat 1" in question
    best = drill.check(str(drill.move.best))
    assert "best move found" in best and "estimate from the learned model" in best
    assert "worlds" not in best, "no playout was made"
    assert "the move played" in drill.check(str(drill.move.played))
    assert "not a legal move" in drill.check("no such move")
    assert str(drill.move.best) in drill.answer()
    assert "estimate from the learned model" in drill.answer()


def test_the_tables_hint_shows_the_estimate_at_once_then_the_check(comms):
    from tabletop.ui import raiders_table

    table = raiders_table(players=2, seed=7, bots=1, bot="heuristic")
    panel = table.review
    panel.budget, panel.width = 3, 3
    panel.quick_hint.click()
    first = panel.hint_text.value  # before the background check can be awaited
    checked = panel.hint_answer.method == "both"
    assert checked or (
        "Quick estimate" in first and "checking with simulated games" in first
    )
    assert any(
        "tabletop-suggested" in b._dom_classes for b in table.widgets.actions.buttons
    ), "the estimate's move is outlined at once"
    panel.wait(60)
    text = panel.hint_text.value
    assert panel.hint_answer.method == "both" and "games played out" in text
    assert "quick estimate rated highest" in text and "checking" not in text
    assert panel.quick_hint.description == "Hint" and not panel.quick_hint.disabled
    table.close()


def test_a_reviews_alternatives_come_from_the_movers_knowledge():
    """PH-2B-SWAP's cards are face down: in a position where the heuristic, asked
    on the true state, would rank the alternatives by the others' hands, the
    review's judgement is the same in a world the mover cannot tell from it."""
    from tabletop.analysis import judge
    from tabletop.analysis.review import candidates_for

    game = make_game("pitfall", players=2)
    for index in range(30):
        states, _ = play_game(game, seed=4, index=index)
        state = states[len(states) // 3]
        mover = game.to_move(state)
        other = game.determinize(game.view(state, mover), mover, Rng.from_seed(index))
        played = game.legal_actions(state)[0]
        pick = Rng.from_seed(1)
        if candidates_for(game, state, played, 3, pick) == candidates_for(
            game, other, played, 3, pick
        ):
            continue  # the heuristic's ranking does not tell the hands apart here
        one, two = (judge(game, s, played, 4, width=3, seed=2) for s in (state, other))
        assert (one.best, one.values, one.interval) == (
            two.best,
            two.values,
            two.interval,
        )
        return
    raise AssertionError("no position where the heuristic reads another hand")
