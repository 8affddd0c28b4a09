"""How a Table's widgets are made and laid out (the controller is in table.py)."""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from tabletop.ui.board import BoardView
from tabletop.ui.hands import CardSprites, HandView
from tabletop.ui.panels import ActionsPanel, SeatControls, Timeline
from tabletop.ui.seats import HUMAN, bot_names


def build(t: Any) -> None:
    """Create the board, hands and panels of Table ``t`` and wire their callbacks.

    Every callback goes through ``t._guard`` so a refusal or an error shows in the
    table rather than in a log.
    """
    names = [t.adapter.seat_name(s) for s in range(t.game.players)]
    t.board = BoardView(t.adapter, t._guard(t.click_xy))
    t.board.canvas.on_client_ready(t._guard(lambda: t.redraw_all(t.board)))
    hand_w = t.adapter.hand_width
    t.sprites = CardSprites(t.adapter)
    t.hands = [
        HandView(t.adapter, s, hand_w, t._guard(t._hand_click(s)), t.sprites)
        for s in range(t.game.players)
    ]
    for hand in t.hands:
        hand.canvas.on_client_ready(t._guard(lambda h=hand: t.redraw_all(h)))
    t.status = w.HTML()
    t.status.add_class("tabletop-status")
    t.notice = w.HTML()
    t.notice.add_class("tabletop-message")
    t.error_area = w.HTML()
    t.error_area.add_class("tabletop-error")
    t.actions = ActionsPanel(
        t._guard(t.press),
        t._guard(t.clear_selection),
        t._guard(t.choose),
    )
    t.timeline = Timeline(t._guard(t.goto), t._guard(t.fork))
    tb = t.timeline.buttons
    tb["start"].on_click(t._guard(lambda _: t.goto(0)))
    tb["back"].on_click(t._guard(lambda _: t.step_back()))
    tb["forward"].on_click(t._guard(lambda _: t.step_forward()))
    tb["end"].on_click(t._guard(lambda _: t.goto(t.length)))
    tb["fork"].on_click(t._guard(lambda _: t.fork()))
    kinds = (HUMAN, *bot_names())
    t.seat_controls = SeatControls(
        names,
        kinds,
        t._guard(t.set_seat),
        t._guard(t.set_viewer),
        t._guard(lambda: t.auto_play()),
    )
    sc = t.seat_controls
    sc.hot_seat.observe(
        t._guard(lambda ch: sc._quiet or setattr(t, "hot_seat", ch["new"])),
        names="value",
    )
    sc.auto.observe(
        t._guard(lambda ch: sc._quiet or setattr(t, "auto", ch["new"])),
        names="value",
    )
    t.log_view = w.HTML(layout=w.Layout(max_height="260px", overflow="auto"))
    t.log_view.add_class("tabletop-log")
    t.inspector = w.HTML()
    t.inspector.add_class("tabletop-inspector")
    t.tabs = tabs = w.Tab([t.log_view, t.inspector, t.seat_controls.widget])
    for i, title in enumerate(("Event log", "State inspector", "Seats")):
        tabs.set_title(i, title)
    tabs.observe(t._guard(lambda _: t.render_tabs()), names="selected_index")
    grid = w.Box(
        [h.canvas for h in t.hands],
        layout=w.Layout(flex_flow="row wrap", grid_gap="4px 12px"),
    )
    side = w.VBox(
        [t.actions.widget], layout=w.Layout(width="340px", margin="0 0 0 8px")
    )
    t.children = [
        t.status,
        t.notice,
        t.error_area,
        w.HBox([t.board.canvas, side]),
        t.timeline.widget,
        grid,
        tabs,
    ]
    t.add_class("tabletop-table")
