"""A replay that travels: one self-contained HTML file stepping through a match.

No server, no kernel, no network: the board is drawn once as inline SVG, and every
step holds only what changes. Shapes are stored once each (as SVG elements), a layer
is a list of shape numbers, and a step is one layer number per changing layer, so a
step that moves one pawn costs a few numbers plus its new status text. A small
script rebuilds a step's layers when the slider or the buttons move. The event log
is the one ``viewer`` may read; every picture comes from that viewer's views.
"""

from __future__ import annotations

import html
import json
import os
import re
from pathlib import Path
from typing import Any

from tabletop.core.viewers import as_viewer
from tabletop.draw.look import look_for
from tabletop.draw.pictures import moment
from tabletop.draw.scenes import PUBLIC, checked_viewer, scene, viewer_label
from tabletop.draw.svg import layer_svg, shape_svg, svg_open

_HERE = Path(__file__).resolve().parent


class _Table:
    """Numbers for distinct values, in order of first appearance."""

    def __init__(self) -> None:
        self.items: list[Any] = []
        self._index: dict[Any, int] = {}

    def number(self, item: Any) -> int:
        found = self._index.get(item)
        if found is None:
            found = self._index[item] = len(self.items)
            self.items.append(item)
        return found


def replay_data(match: Any, viewer: Any = PUBLIC) -> tuple[str, dict[str, Any]]:
    """The static board as SVG text, and the per-step data the page's script reads."""
    game = match.game
    shapes, layers = _Table(), _Table()
    steps: list[list[int]] = []
    names: list[str] = []
    scales: list[float] = []
    first = None
    for step in range(len(match) + 1):
        picture = scene(game, moment(match, step, viewer), viewer)
        if first is None:
            first = picture
            names = [layer.name for layer in picture.layers[1:]]
            scales = [layer.scale for layer in picture.layers[1:]]
        numbers = []
        for layer in picture.layers[1:]:
            ids = tuple(shapes.number(shape_svg(s)) for s in layer.shapes)
            numbers.append(layers.number(ids))
        steps.append(numbers)
    head = svg_open(first) + layer_svg(first.layers[0])
    groups = "".join(
        f'<g class="layer-{name}"'
        + (f' transform="scale({scale:g})"' if scale != 1 else "")
        + "></g>"
        for name, scale in zip(names, scales, strict=True)
    )
    data = {
        "shapes": shapes.items,
        "layers": [list(ids) for ids in layers.items],
        "steps": steps,
        "log": _log(match, viewer),
    }
    return head + groups + "</svg>", data


def _log(match: Any, viewer: Any) -> list[list[str]]:
    """Each step's log sentences as ``viewer`` may read them (step 0: the setup)."""
    viewer = checked_viewer(match.game, viewer)
    look = look_for(match.game)

    def sentence(event: Any) -> str:  # the table's words, then the clause
        return f"{look.event_sentence(event, viewer)} ({event.clause})"

    sentences = [[sentence(event) for event in match.setup_events]]
    for step in match.steps:
        sentences.append([sentence(event) for event in step.events])
    return sentences


def replay_html(match: Any, viewer: Any = PUBLIC, title: str | None = None) -> str:
    """The replay page's text (one self-contained HTML document)."""
    board, data = replay_data(match, viewer)
    # The seed would deal every hidden card again: only the referee's page names it.
    seed = f", seed {match.seed}" if as_viewer(viewer).is_referee else ""
    title = title or (
        f"{match.game.name} replay: {len(match)} steps{seed}, {viewer_label(viewer)}"
    )
    # ``<`` as \u003c keeps "</script>" or "<!--" in any text from ending the script.
    payload = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    payload = payload.replace("<", "\\u003c").replace("\u2028", "\\u2028")
    payload = payload.replace("\u2029", "\\u2029")
    values = {
        "title": html.escape(title),
        "board": board,
        "last": str(len(match)),
        "start": str(match.cursor),
        "data": payload,
    }
    page = (_HERE / "replay_page.html").read_text(encoding="utf-8")
    # One pass, so a value that contains "{{...}}" is never filled in again.
    return re.sub(r"\{\{(\w+)\}\}", lambda m: values[m.group(1)], page)


def export_html(
    match: Any,
    path: str | os.PathLike[str],
    *,
    viewer: Any = PUBLIC,
    title: str | None = None,
) -> Path:
    """Write the replay of ``match`` as ``viewer`` saw it to ``path``; returns it."""
    path = Path(path)
    path.write_text(replay_html(match, viewer, title), encoding="utf-8")
    return path
