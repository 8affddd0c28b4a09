"""The board: an ipycanvas MultiCanvas showing the game's ``tabletop.draw`` drawing.

Four layers, by how often they change: the static board (drawn once from the board
file), the table around it (piles and counts), the pieces, and the marks (legal
targets, the selection, the last move) which also take the mouse. The first three
are the layers of the game's ``Drawing`` (the same shapes its SVG pictures hold),
the marks are built here; all four are display lists drawn through
``tabletop.ui.canvas_target``. Every redraw goes out as one batched message
(``one_batch``), and a layer is redrawn only when its shapes changed.

A ``BoardAdapter`` is the game-specific part that is not drawing: where the
clickable spaces are (in canvas pixels, the drawing's board units times its scale),
how a space and a hand read in a (possibly redacted) view. It knows how things look,
never what is legal: legality comes from ``explain()``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import ipycanvas
from ipycanvas import MultiCanvas

from tabletop.draw.lastmove import draw_last_move
from tabletop.draw.scenes import SEAT_COLOR_NAMES, SEAT_COLORS, Drawing, drawing_for
from tabletop.draw.shapes import Layer, Pen
from tabletop.ui.canvas_target import batch, draw_layer

__all__ = [
    "SEAT_COLORS",
    "SEAT_COLOR_NAMES",
    "BoardAdapter",
    "BoardView",
    "CardFace",
    "forget_current_canvas",
    "one_batch",
    "paint_seats",
]


def paint_seats(fig: Any) -> Any:
    """Colour a per-seat plot (one line, and band, per seat, in seat order) with the
    table's seat colours and name the seats as the table does; returns ``fig``."""
    for ax in fig.axes:
        bands = list(ax.collections)
        for seat, line in enumerate(ax.lines):
            color = SEAT_COLORS[seat % len(SEAT_COLORS)]
            line.set_color(color)
            line.set_label(f"Player {seat} ({SEAT_COLOR_NAMES[seat]})")
            if seat < len(bands):
                bands[seat].set_color(color)
        if ax.lines:
            ax.legend(loc="upper left", fontsize="small")
    return fig


@dataclass(frozen=True, slots=True)
class CardFace:
    """How a card kind reads on its face: name, what it does, clause, colour."""

    name: str
    text: str
    clause: str = ""
    color: str = "#555555"


@contextmanager
def one_batch() -> Iterator[None]:
    """Send every draw command made inside as one message, even if drawing fails.

    ``hold_canvas`` alone has no ``finally``: an exception inside it would leave
    batching on and every later draw would never be sent.
    """
    with batch():
        yield


def forget_current_canvas() -> None:
    """Make the next batch name its canvas again (a reloaded page knows none).

    ipycanvas skips the ``switchCanvas`` command when the kernel believes the page
    already targets that canvas; after a reload the page targets nothing (#322).
    """
    ipycanvas.canvas._CANVAS_MANAGER._current_canvas = None


