"""The generic board adapter: any game whose board is a ``GenericBoard``.

The board, its links and names and the pawns the game reports with
``pieces(state)`` are drawn by ``tabletop.draw.generic.GenericDrawing`` (the same
shapes as the game's SVG pictures); this adapter puts the clickable spaces where
the board file says, and reads hands from ``hand_cards(state, seat)``. No rule and no
game name appears here: a new game with a plain graph board plays at a Table with no
drawing code of its own.
"""

from __future__ import annotations

from typing import Any

from tabletop.core.boards import GenericBoard
from tabletop.ui.board import BoardAdapter


class GenericDraw(BoardAdapter):
    """The spaces of a ``GenericBoard`` under the mouse, and the hands."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        board: GenericBoard = game.board
        self.board = board
        self.xy = {sid: self.board_xy(s.x, s.y) for sid, s in board.spaces.items()}

    def hand(self, view: Any, seat: int) -> tuple[str, ...] | int:
        return self.game.hand_cards(view, seat)

    def card_kinds(self) -> tuple[str, ...]:
        kinds = getattr(self.game, "card_kinds", None)
        return tuple(kinds()) if callable(kinds) else ()
