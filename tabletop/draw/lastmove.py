"""The last move, found once and drawn once, for the live board and the pictures.

Where each piece went comes from the events' data (``from``, the space it stopped
at, ``to``), read as the public may read them, and follows the board between those
spaces (``Look.route``). The die is the one the roll events show. The live
board (``tabletop.ui.board``) and the SVG pictures (``tabletop.draw.scenes``) both
call ``walked`` and ``draw_last_move``, so the two cannot mark a move differently.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Sequence
from typing import Any

from tabletop.core.viewers import PUBLIC
from tabletop.draw.shapes import Pen

Point = tuple[float, float]


def pawn_stops(event: Any, seat: int, no_pawn: Container[str] = ()) -> list[str]:
    """The spaces an event's data says ``seat``'s piece went through, in order
    ("from", then "space"/"at", then "to"; a hostage's are the victim's). Events
    of a kind in ``no_pawn`` move something else (the look's ``moves_no_pawn``).

    Read from the public form of the event: what the public may not read about
    it is not drawn either.
    """
    if event.kind in no_pawn:
        return []
    data = event.for_viewer(PUBLIC).data
    moves = "from" in data or "to" in data
    mover = data.get("victim", data.get("seat")) if moves else data.get("seat")
    if mover is None:
        mover = event.player
    if mover != seat:
        return []
    keys = ("from", "space", "at", "to")
    return [data[k] for k in keys if isinstance(data.get(k), str)]


ROLL_OFF = frozenset({"first", "tie"})
"""Event kinds that settle a roll-off (who starts, a tie rolled again): the rolls
before them chose the first player and were no move's die."""


def rolled(events: Iterable[Any]) -> str:
    """The last die the events show, as text ("" if none). A roll-off's rolls
    (followed by an event of a kind in ``ROLL_OFF``) are not a move's die: the
    die stays blank until the first roll of the game proper."""
    die = ""
    for event in events:
        if event.kind in ROLL_OFF:
            die = ""
            continue
        roll = event.for_viewer(PUBLIC).data.get("roll")
        if event.kind == "roll" and isinstance(roll, int):
            die = str(roll)
    return die


def die_of(match: Any, first: int, last: int) -> str:
    """The die the moves of steps ``first`` to ``last`` (counted from 1) were
    made with: rolled in them, or in the step just before when the same seat
    rolled there (roll, then move)."""
    steps = list(match.steps[first - 1 : last])
    if first >= 2 and match.steps[first - 2].player == match.steps[first - 1].player:
        steps.insert(0, match.steps[first - 2])
    return rolled(event for step in steps for event in step.events)


def walked(
    before: Sequence[str],
    after: Sequence[str],
    events: Iterable[Any],
    known: Container[str],
    route: Callable[[str, str], Sequence[str]],
    no_pawn: Container[str] = (),
) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """``(seat, path)`` for every seat whose piece moved from ``before[seat]`` to
    ``after[seat]``: through the spaces the events name, along ``route`` between
    them; only spaces in ``known`` (those the board can place) count, and events
    of a kind in ``no_pawn`` move no pawn."""
    events = tuple(events)
    moved = []
    for seat, (x, y) in enumerate(zip(before, after, strict=False)):
        if x == y or x not in known or y not in known:
            continue
        stops = [x]
        for event in events:
            stops += [s for s in pawn_stops(event, seat, no_pawn) if s in known]
        stops.append(y)
        path = [x]
        for p, q in zip(stops, stops[1:], strict=False):
            if p != q:
                path += list(route(p, q))[1:]
        moved.append((seat, tuple(path)))
    return tuple(moved)


def draw_last_move(
    pen: Pen,
    pieces: Sequence[tuple[int, Sequence[str]]],
    die: str,
    point: Callable[[str], Point],
    radius: Callable[[str], float],
    colors: Sequence[str],
    width: float,
    corner: Point = (0.0, 0.0),
) -> None:
    """Each moved piece's path (in its seat's colour, dashed, ringed at the end) and
    the die rolled, in pixels (``point`` and ``radius`` give a space's centre and
    ring size; a step longer than half of ``width`` wraps around the board's edge
    and is not drawn across it). The die sits in the top left ``corner`` of the
    area shown."""
    for seat, path in pieces:
        color = colors[seat % len(colors)]
        for a, b in zip(path, path[1:], strict=False):
            (x1, y1), (x2, y2) = point(a), point(b)
            if abs(x2 - x1) < width / 2:
                pen.line(x1, y1, x2, y2, color, 4, dash=(8, 5))
        end = path[-1]
        pen.circle(*point(end), radius(end) + 2, stroke=color, width=4, dash=(8, 5))
    if die:
        ink = "#222222"
        x, y = corner
        pen.rect(x + 8, y + 8, 40, 40, fill="#ffffff", stroke=ink, width=2)
        pen.text(x + 28, y + 37, str(die), fill=ink, size=24, bold=True,
                 align="center")  # fmt: skip
        pen.text(x + 28, y + 60, "rolled", fill=ink, size=10, align="center")
