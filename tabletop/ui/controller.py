"""The Table: one controller for any game, binding a Match to the board and panels.

Traits hold what the views show (``state``, ``step``, ``viewer``, ``selection``,
``legal``, ``seats``...); they are reassigned, never mutated in place. Every gesture
has a public method (``click_space``, ``play_card``, ``choose``, ``step_back``,
``reveal``, ``set_seat``...), so tests and notebooks drive the table exactly as
clicks do. A click in the browser goes through the same methods, wrapped so that a
refusal or an error shows in the table instead of vanishing into a log.

Three guards keep a click from doing what nobody chose:

- every render has a number (``token``); action buttons are made fresh for each
  render and carry theirs, so a click on a replaced button is dropped;
- the page echoes the number of the last render it received (a ``jsdlink`` from a
  hidden beacon to a hidden echo widget): a board, card or button click that left
  the page before it had seen the latest render is dropped, not re-targeted;
- fresh buttons and a freshly drawn board ignore the pointer for a moment (CSS), so
  the second click of a double-click cannot land on what replaced the first.
"""

from __future__ import annotations

import logging
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ipywidgets as w
from IPython.display import display
from traitlets import Any as AnyTrait
from traitlets import Bool, Instance, Int, Tuple, Unicode, observe

from tabletop.core import Explanation, IllegalActionError, Match, TabletopError
from tabletop.draw import with_picture
from tabletop.draw.look import Look, look_for
from tabletop.ui.board import BoardView, forget_current_canvas, one_batch
from tabletop.ui.board_picture import BoardPicture
from tabletop.ui.evaluation import BAR_CSS, EvaluationBar
from tabletop.ui.hands import CardSprites, HandView
from tabletop.ui.panels import (
    ActionsPanel,
    HandOver,
    SeatControls,
    Timeline,
    log_html,
)
from tabletop.ui.review_tab import REVIEW_CSS, ReviewPanel
from tabletop.ui.seats import HUMAN, bot_names, make_seat_bot, seat_label
from tabletop.ui.teach import TeachPanel
from tabletop.ui.texts import (
    PUBLIC,
    action_words,
    banner_html,
    inspector_for,
    last_move,
    line_label,
    log_steps,
    lost_cards,
    outcome_hint,
    recap_html,
    status_html,
    summary_text,
    waiting_text,
    words,
)

LOG = logging.getLogger(__name__)
MAX_AUTO_MOVES = 5000
LOG_TAB, INSPECTOR_TAB, SEATS_TAB, GAME_TAB, REVIEW_TAB = 0, 1, 2, 3, 4
# The evaluation bar: playouts and CPU seconds per position (it shares the CPU
# with the kernel), and the pause after a step before it starts.
EVALUATION_BUDGET, EVALUATION_CPU_SECONDS, EVALUATION_DELAY = 200, 1.0, 0.25
SETTLE_MS = 400
FOCUS_MARGIN = 80  # board pixels around what a focused (lesson) board shows
FOCUS_MIN = (420, 260)  # the smallest area a focused board shows

# A table whose kernel restarted or stopped (ipywidgets marks its views
# ``jupyter-widgets-disconnected``) says so instead of ignoring clicks.
DISCONNECTED = (
    "This table lost its kernel (restarted or stopped): clicks do nothing now. "
    "Run its cell again to play on (with autosave on, the new table offers to "
    "resume this game)."
)

CSS = f"""<style>
@keyframes tabletop-settle-a
  {{ from {{pointer-events:none}} to {{pointer-events:none}} }}
@keyframes tabletop-settle-b
  {{ from {{pointer-events:none}} to {{pointer-events:none}} }}
.tabletop-action {{ animation: tabletop-settle-a {SETTLE_MS}ms; }}
.tabletop-board.tabletop-fresh-a, .tabletop-hand.tabletop-fresh-a
  {{ animation: tabletop-settle-a {SETTLE_MS}ms; }}
.tabletop-board.tabletop-fresh-b, .tabletop-hand.tabletop-fresh-b
  {{ animation: tabletop-settle-b {SETTLE_MS}ms; }}
.tabletop-table .tabletop-board, .tabletop-table .tabletop-hand
  {{ max-width: 100%; height: auto !important; }}
.tabletop-table .tabletop-board {{ width: auto !important; align-self: flex-start;
  max-height: max(300px, calc(100vh - 420px)); }}
.tabletop-table .tabletop-hand {{ width: auto !important; }}
.tabletop-compact .tabletop-board {{ max-height: 340px; }}
.tabletop-table .tabletop-side {{ max-height: max(320px, calc(100vh - 400px));
  min-height: min(max(320px, calc(100vh - 400px)), 420px);
  overflow-y: auto; contain: size; }}
.tabletop-compact .tabletop-side {{ max-height: 360px; min-height: 300px; }}
.tabletop-table .tabletop-side > * {{ flex-shrink: 0; }}
.tabletop-table .tabletop-action button, .tabletop-table button.tabletop-action
  {{ white-space: normal; height: auto; min-height: 28px; }}
.tabletop-table .tabletop-many > button.tabletop-action
  {{ flex: 1 1 calc(50% - 4px); max-width: calc(50% - 4px); line-height: 16px;
  padding: 4px 8px; }}
.tabletop-notice {{ height: 22px; overflow: hidden; white-space: nowrap;
  text-overflow: ellipsis; }}
.tabletop-beacon {{ display: none; }}
.tabletop-table .jupyter-widgets-disconnected::before {{ display: none; }}
.tabletop-table.jupyter-widgets-disconnected > * {{ opacity: 0.45;
  pointer-events: none; }}
.tabletop-table.jupyter-widgets-disconnected::before {{ content: "{DISCONNECTED}";
  display: block; align-self: stretch; font: inherit; font-weight: bold;
  color: #b71c1c; background: #ffebee; border: 2px solid #b71c1c; padding: 8px;
  margin: 0 0 6px 0; }}
.jp-OutputArea-child:has(.tabletop-table) + .jp-OutputArea-child:has(.jp-RenderedSVG)
  {{ display: none; }}
</style>"""


