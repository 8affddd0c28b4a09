"""The board: an ipycanvas MultiCanvas showing the game's look (``tabletop.draw``).

Four layers, by how often they change: the static board (drawn once from the board
file), the table around it (piles and counts), the pieces, and the marks (legal
targets, the selection, the last move) which also take the mouse. All four are the
look's display lists (the same shapes its SVG pictures hold), drawn through
``tabletop.ui.canvas_target``. Every redraw goes out as one batched message
(``one_batch``), and a layer is redrawn only when its shapes changed.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

import ipycanvas
from ipycanvas import MultiCanvas

from tabletop.draw.look import SEAT_COLOR_NAMES, SEAT_COLORS, Look
from tabletop.draw.shapes import Layer
from tabletop.ui.canvas_target import batch, draw_layer
from tabletop.ui.taps import on_release

__all__ = [
    "SEAT_COLORS",
    "SEAT_COLOR_NAMES",
    "BoardView",
    "forget_current_canvas",
    "one_batch",
    "paint_seats",
]


def paint_seats(fig: Any) -> Any:
    """Colour a per-seat plot (one line, and band, per seat, in seat order) with the
    table's seat colours, give each line its seat's dash pattern and marker (the
    advantage chart's: never by colour alone) and name the seats as the table
    does; returns ``fig``."""
    from tabletop.analysis.charts import LINE_STYLES, MARKERS  # needs matplotlib

    for ax in fig.axes:
        bands = list(ax.collections)
        for seat, line in enumerate(ax.lines):
            color = SEAT_COLORS[seat % len(SEAT_COLORS)]
            line.set_color(color)
            line.set_linestyle(LINE_STYLES[seat % len(LINE_STYLES)])
            line.set_marker(MARKERS[seat % len(MARKERS)])
            line.set_markevery(0.1)
            line.set_label(f"Player {seat} ({SEAT_COLOR_NAMES[seat]})")
            if seat < len(bands):
                bands[seat].set_color(color)
        if ax.lines:
            ax.legend(loc="upper left", fontsize="small")
    return fig


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


class BoardView:
    """The board widget: a four-layer ``MultiCanvas`` kept in step with a view.

    Layers 0-2 show the look's ``board()``, ``table(view)`` and
    ``pieces(view)``; layer 3 its ``marks``. A layer is redrawn only when
    its shapes differ from those it shows (the board never, once drawn).

    The canvas may show only part of the board (``show_area``: a lesson shows the
    area it is about, the table's view a part of the map enlarged); the mouse
    callbacks always get board pixels.

    Args:
        look: the game's look (``tabletop.draw.look_for``).
        on_click: called with the (x, y) of a mouse press on the board.
    """

    STATIC, TABLE, PIECES, MARKS = 0, 1, 2, 3

    def __init__(self, look: Look, on_click: Callable[[float, float], None]):
        self.look = look
        self.area = (0.0, 0.0, float(look.width), float(look.height))
        self.zoom = 1.0  # canvas pixels per board pixel
        self.canvas = MultiCanvas(
            4,
            width=look.width,
            height=look.height,
            layout={"width": f"{look.width}px", "height": f"{look.height}px"},
        )
        self.canvas.add_class("tabletop-board")
        on_release(self.canvas, lambda x, y: on_click(*self.board_point(x, y)))
        self._drawn: dict[int, Hashable] = {}
        self.redrawn: list[int] = []  # the layers the last render drew

    @property
    def cropped(self) -> bool:
        """Whether the canvas shows only part of the board."""
        return self.area != (0.0, 0.0, float(self.look.width),
                             float(self.look.height))  # fmt: skip

    def board_point(self, x: float, y: float) -> tuple[float, float]:
        """A point on the canvas in board pixels."""
        return x / self.zoom + self.area[0], y / self.zoom + self.area[1]

    def on_move(self, callback: Callable[[float, float], Any]) -> None:
        """Call ``callback`` with board pixels when the pointer moves over the board."""
        self.canvas.on_mouse_move(lambda x, y: callback(*self.board_point(x, y)))

    def show_area(
        self, x: float, y: float, w: float, h: float, zoom: float = 1.0
    ) -> None:
        """Show the part of the board from (x, y), ``w`` by ``h`` board pixels
        (clipped to the board), ``zoom`` canvas pixels to a board pixel; the whole
        board is ``show_area(0, 0, width, height)``. Everything is drawn again at
        the next render."""
        full_w, full_h = self.look.width, self.look.height
        w, h = min(w, full_w), min(h, full_h)
        x = min(max(0.0, x), full_w - w)
        y = min(max(0.0, y), full_h - h)
        area = (float(round(x)), float(round(y)), float(round(w)), float(round(h)))
        if area == self.area and zoom == self.zoom:
            return
        self.area, self.zoom = area, zoom
        width, height = round(area[2] * zoom), round(area[3] * zoom)
        self.canvas.width, self.canvas.height = width, height
        self.canvas.layout.width = f"{width}px"
        self.canvas.layout.height = f"{height}px"
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
        d = self.look
        table, pieces = d.table(view), d.pieces(view)
        key = (tuple(sorted(targets)), selected, moved, rings)
        corner = self.area[:2]
        layers: dict[int, tuple[Hashable, Callable[[], Layer]]] = {
            self.STATIC: ("board", d.board),
            self.TABLE: (table, lambda: table),
            self.PIECES: (pieces, lambda: pieces),
            self.MARKS: (key, lambda: d.marks(*key, corner=corner)),
        }
        redrawn: list[int] = []
        for index, (shown, make) in layers.items():
            if self._drawn.get(index, _NOTHING) == shown:
                continue
            self._drawn.pop(index, None)
            canvas = self.canvas[index]
            canvas.clear()
            if self.cropped:
                canvas.save()
                if self.zoom != 1:
                    canvas.scale(self.zoom)
                canvas.translate(-self.area[0], -self.area[1])
                draw_layer(canvas, make())
                canvas.restore()
            else:
                draw_layer(canvas, make())
            self._drawn[index] = shown
            redrawn.append(index)
        self.redrawn = redrawn
        return redrawn

    def invalidate(self) -> None:
        """Forget what was drawn: the next render draws every layer."""
        self._drawn = {}


_NOTHING = object()
