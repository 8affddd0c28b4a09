"""How Raiders of the Lost Ark looks: a world map with its routes, and the tokens.

Drawn from the board file: countries (coloured lands with their names), the paths of
spaces between countries and intersections, checkpoints (red, with the arrow along
the path), instruction spaces (yellow, "!"), and the routes that leave one edge of
the map and come back at the other. The pieces layer shows the tokens, the Ark's
country once known, and the deck and discards. Nothing here decides what is legal.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from tabletop.ui.board import BoardAdapter, CardFace

SCALE = 0.9
# Decorative land masses (board units), placed under the countries of the map.
CONTINENTS = (
    ((60, 70), (330, 60), (360, 120), (300, 210), (240, 270), (160, 250), (70, 180)),
    ((230, 280), (330, 300), (370, 360), (330, 470), (280, 520), (250, 430)),
    ((440, 70), (560, 55), (600, 110), (540, 160), (460, 150)),
    (
        (500, 180),
        (640, 180),
        (660, 260),
        (610, 400),
        (560, 450),
        (500, 360),
        (480, 260),
    ),
    ((600, 60), (960, 50), (980, 140), (900, 250), (760, 260), (640, 230), (600, 150)),
    ((850, 345), (950, 335), (965, 410), (880, 425)),
)
# What an instruction space does, printed beside it on the map (its full text shows
# when the pointer rests on it).
EFFECT_WORDS = {
    "draw": "draw a card",
    "lose_turn": "lose a turn",
    "discard": "discard 1",
    "back": "back {n}",
    "roll_again": "roll again",
}
CARD_COLORS = {
    "ark": "#c9a227",
    "staff": "#c9a227",
    "map": "#c9a227",
    "hostage": "#8e24aa",
    "air": "#0288d1",
    "passport": "#2e7d32",
    "ambush": "#c62828",
}


class RaidersDraw(BoardAdapter):
    """The Raiders world map, scaled to fit beside the panels."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        board = game.board
        self.board = board
        data = board.data
        self.map_w, self.map_h = data["canvas"]["width"], data["canvas"]["height"]
        self.width = int(self.map_w * SCALE)
        self.height = int(self.map_h * SCALE)
        self.hit_radius = 14
        self.xy = {s: (x * SCALE, y * SCALE) for s, (x, y) in board.xy.items()}
        self.colors = {c["id"]: c.get("color", "#8d6e63") for c in data["countries"]}

    # -- the static map -------------------------------------------------------------
    def draw_static(self, c: Any) -> None:
        c.save()
        c.scale(SCALE)
        c.fill_style = "#1f5f99"
        c.fill_rect(0, 0, self.map_w, self.map_h)
        self._draw_grid(c)
        c.fill_style = "#d9c9a0"
        c.stroke_style = "#a08c5b"
        c.line_width = 2
        for poly in CONTINENTS:
            # Point lists must be lists or arrays: ipycanvas sends tuples unconverted.
            c.fill_polygon(np.array(poly))
            c.stroke_polygon(np.array(poly))
        for path in self.board.paths.values():
            self._draw_path(c, path)
        for sid in self.board.spaces:
            self._draw_space(c, sid)
        for xid in self.board.intersections:
            self._draw_intersection(c, xid)
        for cid in self.board.countries:
            self._draw_country(c, cid)
        self._draw_title(c)
        c.restore()

    def _draw_grid(self, c: Any) -> None:
        c.stroke_style = "#2f74b3"
        c.line_width = 1
        for x in range(0, self.map_w + 1, 100):
            c.stroke_line(x, 0, x, self.map_h)
        for y in range(0, self.map_h + 1, 80):
            c.stroke_line(0, y, self.map_w, y)

    def _draw_path(self, c: Any, path: Any) -> None:
        points = [self.board.xy[i] for i in (path.ends[0], *path.spaces, path.ends[1])]
        c.stroke_style = "#5d4037"
        c.line_width = 3
        c.set_line_dash([6, 4])
        for (x1, y1), (x2, y2) in zip(points, points[1:], strict=False):
            if abs(x2 - x1) > self.map_w / 2:  # RA-B-WRAP: off one edge, on the other
                shift = self.map_w if x2 < x1 else -self.map_w
                c.stroke_line(x1, y1, x2 + shift, y2)
                c.stroke_line(x1 - shift, y1, x2, y2)
                self._edge_marks(c, x1, y1, x2 + shift, y2)
            else:
                c.stroke_line(x1, y1, x2, y2)
        c.set_line_dash([])

    def _edge_marks(self, c: Any, x1: float, y1: float, x2: float, y2: float) -> None:
        """Yellow arrowheads where a wrapping route leaves and re-enters the map."""
        edge = self.map_w if x2 > x1 else 0
        y = y1 + (y2 - y1) * (edge - x1) / (x2 - x1)
        out = 1 if edge else -1
        c.fill_style = "#ffeb3b"
        c.fill_polygon([(edge - 12 * out, y - 8), (edge, y), (edge - 12 * out, y + 8)])
        other = self.map_w - edge
        c.fill_polygon([(other, y - 8), (other + 12 * out, y), (other, y + 8)])

    def _draw_space(self, c: Any, sid: str) -> None:
        x, y = self.board.xy[sid]
        if sid in self.board.checkpoints:
            c.fill_style = "#d32f2f"
            c.fill_circle(x, y, 10)
            self._draw_arrow(c, x, y, self.board.xy[self.board.checkpoints[sid]])
            return
        instruction = sid in self.board.instructions
        c.fill_style = "#ffd54f" if instruction else "#fff8e1"
        c.fill_circle(x, y, 8)
        c.stroke_style = "#3e2723"
        c.line_width = 1.5
        c.stroke_circle(x, y, 8)
        if instruction:
            c.fill_style = "#3e2723"
            c.font = "bold 11px sans-serif"
            c.text_align = "center"
            c.fill_text("!", x, y + 4)
            found = self.board.instructions[sid]
            short = EFFECT_WORDS.get(found.effect, found.effect).format(n=found.count)
            c.font = "bold 9px sans-serif"
            c.stroke_style = "#1f5f99"
            c.line_width = 3
            c.stroke_text(short, x, y + 19)
            c.fill_style = "#ffeb3b"
            c.fill_text(short, x, y + 19)

    def _draw_arrow(self, c: Any, x: float, y: float, towards: tuple) -> None:
        tx, ty = towards
        if abs(tx - x) > self.map_w / 2:
            tx += self.map_w if tx < x else -self.map_w
        angle = math.atan2(ty - y, tx - x)
        ux, uy = math.cos(angle), math.sin(angle)
        tip = (x + 9 * ux, y + 9 * uy)
        left = (x - 6 * ux - 6 * uy, y - 6 * uy + 6 * ux)
        right = (x - 6 * ux + 6 * uy, y - 6 * uy - 6 * ux)
        c.fill_style = "#fff"
        c.fill_polygon([tip, left, right])

    def _draw_intersection(self, c: Any, xid: str) -> None:
        x, y = self.board.xy[xid]
        c.fill_style = "#263238"
        c.fill_circle(x, y, 10)
        c.stroke_style = "#eceff1"
        c.line_width = 2
        c.stroke_line(x - 5, y - 5, x + 5, y + 5)
        c.stroke_line(x - 5, y + 5, x + 5, y - 5)

    def _draw_country(self, c: Any, cid: str) -> None:
        x, y = self.board.xy[cid]
        label = self.board.names.get(cid, cid).upper()
        blob = _blob(x, y, max(26, 4.2 * len(label)), 24, hash_text(cid))
        c.fill_style = self.colors[cid]
        c.fill_polygon(blob)
        c.stroke_style = "#2b1d0e"
        c.line_width = 2
        c.stroke_polygon(blob)
        c.fill_style = "#fff"
        c.font = "bold 11px sans-serif"
        c.text_align = "center"
        c.fill_text(label, x, y + 4)

    def _draw_title(self, c: Any) -> None:
        c.fill_style = "#fff8e1"
        c.font = "bold 22px serif"
        c.text_align = "left"
        c.fill_text("RAIDERS OF THE LOST ARK", 20, self.map_h - 20)
        c.font = "11px sans-serif"
        legend = (
            "red: checkpoint (arrow = way that needs a Passport)   "
            "yellow !: instruction (rest the pointer on it to read it)   "
            "\u25b6 at the edge: the route wraps around"
        )
        c.fill_text(legend, 20, self.map_h - 6)

    # -- the pieces ---------------------------------------------------------------
    def table(self, view: Any) -> tuple:
        top = view.discards[-1] if view.discards else ""
        return (view.ark, len(view.deck), top)

    def draw_table(self, c: Any, table: tuple) -> None:
        ark, deck, top = table
        c.save()
        c.scale(SCALE)
        if ark:
            x, y = self.board.xy[ark]
            _ark(c, x, y - 40)
        c.fill_style = "#fff8e1"
        c.font = "12px sans-serif"
        c.text_align = "right"
        shown = top and self.face(top).name
        c.fill_text(
            f"deck: {deck} cards   discard: {shown or 'empty'}",
            self.map_w - 16,
            self.map_h - 10,
        )
        c.restore()

    def pieces(self, view: Any) -> tuple:
        return (view.positions, view.skips)

    def draw_pieces(self, c: Any, pieces: tuple) -> None:
        positions, skips = pieces
        c.save()
        c.scale(SCALE)
        crowd: dict[str, int] = {}
        for seat, where in enumerate(positions):
            if not where:
                continue
            k = crowd.get(where, 0)
            crowd[where] = k + 1
            x, y = self.board.xy[where]
            lift = 26 if self.board.kind.get(where) == "country" else 12
            _token(
                c,
                x + 9 * k,
                y - lift - 4 * k,
                self.seat_colors[seat],
                str(seat),
                skips[seat] > 0,
            )
        c.restore()

    def radius(self, sid: str) -> float:
        kind = self.board.kind.get(sid, "space")
        return {"country": 30.0, "intersection": 13.0}.get(kind, 12.0)

    # -- words ----------------------------------------------------------------------
    def label_words(self, label: str) -> str:
        """ "ambush 0" -> "Ambush player 0"; "hostage 0>ENGLAND" -> "Hostage: player
        0 to ENGLAND"; "fly ENGLAND" -> "Fly to ENGLAND"; "place USA" -> "Place
        your token in USA" (spaces are named by the table afterwards)."""
        words = label.split()
        if not words:
            return label
        head = words[0].lower()
        if head == "ambush" and len(words) == 2:
            return f"Ambush player {words[1]}"
        if head == "hostage" and len(words) == 2 and ">" in words[1]:
            seat, _, place = words[1].partition(">")
            return f"Hostage: player {seat} to {place}"
        if head == "fly" and len(words) == 2:
            return f"Fly to {words[1]}"
        if head == "place" and len(words) == 2:
            return f"Place your token in {words[1]}"
        if head == "send" and len(words) >= 3 and words[1] == "to":
            return f"Send them to {' '.join(words[2:])}"
        return label

    def route(self, a: str, b: str) -> tuple[str, ...]:
        """Along a path of the map when both spaces lie on the same one."""
        for path in self.board.paths.values():
            row = (path.ends[0], *path.spaces, path.ends[1])
            if a in row and b in row:
                i, j = row.index(a), row.index(b)
                return row[i : j + 1] if i <= j else tuple(reversed(row[j : i + 1]))
        return (a, b)

    def describe(self, sid: str) -> str:
        name = self.space_label(sid)
        found = self.board.instructions.get(sid)
        if found is not None:
            return f"{name}: {found.text}"
        if sid in self.board.checkpoints:
            return f"{name}: checkpoint (a Passport is needed to pass this way)"
        return name

    # -- hands ----------------------------------------------------------------------
    def hand(self, view: Any, seat: int) -> tuple[str, ...] | int:
        cards = view.hands[seat]
        return len(cards) if "?" in cards else tuple(cards)

    def face(self, kind: str) -> CardFace:
        from tabletop.games.raiders.cards import CARD_KINDS, card_country

        country = card_country(kind)
        if country:
            name, text, clause = CARD_KINDS["country"]
            label = self.board.names.get(country, country)
            return CardFace(
                f"{label}",
                f"Country card. {text}",
                clause,
                self.colors.get(country, "#555"),
            )
        name, text, clause = CARD_KINDS.get(kind, (kind, "", ""))
        return CardFace(name, text, clause, CARD_COLORS.get(kind, "#555"))

    def card_kinds(self) -> tuple[str, ...]:
        from tabletop.games.raiders.cards import CARD_KINDS, country_card

        plain = tuple(k for k in CARD_KINDS if k != "country")
        return plain + tuple(country_card(c) for c in self.board.countries)

    def seat_notes(self, view: Any, seat: int) -> str:
        notes = []
        if view.skips[seat]:
            notes.append(f"misses {view.skips[seat]} turn(s)")
        if view.owes[seat]:
            notes.append("owes a Passport")
        where = view.positions[seat]
        if where:
            notes.append(f"at {self.space_label(where)}")
        return ", ".join(notes)


