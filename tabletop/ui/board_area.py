"""What part of the board a table shows and marks: rings and a lesson's focus.

A lesson's table rings the spaces it is about (``ring``) and shows only the area
around them, the piece of the seat to move and the legal targets (``focus``); the
area grows when a piece or a target leaves it, and never shrinks under the pointer.
The area cuts no space in two: a strip narrower than ``FOCUS_MARGIN`` along the
board's edge (the outer track) is shown rather than left out, and a space whose
centre is shown is shown whole.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from tabletop.draw.look import Look
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
