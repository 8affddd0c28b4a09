"""One drawing, two targets: the canvas commands and the SVG of a scene agree.

Both are read back into the same plain list of marks (filled or outlined shapes,
lines, texts, each with its points, colour, width, dash and font) and compared:
same shapes, same text, same colours, in the same order. The canvas side is decoded
from the batched message ipycanvas sends (recorded by ``tests/recording.py``). The
live Table's board is read the same way, canvas by canvas, and compared with the
layers of the match's SVG picture for the same seat.
"""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from ipycanvas import Canvas, MultiCanvas

from tabletop import Match
from tabletop.draw import PUBLIC, Pen, Scene, match_scene, scene_svg
from tabletop.games.pitfall import Pitfall
from tabletop.games.raiders import Raiders
from tabletop.ui.canvas_target import batch, draw_layer, draw_scene, scene_canvas
from tests.recording import command_names

SVG = "{http://www.w3.org/2000/svg}"
ATTRS = {v: k for k, v in Canvas.ATTRS.items()}
NAMES = command_names()
ANCHOR = {"start": "left", "middle": "center", "end": "right"}


def _r(v) -> float:
    return round(float(v), 2)


def _pts(points) -> tuple:
    return tuple((_r(x), _r(y)) for x, y in points)


# -- the SVG side ---------------------------------------------------------------------
def svg_marks(svg: str) -> list[tuple]:
    """What the SVG draws, layer by layer, as plain marks."""
    out: list[tuple] = []
    for g in ET.fromstring(svg).findall(SVG + "g"):
        transform = g.get("transform", "")
        scale = float(transform[6:-1]) if transform.startswith("scale(") else 1.0
        out.append(("layer", scale))
        for el in g:
            out.extend(_svg_element(el))
    return out


def _svg_stroke(el) -> tuple:
    dash = el.get("stroke-dasharray", "")
    return (
        el.get("stroke"),
        _r(el.get("stroke-width", 1)),
        tuple(_r(d) for d in dash.split()) if dash else (),
        el.get("stroke-linecap", "butt"),
        el.get("stroke-linejoin", "miter"),
    )


def _svg_element(el) -> list[tuple]:
    tag = el.tag[len(SVG) :]
    f = lambda k: _r(el.get(k))  # noqa: E731
    if tag == "text":
        size = el.get("font-size")
        font = f"{'bold ' if el.get('font-weight') == 'bold' else ''}{size}px "
        font += el.get("font-family")
        align = ANCHOR[el.get("text-anchor", "start")]
        at = (el.text, f("x"), f("y"))
        if el.get("fill") == "none":  # a halo, under the text's own element
            return [("stroke-text", *at, _svg_stroke(el), font, align)]
        return [("text", *at, el.get("fill"), font, align)]
    if tag == "line":
        return [("line", (f("x1"), f("y1"), f("x2"), f("y2")), _svg_stroke(el))]
    points = ()
    if tag in ("polyline", "polygon"):
        points = _pts(p.split(",") for p in el.get("points").split())
    geometry = {
        "rect": lambda: (f("x"), f("y"), f("width"), f("height")),
        "circle": lambda: (f("cx"), f("cy"), f("r")),
        "polygon": lambda: points,
        "polyline": lambda: points,
    }[tag]()
    out = []
    if el.get("fill") not in (None, "none"):
        out.append(("fill-" + tag, geometry, el.get("fill")))
    if el.get("stroke"):
        out.append(("stroke-" + tag, geometry, _svg_stroke(el)))
    return out


# -- the canvas side ------------------------------------------------------------------
class _Reader:
    """Replays decoded ipycanvas commands into marks, tracking the style state."""

    def __init__(self, buffers: tuple[bytes, ...]) -> None:
        self.buffers = buffers
        self.offset = 1  # where the running command's arrays start
        self.style = {
            "fill_style": "#000000",
            "stroke_style": "#000000",
            "line_width": 1.0,
            "line_cap": "butt",
            "line_join": "miter",
            "font": "10px sans-serif",
            "text_align": "left",
        }
        self.dash: tuple = ()
        self.marks: list[tuple] = []

    def array(self, meta: dict) -> np.ndarray:
        raw = self.buffers[self.offset + meta["idx"]]
        return np.frombuffer(raw, dtype=meta["dtype"]).reshape(meta["shape"])

    def stroke(self) -> tuple:
        s = self.style
        width = _r(s["line_width"])
        return (s["stroke_style"], width, self.dash, s["line_cap"], s["line_join"])

    def run(self, name: str, args: list) -> None:
        s = self.style
        if name == "set":
            s[ATTRS[args[0]]] = args[1]
        elif name == "setLineDash":
            self.dash = tuple(_r(d) for d in args[0])
        elif name == "fillText":
            text, x, y = args[:3]
            mark = ("text", text, _r(x), _r(y), s["fill_style"], s["font"])
            self.marks.append((*mark, s["text_align"]))
        elif name == "strokeText":
            text, x, y = args[:3]
            at = (text, _r(x), _r(y))
            self.marks.append(
                ("stroke-text", *at, self.stroke(), s["font"], s["text_align"])
            )
        elif name == "strokeLine":
            self.marks.append(("line", tuple(_r(a) for a in args), self.stroke()))
        elif name in ("fillPolygon", "strokePolygon", "strokeLines"):
            points = _pts(self.array(args[0]))
            if name == "fillPolygon":
                self.marks.append(("fill-polygon", points, s["fill_style"]))
            else:
                kind = (
                    "stroke-polygon" if name == "strokePolygon" else "stroke-polyline"
                )
                self.marks.append((kind, points, self.stroke()))
        elif name in ("fillRect", "fillCircle"):
            kind = "fill-rect" if name == "fillRect" else "fill-circle"
            self.marks.append((kind, tuple(_r(a) for a in args), s["fill_style"]))
        elif name in ("strokeRect", "strokeCircle"):
            kind = "stroke-rect" if name == "strokeRect" else "stroke-circle"
            self.marks.append((kind, tuple(_r(a) for a in args), self.stroke()))