def hash_text(text: str) -> int:
    """A small stable number from a text (Python's ``hash`` varies per run)."""
    return sum((i + 1) * ord(ch) for i, ch in enumerate(text))


def _blob(x: float, y: float, rx: float, ry: float, seed: int) -> np.ndarray:
    """An irregular land shape around (x, y), the same every time for a seed."""
    points = []
    for k in range(10):
        wobble = 0.8 + 0.3 * (((seed * (k + 3)) % 7) / 6)
        angle = 2 * math.pi * k / 10
        points.append(
            (x + rx * wobble * math.cos(angle), y + ry * wobble * math.sin(angle))
        )
    return np.array(points)


def _token(c: Any, x: float, y: float, color: str, label: str, skipping: bool) -> None:
    c.fill_style = "#000"
    c.fill_polygon([(x - 8, y + 2), (x + 8, y + 2), (x, y + 14)])
    c.fill_circle(x, y, 10)
    c.fill_style = color
    c.fill_circle(x, y, 8)
    c.fill_style = "#fff"
    c.font = "bold 10px sans-serif"
    c.text_align = "center"
    c.fill_text(label, x, y + 4)
    if skipping:
        c.stroke_style = "#fff"
        c.line_width = 2
        c.stroke_line(x - 7, y - 7, x + 7, y + 7)


def _ark(c: Any, x: float, y: float) -> None:
    c.fill_style = "#ffd54f"
    c.fill_rect(x - 16, y - 8, 32, 16)
    c.stroke_style = "#8d6e00"
    c.line_width = 2
    c.stroke_rect(x - 16, y - 8, 32, 16)
    c.fill_polygon([(x - 14, y - 8), (x - 4, y - 18), (x - 2, y - 8)])
    c.fill_polygon([(x + 14, y - 8), (x + 4, y - 18), (x + 2, y - 8)])
    c.fill_style = "#fff8e1"
    c.font = "bold 10px sans-serif"
    c.text_align = "center"
    c.fill_text("ARK", x, y + 24)


ADAPTER = RaidersDraw
