"""Filling a Table's panels from its model on each render.

The status line, the notice and error lines, the choices, the hand-over screen,
the recap, the timeline, the seat controls, the end of a game, the order of the
hands and the tab on show: each is drawn from the model (``TableModel``) as it
stands, never from what the panels showed before.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from tabletop.core import Explanation
from tabletop.table.choices import picked_places
from tabletop.table.seats import seat_kind_label
from tabletop.table.words import panels as said
from tabletop.ui.texts import (
    banner_html,
    inspector_for,
    log_html,
    log_steps,
    recap_html,
    status_html,
)

if TYPE_CHECKING:
    from tabletop.ui.controller import Table

LOG_TAB, INSPECTOR_TAB, SEATS_TAB, GAME_TAB, REVIEW_TAB = 0, 1, 2, 3, 4


class PanelRendering:
    """Draws one table's panels (everything but the board and the hands' cards).

    Args:
        table: the Table whose model is shown and whose widgets are filled.
    """

    def __init__(self, table: Table) -> None:
        self.table = table
        self.model = table.model
        self.look = table.look
        self.widgets = table.widgets

    def notices(self) -> None:
        """The notice line (the last refusal) and the error area."""
        message, error = self.model.message, self.model.error
        ui = self.widgets
        ui.notice.value = (
            f"<span style='color:#b45309'>{_esc(message)}</span>" if message else ""
        )
        if not message:  # a new gesture: a typed action's refusal goes too
            ui.actions.typed_refusal.value = ""
        ui.error_area.value = (
            f"<pre style='color:#b71c1c'>Error: {_esc(error)}</pre>" if error else ""
        )

    def render(self, shown: tuple[Explanation, ...], token: int) -> None:
        """Every panel, for the render numbered ``token`` showing ``shown``."""
        model, ui = self.model, self.widgets
        ui.status.value = status_html(model, self.table.showing())
        self.notices()
        self._choices(shown, token)
        # Who is ahead and its hint are the next player's, once they have the laptop.
        # Behind a hand-over and under an offer to resume (dealt from the saved
        # game's seed), a seat's chances would tell what its hand holds.
        hidden = (
            self.table.compact
            or model.curtain is not None
            or model.resume_from is not None
        )
        ui.evaluation.layout.display = "none" if hidden else ""
        # Where no hint is offered (online), its button is not shown.
        hinted = model.match.refusal("hint") is None
        ui.review.quick_hint.layout.display = "" if hinted else "none"
        name = None if model.curtain is None else self.look.seat_name(model.curtain)
        ui.handover.render(name)
        letter = (
            f"<div class='tabletop-letter' style='background:#fff3e0;padding:4px'>"
            f"<b>For you:</b> {_esc(model.letter)}</div>"
            if model.letter
            else ""
        )
        ui.recap.value = letter + recap_html(model, model.recent)
        ui.timeline.render(
            model.step,
            model.length,
            [said.line_label(model, m, i) for i, m in enumerate(model.lines)],
            model.lines.index(model.match) if model.match in model.lines else 0,
        )
        ui.seat_controls.render(
            [seat_kind_label(kind) for kind in model.seats],
            model.viewer,
            model.hot_seat,
            model.auto,
            model.referee_view,
        )
        if ui.details_box.value != model.details:
            ui.details_box.value = model.details
        self._end()
        self._order_hands()
        self.tabs()

    def _choices(self, shown: tuple[Explanation, ...], token: int) -> None:
        """The action buttons (none behind a hand-over screen): what the table's
        logic offers (``TableLogic.menu``)."""
        model, actions = self.model, self.widgets.actions
        heading, items = model.menu()
        if model.curtain is not None:
            heading, items = said.WAITING_HANDOVER, []
            # What the seat that passed the laptop typed is not the next one's (it
            # may name a card that seat holds, and Enter would send it).
            actions.notation.value = ""
            actions.typed_refusal.value = ""
        elif not shown:
            heading = said.waiting(model, self.table.compact)
        bots_here = model.bots_may_move()
        picks = hand_buttons(model)
        actions.render(
            items,
            shown,
            len(model.legal),
            model.selection,
            heading,
            token=token,
            details=model.details,
            bots_here=bots_here,
            picks=picks,
        )
        actions.widget.layout.display = "none" if model.curtain is not None else ""

    def _end(self) -> None:
        model, ui = self.model, self.widgets
        outcome = model.game.outcome(model.state)
        resume = model.resume_from is not None
        show = outcome is not None or resume
        ui.banner.value = banner_html(model, outcome, resume)
        ui.fresh_deal.layout.display = "" if outcome is not None else "none"
        ui.again.layout.display = "" if outcome is not None else "none"
        ui.resume.layout.display = "" if resume else "none"
        ui.fresh.layout.display = "" if resume else "none"
        ui.end_box.layout.display = "" if show else "none"

    def _order_hands(self) -> None:
        """The viewer's own hand first, right under the board; no hand rows at all
        while no seat holds a card (a game that deals after a first decision), so
        the first screen is not a column of empty rows."""
        model, ui, compact = self.model, self.widgets, self.table.compact
        me = model.eyes if isinstance(model.eyes, int) else None
        if compact:  # a lesson: only the hand that decides now
            me = model.to_move if me is None else me
        order = sorted(ui.hands, key=lambda h: (h.seat != me, h.seat))
        if compact and me is not None:
            order = order[:1]
        view = model.view_state
        if all(self.look.hand(view, h.seat) in (0, ()) for h in ui.hands):
            order = []
        kids = tuple(h.canvas for h in order)
        if tuple(ui.grid.children) != kids:
            ui.grid.children = kids

    def tabs(self) -> None:
        """Fill the tab on show (the log or the inspector); hidden tabs wait."""
        model, ui = self.model, self.widgets
        if ui.tabs.selected_index == LOG_TAB:
            ui.log_view.value = log_html(log_steps(model), model.details)
        elif ui.tabs.selected_index == INSPECTOR_TAB:
            ui.inspector.value = inspector_for(model)
        elif ui.tabs.selected_index == GAME_TAB:
            ui.files.render()


def _esc(text: str) -> str:
    return html.escape(text)


def hand_buttons(model: Any) -> tuple[tuple[str, str, bool, bool], ...]:
    """The hand of the seat whose eyes the table shows, as ``(name, what it
    does, picked, playable)`` in order (the table's logic says which cards are
    picked and which a choice takes); none behind the hand-over screen or with
    no seat's eyes."""
    seat, look = model.eyes, model.look
    if not isinstance(seat, int) or model.curtain is not None:
        return ()
    held = look.hand(model.view_state, seat)
    if isinstance(held, int):
        return ()
    mine = seat == model.to_move and model.can_act()
    outlined = model.offer().outlined if mine else frozenset()
    picked = picked_places(held, model.selection) if mine else set()
    out = []
    for i, kind in enumerate(held):
        face = look.face(kind)
        tip = face.name + (f": {face.text}" if face.text else "")
        out.append((face.name, tip, i in picked, kind in outlined))
    return tuple(out)
