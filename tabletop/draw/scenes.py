"""A whole picture of the table for one viewer: the board, the seats and a status line.

Each game supplies a ``Look`` (how its board, pieces and cards look, named in its
registry entry); this module lays out what every game shares: the seats'
hands (face up for the viewer, face down for the others), whose turn it is, the last
move marked on the board and in words, and the result.

Pictures are built from ``game.view(state, viewer)`` only, never from the full
state, so a picture for a seat or for the public cannot hold a hidden card: what the
view redacts was never there to draw. Event texts come through ``Event.seen_by``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.core.viewers import PUBLIC, Viewer, as_viewer
from tabletop.draw.lastmove import draw_last_move, walked
from tabletop.draw.look import Face, Look, look_for, said_in_a_row
from tabletop.draw.shapes import Layer, Pen, Scene

__all__ = ["PUBLIC", "Look", "Face", "look_for", "scene"]

CARD_W, CARD_H, CARD_GAP = 62, 40, 4
BACK = "#5d4037"
STATUS_H = 46
LINE_H = 14  # each further line of the status's last step
ROW_H = 66
SEAT_STRIP = 18  # a seat row's colour strip, wide enough for the seat's number
INK = "#222222"


# -- viewers ------------------------------------------------------------------------
def view_of(game: Any, state: Any, viewer: Any) -> Any:
    """What ``viewer`` (a seat, None, ``"public"`` or a ``Viewer``) may see."""
    return game.view(state, checked_viewer(game, viewer))


def checked_viewer(game: Any, viewer: Any) -> Viewer:
    """The ``Viewer`` for ``viewer``; a seat must be one of the game's."""
    viewer = as_viewer(viewer)
    if viewer.seat is not None and viewer.seat >= game.players:
        raise ValueError(f"viewer {viewer} is not a seat 0..{game.players - 1}")
    return viewer


def viewer_label(viewer: Any) -> str:
    viewer = as_viewer(viewer)
    if viewer.is_referee:
        return "referee view (everything)"
    if viewer.is_public:
        return "public view"
    return f"seen by player {viewer.seat}"


# -- the whole picture ---------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Moment:
    """What a picture shows: a view, the view before the last step, and words."""

    view: Any
    before: Any | None
    step: int
    steps: int
    sentences: tuple[str, ...]  # the last step's events as the viewer may read them
    events: tuple[Any, ...] = ()  # the last step's events, as the viewer may read them
    die: str = ""  # the die the last move was made with ("" if none)
    over: bool = False  # the game is over here: the final position, shown plainly


def scene(game: Any, moment: Moment, viewer: Any) -> Scene:
    """The picture of one moment for ``viewer`` (layers: board, table, marks,
    pieces, status, seats)."""
    d = look_for(game)
    seats_h = ROW_H * game.players + 8
    said = last_words(d, moment)
    status_h = STATUS_H + LINE_H * (len(said) - 1)
    layers = (
        d.board(),
        d.table(moment.view),
        marks(d, moment),
        d.pieces(moment.view),
        status(d, game, moment, viewer, said),
        seats(d, game, moment.view, viewer, d.height + status_h),
    )
    return Scene(
        d.width,
        d.height + status_h + seats_h,
        layers,
        title=f"{game.name}, step {moment.step} of {moment.steps}, "
        f"{viewer_label(viewer)}",
    )


def marks(d: Look, moment: Moment) -> Layer:
    """The last move (``tabletop.draw.lastmove``, as the live board marks it): each
    moved piece's path through the spaces its events name, and the die; none
    once the game is over (the final position, plainly)."""
    pen = Pen()
    if moment.before is not None and not moment.over:
        seats = range(d.game.players)
        before = [str(d.place(moment.before, s) or "") for s in seats]
        after = [str(d.place(moment.view, s) or "") for s in seats]
        pieces = walked(before, after, moment.events, _Placed(d), d.route,
                        d.moves_no_pawn)  # fmt: skip

        def point(sid: str) -> tuple[float, float]:
            x, y = d.space_point(sid) or (0.0, 0.0)
            return x * d.scale, y * d.scale

        draw_last_move(pen, pieces, moment.die, point, d.space_radius,
                       d.seat_colors, d.width, d.die_spot or (0.0, 0.0))  # fmt: skip
    return pen.layer("marks")


class _Placed:
    """The spaces a drawing can place (a container for ``walked``)."""

    def __init__(self, d: Look) -> None:
        self.d = d

    def __contains__(self, sid: object) -> bool:
        return isinstance(sid, str) and self.d.space_point(sid) is not None


