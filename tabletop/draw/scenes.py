"""A whole picture of the table for one viewer: the board, the seats and a status line.

Each game supplies a ``Drawing`` (how its board, pieces and cards look), found in a
registry by the game's name; this module lays out what every game shares: the seats'
hands (face up for the viewer, face down for the others), whose turn it is, the last
move marked on the board and in words, and the result.

Pictures are built from ``game.view(state, viewer)`` only, never from the full
state, so a picture for a seat or for the public cannot hold a hidden card: what the
view redacts was never there to draw. Event texts come through ``Event.seen_by``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.core.viewers import PUBLIC, Viewer, as_viewer
from tabletop.draw.lastmove import draw_last_move, walked
from tabletop.draw.shapes import Layer, Pen, Scene

__all__ = ["PUBLIC", "Drawing", "Face", "drawing_for", "register", "scene"]

SEAT_COLORS = ("#d32f2f", "#1565c0", "#2e7d32", "#f9a825", "#6a1b9a", "#ef6c00")
SEAT_COLOR_NAMES = ("red", "blue", "green", "yellow", "purple", "orange")
CARD_W, CARD_H, CARD_GAP = 62, 40, 4
BACK = "#5d4037"
STATUS_H = 46
ROW_H = 66
INK = "#222222"


@dataclass(frozen=True, slots=True)
class Face:
    """How a card kind reads on its face: its name and colour."""

    name: str
    color: str = "#555555"


_PLAYER = re.compile(r"\b[Pp]layer (\d+)\b")
_TWICE = re.compile(r"\b([A-Za-z]+) (\1\b)", re.IGNORECASE)
_SPACE = re.compile(r"\b[A-Z][A-Z0-9]+\b")


class Drawing:
    """How one game looks. Subclass per game and ``register`` it by game name.

    Attributes:
        width, height: the board's size in pixels (the picture adds the seats).
        scale: board units to pixels (the board's layers carry it).
    """

    width = 800
    height = 400
    scale = 1.0
    seat_colors = SEAT_COLORS
    prints_ids = False  # whether the board prints the space ids (A9, U10) on it

    def __init__(self, game: Any) -> None:
        self.game = game
        self._board: Layer | None = None

    def board(self) -> Layer:
        """The board itself, drawn once (it never changes)."""
        if self._board is None:
            pen = Pen()
            self.draw_board(pen)
            self._board = pen.layer("board", self.scale)
        return self._board

    def table(self, view: Any) -> Layer:
        """What lies beside the board for ``view`` (piles, counts)."""
        pen = Pen()
        self.draw_table(pen, view)
        return pen.layer("table", self.scale)

    def pieces(self, view: Any) -> Layer:
        """The pawns and tokens for ``view``."""
        pen = Pen()
        self.draw_pieces(pen, view)
        return pen.layer("pieces", self.scale)

    def draw_board(self, pen: Pen) -> None:
        """Draw the board in board units."""

    def draw_table(self, pen: Pen, view: Any) -> None:
        """Draw what lies beside the board (piles, counts) in board units."""

    def draw_pieces(self, pen: Pen, view: Any) -> None:
        """Draw the pawns and tokens in board units."""

    def space_point(self, sid: str) -> tuple[float, float] | None:
        """A space's centre in board units, or None (default: the board's ``xy``)."""
        board = getattr(self.game, "board", None)
        xy = getattr(board, "xy", None)
        return None if xy is None else xy.get(sid)

    def space_radius(self, sid: str) -> float:
        """A space's size in pixels: a click this close selects it, and the rings
        around it (targets, the last move) are drawn at about this radius."""
        return 22.0

    def route(self, a: str, b: str) -> tuple[str, ...]:
        """The spaces from ``a`` to ``b`` along the board (straight by default)."""
        return (a, b)

    def place(self, view: Any, seat: int) -> Any:
        """Where a seat is, as the rules name it (a move changes it)."""
        return view.positions[seat]

    def spot(self, view: Any, seat: int) -> tuple[float, float] | None:
        """Where a seat's pawn stands (board units), or None when off the board."""
        return None

    def hand(self, view: Any, seat: int) -> tuple[str, ...] | int:
        """The card kinds in a seat's hand, or their count where the view hides them."""
        return ()

    def face(self, kind: str) -> Face:
        return Face(kind.title())

    def seat_note(self, view: Any, seat: int) -> str:
        """A short line beside a seat's name (treasure held, turns to miss...)."""
        return ""

    def seat_name(self, seat: int) -> str:
        # Seats count from 0, as the engines' event texts do ("player 0 rolled 4").
        return f"Player {seat} ({SEAT_COLOR_NAMES[seat % len(SEAT_COLOR_NAMES)]})"

    def space_name(self, sid: str) -> str:
        """A space as the board shows it: its name from the board file, else its id."""
        board = getattr(self.game, "board", None)
        name = getattr(board, "space_name", None)
        if name is None:
            return sid
        try:
            return str(name(sid)) or sid
        except (KeyError, ValueError):
            return sid

    def words(self, text: str) -> str:
        """An engine sentence with seats and spaces named as the board shows them
        ("player 0 moved A0 -> A1" -> "Player 0 (red) moved Riverboat \u2192 ...")."""
        players = self.game.players

        def seat(m: re.Match) -> str:
            n = int(m.group(1))
            return self.seat_name(n) if 0 <= n < players else m.group(0)

        def space(m: re.Match) -> str:
            sid = m.group(0)
            return self.space_name(sid) if self.space_point(sid) is not None else sid

        text = _PLAYER.sub(seat, text)
        text = _SPACE.sub(space, text)
        text = _TWICE.sub(r"\2", text)  # "the log Log 1" -> "the Log 1"
        # An engine that names a space by id and then by name in brackets ("enter
        # A2 (Log 1)") would read "Log 1 (Log 1)" once the id is named.
        text = _ONE_STEP.sub("1 step", _said_twice(text))
        return text.replace(" -> ", " \u2192 ")


