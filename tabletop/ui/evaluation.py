"""The evaluation bar and the review tab: analysis at the table, never waited for.

Both are widgets that attach to a ``Table`` from outside; the Table does not need
to know them. To mount them::

    bar = EvaluationBar(table)      # observes table.state / table.viewer / seats
    review = ReviewPanel(table)     # review tab: graded moves, chart, hint
    HBox([table, VBox([bar, review])])   # or: analysis_box(table)

``EvaluationBar`` shows each seat's winning chance and its 95% interval, computed in
a background thread after every step (``tabletop.analysis.BackgroundEvaluator``:
a CPU budget per position, a new step cancels the old computation), from the
viewing seat's knowledge (hidden cards resampled) or, when the table shows
everything (``viewer`` is ``None``), from the full state; its last line says which.
It starts off at a table with several human seats (it would help one against
another) and at an online table; ``enabled`` (the toggle) turns it on.

``ReviewPanel`` grades the game (``tabletop.analysis.review``) in a background
thread, lists the inaccuracies, mistakes and blunders as buttons (a click moves the
timeline to the position before the move), draws the advantage chart, and has a
hint button for the seat to move.
"""

from __future__ import annotations

import html
import io
import threading
from typing import Any

import ipywidgets as w
from traitlets import Bool, observe

from tabletop.analysis import BackgroundEvaluator, Evaluation, hint, plot_advantage
from tabletop.analysis import review as review_match
from tabletop.analysis.review import Review
from tabletop.ui.seats import HUMAN

BAR_WIDTH = 160


class EvaluationBar(w.VBox):
    """Each seat's winning chance beside the board (see the module docstring).

    Args:
        table: the Table to follow.
        budget: playouts per position.
        cpu_seconds: CPU seconds per position (the computation stops there).
        enabled: on or off; ``None`` chooses: off with several human seats or
            online, on otherwise.
    """

    enabled = Bool(False, help="compute and show the evaluation")

    def __init__(
        self,
        table: Any,
        *,
        budget: int = 400,
        cpu_seconds: float = 1.0,
        enabled: bool | None = None,
    ) -> None:
        super().__init__()
        self.table = table
        self.evaluator = BackgroundEvaluator(
            self._arrived, budget=budget, cpu_seconds=cpu_seconds
        )
        self.toggle = w.Checkbox(description="evaluation", indent=False)
        self.bars = w.HTML()
        self.basis = w.HTML()
        self.children = (self.toggle, self.bars, self.basis)
        self.add_class("tabletop-evaluation")
        self.enabled = default_enabled(table) if enabled is None else enabled
        w.link((self, "enabled"), (self.toggle, "value"))
        table.observe(self._moved, names=["state", "viewer"])

    def _moved(self, change: Any = None) -> None:
        if not self.enabled:
            return
        table = self.table
        if table.game.outcome(table.state) is not None:
            self.evaluator.cancel()
            self.bars.value = ""
            self.basis.value = "the game is over"
            return
        self.basis.value = "evaluating..."
        self.evaluator.request(table.game, table.state, table.viewer, seed=table.step)

    def _arrived(self, number: int, result: Evaluation) -> None:
        self.bars.value = bars_html(result, self.table.adapter)
        note = "" if result.complete else " (so far)"
        self.basis.value = (
            f"<small>{html.escape(result.basis)}; {result.n} playouts{note}</small>"
        )

    @property
    def latest(self) -> Evaluation | None:
        return self.evaluator.latest

    def wait(self, timeout: float | None = None) -> Evaluation | None:
        """Wait for the evaluation of the current position (tests, scripts)."""
        return self.evaluator.wait(timeout)

    @observe("enabled")
    def _enabled_changed(self, change: Any) -> None:
        if not hasattr(self, "table"):
            return
        if change["new"]:
            self._moved()
        else:
            self.evaluator.cancel()
            self.bars.value = self.basis.value = ""


def default_enabled(table: Any) -> bool:
    """Off at a table with several human seats and at an online table."""
    humans = sum(1 for kind in table.seats if kind == HUMAN)
    return humans < 2 and not hasattr(table, "remote")