def last_words(d: Look, moment: Moment) -> list[str]:
    """The last step in words (``moment.sentences``, said as the table's log says
    them), wrapped to the picture's width: every line whole, never cut."""
    last = said_in_a_row(moment.sentences) or "the game starts"
    return wrapped("last: " + last, d.width // 7)


def wrapped(text: str, width: int) -> list[str]:
    """``text`` in rows of at most ``width`` characters, broken between words."""
    rows: list[str] = []
    for word in text.split():
        if rows and len(rows[-1]) + 1 + len(word) <= width:
            rows[-1] += " " + word
        else:
            rows.append(word)
    return rows or [""]


def status(
    d: Look, game: Any, moment: Moment, viewer: Any, said: Sequence[str] = ()
) -> Layer:
    """Step, whose turn it is and what is pending, and the last step in words
    (``said``: its wrapped rows, by default ``last_words``)."""
    pen = Pen()
    top = d.height
    said = list(said) or last_words(d, moment)
    pen.rect(0, top, d.width, STATUS_H + LINE_H * (len(said) - 1), fill="#263238")
    outcome = game.outcome(moment.view)
    if outcome is not None:
        who = "nobody" if outcome.winner is None else d.seat_name(outcome.winner)
        headline, color = f"Game over: {who} wins ({outcome.clause})", "#ffd54f"
        pen.text(14, top + 20, "\u2605", fill=color, size=16, align="center")
    else:
        seat = game.to_move(moment.view)
        headline = f"{d.seat_name(seat)} to move" if seat is not None else ""
        color = d.seat_colors[seat] if seat is not None else "#ffffff"
        pen.circle(14, top + 15, 9, fill=color, stroke="#ffffff", width=2)
        if seat is not None:  # the seat's number on its colour, not colour alone
            pen.text(14, top + 19, str(seat), fill=d.seat_ink(seat), size=11,
                     bold=True, align="center")  # fmt: skip
        color = "#ffffff"
    pen.text(28, top + 19, headline, fill=color, size=14, bold=True)
    label = f"step {moment.step} of {moment.steps} \u00b7 {viewer_label(viewer)}"
    pen.text(d.width - 10, top + 19, label, fill="#b0bec5", size=12, align="right")
    for k, line in enumerate(said):
        pen.text(10, top + 38 + LINE_H * k, line, fill="#eceff1")
    return pen.layer("status")


def seats(
    d: Look, game: Any, view: Any, viewer: Any, top: float | None = None
) -> Layer:
    """One row per seat: colour, name, notes, and the hand (backs unless visible);
    ``top``: where the rows start (by default under a one-line status)."""
    pen = Pen()
    mover = game.to_move(view) if game.outcome(view) is None else None
    top = d.height + STATUS_H if top is None else top
    pen.rect(0, top, d.width, ROW_H * game.players + 8, fill="#f5f0e1")
    for seat in range(game.players):
        y = top + 4 + seat * ROW_H
        cards = d.hand(view, seat)
        count = cards if isinstance(cards, int) else len(cards)
        # The seat's colour as a strip carrying its number (not colour alone).
        pen.rect(0, y, SEAT_STRIP, ROW_H - 4, fill=d.seat_colors[seat])
        pen.text(SEAT_STRIP / 2, y + 15, str(seat), fill=d.seat_ink(seat), size=12,
                 bold=True, align="center")  # fmt: skip
        if seat == mover:
            pen.rect(SEAT_STRIP, y, d.width - SEAT_STRIP, ROW_H - 4, fill="#e0f2f1")
        name = d.seat_name(seat) + (" (you)" if seat == as_viewer(viewer).seat else "")
        note = d.seat_note(view, seat)
        words = f"{name}: {count} card{'s' * (count != 1)}" + (
            f" \u00b7 {note}" * bool(note)
        )
        pen.text(SEAT_STRIP + 6, y + 14, _cut(words, d.width // 7), fill=INK,
                 size=12, bold=True)  # fmt: skip
        if seat == mover:
            pen.text(d.width - 10, y + 14, "\u25c0 to move", fill="#00838f",
                     size=12, bold=True, align="right")  # fmt: skip
        _hand(pen, d, cards, count, SEAT_STRIP + 6, y + 20)
    return pen.layer("seats")


def _hand(
    pen: Pen, d: Look, cards: Sequence[str] | int, count: int, x: float, y: float
) -> None:
    room = d.width - x - CARD_W - 10
    step = min(CARD_W + CARD_GAP, room / max(1, count - 1))
    for i in range(count):
        left = x + i * step
        if isinstance(cards, int) or cards[i] == "?":
            pen.rect(left, y, CARD_W, CARD_H, fill=BACK, stroke="#3e2723")
            pen.rect(left + 4, y + 4, CARD_W - 8, CARD_H - 8, stroke="#a1887f")
            continue
        face = d.face(cards[i])
        pen.rect(left, y, CARD_W, CARD_H, fill=face.color, stroke="#212121")
        words = face.name.split(" ", 1) if len(face.name) > 10 else [face.name]
        for k, word in enumerate(words):
            baseline = y + CARD_H / 2 + 4 + 12 * (k - (len(words) - 1) / 2)
            size = 10 if len(word) <= 10 else 8
            pen.text(left + CARD_W / 2, baseline, word, fill=face.ink, size=size,
                     bold=True, align="center")  # fmt: skip


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "\u2026"
