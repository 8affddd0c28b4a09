"""Pitfall Harry at the table: its spaces under the mouse, its cards and hands in words.

The board, the piles and the pawns are drawn by ``tabletop.draw.pitfall`` (the same
shapes as the game's SVG pictures); this adapter says where the spaces are on that
drawing, what a space is when the pointer rests on it, and how cards and hands read.
Nothing here decides what is legal.
"""

from __future__ import annotations

import re
from typing import Any

from tabletop.draw.pitfall import CARD_COLORS, KIND_NAMES
from tabletop.ui.board import BoardAdapter, CardFace


def _card_faces() -> dict[str, CardFace]:
    from tabletop.games.pitfall.cards import CARD_INFO

    return {
        kind: CardFace(name, text, clause, CARD_COLORS.get(kind, "#555"))
        for kind, (name, text, clause) in CARD_INFO.items()
    }


class PitfallDraw(BoardAdapter):
    """Pitfall Harry's spaces and words (its drawing is ``PitfallDrawing``)."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        board = game.board
        self.board = board
        self.xy = {s: self.board_xy(x, y) for s, (x, y) in board.xy.items()}
        self.faces = _card_faces()

    # -- words ----------------------------------------------------------------------
    def label_words(self, label: str) -> str:
        """ "Discard CR CR RO JU" -> "Discard Croc, Croc, Rope, Jump"; "with P1" ->
        "with player 1"."""
        from tabletop.games.pitfall.cards import CARDS, CODES

        pairs = zip(CODES, CARDS, strict=True)
        names = {code: self.faces[kind].name for code, kind in pairs}
        head, cards, tail = [], [], []
        for word in label.split():
            if word in names and not tail:
                cards.append(names[word])
            elif cards:
                tail.append(word)
            else:
                head.append(word)
        text = " ".join(head + ([", ".join(cards)] if cards else []) + tail)
        return re.sub(r"\bP(\d)\b", r"player \1", text)

    def describe(self, sid: str) -> str:
        kind = self.board.kind.get(sid, "")
        what = KIND_NAMES.get(kind, "")
        level = "tunnel" if self.board.level.get(sid) == "below" else "jungle path"
        return f"{self.space_label(sid)}: {level}" + (f", {what}" if what else "")

    # -- hands ----------------------------------------------------------------------
    def hand(self, view: Any, seat: int) -> tuple[str, ...] | int:
        from tabletop.games.pitfall.cards import HIDDEN_SLOT, hand_cards

        vector = view.hands[seat]
        if vector[HIDDEN_SLOT]:
            return sum(vector)
        return hand_cards(vector)

    def seat_notes(self, view: Any, seat: int) -> str:
        from tabletop.games.pitfall.cards import TOKEN_INFO, TOKENS

        held = [
            TOKEN_INFO[k]
            for k, n in zip(TOKENS, view.treasure[seat], strict=True)
            for _ in range(n)
        ]
        where = self.space_label(view.positions[seat])
        return f"on {where}, treasure: " + (", ".join(held) or "none")


ADAPTER = PitfallDraw
