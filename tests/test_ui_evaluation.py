"""The evaluation bar and the review tab (tabletop.ui.evaluation), headless, on
real tables of both games."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tabletop.ui import pitfall_table, raiders_table
from tabletop.ui.evaluation import EvaluationBar, ReviewPanel, default_enabled


@pytest.mark.parametrize("make", [pitfall_table, raiders_table])
def test_bar_evaluates_from_the_viewing_seat_after_every_step(comms, make):
    table = make(players=2, seed=3, bots=1, bot="heuristic")
    assert default_enabled(table.model)  # one human seat
    bar = EvaluationBar(table, budget=8, cpu_seconds=5.0, more_rounds=0)
    first = bar.wait(60)
    assert first is not None and first.n == 8 and first.seat == 0
    assert bar.bars.value.count("%") >= 4
    name = table.look.seat_name(0)
    # The line and its hover text name the seat as the table does, not "seat 0".
    assert f"from what {name} knows" in bar.basis.value
    assert f"From what {name} knows: the cards {name} cannot see" in bar.basis.value
    assert "seat 0" not in bar.basis.value
    number = bar.evaluator.number
    table.choose(table.legal[0].action)
    assert bar.evaluator.number > number  # a new step asks again
    again = bar.wait(60)
    assert again is not None and again.n == 8
    table.model.set_viewer(None)
    assert bar.wait(60).seat is None and "knowing every card" in bar.basis.value


def test_bar_is_off_with_several_humans_until_turned_on(comms):
    table = pitfall_table(players=2, seed=3)
    bar = EvaluationBar(table, budget=4, cpu_seconds=5.0, more_rounds=0)
    assert not bar.enabled and bar.evaluator.number == 0 and bar.bars.value == ""
    bar.toggle.value = True
    assert bar.enabled and bar.wait(60).n == 4
    bar.toggle.value = False
    assert bar.bars.value == ""


def test_review_tab_lists_marked_moves_that_jump_the_timeline(comms):
    table = raiders_table(players=2, seed=4, bots=2, bot="random")
    table.model.auto_play(40)
    panel = ReviewPanel(table, budget=4, width=3)
    result = panel.run_review()
    assert result.moves and panel.chart.value[:4] == b"\x89PNG"
    assert "decisions reviewed" in panel.status.value
    assert len(panel.moves.children) == len(result.marked())
    if panel.moves.children:
        panel.moves.children[0].click()
        assert table.model.step == result.marked()[0].step - 1


def test_hint_is_for_the_seat_to_move_only(comms):
    table = pitfall_table(players=2, seed=3)
    panel = ReviewPanel(table, budget=3, width=3)
    assert "try" in panel.show_hint()
    table.model.hot_seat = False
    table.model.set_viewer(1 - table.model.to_move)
    assert panel.show_hint() == "hints are for the seat to move"


# -- the bar and the review tab mounted in the Table --------------------------------


def _shown(table) -> None:
    """What a page does when it shows the table: echo the last render's number."""
    table.widgets.echo.value = table.token


def test_table_mounts_the_bar_beside_the_board_on_with_one_human(comms):
    table = pitfall_table(players=2, seed=3, bots=1, bot="heuristic")
    bar = table.evaluation
    assert bar in table.widgets.side.children and bar.enabled and bar.toggle.value
    assert bar.evaluator.number == 0, "no page has shown the table: no work"
    _shown(table)
    assert bar.evaluator.number == 1
    result = bar.wait(60)
    assert result is not None and result.n > 0 and result.seat == table.model.viewer
    assert bar.bars.value.count("tabletop-eval-row") == 2
    assert "simulated games" in bar.basis.value and "knows" in bar.basis.value
    # The table's CPU budget per round (1 s), doubled for each longer round it
    # samples while too close to call.
    assert result.cpu_seconds < 1.5 * 2**bar.more_rounds
    table.close()


