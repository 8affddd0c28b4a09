"""The evaluation bar ("Who is ahead"): analysis at the table, never waited for.

The Table mounts it (``Table.evaluation``) at the top of the side panel, above the
choices, and the review tab (``Table.review``, ``tabletop.ui.review_tab``) as the
"Review" tab. Both also attach to any Table from outside::

    bar = EvaluationBar(table)      # follows the table's renders
    review = ReviewPanel(table)     # review tab: graded moves, chart, hint
    HBox([table, VBox([bar, review])])   # or: analysis_box(table)

``EvaluationBar`` shows each seat's winning chance and its 95% interval, computed in
a background thread after every step (``tabletop.analysis.BackgroundEvaluator``:
a CPU budget per position, a new step cancels the old computation), from the
viewing seat's knowledge (hidden cards resampled) or, when the table shows
everything (``viewer`` is ``None``), from the full state; its last line says which,
in players' words, and how many games it simulated ("from what Player 0 (red)
knows \u00b7 340 simulated games", "knowing every card \u00b7 ..."; the whole
sentence as its tooltip).
Each row has the seat's colour and its full name (the name column is as wide as the
longest name). A first line says in words how sure it is: a seat is named (and its
row bold) only when its 95% interval lies above every other seat's ("Player 1
(blue) is likely ahead: 55% (48-62%)"); while the intervals overlap it says "Too
close to call" and keeps sampling the same position, doubling its playouts up to
``MORE_ROUNDS`` times, while the position stands. While it is on, the bar keeps the
height of all its lines, so the choices under it never move when an answer
arrives.
It starts off at a table with several human seats (it would help one against
another) and at an online table; ``enabled`` (the toggle) turns it on. Until it is
toggled, the default follows the seats (a seat given to a bot turns it on).

The bar the Table mounts waits for a page (``wait_for_page``): nothing is computed
until a browser has shown the table (the page echoes the table's render number), so
a table built in a script, a test or a notebook run without a browser costs no CPU.
Turned on explicitly (the toggle, ``Table(evaluation=True)``), it computes anyway.
Hidden during a hand-over (the chances use the previous viewer's cards).

At once after every step, before any playout, the bar shows the game's learned
value model's answer (``tabletop.analysis.value``: well under a millisecond, from
the viewing seat's view tensor only, so no card hidden from that seat reaches it),
labelled "quick estimate, \u00b1N points" with N the model's
measured mean error for that game (``ValueModel.error_points``, recorded with
its weights); the playouts' first
answer replaces it. A game without a value model (or a model that refuses the
game), and a table showing everything (the model answers only from a seat's view),
get no estimate: the bar waits for the playouts as before. Where the game declares
an evaluation depth (``tabletop.analysis.value_search.evaluation_depth``), the
playouts from a seat's view stop there and take the model's
chances, as measured more accurate at the bar's budget (``docs/analysis.md``);
its tooltip says so.
"""

from __future__ import annotations

import dataclasses
import html
import time
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import ipywidgets as w
from traitlets import Bool, observe

from tabletop.analysis import BackgroundEvaluator, Evaluation
from tabletop.analysis.evaluation import knowledge_seat, model_chances
from tabletop.table.seats import HUMAN
from tabletop.ui.evaluation_rows import (
    BAR_CSS,
    bars_html,
    estimate_html,
    estimate_label,
    faded,
    full_basis,
    games_words,
    leader,
    short_basis,
    verdict_words,
)
from tabletop.ui.panel_parts import PanelParts, parts_of
from tabletop.ui.review_tab import ReviewPanel

if TYPE_CHECKING:
    from tabletop.ui.controller import Table  # analysis_box lays the table out
    from tabletop.ui.model import TableModel
    from tabletop.ui.panel_parts import HasParts

__all__ = ["BAR_CSS", "EvaluationBar", "ReviewPanel", "analysis_box"]
__all__ += ["bars_html", "default_enabled", "full_basis", "leader", "short_basis"]
__all__ += ["verdict_words"]