class BoardAdapter:
    """What one game's board means to the mouse and to a reader. Subclass per game.

    The pictures come from ``drawing`` (the game's ``tabletop.draw.Drawing``, found
    by ``drawing_for`` unless given); the canvas has the drawing's size.

    Attributes:
        drawing: what the board, the table and the pieces look like.
        width, height: the board's size in pixels (the drawing's).
        xy: the clickable spaces, id -> centre in canvas pixels (set by the
            subclass; ``board_xy`` turns the drawing's board units into them).
        faces: card kind -> ``CardFace``.
    """

    hand_width = 640  # seven cards side by side; more overlap
    seat_colors = SEAT_COLORS
    faces: Mapping[str, CardFace] = {}

    def __init__(self, game: Any, drawing: Drawing | None = None) -> None:
        self.game = game
        self.drawing = drawing if drawing is not None else _drawing(game)
        self.xy: dict[str, tuple[float, float]] = {}

    @property
    def width(self) -> int:
        return int(self.drawing.width)

    @property
    def height(self) -> int:
        return int(self.drawing.height)

    def board_xy(self, x: float, y: float) -> tuple[float, float]:
        """A point in the drawing's board units, in canvas pixels."""
        scale = self.drawing.scale
        return x * scale, y * scale

    # -- the marks layer ----------------------------------------------------------
    def marks(
        self,
        targets: Iterable[str],
        selected: str,
        moved: Any = (),
        rings: Iterable[str] = (),
        corner: tuple[float, float] = (0.0, 0.0),
    ) -> Layer:
        """The marks over the pieces (canvas pixels): a lesson's rings, the last
        move (its die in the shown area's ``corner``), then the legal targets and
        the selection."""
        pen = Pen()
        self.mark_rings(pen, rings)
        self.mark_last_move(pen, moved, corner)
        self.mark_targets(pen, targets, selected)
        return pen.layer("marks")

    def mark_targets(self, pen: Pen, ids: Iterable[str], selected: str) -> None:
        """Ring every legal target; the selected one thicker."""
        for sid in ids:
            if sid in self.xy and sid != selected:
                pen.circle(*self.xy[sid], self.radius(sid) - 4, stroke="#00e5ff",
                           width=3)  # fmt: skip
        if selected in self.xy:
            pen.circle(*self.xy[selected], self.radius(selected) - 2,
                       stroke="#ff1744", width=5)  # fmt: skip

    def mark_last_move(
        self, pen: Pen, moved: Any, corner: tuple[float, float] = (0.0, 0.0)
    ) -> None:
        """Mark the last move as the pictures do (``tabletop.draw.lastmove``): each
        moved piece's path (in its seat's colour, dashed, ringed at the end) and
        the die rolled."""
        if not moved:
            return
        pieces, die = moved
        draw_last_move(pen, pieces, die, self.xy.__getitem__, self.radius,
                       self.seat_colors, self.width, corner)  # fmt: skip

    def mark_rings(self, pen: Pen, ids: Iterable[str]) -> None:
        """Ring the spaces a lesson is about (orange, dashed, wider than targets)."""
        for sid in ids:
            if sid in self.xy:
                pen.circle(*self.xy[sid], self.radius(sid) + 6, stroke="#ff9800",
                           width=3, dash=(6, 4))  # fmt: skip

    def route(self, a: str, b: str) -> tuple[str, ...]:
        """The spaces from ``a`` to ``b`` along the board (the drawing's)."""
        return self.drawing.route(a, b)

    def space_label(self, sid: str) -> str:
        """A space as the board shows it: its name from the board file, else its id."""
        return self.drawing.space_name(sid)

    def label_words(self, label: str) -> str:
        """An action label with the game's short codes in words (a hook per game)."""
        return label

    def describe(self, sid: str) -> str:
        """What the board says about a space when the pointer rests on it."""
        return self.space_label(sid)

    def piece_spaces(self, view: Any) -> tuple[str, ...]:
        """The space each seat's piece stands on ('' when off the board)."""
        return tuple(str(p or "") for p in getattr(view, "positions", ()))

    # -- hands and seats ----------------------------------------------------------
    def hand(self, view: Any, seat: int) -> tuple[str, ...] | int:
        """The card kinds in a seat's hand, or their count where the view hides them."""
        return ()

    def face(self, kind: str) -> CardFace:
        return self.faces.get(kind) or CardFace(kind.title(), "")

    def card_kinds(self) -> tuple[str, ...]:
        """Every card kind a hand may show (their faces are drawn up front)."""
        return tuple(self.faces)

    def seat_name(self, seat: int) -> str:
        return self.drawing.seat_name(seat)

    def seat_notes(self, view: Any, seat: int) -> str:
        """A short line under a seat's hand (treasures held, turns to miss...)."""
        return ""

    # -- input --------------------------------------------------------------------
    def radius(self, sid: str) -> float:
        """How far from a space's centre a click still selects it (its ring's size;
        the drawing's, so the pictures ring spaces alike)."""
        return self.drawing.space_radius(sid)

    def hit(self, x: float, y: float, prefer: Iterable[str] = ()) -> str | None:
        """The space a click at (x, y) means: a preferred one in reach, else nearest."""
        for pool in (list(prefer), list(self.xy)):
            best, best_d = None, math.inf
            for sid in pool:
                if sid not in self.xy:
                    continue
                sx, sy = self.xy[sid]
                d = math.hypot(sx - x, sy - y)
                if d <= self.radius(sid) and d < best_d:
                    best, best_d = sid, d
            if best is not None:
                return best
        return None