def canvas_marks(comms, draw) -> list[tuple]:
    comms.clear()
    with batch():
        draw()
    (message,) = comms.canvas_messages()
    reader = _Reader(message.buffers)
    for command in json.loads(message.buffers[0]):
        name, args = NAMES[command[0]], command[1] if len(command) > 1 else []
        if name == "save":
            reader.marks.append(("layer", 1.0))
        elif name == "scale":
            reader.marks[-1] = ("layer", _r(args[0]))
        else:
            reader.run(name, args)
        reader.offset += command[2] if len(command) > 2 else 0
    return reader.marks


def _played(game, seed: int, steps: int) -> Match:
    match = Match(game, seed=seed)
    rnd = random.Random(seed)
    while not match.over and len(match) < steps:
        match.play(rnd.choice(match.legal_actions()))
    return match


def _layered(scene: Scene):
    """Draw each layer on its own canvas, announcing unscaled layers too."""
    canvases = [Canvas(width=scene.width, height=scene.height) for _ in scene.layers]

    def draw():
        for canvas, layer in zip(canvases, scene.layers, strict=True):
            if layer.scale == 1:
                canvas.save()  # marks the layer's start for the reader
            draw_layer(canvas, layer)
            if layer.scale == 1:
                canvas.restore()

    return draw


@pytest.mark.parametrize(
    "game, viewer", [(Pitfall(players=3), 1), (Raiders(players=4), PUBLIC)]
)
def test_canvas_and_svg_draw_the_same_shapes_texts_and_colours(comms, game, viewer):
    scene = match_scene(_played(game, 3, 40), viewer)
    from_svg = svg_marks(scene_svg(scene))
    from_canvas = canvas_marks(comms, _layered(scene))
    assert len(from_canvas) > 500
    assert from_canvas == from_svg


def test_every_kind_of_shape_and_style_agrees(comms):
    pen = Pen()
    pen.rect(1, 2, 30, 40, fill="#ff0000", stroke="#00ff00", width=2.5)
    pen.circle(50, 50, 9.5, stroke="#0000ff")
    pen.line(0, 0, 10, 10, "#123456", 3, dash=(6, 4), cap="round")
    pen.polyline([(0, 0), (5, 9), (12, 3)], "#abcdef", 8, cap="round", join="round")
    pen.polygon([(1, 1), (9, 1), (5, 7)], fill="#fedcba", stroke="#010203", width=2)
    pen.arc(20, 20, 7, 0.5, 3.0, "#000000", 3)
    pen.text(40, 40, "Map <Room> & co", fill="#ffffff", size=11, bold=True,
             align="center", family="serif")  # fmt: skip
    pen.text(9, 60, "halo", fill="#ffeb3b", size=9, halo="#1f5f99", halo_width=3)
    scene = Scene(100, 100, (pen.layer("a", 0.86), pen.layer("b")))
    assert canvas_marks(comms, _layered(scene)) == svg_marks(scene_svg(scene))


def test_a_multicanvas_gets_one_layer_per_canvas(comms):
    scene = match_scene(_played(Pitfall(players=2), 1, 5), 0)
    canvas = MultiCanvas(len(scene.layers), width=scene.width, height=scene.height)
    comms.clear()
    with batch():
        draw_scene(canvas, scene)
    assert len(comms.canvas_messages()) == 1
    with pytest.raises(ValueError):
        draw_scene(MultiCanvas(2), scene)
    shown = scene_canvas(scene)
    assert shown.width == scene.width and len(shown._canvases) == len(scene.layers)


