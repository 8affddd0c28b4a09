"""The Table: the widget view of a ``TableModel``, for any game.

The model (``tabletop.ui.model``) holds what the table shows and decides
(``state``, ``step``, ``viewer``, ``selection``, ``legal``, ``seats``..., and who
may act); the Table draws it (the board, the hands, the panels) and redraws when
it changes. Every gesture has a public method (``click_space``, ``play_card``,
``choose``, ``step_back``, ``reveal``, ``set_seat``...) that delegates to the
model, so tests and notebooks drive the table exactly as clicks do; the model's
traits and decisions read through the Table too (``table.state``,
``table.can_act()``). A click in the browser goes through the same methods,
wrapped so that a refusal or an error shows in the table instead of vanishing into
a log.

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
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as w
from IPython.display import display
from traitlets import Int

from tabletop.core import Explanation, IllegalActionError, TabletopError
from tabletop.draw import with_picture
from tabletop.draw.look import Look, look_for
from tabletop.table.frame import SETTLE_MS
from tabletop.table.words import CONNECTION_LOST
from tabletop.ui.board import forget_current_canvas, one_batch
from tabletop.ui.board_picture import BoardPicture, FollowedText, FollowingText
from tabletop.ui.layout import build
from tabletop.ui.model import MAX_AUTO_MOVES, Selection, TableModel
from tabletop.ui.panels import log_html
from tabletop.ui.teach import TeachPanel
from tabletop.ui.texts import (
    banner_html,
    inspector_for,
    last_move,
    line_label,
    log_steps,
    recap_html,
    status_html,
    summary_text,
    waiting_text,
)

__all__ = ["MAX_AUTO_MOVES", "Selection", "Table"]

LOG = logging.getLogger(__name__)
LOG_TAB, INSPECTOR_TAB, SEATS_TAB, GAME_TAB, REVIEW_TAB = 0, 1, 2, 3, 4
FOCUS_MARGIN = 80  # board pixels around what a focused (lesson) board shows
FOCUS_MIN = (420, 260)  # the smallest area a focused board shows

# A table whose kernel restarted or stopped (ipywidgets marks its views
# ``jupyter-widgets-disconnected``) says so instead of ignoring clicks, and hides
# everything it showed (a dead view would go on showing the last revealed hand);
# the picture kept beside it (the board as the notebook file keeps it) shows instead.
DISCONNECTED = (
    "This table lost its kernel (restarted or stopped). The picture below is the "
    "board as the notebook last kept it, and may be some moves behind. Run its "
    "cell again to play on (with autosave on, the new table offers to resume "
    "this game)."
)

#: The live table of each autosave file (resolved path -> the table). A table
#: made for a file closes the one before it: that one's cell was run again, and a
#: page reloaded from an older copy of the notebook would show it live, its moves
#: overwriting the newer game's save.
_LIVE_BY_SAVE: dict[Path, weakref.ref] = {}

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
  max-height: max(300px, calc(100vh - 300px)); }}
.tabletop-table .tabletop-hand {{ width: auto !important; }}
.tabletop-compact .tabletop-board {{ max-height: 340px; }}
.tabletop-table .tabletop-side {{ max-height: max(320px, calc(100vh - 200px));
  min-height: min(max(320px, calc(100vh - 400px)), 420px);
  overflow-y: auto; contain: size;
  /* a shadow at an edge with more to scroll to (the covers move with the text) */
  background:
    linear-gradient(var(--jp-layout-color0, #fff) 30%, transparent) top / 100% 24px
      no-repeat local,
    linear-gradient(transparent, var(--jp-layout-color0, #fff) 70%) bottom / 100% 24px
      no-repeat local,
    linear-gradient(rgba(0,0,0,.18), transparent) top / 100% 10px no-repeat scroll,
    linear-gradient(transparent, rgba(0,0,0,.18)) bottom / 100% 10px no-repeat scroll;
  }}
.tabletop-compact .tabletop-side {{ max-height: 360px; min-height: 300px; }}
.tabletop-table .tabletop-side > * {{ flex-shrink: 0; }}
.tabletop-table .tabletop-action button, .tabletop-table button.tabletop-action
  {{ white-space: normal; height: auto; min-height: 28px; }}
.tabletop-table .tabletop-many > button.tabletop-action
  {{ flex: 1 1 calc(50% - 4px); max-width: calc(50% - 4px); line-height: 16px;
  padding: 4px 8px; }}
.tabletop-notice {{ min-height: var(--jp-widgets-inline-height, 28px);
  white-space: normal; overflow-wrap: anywhere; }}
.tabletop-beacon {{ display: none; }}
.tabletop-table .jupyter-widgets-disconnected::before {{ display: none; }}
.tabletop-table.jupyter-widgets-disconnected > * {{ display: none;
  pointer-events: none; }}
.tabletop-table.jupyter-widgets-disconnected::before {{ content: "{DISCONNECTED}";
  display: block; align-self: stretch; font: inherit; font-weight: bold;
  color: #b71c1c; background: #ffebee; border: 2px solid #b71c1c; padding: 8px;
  margin: 0 0 6px 0; }}
.jp-OutputArea-child:has(.tabletop-table:not(.jupyter-widgets-disconnected))
  + .jp-OutputArea-child:has(.jp-RenderedSVG) {{ display: none; }}
</style>"""


