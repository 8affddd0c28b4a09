"""The browser page a join link opens, and the pictures and words the server sends it.

``GET /play/<room>`` serves ``play_page.html`` (beside this module): one file with
its own script and styles that reads the token from the link's ``#fragment``,
says ``hello`` with ``"render": "svg"`` and shows what the server sends. Only such
connections get these parts, so a Python client costs the server nothing more:

- the welcome's ``page`` (``board_payload``): the static board as an SVG group,
  drawn once by the game's ``Look``, its size, and the seats' names and colours;
- each view's ``page`` (``view_payload``): the table and pieces and the last
  move's marks as SVG (``tabletop.draw``, as the notebook table draws them), the
  spaces a tap may choose as circles with ``data-space``, every hand (the
  viewer's own faces, the others' counts), the legal actions in words, the recap
  of the other seats' turns, whose turn it is and the winner.

Everything is built from the viewer's view and the events as that viewer reads
them (``Event.for_viewer``): a page can show no more than the view holds. The
words are the notebook table's (``tabletop.table.words`` and the look's
``event_line``), so both front ends say the same thing.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from tabletop.core.viewers import as_viewer
from tabletop.draw.look import Look
from tabletop.draw.scenes import Moment, marks
from tabletop.draw.shapes import Layer
from tabletop.draw.svg import layer_svg, num
from tabletop.table.words import (
    CONNECTION_LOST,
    SETTLE_MS,
    Group,
    action_words,
    group_entries,
    pending_words,
    recap_turns,
    winner_words,
)

PAGE_FILE = Path(__file__).with_name("play_page.html")
TARGET_COLOR, SELECTED_COLOR = "#00e5ff", "#ff1744"  # as ``Look.marks`` rings them


def page_html(room: str, protocol: int, nonce: str) -> str:
    """The page for ``room``: the template with the protocol version, the room,
    the script and style nonce and the shared sentences filled in."""
    fills = {
        "{{ROOM}}": _js(room),
        "{{PROTOCOL}}": str(int(protocol)),
        "{{NONCE}}": html.escape(nonce),
        "{{SETTLE_MS}}": str(int(SETTLE_MS)),
        "{{LOST}}": _js(CONNECTION_LOST[:1].upper() + CONNECTION_LOST[1:]),
    }
    text = PAGE_FILE.read_text(encoding="utf-8")
    for key, value in fills.items():
        text = text.replace(key, value)
    return text


def _js(text: str) -> str:
    """A JavaScript string literal that cannot close the script it sits in."""
    return json.dumps(text).replace("<", "\\u003c")


def board_payload(look: Look) -> dict[str, Any]:
    """What never changes in a room's picture: sent once, with the welcome."""
    game = look.game
    return {
        "width": look.width,
        "height": look.height,
        "board": layer_svg(look.board()),
        "names": [look.seat_name(seat) for seat in range(game.players)],
        "colors": [look.seat_colors[seat] for seat in range(game.players)],
    }


class LayerMemo:
    """The SVG text of the layers written lately, at most ``size`` of them: a
    room's pages mostly show the same table and pieces from every seat, so each
    is written once per step (``view_payload``'s ``write``)."""

    def __init__(self, size: int = 16) -> None:
        self.size = size
        self.kept: dict[Layer, str] = {}

    def __call__(self, layer: Layer) -> str:
        text = self.kept.get(layer)
        if text is None:
            text = layer_svg(layer)
            if len(self.kept) >= self.size:
                self.kept.pop(next(iter(self.kept)))  # the oldest
            self.kept[layer] = text
        return text


class LineMemo:
    """Events in words as each viewer reads them (``look.event_line``), the latest
    ``size`` kept: every page of a room reads the same recap lines step after step,
    so each line is put in words once per viewer."""

    def __init__(self, look: Look, size: int = 4096) -> None:
        self.look, self.size = look, size
        self.kept: dict[tuple[int, Any], tuple[Any, str]] = {}

    def __call__(self, event: Any, viewer: Any) -> str:
        key = (id(event), as_viewer(viewer))
        kept = self.kept.get(key)
        if kept is not None and kept[0] is event:  # the very event, not a reused id
            return kept[1]
        text = self.look.event_line(event, viewer)
        if len(self.kept) >= self.size:
            self.kept.pop(next(iter(self.kept)))  # the oldest
        self.kept[key] = (event, text)
        return text


