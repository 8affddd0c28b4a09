"""The Review tab and the hint: graded moves, who was ahead, the move to try.

``ReviewPanel`` grades the game (``tabletop.analysis.review``) in a background
thread, one decision at a time with its progress shown (a new review, the table
closing or ``cancel`` stops it), lists the inaccuracies, mistakes and blunders as
buttons (a click moves the timeline to the position before the move), and draws the
advantage chart in the seats' names and colours (shown once there is one).

A game with a learned value model (``tabletop.analysis.value``) is graded from
the model first: every decision's estimate shows at once, labelled as estimates
with the model's measured error, and the moves it flags are then checked with
playouts in the background as before (the unflagged ones stay the model's).
``by_model = False`` grades every decision by playouts.

The tab also holds the hint (``tabletop.ui.hint_panel``): its button and text
here, and ``quick_hint``, which the Table puts beside "Who is ahead" above the
choices.
"""

from __future__ import annotations

import html
import io
import threading
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from tabletop.analysis import review as review_match
from tabletop.analysis.review import Review
from tabletop.core import IllegalActionError, Match
from tabletop.table.seats import HUMAN
from tabletop.ui.evaluation_rows import estimate_label
from tabletop.ui.hint_panel import THINKING, HintPanel, hint_html
from tabletop.ui.panel_parts import PanelParts, parts_of
from tabletop.ui.review_words import (
    Progress,
    graded_in_parts,
    move_detail,
    move_sentence,
    review_headline,
)

if TYPE_CHECKING:
    from tabletop.ui.panel_parts import HasParts

__all__ = ["REVIEW_CSS", "THINKING", "ReviewPanel", "hint_html"]
CHART_PX = 640  # the advantage chart's width on the page
MODEL_STEPS = 20  # steps the value model grades between two progress lines
REVIEW_CSS = """<style>
.tabletop-quick-hint { height: 24px; line-height: 24px; font-size: 11px;
  padding: 0 8px; margin: 0; }
.tabletop-table button.tabletop-suggested
  { box-shadow: 0 0 0 3px #f59e0b; }
.tabletop-hint-text .tabletop-hint-more { color: #4b5563; font-size: 12px; }
.tabletop-review-status small { color: #6b7280; }
.tabletop-table button.tabletop-review-move { white-space: normal; height: auto;
  text-align: left; line-height: 18px; padding: 4px 8px; margin: 2px 0; }
</style>"""