ROW_PX = 14  # one seat's row (the bar keeps its height while it recomputes)
MORE_ROUNDS = 2  # too close to call: sample again with 2x, then 4x the playouts


class EvaluationBar(w.VBox):
    """Each seat's winning chance beside the board (see the module docstring).

    Args:
        table: the Table to follow, or its ``PanelParts`` (the bar keeps only
            those: the model, the table's renders and the page's echo).
        budget: playouts per position.
        cpu_seconds: CPU seconds per position (the computation stops there).
        enabled: on or off; ``None`` chooses: off with several human seats or
            online, on otherwise (and follows the seats until toggled).
        wait_for_page: compute only once a page has shown the table (or the bar
            was turned on explicitly).
        delay: seconds to wait after a step before computing (quick steps in a
            row cost nothing).
        every: playouts between interim results.
        more_rounds: while too close to call, how many more rounds (each with
            twice the playouts and CPU seconds of the one before) sample the
            same position.
    """

    enabled = Bool(False, help="compute and show the evaluation")

    def __init__(
        self,
        table: PanelParts | HasParts,
        *,
        budget: int = 400,
        cpu_seconds: float = 1.0,
        enabled: bool | None = None,
        wait_for_page: bool = False,
        delay: float = 0.0,
        every: int = 50,
        more_rounds: int = MORE_ROUNDS,
        echo: w.IntText | None = None,
    ) -> None:
        super().__init__()
        self.parts = parts = parts_of(table)
        self.model = parts.model
        # the page's echo of the table's last render (a Table being built passes
        # its own, not yet among its widgets)
        found = echo if echo is not None else parts.echo()
        if found is None:
            raise ValueError("the table's widgets are not built: pass its echo")
        self.echo = found
        self._ready = False  # nothing is computed while the bar is being built
        self.wait_for_page = wait_for_page
        self.explicit = enabled is not None
        self._defaulting = False
        self._key: tuple | None = None
        self._rounds = 0  # extra rounds of sampling at this position
        self.more_rounds = more_rounds
        self._shown: Evaluation | None = None  # the last answer shown here
        # the value model's answer shown until the playouts' first (None: none)
        self.estimate: Evaluation | None = None
        # (game, its model or None, where its playouts are cut or None)
        self._value: tuple[Any, Any, int | None] = (None, None, None)
        # step -> the latest answer there, on the line shown (the review's chart
        # draws every seat from them)
        self.history: dict[int, Evaluation] = {}
        self._line: Any = None
        self._asked: tuple = ()  # the request for this position: game, state, viewer
        self.evaluator = BackgroundEvaluator(
            self._arrived,
            budget=budget,
            cpu_seconds=cpu_seconds,
            every=every,
            delay=delay,
            on_error=self._failed,
        )
        self._base = (budget, cpu_seconds)
        self.toggle = w.Checkbox(
            description="Who is ahead",
            indent=False,
            tooltip="each seat's winning chance, computed in the background",
            layout=w.Layout(width="auto"),
        )
        self.toggle.add_class("tabletop-evaluation-toggle")
        # The title row; the Table adds its hint button at the right end.
        self.head = w.HBox(
            [self.toggle],
            layout=w.Layout(justify_content="space-between", align_items="center"),
        )
        self.bars = w.HTML()
        self.bars.add_class("tabletop-evaluation-bars")
        self.basis = w.HTML()
        self.basis.add_class("tabletop-evaluation-basis")
        self.children = (self.head, self.bars, self.basis)
        self.add_class("tabletop-evaluation")
        with self._by_default():
            self.enabled = default_enabled(self.model) if enabled is None else enabled
        self._reserve(self.enabled)
        w.link((self, "enabled"), (self.toggle, "value"))
        parts.on_render(self._moved)
        # Declining a saved game (Start fresh) changes no render's number but
        # ends the refusal: the table's logic tells of every change.
        self.model.on_change(self._moved)
        if wait_for_page:
            self.echo.observe(self._moved, names="value")
        self._ready = True
        self._moved()  # a table already shown (or a bar on by hand) starts now

    @contextmanager
    def _by_default(self) -> Any:
        self._defaulting = True
        try:
            yield
        finally:
            self._defaulting = False

    def follow_default(self) -> None:
        """Take the default again (the seats changed), unless toggled by hand."""
        if not self.explicit:
            with self._by_default():
                self.enabled = default_enabled(self.model)

    @property
    def active(self) -> bool:
        """Whether the bar computes: on, and shown by a page (or turned on by hand)."""
        if not self.enabled:
            return False
        if not self.wait_for_page or self.explicit:
            return True
        return self.echo.value >= 0

    def _moved(self, change: Any = None) -> None:
        """The table rendered: evaluate its position if it is a new one."""
        model = self.model
        if not self._ready or not self.active or model.state is None:
            return
        key = (
            id(model.match),
            id(model.state),
            model.viewer,
            model.curtain,
            model.resume_from,
        )
        if key == self._key:
            return
        self._key = key
        refusal = self._refusal()
        if refusal:
            self.evaluator.cancel()
            self.bars.value = ""
            self.basis.value = html.escape(refusal)
            return
        self.estimate = self._estimate()
        if self.estimate is not None:
            error = self._value[1].error_points if self._value[1] else None
            label = estimate_label(error)
            self.bars.value = estimate_html(
                self.estimate.probabilities, model.look, error
            )
            tip = html.escape(
                f"{full_basis(self.estimate, model.look)}; simulated games follow",
                quote=True,
            )
            self.basis.value = (
                f"<span title='{tip}'>{html.escape(label)} \u00b7 "
                "simulating games\u2026</span>"
            )
        else:
            self.basis.value = "evaluating\u2026"
            if self.bars.value:
                self.bars.value = faded(self.bars.value)
        if self._rounds:  # a longer round ran at the last position: back to base
            self.evaluator.budget, self.evaluator.cpu_seconds = self._base
        self._base = (self.evaluator.budget, self.evaluator.cpu_seconds)
        self._rounds = 0
        self._shown = None
        self._asked = (model.game, model.state, model.viewer, model.step)
        self.evaluator.request(model.game, model.state, model.viewer, seed=model.step)

    def _estimate(self) -> Evaluation | None:
        """The value model's answer from the viewing seat's knowledge, or None (no
        model for this game, or the table shows everything). Sets the playouts
        that follow: cut at the game's evaluation depth and finished by the model
        when it answers and the game declares one, to the end otherwise."""
        model = self.model
        self.evaluator.depth = self.evaluator.model = None  # full playouts
        try:
            seat = knowledge_seat(model.viewer)
        except ValueError:
            return None
        if seat is None:  # the model answers only from a seat's view
            return None
        game = model.game
        if self._value[0] is not game:
            try:
                from tabletop.analysis.value import load_value_model
                from tabletop.analysis.value_search import evaluation_depth

                self._value = (game, load_value_model(game), evaluation_depth(game))
            except Exception:  # noqa: BLE001 - no model: the playouts alone
                self._value = (game, None, None)
        _, value, depth = self._value
        if value is None:
            return None
        if depth:  # where the game declares it: cut, and finished by the model
            self.evaluator.depth, self.evaluator.model = depth, value
        try:
            chances, clock = model_chances(game, model.state, seat, value)
        except Exception:  # noqa: BLE001 - a model that cannot answer: none
            return None
        zero = (0,) * game.players
        return Evaluation(model.step, zero, 0, seat, clock, True, chances, "model")

    def _refusal(self) -> str:
        """Why this position gets no evaluation (empty when it gets one)."""
        model = self.model
        if model.curtain is not None:
            return "hidden while the laptop is passed"
        if model.resume_from is not None:
            # the table under the offer deals from the saved game's seed
            return "hidden while a saved game is offered"
        if getattr(model.match, "role", "") == "spectator":
            return "a spectator knows no hand: no evaluation"
        if model.game.outcome(model.state) is not None:
            return "the game is over"
        return ""

    def _reserve(self, on: bool) -> None:
        """Keep room for every seat's row and the basis line while the bar is on,
        so that the choices under it never move when an answer arrives (two
        lines for the basis: "from what Player 3 (yellow) knows \u00b7 1600
        simulated games" wraps in the side panel at 1366 pixels)."""
        lines = self.model.game.players + 1  # the verdict, then a row per seat
        self.bars.layout.min_height = f"{lines * ROW_PX}px" if on else ""
        self.basis.layout.min_height = f"{2 * ROW_PX}px" if on else ""

    def _arrived(self, number: int, result: Evaluation) -> None:
        if number != self.evaluator.number or not self.enabled:
            return  # an answer for a position the table has left
        self.estimate = None  # the playouts' answer replaces the model's
        more_coming = (
            result.complete
            and leader(result) is None
            and self._rounds < self.more_rounds
            and bool(self._asked)
        )
        self.bars.value = bars_html(result, self.model.look, sampling=more_coming)
        self._shown = result
        if self._asked:
            self._remember(self._asked[3], result)
        if more_coming:  # too close to call: sample this position again, longer
            self._rounds += 1
            budget, cpu = self._base
            scale = 2**self._rounds
            self.evaluator.budget, self.evaluator.cpu_seconds = (
                budget * scale,
                cpu * scale,
            )
            game, state, viewer, seed = self._asked
            self.evaluator.request(game, state, viewer, seed=seed)
        note = more = ""
        if not result.complete:
            spent = result.cpu_seconds >= self.evaluator.cpu_seconds
            note = " (CPU budget spent)" if spent else " (so far)"
            more = "" if spent else "\u2026"
        games = games_words(result)
        tip = html.escape(
            f"{full_basis(result, self.model.look)}; {games}{note}", quote=True
        )
        self.basis.value = (
            f"<span title='{tip}'>"
            f"{html.escape(short_basis(result, self.model.look))} \u00b7 "
            f"{games}{more}</span>"
        )

    def _remember(self, step: int, result: Evaluation) -> None:
        match = self.model.match
        if match is not self._line:
            self._line, self.history = match, {}
        self.history[step] = dataclasses.replace(result, step=step)

    def timeline(self) -> list[Evaluation]:
        """The answers for the steps of the line shown, in step order."""
        if self.model.match is not self._line:
            return []
        return [self.history[step] for step in sorted(self.history)]

    def _failed(self, number: int, exc: Exception) -> None:
        if number == self.evaluator.number:
            self.basis.value = (
                f"no evaluation: {html.escape(type(exc).__name__)}: "
                f"{html.escape(str(exc))}"
            )

    @property
    def latest(self) -> Evaluation | None:
        """The latest answer for the position shown (while a longer round of
        sampling runs, the round before's)."""
        return self.evaluator.latest or self._shown

    def wait(self, timeout: float | None = None) -> Evaluation | None:
        """Wait for the evaluation of the current position, every round of it
        (tests, scripts)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            number = self.evaluator.number  # a longer round is a newer request
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            self.evaluator.wait(left)
            if self.evaluator.number == number or left == 0.0:
                return self.latest

    def stop(self) -> None:
        """Cancel the running computation (the table is closing)."""
        self.evaluator.cancel()
        self._key = None
        self.estimate = None

    @observe("enabled")
    def _enabled_changed(self, change: Any) -> None:
        if not hasattr(self, "model"):
            return
        if not self._defaulting:
            self.explicit = True
        self._reserve(change["new"])
        if change["new"]:
            self._key = None
            self._moved()
        else:
            self.stop()
            self.bars.value = self.basis.value = ""


def default_enabled(model: TableModel) -> bool:
    """Off at a table with several human seats and at an online table."""
    humans = sum(1 for kind in model.seats if kind == HUMAN)
    online = model.match.refusal("review") is not None  # the moves live elsewhere
    return humans < 2 and not online


def analysis_box(table: Table, **options: Any) -> w.HBox:
    """The table with its evaluation bar and review tab beside it."""
    side = w.VBox([EvaluationBar(table, **options), ReviewPanel(table)])
    return w.HBox([table, side])
