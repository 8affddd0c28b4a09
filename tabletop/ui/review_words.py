"""The Review tab's sentences: its headline, a graded move in words a child can
read, the numbers behind a move, and how far a running review has got
(``tabletop.ui.review_tab``)."""

from __future__ import annotations

import html
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from tabletop.analysis.review import Review


def review_headline(look: Any, result: Review, seat: int | None) -> str:
    """The review's first line: how many decisions, whose, what was marked."""
    marked = result.marked()
    whose = "every seat" if seat is None else f"{look.seat_name(seat)}'s"
    found = (
        f"{len(marked)} marked below: click one to see the position before it"
        if marked
        else "no move stood out as an inaccuracy, a mistake or a blunder"
    )
    if result.method == "model":
        found = "estimates: " + found
    count = len(result.moves)
    decisions = "1 decision" if count == 1 else f"{count} decisions"
    return f"<b>{decisions} reviewed ({html.escape(whose)})</b>: {found}"


def move_sentence(look: Any, move: Any) -> str:
    """A graded move in a sentence a child can read: who did what, what would
    have won more often, and how often each wins."""
    name = look.seat_name(move.seat)
    played = action_words(look, move.played)
    if move.method == "model" and move.estimate is not None:
        before, after = move.estimate
        return (
            f"Step {move.step}: {name} chose {played}. The learned model "
            f"estimates {name}'s chance to win fell from {before:.0%} to "
            f"{after:.0%} (an estimate: checking with playouts)."
        )
    if move.best == move.played:
        return f"Step {move.step}: {name} chose {played}, the best move tried."
    better = action_words(look, move.best)
    return (
        f"Step {move.step}: {name} chose {played}. {better[:1].upper()}"
        f"{better[1:]} would have won more often: {move.best_chance:.0%} "
        f"instead of {move.played_chance:.0%}."
    )


def action_words(look: Any, action: Any) -> str:
    """An action as the table's buttons say it ("Play Jump")."""
    text = look.words(look.label_words(str(action)))
    return f"\u201c{text[:1].upper()}{text[1:]}\u201d"


def move_detail(look: Any, move: Any) -> str:
    """The numbers behind a graded move, shown under the list when it is clicked."""
    lo, hi = move.interval
    said = html.escape(move_sentence(look, move))
    if move.method == "model":
        return (
            f"<small><b>{said}</b><br>"
            f"{move.grade or 'not graded'}: the estimated chance to win "
            f"drops {move.drop:+.0%} (allowing for the model's error: "
            f"{lo:+.0%} to {hi:+.0%})<br>{html.escape(str(move))}</small>"
        )
    clauses = ", ".join(move.clauses) or "none"
    return (
        f"<small><b>{said}</b><br>"
        f"{move.grade or 'not graded'}: the drop in the chance to win is "
        f"{move.drop:+.0%} (95% interval {lo:+.0%} to {hi:+.0%}) over "
        f"{move.worlds} sampled deals; rules that made the difference: "
        f"{html.escape(clauses)}<br>{html.escape(str(move))}</small>"
    )


class Progress:
    """How far a pass of a review has got, in words: "graded 120 of 239 moves,
    about 40 s left" (the time left from the pace so far, once a move is done).

    Args:
        did: the pass's verb ("graded", "estimated", "checked").
        total: how many moves the pass grades.
        what: what it counts ("moves", "flagged moves").
    """

    def __init__(self, did: str, total: int, what: str = "moves") -> None:
        self.did, self.total, self.what = did, total, what
        self.start = time.monotonic()

    def words(self, done: int) -> str:
        """The line after ``done`` of the moves."""
        what = self.what.removesuffix("s") if self.total == 1 else self.what
        said = f"{self.did} {done} of {self.total} {what}"
        if 0 < done < self.total:
            pace = (time.monotonic() - self.start) / done
            said += f", about {seconds_words(pace * (self.total - done))} left"
        return said


def seconds_words(seconds: float) -> str:
    """A time left, rounded as a person says it ("40 s", "3 min")."""
    if seconds < 90:
        return f"{max(1, round(seconds))} s"
    return f"{round(seconds / 60)} min"


def graded_in_parts(
    steps: Sequence[int],
    grade: Callable[[Sequence[int]], Review],
    progress: Progress,
    say: Callable[[str], None],
    cancel: Any = None,
    size: int = 1,
) -> Review | None:
    """``grade`` the steps ``size`` at a time, saying the progress before each
    part: one review of them all (its method and notes the parts'), or ``None``
    once ``cancel`` (a ``threading.Event``) is set."""
    moves: list[Any] = []
    last = Review(())
    for start in range(0, len(steps), size):
        if cancel is not None and cancel.is_set():
            return None
        say(progress.words(start))
        last = grade(steps[start : start + size])
        moves += last.moves
    return replace(last, moves=tuple(moves))
