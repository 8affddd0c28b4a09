"""What the table looks like, as data: a display list of plain shapes and text.

Each game's ``Drawing`` emits the shapes once; targets render them: the SVG writer
here (static images, saved notebooks, replay files) and the ipycanvas target in
``tabletop.ui``. This package imports no Jupyter package, so pictures work in
scripts, workers and servers.

    >>> from tabletop import Match
    >>> from tabletop.games.pitfall import Pitfall
    >>> svg = Match(Pitfall(players=2), seed=1).svg(viewer=0)
"""

from tabletop.draw.notebook import picture_bundle, with_picture
from tabletop.draw.pictures import export_gif, match_scene, match_svg, save_image
from tabletop.draw.pitfall import PitfallDrawing
from tabletop.draw.raiders import RaidersDrawing
from tabletop.draw.replay import export_html, replay_html
from tabletop.draw.scenes import PUBLIC, Drawing, Face, drawing_for, register
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

register("pitfall", PitfallDrawing)
register("raiders", RaidersDrawing)

__all__ = [
    "PUBLIC",
    "Circle",
    "Drawing",
    "Face",
    "Layer",
    "Line",
    "Pen",
    "Polygon",
    "Polyline",
    "Rect",
    "Scene",
    "Stroke",
    "Text",
    "drawing_for",
    "export_gif",
    "export_html",
    "match_scene",
    "match_svg",
    "picture_bundle",
    "register",
    "replay_html",
    "save_image",
    "scene_svg",
    "with_picture",
]