def test_bar_is_off_at_a_two_human_table_and_the_toggle_turns_it_on(comms):
    table = pitfall_table(players=2, seed=3)
    bar = table.evaluation
    assert bar in table.widgets.side.children and not bar.enabled
    _shown(table)
    assert bar.evaluator.number == 0 and bar.bars.value == ""
    bar.toggle.value = True  # the user's click
    assert bar.evaluator.number == 1 and bar.wait(60).n > 0
    assert "%" in bar.bars.value
    bar.toggle.value = False
    assert not bar.evaluator.running and bar.bars.value == ""
    asked = bar.evaluator.number  # (more rounds when it was too close to call)
    table.choose(table.legal[0].action)
    assert bar.evaluator.number == asked, "off: a step asks nothing"
    table.close()


def test_default_follows_the_seats_until_toggled(comms):
    table = pitfall_table(players=3, seed=3, bots=1)  # two humans
    assert not table.evaluation.enabled
    table.model.set_seat(1, "random")  # one human left
    assert table.evaluation.enabled
    table.model.set_seat(1, "human")
    assert not table.evaluation.enabled
    table.evaluation.toggle.value = True  # by hand: the seats no longer decide
    table.model.set_seat(1, "human")
    table.model.set_seat(2, "human")
    assert table.evaluation.enabled
    forced = pitfall_table(players=2, seed=3, bots=1, evaluation=False)
    assert not forced.evaluation.enabled
    asked = pitfall_table(players=2, seed=3, evaluation=True)  # two humans, no page
    assert asked.evaluation.enabled and asked.evaluation.wait(60).n > 0
    asked.close()
    table.close()


def test_a_step_cancels_the_running_evaluation_and_close_stops_it(comms):
    table = pitfall_table(players=2, seed=3, bots=1, bot="heuristic")
    evaluator = table.evaluation.evaluator
    evaluator.budget, evaluator.cpu_seconds = 10**6, 60.0  # runs until cancelled
    _shown(table)
    first = evaluator._thread
    assert first is not None and first.is_alive()
    table.choose(table.legal[0].action)
    first.join(10)
    assert not first.is_alive(), "the old computation stopped at the new step"
    assert evaluator.number == 2 and evaluator.running
    second = evaluator._thread
    table.model.new_game()  # the match is replaced
    second.join(10)
    assert not second.is_alive() and evaluator.number == 3
    third = evaluator._thread
    table.evaluation.toggle.value = False
    third.join(10)
    assert not third.is_alive(), "turned off: the computation stops"
    table.evaluation.toggle.value = True
    second = evaluator._thread
    assert evaluator.number == 4 and second.is_alive()
    table.close()
    second.join(10)
    assert not second.is_alive(), "closing the table stops the computation"


def test_bar_hides_during_a_hand_over_and_compact_tables_have_none(comms):
    table = pitfall_table(players=2, seed=3)
    table.evaluation.toggle.value = True
    _shown(table)
    table.evaluation.wait(60)
    for _ in range(40):  # play until the laptop is passed to the other human
        table.choose(table.legal[0].action)
        if table.model.curtain is not None:
            break
    assert table.model.curtain is not None
    assert table.evaluation.bars.value == ""
    assert "laptop is passed" in table.evaluation.basis.value
    assert table.evaluation.layout.display == "none", "no bar nor hint at a hand-over"
    number = table.evaluation.evaluator.number
    table.model.reveal()
    assert table.evaluation.evaluator.number == number + 1
    assert table.evaluation.layout.display == ""
    from tabletop.core import Match
    from tabletop.games.pitfall import Pitfall
    from tabletop.ui import Table

    lesson = Table(Match(Pitfall(players=2), seed=1), compact=True, handover=False)
    assert not lesson.evaluation.enabled
    assert lesson.evaluation.layout.display == "none"
    table.close()


def test_default_is_off_online():
    """A match that keeps its moves elsewhere (``refusal("review")``, as a seat's
    RemoteMatch answers) gets no evaluation bar by default."""
    from tabletop.core import Refusal

    elsewhere = SimpleNamespace(refusal=lambda what: Refusal("TT-ONLINE", "online"))
    online = SimpleNamespace(seats=("human", "random"), match=elsewhere)
    assert not default_enabled(online)


