"""What the table looks like, as data: a display list of plain shapes and text.

Each game's ``Look`` emits the shapes once; targets render them: the SVG writer
here (static images, saved notebooks, replay files) and the ipycanvas target in
``tabletop.ui``. This package imports no Jupyter package, so pictures work in
scripts, workers and servers.

    >>> from tabletop import Match
    >>> from tabletop.core import make_game
    >>> svg = Match(make_game(name, players=2), seed=1).svg(viewer=0)
"""

from tabletop.draw.look import SEAT_COLORS, Face, Look, look_for
from tabletop.draw.notebook import picture_bundle, picture_formats, with_picture
from tabletop.draw.pictures import export_gif, match_scene, match_svg, save_image
from tabletop.draw.replay import export_html, replay_html
from tabletop.draw.scenes import PUBLIC
from tabletop.draw.shapes import (
    Circle,
    Layer,
    Line,
    Pen,
    Polygon,
    Polyline,
    Rect,
    Scene,
    Stroke,
    Text,
)
from tabletop.draw.svg import scene_svg

__all__ = [
    "PUBLIC",
    "Circle",
    "Face",
    "Layer",
    "Look",
    "Line",
    "Pen",
    "Polygon",
    "Polyline",
    "Rect",
    "SEAT_COLORS",
    "Scene",
    "Stroke",
    "Text",
    "export_gif",
    "export_html",
    "look_for",
    "match_scene",
    "match_svg",
    "picture_bundle",
    "picture_formats",
    "replay_html",
    "save_image",
    "scene_svg",
    "with_picture",
]
