"""How Pitfall Harry looks: the jungle path above, the tunnel below, and the pieces.

Drawn from the board file (space kinds and coordinates) and a view's public fields:
obstacles get an icon each (pits, crocodiles in water, logs, fires, cobras, the swamp,
grey stone walls underground; the icons are the functions at the end, drawn around
a point in board units, ``r`` being half a space's side, so the board and its legend
share them), the draw and discard piles and facedown tokens lie in the middle, each
seat's face-up treasure in a small table beside them. Its spaces take the clicks;
cards, seats and button labels read in words (the codes ``CR RO`` spelled out).
"""

from __future__ import annotations

import math
import re
from typing import Any

from tabletop.core.viewers import as_viewer
from tabletop.draw.look import Face, Look
from tabletop.draw.shapes import Pen
from tabletop.games.pitfall.cards import (
    CARD_INFO,
    CARDS,
    CODES,
    HIDDEN_SLOT,
    TOKEN_INFO,
    TOKENS,
    hand_cards,
)

SCALE = 0.86
ABOVE_R = 22  # half the side of an aboveground square, board units
LABEL_SIZE = 18  # a space's number, board units (11 px on screen at 0.62 px/unit)
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
EARTH = "#3e2723"
_CODES = "(?:" + "|".join(CODES) + ")"
_KINDS = "(?:" + "|".join(CARDS) + ")"
_CODE_RUN = re.compile(rf"\b{_CODES}(?: {_CODES})*\b")
_KIND_RUN = re.compile(rf"\b{_KINDS}(?:,? {_KINDS})+\b|(?<=\bdrew ){_KINDS}\b")
_TITLES = "(" + "|".join(k.title() for k in CARDS) + ")"
_KIND_CARD = re.compile(rf"\b{_TITLES} card\b")
_PLAY_KIND = re.compile(rf"\b([Pp]lay(?:ed|s)?) {_TITLES}\b(?! card| treasure)")