def bars_html(result: Evaluation, adapter: Any = None) -> str:
    """One bar per seat: its chance, the 95% interval as a band, and the numbers."""
    rows = []
    for seat, (chance, (low, high)) in enumerate(
        zip(result.probabilities, result.intervals, strict=True)
    ):
        name = adapter.seat_name(seat) if adapter is not None else f"seat {seat}"
        fill, band_left = int(chance * BAR_WIDTH), int(low * BAR_WIDTH)
        band = max(1, int((high - low) * BAR_WIDTH))
        rows.append(
            "<div style='display:flex;align-items:center;gap:6px'>"
            f"<span style='width:80px'>{html.escape(name)}</span>"
            f"<span style='position:relative;width:{BAR_WIDTH}px;height:12px;"
            "background:#e5e7eb;display:inline-block'>"
            f"<span style='position:absolute;left:0;width:{fill}px;height:12px;"
            f"background:#2563eb'></span>"
            f"<span style='position:absolute;left:{band_left}px;width:{band}px;"
            "top:4px;height:4px;background:#111827;opacity:.5'></span></span>"
            f"<span>{chance:.0%} [{low:.0%}, {high:.0%}]</span></div>"
        )
    return "".join(rows)


class ReviewPanel(w.VBox):
    """The review tab: graded moves (click to go there), the chart, a hint.

    Args:
        table: the Table whose match is reviewed.
        budget: worlds per decision (each candidate played out in each).
        width: candidate moves per decision.
        seat: review only this seat's decisions (``None``: every seat's).
    """

    def __init__(
        self, table: Any, *, budget: int = 24, width: int = 4, seat: int | None = None
    ) -> None:
        super().__init__()
        self.table = table
        self.budget, self.width, self.seat = budget, width, seat
        self.review: Review | None = None
        self.run_button = w.Button(description="Review game", icon="search")
        self.hint_button = w.Button(description="Hint", icon="lightbulb-o")
        self.status = w.HTML()
        self.moves = w.VBox()
        self.chart = w.Image(format="png")
        self.hint_text = w.HTML()
        self.run_button.on_click(lambda _: self.start_review())
        self.hint_button.on_click(_guarded(table, lambda _: self.show_hint()))
        self.children = (
            w.HBox([self.run_button, self.hint_button]),
            self.status,
            self.hint_text,
            self.moves,
            self.chart,
        )
        self._thread: threading.Thread | None = None

    def start_review(self) -> threading.Thread:
        """Review in a background thread (the button); returns the thread."""
        self.status.value = "reviewing..."
        self._thread = threading.Thread(target=self.run_review, daemon=True)
        self._thread.start()
        return self._thread

    def run_review(self) -> Review:
        """Review the match now and show the result."""
        result = review_match(
            self.table.match, self.seat, self.budget, width=self.width
        )
        self.show(result)
        return result

    def show(self, result: Review) -> None:
        self.review = result
        marked = result.marked()
        self.status.value = (
            f"{len(result.moves)} decisions reviewed, {len(marked)} marked "
            f"({self.budget} worlds each; graded only when the 95% interval of "
            "the drop clears the threshold)"
        )
        buttons = []
        for move in marked:
            button = w.Button(
                description=f"{move.step}: {move.grade} by seat {move.seat}",
                tooltip=str(move),
                layout=w.Layout(width="auto"),
            )
            button.on_click(self._goto(move.step - 1))
            buttons.append(button)
        self.moves.children = tuple(buttons)
        figure = plot_advantage(result, players=self.table.game.players)
        out = io.BytesIO()
        figure.savefig(out, format="png", dpi=72)
        self.chart.value = out.getvalue()

    def _goto(self, step: int) -> Any:
        return _guarded(self.table, lambda _: self.table.goto(step))

    def show_hint(self) -> str:
        """The hint for the seat to move, judged from that seat's information; a
        viewer who is another seat gets none (it would reveal the mover's hand)."""
        table = self.table
        mover = table.game.to_move(table.state)
        if mover is None:
            self.hint_text.value = "the game is over"
        elif table.viewer not in (None, mover):
            self.hint_text.value = "hints are for the seat to move"
        else:
            found = hint(table.match, self.budget, width=self.width, seed=table.step)
            self.hint_text.value = f"<pre>{html.escape(str(found))}</pre>"
        return self.hint_text.value


def _guarded(table: Any, fn: Any) -> Any:
    """The Table's own guard (refusals and errors shown in the table), if it has one."""
    guard = getattr(table, "_guard", None)
    return guard(fn) if guard is not None else fn


def analysis_box(table: Any, **options: Any) -> w.HBox:
    """The table with its evaluation bar and review tab beside it."""
    side = w.VBox([EvaluationBar(table, **options), ReviewPanel(table)])
    return w.HBox([table, side])
