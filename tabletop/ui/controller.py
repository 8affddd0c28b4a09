"""The Table: the widget view of a ``TableModel``, for any game.

The model (``tabletop.ui.model``, ``table.model``) holds what the table shows and
decides (``state``, ``step``, ``viewer``, ``selection``, ``legal``, ``seats``...,
and who may act) and answers every gesture (``click_space``, ``play_card``,
``choose``, ``step_back``, ``reveal``, ``set_seat``...), so tests and notebooks
drive the table exactly as clicks do: ``table.model.set_seat(1, "random")``. The
Table draws it (its widgets are ``table.widgets``, ``tabletop.ui.layout``) and
redraws when it changes; the few model names notebooks use are kept on it
(``table.choose``, ``table.goto``...; docs/table.md). A click in the browser goes
through the same methods, wrapped (``tabletop.ui.gestures``) so that a refusal or
an error shows in the table instead of vanishing into a log.

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

import html
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import ipywidgets as w
from traitlets import Int

from tabletop.core import IllegalActionError, Refusal
from tabletop.draw.figures import ZOOM_MOST, ZOOM_STEP
from tabletop.draw.look import Look, look_for
from tabletop.table import words
from tabletop.table.choices import picked_places, places_of
from tabletop.table.words import CONNECTION_LOST
from tabletop.ui.board import forget_current_canvas, one_batch
from tabletop.ui.board_area import BoardArea
from tabletop.ui.board_picture import TablePicture
from tabletop.ui.evaluation import EvaluationBar
from tabletop.ui.gestures import PageGestures
from tabletop.ui.layout import build, panel_parts
from tabletop.ui.model import MAX_AUTO_MOVES, Selection, TableModel
from tabletop.ui.panel_rendering import REVIEW_TAB, PanelRendering
from tabletop.ui.reader import ReaderPanel
from tabletop.ui.review_tab import ReviewPanel
from tabletop.ui.saving import take_over
from tabletop.ui.style import CSS, DISCONNECTED, restart_pointer_pause
from tabletop.ui.teach import TeachPanel
from tabletop.ui.texts import last_move

__all__ = ["CONNECTION_LOST", "CSS", "DISCONNECTED", "MAX_AUTO_MOVES", "REVIEW_TAB"]
__all__ += ["Selection", "Table"]


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
        model: the ``TableModel`` this table shows: its traits (``state``,
            ``step``, ``viewer``, ``seats``...), questions (``can_act()``...) and
            gestures (``click_space``, ``play_card``, ``set_seat``...).
        widgets: the ``TableWidgets`` it is made of (``tabletop.ui.layout``).
        board_area: the rung spaces and a lesson's focus (``BoardArea``).
        teach_panel: the teach panel (``tabletop.ui.teach``).
        parts: what its panels are given (``tabletop.ui.panel_parts``).

    A few of the model's names are kept on the table itself, the ones notebooks
    and the docs use (``choose``, ``goto``, ``match``, ``legal``, ``teach``; see
    docs/table.md).
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
        # every callback from the page goes through these (``PageGestures``)
        self.gestures = PageGestures(self)
        self._guard, self._gesture = self.gestures.guard, self.gestures.gesture
        self._hovered: str | None = None
        self.parts = panel_parts(self)  # what a panel is given (ui/panel_parts.py)
        self.picture = TablePicture(self.model)
        self.reader = ReaderPanel(self.model)  # laid out by build
        self.widgets = build(self, CSS)
        self.board_area = BoardArea(self.look, self.widgets.board)
        area = self.board_area
        self.widgets.view_bar.wire(
            self._guard(lambda f: (area.zoom(f), self.render())),
            self._guard(lambda dx, dy: (area.pan(dx, dy), self.render())),
            self._guard(lambda: (area.toggle_whole(), self.render())),
            self._guard(lambda ratio: area.measured(ratio) and self.render()),
            ZOOM_STEP,
        )
        self.panels = PanelRendering(self)
        self.widgets.actions.command = self._command
        self.model.who_is_ahead = self._who_is_ahead
        self.teach_panel = TeachPanel(self.parts)
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
        model.observe(lambda _: self.panels.notices(), names=["message", "error"])
        self.render()
        if model.autosave is not None:
            take_over(self, model.autosave)

    # -- the model's names that notebooks and the docs use (docs/table.md) ----------
    @property
    def match(self) -> Any:
        """The model's match (``TableModel.match``): the line shown."""
        return self.model.match

    @property
    def legal(self) -> tuple:
        """The model's legal actions now (``TableModel.legal``), as Explanations."""
        return self.model.legal

    @property
    def teach(self) -> bool:
        """The model's ``teach`` switch (``TableModel.teach``): the teach panel."""
        return self.model.teach

    @teach.setter
    def teach(self, value: bool) -> None:
        self.model.teach = value

    def choose(self, action: Any) -> tuple:
        """The model's ``choose`` (``TableModel.choose``): play an action (or its
        notation) as the seat to move."""
        return self.model.choose(action)

    def goto(self, step: int) -> int:
        """The model's ``goto`` (``TableModel.goto``): show the timeline at
        ``step``."""
        return self.model.goto(step)

    @property
    def evaluation(self) -> EvaluationBar:
        """The evaluation bar ("Who is ahead"), one of the table's widgets."""
        return self.widgets.evaluation

    @property
    def review(self) -> ReviewPanel:
        """The Review tab (graded moves and the hint), one of the table's widgets."""
        return self.widgets.review

    def close(self) -> None:
        """Close the table's widgets; background analysis stops, and the autosave
        is written no more."""
        if hasattr(self, "widgets"):  # (a table that failed to build has none)
            self.widgets.evaluation.stop()
            self.widgets.review.cancel()
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
        self.gestures.on_drop(callback)

    def stale(self) -> bool:
        """Whether the page has not yet shown the latest render (its echo lags)."""
        return self.gestures.stale()

    def _hand_click(self, seat: int) -> Any:
        def clicked(index: int) -> None:
            if seat != self.model.to_move:
                raise IllegalActionError(
                    "TT-TURN", f"it is not {self.look.seat_name(seat)}'s turn"
                )
            self.model.play_card(index)

        return clicked

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        """The widget, plus an SVG picture of the position as the table shows it
        (of the moment it is asked for; ``_ipython_display_`` shows one that
        follows the table); between human seats the picture shows no hand
        (``TableModel.kept_eyes``)."""
        return self.picture.with_picture(super()._repr_mimebundle_(**kwargs))

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
        if bundle is not None:
            self.picture.display(bundle)

    # -- gestures the view handles (the model decides; see ``TableModel``) -------
    def showing(self) -> str:
        """Whose eyes the table shows, in words (the end of the status line)."""
        return words.panels.showing(self.model)

    def click_xy(self, x: float, y: float) -> tuple:
        """A mouse press on the board at canvas pixel (x, y): the space there,
        preferring the targets on offer (the look's hit test), as a tap on it
        (``TableLogic.click_at``)."""
        return self.model.click_at(lambda targets: self.look.hit(x, y, prefer=targets))

    def _press_drawn(self, item: Any, token: int) -> tuple:
        """A button drawn at render ``token``: dropped if the table moved since."""
        if token != self.token:
            self.gestures.dropped()
            return ()
        return self.model.press(item)

    def _pick_drawn(self, index: int) -> tuple:
        """A card's button of the hand (the gesture guard has already dropped a
        click the page made before it showed the latest render): as a click on
        that card of the hand."""
        return self.model.play_card(index)

    def _command(self, text: str) -> str | None:
        """A typed command's answer (``TableLogic.command``), also said in the
        live region; None when ``text`` is no command."""
        said = self.model.command(text)
        if said is not None:
            self.reader.say(said)
        return said

    def _who_is_ahead(self) -> str:
        """Who is ahead in words, as the bar shows it (the ``who`` command)."""
        bar = self.evaluation
        if not bar.active:
            return "who is ahead is off at this table (its checkbox turns it on)"
        text = re.sub(r"<[^>]+>", " ", bar.bars.value)
        text = " ".join(html.unescape(text).split())
        return text or "who is ahead is being worked out"

    def why_not(self, action: Any) -> Refusal | None:
        """Why an action (notation) is not legal now: the game's Refusal, or None."""
        return self.teach_panel.why_not(action)

    def summary(self) -> str:
        """A short deterministic text of where the game stands (for notebooks).

        Shown as a cell's value (``table.summary()`` last in a cell) it follows
        the table, as its picture does: a notebook saved after playing says the
        step its picture shows. Printed, it is the text of this moment.
        """
        return self.picture.summary_text()

    def on(self, name: str, callback: Callable[..., Any]) -> None:
        """Observe a trait of the model with a guarded callback (errors show in
        the table)."""
        self.model.observe(self._guard(callback), names=name)

    # -- the board's area -----------------------------------------------------------
    def ring(self, spaces: Iterable[str]) -> None:
        """Ring spaces on the board (what a lesson is about) until rung again."""
        self.board_area.ring(spaces)
        self.render()

    def focus(self, spaces: Iterable[str]) -> None:
        """Show only the area of the board around ``spaces``, the piece of the seat
        to move and the legal targets (a lesson's board); the area grows when a
        piece or a target leaves it. ``focus(())`` shows the whole board again."""
        model = self.model
        targets = {s for e in model.shown_actions() for s in e.spaces}
        self.board_area.focus(spaces, model.view_state, model.to_move, targets)
        self.render()

    def hover_xy(self, x: float, y: float) -> str | None:
        """The pointer rests at (x, y): name the space under it (and what it does)
        in the line under the board, and what a click there shows when it does
        not play at once (the one choice it offers, or how many); nothing is
        sent unless the space changed."""
        space = self.look.hit(x, y)
        if space != self._hovered:
            self._hovered = space
            self.widgets.hover.value = self._hover_html(space)
        return space

    def _hover_html(self, space: str | None) -> str:
        """The line under the board for the pointer resting on ``space``."""
        if not space:
            return ""
        model = self.model
        on = [e for e in model.shown_actions() if space in e.spaces]
        plays = bool(on) and model.click_plays(space) is not None
        text = words.hover_words(self.look, space, on, plays)
        return f"<small>{html.escape(text)}</small>" if text else ""

    def hover_out(self) -> None:
        """The pointer left the board: the line under it names nothing."""
        self._hovered = None
        self.widgets.hover.value = ""

    def redraw_all(self, widget: Any = None) -> None:
        """Draw everything again, or one widget whose page just became ready.

        A new or reloaded page starts blank; each canvas says when it is ready, so
        only that one (and the card sprites it copies from) is drawn again.
        """
        ui = self.widgets
        forget_current_canvas()
        ui.sprites.invalidate()
        for view in [ui.board, *ui.hands] if widget is None else [widget]:
            view.invalidate()
        self.render()

    def render(self) -> None:
        """Bring every view in line with the traits: canvases in one message."""
        model, ui = self.model, self.widgets
        moment = (
            id(model.match),
            id(model.state),
            model.selection,
            model.viewer,
            model.curtain,
            model.details,
            model.teach,
            tuple(model.seats),
        )
        if moment != self._moment:  # what a click means has changed
            self._moment = moment
            self.token += 1
            if self._hovered is not None:  # and what the hover line says of it
                ui.hover.value = self._hover_html(self._hovered)
        if ui.sprites.details != model.details:  # clause IDs on the card faces
            ui.sprites.details = model.details
            ui.sprites.invalidate()
            for hand in ui.hands:
                hand.invalidate()
        view = model.view_state
        on = model.offer()  # the table's logic says what to mark
        targets = on.targets
        space = on.ringed or self.teach_panel.focus_space()
        seat = model.to_move
        cards = on.outlined
        moved = last_move(model)
        area = self.board_area
        area.follow(view, seat, targets, eyes=model.viewer)
        shown = ui.board.area, ui.board.zoom
        ui.view_bar.render(area.is_whole(), area.near >= ZOOM_MOST, *shown)
        rings = self.board_area.rings
        try:
            with one_batch():
                ui.sprites.prepare(self.look.card_kinds())
                layers = ui.board.render(view, targets, space, moved, rings)
                self.render_hands(view, seat, cards)
            for callback in self._render_watchers:
                callback(layers)
            if layers:
                restart_pointer_pause(ui.board.canvas)
        finally:
            self.panels.render(on.actions, self.token)
            self.reader.render()
            ui.beacon.value = self.token  # last: the page echoes it when shown
        self.picture.follow()

    def render_hands(self, view: Any, seat: int | None, cards: Iterable[str]) -> None:
        """Redraw the hands: the mover's with its playable cards (``cards``)
        outlined, the cards picked marked, and the cards the hint on show would
        pick (``ActionsPanel.suggestion``) framed."""
        model, ui = self.model, self.widgets
        hinted = ui.actions.suggestion
        for hand in ui.hands:
            s = hand.seat
            held = self.look.hand(view, s)
            mover = s == seat
            hand.render(
                held,
                cards if mover else (),
                self.look.seat_note(view, s),
                mover,
                picked_places(held, model.selection) if mover else (),
                places_of(held, hinted.cards) if mover and hinted else (),
            )

    def render_tabs(self) -> None:
        """Fill the tab on show (the log or the inspector); hidden tabs wait."""
        self.panels.tabs()
