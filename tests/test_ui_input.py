"""Input that cannot misfire: stale clicks are dropped, never re-targeted.

A double-click on "Roll" sends two clicks; the second reaches the kernel after the
first has already replaced the buttons. These tests deliver the page's messages in
the order a browser sends them (the page echoes the number of each render it has
received through a hidden widget) and check that nothing nobody chose is played.
"""

from __future__ import annotations

from tabletop import Match
from tabletop.ui import Table
from tests.recording import TableWatch
from tests.ui_fake import Dash, DashLook


def make_table(seed: int = 3, players: int = 2, **options) -> Table:
    game = Dash(players)
    return Table(Match(game, seed=seed), look=DashLook(game), **options)


def click_from_page(widget, content: dict) -> None:
    data = {"method": "custom", "content": content}
    widget.comm.handle_msg({"content": {"data": data}, "buffers": []})


def button_from_page(button) -> None:
    """A click on a button's view. A closed button's comm is gone (the kernel
    drops such messages); its handlers still check the render they belong to."""
    if button.comm is None:
        button.click()
    else:
        click_from_page(button, {"event": "click"})


def page_has_seen(table: Table, token: int | None = None) -> None:
    """The page received a render and echoes its number (as the jsdlink does)."""
    value = table.token if token is None else token
    data = {"method": "update", "state": {"value": value}, "buffer_paths": []}
    table.widgets.echo.comm.handle_msg({"content": {"data": data}, "buffers": []})


def test_every_render_makes_fresh_buttons_tied_to_it():
    table = make_table()
    first = list(table.widgets.actions.box.children)
    table.choose("roll")
    second = list(table.widgets.actions.box.children)
    assert not set(map(id, first)) & set(map(id, second)), "no button is reused"
    assert all(b.comm is None for b in first), "replaced buttons are closed"
    assert table.widgets.beacon.value == table.token


def test_double_click_on_roll_plays_roll_only():
    """Roll, then the second click of the double-click on the same (old) button."""
    table = make_table()
    watch = TableWatch(table)
    page_has_seen(table)
    roll = table.widgets.actions.box.children[0]
    assert roll.description == "Roll"
    button_from_page(roll)
    assert table.model.step == 1
    button_from_page(roll)  # the second click of the double-click
    assert table.model.step == 1, "the old button did nothing"
    assert watch.dropped == 1


def test_a_click_that_crossed_an_update_is_dropped():
    """Double-click Forward in Pitfall's words: the second click lands on the button
    that replaced the first before the page had even shown it."""
    table = make_table()
    watch = TableWatch(table)
    page_has_seen(table)
    button_from_page(table.widgets.actions.box.children[0])  # Roll: the table moves on
    fresh = table.widgets.actions.box.children[0]
    assert fresh.description == "To s3"
    button_from_page(fresh)  # sent before the page received the new render
    assert table.model.step == 1 and watch.dropped == 1
    page_has_seen(table)  # now the page shows the new buttons
    button_from_page(table.widgets.actions.box.children[0])
    assert table.model.step == 2, "a click on what the page shows is played"


def test_board_and_hand_clicks_made_before_the_update_are_dropped():
    table = make_table()
    watch = TableWatch(table)
    page_has_seen(table)
    table.choose("roll")  # the table moved; the page has not seen it yet
    x, y = table.look.xy["s3"]
    click_from_page(table.widgets.board.canvas, {"event": "mouse_up", "x": x, "y": y})
    assert table.model.step == 1 and watch.dropped == 1
    page_has_seen(table)
    click_from_page(table.widgets.board.canvas, {"event": "mouse_up", "x": x, "y": y})
    assert table.model.step == 2 and table.model.state.positions[0] == 3
    page_has_seen(table, table.token - 1)  # a lagging page
    click_from_page(
        table.widgets.hands[1].canvas, {"event": "mouse_up", "x": 10, "y": 80}
    )
    assert table.model.step == 2 and watch.dropped == 2


