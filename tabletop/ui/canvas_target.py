"""The canvas target: a ``tabletop.draw`` display list drawn on an ipycanvas canvas.

The SVG writer and this target read the same shapes, so a board drawn on the canvas
and its static image cannot drift apart. Styles are set only when they change (each
setting is a command of its own), points go out as arrays (ipycanvas sends tuples
unconverted), and a scaled layer is drawn between ``save``/``scale``/``restore``.
Draw inside ``batch()`` so a whole picture goes out as one message.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np
from ipycanvas import MultiCanvas, hold_canvas

from tabletop.draw.shapes import (
    Circle,
    Layer,
    Line,
    Polygon,
    Polyline,
    Rect,
    Scene,
    Stroke,
    Text,
)


@contextmanager
def batch() -> Iterator[None]:
    """Send every draw command made inside as one message, even if drawing fails
    (``hold_canvas`` alone would leave batching on after an exception)."""
    held = hold_canvas()
    held.__enter__()
    try:
        yield
    finally:
        held.__exit__(None, None, None)


class _Styler:
    """Sets canvas style attributes, skipping those already set to the same value."""

    def __init__(self, canvas: Any) -> None:
        self.canvas = canvas
        self.now: dict[str, Any] = {}

    def set(self, name: str, value: Any) -> None:
        if self.now.get(name, object()) != value:
            self.now[name] = value
            if name == "line_dash":
                self.canvas.set_line_dash(list(value))
            else:
                setattr(self.canvas, name, value)

    def stroke(self, stroke: Stroke) -> None:
        self.set("stroke_style", stroke.color)
        self.set("line_width", stroke.width)
        self.set("line_dash", stroke.dash)
        self.set("line_cap", stroke.cap)
        self.set("line_join", stroke.join)


def draw_layer(canvas: Any, layer: Layer) -> None:
    """Draw one layer's shapes on ``canvas`` (which is not cleared first)."""
    scaled = layer.scale != 1
    if scaled:
        canvas.save()
        canvas.scale(layer.scale)
    style = _Styler(canvas)
    for shape in layer.shapes:
        _draw(canvas, style, shape)
    if scaled:
        canvas.restore()


def _draw(c: Any, style: _Styler, shape: Any) -> None:
    kind = type(shape)
    if kind is Text:
        style.set("font", shape.font)
        style.set("text_align", shape.align)
        if shape.stroke is not None:  # the halo first, under the letters
            style.stroke(shape.stroke)
            c.stroke_text(shape.text, shape.x, shape.y)
        style.set("fill_style", shape.fill)
        c.fill_text(shape.text, shape.x, shape.y)
    elif kind is Line:
        style.stroke(shape.stroke)
        c.stroke_line(shape.x1, shape.y1, shape.x2, shape.y2)
    elif kind is Polyline:
        style.stroke(shape.stroke)
        c.stroke_lines(np.array(shape.points, dtype=float))
    else:
        _draw_area(c, style, shape)


def _draw_area(c: Any, style: _Styler, shape: Rect | Circle | Polygon) -> None:
    """A shape with an inside: filled first, then outlined."""
    kind = type(shape)
    if shape.fill:
        style.set("fill_style", shape.fill)
        if kind is Rect:
            c.fill_rect(shape.x, shape.y, shape.w, shape.h)
        elif kind is Circle:
            c.fill_circle(shape.x, shape.y, shape.r)
        else:
            c.fill_polygon(np.array(shape.points, dtype=float))
    if shape.stroke is not None:
        style.stroke(shape.stroke)
        if kind is Rect:
            c.stroke_rect(shape.x, shape.y, shape.w, shape.h)
        elif kind is Circle:
            c.stroke_circle(shape.x, shape.y, shape.r)
        else:
            c.stroke_polygon(np.array(shape.points, dtype=float))


def draw_scene(target: Any, scene: Scene) -> None:
    """Draw a scene: layer ``i`` on ``target[i]`` of a ``MultiCanvas`` with as many
    layers, else every layer on the one canvas. Call inside ``batch()``."""
    if isinstance(target, MultiCanvas):
        if len(target._canvases) != len(scene.layers):
            raise ValueError(
                f"the MultiCanvas has {len(target._canvases)} layers, "
                f"the scene {len(scene.layers)}"
            )
        for i, layer in enumerate(scene.layers):
            target[i].clear()
            draw_layer(target[i], layer)
        return
    target.clear()
    target.fill_style = scene.background
    target.fill_rect(0, 0, scene.width, scene.height)
    for layer in scene.layers:
        draw_layer(target, layer)


def scene_canvas(scene: Scene) -> MultiCanvas:
    """A fixed-size ``MultiCanvas`` (one canvas per layer) showing ``scene``."""
    canvas = MultiCanvas(
        len(scene.layers),
        width=scene.width,
        height=scene.height,
        layout={"width": f"{scene.width}px", "height": f"{scene.height}px"},
    )
    with batch():
        draw_scene(canvas, scene)
    return canvas
