"""The evaluation bar and the review tab (tabletop.ui.evaluation), headless, on
real tables of both games."""

from __future__ import annotations

import pytest

from tabletop.ui import pitfall_table, raiders_table
from tabletop.ui.evaluation import EvaluationBar, ReviewPanel, default_enabled


@pytest.mark.parametrize("make", [pitfall_table, raiders_table])
def test_bar_evaluates_from_the_viewing_seat_after_every_step(comms, make):
    table = make(players=2, seed=3, bots=1, bot="heuristic")
    assert default_enabled(table)  # one human seat
    bar = EvaluationBar(table, budget=8, cpu_seconds=5.0)
    first = bar.wait(60)
    assert first is not None and first.n == 8 and first.seat == 0
    assert bar.bars.value.count("%") >= 4 and "from seat 0" in bar.basis.value
    number = bar.evaluator.number
    table.choose(table.legal[0].action)
    assert bar.evaluator.number > number  # a new step asks again
    again = bar.wait(60)
    assert again is not None and again.n == 8
    table.set_viewer(None)
    assert bar.wait(60).seat is None and "full state" in bar.basis.value


def test_bar_is_off_with_several_humans_until_turned_on(comms):
    table = pitfall_table(players=2, seed=3)
    bar = EvaluationBar(table, budget=4, cpu_seconds=5.0)
    assert not bar.enabled and bar.evaluator.number == 0 and bar.bars.value == ""
    bar.toggle.value = True
    assert bar.enabled and bar.wait(60).n == 4
    bar.toggle.value = False
    assert bar.bars.value == ""


def test_review_tab_lists_marked_moves_that_jump_the_timeline(comms):
    table = raiders_table(players=2, seed=4, bots=2, bot="random")
    table.auto_play(40)
    panel = ReviewPanel(table, budget=4, width=3)
    result = panel.run_review()
    assert result.moves and panel.chart.value[:4] == b"\x89PNG"
    assert "decisions reviewed" in panel.status.value
    assert len(panel.moves.children) == len(result.marked())
    if panel.moves.children:
        panel.moves.children[0].click()
        assert table.step == result.marked()[0].step - 1


def test_hint_is_for_the_seat_to_move_only(comms):
    table = pitfall_table(players=2, seed=3)
    panel = ReviewPanel(table, budget=3, width=3)
    assert "try" in panel.show_hint()
    table.hot_seat = False
    table.set_viewer(1 - table.to_move)
    assert panel.show_hint() == "hints are for the seat to move"
