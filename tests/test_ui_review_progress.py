"""The Review tab says how far it has got and about how long is left while it
grades a game ("graded 12 of 40 moves, about 3 s left"), updating as it goes: by
playouts, and with a value model for its estimates and for the playouts that
check the moves it flags."""

from __future__ import annotations

import re

from tabletop.ui import raiders_table
from tabletop.ui.evaluation import ReviewPanel
from tabletop.ui.review_words import Progress

LEFT = r"(\d+) of (\d+) {what}, about \d+ (s|min) left"


def _lines(panel: ReviewPanel) -> list[str]:
    said: list[str] = []
    panel.status.observe(lambda change: said.append(change["new"]), names="value")
    return said


def _counted(said: list[str], did: str, what: str = "moves") -> list[int]:
    """How many were done, in each line saying so with the time left."""
    pattern = re.compile(f"{did} " + LEFT.format(what=what))
    return [int(m.group(1)) for line in said if (m := pattern.search(line))]


def test_progress_says_the_time_left_from_the_pace_so_far():
    progress = Progress("graded", 239)
    progress.start -= 60.0  # 120 moves took a minute
    assert progress.words(0) == "graded 0 of 239 moves"
    assert progress.words(120) == "graded 120 of 239 moves, about 60 s left"
    assert progress.words(239) == "graded 239 of 239 moves"
    assert Progress("checked", 1, "flagged moves").words(0) == (
        "checked 0 of 1 flagged move"
    )


def test_a_review_by_playouts_shows_its_progress_as_it_goes(comms):
    table = raiders_table(players=2, seed=4, bots=2, bot="random")
    table.model.auto_play()  # 18 steps
    panel = ReviewPanel(table, budget=2, width=2, by_model=False)
    said = _lines(panel)
    assert panel.run_review() is not None
    done = _counted(said, "graded")
    assert len(done) >= 3 and done == sorted(done), said


def test_a_review_by_the_model_shows_both_passes_progress(comms):
    table = raiders_table(players=2, seed=3, bots=2, bot="random")
    table.model.auto_play()  # 75 steps; the model flags several moves
    panel = ReviewPanel(table, budget=2, width=2)
    said = _lines(panel)
    result = panel.run_review()
    assert result is not None and result.method == "both"
    assert _counted(said, "estimated") == [20, 40, 60], said
    flagged = [
        int(m.group(1))
        for line in said
        if (m := re.search(r"checked 0 of (\d+) flagged move", line))
    ]
    assert len(flagged) == 1 and flagged[0] >= 3, said
    # the time left is said from the first checked move on, until the last
    assert _counted(said, "checked", "flagged moves") == list(range(1, flagged[0]))
