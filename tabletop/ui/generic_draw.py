"""The generic board drawing: any game whose board is a ``GenericBoard``.

It draws what the board file says (spaces at their coordinates, links between
them, each space's name) and the pawns the game reports with ``pieces(state)``;
hands come from ``hand_cards(state, seat)``. No rule and no game name appears here:
a new game with a plain graph board plays at a Table with no drawing code of its own.
"""

from __future__ import annotations

from typing import Any

from tabletop.core.boards import GenericBoard
from tabletop.ui.board import BoardAdapter

_KIND_COLORS = {"start": "#c8e6c9", "goal": "#ffe082", "bonus": "#b3e5fc"}
_SPACE_RADIUS = 24.0


class GenericDraw(BoardAdapter):
    """Draws a ``GenericBoard`` and the pawns on it."""

    hit_radius = _SPACE_RADIUS

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        board: GenericBoard = game.board
        self.board = board
        self.width, self.height = board.width, board.height
        self.xy = {sid: (s.x, s.y) for sid, s in board.spaces.items()}

    def draw_static(self, c: Any) -> None:
        c.fill_style = "#f5f0e6"
        c.fill_rect(0, 0, self.width, self.height)
        c.stroke_style = "#8d6e63"
        c.line_width = 6
        for a, b in self.board.links:
            (x1, y1), (x2, y2) = self.xy[a], self.xy[b]
            c.stroke_line(x1, y1, x2, y2)
        c.line_width = 2
        c.font = "11px sans-serif"
        c.text_align = "center"
        for sid, space in self.board.spaces.items():
            x, y = self.xy[sid]
            c.fill_style = _KIND_COLORS.get(space.kind, "#ffffff")
            c.fill_circle(x, y, _SPACE_RADIUS)
            c.stroke_style = "#5d4037"
            c.stroke_circle(x, y, _SPACE_RADIUS)
            c.fill_style = "#3e2723"
            c.fill_text(space.name, x, y + _SPACE_RADIUS + 13)

    def pieces(self, view: Any) -> tuple:
        return tuple(self.game.pieces(view))

    def draw_pieces(self, c: Any, pieces: tuple) -> None:
        here: dict[str, int] = {}
        for seat, sid in pieces:
            if sid not in self.xy:
                continue
            shift = here.get(sid, 0)
            here[sid] = shift + 1
            x, y = self.xy[sid]
            x += (shift - 0.5) * 12
            c.fill_style = self.seat_colors[seat % len(self.seat_colors)]
            c.fill_circle(x, y, 10)
            c.stroke_style = "#000000"
            c.line_width = 1.5
            c.stroke_circle(x, y, 10)

    def hand(self, view: Any, seat: int) -> tuple[str, ...] | int:
        return self.game.hand_cards(view, seat)

    def card_kinds(self) -> tuple[str, ...]:
        kinds = getattr(self.game, "card_kinds", None)
        return tuple(kinds()) if callable(kinds) else ()
