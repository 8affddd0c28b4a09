"""How Race looks: a winding road from Start to Goal, the deck and the discards
below it, and card faces that say what each card does.

Drawing and click targets come from one class (``tabletop.draw.Look``), built on
the generic look of a ``GenericBoard`` (spaces at the board file's coordinates,
the pawns the rules report, a click selects the space under it); this look adds
Race's own road, colours, piles and words. It knows how things look, never what is
legal.
"""

from __future__ import annotations

from typing import Any

from tabletop.draw.generic import GenericLook
from tabletop.draw.look import Face
from tabletop.draw.shapes import Pen

GRASS = "#dcedc8"
ROAD = "#a1887f"
EDGE = "#5d4037"
INK = "#3e2723"
SPACE_FILL = {"start": "#c8e6c9", "goal": "#ffd54f", "bonus": "#4fc3f7"}
CARD_COLORS = {"1": "#7986cb", "2": "#4db6ac", "3": "#ff8a65", "4": "#ba68c8"}
#: The strip below the road where the deck and the discards lie.
STRIP = 70


class RaceLook(GenericLook):
    """Race's board, piles, card faces and words."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.road_height = self.height
        self.height = self.road_height + STRIP

    # -- drawing -----------------------------------------------------------------------
    def draw_board(self, p: Pen) -> None:
        p.rect(0, 0, self.width, self.height, fill=GRASS)
        road = [self.points[sid] for sid in self.game.track]
        p.polyline(road, EDGE, 34, cap="round", join="round")
        p.polyline(road, ROAD, 28, cap="round", join="round")
        for index, sid in enumerate(self.game.track):
            x, y = self.points[sid]
            kind = self.b.spaces[sid].kind
            p.circle(x, y, 22, fill=SPACE_FILL.get(kind, "#fff8e1"), stroke=EDGE,
                     width=2)  # fmt: skip
            mark = {"start": "S", "goal": "G", "bonus": "+"}.get(kind, str(index))
            p.text(x, y + 5, mark, fill=INK, size=14, bold=True, align="center")
            p.text(x, y + 36, self.b.spaces[sid].name, fill=INK, size=10,
                   align="center")  # fmt: skip
        top = self.road_height
        p.rect(0, top, self.width, STRIP, fill="#efebe9")
        p.line(0, top, self.width, top, EDGE, 2)

    def draw_table(self, p: Pen, view: Any) -> None:
        top = self.road_height + 10
        p.rect(40, top, 36, 50, fill=EDGE, stroke="#000000")
        p.text(58, top + 31, str(len(view.deck)), fill="#ffffff", size=14, bold=True,
               align="center")  # fmt: skip
        p.text(86, top + 22, "deck", fill=INK, size=11)
        pile = view.discards  # face up: every card of it is known
        if pile:
            face = self.face(str(pile[-1]))
            p.rect(160, top, 36, 50, fill=face.color, stroke="#000000")
            p.text(178, top + 31, face.name, fill=face.ink, size=16, bold=True,
                   align="center")  # fmt: skip
        else:
            p.rect(160, top, 36, 50, stroke=EDGE)
        p.text(206, top + 22, f"discards ({len(pile)})", fill=INK, size=11)
        p.text(206, top + 40, "a bonus space (+) draws a card", fill=INK, size=11)

    # -- the track ---------------------------------------------------------------------
    def route(self, a: str, b: str) -> tuple[str, ...]:
        track = self.game.track
        if a in track and b in track and track.index(a) <= track.index(b):
            return track[track.index(a) : track.index(b) + 1]
        return (a, b)

    # -- cards and seats ---------------------------------------------------------------
    def face(self, kind: str) -> Face:
        if kind not in CARD_COLORS:
            return Face(kind, "#555555")
        steps = "1 space" if kind == "1" else f"{kind} spaces"
        return Face(kind, CARD_COLORS[kind],
                    f"move {steps}, then draw a card", "RC-PLAY")  # fmt: skip

    def card_kinds(self) -> tuple[str, ...]:
        return tuple(CARD_COLORS)

    def seat_note(self, view: Any, seat: int) -> str:
        where = view.positions[seat]
        left = self.game.goal - where
        if left == 0:
            return "at Goal"
        name = self.space_name(self.game.track[where])
        return f"on {name}, {left} to Goal"

    # -- words -------------------------------------------------------------------------
    def describe(self, sid: str) -> str:
        space = self.b.spaces.get(sid)
        if space is None:
            return sid
        what = {
            "start": "where every pawn begins",
            "goal": "the first pawn to reach it wins",
            "bonus": "end a move here to draw a card",
        }.get(space.kind, "")
        left = self.game.goal - self.game.track.index(sid)
        far = f"{left} to Goal" if left else ""
        return ", ".join(part for part in (space.name, what, far) if part)

    def label_words(self, label: str) -> str:
        """ "Play 3" -> "Play the 3 (3 spaces)"; "Roll" -> "Roll the die"."""
        words = label.split()
        if words == ["Roll"]:
            return "Roll the die"
        if len(words) == 2 and words[0] == "Play" and words[1] in CARD_COLORS:
            steps = "1 space" if words[1] == "1" else f"{words[1]} spaces"
            return f"Play the {words[1]} ({steps})"
        return label
