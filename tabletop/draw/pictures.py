"""Pictures of a match: an SVG of any step for any viewer, saved as SVG, PNG or GIF.

PNG and GIF go through CairoSVG (a maintained SVG renderer on top of the cairo
library that Debian and most systems ship) and Pillow (for GIF frames); both are
imported only when a raster image is asked for.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from tabletop.draw.lastmove import die_of
from tabletop.draw.look import look_for
from tabletop.draw.scenes import (
    PUBLIC,
    Moment,
    checked_viewer,
    scene,
    view_of,
)
from tabletop.draw.shapes import Scene
from tabletop.draw.svg import scene_svg


def moment(
    match: Any, step: int | None, viewer: Any, look: Any = None, say: Any = None
) -> Moment:
    """What the picture of ``step`` (default: the cursor) shows to ``viewer``
    (``look``: the game's look, if the caller keeps one, else a fresh one;
    ``say(event, viewer)``: how an event is said, by default
    ``look.event_sentence``)."""
    game = match.game
    viewer = checked_viewer(game, viewer)
    step = match.cursor if step is None else step
    view = view_of(game, match.state_at(step), viewer)
    before = view_of(game, match.state_at(step - 1), viewer) if step else None
    events = match.steps[step - 1].events if step else ()
    seen = tuple(event.for_viewer(viewer) for event in events)
    # Words for people, as the table's log says them (the look's ``event_sentence``):
    # the picture's status line leaves the clause IDs out (the replay's event log
    # and the table's rules details show them).
    look = look or look_for(game)
    say = say or look.event_sentence
    sentences = tuple(_plain(say(event, viewer)) for event in events)
    die = die_of(match, step, step) if step else ""  # as the live board shows it
    over = game.outcome(match.state_at(step)) is not None
    return Moment(view, before, step, len(match), sentences, seen, die, over)


def match_scene(match: Any, viewer: Any = PUBLIC, step: int | None = None) -> Scene:
    return scene(match.game, moment(match, step, viewer), viewer)


def match_svg(match: Any, viewer: Any = PUBLIC, step: int | None = None) -> str:
    """The SVG text of one step (default: the cursor) as ``viewer`` sees it."""
    return scene_svg(match_scene(match, viewer, step))


def svg_to_png(svg: str, scale: float = 1.0) -> bytes:
    import cairosvg

    return cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=scale)


_HEX = re.compile(r"#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b")


@lru_cache(maxsize=16)
def palette_png(svg: str, colors: int = 128) -> bytes:
    """A small PNG of an SVG at its own size: 8-bit, ``colors`` palette entries.

    The palette starts with the colours the SVG names (each seat's colour, every
    fill, exact), and the rest is Pillow's median cut of the rendered picture (the
    anti-aliased edges). A board is ~30-45 kB, a third of a full-colour PNG. The
    last few pictures are remembered: a table shows the same one twice (its
    widget's bundle, then the picture that follows it).
    """
    import io

    from PIL import Image

    image = Image.open(io.BytesIO(svg_to_png(svg))).convert("RGB")
    named: list[int] = []
    for found in dict.fromkeys(m.lower() for m in _HEX.findall(svg)):
        digits = found if len(found) == 6 else "".join(c * 2 for c in found)
        named += [int(digits[i : i + 2], 16) for i in (0, 2, 4)]
    named = named[: 3 * (colors // 2)]  # at least half the palette for the edges
    rest = colors - len(named) // 3
    cut = image.quantize(colors=rest, method=Image.Quantize.MEDIANCUT)
    palette = Image.new("P", (1, 1))
    palette.putpalette(named + cut.getpalette()[: 3 * rest])
    small = image.quantize(palette=palette, dither=Image.Dither.NONE)
    out = io.BytesIO()
    small.save(out, "PNG", optimize=True)
    return out.getvalue()


def save_image(
    match: Any,
    path: str | os.PathLike[str],
    *,
    viewer: Any = PUBLIC,
    step: int | None = None,
    scale: float = 1.0,
) -> Path:
    """Write one step's picture to ``path``: ``.svg`` or ``.png`` by its suffix."""
    path = Path(path)
    svg = match_svg(match, viewer, step)
    suffix = path.suffix.lower()
    if suffix == ".svg":
        path.write_text(svg, encoding="utf-8")
    elif suffix == ".png":
        path.write_bytes(svg_to_png(svg, scale))
    else:
        raise ValueError(f"save_image writes .svg or .png, not {suffix or path.name!r}")
    return path


def export_gif(
    match: Any,
    path: str | os.PathLike[str],
    *,
    viewer: Any = PUBLIC,
    steps: range | None = None,
    frame_ms: int = 600,
    scale: float = 0.5,
) -> Path:
    """An animated GIF of the timeline (every step, or ``steps``), for slides."""
    import io

    from PIL import Image

    steps = range(len(match) + 1) if steps is None else steps
    frames = []
    for step in steps:
        png = svg_to_png(match_svg(match, viewer, step), scale)
        frames.append(Image.open(io.BytesIO(png)).convert("P", palette=Image.ADAPTIVE))
    if not frames:
        raise ValueError("no steps to animate")
    path = Path(path)
    frames[0].save(path, save_all=True, append_images=frames[1:],
                   duration=frame_ms, loop=0, optimize=True)  # fmt: skip
    return path


def _plain(sentence: str) -> str:
    return " ".join(sentence.split())