def test_gestures_while_the_table_updates_are_ignored():
    table = make_table()
    watch = TableWatch(table)
    with table.model.batch():  # the table is updating
        click_from_page(
            table.widgets.board.canvas, {"event": "mouse_up", "x": 30, "y": 60}
        )
        button_from_page(table.widgets.actions.box.children[0])
    assert table.model.step == 0 and watch.dropped == 2


def test_enter_cannot_press_a_fresh_button():
    """Focus never moves to a fresh button: the pressed one leaves the page, and
    every fresh one ignores the pointer for a moment (CSS) while it settles."""
    table = make_table()
    roll = table.widgets.actions.box.children[0]
    roll.click()
    assert roll not in table.widgets.actions.box.children
    assert all(
        "tabletop-action" in b._dom_classes for b in table.widgets.actions.box.children
    )
    css = table.widgets.style.value
    assert ".tabletop-action" in css and "pointer-events:none" in css
    assert "tabletop-fresh-a" in table.widgets.board.canvas._dom_classes or (
        "tabletop-fresh-b" in table.widgets.board.canvas._dom_classes
    )


def test_a_redrawn_board_restarts_its_pointer_pause():
    table = make_table()
    before = set(table.widgets.board.canvas._dom_classes)
    table.choose("roll")
    after = set(table.widgets.board.canvas._dom_classes)
    assert before != after, "the pause class alternates on each redraw"


def test_without_a_page_nothing_is_stale():
    table = make_table()
    assert table.widgets.echo.value == -1 and not table.stale()
    table.widgets.actions.box.children[0].click()
    assert table.model.step == 1


def rolled_table():
    """A table after its first roll, the page up to date: the table, its board
    canvas, and the point of space s3 (where the roll lets the pawn go)."""
    table = make_table()
    page_has_seen(table)
    table.choose("roll")
    page_has_seen(table)
    return table, table.widgets.board.canvas, table.look.xy["s3"]


def test_a_press_alone_plays_nothing_the_release_plays():
    """WCAG 2.5.2 (pointer cancellation): the board and the hands act on the
    release over the canvas; a press dragged off the canvas and released there
    sends no release to it, and plays nothing."""
    table, board, (x, y) = rolled_table()
    click_from_page(board, {"event": "mouse_down", "x": x, "y": y})
    click_from_page(
        table.widgets.hands[1].canvas, {"event": "mouse_down", "x": 10, "y": 80}
    )
    assert table.model.step == 1, "a press is not yet a choice"
    click_from_page(board, {"event": "mouse_up", "x": x, "y": y})
    assert table.model.step == 2 and table.model.state.positions[0] == 3


def test_a_tap_plays_where_the_finger_went_down_and_a_drag_plays_nothing():
    """On a phone ipycanvas sends touches, not clicks; a finger lifted sends the
    touches still down (none). A tap (down and up in place) plays where the
    finger went down; a finger that moved away, or two fingers, play nothing."""
    table, board, (x, y) = rolled_table()
    touch = [{"x": x, "y": y}]
    click_from_page(board, {"event": "touch_start", "touches": touch})
    click_from_page(board, {"event": "touch_move", "touches": [{"x": x + 40, "y": y}]})
    click_from_page(board, {"event": "touch_end", "touches": []})
    assert table.model.step == 1, "a drag is no tap"
    two = [{"x": x, "y": y}, {"x": x + 50, "y": y}]
    click_from_page(board, {"event": "touch_start", "touches": two})
    click_from_page(board, {"event": "touch_end", "touches": []})
    assert table.model.step == 1, "a pinch is no tap"
    click_from_page(board, {"event": "touch_start", "touches": touch})
    assert table.model.step == 1, "a finger down is not yet a choice"
    click_from_page(board, {"event": "touch_end", "touches": []})
    assert table.model.step == 2 and table.model.state.positions[0] == 3