@dataclass(frozen=True, slots=True)
class Selection:
    """What the player has picked so far, narrowing the actions on offer.

    Attributes:
        kind: ``"space"`` (a board space), ``"card"`` (a card kind) or ``"clause"``
            (a group of actions under one rule).
        value: the space id, card kind or clause id.
        words: how the panel names it ("the card Rope", "space A7").
    """

    kind: str
    value: str
    words: str = ""

    def matches(self, entry: Explanation) -> bool:
        if self.kind == "space":
            return self.value in entry.spaces
        if self.kind == "card":
            return entry.card == self.value
        if self.kind == "clause":
            return entry.clause == self.value
        return True

    def __str__(self) -> str:
        return f"{self.kind}:{self.value}"


class Table(w.VBox):
    """A playable, inspectable table for a match.

    Args:
        match: the match to show and play (``Match(make_game(name, players=3),
            seed=7)``).
        look: the game's look (``tabletop.draw.look_for(game)`` if omitted).
        seats: per seat ``"human"``, a bot name (``"random"``...) or a bot object.
        auto: bot seats move by themselves after each gesture.
        hot_seat: the view follows the human seat to move; between two human seats
            a hand-over screen hides everything secret until the next player
            reveals.
        teach: show the teach panel (``tabletop.ui.teach``).
        details: show rule clause IDs and the state inspector ("rules details").
        autosave: a file to save the match to after every move (``None``: off).
            If the file exists, the table offers to resume it.
        handover: show the hand-over screen between two human seats (off for a
            lesson, where one learner plays every seat).
        compact: a smaller table for a lesson: a smaller board, only the hand of
            the seat to move, no tabs, no evaluation bar.
        evaluation: the evaluation bar beside the board (``tabletop.ui.evaluation``)
            on or off; ``None``: on with at most one human seat, off with several
            (it would help one against another) and online, following the seats
            until toggled. It computes only once a page shows the table (or when
            turned on explicitly), in a background thread the table never waits
            for.
    """

    state = AnyTrait(help="the full state at the current step")
    step = Int(0, help="the current step of the timeline")
    length = Int(0, help="the number of steps in the timeline")
    viewer = Int(None, allow_none=True, help="whose eyes the table shows (None: all)")
    curtain = Int(None, allow_none=True, help="the seat the laptop is passed to")
    selection = Instance(Selection, allow_none=True, help="what narrows the actions")
    legal = Tuple(help="the Explanations of every legal action now")
    seats = Tuple(help="per seat: 'human' or the bot's name")
    message = Unicode("", help="the last refusal or notice")
    letter = Unicode("", help="news for the seat now looking (a card it lost)")
    error = Unicode("", help="the last error raised inside a callback")
    token = Int(0, help="the number of the last render")
    auto = Bool(True)
    hot_seat = Bool(True)
    teach = Bool(False, help="explain every legal action and refusals")
    details = Bool(False, help="show clause IDs and the state inspector")

    def __init__(
        self,
        match: Match,
        look: Look | None = None,
        seats: Any = None,
        auto: bool = True,
        hot_seat: bool = True,
        teach: bool = False,
        details: bool = False,
        autosave: str | Path | None = None,
        handover: bool = True,
        compact: bool = False,
        evaluation: bool | None = None,
    ) -> None:
        super().__init__()
        self.match = match
        self.game = match.game
        self.lines: list[Match] = [match]
        self.look = look if look is not None else look_for(self.game)
        self._updating = False
        self._bots: dict[int, Any] = {}
        self._mail: dict[int, list[str]] = {}
        self._recent: tuple[Any, ...] = ()
        self._played: list[Any] = []
        self._played_now = False
        self._moment: tuple = ()
        self.refused_clause = ""
        self.dropped = 0
        self.redraws: list[list[int]] = []
        self.autosave = Path(autosave) if autosave else None
        self.handover_on = handover
        self.compact = compact
        self._evaluation_option = False if compact else evaluation
        self.rings: tuple[str, ...] = ()
        self.resume_from: Path | None = None
        self.picture = BoardPicture()
        self._focus: tuple[str, ...] = ()
        self._build()
        self.teach_panel = TeachPanel(self, self._guard)
        with self._one_update():
            self.auto, self.hot_seat = auto, hot_seat
            self.teach, self.details = teach, details
            self.seats = (HUMAN,) * self.game.players
            for seat, kind in enumerate(seats or ()):
                self._seat(seat, kind)
            self.evaluation.follow_default()
            self._offer_resume()
            self._play_bots_if_auto()
            self._sync()

    # -- widgets ------------------------------------------------------------------
    def _build(self) -> None:
        """Create the board, hands and panels and wire their callbacks.

        Every callback goes through ``_guard`` so a refusal or an error shows in the
        table rather than in a log; game moves from the page also through
        ``_gesture`` (dropped when made on a render the page had not yet shown).
        """
        names = [self.look.seat_name(s) for s in range(self.game.players)]
        self.style = w.HTML(CSS + BAR_CSS + REVIEW_CSS)
        self.style.add_class("tabletop-style")
        self.beacon = w.IntText(0, layout=w.Layout(display="none"))
        self.echo = w.IntText(-1, layout=w.Layout(display="none"))
        self._echo_link = w.jsdlink((self.beacon, "value"), (self.echo, "value"))
        self.board = BoardView(self.look, self._gesture(self.click_xy))
        self.board.on_move(self._guard(self.hover_xy))
        self.hover = w.HTML(layout=w.Layout(height="20px", overflow="hidden"))
        self.hover.add_class("tabletop-hover")
        self._hovered: str | None = None
        self.board.canvas.on_client_ready(
            self._guard(lambda: self.redraw_all(self.board))
        )
        self.sprites = CardSprites(self.look)
        self.hands = [
            HandView(
                self.look,
                s,
                self.look.hand_width,
                self._gesture(self._hand_click(s)),
                self.sprites,
            )
            for s in range(self.game.players)
        ]
        for hand in self.hands:
            hand.canvas.on_client_ready(self._guard(lambda h=hand: self.redraw_all(h)))
        self.status = w.HTML()
        self.status.add_class("tabletop-status")
        self.notice = w.HTML()
        self.notice.add_class("tabletop-notice")
        self.notice.add_class("tabletop-message")
        self.error_area = w.HTML()
        self.error_area.add_class("tabletop-error")
        self.banner = w.HTML()
        self.banner.add_class("tabletop-banner")
        self.fresh_deal = w.Button(
            description="New game",
            tooltip="the same seats, a new deal",
            button_style="success",
        )
        self.fresh_deal.add_class("tabletop-new-game")
        self.fresh_deal.on_click(self._guard(lambda _: self.new_game()))
        self.again = w.Button(
            description="Play again",
            tooltip="this deal again from its start (the game just played stays a "
            "line of the timeline)",
        )
        self.again.add_class("tabletop-play-again")
        self.again.on_click(self._guard(lambda _: self.play_again_same_deal()))
        self.resume = w.Button(description="Resume", button_style="success")
        self.resume.add_class("tabletop-resume")
        self.resume.on_click(self._guard(lambda _: self.resume_saved()))
        self.fresh = w.Button(description="Start fresh")
        self.fresh.add_class("tabletop-start-fresh")
        self.fresh.on_click(self._guard(lambda _: self.dismiss_resume()))
        self.end_box = w.VBox(
            [
                self.banner,
                w.HBox([self.fresh_deal, self.again, self.resume, self.fresh]),
            ],
            layout=w.Layout(display="none"),
        )
        self.end_box.add_class("tabletop-end")
        self.handover = HandOver(self._guard(self.reveal))
        self.recap = w.HTML()
        self.recap.add_class("tabletop-recap")
        self.actions = ActionsPanel(
            self._gesture(self._press_drawn),
            self._guard(self.clear_selection),
            self._guard(self.choose),
            self._guard(lambda: self.auto_play()),
        )
        self.actions.words = lambda entry: action_words(self, entry)
        self.actions.say = lambda text: words(self, text)
        self.actions.hint = lambda entry: outcome_hint(self, entry)
        self.timeline = Timeline(
            self._guard(self.goto), self._guard(self.fork), self._guard(self.use_line)
        )
        tb = self.timeline.buttons
        tb["start"].on_click(self._guard(lambda _: self.goto(0)))
        tb["back"].on_click(self._guard(lambda _: self.step_back()))
        tb["forward"].on_click(self._guard(lambda _: self.step_forward()))
        tb["end"].on_click(self._guard(lambda _: self.goto(self.length)))
        tb["fork"].on_click(self._guard(lambda _: self.fork()))
        self.seat_controls = SeatControls(
            names,
            (HUMAN, *bot_names()),
            self._guard(self.set_seat),
            self._guard(self.set_viewer),
            self._guard(lambda: self.auto_play()),
        )
        sc = self.seat_controls
        sc.hot_seat.observe(
            self._guard(lambda ch: sc._quiet or setattr(self, "hot_seat", ch["new"])),
            names="value",
        )
        sc.auto.observe(
            self._guard(lambda ch: sc._quiet or setattr(self, "auto", ch["new"])),
            names="value",
        )
        self.details_box = w.Checkbox(
            value=False,
            description="rules details (clause IDs, state inspector)",
            indent=False,
            layout=w.Layout(width="auto"),
        )
        self.details_box.add_class("tabletop-details")
        self.details_box.observe(
            self._guard(lambda ch: setattr(self, "details", ch["new"])), names="value"
        )
        from tabletop.ui.saving import SaveLoad

        self.files = SaveLoad(self, self._guard)
        self.log_view = w.HTML()
        self.log_view.add_class("tabletop-log")
        self.inspector = w.HTML()
        self.inspector.add_class("tabletop-inspector")
        self.evaluation = EvaluationBar(
            self,
            budget=EVALUATION_BUDGET,
            cpu_seconds=EVALUATION_CPU_SECONDS,
            enabled=self._evaluation_option,
            wait_for_page=True,
            delay=EVALUATION_DELAY,
            every=20,
        )
        self.review = ReviewPanel(self)
        self.evaluation.head.children = (*self.evaluation.head.children,
                                         self.review.quick_hint)  # fmt: skip
        self.tabs = tabs = w.Tab(
            [
                self.log_view,
                self.inspector,
                w.VBox([sc.widget, self.details_box]),
                self.files.widget,
                self.review,
            ]
        )
        titles = ("Log", "Rules details", "Seats", "Save / load", "Review")
        for i, title in enumerate(titles):
            tabs.set_title(i, title)
        tabs.observe(self._guard(lambda _: self.render_tabs()), names="selected_index")
        self.grid = w.Box(
            [h.canvas for h in self.hands],
            layout=w.Layout(flex_flow="row wrap", grid_gap="4px 12px"),
        )
        # Who is ahead sits above the choices, keeping its height while it
        # recomputes (nothing moves under the pointer); the side panel takes the
        # width the board, kept in its aspect ratio, leaves, and the board's height
        # (CSS ``contain: size``: a long list of choices scrolls inside the panel
        # instead of pushing the hands down, leaving a gap under the board).
        self.side = w.VBox(
            [
                self.handover.widget,
                self.evaluation,
                self.actions.widget,
                self.recap,
                self.actions.why,
            ],
            layout=w.Layout(
                flex="1 1 320px",
                min_width="300px",
                max_width="520px",
                margin="0 0 0 8px",
            ),  # fmt: skip
        )
        self.side.add_class("tabletop-side")
        self.board_box = w.VBox(
            [self.board.canvas, self.hover],
            layout=w.Layout(flex="0 1 auto", min_width="0"),
        )
        self.children = [
            self.style,
            self.status,
            self.notice,
            self.error_area,
            self.end_box,
            w.HBox([self.board_box, self.side], layout=w.Layout(width="100%")),
            self.grid,
            self.timeline.widget,
            tabs,
            self.beacon,
            self.echo,
        ]
        self.add_class("tabletop-table")
        if self.compact:
            self.add_class("tabletop-compact")
            self.tabs.layout.display = "none"

    def close(self) -> None:
        """Close the table's widgets; background analysis stops."""
        if hasattr(self, "evaluation"):  # (a table that failed to build has none)
            self.evaluation.stop()
        if hasattr(self, "review"):
            self.review.cancel()
        super().close()

    def _guard(self, fn: Any) -> Any:
        """Wrap a callback: refusals go to the notice line, errors to the error area."""

        def run(*args: Any) -> Any:
            if self.message or self.error:  # a new gesture: clear the last notice
                self.message = self.error = ""
            try:
                return fn(*args)
            except TabletopError as exc:
                clause = getattr(exc, "clause", "")
                reason = getattr(exc, "reason", str(exc))
                shown = f" [{clause}]" if clause and self.details else ""
                self.message = f"Not possible: {reason}{shown}"
                self.refused_clause = clause
            except Exception as exc:  # noqa: BLE001 - shown in the UI, then logged
                self.error = "".join(traceback.format_exception(exc)[-6:])
                LOG.error("error in a table callback: %s", exc)
            return None

        return run

    def _gesture(self, fn: Any) -> Any:
        """A move-making click from the page: dropped when the page had not yet
        shown the latest render (or while the table is updating)."""
        guarded = self._guard(fn)

        def run(*args: Any) -> Any:
            if self._updating or self.stale():
                self.dropped += 1
                return None
            return guarded(*args)

        return run

    def stale(self) -> bool:
        """Whether the page has not yet shown the latest render (its echo lags).

        Before the page has echoed anything (no browser, as in tests) nothing is
        stale.
        """
        return self.echo.value >= 0 and self.echo.value != self.token

    def _hand_click(self, seat: int) -> Any:
        def clicked(index: int) -> None:
            if seat != self.game.to_move(self.state):
                raise IllegalActionError(
                    "TT-TURN", f"it is not {self.look.seat_name(seat)}'s turn"
                )
            self.play_card(index)

        return clicked

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The widget, plus an SVG picture of the position as the table shows it
        (of the moment it is asked for; ``_ipython_display_`` shows one that
        follows the table)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if not isinstance(self.match, Match) or bundle is None:
            return bundle
        try:
            return with_picture(bundle, self.match, self.eyes)
        except Exception:  # a picture must never stop the table from showing
            LOG.exception("no picture for this table")
            return bundle

    def _ipython_display_(self) -> None:
        """Show the widget, then a picture of what it shows that follows it.

        The picture is a plain SVG output replaced on every step (one display id
        for every place the table is shown), so a notebook saved after playing
        holds the last position: notebook viewers, nbconvert and a JupyterLab
        reopened without its kernel show it. While the widget is live, the table's
        style hides the picture output right after it (no board shown twice).
        """
        bundle = super()._repr_mimebundle_()
        if bundle is None:
            return
        bundle["text/plain"] = (
            f"A live {self.game.name} table for {self.game.players} players: run "
            "the notebook to play (the picture below shows its last position)."
        )
        display(bundle, raw=True)
        if not isinstance(self.match, Match):
            return  # an online seat: its view lives on the server
        try:
            self.picture.show(self.match, self.eyes)
        except Exception:  # a picture must never stop the table from showing
            LOG.exception("no picture for this table")

    def _follow_picture(self) -> None:
        """Replace the shown picture when the table shows something else."""
        if not self.picture.shown or not isinstance(self.match, Match):
            return
        try:
            self.picture.follow(self.match, self.eyes)
        except Exception:  # a picture must never stop the table from playing
            LOG.exception("the table's picture could not follow")

    # -- derived values -----------------------------------------------------------
    @property
    def eyes(self) -> Any:
        """Whose eyes the views use: the viewer, or the public behind a hand-over."""
        return PUBLIC if self.curtain is not None else self.viewer

    def showing(self) -> str:
        """Whose eyes the table shows, in words (the end of the status line)."""
        eyes = self.eyes
        if eyes is None:
            return "everything"
        if eyes == PUBLIC:
            return "nobody's secrets (hand-over)"
        return self.look.seat_name(eyes)

    @property
    def view_state(self) -> Any:
        """The state as the viewing seat may see it."""
        return self.game.view(self.state, self.eyes)

    @property
    def branches(self) -> list[Match]:
        """The other lines of the timeline (kept futures, earlier games)."""
        return [m for m in self.lines if m is not self.match]

    @property
    def bot_seats(self) -> tuple[int, ...]:
        """The seats a bot plays."""
        return tuple(sorted(self._bots))

    @property
    def to_move(self) -> int | None:
        return self.game.to_move(self.state)

    def human_seats(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.game.players) if s not in self._bots)

    def can_act(self) -> bool:
        """Whether the viewer may choose for the seat to move (a human seat)."""
        seat = self.to_move
        return (
            seat is not None
            and seat not in self._bots
            and self.curtain is None
            and self.viewer in (None, seat)
        )

    def shown_actions(self) -> tuple[Explanation, ...]:
        """The legal actions the panel shows: all of them, or the selection's."""
        if not self.can_act():
            return ()
        sel = self.selection
        return tuple(e for e in self.legal if sel is None or sel.matches(e))

    # -- gestures -----------------------------------------------------------------
    def choose(self, action: Any) -> tuple:
        """Play an action (object or notation) for the seat to move.

        Played from an earlier step, the game goes on in a new line and the old
        future is kept as a line of its own.

        Raises:
            IllegalActionError: the action is not legal now (nothing changes).
        """
        events = self._play(action)
        with self._one_update():
            self.selection = None
            self.message = ""
            self._play_bots_if_auto()
            self._sync()
        return events

    def _play(self, action: Any) -> tuple:
        """Play on the match; from an earlier step, on a new line."""
        if self.match.cursor < len(self.match) and isinstance(self.match, Match):
            refusal = self.match.check(action)
            if refusal is not None:
                raise refusal.error()
            old = self.match
            self.match = old.fork()
            self.lines = [*self.lines, self.match]
            self._branched = (old, self.match.cursor)
        events = self.match.play(action)
        if isinstance(self.match, Match):  # a remote match keeps no steps here
            self._played.append(self.match.steps[self.match.cursor - 1])
        return events

    def click_space(self, space: str) -> tuple:
        """A click on a board space: play the action that involves it.

        When several legal actions involve the space, it becomes the selection and
        the actions panel shows just those (a card click or a button then decides).
        """
        entries = [e for e in self.legal if space in e.spaces] if self.can_act() else []
        if not entries:
            raise IllegalActionError(
                "TT-PHASE",
                f"nothing can be done on {self.look.space_name(space)} now",
            )
        sel = self.selection
        if len(entries) > 1 and sel is not None and sel.kind == "card":
            entries = [e for e in entries if e.card == sel.value] or entries
        if len(entries) == 1 and not self._own_space(space):
            return self.choose(entries[0].action)
        self.selection = Selection("space", space, self.look.space_name(space))
        return ()

    def _own_space(self, space: str) -> bool:
        """Whether the seat to move stands on ``space``: a click on your own piece
        shows what you can do there instead of doing it at once (a roll)."""
        seat = self.to_move
        spaces = self.look.piece_spaces(self.game.view(self.state, PUBLIC))
        return seat is not None and seat < len(spaces) and spaces[seat] == space

    def click_xy(self, x: float, y: float) -> tuple:
        """A mouse press on the board at canvas pixel (x, y)."""
        targets = [s for e in self.shown_actions() for s in e.spaces]
        space = self.look.hit(x, y, prefer=targets)
        if space is None:
            raise IllegalActionError("TT-PHASE", "there is no space there")
        return self.click_space(space)

    def ring(self, spaces: Any) -> None:
        """Ring spaces on the board (what a lesson is about) until rung again."""
        self.rings = tuple(s for s in spaces if s in self.look.xy)
        self.render()

    def focus(self, spaces: Any) -> None:
        """Show only the area of the board around ``spaces``, the piece of the seat
        to move and the legal targets (a lesson's board); the area grows when a
        piece or a target leaves it. ``focus(())`` shows the whole board again."""
        self._focus = tuple(s for s in spaces if s in self.look.xy)
        if not self._focus:
            self.board.show_area(0, 0, self.look.width, self.look.height)
        else:
            targets = {s for e in self.shown_actions() for s in e.spaces}
            needed = self._needed_points(self.view_state, targets)
            self.board.show_area(*_area_around(needed))
        self.render()

    def _needed_points(self, view: Any, targets: Any) -> list[tuple[float, float]]:
        """Where what a focused board must show stands: the focus, the mover's
        piece and the legal targets."""
        seat = self.to_move
        pieces = self.look.piece_spaces(view)
        mover = (pieces[seat],) if seat is not None and seat < len(pieces) else ()
        xy = self.look.xy
        return [xy[s] for s in (*self._focus, *mover, *targets) if s in xy]

    def _keep_in_focus(self, view: Any, targets: Any) -> None:
        """Grow a focused board's area when what it must show has left it."""
        if not self._focus:
            return
        needed = self._needed_points(view, targets)
        if all(self.board.shows(x, y, margin=FOCUS_MARGIN / 2) for x, y in needed):
            return
        ax, ay, aw, ah = self.board.area  # keep what is shown: its inner corners
        inner = [(ax + FOCUS_MARGIN, ay + FOCUS_MARGIN),
                 (ax + aw - FOCUS_MARGIN, ay + ah - FOCUS_MARGIN)]  # fmt: skip
        self.board.show_area(*_area_around([*needed, *inner]))

    def hover_xy(self, x: float, y: float) -> str | None:
        """The pointer rests at (x, y): name the space under it (and what it does)
        in the line under the board; nothing is sent unless the space changed."""
        space = self.look.hit(x, y)
        if space != self._hovered:
            self._hovered = space
            text = self.look.describe(space) if space else ""
            self.hover.value = f"<small>{_esc(text)}</small>" if text else ""
        return space

    def play_card(self, card: str | int) -> tuple:
        """Play a card of the hand of the seat to move, by kind or by hand index."""
        seat = self.to_move
        if seat is None or not self.can_act():
            raise IllegalActionError(
                "TT-TURN", "no hand may play a card for this viewer now"
            )
        if isinstance(card, int):
            hand = self.look.hand(self.game.view(self.state, seat), seat)
            if isinstance(hand, int) or not 0 <= card < len(hand):
                raise IllegalActionError(
                    "TT-NOTATION", f"there is no card {card} in the hand"
                )
            card = hand[card]
        name = self.look.face(card).name
        entries = [e for e in self.legal if e.card == card]
        if not entries:
            raise IllegalActionError("TT-PHASE", f"{name} cannot be played now")
        sel = self.selection
        if len(entries) > 1 and sel is not None and sel.kind == "space":
            entries = [e for e in entries if sel.value in e.spaces] or entries
        if len(entries) == 1:
            return self.choose(entries[0].action)
        self.selection = Selection("card", card, f"the card {name}")
        return ()

    def clear_selection(self) -> None:
        self.selection = None

    def reveal(self) -> None:
        """The player the laptop was passed to shows the table through their eyes."""
        if self.curtain is None:
            return
        with self._one_update():
            self.viewer, self.curtain = self.curtain, None
            self._deliver()

    def step_back(self) -> int:
        return self.goto(max(0, self.step - 1))

    def step_forward(self) -> int:
        return self.goto(min(self.length, self.step + 1))

    def goto(self, step: int) -> int:
        """Show any step of the timeline (playing from there starts a new line)."""
        self.match.goto(step)
        with self._one_update():
            self.selection = None
            self._recent = ()
            self._sync()
        return step

    def fork(self) -> Match:
        """Play on from here in a new line; the old line stays listed."""
        self.match = self.match.fork()
        self.lines = [*self.lines, self.match]
        with self._one_update():
            self._sync()
        return self.match

    def use_line(self, index: int) -> Match:
        """Take up another line of the timeline (where it was left)."""
        if not 0 <= index < len(self.lines):
            raise IllegalActionError("TT-PHASE", f"there is no line {index + 1}")
        self.match = self.lines[index]
        with self._one_update():
            self.selection = None
            self._recent = ()
            self._sync()
        return self.match

    def new_game(self, seed: int | None = None) -> Match:
        """A new deal for the same seats (``seed``: the next one if omitted)."""
        seed = self.match.seed + 1 if seed is None else seed
        self.match = Match(self.game, seed=seed)
        self.lines = [self.match]
        with self._one_update():
            self.curtain = None
            self.selection = None
            self._recent = ()
            for seat in list(self._bots):
                self._seat(seat, self.seats[seat])
            self._play_bots_if_auto()
            self._sync()
        return self.match

    def play_again_same_deal(self) -> int:
        """Back to the start of this deal; the first move starts a new line."""
        return self.goto(0)

    def set_viewer(self, seat: int | None) -> None:
        """See the table through a seat's eyes (``None``: everything); ends hot seat."""
        if seat is not None and not 0 <= seat < self.game.players:
            raise IllegalActionError("TT-TURN", f"there is no seat {seat}")
        if self.curtain is not None:
            name = self.look.seat_name(self.curtain)
            raise IllegalActionError(
                "TT-TURN", f"the laptop is being passed: {name} reveals first"
            )
        with self._one_update():
            self.hot_seat = False
            self.curtain = None
            self.viewer = seat

    def set_seat(self, seat: int, kind: Any) -> None:
        """Seat a human (``"human"``) or a bot (name or object) at ``seat``."""
        if not 0 <= seat < self.game.players:
            raise IllegalActionError("TT-TURN", f"there is no seat {seat}")
        with self._one_update():
            self._seat(seat, kind)
            self._play_bots_if_auto()
            self._sync()

    def _seat(self, seat: int, kind: Any) -> None:
        if kind == HUMAN:
            self._bots.pop(seat, None)
        else:
            self._bots[seat] = make_seat_bot(kind, self.game, self.match.seed, seat)
            kind = seat_label(kind)
        seats = list(self.seats)
        seats[seat] = kind
        self.seats = tuple(seats)
        self.evaluation.follow_default()  # unless toggled by hand

    def auto_play(self, max_moves: int = MAX_AUTO_MOVES) -> int:
        """Let bot seats move until a human seat is to move or the game ends."""
        with self._one_update():
            played = self._play_bots(max_moves)
            self.selection = None
            self._sync()
        return played

    def _play_bots(self, max_moves: int) -> int:
        played = 0
        while played < max_moves:
            state = self.match.state
            seat = self.game.to_move(state)
            if seat is None or seat not in self._bots:
                break
            self._play(self._bots[seat].choose(self.game.view(state, seat)))
            played += 1
        return played

    def _play_bots_if_auto(self) -> None:
        if self.auto:
            self._play_bots(MAX_AUTO_MOVES)

    # -- keeping the views in step --------------------------------------------------
    def _sync(self) -> None:
        m = self.match
        self.state = m.state
        self.step = m.cursor
        self.length = len(m)
        self.legal = m.explain()
        self._note_what_happened()
        seat = self.game.to_move(m.state)
        human = seat is not None and seat not in self._bots
        if self.curtain is not None and human:
            # Still passing the laptop: stepping along the timeline never opens
            # the screen; only the player who reveals does.
            self.curtain = seat
        elif self.curtain in self._bots:  # the seat passed to became a bot
            humans = self.human_seats()
            later = [s for s in humans if s > self.curtain]
            self.curtain = (later or list(humans) or [None])[0]
        elif self.hot_seat and human:
            if seat == self.viewer:
                pass
            elif (
                self.handover_on
                and self.viewer is not None
                and len(self.human_seats()) > 1
            ):
                self.curtain = seat  # pass the laptop: nothing secret shows
            else:
                self.viewer = seat
        self._deliver()
        self._save_if_asked()

    def _note_what_happened(self) -> None:
        """Keep the moves just played for the recap, and tell each seat that lost
        cards on another seat's move what went (delivered when that seat looks)."""
        played, self._played = self._played, []
        self._played_now = bool(played)
        if not played:
            return
        self._recent = tuple(played)
        for step in played:
            for seat, names in lost_cards(self, step).items():
                if seat != step.player:
                    who = self.look.seat_name(step.player)
                    self._mail.setdefault(seat, []).append(
                        f"On {who}'s turn (step {step.index}) you lost "
                        f"{', '.join(names)}."
                    )

    def _deliver(self) -> None:
        """Show the messages for the seat now looking (never behind a hand-over)."""
        seat = self.eyes
        if not isinstance(seat, int):
            self.letter = ""
        elif self._mail.get(seat):
            self.letter = " ".join(self._mail.pop(seat))
        elif self._played_now:
            self.letter = ""

    def _save_if_asked(self) -> None:
        if self.autosave is None or self.resume_from is not None:
            return
        if len(self.match) == 0:
            return
        self.autosave.parent.mkdir(parents=True, exist_ok=True)
        self.match.save(self.autosave)

    def _offer_resume(self) -> None:
        if self.autosave is not None and self.autosave.exists():
            self.resume_from = self.autosave

    def resume_saved(self) -> Match:
        """Load the autosaved match (through the strict loader) and play on."""
        path = self.resume_from or self.autosave
        if path is None:
            raise IllegalActionError("TT-PHASE", "there is no saved game to resume")
        self.resume_from = None
        return self.load_match(Match.load(path))

    def dismiss_resume(self) -> None:
        """Start fresh: the old autosave is kept beside as ``*.previous.json``."""
        path = self.resume_from
        self.resume_from = None
        if path is not None and path.exists():
            path.replace(path.with_suffix(".previous.json"))
        with self._one_update():
            self._sync()

    def load_match(self, match: Match) -> Match:
        """Play on with a loaded match (same game and players as this table)."""
        if match.game.name != self.game.name or match.game.players != (
            self.game.players
        ):
            raise IllegalActionError(
                "TT-PHASE",
                f"that save is a {match.game.name} game for {match.game.players} "
                f"players, not this table's",
            )
        self.match = match
        self.lines = [match]
        with self._one_update():
            self.curtain = None
            self.selection = None
            self._recent = ()
            self._sync()
        return match

    @contextmanager
    def _one_update(self) -> Iterator[None]:
        """Change several traits, then render once."""
        if self._updating:
            yield
            return
        self._updating = True
        try:
            yield
        except BaseException:
            # The match may have moved before the failure (bots played, then one
            # raised): show where it stands, then let the guard show the error.
            try:
                self._sync()
            finally:
                self._updating = False
            self.render()
            raise
        self._updating = False
        self.render()

    @observe("hot_seat")
    def _hot_seat_on(self, change: dict) -> None:
        """Hot seat turned on: look through the human seat to move at once."""
        seat = self.game.to_move(self.match.state)
        if self.curtain is not None:  # only the reveal opens a hand-over screen
            if seat is not None and seat not in self._bots:
                self.curtain = seat
            return
        if change["new"] and seat is not None and seat not in self._bots:
            self.viewer = seat

    @observe(
        "state", "viewer", "selection", "legal", "seats", "curtain", "details", "letter"
    )
    def _changed(self, change: dict) -> None:
        if not self._updating:
            self.render()

    @observe("message", "error")
    def _render_notices(self, change: dict | None = None) -> None:
        self.notice.value = (
            f"<span style='color:#b45309'>{_esc(self.message)}</span>"
            if self.message
            else ""
        )
        self.error_area.value = (
            f"<pre style='color:#b71c1c'>Error: {_esc(self.error)}</pre>"
            if self.error
            else ""
        )

    def redraw_all(self, widget: Any = None) -> None:
        """Draw everything again, or one widget whose page just became ready.

        A new or reloaded page starts blank; each canvas says when it is ready, so
        only that one (and the card sprites it copies from) is drawn again.
        """
        forget_current_canvas()
        self.sprites.invalidate()
        for view in [self.board, *self.hands] if widget is None else [widget]:
            view.invalidate()
        self.render()

    def render(self) -> None:
        """Bring every view in line with the traits: canvases in one message."""
        moment = (
            id(self.match),
            id(self.state),
            self.selection,
            self.viewer,
            self.curtain,
            self.details,
            self.teach,
            tuple(self.seats),
        )
        if moment != self._moment:  # what a click means has changed
            self._moment = moment
            self.token += 1
        if self.sprites.details != self.details:  # clause IDs on the card faces
            self.sprites.details = self.details
            self.sprites.invalidate()
            for hand in self.hands:
                hand.invalidate()
        view = self.view_state
        shown = self.shown_actions()
        targets = {s for e in shown for s in e.spaces}
        cards = {e.card for e in shown if e.card}
        sel = self.selection
        space = sel.value if sel is not None and sel.kind == "space" else ""
        space = space or self.teach_panel.focus_space()
        seat = self.to_move
        moved = last_move(self)
        self._keep_in_focus(view, targets)
        try:
            with one_batch():
                self.sprites.prepare(self.look.card_kinds())
                layers = self.board.render(view, targets, space, moved, self.rings)
                for hand in self.hands:
                    s = hand.seat
                    hand.render(
                        self.look.hand(view, s),
                        cards if s == seat else (),
                        self.look.seat_note(view, s),
                        s == seat,
                    )
            self.redraws = [*self.redraws[-99:], layers]
            if layers:
                self._fresh_class(self.board.canvas)
        finally:
            self._render_panels(shown)
            self.beacon.value = self.token  # last: the page echoes it when shown
        self._follow_picture()

    @staticmethod
    def _fresh_class(widget: Any) -> None:
        """Restart the short pointer pause of a redrawn canvas (CSS animation)."""
        a, b = "tabletop-fresh-a", "tabletop-fresh-b"
        if a in widget._dom_classes:
            widget.remove_class(a)
            widget.add_class(b)
        else:
            widget.remove_class(b)
            widget.add_class(a)

    def _render_panels(self, shown: tuple[Explanation, ...]) -> None:
        self.status.value = status_html(self)
        self._render_notices()
        seat = self.to_move
        if self.curtain is not None:
            heading = "Waiting for the hand-over"
        else:
            heading = "Your choices" if shown else waiting_text(self)
        bots_here = (
            seat is not None
            and seat in self._bots
            and not (self.auto and self.step == self.length)
        )
        self.actions.render(
            shown,
            len(self.legal),
            self.selection,
            heading,
            token=self.token,
            details=self.details,
            bots_here=bots_here,
        )
        self.actions.widget.layout.display = "none" if self.curtain is not None else ""
        # Who is ahead and its hint are the next player's, once they have the laptop.
        hidden = self.compact or self.curtain is not None
        self.evaluation.layout.display = "none" if hidden else ""
        # Online the moves live on the server: no hint is offered.
        online = not isinstance(self.match, Match)
        self.review.quick_hint.layout.display = "none" if online else ""
        name = None if self.curtain is None else self.look.seat_name(self.curtain)
        self.handover.render(name)
        letter = (
            f"<div class='tabletop-letter' style='background:#fff3e0;padding:4px'>"
            f"<b>For you:</b> {_esc(self.letter)}</div>"
            if self.letter
            else ""
        )
        self.recap.value = letter + recap_html(self, self._recent)
        self.timeline.render(
            self.step,
            self.length,
            [line_label(self, m, i) for i, m in enumerate(self.lines)],
            self.lines.index(self.match) if self.match in self.lines else 0,
        )
        self.seat_controls.render(self.seats, self.viewer, self.hot_seat, self.auto)
        if self.details_box.value != self.details:
            self.details_box.value = self.details
        self._render_end()
        self._order_hands()
        self.render_tabs()

    def _render_end(self) -> None:
        outcome = self.game.outcome(self.state)
        resume = self.resume_from is not None
        show = outcome is not None or resume
        self.banner.value = banner_html(self, outcome, resume)
        self.fresh_deal.layout.display = "" if outcome is not None else "none"
        self.again.layout.display = "" if outcome is not None else "none"
        self.resume.layout.display = "" if resume else "none"
        self.fresh.layout.display = "" if resume else "none"
        self.end_box.layout.display = "" if show else "none"

    def _order_hands(self) -> None:
        """The viewer's own hand first, right under the board."""
        me = self.eyes if isinstance(self.eyes, int) else None
        if self.compact:  # a lesson: only the hand that decides now
            me = self.to_move if me is None else me
        order = sorted(self.hands, key=lambda h: (h.seat != me, h.seat))
        if self.compact and me is not None:
            order = order[:1]
        kids = tuple(h.canvas for h in order)
        if tuple(self.grid.children) != kids:
            self.grid.children = kids

    def render_tabs(self) -> None:
        """Fill the tab on show (the log or the inspector); hidden tabs wait."""
        if self.tabs.selected_index == LOG_TAB:
            self.log_view.value = log_html(log_steps(self), self.details)
        elif self.tabs.selected_index == INSPECTOR_TAB:
            self.inspector.value = inspector_for(self)
        elif self.tabs.selected_index == GAME_TAB:
            self.files.render()

    def why_not(self, action: Any) -> Any:
        """Why an action (notation) is not legal now: the game's Refusal, or None."""
        return self.teach_panel.why_not(action)

    def press(self, item: Any) -> tuple:
        """An action button: play its action, or list a group of them."""
        if isinstance(item, Explanation):
            return self.choose(item.action)
        self.selection = Selection("clause", item.clause, f"{item.label}\u2026")
        return ()

    def _press_drawn(self, item: Any, token: int) -> tuple:
        """A button drawn at render ``token``: dropped if the table moved since."""
        if token != self.token:
            self.dropped += 1
            return ()
        return self.press(item)

    def summary(self) -> str:
        """A short deterministic text of where the game stands (for notebooks)."""
        return summary_text(self)

    def on(self, name: str, callback: Callable[..., Any]) -> None:
        """Observe a trait with a guarded callback (errors show in the table)."""
        self.observe(self._guard(callback), names=name)


def _area_around(points: list[tuple[float, float]]) -> tuple[float, ...]:
    """The board area (x, y, w, h) holding ``points`` with room around them (at
    least ``FOCUS_MIN``)."""
    xs, ys = [x for x, _ in points], [y for _, y in points]
    x0, x1 = min(xs) - FOCUS_MARGIN, max(xs) + FOCUS_MARGIN
    y0, y1 = min(ys) - FOCUS_MARGIN, max(ys) + FOCUS_MARGIN
    w, h = max(x1 - x0, FOCUS_MIN[0]), max(y1 - y0, FOCUS_MIN[1])
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return cx - w / 2, cy - h / 2, w, h


def _esc(text: str) -> str:
    import html

    return html.escape(text)
