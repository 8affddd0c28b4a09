"""The notebook table's board view, without a browser: once the page says how big
the board is on screen, the canvas shows part of the map enlarged until its labels
read at 12 CSS px, around the pawn and the spaces on offer; a press on the canvas
still means the space under it; + and - zoom, the arrows look around, and Whole map
shows the whole board (and says so)."""

from __future__ import annotations

from tabletop.ui import pitfall_table, raiders_table
from tabletop.ui.board_area import LEGIBLE_PX, median_label


def _press(table, x: float, y: float) -> None:
    """A mouse press at canvas pixel (x, y), as the page reports it."""
    table.widgets.board.canvas._canvases[-1]._mouse_up_callbacks(x, y)


def _measured(table, css_per_canvas_px: float) -> None:
    """The page says how many CSS px a canvas pixel of the board takes."""
    table.widgets.view_bar.shown.value = round(css_per_canvas_px * 1000)


def test_the_view_enlarges_the_map_until_its_labels_read_and_presses_still_hit():
    table = raiders_table(players=2, seed=3, bots=0)
    board, look = table.widgets.board, table.look
    assert board.zoom == 1 and not board.cropped  # nothing measured: the whole map
    _measured(table, 0.695)  # the board at 1366x768 beside the file browser
    label = median_label(look) * board.zoom * 0.695
    assert label >= 12, label
    # the canvas keeps its size on the page (give or take a pixel's rounding)
    assert abs(board.canvas.width - look.width) <= 1
    assert abs(board.canvas.height - look.height) <= 1
    xy = look.xy
    on_offer = [s for e in table.legal for s in e.spaces]
    space = next(s for s in on_offer if board.shows(*xy[s], margin=20))
    ax, ay, _, _ = board.area
    before = table.model.step
    _press(table, (xy[space][0] - ax) * board.zoom, (xy[space][1] - ay) * board.zoom)
    assert table.model.error == "" and table.model.message == ""
    assert table.model.step == before + 1 or table.model.selection is not None


def test_zoom_look_around_and_the_whole_map():
    table = raiders_table(players=2, seed=3, bots=0)
    board, bar = table.widgets.board, table.widgets.view_bar
    _measured(table, 0.5)
    zoom, area = board.zoom, board.area
    assert "tabletop-pressed" not in bar.buttons["whole"]._dom_classes
    bar.buttons["in"].click()
    assert board.zoom > zoom
    bar.buttons["out"].click()
    assert abs(board.zoom - zoom) < 1e-9
    bar.buttons["right"].click()
    assert board.area[0] > area[0]
    bar.buttons["whole"].click()
    assert board.zoom == 1 and not board.cropped
    assert "tabletop-pressed" in bar.buttons["whole"]._dom_classes
    assert bar.buttons["out"].disabled and bar.buttons["left"].disabled
    bar.buttons["whole"].click()
    assert board.zoom > 1
    assert "tabletop-pressed" not in bar.buttons["whole"]._dom_classes


def test_a_board_already_legible_stays_whole():
    table = pitfall_table(players=3, seed=5, bots=0)
    board = table.widgets.board
    shown = LEGIBLE_PX / median_label(table.look) * 1.1  # labels over 12 px
    _measured(table, shown)
    assert board.zoom == 1 and not board.cropped
