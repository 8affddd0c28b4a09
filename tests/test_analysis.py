"""Analysis (tabletop.analysis): evaluation, review, hints, the advantage chart and
background evaluation, on finished seeded games of both games and on the small
example game (examples/race) where the right move is known."""

from __future__ import annotations

import re
import threading

import pytest
from matplotlib.figure import Figure
from race import Race
from race.actions import Play

from tabletop.analysis import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    BackgroundEvaluator,
    evaluate,
    hint,
    judge,
    plot_advantage,
    review,
)
from tabletop.analysis.review import grade
from tabletop.bots import make_bot
from tabletop.core import Match
from tabletop.core.match import game_from_spec
from tests.race_play import endgame as _endgame


def finished(name: str, seed: int) -> Match:
    """A finished 2-player game: the heuristic (seat 0) against random (seat 1)."""
    game = game_from_spec(name, {"players": 2})
    match = Match(game, seed=seed)
    bots = [make_bot("heuristic", game, 1), make_bot("random", game, 2)]
    while not match.over:
        seat = match.to_move()
        match.play(bots[seat].choose(game.view(match.state, seat)))
    return match


@pytest.fixture(scope="module", params=["pitfall", "raiders"])
def game_over(request):
    return finished(request.param, 4)


def test_evaluate_counts_playouts_and_says_whose_knowledge(game_over):
    match = game_over
    match.goto(len(match) // 3)
    seat = evaluate(match, viewer=0, budget=12, seed=3)
    assert seat.n == 12 and seat.complete and sum(seat.wins) <= 12
    assert seat.seat == 0 and "seat 0's knowledge" in seat.basis
    for chance, (low, high) in zip(seat.probabilities, seat.intervals, strict=True):
        assert low <= chance <= high
    referee = evaluate(match, viewer=None, budget=12, seed=3)
    assert referee.seat is None and "full state" in referee.basis
    assert evaluate(match, viewer=0, budget=12, seed=3) == seat  # seeded
    with pytest.raises(ValueError, match="spectator"):
        evaluate(match, viewer="public", budget=2)


def test_evaluate_stops_on_cancel_and_on_its_cpu_budget():
    match = finished("raiders", 5)
    match.goto(2)
    stop = threading.Event()
    stop.set()
    cancelled = evaluate(match, 0, budget=50, cancel=stop)
    assert cancelled.n == 0 and not cancelled.complete
    short = evaluate(match, 0, budget=10_000, cpu_seconds=0.05)
    assert 0 < short.n < 10_000 and not short.complete


def test_review_grades_a_finished_game_from_each_movers_view(game_over):
    match = game_over
    result = review(match, seat=1, budget=6, width=3, steps=range(1, 40))
    assert result.moves
    for move in result.moves:
        assert move.seat == 1 and 1 <= move.step < 40
        assert move.values[0].action == move.played and move.worlds == 6
        assert len(move.values) <= 3
        low, high = move.interval
        assert low <= move.drop <= high
        assert move.grade == grade(low)
        if move.best != move.played:
            assert move.better_events and move.played_events
    text = str(result)
    assert "decisions reviewed" in text and "95% interval" in text
    figure = plot_advantage(result, players=2)
    assert isinstance(figure, Figure)


def test_grades_follow_the_lower_bound_of_the_interval():
    assert grade(INACCURACY - 0.001) == ""
    assert grade(INACCURACY) == "inaccuracy"
    assert grade(MISTAKE) == "mistake"
    assert grade(BLUNDER + 0.3) == "blunder"


def test_a_sure_win_missed_is_a_blunder_naming_the_better_move():
    """At 21 with (1, 2, 3) against an opponent at 23, only playing the 3 wins for
    sure (RC-WIN); rolling instead (a low roll lets the opponent win) is graded, and
    the story of a world where it mattered shows who won."""
    game = Race(2)
    state = _endgame(game, 21, (1, 2, 3), 23)
    move = judge(game, state, game.parse_action("roll"), 40, width=4, seed=1)
    assert move.best == Play(3) and move.best_chance == 1.0
    assert move.grade in ("mistake", "blunder"), move
    assert move.interval[0] >= MISTAKE
    assert "the mover won" in move.better_events[-1]
    assert "seat 1 won" in move.played_events[-1]
    assert "RC-WIN" in move.better_events[-1]


def test_a_judgement_uses_only_what_the_mover_could_see():
    """Two positions that differ only in the opponent's hand and the deck order get
    the same judgement."""
    game = Race(2)
    state = game.initial_state(5)
    swapped = game.determinize(game.view(state, 0), 0, state.rng.below(7)[1])
    assert swapped.hands[1] != state.hands[1] or swapped.deck != state.deck
    played = game.legal_actions(state)[0]
    a = judge(game, state, played, 10, seed=2)
    b = judge(game, swapped, played, 10, seed=2)
    assert (a.best, a.values, a.interval) == (b.best, b.values, b.interval)


def test_hint_suggests_the_winning_card():
    game = Race(2)
    match = Match.from_state(game, _endgame(game, 21, (1, 2, 3), 23))
    found = hint(match, budget=20, width=4)
    assert found.seat == 0 and found.best == Play(3)
    assert "play 3" in str(found)


def test_background_evaluation_cancels_the_old_request():
    match = finished("pitfall", 6)
    match.goto(10)
    seen = []
    evaluator = BackgroundEvaluator(
        lambda number, result: seen.append((number, result)),
        budget=100_000,
        cpu_seconds=30.0,
        every=5,
    )
    first = evaluator.request(match.game, match.state, 0)
    evaluator.budget, evaluator.cpu_seconds = 10, 5.0
    match.goto(11)
    second = evaluator.request(match.game, match.state, 0)
    result = evaluator.wait(30)
    assert second == first + 1 and not evaluator.running
    assert result is not None and result.complete and result.n == 10
    assert result.step == -1 and seen[-1] == (second, result)
    assert all(number == second for number, r in seen if r.complete)


def test_drill_asks_for_a_better_move_and_hides_the_answer():
    from tabletop.analysis import Drill

    match = finished("raiders", 4)
    result = review(match, seat=1, budget=6, width=3, steps=range(1, 30))
    drill = Drill.from_review(match, result)
    question = drill.question()
    head = question.split("Legal:")[0]  # the better move is named only there
    assert f"Step {drill.step}, seat 1" in question
    assert not re.search(rf"\b{re.escape(str(drill.move.best))}\b", head)
    assert "best move found" in drill.check(str(drill.move.best))
    assert "not among" in drill.check("no such move")
    assert str(drill.move.best) in drill.answer()


def test_advantage_timeline_keeps_the_cursor_and_charts_with_bands():
    from tabletop.analysis import advantage_timeline

    match = finished("raiders", 5)
    match.goto(3)
    timeline = advantage_timeline(match, viewer=None, budget=3, every=15)
    assert match.cursor == 3
    assert [e.step for e in timeline][0] == 0 and timeline[-1].step == len(match)
    assert all(e.n == 3 and e.seat is None for e in timeline)
    figure = plot_advantage(timeline=timeline)
    assert len(figure.axes[0].lines) == 2 and figure.axes[0].collections
