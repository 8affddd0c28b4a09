"""The Table: one controller for any game, binding a Match to the board and panels.

Traits hold what the views show (``state``, ``step``, ``viewer``, ``selection``,
``legal``, ``seats``...); they are reassigned, never mutated in place. Every gesture
has a public method (``click_space``, ``play_card``, ``choose``, ``step_back``,
``fork``, ``set_seat``...), so tests and notebooks drive the table exactly as clicks
do. A click in the browser goes through the same methods, wrapped so that a refusal
or an error shows in the table instead of vanishing into a log.
"""

from __future__ import annotations

import logging
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import ipywidgets as w
from traitlets import Any as AnyTrait
from traitlets import Bool, Int, Tuple, Unicode, observe

from tabletop.core import Explanation, IllegalActionError, Match, TabletopError
from tabletop.ui.board import BoardAdapter, forget_current_canvas, one_batch
from tabletop.ui.layout import build
from tabletop.ui.panels import log_html
from tabletop.ui.seats import HUMAN, make_seat_bot, seat_label
from tabletop.ui.teach import TeachPanel
from tabletop.ui.texts import (
    inspector_for,
    status_html,
    summary_text,
    waiting_text,
)

LOG = logging.getLogger(__name__)
MAX_AUTO_MOVES = 5000
LOG_TAB, INSPECTOR_TAB = 0, 1