class PitfallLook(Look):
    """The Pitfall Harry board, scaled to fit a notebook column."""

    scale = SCALE
    # Each space carries the number of its name ("Log 1": the log icon and 1),
    # large enough to read at the width a laptop's notebook column gives the
    # board; the words name spaces by those names, never by id.
    prints_ids = False
    label_size = LABEL_SIZE
    # Inside the centre panel's top left: the board's corner holds Cobra 1.
    die_spot = (176 * SCALE, 176 * SCALE)
    moves_no_pawn = frozenset({"scorpion"})  # the scorpion's move events

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.b = game.board
        self.width = int(self.b.canvas[0] * SCALE)
        self.height = int(self.b.canvas[1] * SCALE)

    def space_radius(self, sid: str) -> float:
        return ABOVE_R * self.scale + 4

    def route(self, a: str, b: str) -> tuple[str, ...]:
        """Along the jungle path or the tunnel when both spaces are on it."""
        for track in (self.b.above, self.b.below):
            if a in track and b in track:
                i, j = track.index(a), track.index(b)
                if i <= j:
                    return tuple(track[i : j + 1])
                return tuple(reversed(track[j : i + 1]))
        return (a, b)

    # -- the board ------------------------------------------------------------------
    def draw_board(self, p: Pen) -> None:
        w, h = self.b.canvas
        p.rect(0, 0, w, h, fill="#2f5d1f")
        for i in range(40):  # foliage
            p.circle((i * 173) % w, (i * 97) % h, 14 + (i * 7) % 12, fill="#24501a")
        p.rect(82, 82, w - 164, h - 164, fill="#5d4037")  # the earth between paths
        for ids, color, width in ((self.b.above, "#c8a165", 52),
                                  (self.b.below, "#2b1d17", 44)):  # fmt: skip
            points = [self.b.xy[s] for s in ids]
            p.polyline(points, color, width, cap="round", join="round")
        for above, below in self.b.down.items():  # pit shafts join the levels
            p.line(*self.b.xy[above], *self.b.xy[below], "#1a1210", 10)
        for sid in self.b.spaces:
            self._space(p, sid)
        self._centre(p, w, h)

    def _space(self, p: Pen, sid: str) -> None:
        x, y = self.b.xy[sid]
        below = self.b.level[sid] == "below"
        r = BELOW_R if below else ABOVE_R
        p.rect(x - r, y - r, 2 * r, 2 * r, fill="#3e2a22" if below else "#e8d19a",
               stroke="#120c0a" if below else "#7a5a2a", width=2)  # fmt: skip
        icon = ICONS.get(self.b.kind[sid])
        if icon is not None:
            icon(p, x, y, r)
        name = self.b.space_name(sid)
        number = name.rpartition(" ")[2]
        # The Riverboat, the Swamp, the Diamond have no number; a tunnel space is
        # named by the space above it ("Under Log 1"), found by looking up.
        if not number.isdigit() or name.startswith("Under "):
            return
        ink, halo = ("#fff8e1", "#120c0a") if below else ("#3e2a14", "#f3e2b3")
        if icon is None:  # a plain space: its number in the middle
            p.text(x, y + LABEL_SIZE / 2 - 2, number, fill=ink, size=LABEL_SIZE + 2,
                   bold=True, align="center")  # fmt: skip
        else:  # over the icon's corner, outlined so it reads on any icon
            p.text(x - r + 2, y - r + LABEL_SIZE - 1, number, fill=ink,
                   size=LABEL_SIZE, bold=True, halo=halo, halo_width=3)  # fmt: skip

    def _centre(self, p: Pen, w: int, h: int) -> None:
        p.rect(165, 165, w - 330, h - 330, fill="#efe3c2", stroke="#8d6e63", width=3)
        p.text(w / 2, 205, "PITFALL HARRY", fill="#33691e", size=30, bold=True,
               align="center", family="serif")  # fmt: skip
        p.text(w / 2, 225, "riverboat \u2192 clockwise \u2192 diamond",
               fill="#4e342e", align="center")  # fmt: skip
        for i, (kind, name) in enumerate(KIND_NAMES.items()):
            x, y = 200 + (i % 4) * 150, 420 + (i // 4) * 50
            p.rect(x - 16, y - 16, 32, 32,
                   fill="#3e2a22" if kind == "wall" else "#e8d19a")  # fmt: skip
            ICONS[kind](p, x, y, 16)
            p.text(x + 22, y + 4, name, fill=EARTH)

    # -- the table around the board -------------------------------------------------
    def draw_table(self, p: Pen, view: Any) -> None:
        pile = view.discards  # face up: every card of it is known
        top = CARDS[pile[-1]] if pile else ""
        (dx, dy), (tx, ty) = self.b.piles["draw"], self.b.piles["discard"]
        p.rect(dx - 30, dy - 42, 60, 84, fill="#5d4037")
        p.text(dx, dy + 6, str(len(view.deck)), fill="#ffffff", size=16, bold=True,
               align="center")  # fmt: skip
        p.text(dx, dy + 56, "draw pile", fill=EARTH, size=11, align="center")
        p.text(tx, ty + 56, "discard", fill=EARTH, size=11, align="center")
        if top:
            face = self.face(top)
            p.rect(tx - 30, ty - 42, 60, 84, fill=face.color)
            p.text(tx, ty + 4, face.name.split()[0], fill=face.ink, size=11,
                   bold=True, align="center")  # fmt: skip
        else:
            p.rect(tx - 30, ty - 42, 60, 84, stroke="#8d6e63")
        kx, ky = self.b.piles["tokens"]
        facedown = len(view.facedown)
        p.text(kx, ky + 36, f"{facedown} facedown treasure tokens", fill=EARTH,
               size=11, align="center")  # fmt: skip
        for k in range(min(facedown, 15)):
            p.circle(kx - 70 + 10 * k, ky + 12, 8, fill="#6d4c41", stroke="#efe3c2")
        self._treasure(p, view.treasure)

    def _treasure(self, p: Pen, treasure: tuple) -> None:
        """Each seat's face-up treasure tokens, in a small table left of the piles."""
        p.text(190, 300, "treasure held", fill=EARTH, bold=True)
        for k, kind in enumerate(TOKENS):
            p.text(235 + 45 * k, 316, kind, fill=EARTH, size=11)
        for seat, counts in enumerate(treasure):
            y = 334 + 18 * seat
            p.circle(196, y - 4, 6, fill=self.seat_colors[seat])
            p.text(206, y, f"P{seat}", fill=EARTH, size=11)
            for k, kind in enumerate(TOKENS):
                for n in range(counts[k]):
                    p.rect(235 + 45 * k + 9 * n, y - 10, 16, 11,
                           fill=TOKEN_COLORS[kind], stroke="#5d4037")  # fmt: skip

    # -- the pieces -----------------------------------------------------------------
    def draw_pieces(self, p: Pen, view: Any) -> None:
        if view.diamond < 0:
            x, y = self.b.xy[self.b.diamond]
            diamond(p, x, y - 2, 13, "#4dd0e1")
        scorpion(p, *self.b.xy[view.scorpion])
        for seat in range(len(view.positions)):
            x, y = self.spot(view, seat)
            p.circle(x, y - 9, 7, fill="#111111")
            p.rect(x - 7, y - 3, 14, 16, fill="#111111")
            color = self.seat_colors[seat]
            p.circle(x, y - 9, 5.5, fill=color)
            p.rect(x - 5.5, y - 1.5, 11, 13, fill=color)
            # The seat's number on the body: the pawns are alike but for colour.
            p.text(x, y + 10, str(seat), fill=self.seat_ink(seat), size=12,
                   bold=True, align="center")  # fmt: skip

    def spot(self, view: Any, seat: int) -> tuple[float, float]:
        """A pawn's place: pawns on one space stand side by side in one row, from
        the left of its centre (the space's number shows beside up to three);
        four stand 12 apart across the space, so that no pawn covers another's
        seat number (a fourth in a second row hid seat 0's)."""
        space = view.positions[seat]
        k = view.positions[:seat].count(space)
        x, y = self.b.xy[space]
        n = view.positions.count(space)
        if n <= 3:
            return x - 11 + 11 * k, y - 2
        return x + 12 * (k - (n - 1) / 2), y - 2

    # -- cards, seats and words -----------------------------------------------------
    def hand(self, view: Any, seat: int) -> tuple[str, ...] | int:
        vector = view.hands[seat]
        if vector[HIDDEN_SLOT]:
            return sum(vector)
        return hand_cards(vector)

    def face(self, kind: str) -> Face:
        if kind not in CARD_INFO:
            return Face(kind.title(), CARD_COLORS.get(kind, "#555555"))
        name, text, clause = CARD_INFO[kind]
        return Face(name, CARD_COLORS.get(kind, "#555555"), text, clause)

    def card_kinds(self) -> tuple[str, ...]:
        return tuple(CARD_INFO)

    def seat_note(self, view: Any, seat: int) -> str:
        held = [
            TOKEN_INFO[k]
            for k, n in zip(TOKENS, view.treasure[seat], strict=True)
            for _ in range(n)
        ]
        where = self.space_name(view.positions[seat])
        return f"on {where}, treasure: " + (", ".join(held) or "none")

    def describe(self, sid: str) -> str:
        kind = self.b.kind.get(sid, "")
        what = KIND_NAMES.get(kind, "")
        level = "tunnel" if self.b.level.get(sid) == "below" else "jungle path"
        return f"{self.space_name(sid)}: {level}" + (f", {what}" if what else "")

    def label_words(self, label: str) -> str:
        """ "Discard CR CR RO JU" -> "Discard 2 Crocodiles, a Rope and a Jump";
        "with P1" -> "with player 1"."""
        text = self.words_for_cards(label)
        return re.sub(r"\bP(\d)\b", r"player \1", text)

    def words_for_cards(self, text: str) -> str:
        """``text`` with its runs of card codes ("CR RO RO JU"), runs of two or
        more card kinds ("croc croc rope", "croc, rope") and the kind drawn
        ("drew rope") said as cards, each kind once and counted ("2 Ropes"); a
        kind played or named as a card by its face ("Play Croc" -> "Play a
        Crocodile", "a Croc card" -> "a Crocodile card")."""
        kind_of = dict(zip(CODES, CARDS, strict=True))
        text = _CODE_RUN.sub(
            lambda m: self.cards_words([kind_of[c] for c in m.group(0).split()]),
            text,
        )
        text = _KIND_RUN.sub(
            lambda m: self.cards_words(m.group(0).replace(",", " ").split()), text
        )
        by_title = {k.title(): k for k in CARDS}
        text = _KIND_CARD.sub(lambda m: f"{self.card_name(by_title[m[1]])} card", text)
        return _PLAY_KIND.sub(
            lambda m: f"{m[1]} {self.some_cards(by_title[m[2]], 1)}", text
        )

    def words(self, text: str) -> str:
        """Seats and spaces named (``Look.words``) and the cards said as cards
        (``words_for_cards``): the engine's sentences read in words even where
        only their text is at hand (an online seat's log)."""
        return super().words(self.words_for_cards(text))

    def event_words(self, event: Any, viewer: Any) -> str | None:
        """The events that move cards, said from their data: every card named by
        its face, repeated kinds counted ("discarded 2 Crocodiles, a Rope and a
        Jump"); cards ``viewer`` may not see are counted only ("drew 2 cards")."""
        data = event.for_viewer(as_viewer(viewer)).data
        seat = data.get("seat", event.player)
        if not isinstance(seat, int) or seat >= self.game.players:
            return None
        who = self.seat_name(seat)
        kind, clause = event.kind, event.clause
        if kind == "deal":
            return f"{who} was dealt {self.event_cards(event, viewer)}"
        if kind == "draw":
            return f"{who} drew {self.event_cards(event, viewer)}"
        if kind == "exchange" and "from_seat" in data:
            # PH-2B-SWAP, the side swapped with: it lost what the mover took and
            # received what the mover gave.
            mover = self.seat_name(data["from_seat"])
            if "gave" not in data:
                return f"{who} took {mover}'s 4 cards in return"
            gave = self.cards_words(data["gave"])
            took = self.cards_words(data["took"])
            return f"{who} received {gave} from {mover} and lost {took}"
        if kind == "exchange" and "to_seat" in data:
            other = self.seat_name(data["to_seat"])
            if "gave" not in data:
                return f"{who} swapped 4 cards with {other}"
            gave = self.cards_words(data["gave"])
            took = self.cards_words(data["took"])
            return f"{who} gave {gave} to {other} and took {took}"
        if kind == "exchange":
            return f"{who} discarded {self.event_cards(event, viewer)}"
        card = data.get("card")
        if not isinstance(card, str):
            return None
        played = f"{who} played {self.some_cards(card, 1)}"
        if kind == "card" and clause == "PH-T-SCORPION-FIRST":
            return f"{played} to move the scorpion"
        if kind == "card" and isinstance(data.get("space"), str):
            return f"{played} on {self.space_name(data['space'])}"
        if kind == "climb" and isinstance(data.get("to"), str):
            up, to = self.space_name(data["from"]), self.space_name(data["to"])
            return f"{played} and climbed {up} \u2192 {to}"
        return played


# -- icons, drawn around (x, y) in board units, r being half a space's side ---------
def pit(p: Pen, x: float, y: float, r: float) -> None:
    p.circle(x, y, r * 0.72, fill="#000000")


def ladder_pit(p: Pen, x: float, y: float, r: float) -> None:
    pit(p, x, y, r)
    wood = "#d7a94b"
    p.line(x - r * 0.3, y - r * 0.7, x - r * 0.3, y + r * 0.7, wood, 2.5)
    p.line(x + r * 0.3, y - r * 0.7, x + r * 0.3, y + r * 0.7, wood, 2.5)
    for k in (-0.4, 0, 0.4):
        p.line(x - r * 0.3, y + r * k, x + r * 0.3, y + r * k, wood, 2.5)


def croc(p: Pen, x: float, y: float, r: float) -> None:
    p.rect(x - r + 2, y - r + 2, 2 * r - 4, 2 * r - 4, fill="#1e88e5")
    body = [
        (x - r * 0.8, y),
        (x - r * 0.2, y - r * 0.4),
        (x + r * 0.8, y - r * 0.2),
        (x + r * 0.8, y + r * 0.15),
        (x - r * 0.2, y + r * 0.35),
    ]
    p.polygon(body, fill="#33691e")
    p.circle(x - r * 0.15, y - r * 0.2, r * 0.12, fill="#ffffff")


def log(p: Pen, x: float, y: float, r: float) -> None:
    p.rect(x - r * 0.85, y - r * 0.3, r * 1.7, r * 0.6, fill="#6d4c41")
    p.circle(x + r * 0.85, y, r * 0.3, fill="#a1887f")


def fire(p: Pen, x: float, y: float, r: float) -> None:
    p.polygon(
        [(x - r * 0.6, y + r * 0.6), (x, y - r * 0.8), (x + r * 0.6, y + r * 0.6)],
        fill="#e65100",
    )
    p.polygon(
        [(x - r * 0.3, y + r * 0.6), (x, y - r * 0.2), (x + r * 0.3, y + r * 0.6)],
        fill="#ffca28",
    )


def cobra(p: Pen, x: float, y: float, r: float) -> None:
    p.circle(x, y + r * 0.25, r * 0.45, stroke="#827717", width=r * 0.22)
    p.circle(x + r * 0.1, y - r * 0.45, r * 0.28, fill="#afb42b")
    p.circle(x + r * 0.18, y - r * 0.5, r * 0.06, fill="#000000")


def swamp(p: Pen, x: float, y: float, r: float) -> None:
    p.circle(x, y, r * 0.8, fill="#33691e")
    for dx, dy in ((-0.3, -0.2), (0.25, 0.1), (-0.05, 0.35)):
        p.circle(x + r * dx, y + r * dy, r * 0.15, fill="#558b2f")


def wall(p: Pen, x: float, y: float, r: float) -> None:
    p.rect(x - r, y - r, 2 * r, 2 * r, fill="#9e9e9e")
    mortar = "#424242"
    for k in range(4):
        yy = y - r + k * r / 2
        p.line(x - r, yy, x + r, yy, mortar, 1.5)
        off = (r / 2) if k % 2 else 0
        p.line(x - r / 2 + off, yy, x - r / 2 + off, yy + r / 2, mortar, 1.5)
        p.line(x + r / 2 + off - r, yy, x + r / 2 + off - r, yy + r / 2, mortar, 1.5)


def riverboat(p: Pen, x: float, y: float, r: float) -> None:
    p.rect(x - r, y - r, 2 * r, 2 * r, fill="#1e88e5")
    hull = [
        (x - r * 0.9, y),
        (x + r * 0.9, y),
        (x + r * 0.6, y + r * 0.5),
        (x - r * 0.6, y + r * 0.5),
    ]
    p.polygon(hull, fill="#fafafa")
    p.rect(x - r * 0.35, y - r * 0.55, r * 0.7, r * 0.55, fill="#d32f2f")


def diamond_space(p: Pen, x: float, y: float, r: float) -> None:
    p.rect(x - r, y - r, 2 * r, 2 * r, fill="#263238")
    p.rect(x - r + 3, y - r + 3, 2 * r - 6, 2 * r - 6, stroke="#4dd0e1", width=2)


def diamond(p: Pen, x: float, y: float, r: float, color: str) -> None:
    p.polygon([(x, y - r), (x + r * 0.8, y), (x, y + r), (x - r * 0.8, y)], fill=color)
    p.polygon(
        [(x, y - r), (x + r * 0.3, y), (x, y + r * 0.3), (x - r * 0.3, y)],
        fill="#e0f7fa",
    )


def scorpion(p: Pen, x: float, y: float) -> None:
    p.circle(x, y, 17, fill="#ff5252")
    p.circle(x - 5, y + 3, 7, fill="#000000")
    p.circle(x + 4, y + 3, 5, fill="#000000")
    p.arc(x + 7, y - 4, 7, math.pi * 0.5, math.pi * 1.8, "#000000", 3)
    p.line(x - 12, y - 2, x - 16, y - 8, "#000000", 3)
    p.line(x - 12, y + 6, x - 16, y + 11, "#000000", 3)
    p.circle(x + 12, y - 10, 3, fill="#ffeb3b")


ICONS = {
    "pit": pit,
    "ladder_pit": ladder_pit,
    "croc": croc,
    "log": log,
    "fire": fire,
    "cobra": cobra,
    "swamp": swamp,
    "wall": wall,
    "riverboat": riverboat,
    "diamond": diamond_space,
}
