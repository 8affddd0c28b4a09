"""How Pitfall Harry looks: the jungle path above, the tunnel below, and the pieces.

Everything is drawn from the board file (space kinds and coordinates) and the state's
public fields; nothing here decides what is legal. Obstacles get an icon each so they
read at a glance: pits (black holes, a ladder in some), crocodiles in water, logs,
fires, cobras, the swamp, and grey stone walls underground.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from tabletop.ui import pitfall_icons as icons
from tabletop.ui.board import BoardAdapter, CardFace

SCALE = 0.86
ABOVE_R = 22  # half the side of an aboveground square, board units
BELOW_R = 19
CARD_COLORS = {
    "croc": "#2e7d32",
    "rope": "#8d6e63",
    "jump": "#1565c0",
    "ladder": "#6d4c41",
    "cobra": "#9e9d24",
    "fire": "#e65100",
    "scorpion": "#37474f",
}
TOKEN_COLORS = {"gold": "#ffc107", "silver": "#b0bec5", "money": "#8bc34a"}
KIND_NAMES = {
    "pit": "pit trap",
    "ladder_pit": "pit with ladder",
    "croc": "crocodile",
    "log": "log",
    "fire": "fire",
    "cobra": "cobra",
    "swamp": "swamp",
    "wall": "stone wall",
}


def _card_faces() -> dict[str, CardFace]:
    from tabletop.games.pitfall.cards import CARD_INFO

    return {
        kind: CardFace(name, text, clause, CARD_COLORS.get(kind, "#555"))
        for kind, (name, text, clause) in CARD_INFO.items()
    }


class PitfallDraw(BoardAdapter):
    """The Pitfall Harry board, scaled to fit beside the panels."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        board = game.board
        self.board = board
        self.width = int(board.canvas[0] * SCALE)
        self.height = int(board.canvas[1] * SCALE)
        self.hit_radius = ABOVE_R * SCALE + 4
        self.xy = {s: (x * SCALE, y * SCALE) for s, (x, y) in board.xy.items()}
        self.faces = _card_faces()

    # -- the static board ---------------------------------------------------------
    def draw_static(self, c: Any) -> None:
        c.save()
        c.scale(SCALE)
        w, h = self.board.canvas
        c.fill_style = "#2f5d1f"
        c.fill_rect(0, 0, w, h)
        self._draw_foliage(c, w, h)
        c.fill_style = "#5d4037"  # the earth between the two paths
        c.fill_rect(82, 82, w - 164, h - 164)
        self._draw_track(c, self.board.above, "#c8a165", 52)
        self._draw_track(c, self.board.below, "#2b1d17", 44)
        self._draw_shafts(c)
        for sid in self.board.spaces:
            self._draw_space(c, sid)
        self._draw_centre(c, w, h)
        c.restore()

    @staticmethod
    def _draw_foliage(c: Any, w: int, h: int) -> None:
        c.fill_style = "#24501a"
        for i in range(40):
            x = (i * 173) % w
            y = (i * 97) % h
            c.fill_circle(x, y, 14 + (i * 7) % 12)

    def _draw_track(self, c: Any, ids: tuple[str, ...], color: str, width: int) -> None:
        c.stroke_style = color
        c.line_width = width
        c.line_cap = "round"
        c.line_join = "round"
        points = [self.board.xy[s] for s in ids]
        c.stroke_lines(points)

    def _draw_shafts(self, c: Any) -> None:
        """Pit traps join the levels: a dark shaft from the pit to the tunnel below."""
        c.stroke_style = "#1a1210"
        c.line_width = 10
        for above, below in self.board.down.items():
            (x1, y1), (x2, y2) = self.board.xy[above], self.board.xy[below]
            c.stroke_line(x1, y1, x2, y2)

    def _draw_space(self, c: Any, sid: str) -> None:
        x, y = self.board.xy[sid]
        kind = self.board.kind[sid]
        below = self.board.level[sid] == "below"
        r = BELOW_R if below else ABOVE_R
        c.fill_style = "#3e2a22" if below else "#e8d19a"
        c.fill_rect(x - r, y - r, 2 * r, 2 * r)
        c.stroke_style = "#120c0a" if below else "#7a5a2a"
        c.line_width = 2
        c.stroke_rect(x - r, y - r, 2 * r, 2 * r)
        icon = icons.ICONS.get(kind)
        if icon is not None:
            icon(c, x, y, r)
        c.fill_style = "#bba" if below else "#6b5535"
        c.font = "8px sans-serif"
        c.text_align = "left"
        c.fill_text(sid, x - r + 2, y + r - 2)

    def _draw_centre(self, c: Any, w: int, h: int) -> None:
        c.fill_style = "#efe3c2"
        c.fill_rect(165, 165, w - 330, h - 330)
        c.stroke_style = "#8d6e63"
        c.line_width = 3
        c.stroke_rect(165, 165, w - 330, h - 330)
        c.fill_style = "#33691e"
        c.font = "bold 30px serif"
        c.text_align = "center"
        c.fill_text("PITFALL HARRY", w / 2, 205)
        c.font = "12px sans-serif"
        c.fill_style = "#4e342e"
        c.fill_text("riverboat \u2192 clockwise \u2192 diamond", w / 2, 225)
        self._draw_legend(c, 200, 420)
        c.text_align = "left"

    @staticmethod
    def _draw_legend(c: Any, left: float, top: float) -> None:
        c.text_align = "left"
        for i, (kind, name) in enumerate(KIND_NAMES.items()):
            x = left + (i % 4) * 150
            y = top + (i // 4) * 50
            c.fill_style = "#3e2a22" if kind == "wall" else "#e8d19a"
            c.fill_rect(x - 16, y - 16, 32, 32)
            icons.ICONS[kind](c, x, y, 16)
            c.fill_style = "#3e2723"
            c.font = "12px sans-serif"
            c.fill_text(name, x + 22, y + 4)

    # -- the pieces ---------------------------------------------------------------
    def table(self, view: Any) -> tuple:
        top = view.discards[-1] if view.discards else -1
        return (len(view.deck), top, len(view.facedown), view.treasure)

    def draw_table(self, c: Any, table: tuple) -> None:
        deck, top, facedown, treasure = table
        c.save()
        c.scale(SCALE)
        self._draw_piles(c, deck, top, facedown)
        self._draw_treasure_rows(c, treasure)
        c.restore()

    def pieces(self, view: Any) -> tuple:
        return (view.positions, view.scorpion, view.diamond)

    def draw_pieces(self, c: Any, pieces: tuple) -> None:
        positions, scorpion, diamond = pieces
        c.save()
        c.scale(SCALE)
        if diamond < 0:
            x, y = self.board.xy[self.board.diamond]
            icons.diamond(c, x, y - 2, 13, "#4dd0e1")
        icons.scorpion(c, *self.board.xy[scorpion])
        self._draw_pawns(c, positions)
        c.restore()

    def _draw_pawns(self, c: Any, positions: tuple[str, ...]) -> None:
        """All pawns in four vectorised commands (a move redraws this layer)."""
        shared: dict[str, int] = {}
        xs, ys = [], []
        for space in positions:
            k = shared.get(space, 0)
            shared[space] = k + 1
            x, y = self.board.xy[space]
            xs.append(x - 11 + 11 * (k % 3))
            ys.append(y - 2 + 16 * (k // 3))
        x, y = np.array(xs), np.array(ys)
        colors = np.array(
            [icons.rgb(self.seat_colors[s]) for s in range(len(positions))]
        )
        c.fill_style = "#111"
        c.fill_circles(x, y - 9, 7)
        c.fill_rects(x - 7, y - 3, 14, 16)
        c.fill_styled_circles(x, y - 9, 5.5, colors)
        c.fill_styled_rects(x - 5.5, y - 1.5, 11, 13, colors)

    def _draw_piles(self, c: Any, deck: int, top: int, facedown: int) -> None:
        from tabletop.games.pitfall.cards import CARDS

        (dx, dy), (tx, ty) = self.board.piles["draw"], self.board.piles["discard"]
        c.text_align = "center"
        c.fill_style = "#5d4037"
        c.fill_rect(dx - 30, dy - 42, 60, 84)
        c.fill_style = "#fff"
        c.font = "bold 16px sans-serif"
        c.fill_text(str(deck), dx, dy + 6)
        c.fill_style = "#3e2723"
        c.font = "11px sans-serif"
        c.fill_text("draw pile", dx, dy + 56)
        c.fill_text("discard", tx, ty + 56)
        if top >= 0:
            face = self.faces[CARDS[top]]
            c.fill_style = face.color
            c.fill_rect(tx - 30, ty - 42, 60, 84)
            c.fill_style = "#fff"
            c.font = "bold 11px sans-serif"
            c.fill_text(face.name.split()[0], tx, ty + 4)
        else:
            c.stroke_style = "#8d6e63"
            c.line_width = 1
            c.stroke_rect(tx - 30, ty - 42, 60, 84)
        kx, ky = self.board.piles["tokens"]
        c.fill_style = "#3e2723"
        c.fill_text(f"{facedown} facedown treasure tokens", kx, ky + 36)
        c.fill_style = "#6d4c41"
        c.stroke_style = "#efe3c2"
        c.line_width = 1
        xs = kx - 70 + 10 * np.arange(min(facedown, 15))
        c.fill_circles(xs, ky + 12, 8)
        c.stroke_circles(xs, ky + 12, 8)
        c.text_align = "left"

    def _draw_treasure_rows(self, c: Any, treasure: tuple) -> None:
        """Each seat's face-up treasure tokens, in a small table left of the piles."""
        from tabletop.games.pitfall.cards import TOKENS

        c.text_align = "left"
        c.font = "bold 12px sans-serif"
        c.fill_style = "#3e2723"
        c.fill_text("treasure held", 190, 300)
        c.font = "11px sans-serif"
        for k, kind in enumerate(TOKENS):
            c.fill_text(kind, 235 + 45 * k, 316)
        for seat, counts in enumerate(treasure):
            y = 334 + 18 * seat
            c.fill_style = self.seat_colors[seat]
            c.fill_circle(196, y - 4, 6)
            c.fill_style = "#3e2723"
            c.fill_text(f"P{seat}", 206, y)
            for k, kind in enumerate(TOKENS):
                for n in range(counts[k]):
                    c.fill_style = TOKEN_COLORS[kind]
                    c.fill_rect(235 + 45 * k + 9 * n, y - 10, 16, 11)
                    c.stroke_style = "#5d4037"
                    c.line_width = 1
                    c.stroke_rect(235 + 45 * k + 9 * n, y - 10, 16, 11)

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

    def route(self, a: str, b: str) -> tuple[str, ...]:
        """Along the jungle path or the tunnel when both spaces are on it."""
        for track in (self.board.above, self.board.below):
            if a in track and b in track:
                i, j = track.index(a), track.index(b)
                if i <= j:
                    return tuple(track[i : j + 1])
                return tuple(reversed(track[j : i + 1]))
        return (a, b)

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