_ONE_STEP = re.compile(r"\b1 steps\b")


def _said_twice(text: str) -> str:
    """``text`` without a bracket that only repeats the words just before it
    ("Log 1 (Log 1)" -> "Log 1"; brackets inside the name are kept)."""
    out, start = [], 0
    i = text.find(" (")
    while i >= 0:
        close, depth = i + 2, 1
        while close < len(text) and depth:
            depth += {"(": 1, ")": -1}.get(text[close], 0)
            close += 1
        inner = text[i + 2 : close - 1]
        if not depth and inner and text[start:i].endswith(inner):
            before = text[:i][: len(text[:i]) - len(inner)]
            if not before or not before[-1].isalnum():
                out.append(text[start:i])
                start = close
        i = text.find(" (", max(i + 2, start))
    return "".join(out) + text[start:]


_REGISTRY: dict[str, Callable[[Any], Drawing]] = {}


def register(name: str, make: Callable[[Any], Drawing]) -> None:
    """Make ``make(game)`` the drawing of every game whose ``name`` is ``name``."""
    _REGISTRY[name] = make


def drawing_for(game: Any) -> Drawing:
    """The game's drawing, made afresh (about 2 ms with its board layer; a table
    keeps the one it made).

    Found as the ``picture`` part of the game's registry entry, else registered
    here by name, else the generic drawing when the board is a ``GenericBoard``.
    """
    return _maker(game)(game)


def _maker(game: Any) -> Callable[[Any], Drawing]:
    from tabletop.core.boards import GenericBoard
    from tabletop.core.registry import lookup

    try:
        make = lookup(game.name).part("picture")
    except KeyError:
        make = None
    make = make or _REGISTRY.get(game.name)
    if make is None and isinstance(getattr(game, "board", None), GenericBoard):
        from tabletop.draw.generic import GenericDrawing

        make = GenericDrawing
    if make is None:
        raise LookupError(
            f"no drawing is registered for the game {game.name!r}; "
            "call tabletop.draw.register(name, DrawingClass)"
        )
    return make


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
    lines: tuple[str, ...]  # the last step's events as the viewer may read them
    events: tuple[Any, ...] = ()  # the last step's events, as the viewer may read them
    die: str = ""  # the die the last move was made with ("" if none)


def scene(game: Any, moment: Moment, viewer: Any) -> Scene:
    """The picture of one moment for ``viewer`` (layers: board, table, marks,
    pieces, status, seats)."""
    d = drawing_for(game)
    seats_h = ROW_H * game.players + 8
    layers = (
        d.board(),
        d.table(moment.view),
        marks(d, moment),
        d.pieces(moment.view),
        status(d, game, moment, viewer),
        seats(d, game, moment.view, viewer),
    )
    return Scene(
        d.width,
        d.height + STATUS_H + seats_h,
        layers,
        title=f"{game.name}, step {moment.step} of {moment.steps}, "
        f"{viewer_label(viewer)}",
    )


