"""The SVG target: a scene as one SVG document, or a layer as an SVG fragment.

Every text (board names, seat names, log lines) is XML-escaped, attributes too, so
a name such as ``<b>&`` shows as written and cannot break or script the page.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from tabletop.draw.shapes import (
    Circle,
    Layer,
    Line,
    Polygon,
    Polyline,
    Rect,
    Scene,
    Shape,
    Stroke,
    Text,
)

ANCHOR = {"left": "start", "center": "middle", "right": "end"}


def num(value: float) -> str:
    """A coordinate, short: at most two decimals, no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _paint(fill: str | None, stroke: Stroke | None) -> str:
    out = f" fill={quoteattr(fill)}" if fill else ' fill="none"'
    return out + _outline(stroke)


def _outline(stroke: Stroke | None) -> str:
    out = ""
    if stroke is not None:
        out += f" stroke={quoteattr(stroke.color)}"
        if stroke.width != 1:
            out += f' stroke-width="{num(stroke.width)}"'
        if stroke.dash:
            out += f' stroke-dasharray="{" ".join(num(d) for d in stroke.dash)}"'
        if stroke.cap != "butt":
            out += f' stroke-linecap="{stroke.cap}"'
        if stroke.join != "miter":
            out += f' stroke-linejoin="{stroke.join}"'
    return out


def _points(points: tuple[tuple[float, float], ...]) -> str:
    return " ".join(f"{num(x)},{num(y)}" for x, y in points)


def shape_svg(shape: Shape) -> str:
    """One shape as SVG: one element (two for a text with a halo)."""
    kind = type(shape)
    if kind is Rect:
        return (
            f'<rect x="{num(shape.x)}" y="{num(shape.y)}" width="{num(shape.w)}" '
            f'height="{num(shape.h)}"{_paint(shape.fill, shape.stroke)}/>'
        )
    if kind is Circle:
        return (
            f'<circle cx="{num(shape.x)}" cy="{num(shape.y)}" r="{num(shape.r)}"'
            f"{_paint(shape.fill, shape.stroke)}/>"
        )
    if kind is Line:
        return (
            f'<line x1="{num(shape.x1)}" y1="{num(shape.y1)}" x2="{num(shape.x2)}" '
            f'y2="{num(shape.y2)}"{_paint(None, shape.stroke)}/>'
        )
    if kind is Polyline:
        return (
            f'<polyline points="{_points(shape.points)}"{_paint(None, shape.stroke)}/>'
        )
    if kind is Polygon:
        return (
            f'<polygon points="{_points(shape.points)}"'
            f"{_paint(shape.fill, shape.stroke)}/>"
        )
    if kind is Text:
        weight = ' font-weight="bold"' if shape.bold else ""
        anchor = ANCHOR.get(shape.align, "start")
        anchor = f' text-anchor="{anchor}"' if anchor != "start" else ""
        at = f'<text x="{num(shape.x)}" y="{num(shape.y)}"'
        font = (
            f' font-size="{num(shape.size)}" font-family={quoteattr(shape.family)}'
            f"{weight}{anchor}>{escape(shape.text)}</text>"
        )
        # A halo is its own element under the letters (as on the canvas: stroke,
        # then fill); ``paint-order`` would do, but not every SVG renderer has it.
        halo = "" if shape.stroke is None else f"{at}{_paint(None, shape.stroke)}{font}"
        return f"{halo}{at} fill={quoteattr(shape.fill)}{font}"
    raise TypeError(f"not a shape: {shape!r}")


def layer_svg(layer: Layer) -> str:
    """A layer as one ``<g>`` element (its shapes inside, scaled if it says so)."""
    scale = f' transform="scale({num(layer.scale)})"' if layer.scale != 1 else ""
    body = "".join(shape_svg(s) for s in layer.shapes)
    return f"<g class={quoteattr('layer-' + layer.name)}{scale}>{body}</g>"


def scene_svg(scene: Scene) -> str:
    """The whole scene as a standalone SVG document (no XML declaration)."""
    return (
        svg_open(scene) + "".join(layer_svg(layer) for layer in scene.layers) + "</svg>"
    )


def svg_open(scene: Scene) -> str:
    """The opening ``<svg>`` tag, title and background of a scene."""
    title = f"<title>{escape(scene.title)}</title>" if scene.title else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{scene.width}" '
        f'height="{scene.height}" viewBox="0 0 {scene.width} {scene.height}" '
        f'font-family="sans-serif">{title}'
        f'<rect width="{scene.width}" height="{scene.height}" '
        f"fill={quoteattr(scene.background)}/>"
    )