def _forward(*names: str) -> Callable[[type], type]:
    """Make each name a property of the class that reads (and, for the model's
    traits, writes) the same name on ``self.model``: ``table.choose`` is the
    model's ``choose``, ``table.state`` its state."""

    def add(cls: type) -> type:
        for name in names:
            setattr(cls, name, property(
                lambda self, n=name: getattr(self.model, n),
                lambda self, value, n=name: setattr(self.model, n, value),
                doc=f"The model's ``{name}`` (``TableModel.{name}``).",
            ))  # fmt: skip
        return cls

    return add


@_forward(
    "state", "step", "length", "viewer", "curtain", "selection", "legal", "seats",
    "message", "letter", "error", "auto", "hot_seat", "teach", "details",
    "match", "game", "lines", "autosave", "resume_from", "handover_on",
    "refused_clause", "recent", "eyes", "view_state", "branches", "bot_seats",
    "to_move",
    # the gestures and questions the model answers (see ``TableModel``)
    "human_seats", "can_act", "refusal_to_act", "refusal_to_branch",
    "refusal_while_offered",
    "shown_actions", "choose",
    "click_space", "play_card", "press", "clear_selection", "reveal", "step_back",
    "step_forward", "goto", "fork", "use_line", "new_game", "play_again_same_deal",
    "set_viewer", "set_seat", "auto_play", "resume_saved", "dismiss_resume",
    "load_match",
)  # fmt: skip
class Table(w.VBox):
    """A playable, inspectable table for a match (a ``Match``, or a seat's
    ``RemoteMatch``: anything ``tabletop.core.MatchLike``).

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

    Attributes:
        model: the ``TableModel`` this table shows.
    """

    token = Int(0, help="the number of the last render")

    def __init__(
        self,
        match: Any,
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
        self.look = look if look is not None else look_for(match.game)
        self.model = TableModel(match, self.look, autosave, handover)
        self.compact = compact
        self._evaluation_option = False if compact else evaluation
        self._moment: tuple = ()
        self._render_watchers: list[Callable[[list[int]], None]] = []
        self._drop_watchers: list[Callable[[], None]] = []
        self.rings: tuple[str, ...] = ()
        self.picture = BoardPicture()
        self.summary_shown = FollowedText()
        self._focus: tuple[str, ...] = ()
        build(self, CSS)
        self.teach_panel = TeachPanel(self, self._guard)
        model = self.model
        with model.batch():
            model.auto, model.hot_seat = auto, hot_seat
            model.teach, model.details = teach, details
            model.seat_all(seats)
            self.evaluation.follow_default()
            if model.auto:
                model.play_bots(MAX_AUTO_MOVES)
            model.sync()
        model.on_change(self.render)
        model.observe(lambda _: self.evaluation.follow_default(), names="seats")
        model.observe(lambda _: self._render_notices(), names=["message", "error"])
        self.render()
        if model.autosave is not None:
            self._take_over(model.autosave)

    def _take_over(self, save: Path) -> None:
        """Be the one live table of ``save``: the table made for it before, if it
        is still open, is closed (``close``) and writes the file no more."""
        key = save.resolve()
        known = _LIVE_BY_SAVE.get(key)
        before = known() if known is not None else None
        if before is not None and before is not self:
            before.close()
        _LIVE_BY_SAVE[key] = weakref.ref(self)

    def close(self) -> None:
        """Close the table's widgets; background analysis stops, and the autosave
        is written no more."""
        if hasattr(self, "evaluation"):  # (a table that failed to build has none)
            self.evaluation.stop()
        if hasattr(self, "review"):
            self.review.cancel()
        if hasattr(self, "model"):
            self.model.autosave = None
        super().close()

    # -- watching the view (tests count renders and dropped clicks) -----------------
    def on_render(self, callback: Callable[[list[int]], None]) -> None:
        """Call ``callback(layers)`` after each render with the board layers it
        redrew (``[]`` when none changed)."""
        self._render_watchers.append(callback)

    def on_drop(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` each time a click from the page is dropped (made on a
        render the page had not yet shown, or on a replaced button)."""
        self._drop_watchers.append(callback)

    def _dropped(self) -> None:
        for callback in self._drop_watchers:
            callback()

    # -- callbacks from the page -----------------------------------------------------
    def _guard(self, fn: Any) -> Any:
        """Wrap a callback: refusals go to the notice line, errors to the error area."""

        def run(*args: Any) -> Any:
            model = self.model
            if model.message or model.error:  # a new gesture: clear the last notice
                model.message = model.error = ""
            try:
                return fn(*args)
            except TabletopError as exc:
                clause = getattr(exc, "clause", "")
                reason = self.look.refusal_words(getattr(exc, "reason", str(exc)))
                shown = f" [{clause}]" if clause and model.details else ""
                model.message = f"Not possible: {reason}{shown}"
                model.refused_clause = clause
            except ConnectionError:  # an online table whose server is out of reach
                model.message = f"Not possible now: {CONNECTION_LOST}"
                model.refused_clause = "TT-ONLINE"
            except Exception as exc:  # noqa: BLE001 - shown in the UI, then logged
                model.error = "".join(traceback.format_exception(exc)[-6:])
                LOG.error("error in a table callback: %s", exc)
            return None

        return run

    def _gesture(self, fn: Any) -> Any:
        """A move-making click from the page: dropped when the page had not yet
        shown the latest render (or while the table is updating)."""
        guarded = self._guard(fn)

        def run(*args: Any) -> Any:
            if self.model.updating or self.stale():
                self._dropped()
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
            if seat != self.model.to_move:
                raise IllegalActionError(
                    "TT-TURN", f"it is not {self.look.seat_name(seat)}'s turn"
                )
            self.play_card(index)

        return clicked

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The widget, plus an SVG picture of the position as the table shows it
        (of the moment it is asked for; ``_ipython_display_`` shows one that
        follows the table); between human seats the picture shows no hand
        (``TableModel.kept_eyes``)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if self.match.refusal("review") is not None or bundle is None:
            return bundle
        try:
            return with_picture(bundle, self.match, self.model.kept_eyes)
        except Exception:  # a picture must never stop the table from showing
            LOG.exception("no picture for this table")
            return bundle

    def _ipython_display_(self) -> None:
        """Show the widget, then a picture of what it shows that follows it.

        The picture is a plain SVG output replaced on every step (one display id
        for every place the table is shown), so a notebook saved after playing
        holds the last position: notebook viewers, nbconvert and a JupyterLab
        reopened without its kernel show it. Between human seats it shows no
        one's hand (``TableModel.kept_eyes``): the file is read later, by anyone.
        While the widget is live, the table's style hides the picture output right
        after it (no board shown twice).
        """
        bundle = super()._repr_mimebundle_()
        if bundle is None:
            return
        bundle["text/plain"] = (
            f"A live {self.game.name} table for {self.game.players} players: run "
            "the notebook to play (the picture below shows its last position)."
        )
        display(bundle, raw=True)
        if self.match.refusal("review") is not None:
            return  # an online seat: its view lives on the server
        try:
            self.picture.show(self.match, self.model.kept_eyes)
        except Exception:  # a picture must never stop the table from showing
            LOG.exception("no picture for this table")

    def _follow_picture(self) -> None:
        """Replace the shown picture (and summary) when the table shows something
        else."""
        if self.summary_shown.shown:  # worded (legal actions counted) only then
            try:
                self.summary_shown.follow(summary_text(self))
            except Exception:  # a summary must never stop the table from playing
                LOG.exception("the table's summary could not follow")
        if not self.picture.shown or self.match.refusal("review") is not None:
            return
        try:
            self.picture.follow(self.match, self.model.kept_eyes)
        except Exception:  # a picture must never stop the table from playing
            LOG.exception("the table's picture could not follow")

    # -- gestures the view handles (the model decides; see ``TableModel``) -------
    def showing(self) -> str:
        """Whose eyes the table shows, in words (the end of the status line)."""
        eyes = self.model.eyes
        if eyes is None:
            return "everything"
        if isinstance(eyes, int):
            return self.look.seat_name(eyes)
        return "nobody's secrets (hand-over)"

    def click_xy(self, x: float, y: float) -> tuple:
        """A mouse press on the board at canvas pixel (x, y)."""
        self.model.ensure_may_act()
        targets = [s for e in self.shown_actions() for s in e.spaces]
        space = self.look.hit(x, y, prefer=targets)
        if space is None:
            raise IllegalActionError("TT-PHASE", "there is no space there")
        return self.model.click_space(space)

    def _press_drawn(self, item: Any, token: int) -> tuple:
        """A button drawn at render ``token``: dropped if the table moved since."""
        if token != self.token:
            self._dropped()
            return ()
        return self.press(item)

    def why_not(self, action: Any) -> Any:
        """Why an action (notation) is not legal now: the game's Refusal, or None."""
        return self.teach_panel.why_not(action)

    def summary(self) -> str:
        """A short deterministic text of where the game stands (for notebooks).

        Shown as a cell's value (``table.summary()`` last in a cell) it follows
        the table, as its picture does: a notebook saved after playing says the
        step its picture shows. Printed, it is the text of this moment.
        """
        return FollowingText(summary_text(self), self.summary_shown)

    def on(self, name: str, callback: Callable[..., Any]) -> None:
        """Observe a trait of the model with a guarded callback (errors show in
        the table)."""
        self.model.observe(self._guard(callback), names=name)

    # -- the board's area -----------------------------------------------------------
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
        in the line under the board, and what a click there shows when it does
        not play at once (the one choice it offers, or how many); nothing is
        sent unless the space changed."""
        space = self.look.hit(x, y)
        if space != self._hovered:
            self._hovered = space
            self.hover.value = self._hover_html(space)
        return space

    def _played_alike(self, view: Any, seat: int | None, cards: set) -> set:
        """The cards of the mover's hand the rules treat like ``cards`` (the
        look's ``same_use``): outlined too, since a press on one lists them."""
        hand = self.look.hand(view, seat) if cards and seat is not None else ()
        if isinstance(hand, int):
            return set()
        return {c for c in hand if cards & set(self.look.same_use(c))}

    def _hover_html(self, space: str | None) -> str:
        """The line under the board for the pointer resting on ``space``."""
        if not space:
            return ""
        text = self.look.describe(space)
        on = [e for e in self.shown_actions() if space in e.spaces]
        if on and self.model.click_plays(space) is not None:
            pass  # a move there, as the ring says: the name is enough
        elif len(on) == 1:
            text += f" \u2014 a click shows the choice: {self.actions.words(on[0])}"
        elif on:
            text += f" \u2014 a click lists the {len(on)} choices here"
        return f"<small>{_esc(text)}</small>" if text else ""

    def hover_out(self) -> None:
        """The pointer left the board: the line under it names nothing."""
        self._hovered = None
        self.hover.value = ""

    def _render_notices(self) -> None:
        """The notice line (the last refusal) and the error area."""
        message, error = self.model.message, self.model.error
        self.notice.value = (
            f"<span style='color:#b45309'>{_esc(message)}</span>" if message else ""
        )
        if not message:  # a new gesture: a typed action's refusal goes too
            self.actions.typed_refusal.value = ""
        self.error_area.value = (
            f"<pre style='color:#b71c1c'>Error: {_esc(error)}</pre>" if error else ""
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
            if self._hovered is not None:  # and what the hover line says of it
                self.hover.value = self._hover_html(self._hovered)
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
        cards |= self._played_alike(view, seat, cards)
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
            for callback in self._render_watchers:
                callback(layers)
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
        if self.curtain is not None:
            heading = "Waiting for the hand-over"
            # What the seat that passed the laptop typed is not the next one's (it
            # may name a card that seat holds, and Enter would send it).
            self.actions.notation.value = ""
            self.actions.typed_refusal.value = ""
        else:
            heading = "Your choices" if shown else waiting_text(self)
        bots_here = self.model.bots_may_move()
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
        # Behind a hand-over and under an offer to resume (dealt from the saved
        # game's seed), a seat's chances would tell what its hand holds.
        hidden = (
            self.compact or self.curtain is not None or self.resume_from is not None
        )
        self.evaluation.layout.display = "none" if hidden else ""
        # Where no hint is offered (online), its button is not shown.
        hinted = self.match.refusal("hint") is None
        self.review.quick_hint.layout.display = "" if hinted else "none"
        name = None if self.curtain is None else self.look.seat_name(self.curtain)
        self.handover.render(name)
        letter = (
            f"<div class='tabletop-letter' style='background:#fff3e0;padding:4px'>"
            f"<b>For you:</b> {_esc(self.letter)}</div>"
            if self.letter
            else ""
        )
        self.recap.value = letter + recap_html(self, self.model.recent)
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
        """The viewer's own hand first, right under the board; no hand rows at all
        while no seat holds a card (a game that deals after a first decision), so
        the first screen is not a column of empty rows."""
        me = self.eyes if isinstance(self.eyes, int) else None
        if self.compact:  # a lesson: only the hand that decides now
            me = self.to_move if me is None else me
        order = sorted(self.hands, key=lambda h: (h.seat != me, h.seat))
        if self.compact and me is not None:
            order = order[:1]
        view = self.view_state
        if all(self.look.hand(view, h.seat) in (0, ()) for h in self.hands):
            order = []
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