def test_review_tab_lists_graded_moves_and_a_click_moves_the_timeline(comms):
    from tabletop.ui.controller import REVIEW_TAB

    table = raiders_table(players=2, seed=4, bots=["random", "heuristic"])
    table.model.auto_play(30)
    assert table.widgets.tabs.children[REVIEW_TAB] is table.review
    assert table.widgets.tabs.get_title(REVIEW_TAB) == "Review"
    table.review.budget, table.review.width = 6, 3
    table.review.by_model = False  # every decision by playouts
    table.review.run_button.click()  # in the background
    result = table.review.wait(120)
    marked = result.marked()
    assert len(marked) >= 1 and len(table.review.moves.children) == len(marked)
    assert table.review.chart.value[:4] == b"\x89PNG"
    assert "every seat" in table.review.status.value  # no human seat: all of them
    row = table.review.moves.children[-1]
    # A row reads as a sentence without hovering: who chose what, what was better.
    assert row.description.startswith(f"Step {marked[-1].step}: Player ")
    assert "would have won more often:" in row.description
    assert "%" in row.description and "instead of" in row.description
    row.click()
    assert table.model.step == marked[-1].step - 1
    assert "95% interval" in table.review.detail.value  # the numbers, one click away
    assert not table.model.error


def test_hint_button_answers_in_the_background(comms):
    table = pitfall_table(players=2, seed=3, bots=1, bot="heuristic")
    assert table.review.whose() == 0  # the review grades the one human's moves
    table.review.budget, table.review.width = 3, 3
    table.review.hint_button.click()
    table.review.wait(60)
    assert "try" in table.review.hint_text.value
    assert table.review.hint_answer.seat == table.model.to_move


def test_bar_rows_name_every_seat_in_full_with_its_colour():
    """Each row: the seat's colour swatch and full name (no fixed width that could
    cut it), the chance and its interval; the seat ahead in bold."""
    from tabletop.analysis import Evaluation
    from tabletop.ui.evaluation import bars_html

    table = raiders_table(players=4, seed=7)
    result = Evaluation(step=0, wins=(10, 5, 30, 15), n=60, seat=0)
    shown = bars_html(result, table.look)
    assert shown.count("tabletop-eval-row") == 4
    for seat, colour in enumerate(("red", "blue", "green", "yellow")):
        assert f"Player {seat} ({colour})</span>" in shown
        assert f"background:{table.look.seat_colors[seat]}" in shown
    lead = shown.split("tabletop-eval-lead")[1]
    assert lead.index("Player 2 (green)") < lead.index("Player 3"), "green leads"
    assert shown.count("tabletop-eval-lead") == 1 and "50%" in shown


def test_bar_keeps_its_height_while_on_and_sits_above_the_choices(comms):
    table = raiders_table(players=4, seed=7, bots=3, bot="heuristic")
    bar = table.evaluation
    side = list(table.widgets.side.children)
    assert side.index(bar) < side.index(table.widgets.actions.widget)
    assert bar.bars.layout.min_height == "70px" and bar.basis.layout.min_height
    assert table.review.quick_hint in bar.head.children
    bar.toggle.value = False
    assert bar.bars.layout.min_height == "" and bar.basis.layout.min_height == ""
    table.close()


def test_hint_speaks_the_tables_words_and_outlines_the_suggested_choice(comms):
    table = raiders_table(players=2, seed=7, bots=1, bot="heuristic")
    panel = table.review
    panel.budget, panel.width = 3, 3
    assert not panel.chart.value and panel.chart.layout.display == "none"
    panel.quick_hint.click()
    panel.wait(60)
    text = panel.hint_text.value
    assert "Hint for Player 0 (red)" in text and "try <b>Place your token in" in text
    assert "notation" not in text and "RA-" not in text, "no codes for a newcomer"
    outlined = [
        b
        for b in table.widgets.actions.buttons
        if "tabletop-suggested" in b._dom_classes
    ]
    assert len(outlined) == 1 and outlined[0].description in text
    assert panel.quick_hint.description == "Hint" and not panel.quick_hint.disabled
    table.choose(table.legal[0].action)  # fresh buttons: no outline
    assert not any(
        "tabletop-suggested" in b._dom_classes for b in table.widgets.actions.buttons
    )
    assert panel.hint_text.value == "", "a hint for an old position goes"
    table.close()


def test_quick_hint_refusal_is_said_on_the_table(comms):
    table = pitfall_table(players=2, seed=3)
    table.model.hot_seat = False
    table.model.set_viewer(1 - table.model.to_move)
    table.review.quick_hint.click()
    assert "Not possible: hints are for the seat to move" in table.model.message
    table.close()


