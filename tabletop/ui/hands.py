"""Card hands: one canvas per seat, card faces for the viewer, backs for the rest.

A face shows the card's name, what it does and, with rules details on, its clause
(from the game's card
info through the look). Cards that a legal action plays are outlined and can be
clicked; a hidden hand shows only card backs and a count.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import numpy as np
from ipycanvas import Canvas, MultiCanvas

from tabletop.draw.look import Look
from tabletop.ui.taps import on_release

CARD_W, CARD_H = 84, 124
GAP = 5
BACK = "#5d4037"
CHIP_W = 20  # the seat's number on its colour, left of the hand's title
# The playable cards' outline: a light ring over a dark one, so that one of them
# stands out 3:1 against any card colour or page around it.
OUTLINE_DARK, OUTLINE_LIGHT = "#00363a", "#4df3ff"


def wrap(text: str, width: int) -> list[str]:
    """Split text into rows of at most ``width`` characters, at spaces."""
    rows: list[str] = []
    row = ""
    for word in text.split():
        if row and len(row) + 1 + len(word) > width:
            rows.append(row)
            row = word
        else:
            row = f"{row} {word}" if row else word
    if row:
        rows.append(row)
    return rows


class HandView:
    """One seat's hand.

    Args:
        look: the game's drawing look (card faces, seat names).
        seat: the seat whose hand this is.
        width: the canvas width in pixels.
        on_card: called with the index of a clicked card.
        sprites: the card faces, shared by the hands of a table.
    """

    def __init__(
        self,
        look: Look,
        seat: int,
        width: int,
        on_card: Callable[[int], None],
        sprites: CardSprites,
    ) -> None:
        self.look = look
        self.sprites = sprites
        self.seat = seat
        self.width = width
        self.height = CARD_H + 30
        self.canvas = MultiCanvas(
            3,
            width=width,
            height=self.height,
            layout={"width": f"{width}px", "height": f"{self.height}px"},
        )
        self.canvas.add_class("tabletop-hand")
        on_release(self.canvas, self._clicked)
        self._on_card = on_card
        self._drawn: list[Any] = [None, None, None]
        self.cards: tuple[str, ...] | int = ()

    def _step(self, n: int) -> float:
        room = self.width - 2 * GAP - CARD_W
        return min(CARD_W + GAP, room / max(1, n - 1))

    def card_at(self, x: float, y: float) -> int | None:
        """The index of the card under a click (the topmost where cards overlap)."""
        n = self.cards if isinstance(self.cards, int) else len(self.cards)
        if not n or not 24 <= y <= 24 + CARD_H:
            return None
        step = self._step(n)
        for i in reversed(range(n)):
            left = GAP + i * step
            if left <= x <= left + CARD_W:
                return i
        return None

    def _clicked(self, x: float, y: float) -> None:
        index = self.card_at(x, y)
        if index is not None:
            self._on_card(index)

    def render(
        self,
        cards: tuple[str, ...] | int,
        playable: Iterable[str],
        note: str,
        to_move: bool,
        picked: Iterable[int] = (),
        hinted: Iterable[int] = (),
    ) -> int:
        """Redraw the layers that changed: cards, title line, playable outlines,
        the cards picked and those the hint would pick (by place: ``picked``,
        ``hinted``).

        Returns the number of layers redrawn.
        """
        self.cards = cards
        count = cards if isinstance(cards, int) else len(cards)
        wanted = (
            (cards, lambda c: self._draw_cards(c, cards, count)),
            (
                (count, note, to_move),
                lambda c: self._draw_title(c, count, note, to_move),
            ),
            (
                (count, *map(tuple, map(sorted, (playable, picked, hinted)))),
                lambda c: self._draw_marks(
                    c, cards, count, set(playable), set(picked), set(hinted)
                ),
            ),
        )
        redrawn = 0
        for layer, (key, draw) in enumerate(wanted):
            if self._drawn[layer] == key:
                continue
            self._drawn[layer] = None
            self.canvas[layer].clear()
            draw(self.canvas[layer])
            self._drawn[layer] = key
            redrawn += 1
        return redrawn

    def invalidate(self) -> None:
        self._drawn = [None, None, None]

    def _draw_cards(self, c: Any, cards: tuple[str, ...] | int, count: int) -> None:
        step = self._step(count)
        if isinstance(cards, int):
            _draw_backs(c, [GAP + i * step for i in range(count)])
            return
        for i, kind in enumerate(cards):
            c.draw_image(self.sprites.get(kind), GAP + i * step, 24)

    def _draw_title(self, c: Any, count: int, note: str, to_move: bool) -> None:
        name = self.look.seat_name(self.seat)
        c.fill_style = self.look.seat_colors[self.seat]
        c.fill_rect(0, 0, 6, self.height)
        # A chip of the seat's colour carrying its number: not colour alone.
        c.fill_rect(0, 0, CHIP_W, 22)
        c.font = "bold 13px sans-serif"
        c.text_align = "center"
        c.fill_style = self.look.seat_ink(self.seat)
        c.fill_text(str(self.seat), CHIP_W / 2, 16)
        c.text_align = "left"
        c.fill_style = "#222"
        # A long note ("at England–Egypt 2 (a friendly guide...)") is squeezed to
        # end before "to move" rather than running into it.
        left = CHIP_W + 6
        room = self.width - left - (100 if to_move else 12)
        title = f"{name}: {count} card{'s' * (count != 1)}   {note}"
        c.fill_text(title, left, 16, max_width=room)
        if to_move:
            c.fill_style = "#00838f"
            c.fill_text("\u25c0 to move", self.width - 90, 16)

    def _draw_marks(
        self,
        c: Any,
        cards: tuple[str, ...] | int,
        count: int,
        playable: set[str],
        picked: set[int],
        hinted: set[int],
    ) -> None:
        """Outline the playable cards (a light ring on a dark one, 3:1 on any
        card or page); mark the cards picked with a thick dark
        frame and a tick in a white disc, and those the hint would pick with a
        dashed frame and the word "hint" (not by colour alone)."""
        if isinstance(cards, int):
            return
        step = self._step(count)
        # A dark ring under a light one: at least 3:1 against any card or page.
        outlined = [
            GAP + i * step
            for i, kind in enumerate(cards)
            if kind in playable and i not in picked
        ]
        for colour, width in ((OUTLINE_DARK, 8), (OUTLINE_LIGHT, 3)):
            c.line_width = width
            c.stroke_style = colour
            for x in outlined:
                c.stroke_rect(x, 24, CARD_W, CARD_H)
        for i in sorted(hinted):
            x = GAP + i * step
            c.line_width = 3
            c.stroke_style = "#e65100"
            c.set_line_dash([6, 4])
            c.stroke_rect(x - 4, 20, CARD_W + 8, CARD_H + 8)
            c.set_line_dash([])
            c.fill_style = "#ffffff"
            c.fill_rect(x + 2, 24 + CARD_H - 18, 36, 16)
            c.font = "bold 12px sans-serif"
            c.fill_style = "#bf360c"
            c.fill_text("hint", x + 6, 24 + CARD_H - 5)
        for i in sorted(picked):
            x = GAP + i * step
            c.line_width = 6
            c.stroke_style = "#b71c1c"
            c.stroke_rect(x, 24, CARD_W, CARD_H)
            c.fill_style = "#ffffff"
            c.fill_circle(x + CARD_W - 12, 36, 10)
            c.line_width = 3
            c.stroke_style = "#b71c1c"
            tick = [(CARD_W - 17, 36), (CARD_W - 13, 41), (CARD_W - 6, 31)]
            c.stroke_lines([(x + dx, y) for dx, y in tick])


class CardSprites:
    """Each card face drawn once into a hidden canvas.

    A hand then places a face with one ``draw_image`` command instead of twenty
    drawing commands. A reloaded page has blank sprites too, so ``invalidate`` makes
    the next use draw them again.
    """

    def __init__(self, look: Look) -> None:
        self.look = look
        self._canvases: dict[str, Canvas] = {}
        self._fresh: set[str] = set()
        self.details = False  # the clause ID at the foot of each face

    def get(self, kind: str) -> Canvas:
        """The sprite canvas of a card kind, drawn if needed."""
        key = kind
        canvas = self._canvases.get(key)
        if canvas is None:
            canvas = self._canvases[key] = Canvas(width=CARD_W, height=CARD_H)
        if key not in self._fresh:
            canvas.clear()
            _draw_face(canvas, self.look.face(kind), self.details)
            self._fresh.add(key)
        return canvas

    def prepare(self, kinds: Iterable[str]) -> None:
        """Draw the sprites of these kinds now (with the first full draw)."""
        for kind in kinds:
            self.get(kind)

    def invalidate(self) -> None:
        self._fresh = set()


def _draw_backs(c: Any, xs: list[float]) -> None:
    """Card backs at the given x positions, in two vectorised commands."""
    if not xs:
        return
    c.fill_style = BACK
    c.fill_rects(np.array(xs), 24, CARD_W, CARD_H)
    c.stroke_style = "#fff"
    c.line_width = 2
    c.stroke_rects(np.array(xs) + 4, 28, CARD_W - 8, CARD_H - 8)


def _draw_face(c: Any, face: Any, details: bool = False) -> None:
    c.fill_style = "#fffdf5"
    c.fill_rect(0, 0, CARD_W, CARD_H)
    c.fill_style = face.color
    c.fill_rect(0, 0, CARD_W, 30)
    c.fill_style = face.ink  # white or dark, whichever reads on the colour
    c.font = "bold 11px sans-serif"
    for row, line in enumerate(wrap(face.name, 12)[:2]):
        c.fill_text(line, 5, 13 + 12 * row)
    c.fill_style = "#222"
    c.font = "10px sans-serif"
    for row, line in enumerate(wrap(face.text, 15)[:7]):
        c.fill_text(line, 5, 44 + 12 * row)
    c.fill_style = "#616161"  # 5.9:1 on the face's cream
    c.font = "8px sans-serif"
    if details:
        c.fill_text(face.clause, 5, CARD_H - 6)
    c.line_width = 1
    c.stroke_style = "#999"
    c.stroke_rect(0, 0, CARD_W, CARD_H)