class BoardView:
    """The board widget: a four-layer ``MultiCanvas`` kept in step with a view.

    Layers 0-2 show the drawing's ``board()``, ``table(view)`` and
    ``pieces(view)``; layer 3 the adapter's ``marks``. A layer is redrawn only when
    its shapes differ from those it shows (the board never, once drawn).

    The canvas may show only part of the board (``show_area``: a lesson shows the
    area it is about); the mouse callbacks always get board pixels.

    Args:
        adapter: the game's board adapter (its ``drawing`` draws).
        on_click: called with the (x, y) of a mouse press on the board.
    """

    STATIC, TABLE, PIECES, MARKS = 0, 1, 2, 3

    def __init__(self, adapter: BoardAdapter, on_click: Callable[[float, float], None]):
        self.adapter = adapter
        self.area = (0.0, 0.0, float(adapter.width), float(adapter.height))
        self.canvas = MultiCanvas(
            4,
            width=adapter.width,
            height=adapter.height,
            layout={"width": f"{adapter.width}px", "height": f"{adapter.height}px"},
        )
        self.canvas.add_class("tabletop-board")
        self.canvas.on_mouse_down(lambda x, y: on_click(*self.board_point(x, y)))
        self._drawn: dict[int, Hashable] = {}

    @property
    def cropped(self) -> bool:
        """Whether the canvas shows only part of the board."""
        return self.area != (0.0, 0.0, float(self.adapter.width),
                             float(self.adapter.height))  # fmt: skip

    def board_point(self, x: float, y: float) -> tuple[float, float]:
        """A point on the canvas in board pixels."""
        return x + self.area[0], y + self.area[1]

    def on_move(self, callback: Callable[[float, float], Any]) -> None:
        """Call ``callback`` with board pixels when the pointer moves over the board."""
        self.canvas.on_mouse_move(lambda x, y: callback(*self.board_point(x, y)))

    def show_area(self, x: float, y: float, w: float, h: float) -> None:
        """Show the part of the board from (x, y), ``w`` by ``h`` board pixels
        (clipped to the board); the whole board is ``show_area(0, 0, width,
        height)``. Everything is drawn again at the next render."""
        full_w, full_h = self.adapter.width, self.adapter.height
        w, h = min(w, full_w), min(h, full_h)
        x = min(max(0.0, x), full_w - w)
        y = min(max(0.0, y), full_h - h)
        area = (float(round(x)), float(round(y)), float(round(w)), float(round(h)))
        if area == self.area:
            return
        self.area = area
        self.canvas.width, self.canvas.height = int(area[2]), int(area[3])
        self.canvas.layout.width = f"{int(area[2])}px"
        self.canvas.layout.height = f"{int(area[3])}px"
        self.invalidate()

    def shows(self, x: float, y: float, margin: float = 0.0) -> bool:
        """Whether board pixel (x, y) lies inside the shown area, ``margin`` in."""
        ax, ay, aw, ah = self.area
        return (
            ax + margin <= x <= ax + aw - margin
            and ay + margin <= y <= ay + ah - margin
        )

    def render(
        self,
        view: Any,
        targets: Iterable[str],
        selected: str,
        moved: Any = (),
        rings: tuple[str, ...] = (),
    ) -> list[int]:
        """Redraw the layers whose content changed; returns the layers redrawn.

        Call inside ``one_batch()`` so all layers go out in one message.
        """
        a, d = self.adapter, self.adapter.drawing
        table, pieces = d.table(view), d.pieces(view)
        key = (tuple(sorted(targets)), selected, moved, rings)
        corner = self.area[:2]
        layers: dict[int, tuple[Hashable, Callable[[], Layer]]] = {
            self.STATIC: ("board", d.board),
            self.TABLE: (table, lambda: table),
            self.PIECES: (pieces, lambda: pieces),
            self.MARKS: (key, lambda: a.marks(*key, corner=corner)),
        }
        redrawn = []
        for index, (shown, make) in layers.items():
            if self._drawn.get(index, _NOTHING) == shown:
                continue
            self._drawn.pop(index, None)
            canvas = self.canvas[index]
            canvas.clear()
            if self.cropped:
                canvas.save()
                canvas.translate(-self.area[0], -self.area[1])
                draw_layer(canvas, make())
                canvas.restore()
            else:
                draw_layer(canvas, make())
            self._drawn[index] = shown
            redrawn.append(index)
        return redrawn

    def invalidate(self) -> None:
        """Forget what was drawn: the next render draws every layer."""
        self._drawn = {}


_NOTHING = object()


def _drawing(game: Any) -> Drawing:
    """The game's drawing, or a blank board where none is registered."""
    try:
        return drawing_for(game)
    except LookupError:
        return Drawing(game)