def test_review_speaks_plainly_and_charts_in_the_seats_names(comms):
    table = raiders_table(players=2, seed=4, bots=2, bot="random")
    table.model.auto_play(20)
    panel = table.review
    panel.budget, panel.width = 3, 3
    result = panel.run_review()
    assert "decisions reviewed (every seat)" in panel.status.value
    assert ("marked below" in panel.status.value) == bool(result.marked())
    assert panel.chart.layout.display == "" and panel.chart.value[:4] == b"\x89PNG"
    from tabletop.analysis.charts import plot_advantage

    figure = plot_advantage(result, players=2, names=["Ann", "Bob"], colours=["red"])
    labels = [t.get_text() for t in figure.axes[0].get_legend().get_texts()]
    assert labels and all(label.split(" ")[0] in ("Ann", "Bob") for label in labels)
    table.close()


def test_the_bar_names_no_leader_while_the_intervals_overlap():
    """Overlapping intervals: "Too close to call", nobody in bold; a seat whose
    interval is clear of the others' is named with its chance and interval."""
    from tabletop.analysis import Evaluation
    from tabletop.ui.evaluation import bars_html, leader, verdict_words

    table = raiders_table(players=3, seed=7)
    close = Evaluation(step=0, wins=(70, 60, 70), n=200, seat=0)
    assert leader(close) is None
    shown = bars_html(close, table.look, sampling=True)
    assert "tabletop-eval-lead" not in shown
    assert "Too close to call: sampling more" in shown
    clear = Evaluation(step=0, wins=(120, 40, 40), n=200, seat=0)
    assert leader(clear) == 0
    assert verdict_words(clear, table.look).startswith(
        "Player 0 (red) is likely ahead: 60% ("
    )
    assert bars_html(clear, table.look).count("tabletop-eval-lead") == 1


def test_too_close_to_call_keeps_sampling_the_same_position():
    """While the intervals overlap the bar samples again with twice the playouts,
    up to ``more_rounds`` times; its answer is the longest round's."""
    table = raiders_table(players=2, seed=4, bots=1, bot="random")
    bar = EvaluationBar(table, budget=4, cpu_seconds=5.0, enabled=True, more_rounds=2)
    result = bar.wait(60)
    assert result is not None and result.n == 16  # 4, then 8, then 16 playouts
    bar.stop()


def test_the_review_chart_draws_every_seat_from_the_bar_s_answers(comms):
    """The bar keeps its answer for each step of the line shown; the review's
    chart draws every seat's chance from them, each in its colour."""
    from tabletop.analysis.charts import plot_advantage

    table = pitfall_table(players=2, seed=3, bots=1, bot="heuristic", evaluation=True)
    bar = table.evaluation
    bar.more_rounds = 0
    bar.wait(60)
    table.choose(table.legal[0].action)
    bar.wait(60)
    timeline = bar.timeline()
    assert [e.step for e in timeline] == sorted({0, table.model.step})
    figure = plot_advantage(None, timeline, players=2, colours=table.look.seat_colors)
    colours = [line.get_color() for line in figure.axes[0].lines]
    assert colours == list(table.look.seat_colors[:2]), "every seat, in its colour"
    table.close()


def _family_table_in_mid_game():
    """Two humans at Pitfall, 12 decisions in, the seat to move revealed; a
    review that samples little."""
    table = pitfall_table(players=2, seed=5, name="family")
    table.review.budget, table.review.width = 2, 2
    for _ in range(12):
        if table.model.curtain is not None:
            table.model.reveal()
        table.choose(str(table.legal[0].action))
    if table.model.curtain is not None:
        table.model.reveal()
    return table


