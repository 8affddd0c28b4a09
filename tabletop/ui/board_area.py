"""What part of the board a table shows and marks: rings, a lesson's focus and
the view.

A lesson's table rings the spaces it is about (``ring``) and shows only the area
around them, the piece of the seat to move and the legal targets (``focus``); the
area grows when a piece or a target leaves it, and never shrinks under the pointer.
The area cuts no space in two: a strip narrower than ``FOCUS_MARGIN`` along the
board's edge (the outer track) is shown rather than left out, and a space whose
centre is shown is shown whole.

Outside a lesson, the view shows a part of the map enlarged so that the board's
labels read at ``LEGIBLE_PX`` CSS pixels on the page (which says how many CSS
pixels a canvas pixel takes: ``shown``), around the pawn it follows and the
spaces on offer; zoomed in or out (``zoom``), moved (``pan``) or the whole map
(``whole``) at the player's word. The whole map is the view when its labels
already read at that size.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from tabletop.draw.figures import (
    FOLLOW_MARGIN,
    LEGIBLE_PX,
    WHOLE_SLACK,
    ZOOM_MOST,
    ZOOM_STEP,
)
from tabletop.draw.look import Look
from tabletop.draw.shapes import Text
from tabletop.ui.board import BoardView

FOCUS_MARGIN = 80  # board pixels around what a focused (lesson) board shows
FOCUS_MIN = (420, 260)  # the smallest area a focused board shows


class BoardArea:
    """The rung spaces and the focused area of one table's board.

    Args:
        look: the game's look (where each space stands).
        board: the board view whose shown area this keeps.
    """

    def __init__(self, look: Look, board: BoardView) -> None:
        self.look = look
        self.board = board
        self.rings: tuple[str, ...] = ()
        self.focused: tuple[str, ...] = ()
        self.label = median_label(look)  # board pixels
        self.shown = 0.0  # CSS px per canvas pixel, as the page says (0: unknown)
        self.near = 1.0  # the view's zoom, times the legible one
        self.whole = False  # the player asked for the whole map
        self.panned: str | None = None  # where the pawn stood when the view moved
        self.pawn = ""  # the space of the pawn the view follows

    def ring(self, spaces: Iterable[str]) -> None:
        """Ring ``spaces`` (the ones the board knows) until rung again."""
        self.rings = tuple(s for s in spaces if s in self.look.xy)

    def focus(
        self, spaces: Iterable[str], view: Any, seat: int | None, targets: set
    ) -> None:
        """Show the area around ``spaces``, the piece of ``seat`` and ``targets``;
        no spaces: the whole board."""
        self.focused = tuple(s for s in spaces if s in self.look.xy)
        if not self.focused:
            self.board.show_area(0, 0, self.look.width, self.look.height)
        else:
            needed = self._needed_points(view, seat, targets)
            self.board.show_area(*self._whole(_area_around(needed)))

    def keep_in_focus(self, view: Any, seat: int | None, targets: set) -> None:
        """Grow a focused board's area when what it must show has left it."""
        if not self.focused:
            return
        needed = self._needed_points(view, seat, targets)
        if all(self.board.shows(x, y, margin=FOCUS_MARGIN / 2) for x, y in needed):
            return
        ax, ay, aw, ah = self.board.area  # keep what is shown: its inner corners
        inner = [(ax + FOCUS_MARGIN, ay + FOCUS_MARGIN),
                 (ax + aw - FOCUS_MARGIN, ay + ah - FOCUS_MARGIN)]  # fmt: skip
        self.board.show_area(*self._whole(_area_around([*needed, *inner])))

    # -- the view ----------------------------------------------------------------
    def zoom_for_view(self) -> float:
        """Canvas pixels per board pixel of the view; 1 or less: the whole map."""
        if self.focused or self.whole or not self.shown or not self.label:
            return 1.0
        return LEGIBLE_PX / (self.label * self.shown) * self.near

    def is_whole(self) -> bool:
        """Whether the view shows the whole map."""
        return self.zoom_for_view() <= WHOLE_SLACK

    def follow(
        self, view: Any, seat: int | None, targets: set, eyes: int | None = None
    ) -> None:
        """Keep a lesson's focus, or the view around the pawn of ``eyes`` (the
        seat whose eyes the table shows, else ``seat``, the seat to move) and
        the targets: re-centred when one of them nears its edge, unless the
        player moved the view since that pawn last moved."""
        if self.focused:
            self.keep_in_focus(view, seat, targets)
            return
        seat = eyes if eyes is not None else seat
        zoom = self.zoom_for_view()
        if zoom <= WHOLE_SLACK:
            self.board.show_area(0, 0, self.look.width, self.look.height)
            return
        pieces = self.look.piece_spaces(view)
        pawn = pieces[seat] if seat is not None and seat < len(pieces) else ""
        self.pawn = pawn
        if self.panned is not None and self.panned != pawn:
            self.panned = None  # the pawn moved: the view follows it again
        xy = self.look.xy
        mine = [xy[pawn]] if pawn in xy else []
        needed = mine + [xy[s] for s in targets if s in xy]
        board = self.board
        fits = board.zoom == zoom and all(
            board.shows(x, y, margin=FOLLOW_MARGIN) for x, y in needed
        )
        if self.panned is not None or fits or not needed:
            self.show(*self.centre(), zoom)
            return
        xs, ys = [x for x, _ in needed], [y for _, y in needed]
        w, h = self.look.width / zoom, self.look.height / zoom
        if max(xs) - min(xs) + 2 * FOLLOW_MARGIN > w or (
            max(ys) - min(ys) + 2 * FOLLOW_MARGIN > h
        ):
            xs, ys = ([x for x, _ in mine], [y for _, y in mine]) if mine else (xs, ys)
        self.show((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2, zoom)

    def measured(self, shown: float) -> bool:
        """The page measured the board: ``shown`` CSS px per canvas pixel.
        Whether the view changes (a change under 2% is a pixel's rounding)."""
        if self.shown and abs(shown - self.shown) < 0.02 * self.shown:
            return False
        self.shown = shown
        return True

    def centre(self) -> tuple[float, float]:
        """The centre of the area shown, in board pixels."""
        ax, ay, aw, ah = self.board.area
        return ax + aw / 2, ay + ah / 2

    def show(self, cx: float, cy: float, zoom: float) -> None:
        """Show the view centred on (cx, cy) at ``zoom`` (clipped to the board)."""
        w, h = self.look.width / zoom, self.look.height / zoom
        self.board.show_area(cx - w / 2, cy - h / 2, w, h, zoom)

    def zoom(self, factor: float) -> None:
        """Zoom the view in (``factor`` above 1) or out; out of the whole map, in
        goes to the first view larger than it."""
        if self.is_whole():
            self.whole = False
            self.near = max(self.near, 1.0)
            while self.shown and self.label and self.zoom_for_view() <= WHOLE_SLACK:
                self.near *= ZOOM_STEP
            return
        self.near = min(ZOOM_MOST, self.near * factor)

    def pan(self, dx: float, dy: float) -> None:
        """Move the view by (dx, dy) times its size; it stays there until the
        pawn it follows moves."""
        if self.is_whole():
            return
        ax, ay, aw, ah = self.board.area
        self.panned = self.pawn
        self.show(ax + aw / 2 + dx * aw, ay + ah / 2 + dy * ah, self.zoom_for_view())

    def toggle_whole(self) -> None:
        """The whole map, or back to the view (zoomed in enough to enlarge it)."""
        if self.is_whole():
            self.zoom(ZOOM_STEP)
        else:
            self.whole = True

    def _whole(self, area: tuple[float, ...]) -> tuple[float, ...]:
        """``area`` grown so that it cuts no space: to the board's edge where it
        would leave out a strip narrower than ``FOCUS_MARGIN``, and around every
        space whose centre it shows (until none is cut: a grown edge may take in
        another centre; the area only grows, so this ends)."""
        look = self.look
        w, h = min(area[2], look.width), min(area[3], look.height)
        x0 = min(max(0.0, area[0]), look.width - w)  # inside, as show_area puts it
        y0 = min(max(0.0, area[1]), look.height - h)
        x1, y1 = x0 + w, y0 + h
        x0 = 0.0 if x0 < FOCUS_MARGIN else x0
        y0 = 0.0 if y0 < FOCUS_MARGIN else y0
        x1 = look.width if look.width - x1 < FOCUS_MARGIN else x1
        y1 = look.height if look.height - y1 < FOCUS_MARGIN else y1
        grown = None
        while grown != (x0, y0, x1, y1):
            grown = (x0, y0, x1, y1)
            for sid, (x, y) in look.xy.items():
                if x0 <= x <= x1 and y0 <= y <= y1:
                    r = look.space_radius(sid)
                    x0, y0 = min(x0, x - r), min(y0, y - r)
                    x1, y1 = max(x1, x + r), max(y1, y + r)
            # whole pixels (as the canvas shows), rounded outwards, on the board
            x0, y0 = max(0, math.floor(x0)), max(0, math.floor(y0))
            x1 = min(look.width, math.ceil(x1))
            y1 = min(look.height, math.ceil(y1))
        return x0, y0, x1 - x0, y1 - y0

    def _needed_points(
        self, view: Any, seat: int | None, targets: set
    ) -> list[tuple[float, float]]:
        """Where what a focused board must show stands: the focus, the mover's
        piece and the legal targets."""
        pieces = self.look.piece_spaces(view)
        mover = (pieces[seat],) if seat is not None and seat < len(pieces) else ()
        xy = self.look.xy
        return [xy[s] for s in (*self.focused, *mover, *targets) if s in xy]


def _area_around(points: list[tuple[float, float]]) -> tuple[float, ...]:
    """The board area (x, y, w, h) holding ``points`` with room around them (at
    least ``FOCUS_MIN``)."""
    xs, ys = [x for x, _ in points], [y for _, y in points]
    x0, x1 = min(xs) - FOCUS_MARGIN, max(xs) + FOCUS_MARGIN
    y0, y1 = min(ys) - FOCUS_MARGIN, max(ys) + FOCUS_MARGIN
    w, h = max(x1 - x0, FOCUS_MIN[0]), max(y1 - y0, FOCUS_MIN[1])
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return cx - w / 2, cy - h / 2, w, h


def median_label(look: Look) -> float:
    """The median size of the board's labels, in board pixels (0: none)."""
    layer = look.board()
    sizes = sorted(s.size * layer.scale for s in layer.shapes if type(s) is Text)
    return sizes[len(sizes) // 2] if sizes else 0.0
