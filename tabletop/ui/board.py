"""The board: an ipycanvas MultiCanvas drawn by a per-game adapter.

Four layers, by how often they change: the static board (drawn once from the board
file), the table around it (piles and counts), the pieces, and the highlights (legal
targets, the selection) which also take the mouse. Every redraw goes out as one
batched message (``one_batch``), and a layer is redrawn only when what it shows
changed.

A ``BoardAdapter`` is the only game-specific part: it draws, says where the clickable
spaces are and how a hand reads in a (possibly redacted) view. It knows how things
look, never what is legal: legality comes from ``explain()``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import ipycanvas
from ipycanvas import MultiCanvas, hold_canvas

SEAT_COLORS = ("#d32f2f", "#1565c0", "#2e7d32", "#f9a825", "#6a1b9a", "#ef6c00")
SEAT_COLOR_NAMES = ("red", "blue", "green", "yellow", "purple", "orange")


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
    held = hold_canvas()
    held.__enter__()
    try:
        yield
    finally:
        held.__exit__(None, None, None)


def forget_current_canvas() -> None:
    """Make the next batch name its canvas again (a reloaded page knows none).

    ipycanvas skips the ``switchCanvas`` command when the kernel believes the page
    already targets that canvas; after a reload the page targets nothing (#322).
    """
    ipycanvas.canvas._CANVAS_MANAGER._current_canvas = None


class BoardAdapter:
    """How one game's board, pieces and cards look. Subclass per game.

    Attributes:
        width, height: the board's fixed size in pixels.
        hit_radius: how far from a space's centre a click still selects it.
        xy: the clickable spaces, id -> centre (set by the subclass).
        faces: card kind -> ``CardFace``.
    """

    width = 800
    height = 400
    hand_width = 640  # seven cards side by side; more overlap
    hit_radius = 22.0
    seat_colors = SEAT_COLORS
    faces: Mapping[str, CardFace] = {}

    def __init__(self, game: Any) -> None:
        self.game = game
        self.xy: dict[str, tuple[float, float]] = {}

    # -- drawing ------------------------------------------------------------------
    def draw_static(self, canvas: Any) -> None:
        """Draw the board itself (once; it never changes)."""

    def table(self, view: Any) -> Hashable:
        """What lies beside the board (piles, counts), hashable; its own layer."""
        return ()

    def draw_table(self, canvas: Any, table: Any) -> None:
        """Draw what ``table()`` describes."""

    def pieces(self, view: Any) -> Hashable:
        """What the pieces layer shows, hashable (the layer redraws when it changes)."""
        return ()

    def draw_pieces(self, canvas: Any, pieces: Any) -> None:
        """Draw the pieces described by ``pieces()``."""

    def draw_highlights(self, canvas: Any, ids: Iterable[str], selected: str) -> None:
        """Ring every legal target; the selected one thicker."""
        canvas.line_width = 3
        canvas.stroke_style = "#00e5ff"
        for sid in ids:
            if sid in self.xy and sid != selected:
                x, y = self.xy[sid]
                canvas.stroke_circle(x, y, self.radius(sid) - 4)
        if selected in self.xy:
            x, y = self.xy[selected]
            canvas.line_width = 5
            canvas.stroke_style = "#ff1744"
            canvas.stroke_circle(x, y, self.radius(selected) - 2)

    def draw_last_move(self, canvas: Any, moved: Any) -> None:
        """Mark the last move: each moved piece's path (in its seat's colour,
        dashed, ringed at the end) and the die rolled."""
        if not moved:
            return
        pieces, die = moved
        canvas.set_line_dash([8, 5])
        for seat, path in pieces:
            canvas.line_width = 4
            canvas.stroke_style = self.seat_colors[seat % len(self.seat_colors)]
            for a, b in zip(path, path[1:], strict=False):
                (x1, y1), (x2, y2) = self.xy[a], self.xy[b]
                if abs(x2 - x1) < self.width / 2:  # not across a wrapping edge
                    canvas.stroke_line(x1, y1, x2, y2)
            x2, y2 = self.xy[path[-1]]
            canvas.stroke_circle(x2, y2, self.radius(path[-1]) + 2)
        canvas.set_line_dash([])
        if die:
            canvas.fill_style = "#ffffff"
            canvas.fill_rect(8, 8, 40, 40)
            canvas.stroke_style = "#222"
            canvas.line_width = 2
            canvas.stroke_rect(8, 8, 40, 40)
            canvas.fill_style = "#222"
            canvas.font = "bold 24px sans-serif"
            canvas.text_align = "center"
            canvas.fill_text(str(die), 28, 37)
            canvas.font = "10px sans-serif"
            canvas.fill_text("rolled", 28, 60)
            canvas.text_align = "left"

    def draw_rings(self, canvas: Any, ids: Iterable[str]) -> None:
        """Ring the spaces a lesson is about (orange, dashed, wider than targets)."""
        canvas.line_width = 3
        canvas.stroke_style = "#ff9800"
        canvas.set_line_dash([6, 4])
        for sid in ids:
            if sid in self.xy:
                x, y = self.xy[sid]
                canvas.stroke_circle(x, y, self.radius(sid) + 6)
        canvas.set_line_dash([])

    def route(self, a: str, b: str) -> tuple[str, ...]:
        """The spaces from ``a`` to ``b`` along the board (a hook: straight here)."""
        return (a, b)

    def space_label(self, sid: str) -> str:
        """A space as the board shows it: its name from the board file, else its id."""
        board = getattr(self, "board", None)
        name = getattr(board, "space_name", None)
        if name is None:
            return sid
        try:
            return str(name(sid)) or sid
        except (KeyError, ValueError):
            return sid

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
        # Seats count from 0, as the engines' event texts do ("player 0 rolled 4").
        return f"Player {seat} ({SEAT_COLOR_NAMES[seat % len(SEAT_COLOR_NAMES)]})"

    def seat_notes(self, view: Any, seat: int) -> str:
        """A short line under a seat's hand (treasures held, turns to miss...)."""
        return ""

    # -- input --------------------------------------------------------------------
    def radius(self, sid: str) -> float:
        """How far from a space's centre a click still selects it (its ring's size)."""
        return self.hit_radius

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
    """The board widget: a three-layer ``MultiCanvas`` kept in step with a view.

    Args:
        adapter: the game's drawing adapter.
        on_click: called with the (x, y) of a mouse press on the board.
    """

    STATIC, TABLE, PIECES, MARKS = 0, 1, 2, 3

    def __init__(self, adapter: BoardAdapter, on_click: Callable[[float, float], None]):
        self.adapter = adapter
        self.canvas = MultiCanvas(
            4,
            width=adapter.width,
            height=adapter.height,
            layout={"width": f"{adapter.width}px", "height": f"{adapter.height}px"},
        )
        self.canvas.add_class("tabletop-board")
        self.canvas.on_mouse_down(on_click)
        self._drawn: dict[int, Hashable] = {}

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
        a = self.adapter
        layers = {
            self.STATIC: (("board",), lambda c, key: a.draw_static(c)),
            self.TABLE: (a.table(view), a.draw_table),
            self.PIECES: (a.pieces(view), a.draw_pieces),
            self.MARKS: (
                (tuple(sorted(targets)), selected, moved, rings),
                lambda c, key: _marks(a, c, key),
            ),
        }
        redrawn = []
        for layer, (key, draw) in layers.items():
            if self._drawn.get(layer, object()) == key:
                continue
            self._drawn.pop(layer, None)
            canvas = self.canvas[layer]
            canvas.clear()
            draw(canvas, key)
            self._drawn[layer] = key
            redrawn.append(layer)
        return redrawn

    def invalidate(self) -> None:
        """Forget what was drawn: the next render draws every layer."""
        self._drawn = {}


def _marks(adapter: BoardAdapter, canvas: Any, key: tuple) -> None:
    targets, selected, moved, rings = key
    adapter.draw_rings(canvas, rings)
    adapter.draw_last_move(canvas, moved)
    adapter.draw_highlights(canvas, targets, selected)