class ReviewPanel(w.VBox):
    """The review tab: graded moves (click to go there), the chart, a hint.

    Args:
        table: the Table whose match is reviewed, or its ``PanelParts`` (the
            panel keeps only those: ``tabletop.ui.panel_parts``).
        budget: worlds per decision (each candidate played out in each).
        width: candidate moves per decision.
        seat: review only this seat's decisions (``None``: the human's at a table
            with one human seat; between several humans in a game not over, the
            seat looking now, since another's better moves would tell its hand;
            every seat's otherwise).
        by_model: grade from the game's value model first, then check the moves
            it flags with playouts (a game without a model: playouts only).
    """

    def __init__(
        self,
        table: PanelParts | HasParts,
        *,
        budget: int = 24,
        width: int = 4,
        seat: int | None = None,
        by_model: bool = True,
    ) -> None:
        super().__init__()
        self.parts = parts = parts_of(table)
        self.model = model = parts.model
        self.budget, self.width, self.seat = budget, width, seat
        self.by_model = by_model
        self._value: tuple[Any, Any] = (None, None)  # (game, its model or None)
        self._error: float | None = None  # the model's error, for the label
        self.review: Review | None = None
        self.reviewed: Any = None  # the match the review is about
        self.hints = HintPanel(
            parts,
            lambda: (self.budget, self.width),
            lambda game: self.value_model(game) if self.by_model else None,
        )
        self.run_button = w.Button(description="Review game", icon="search")
        self.run_button.add_class("tabletop-review-run")
        self.stop_button = w.Button(description="Stop", icon="stop")
        self.stop_button.layout.display = "none"
        self.hint_button, self.quick_hint = self.hints.button, self.hints.quick
        self.style = w.HTML(REVIEW_CSS, layout=w.Layout(display="none"))
        self.status = w.HTML()
        self.status.add_class("tabletop-review-status")
        self.moves = w.VBox()
        self.moves.add_class("tabletop-review-moves")
        self.detail = w.HTML()  # the numbers of the move clicked last
        self.detail.add_class("tabletop-review-detail")
        # No picture until there is a review (an empty image shows as broken).
        # Drawn at the size it is shown (a stretched picture blurs its text).
        self.chart = w.Image(
            format="png",
            layout=w.Layout(
                width=f"{CHART_PX}px", max_width="100%", height="auto", display="none"
            ),
        )
        self.hint_text = self.hints.text
        self.run_button.on_click(parts.guard(lambda _: self._review_clicked()))
        self.stop_button.on_click(parts.guard(lambda _: self.cancel()))
        self.children = (
            self.style,
            w.HBox([self.run_button, self.stop_button, self.hint_button]),
            self.status,
            self.hint_text,
            self.moves,
            self.detail,
            self.chart,
        )
        self._thread: threading.Thread | None = None
        self._cancel = threading.Event()
        # Held while a finished review is shown and while one is put away, so a
        # review finishing as the laptop is passed is either put away or never
        # shown.
        self._showing = threading.Lock()
        self._refused_where: tuple = ()  # the position a shown refusal is for
        model.observe(self._moved_on, names=["state", "viewer"])
        model.observe(self._passed, names=["curtain"])

    @property
    def hint_answer(self) -> Any:
        """The last hint found (``tabletop.analysis.hint``), or None."""
        return self.hints.answer

    def start_hint(self, *, strict: bool = False) -> threading.Thread:
        """Find the hint in the background (``HintPanel.start``)."""
        return self.hints.start(strict=strict)

    def show_hint(self) -> str:
        """The hint for the seat to move, found now (``HintPanel.show``)."""
        return self.hints.show()

    def _passed(self, change: Any) -> None:
        """The laptop is being passed: a review of one seat's decisions goes, and
        one still running is stopped (the next player would read the better moves
        that seat's hand allowed)."""
        if change["new"] is None:
            return
        with self._showing:
            running = self._thread is not None and self._thread.is_alive()
            if self.review is None and not running:
                return
            self.cancel()
            self.review = None
            self.moves.children = ()
            self.detail.value = ""
            self.chart.layout.display = "none"  # that seat's chances, step by step
            self.status.value = "the review was put away as the laptop was passed"

    def _moved_on(self, _change: Any = None) -> None:
        """The table shows another position: a hint for the old one goes, and so
        does a review refused there."""
        self.hints.moved_on()
        if self._refused_where and self._refused_where != self._where():
            self._refused_where = ()
            if self.status.value.startswith("Not possible"):
                self.status.value = ""

    def _where(self) -> tuple:
        return self.hints.position()

    # -- the review -----------------------------------------------------------------
    def _review_clicked(self) -> None:
        """The button: review, or say here why not (the table's notice line, where
        the refusal goes too, may be out of view from this tab)."""
        try:
            self.start_review()
        except IllegalActionError as exc:
            self.status.value = html.escape(f"Not possible: {exc.reason}")
            self._refused_where = self._where()  # said until the table moves on
            raise

    def start_review(self) -> threading.Thread:
        """Review in a background thread (the button); returns the thread. A review
        still running is cancelled first."""
        self.cancel()
        self._cancel = cancel = threading.Event()
        match = self._match()
        self.status.value = "reviewing\u2026"
        self.stop_button.layout.display = ""
        self._thread = threading.Thread(
            target=self._review_in_background,
            args=(match, cancel),
            name="review",
            daemon=True,
        )
        self._thread.start()
        return self._thread

    def _review_in_background(self, match: Match, cancel: threading.Event) -> None:
        try:
            self.run_review(match, cancel)
        except Exception as exc:  # noqa: BLE001 - shown in the tab
            if not cancel.is_set():
                self.status.value = f"no review: {html.escape(str(exc))}"
        finally:
            if cancel is self._cancel:
                self.stop_button.layout.display = "none"

    def cancel(self) -> None:
        """Stop the running review (its moves so far stay unshown)."""
        if self._thread is not None and self._thread.is_alive():
            self._cancel.set()
            self.status.value = "review stopped"
        self.stop_button.layout.display = "none"

    def wait(self, timeout: float | None = None) -> Review | None:
        """Wait for the running review and hint (tests, scripts)."""
        for thread in (self._thread, self.hints.thread):
            if thread is not None:
                thread.join(timeout)
        return self.review

    def run_review(
        self, match: Match | None = None, cancel: threading.Event | None = None
    ) -> Review | None:
        """Review the match now, one decision at a time, and show the result
        (``None`` when cancelled). With a value model: its estimates first, shown
        at once, then the flagged moves checked with playouts."""
        match = self._match() if match is None else match
        value = self.value_model(match.game) if self.by_model else None
        if value is not None:
            return self._review_by_model(match, value, cancel)
        steps = [e.index for e in match.steps[: len(match)] if e.action is not None]
        result = graded_in_parts(
            steps,
            lambda part: review_match(
                match, self.whose(), self.budget, width=self.width, steps=part
            ),
            Progress("graded", len(steps)),
            self._saying("reviewing\u2026 "),
            cancel,
        )
        return None if result is None else self._finish(match, result, cancel)

    def _saying(self, before: str) -> Callable[[str], None]:
        """What shows a running review's progress, after ``before``."""
        return lambda said: setattr(self.status, "value", before + said)

    def _review_by_model(
        self, match: Match, value: Any, cancel: threading.Event | None
    ) -> Review | None:
        seat, self._error = self.whose(), value.error_points
        steps = [e.index for e in match.steps[: len(match)] if e.action is not None]
        first = graded_in_parts(
            steps,
            lambda part: review_match(
                match, seat, method="model", steps=part, model=value
            ),
            Progress("estimated", len(steps)),
            self._saying("reviewing\u2026 "),
            cancel,
            size=MODEL_STEPS,
        )
        if first is None:
            return None
        first = replace(first, method="model")  # (also with no move to grade)
        flagged = [m.step for m in first.moves if m.grade]
        if self._finish(match, first, cancel, checking=len(flagged)) is None:
            return None
        if not flagged:
            return first  # nothing to check: the estimates are the review
        headline = review_headline(self.parts.look, first, seat)
        played_out = partial(review_match, match, seat, self.budget, width=self.width)
        checked = graded_in_parts(
            flagged,
            lambda part: played_out(steps=part, method="both", model=value),
            Progress("checked", len(flagged), "flagged moves"),
            self._saying(f"{headline}<br>checking with playouts\u2026 "),
            cancel,
        )
        if checked is None:
            return None
        by_step = {m.step: m for m in checked.moves}
        moves = tuple(by_step.get(m.step, m) for m in first.moves)
        result = Review(moves, notes=first.notes, method="both")
        return self._finish(match, result, cancel)

    def _finish(
        self,
        match: Match,
        result: Review,
        cancel: threading.Event | None,
        checking: int = 0,
    ) -> Review | None:
        with self._showing:
            if cancel is not None and cancel.is_set():
                return None
            self.reviewed = match
            self.show(result, checking=checking)
        return result

    def value_model(self, game: Any) -> Any:
        """The game's value model (loaded once), or None when it has none."""
        if self._value[0] is not game:
            try:
                from tabletop.analysis.value import load_value_model

                self._value = (game, load_value_model(game))
            except Exception:  # noqa: BLE001 - no model: playouts alone
                self._value = (game, None)
        return self._value[1]

    def whose(self) -> int | None:
        """The seat whose decisions are reviewed (``None``: every seat's): the one
        human's against bots, unless ``seat`` says otherwise."""
        if self.seat is not None:
            return self.seat
        viewer = self.model.viewer
        humans = self._humans()
        if len(humans) == 1:
            return humans[0]
        if len(humans) > 1 and isinstance(viewer, int) and not self._over():
            return viewer  # another human's better moves would tell its hand
        return None

    def _humans(self) -> list[int]:
        """The human seats of the table."""
        return [s for s, kind in enumerate(self.model.seats) if kind == HUMAN]

    def _over(self) -> bool:
        model = self.model
        return model.game.outcome(model.match.state_at(len(model.match))) is not None

    def _match(self) -> Match:
        """The match to review.

        Raises:
            IllegalActionError: where the match refuses reviews, TT-PHASE under
                an offer to resume a saved game, or TT-TURN behind a hand-over
                between humans (the review waits for the reveal).
        """
        match = self.model.match
        refusal = match.refusal("review")
        if refusal is None:  # under a resume offer: a fresh deal, nothing to review
            refusal = self.model.refusal_while_offered()
        if refusal is not None:
            raise refusal.error()
        if self.model.curtain is not None and not self._over():
            raise IllegalActionError(
                "TT-TURN", "the laptop is being passed: review after the reveal"
            )
        return match

    def show(self, result: Review, checking: int = 0) -> None:
        """Show a review: its marked moves, their count and the chart. A review
        from the value model alone says its grades are estimates (``checking``:
        the flagged moves being checked with playouts now)."""
        self.review = result
        headline = review_headline(self.parts.look, result, self.whose())
        if result.method == "model":
            label = estimate_label(self._error)
            more = (
                f"checking {checking} flagged move{'' if checking == 1 else 's'} "
                "with playouts\u2026"
                if checking
                else "no move to check with playouts"
            )
            self.status.value = (
                f"{headline}<br><small>{html.escape(label)}: each move's drop in "
                "its mover's estimated chance, from what the mover knew; marked "
                f"only when it exceeds twice the model's error; {more}</small>"
            )
        else:
            checked = (
                "the moves the learned model flagged, each checked"
                if result.method == "both"
                else "each judged"
            )
            self.status.value = (
                f"{headline}<br><small>{checked} in {self.budget} sampled deals from "
                "what its mover knew; graded only when the 95% interval of the drop "
                "clears the threshold</small>"
            )
        marked = result.marked()
        seat = self.whose()
        buttons = []
        for move in marked:
            button = w.Button(
                description=self.sentence(move),
                tooltip="show the position before this move, with the numbers",
                layout=w.Layout(width="auto", height="auto"),
            )
            button.add_class("tabletop-review-move")
            button.on_click(self._show_move(move))
            buttons.append(button)
        self.moves.children = tuple(buttons)
        self.detail.value = ""
        from tabletop.analysis.charts import plot_advantage  # matplotlib: on use

        players = self.model.game.players
        timeline = self.parts.timeline()
        if seat is not None and len(self._humans()) > 1:
            # The bar's answers were worked out from each seat's own view as it
            # looked: another human's chances would tell of that seat's hand.
            timeline = []
        figure = plot_advantage(
            result,
            timeline,
            players=players,
            names=[self._seat_name(s) for s in range(players)],
            colours=self.parts.look.seat_colors,
        )
        out = io.BytesIO()
        figure.savefig(out, format="png", dpi=CHART_PX / figure.get_figwidth())
        self.chart.value = out.getvalue()
        self.chart.layout.display = ""

    def _show_move(self, move: Any) -> Callable[[Any], None]:
        """A click on a graded move: the position before it, and its numbers."""
        go = self._goto(move.step - 1)

        def show(button: Any) -> None:
            self.detail.value = move_detail(self.parts.look, move)
            go(button)

        return show

    def sentence(self, move: Any) -> str:
        """A graded move in a sentence (``review_words.move_sentence``)."""
        return move_sentence(self.parts.look, move)

    def _seat_name(self, seat: int) -> str:
        return self.parts.look.seat_name(seat)

    def _goto(self, step: int) -> Any:
        return self.parts.guard(lambda _: self.goto(step))

    def goto(self, step: int) -> int:
        """Show the position before a reviewed move (on the reviewed line)."""
        model = self.model
        if self.reviewed is not None and self.reviewed is not model.match:
            if self.reviewed not in model.lines:
                raise IllegalActionError(
                    "TT-PHASE", "the reviewed game is no longer on the table"
                )
            model.use_line(model.lines.index(self.reviewed))
        return model.goto(step)