# -- the live table's board -----------------------------------------------------------
def board_canvas_marks(comms, table) -> list[list[tuple]]:
    """Redraw a table's whole board and read back what each of its canvases got."""
    canvases = [c.model_id for c in table.widgets.board.canvas._canvases]
    comms.clear()
    table.widgets.board.invalidate()
    table.render()
    (message,) = comms.canvas_messages()
    readers: dict[str, _Reader] = {}
    reader = None
    offset = 1
    for command in json.loads(message.buffers[0]):
        name, args = NAMES[command[0]], command[1] if len(command) > 1 else []
        if name == "switchCanvas":
            target = args[0].removeprefix("IPY_MODEL_")
            reader = readers.setdefault(target, _Reader(message.buffers))
            reader.marks = reader.marks or [("layer", 1.0)]
        elif name == "scale":
            reader.marks[0] = ("layer", _r(args[0]))
        elif name not in ("save", "restore"):
            reader.offset = offset
            reader.run(name, args)
        offset += command[2] if len(command) > 2 else 0
    return [readers[c].marks if c in readers else [] for c in canvases]


def layer_marks(svg: str, name: str) -> list[tuple]:
    """The marks of one ``<g class="layer-NAME">`` of an SVG picture."""
    root = ET.fromstring(svg)
    (g,) = [g for g in root.findall(SVG + "g") if g.get("class") == "layer-" + name]
    body = ET.Element(root.tag)
    body.append(g)
    return svg_marks(ET.tostring(body, encoding="unicode"))


def _race():
    race = pytest.importorskip("race", reason="pip install -e examples/race")
    return race.Race(players=2)


@pytest.mark.parametrize(
    "make, seed, steps, viewer",
    [
        (lambda: Pitfall(players=3), 3, 40, 1),
        (lambda: Raiders(players=4), 3, 40, 2),
        (_race, 5, 9, 0),
    ],
    ids=["pitfall", "raiders", "race"],
)
def test_the_table_board_draws_the_pictures_shapes(comms, make, seed, steps, viewer):
    """The live board's canvases get the shapes of the board, table and pieces
    layers of the match's SVG picture, as that seat sees it: same shapes, same
    texts, same colours, same scale."""
    from tabletop.draw import match_svg
    from tabletop.ui import Table

    match = _played(make(), seed, steps)
    assert len(match) == steps and not match.over
    table = Table(match, seats=["human"] * match.game.players, auto=False)
    table.model.viewer = viewer
    got = board_canvas_marks(comms, table)
    svg = match_svg(match, table.model.eyes)
    for index, name in enumerate(("board", "table", "pieces")):
        want = layer_marks(svg, name)
        assert got[index] == want, f"the {name} layer differs"
    texts = [m[1] for layer in got[:3] for m in layer if m[0] == "text"]
    assert texts, "the board shows its names"
    assert len(got[0]) > 20 and len(got[2]) > 1
    # The clickable spaces sit where the drawing puts them, on the canvas.
    a, d = table.look, table.look
    assert (table.widgets.board.canvas.width, table.widgets.board.canvas.height) == (
        d.width,
        d.height,
    )
    for sid, (x, y) in a.xy.items():
        assert 0 <= x <= d.width and 0 <= y <= d.height
        assert a.hit(x, y) == sid
    view, near = table.model.view_state, 30  # a pawn stands within 30 board units
    for seat, place in enumerate(a.piece_spaces(view)):
        spot = d.spot(view, seat)
        if spot is not None and place in a.xy:
            x, y = a.xy[place]
            assert abs(spot[0] * d.scale - x) <= near * d.scale
            assert abs(spot[1] * d.scale - y) <= near * d.scale


@pytest.mark.parametrize(
    "make, seed",
    [(lambda: Pitfall(players=2), 5), (lambda: Raiders(players=2), 5)],
    ids=["pitfall", "raiders"],
)
def test_the_last_move_is_marked_alike_on_the_board_and_in_the_picture(make, seed):
    """Roll, then move: the live board's last-move marks (path along the track,
    ring at the end, the die) are the shapes of the picture's marks layer."""
    from tabletop.ui import Table
    from tabletop.ui.texts import last_move

    table = Table(Match(make(), seed=seed), seats=["human", "human"], auto=False,
                  hot_seat=False)  # fmt: skip
    marked = ()
    for _ in range(200):  # play until a roll, then a walk of several spaces
        table.choose(table.legal[0].action)
        marked = last_move(table.model)
        if marked and marked[1] and any(len(path) > 2 for _, path in marked[0]):
            break
    pieces, die = marked
    assert pieces and die, "a walked move after a roll"
    assert any(len(path) > 2 for _, path in pieces), "the path follows the track"
    board = table.look.marks((), "", marked).shapes
    picture = match_scene(table.match, PUBLIC)
    layer = next(layer for layer in picture.layers if layer.name == "marks")
    assert layer.scale == 1.0 and board == layer.shapes
    assert any(getattr(s, "text", None) == die for s in board), "the die is shown"