def marks(d: Drawing, moment: Moment) -> Layer:
    """The last move (``tabletop.draw.lastmove``, as the live board marks it): each
    moved piece's path through the spaces its events name, and the die."""
    pen = Pen()
    if moment.before is not None:
        seats = range(d.game.players)
        before = [str(d.place(moment.before, s) or "") for s in seats]
        after = [str(d.place(moment.view, s) or "") for s in seats]
        pieces = walked(before, after, moment.events, _Placed(d), d.route)

        def point(sid: str) -> tuple[float, float]:
            x, y = d.space_point(sid) or (0.0, 0.0)
            return x * d.scale, y * d.scale

        draw_last_move(pen, pieces, moment.die, point, d.space_radius,
                       d.seat_colors, d.width)  # fmt: skip
    return pen.layer("marks")


class _Placed:
    """The spaces a drawing can place (a container for ``walked``)."""

    def __init__(self, d: Drawing) -> None:
        self.d = d

    def __contains__(self, sid: object) -> bool:
        return isinstance(sid, str) and self.d.space_point(sid) is not None


def status(d: Drawing, game: Any, moment: Moment, viewer: Any) -> Layer:
    """Step, whose turn it is and what is pending, and the last step in words."""
    pen = Pen()
    top = d.height
    pen.rect(0, top, d.width, STATUS_H, fill="#263238")
    outcome = game.outcome(moment.view)
    if outcome is not None:
        who = "nobody" if outcome.winner is None else d.seat_name(outcome.winner)
        headline, color = f"Game over: {who} wins ({outcome.clause})", "#ffd54f"
        pen.text(14, top + 20, "\u2605", fill=color, size=16, align="center")
    else:
        seat = game.to_move(moment.view)
        headline = f"{d.seat_name(seat)} to move" if seat is not None else ""
        color = d.seat_colors[seat] if seat is not None else "#ffffff"
        pen.circle(14, top + 15, 7, fill=color, stroke="#ffffff", width=2)
        color = "#ffffff"
    pen.text(28, top + 19, headline, fill=color, size=14, bold=True)
    label = f"step {moment.step} of {moment.steps} \u00b7 {viewer_label(viewer)}"
    pen.text(d.width - 10, top + 19, label, fill="#b0bec5", size=12, align="right")
    last = "; ".join(d.words(line) for line in moment.lines) or "the game starts"
    pen.text(10, top + 38, _cut("last: " + last, d.width // 7), fill="#eceff1")
    return pen.layer("status")


def seats(d: Drawing, game: Any, view: Any, viewer: Any) -> Layer:
    """One row per seat: colour, name, notes, and the hand (backs unless visible)."""
    pen = Pen()
    mover = game.to_move(view) if game.outcome(view) is None else None
    top = d.height + STATUS_H
    pen.rect(0, top, d.width, ROW_H * game.players + 8, fill="#f5f0e1")
    for seat in range(game.players):
        y = top + 4 + seat * ROW_H
        cards = d.hand(view, seat)
        count = cards if isinstance(cards, int) else len(cards)
        pen.rect(0, y, 6, ROW_H - 4, fill=d.seat_colors[seat])
        if seat == mover:
            pen.rect(6, y, d.width - 6, ROW_H - 4, fill="#e0f2f1")
        name = d.seat_name(seat) + (" (you)" if seat == as_viewer(viewer).seat else "")
        note = d.seat_note(view, seat)
        words = f"{name}: {count} card{'s' * (count != 1)}" + (
            f" \u00b7 {note}" * bool(note)
        )
        pen.text(12, y + 14, _cut(words, d.width // 7), fill=INK, size=12, bold=True)
        if seat == mover:
            pen.text(d.width - 10, y + 14, "\u25c0 to move", fill="#00838f",
                     size=12, bold=True, align="right")  # fmt: skip
        _hand(pen, d, cards, count, 12, y + 20)
    return pen.layer("seats")


def _hand(
    pen: Pen, d: Drawing, cards: Sequence[str] | int, count: int, x: float, y: float
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
            pen.text(left + CARD_W / 2, baseline, word, fill="#ffffff", size=size,
                     bold=True, align="center")  # fmt: skip


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "\u2026"