def view_payload(
    look: Look,
    moment: Moment,
    viewer: Any,
    legal: tuple[Any, ...],
    recent: tuple[Any, ...],
    write: Callable[[Layer], str] = layer_svg,
    line: Callable[[Any, Any], str] | None = None,
) -> dict[str, Any]:
    """The page's parts of one view for ``viewer`` (a seat, the public or the
    referee): ``moment`` is the picture's moment (``tabletop.draw.pictures``),
    ``legal`` the viewer's legal actions (its explanations, empty unless it is to
    move), ``recent`` the steps the recap tells, ``write`` what turns a layer
    into SVG (``layer_svg``, or a room's ``LayerMemo``) and ``line`` what says an
    event (``look.event_line``, or a room's ``LineMemo``)."""
    game, view = look.game, moment.view
    seat = as_viewer(viewer).seat
    layers = (look.table(view), marks(look, moment), look.pieces(view))
    places = look.piece_spaces(view)
    return {
        "svg": "".join(write(layer) for layer in layers) + targets_svg(look, legal),
        "headline": headline(look, view, seat),
        "hands": [hand_payload(look, view, s, seat) for s in range(game.players)],
        "where": [
            f"{look.seat_name(s)}: {look.space_name(p)}" if p in look.xy else ""
            for s, p in enumerate(places)
        ],
        "here": places[seat] if seat is not None and seat < len(places) else "",
        "actions": [
            {
                "action": str(e.action),
                "words": action_words(look, e),
                "why": look.words(e.text),
                "spaces": [s for s in e.spaces if s in look.xy],
                "card": e.card,
                "clause": e.clause,
            }
            for e in legal
        ],
        "fold": folded(legal),
        "recap": [list(turn) for turn in recap_turns(look, recent, viewer, line)],
        "last": "; ".join(moment.lines),
    }


def folded(legal: tuple[Any, ...]) -> list[dict[str, Any]]:
    """The buttons when nothing is chosen, as the notebook table folds them
    (``group_entries``): an action by its index, or a clause with many actions as
    one button that lists them."""
    where = {id(e): k for k, e in enumerate(legal)}
    return [
        {"group": item.clause, "title": item.title, "label": item.label}
        if isinstance(item, Group)
        else {"index": where[id(item)]}
        for item in group_entries(legal)
    ]


def recap_steps(steps: Any, seat: int | None, back: int = 40) -> tuple[Any, ...]:
    """The steps a page's recap tells: for a seat, what the others did since its
    own last step; for a watcher, the latest (at most ``back`` steps either way)."""
    recent = tuple(steps[-back:])
    if seat is not None:
        mine = [k for k, step in enumerate(recent) if step.player == seat]
        recent = recent[mine[-1] + 1 :] if mine else recent
    return recent


def headline(look: Look, view: Any, seat: int | None) -> dict[str, Any]:
    """Whose turn it is and what they decide, or the winner, in words."""
    game = look.game
    outcome = game.outcome(view)
    if outcome is not None:
        wins, why = winner_words(look, outcome)
        return {"over": True, "mine": False, "text": f"\u2605 {wins}", "more": why}
    name, pending = pending_words(look, game, view)
    mover = game.to_move(view)
    if mover is not None and mover == seat:
        more = f"{name} (you) {pending}"
        return {"over": False, "mine": True, "text": "Your turn!", "more": more}
    return {"over": False, "mine": False, "text": f"{name} to move", "more": pending}


def hand_payload(look: Look, view: Any, seat: int, viewer_seat: int | None) -> dict:
    """One seat's row: name, note, card count and the faces the view shows (each
    with the kinds a press on it stands for, ``Look.same_use``)."""
    cards = look.hand(view, seat)
    count = cards if isinstance(cards, int) else len(cards)
    faces = []
    if not isinstance(cards, int):
        for kind in cards:
            if kind == "?":
                faces.append(None)
                continue
            face = look.face(kind)
            faces.append(
                {"kind": kind, "name": face.name, "color": face.color,
                 "text": face.text, "alike": list(look.same_use(kind))}
            )  # fmt: skip
    return {
        "seat": seat,
        "you": seat == viewer_seat,
        "count": count,
        "note": look.seat_note(view, seat),
        "cards": faces,
    }


def targets_svg(look: Look, legal: tuple[Any, ...]) -> str:
    """The spaces a tap may choose, ringed as the notebook board rings them, each
    a circle naming its space (``data-space``, ``data-name`` and a title)."""
    xy, rings = look.xy, []
    for sid in dict.fromkeys(s for e in legal for s in e.spaces):
        if sid not in xy:
            continue
        x, y = xy[sid]
        name = look.space_name(sid)
        rings.append(
            f'<circle class="target" data-space={quoteattr(sid)} '
            f"data-name={quoteattr(name)} "
            f'cx="{num(x)}" cy="{num(y)}" r="{num(look.space_radius(sid) - 4)}" '
            f'fill="none" stroke="{TARGET_COLOR}" stroke-width="3">'
            f"<title>{escape(name)}</title></circle>"
        )
    return f'<g class="layer-targets">{"".join(rings)}</g>'
