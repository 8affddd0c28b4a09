"""The display list: plain shapes and text in layers, and a pen that collects them.

A scene is what one picture of the table holds, drawn back to front: named layers
(the board, the table around it, the pieces, the marks, the seats' hands, the
status line), each a tuple of frozen shapes in pixel coordinates of the scene. A
layer may carry a scale (the board files are drawn in board units and shrunk to
fit). Targets (``tabletop.draw.svg``, the canvas in ``tabletop.ui.canvas_target``)
turn the same scene into their own commands, so they cannot drift apart.

Colours are CSS colour strings (``#rrggbb`` or ``#rgb``); ``None`` means "not
filled" or "not stroked".
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Stroke:
    """How an outline is drawn: colour, width, dash pattern, caps and joins."""

    color: str
    width: float = 1.0
    dash: tuple[float, ...] = ()
    cap: str = "butt"  # butt | round | square
    join: str = "miter"  # miter | round | bevel


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: Stroke | None = None


@dataclass(frozen=True, slots=True)
class Circle:
    x: float
    y: float
    r: float
    fill: str | None = None
    stroke: Stroke | None = None


@dataclass(frozen=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: Stroke


@dataclass(frozen=True, slots=True)
class Polyline:
    """An open path through ``points`` (never filled)."""

    points: tuple[Point, ...]
    stroke: Stroke


@dataclass(frozen=True, slots=True)
class Polygon:
    """A closed shape through ``points``."""

    points: tuple[Point, ...]
    fill: str | None = None
    stroke: Stroke | None = None


@dataclass(frozen=True, slots=True)
class Text:
    """One line of text; ``(x, y)`` is its baseline at the ``align`` point.

    ``stroke`` outlines the letters under their fill (a halo that keeps a label
    readable on a busy background)."""

    x: float
    y: float
    text: str
    fill: str = "#000000"
    size: float = 12.0
    bold: bool = False
    family: str = "sans-serif"  # sans-serif | serif | monospace
    align: str = "left"  # left | center | right
    stroke: Stroke | None = None

    @property
    def font(self) -> str:
        """The CSS font shorthand (what a canvas's ``font`` takes)."""
        return f"{'bold ' if self.bold else ''}{self.size:g}px {self.family}"


Shape = Rect | Circle | Line | Polyline | Polygon | Text


@dataclass(frozen=True, slots=True)
class Layer:
    """A named group of shapes, drawn in order, scaled by ``scale`` about (0, 0)."""

    name: str
    shapes: tuple[Shape, ...]
    scale: float = 1.0


@dataclass(frozen=True, slots=True)
class Scene:
    """A whole picture: its size in pixels and its layers, back to front.

    Attributes:
        width, height: the picture's size in pixels.
        layers: the layers, back to front.
        title: a short text for the picture (the SVG ``<title>``).
        background: the colour under everything.
    """

    width: int
    height: int
    layers: tuple[Layer, ...]
    title: str = ""
    background: str = "#ffffff"

    def layer(self, name: str) -> Layer:
        for layer in self.layers:
            if layer.name == name:
                return layer
        raise KeyError(f"no layer {name!r} in this scene")

    def texts(self) -> list[str]:
        """Every text drawn, in drawing order (what a reader of the picture reads)."""
        return [
            s.text for layer in self.layers for s in layer.shapes if type(s) is Text
        ]


@dataclass
class Pen:
    """Collects shapes for one layer with short calls (``pen.rect(...)``)."""

    shapes: list[Shape] = field(default_factory=list)

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        fill: str | None = None,
        stroke: str | None = None,
        width: float = 1.0,
    ) -> None:
        self.shapes.append(Rect(x, y, w, h, fill, _stroke(stroke, width)))

    def circle(
        self,
        x: float,
        y: float,
        r: float,
        fill: str | None = None,
        stroke: str | None = None,
        width: float = 1.0,
        dash: Sequence[float] = (),
    ) -> None:
        outline = _stroke(stroke, width, dash)
        self.shapes.append(Circle(x, y, r, fill, outline))

    def line(
        self,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        color: str,
        width: float = 1.0,
        dash: Sequence[float] = (),
        cap: str = "butt",
    ) -> None:
        self.shapes.append(Line(x1, y1, x2, y2, Stroke(color, width, tuple(dash), cap)))

    def polyline(
        self,
        points: Iterable[Point],
        color: str,
        width: float = 1.0,
        dash: Sequence[float] = (),
        cap: str = "butt",
        join: str = "miter",
    ) -> None:
        stroke = Stroke(color, width, tuple(dash), cap, join)
        self.shapes.append(Polyline(_points(points), stroke))

    def polygon(
        self,
        points: Iterable[Point],
        fill: str | None = None,
        stroke: str | None = None,
        width: float = 1.0,
    ) -> None:
        self.shapes.append(Polygon(_points(points), fill, _stroke(stroke, width)))

    def arc(
        self,
        x: float,
        y: float,
        r: float,
        start: float,
        end: float,
        color: str,
        width: float = 1.0,
    ) -> None:
        """An open arc (radians, clockwise on screen), as a polyline."""
        n = max(8, int(abs(end - start) / (math.pi / 16)))
        points = [
            (x + r * math.cos(start + (end - start) * k / n),
             y + r * math.sin(start + (end - start) * k / n))
            for k in range(n + 1)
        ]  # fmt: skip
        self.polyline(points, color, width)

    def text(
        self,
        x: float,
        y: float,
        text: str,
        fill: str = "#000000",
        size: float = 12.0,
        bold: bool = False,
        align: str = "left",
        family: str = "sans-serif",
        halo: str | None = None,
        halo_width: float = 3.0,
    ) -> None:
        """A line of text; ``halo`` outlines its letters in that colour first."""
        outline = _stroke(halo, halo_width)
        self.shapes.append(Text(x, y, text, fill, size, bold, family, align, outline))

    def layer(self, name: str, scale: float = 1.0) -> Layer:
        return Layer(name, tuple(self.shapes), scale)


def _stroke(
    color: str | None, width: float, dash: Sequence[float] = ()
) -> Stroke | None:
    return None if color is None else Stroke(color, width, tuple(dash))


def _points(points: Iterable[Point]) -> tuple[Point, ...]:
    return tuple((round(float(x), 2), round(float(y), 2)) for x, y in points)