def test_between_humans_the_review_tells_no_other_hand(comms):
    """Hot seat, two humans: a review in mid-game grades only the decisions of
    the seat looking now (another's better moves would name cards it held), none
    is run behind a hand-over (TT-TURN), and a shown review is put away when the
    laptop is passed (TT-HANDOVER)."""
    from tabletop.core import IllegalActionError

    table = _family_table_in_mid_game()
    seat = table.model.viewer
    assert isinstance(seat, int) and table.review.whose() == seat
    result = table.review.run_review()
    assert result is not None and {m.seat for m in result.moves} == {seat}
    assert "decisions reviewed" in table.review.status.value
    while table.model.curtain is None:
        table.choose(str(table.legal[0].action))
    assert table.review.review is None and table.review.moves.children == ()
    assert table.review.chart.layout.display == "none"
    assert "put away" in table.review.status.value
    with pytest.raises(IllegalActionError) as refused:
        table.review.run_review()
    assert refused.value.clause == "TT-TURN"
    table.review.quick_hint.click()  # refused here; said until the table moves on
    said = table.review.hint_text.value
    assert said
    table.model.reveal()
    table.choose(str(table.legal[0].action))
    assert table.review.hint_text.value != said


def test_a_review_still_running_is_stopped_when_the_laptop_is_passed(comms):
    """TT-TURN: a review started by one seat and not finished when its turn ends
    is stopped and never shown to the next player (its grades would name the
    better moves the first seat's hand allowed)."""
    import threading

    table = _family_table_in_mid_game()
    gate = threading.Event()
    graded = table.review.run_review

    def slow_review(match=None, cancel=None):
        gate.wait(10)  # still running when the turn ends
        return graded(match, cancel)

    table.review.run_review = slow_review
    thread = table.review.start_review()
    while table.model.curtain is None:
        table.choose(str(table.legal[0].action))
    gate.set()
    thread.join(30)
    assert not thread.is_alive()
    assert table.review.review is None and table.review.moves.children == ()
    assert "put away" in table.review.status.value
    assert "reviewed" not in table.review.status.value
    table.model.reveal()
    assert table.review.review is None and "reviewed" not in table.review.status.value


def test_the_review_button_says_behind_the_hand_over_why_not(comms):
    """TT-TURN: behind the hand-over the Review tab itself says why no review
    runs (the notice line may be out of view), and the hint names the hand-over."""
    table = pitfall_table(players=2, seed=5, name="family")  # two humans
    for _ in range(6):
        if table.model.curtain is not None:
            break
        table.choose(str(table.legal[0].action))
    assert table.model.curtain is not None
    table.review.run_button.click()
    assert "laptop is being passed" in table.review.status.value
    table.review.quick_hint.click()
    assert "laptop is being passed" in table.review.hint_text.value
    table.model.reveal()  # the refusals were about the hand-over: they go with it
    assert "laptop is being passed" not in table.review.status.value
    assert "laptop is being passed" not in table.review.hint_text.value


def test_between_humans_the_review_chart_has_no_other_seat_s_chances(
    comms, monkeypatch
):
    """The bar's answers at each step were worked out from the view of the seat
    looking then; a review shown to one of two humans draws none of them, only
    its own decisions' points."""
    import tabletop.analysis.charts as charts

    drawn = []
    plot = charts.plot_advantage

    def spy(review=None, timeline=(), **kw):
        drawn.append(list(timeline))
        return plot(review, timeline, **kw)

    monkeypatch.setattr(charts, "plot_advantage", spy)
    table = pitfall_table(players=2, seed=5, name="family", evaluation=True)
    table.review.budget, table.review.width = 2, 2
    table.evaluation.more_rounds = 0
    for _ in range(3):
        if table.model.curtain is not None:
            table.reveal()
        table.evaluation.wait(60)
        table.choose(str(table.legal[0].action))
    if table.model.curtain is not None:
        table.model.reveal()
    table.evaluation.wait(60)
    assert len(table.evaluation.timeline()) >= 2, "the bar did answer"
    table.review.run_review()
    # Drawn once a pass (the model's estimates, then the checked review).
    assert drawn and all(timeline == [] for timeline in drawn)
    table.close()


# -- the learned model's estimate, at once, before the playouts ----------------------


@pytest.fixture
def held_playouts(monkeypatch):
    """The bar's background playouts wait until the returned event is set."""
    import threading

    from tabletop.analysis import background

    go = threading.Event()
    real = background.evaluate

    def held(*args, **kw):
        go.wait(60)
        return real(*args, **kw)

    monkeypatch.setattr(background, "evaluate", held)
    yield go
    go.set()


