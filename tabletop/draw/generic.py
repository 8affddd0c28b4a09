"""The generic look: any game whose board is a ``GenericBoard``.

It draws what the board file says (spaces at their coordinates, links between
them, each space's name), the pawns the game reports with ``pieces(view)`` and the
hands it reports with ``hand_cards(view, seat)``; a click selects the space under
it. No rule and no game name appears here: a new game with a plain graph board gets
pictures, replays and a canvas board with no drawing code of its own.
"""

from __future__ import annotations

from typing import Any

from tabletop.draw.look import Face, Look
from tabletop.draw.shapes import Pen

KIND_COLORS = {"start": "#c8e6c9", "goal": "#ffe082", "bonus": "#b3e5fc"}
SPACE_R = 24.0
CARD_COLORS = ("#5c6bc0", "#26a69a", "#ef6c00", "#8d6e63", "#ab47bc", "#43a047")


class GenericLook(Look):
    """Draws a ``GenericBoard`` and the pawns on it."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.b = game.board
        self.width, self.height = int(self.b.width), int(self.b.height)
        self.points = {sid: (s.x, s.y) for sid, s in self.b.spaces.items()}

    def space_ids(self) -> tuple[str, ...]:
        return tuple(self.points)

    def space_point(self, sid: str) -> tuple[float, float] | None:
        return self.points.get(sid)

    def space_radius(self, sid: str) -> float:
        return SPACE_R

    def draw_board(self, p: Pen) -> None:
        p.rect(0, 0, self.width, self.height, fill="#f5f0e6")
        for a, b in self.b.links:
            p.line(*self.points[a], *self.points[b], "#8d6e63", 6)
        for sid, space in self.b.spaces.items():
            x, y = self.points[sid]
            p.circle(x, y, SPACE_R, fill=KIND_COLORS.get(space.kind, "#ffffff"),
                     stroke="#5d4037", width=2)  # fmt: skip
            p.text(x, y + SPACE_R + 13, space.name, fill="#3e2723", size=11,
                   align="center")  # fmt: skip

    def draw_pieces(self, p: Pen, view: Any) -> None:
        for seat in range(self.game.players):
            spot = self.spot(view, seat)
            if spot is not None:
                color = self.seat_colors[seat % len(self.seat_colors)]
                p.circle(*spot, 10, fill=color, stroke="#000000", width=1.5)
                # The seat's number: pawns are never told apart by colour alone.
                x, y = spot
                p.text(x, y + 4.5, str(seat), fill=self.seat_ink(seat), size=12,
                       bold=True, align="center")  # fmt: skip

    def place(self, view: Any, seat: int) -> Any:
        return dict(self.game.pieces(view)).get(seat)

    def spot(self, view: Any, seat: int) -> tuple[float, float] | None:
        pieces = [(s, sid) for s, sid in self.game.pieces(view) if sid in self.points]
        where = dict(pieces).get(seat)
        if where is None:
            return None
        shift = [s for s, sid in pieces if sid == where].index(seat)
        x, y = self.points[where]
        return x + (shift - 0.5) * 12, y

    def hand(self, view: Any, seat: int) -> tuple[str, ...] | int:
        return self.game.hand_cards(view, seat)

    def face(self, kind: str) -> Face:
        number = sum(ord(ch) for ch in kind)
        return Face(kind, CARD_COLORS[number % len(CARD_COLORS)])

    def card_kinds(self) -> tuple[str, ...]:
        kinds = getattr(self.game, "card_kinds", None)
        return tuple(kinds()) if callable(kinds) else ()