class Table(w.VBox):
    """A playable, inspectable table for a match.

    Args:
        match: the match to show and play (``Match(Pitfall(players=3), seed=7)``).
        adapter: the game's drawing adapter (found from the game's name if omitted).
        seats: per seat ``"human"``, a bot name (``"random"``...) or a bot object.
        auto: bot seats move by themselves after each gesture.
        hot_seat: the view follows the human seat to move.
        teach: show the teach panel (``tabletop.ui.teach``).
    """

    state = AnyTrait(help="the full state at the current step")
    step = Int(0, help="the current step of the timeline")
    length = Int(0, help="the number of steps in the timeline")
    viewer = Int(None, allow_none=True, help="whose eyes the table shows (None: all)")
    selection = Unicode("", help="'space:ID', 'card:KIND' or 'clause:ID' narrowing")
    legal = Tuple(help="the Explanations of every legal action now")
    seats = Tuple(help="per seat: 'human' or the bot's name")
    message = Unicode("", help="the last refusal or notice")
    error = Unicode("", help="the last error raised inside a callback")
    auto = Bool(True)
    hot_seat = Bool(True)
    teach = Bool(False, help="explain every legal action and refusals")

    def __init__(
        self,
        match: Match,
        adapter: BoardAdapter | None = None,
        seats: Any = None,
        auto: bool = True,
        hot_seat: bool = True,
        teach: bool = False,
    ) -> None:
        super().__init__()
        self.match = match
        self.game = match.game
        self.branches: list[Match] = []
        if adapter is None:
            from tabletop.ui.start import adapter_for

            adapter = adapter_for(self.game)
        self.adapter = adapter
        self._updating = False
        self._bots: dict[int, Any] = {}
        self.redraws: list[list[int]] = []
        build(self)
        self.teach_panel = TeachPanel(self, self._guard)
        with self._one_update():
            self.auto, self.hot_seat = auto, hot_seat
            self.teach = teach
            self.seats = (HUMAN,) * self.game.players
            for seat, kind in enumerate(seats or ()):
                self._seat(seat, kind)
            self._play_bots_if_auto()
            self._sync()

    # -- widgets ------------------------------------------------------------------
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
                self.message = f"Refused: {reason}" + (f" [{clause}]" if clause else "")
            except Exception as exc:  # noqa: BLE001 - shown in the UI, then logged
                self.error = "".join(traceback.format_exception(exc)[-6:])
                LOG.error("error in a table callback: %s", exc)
            return None

        return run

    def _hand_click(self, seat: int) -> Any:
        def clicked(index: int) -> None:
            if seat != self.game.to_move(self.state):
                raise IllegalActionError(
                    "TT-TURN", f"it is not {self.adapter.seat_name(seat)}'s turn"
                )
            self.play_card(index)

        return clicked

    # -- derived values -----------------------------------------------------------
    @property
    def view_state(self) -> Any:
        """The state as the viewing seat may see it."""
        return self.game.view(self.state, self.viewer)

    @property
    def bot_seats(self) -> tuple[int, ...]:
        """The seats a bot plays."""
        return tuple(sorted(self._bots))

    @property
    def to_move(self) -> int | None:
        return self.game.to_move(self.state)

    def can_act(self) -> bool:
        """Whether the viewer may see the choices of the seat to move."""
        seat = self.to_move
        return seat is not None and self.viewer in (None, seat)

    def shown_actions(self) -> tuple[Explanation, ...]:
        """The legal actions the panel shows: all of them, or the selection's."""
        if not self.can_act():
            return ()
        return tuple(e for e in self.legal if _matches(e, self.selection))

    # -- gestures -----------------------------------------------------------------
    def choose(self, action: Any) -> tuple:
        """Play an action (object or notation) for the seat to move.

        Raises:
            IllegalActionError: the action is not legal now (nothing changes).
        """
        events = self.match.play(action)
        with self._one_update():
            self.selection = ""
            self.message = ""
            self._play_bots_if_auto()
            self._sync()
        return events

    def click_space(self, space: str) -> tuple:
        """A click on a board space: play the action that involves it.

        When several legal actions involve the space, it becomes the selection and
        the actions panel shows just those (a card click or a button then decides).
        """
        entries = [e for e in self.legal if space in e.spaces] if self.can_act() else []
        if not entries:
            raise IllegalActionError(
                "TT-PHASE", f"no legal action involves {space} now"
            )
        kind, _, value = self.selection.partition(":")
        if len(entries) > 1 and kind == "card":
            entries = [e for e in entries if e.card == value] or entries
        if len(entries) == 1:
            return self.choose(entries[0].action)
        self.selection = f"space:{space}"
        return ()

    def click_xy(self, x: float, y: float) -> tuple:
        """A mouse press on the board at canvas pixel (x, y)."""
        targets = [s for e in self.shown_actions() for s in e.spaces]
        space = self.adapter.hit(x, y, prefer=targets)
        if space is None:
            raise IllegalActionError("TT-PHASE", "no space there")
        return self.click_space(space)

    def play_card(self, card: str | int) -> tuple:
        """Play a card of the hand of the seat to move, by kind or by hand index."""
        seat = self.to_move
        if seat is None or not self.can_act():
            raise IllegalActionError(
                "TT-TURN", "no hand may play a card for this viewer now"
            )
        if isinstance(card, int):
            hand = self.adapter.hand(self.game.view(self.state, seat), seat)
            if isinstance(hand, int) or not 0 <= card < len(hand):
                raise IllegalActionError(
                    "TT-NOTATION", f"there is no card {card} in the hand"
                )
            card = hand[card]
        entries = [e for e in self.legal if e.card == card]
        if not entries:
            name = self.adapter.face(card).name
            raise IllegalActionError("TT-PHASE", f"no legal action plays {name} now")
        kind, _, value = self.selection.partition(":")
        if len(entries) > 1 and kind == "space":
            entries = [e for e in entries if value in e.spaces] or entries
        if len(entries) == 1:
            return self.choose(entries[0].action)
        self.selection = f"card:{card}"
        return ()

    def clear_selection(self) -> None:
        self.selection = ""

    def step_back(self) -> int:
        return self.goto(max(0, self.step - 1))

    def step_forward(self) -> int:
        return self.goto(min(self.length, self.step + 1))

    def goto(self, step: int) -> int:
        """Show any step of the timeline (the future is kept until a new move)."""
        self.match.goto(step)
        with self._one_update():
            self.selection = ""
            self._sync()
        return step

    def fork(self) -> Match:
        """Play on from here in a new match; the old line is kept in ``branches``."""
        self.branches = [*self.branches, self.match]
        self.match = self.match.fork()
        with self._one_update():
            self._sync()
        return self.match

    def set_viewer(self, seat: int | None) -> None:
        """See the table through a seat's eyes (``None``: everything); ends hot seat."""
        if seat is not None and not 0 <= seat < self.game.players:
            raise IllegalActionError("TT-TURN", f"there is no seat {seat}")
        with self._one_update():
            self.hot_seat = False
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

    def auto_play(self, max_moves: int = MAX_AUTO_MOVES) -> int:
        """Let bot seats move until a human seat is to move or the game ends."""
        with self._one_update():
            played = self._play_bots(max_moves)
            self.selection = ""
            self._sync()
        return played

    def _play_bots(self, max_moves: int) -> int:
        played = 0
        while played < max_moves:
            state = self.match.state
            seat = self.game.to_move(state)
            if seat is None or seat not in self._bots:
                break
            self.match.play(self._bots[seat].choose(self.game.view(state, seat)))
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
        seat = self.game.to_move(m.state)
        if self.hot_seat and seat is not None and seat not in self._bots:
            self.viewer = seat

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
        if change["new"] and seat is not None and seat not in self._bots:
            self.viewer = seat

    @observe("state", "viewer", "selection", "legal", "seats")
    def _changed(self, change: dict) -> None:
        if not self._updating:
            self.render()

    @observe("message", "error")
    def _render_notices(self, change: dict | None = None) -> None:
        self.notice.value = (
            f"<span style='color:#b45309'>{self.message}</span>" if self.message else ""
        )
        self.error_area.value = (
            f"<pre style='color:#b71c1c'>Error: {self.error}</pre>"
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
        view = self.view_state
        shown = self.shown_actions()
        targets = {s for e in shown for s in e.spaces}
        cards = {e.card for e in shown if e.card}
        space = self.selection[6:] if self.selection.startswith("space:") else ""
        space = space or self.teach_panel.focus_space()
        seat = self.to_move
        try:
            with one_batch():
                self.sprites.prepare(self.adapter.card_kinds())
                layers = self.board.render(view, targets, space)
                for hand in self.hands:
                    s = hand.seat
                    hand.render(
                        self.adapter.hand(view, s),
                        cards if s == seat else (),
                        self.adapter.seat_notes(view, s),
                        s == seat,
                    )
            self.redraws = [*self.redraws[-99:], layers]
        finally:
            self._render_panels(shown)

    def _render_panels(self, shown: tuple[Explanation, ...]) -> None:
        self.status.value = status_html(self)
        self._render_notices()
        heading = "Choose an action" if shown else waiting_text(self)
        self.actions.render(shown, len(self.legal), self.selection, heading)
        self.timeline.render(self.step, self.length)
        self.seat_controls.render(self.seats, self.viewer, self.hot_seat, self.auto)
        self.render_tabs()

    def render_tabs(self) -> None:
        """Fill the tab on show (the log or the inspector); hidden tabs wait."""
        if self.tabs.selected_index == LOG_TAB:
            self.log_view.value = log_html(self.match.log(self.viewer))
        elif self.tabs.selected_index == INSPECTOR_TAB:
            self.inspector.value = inspector_for(self)

    def why_not(self, action: Any) -> Any:
        """Why an action (notation) is not legal now: the game's Refusal, or None."""
        return self.teach_panel.why_not(action)

    def press(self, item: Any) -> tuple:
        """An action button: play its action, or list a group of them."""
        if isinstance(item, Explanation):
            return self.choose(item.action)
        self.selection = f"clause:{item.clause}"
        return ()

    def summary(self) -> str:
        """A short deterministic text of where the game stands (for notebooks)."""
        return summary_text(self)


def _matches(entry: Explanation, selection: str) -> bool:
    kind, _, value = selection.partition(":")
    if kind == "space":
        return value in entry.spaces
    if kind == "card":
        return entry.card == value
    if kind == "clause":
        return entry.clause == value
    return True