@pytest.mark.parametrize("make", [pitfall_table, raiders_table])
def test_bar_shows_the_model_s_estimate_at_once_then_the_playouts(
    comms, held_playouts, make
):
    table = make(players=2, seed=3, bots=1, bot="heuristic")
    from tabletop.analysis.value import load_value_model

    # the error measured for the shipped weights (benchmarks/value.py records it)
    measured = load_value_model(table.model.game).error_points
    assert measured is not None
    points = f"{measured:g}"
    bar = EvaluationBar(table, budget=8, cpu_seconds=5.0, more_rounds=0)
    table.choose(table.legal[0].action)  # a step: asked again, playouts held
    assert bar.evaluator.running and bar.evaluator.latest is None
    estimate = bar.estimate
    assert estimate is not None and estimate.method == "model"
    assert estimate.seat == table.model.viewer == 0
    assert estimate.step == table.model.step
    label = f"quick estimate, \u00b1{points} points"
    assert label in bar.basis.value and "simulating games\u2026" in bar.basis.value
    assert (
        "Estimate: " in bar.bars.value and "tabletop-eval-stale" not in bar.bars.value
    )
    assert bar.bars.value.count("tabletop-eval-row") == 2
    assert f"{estimate.probabilities[1]:.0%} <small>estimate" in bar.bars.value
    held_playouts.set()
    result = bar.wait(60)
    assert result is not None and result.n == 8 and result.method == "playouts"
    assert bar.estimate is None
    assert label not in bar.basis.value and "8 simulated games" in bar.basis.value
    assert "Estimate" not in bar.bars.value
    table.close()


def test_bar_without_a_value_model_waits_for_the_playouts(
    comms, held_playouts, monkeypatch
):
    from tabletop.analysis import value

    def missing(game, path=None):
        raise value.ValueModelError(f"{game.name} has no value model")

    monkeypatch.setattr(value, "load_value_model", missing)
    table = pitfall_table(players=2, seed=3, bots=1, bot="heuristic")
    bar = EvaluationBar(table, budget=8, cpu_seconds=5.0, more_rounds=0)
    table.choose(table.legal[0].action)
    assert bar.estimate is None and bar.basis.value == "evaluating\u2026"
    assert "Estimate" not in bar.bars.value and "learned model" not in bar.bars.value
    held_playouts.set()
    assert bar.wait(60).n == 8 and "8 simulated games" in bar.basis.value
    table.close()


def test_bar_estimate_ignores_another_seat_s_hidden_card(comms, held_playouts):
    """Two worlds the viewing seat cannot tell apart (the other seat's hand dealt
    again) get the same estimate, though the other seat's own view differs."""
    import numpy as np

    from tabletop.analysis.value import load_value_model
    from tabletop.core import Rng

    table = pitfall_table(players=2, seed=3, bots=1, bot="heuristic")
    bar = EvaluationBar(table, budget=8, cpu_seconds=5.0, more_rounds=0)
    game, state = table.model.game, table.model.state
    network = load_value_model(game)
    view = game.view(state, 0)
    for index in range(50):
        other = game.determinize(view, 0, Rng.from_seed(index))
        if not np.array_equal(network.features(state, 1), network.features(other, 1)):
            break
    else:
        raise AssertionError("no world with another hidden card")
    assert game.view(other, 0) == view
    shown = bar.estimate
    assert shown is not None and shown.seat == 0
    bar.model = SimpleNamespace(
        game=game, state=other, viewer=0, step=table.model.step, look=table.look
    )
    assert bar._estimate().model == shown.model
    assert network.chances(state, 1) != network.chances(other, 1)
    bar.model = table.model
    table.close()


class _Exact:
    """The shipped value model, claiming no error: it flags every drop of 5
    points, so the checking with playouts has moves to check."""

    error_points = 0.0

    def __init__(self, value):
        self.game, self.chances = value.game, value.chances


def test_review_tab_shows_the_models_estimates_then_checks_the_flagged(comms):
    from tabletop.analysis.value import load_value_model

    table = raiders_table(players=2, seed=4, bots=["random", "heuristic"])
    table.model.auto_play(30)
    panel = ReviewPanel(table, budget=4, width=2)
    exact = _Exact(load_value_model(table.model.game))
    panel.value_model = lambda game: exact
    shown = []
    show = panel.show

    def recording(result, checking=0):
        show(result, checking)
        shown.append((result, panel.status.value, len(panel.moves.children)))

    panel.show = recording
    result = panel.run_review()
    (first, status, rows), (last, _, _) = shown
    flagged = [m.step for m in first.moves if m.grade]
    assert first.method == "model" and flagged and rows == len(flagged)
    assert "quick estimate" in status
    assert f"checking {len(flagged)} flagged move" in status
    assert last is result and result.method == "both"
    assert [m.step for m in result.moves] == [m.step for m in first.moves]
    for move in result.moves:
        assert move.method == ("both" if move.step in flagged else "model")
    assert len(panel.moves.children) == len(result.marked())


def test_review_tab_without_a_model_grades_by_playouts(comms, monkeypatch, tmp_path):
    import tabletop.analysis.value as value

    monkeypatch.setattr(value, "weights_path", lambda game: tmp_path / "none.npz")
    table = raiders_table(players=2, seed=4, bots=2, bot="random")
    table.model.auto_play(12)
    panel = ReviewPanel(table, budget=3, width=2)
    result = panel.run_review()
    assert result.method == "playouts" and all(m.worlds == 3 for m in result.moves)
    assert "sampled deals" in panel.status.value


def test_the_bar_cuts_its_playouts_where_the_game_declares_a_depth(comms):
    """Raiders declares an evaluation depth (its cut playouts measured closer to
    1,000 full ones at the bar's budget, docs/analysis.md): the bar's playouts
    from a seat's view stop after 100 actions and take the model's chances, and
    its line says so; Pitfall's go to the end, and so do the referee's."""
    from tabletop.analysis.value_search import evaluation_depth

    raiders = raiders_table(players=2, seed=3, bots=1, bot="heuristic")
    assert evaluation_depth(raiders.model.game) == 100
    bar = EvaluationBar(raiders, budget=8, cpu_seconds=5.0, more_rounds=0)
    raiders.choose(raiders.legal[0].action)
    result = bar.wait(60)
    assert result is not None and result.depth == 100 and result.seat == 0
    assert "8 simulated games" in bar.basis.value
    # the tooltip's whole sentence
    assert "100 moves ahead, then the quick estimate judges it" in bar.basis.value
    raiders.model.set_viewer(None)  # the table shows everything: the referee's
    raiders.choose(raiders.legal[0].action)
    whole = bar.wait(60)
    assert whole is not None and whole.seat is None and whole.depth is None
    raiders.close()
    pitfall = pitfall_table(players=2, seed=3, bots=1, bot="heuristic")
    assert evaluation_depth(pitfall.model.game) is None
    bar = EvaluationBar(pitfall, budget=8, cpu_seconds=5.0, more_rounds=0)
    pitfall.choose(pitfall.legal[0].action)
    result = bar.wait(60)
    assert result is not None and result.depth is None and result.seat == 0
    assert "moves ahead" not in bar.basis.value
    pitfall.close()


JARGON = ("playout", "full state", "learned model", "value model", "cut at", "action")


def test_the_bar_speaks_to_players(comms, held_playouts):
    """The bar's lines and tooltips say "340 simulated games", "knowing every
    card" and "quick estimate", never "340 playouts cut at 100 actions", "from
    the full state" or "estimate from the learned model"."""
    table = raiders_table(players=2, seed=3, bots=1, bot="heuristic")
    bar = EvaluationBar(table, budget=8, cpu_seconds=5.0, more_rounds=0)
    table.choose(table.legal[0].action)
    said = [bar.bars.value + bar.basis.value]  # the estimate, playouts held
    assert "quick estimate" in said[0]
    held_playouts.set()
    assert bar.wait(60).depth == 100  # cut playouts, from the seat's view
    said.append(bar.bars.value + bar.basis.value)
    assert "simulated games" in said[1]
    table.model.set_viewer(None)  # the referee's view
    assert bar.wait(60).seat is None
    said.append(bar.bars.value + bar.basis.value)
    assert "knowing every card" in said[2]
    table.close()
    for text in said:
        found = [word for word in JARGON if word in text.lower()]
        assert not found, (found, text)
