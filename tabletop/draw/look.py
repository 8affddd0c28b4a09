"""How one game looks and where a click lands: the ``Look`` a game supplies.

A game's look is one class: it draws the board, what lies beside it and the pieces
as display lists (``tabletop.draw.shapes``), says where each space is (a click
within ``space_radius`` of its centre selects it), how cards and seats read, and
puts the game's codes in words. The notebook Table's canvas, the SVG pictures and
the replays all draw from the same look, so they cannot drift apart. A look knows
how things look, never what is legal: legality comes from the game's ``explain``.

The game's registry entry names its look (``look="pkg.look:MyLook"``);
``look_for(game)`` builds it, or the generic look for a game whose board is a
``GenericBoard``, or a blank one.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.core.viewers import as_viewer
from tabletop.draw.colours import ink_on
from tabletop.draw.lastmove import draw_last_move
from tabletop.draw.shapes import Layer, Pen

# Told apart by every kind of sight: each pair differs by a CIE76 Delta E of at
# least 20 under simulated deuteranopia, protanopia and tritanopia too (the
# greens, yellows and purples differ in lightness from the reds and blues).
SEAT_COLORS = ("#d32f2f", "#1976d2", "#66bb6a", "#ffeb3b", "#4a148c", "#f57c00")
SEAT_COLOR_NAMES = ("red", "blue", "green", "yellow", "purple", "orange")
# The rings over the board (``Look.marks``; the seat page's targets alike): a
# light or bright stroke over a wider dark edge, 3:1 apart from each other, so
# that one of them stands out 3:1 against whatever lies around the ring.
TARGET_COLOR, SELECTED_COLOR, LESSON_COLOR = "#00e5ff", "#ff9e80", "#ff9800"
RING_EDGE = "#0d1b1e"
TARGET_EDGE_WIDTH = 7  # the dark edge under a 3-pixel target ring


@dataclass(frozen=True, slots=True)
class Face:
    """How a card kind reads on its face: its name and colour, what it does and the
    clause that says so (the Table's card tooltips)."""

    name: str
    color: str = "#555555"
    text: str = ""
    clause: str = ""

    @property
    def ink(self) -> str:
        """The colour of text on the card's colour: white or black, whichever
        reaches the contrast text needs (4.5:1, ``tabletop.draw.colours``)."""
        return ink_on(self.color)


_PLAYER = re.compile(r"\b[Pp]layer (\d+)\b(?! \()")  # not one already named
_SPACE = re.compile(r"\b(?:([A-Za-z]+) )?([A-Z][A-Z0-9]+)\b")
_ONE_STEP = re.compile(r"\b1 steps\b")
# "before the log at Log 2" -> "before Log 2": the kind is in the space's name.
_KIND_AT_NAME = re.compile(r"\bthe (\w+) (?:at|on) (\1 \d+)\b", re.IGNORECASE)
# "landed on S3 (A guide shares a clue): A guide shares a clue: ..." -> one saying.
_NOTE_THEN_SAID = re.compile(r" \(([^()]+)\): \1\b")


class Look:
    """How one game looks. Subclass per game and name it in the game's entry.

    Attributes:
        width, height: the board's size in pixels (pictures add the seats).
        scale: board units to pixels (the board's layers carry it).
        hand_width: the pixels a hand of cards takes at the Table.
        prints_ids: whether the board prints the space ids (A9, U10) on it.
        label_size: the height of the space labels the board prints, in board
            units (0: it prints none); the table's layout test keeps them at
            least 11 px high on a laptop's screen.
        die_spot: where the last roll's die is drawn on the whole board, in
            pixels (None: its top left corner).
        moves_no_pawn: event kinds whose ``from``/``to`` move something other
            than a seat's piece (the last-move marks skip them).
        arrivals_told: event kinds whose sentence names the space it happens
            at (its data's ``at``: "landed on X: ..."); the recap leaves out the
            seat's move to that space just before it, which would name it twice.
    """

    width = 800
    height = 400
    scale = 1.0
    hand_width = 640  # seven cards side by side; more overlap
    seat_colors = SEAT_COLORS
    prints_ids = False
    label_size = 0.0  # the space labels the board prints, board units (0: none)
    # Where the last roll's die sits on the whole board, in pixels (None: the top
    # left corner); a board whose corner holds a space puts it elsewhere.
    die_spot: tuple[float, float] | None = None
    moves_no_pawn: frozenset[str] = frozenset()
    arrivals_told: frozenset[str] = frozenset()

    def __init__(self, game: Any) -> None:
        self.game = game
        self._board: Layer | None = None
        self._xy: dict[str, tuple[float, float]] | None = None

    # -- layers -------------------------------------------------------------------
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

    # -- spaces -------------------------------------------------------------------
    def space_ids(self) -> Iterable[str]:
        """Every space a click may select (default: the board's ``xy`` keys)."""
        board = getattr(self.game, "board", None)
        return tuple(getattr(board, "xy", None) or ())

    def space_point(self, sid: str) -> tuple[float, float] | None:
        """A space's centre in board units, or None (default: the board's ``xy``)."""
        board = getattr(self.game, "board", None)
        xy = getattr(board, "xy", None)
        return None if xy is None else xy.get(sid)

    @property
    def xy(self) -> dict[str, tuple[float, float]]:
        """The clickable spaces: id -> centre in pixels (board units times scale)."""
        if self._xy is None:
            points = {sid: self.space_point(sid) for sid in self.space_ids()}
            self._xy = {
                sid: (p[0] * self.scale, p[1] * self.scale)
                for sid, p in points.items()
                if p is not None
            }
        return self._xy

    def space_radius(self, sid: str) -> float:
        """A space's size in pixels: a click this close selects it, and the rings
        around it (targets, the last move) are drawn at about this radius."""
        return 22.0

    def route(self, a: str, b: str) -> tuple[str, ...]:
        """The spaces from ``a`` to ``b`` along the board (straight by default)."""
        return (a, b)

    def group_of(self, sid: str) -> str | None:
        """The part of the board a long list of choices shows ``sid`` under, in
        words that read after "choices" ("in and around Nepal"), or None: then
        such a list shows in parts (a hook per game; by default no grouping)."""
        return None

    def place(self, view: Any, seat: int) -> Any:
        """Where a seat is, as the rules name it (a move changes it)."""
        return view.positions[seat]

    def piece_spaces(self, view: Any) -> tuple[str, ...]:
        """The space each seat's piece stands on ('' when off the board)."""
        return tuple(
            str(self.place(view, seat) or "") for seat in range(self.game.players)
        )

    def spot(self, view: Any, seat: int) -> tuple[float, float] | None:
        """Where a seat's pawn stands (board units), or None when off the board."""
        return None

    def hit(self, x: float, y: float, prefer: Iterable[str] = ()) -> str | None:
        """The space a click at pixel (x, y) means: a preferred one in reach, else
        the nearest in reach; None when no space is."""
        xy = self.xy
        for pool in (list(prefer), list(xy)):
            best, best_d = None, math.inf
            for sid in pool:
                if sid not in xy:
                    continue
                sx, sy = xy[sid]
                d = math.hypot(sx - x, sy - y)
                if d <= self.space_radius(sid) and d < best_d:
                    best, best_d = sid, d
            if best is not None:
                return best
        return None

    # -- marks over the pieces (the Table's top layer) ------------------------------
    def marks(
        self,
        targets: Iterable[str],
        selected: str,
        moved: Any = (),
        rings: Iterable[str] = (),
        corner: tuple[float, float] = (0.0, 0.0),
    ) -> Layer:
        """The marks over the pieces (pixels): a lesson's rings, the last move (its
        die in the shown area's ``corner``), then the legal targets and the
        selection."""
        pen = Pen()
        xy = self.xy
        # Every ring is a coloured stroke on a wider dark one: one of the two
        # stands out at least 3:1 from any land, sea or pawn around it.
        for sid in rings:
            if sid in xy:
                r = self.space_radius(sid) + 6
                pen.circle(*xy[sid], r, stroke=RING_EDGE, width=6)
                pen.circle(*xy[sid], r, stroke=LESSON_COLOR, width=3, dash=(6, 4))
        if moved:
            pieces, die = moved
            if self.die_spot is not None and tuple(corner) == (0, 0):
                corner = self.die_spot  # the whole board is shown
            draw_last_move(pen, pieces, die, xy.__getitem__, self.space_radius,
                           self.seat_colors, self.width, corner)  # fmt: skip
        for sid in targets:
            if sid in xy and sid != selected:
                r = self.space_radius(sid) - 4
                pen.circle(*xy[sid], r, stroke=RING_EDGE, width=TARGET_EDGE_WIDTH)
                pen.circle(*xy[sid], r, stroke=TARGET_COLOR, width=3)
        if selected in xy:
            r = self.space_radius(selected) - 2
            pen.circle(*xy[selected], r, stroke=RING_EDGE, width=9)
            pen.circle(*xy[selected], r, stroke=SELECTED_COLOR, width=5)
        return pen.layer("marks")

    # -- cards and seats ------------------------------------------------------------
    def hand(self, view: Any, seat: int) -> tuple[str, ...] | int:
        """The card kinds in a seat's hand, or their count where the view hides them."""
        return ()

    def face(self, kind: str) -> Face:
        """How a card kind reads (name, colour, what it does, its clause)."""
        return Face(kind.title())

    def card_kinds(self) -> tuple[str, ...]:
        """Every card kind a hand may show (the Table draws their faces up front)."""
        return ()

    def seat_note(self, view: Any, seat: int) -> str:
        """A short line beside a seat's name (treasure held, turns to miss...)."""
        return ""

    def seat_ink(self, seat: int) -> str:
        """The colour of a seat's number drawn on its colour (a pawn, a chip):
        white or black, whichever reads at 4.5:1."""
        return ink_on(self.seat_colors[seat % len(self.seat_colors)])

    def seat_name(self, seat: int, you: bool = False) -> str:
        """A seat as people read it ("Player 0 (red)"; to its own player with
        ``you``: "Player 0 (red, you)")."""
        # Seats count from 0, as the engines' event texts do ("player 0 rolled 4").
        colour = SEAT_COLOR_NAMES[seat % len(SEAT_COLOR_NAMES)]
        return f"Player {seat} ({colour}, you)" if you else f"Player {seat} ({colour})"

    # -- words ----------------------------------------------------------------------
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

    def describe(self, sid: str) -> str:
        """What the board says about a space when the pointer rests on it."""
        return self.space_name(sid)

    def label_words(self, label: str) -> str:
        """An action label with the game's short codes in words (a hook per game)."""
        return label

    def own_words(self, event: Any, viewer: int) -> str | None:
        """What the recap tells ``viewer`` of an event of their own turn that
        befell them (a turn lost, a penalty), said to them ("miss your next
        turn: ..."), or None: then the recap tells them only a turn they miss (an
        event of kind ``skip``), not what they did themselves."""
        return None

    def outcome_notes(self, events: Sequence[Any], seat: int) -> list[str]:
        """What a seat's own move will do besides moving its piece, in words, from
        the events the move makes (a hook per game: "spends a card")."""
        return []

    def words(self, text: str) -> str:
        """An engine sentence with seats and spaces named as the board shows them
        ("player 0 moved A0 -> A1" -> "Player 0 (red) moved Riverboat \u2192 ...")."""
        players = self.game.players

        def seat(m: re.Match) -> str:
            n = int(m.group(1))
            return self.seat_name(n) if 0 <= n < players else m.group(0)

        def named(sid: str) -> str | None:
            return self.space_name(sid) if self.space_point(sid) is not None else None

        def space(m: re.Match) -> str:
            before, sid = m.group(1), m.group(2)
            name = named(sid)
            if name is None:
                return m.group(0)
            if before is None:
                return name
            # "the log A2" -> "the Log 1": a word the name starts with is said once.
            if name.split()[0].lower() == before.lower():
                return name
            # "checkpoint S23" -> "checkpoint England–Egypt 2", not "2 (checkpoint)".
            said_after = f"({before.lower()})"
            if name.lower().endswith(said_after):
                return f"{before} {name[: -len(said_after)].rstrip()}"
            if before.isupper() and named(before) is not None:
                before = named(before) or before
            return f"{before} {name}"

        text = _PLAYER.sub(seat, text)
        text = _SPACE.sub(space, text)
        # An engine that names a space by id and then by name in brackets ("enter
        # A2 (Log 1)") would read "Log 1 (Log 1)" once the id is named.
        text = _ONE_STEP.sub("1 step", _said_twice(text))
        text = _NOTE_THEN_SAID.sub(r": \1", _KIND_AT_NAME.sub(r"\2", text))
        return text.replace(" -> ", " \u2192 ")

    def refusal_words(self, reason: str) -> str:
        """Why an action is refused, as people read it: seats and spaces named
        (``words``; a game's look also spells out its card codes)."""
        return self.words(reason)

    # -- events in words ------------------------------------------------------------
    def event_words(self, event: Any, viewer: Any) -> str | None:
        """The sentence ``viewer`` reads for ``event``, built from the data it may
        read (``event.for_viewer(viewer).data``), or None to read the engine's
        sentence in words (``words``). A hook per game; by default the events
        whose data name a seat and the card or cards it was dealt, drew, played
        or discarded (``card``, ``cards``) are said here."""
        verb = _CARD_VERBS.get(event.kind)
        if verb is None:
            return None
        seen = event.for_viewer(viewer)
        data = seen.data
        seat = data.get("seat", event.player)
        if not isinstance(seat, int) or "card" not in data and "cards" not in data:
            return None
        return f"{self.seat_name(seat)} {verb} {self.event_cards(event, viewer)}"

    def event_cards(self, event: Any, viewer: Any, key: str = "") -> str:
        """The cards of an event's ``card``/``cards`` data (or ``key``) in words as
        ``viewer`` may read them: named when the data shows them, else counted
        ("a card", "4 cards")."""
        data = event.for_viewer(viewer).data
        keys = (key,) if key else ("cards", "card")
        for k in keys:
            if k in data:
                value = data[k]
                if k == "cards" and isinstance(value, int):
                    return self.hidden_cards(value)  # a count of cards
                return self.cards_words(
                    [value] if isinstance(value, str | int) else value
                )
        full = event.data
        for k in keys:
            value = full.get(k)
            if value is not None:
                return self.hidden_cards(_card_count(value, full.get("count")))
        count = data.get("count")
        return self.hidden_cards(count if isinstance(count, int) else 1)

    def event_sentence(self, event: Any, viewer: Any) -> str:
        """What ``viewer`` reads for ``event``: the game's ``event_words``, else the
        engine's sentence (the public one where the event is secret) in words."""
        viewer = as_viewer(viewer)
        said = self.event_words(event, viewer)
        if said is None:
            seen = event.for_viewer(viewer)
            said = self.words(seen.text)
        return said

    def same_use(self, kind: str) -> tuple[str, ...]:
        """The card kinds a press on a ``kind`` card stands for when no legal
        action plays that very kind: cards the rules treat alike, of which the
        game picks the one spent (none by default)."""
        return ()

    def card_name(self, kind: Any) -> str:
        """A card kind as its face reads (``face(kind).name``)."""
        return self.face(str(kind)).name

    def plural(self, name: str) -> str:
        """The plural of a card's name ("Apple" -> "Apples", "Box" -> "Boxes", "Cup of
        Tea" -> "Cups of Tea")."""
        head, sep, tail = name.partition(" of ")
        if head.endswith(("s", "x", "ch", "sh")):
            head += "es"
        elif head.endswith("y") and head[-2:-1] not in tuple("aeiou"):
            head = head[:-1] + "ies"
        elif not head[-1:].isdigit():
            head += "s"
        return head + sep + tail

    def some_cards(self, kind: Any, count: int) -> str:
        """``count`` cards of one kind in words ("a Pear", "an Apple", "2
        Plums"; a name that starts with "The" stands alone, in a sentence's
        middle as "the Ark")."""
        name = self.card_name(kind)
        if count != 1:
            return f"{count} {self.plural(name)}"
        if name.startswith("The "):
            return "the " + name[4:]
        return f"{an(name)} {name}"

    def hidden_cards(self, count: int) -> str:
        """Cards a viewer may not see, counted ("a card", "7 cards")."""
        return "a card" if count == 1 else f"{count} cards"

    def cards_words(self, cards: Iterable[Any] | Mapping[Any, int]) -> str:
        """Cards by name, each kind once with its count, in the order they come
        ("plum plum pear apple" -> "2 Plums, a Pear and an Apple"; a mapping
        gives kind -> count)."""
        counts: dict[Any, int] = {}
        if isinstance(cards, Mapping):
            for kind, n in cards.items():
                if n:
                    counts[kind] = counts.get(kind, 0) + int(n)
        else:
            for kind in cards:
                counts[kind] = counts.get(kind, 0) + 1
        parts = [self.some_cards(kind, n) for kind, n in counts.items()]
        return said_as_list(parts) or "no cards"


_CARD_VERBS = {
    "deal": "was dealt",
    "draw": "drew",
    "play": "played",
    "discard": "discarded",
}


def _card_count(value: Any, count: Any) -> int:
    if isinstance(count, int):
        return count
    if isinstance(value, Mapping):
        return sum(int(n) for n in value.values())
    if isinstance(value, list | tuple):
        return len(value)
    return 1


def an(word: str) -> str:
    """The article before ``word`` ("a Pear", "an Apple", "an 8")."""
    low = word.lower()
    vowel = low[:1] in "aeiou" or low.startswith(("8", "11", "18"))
    if low.startswith(("uni", "use", "usu", "eu", "one")):  # said "you", "won"
        vowel = False
    return "an" if vowel else "a"


def said_as_list(parts: Sequence[str]) -> str:
    """Words joined as a sentence lists them ("a, b and c"; a part's own full
    stop is left out before a comma or "and")."""
    parts = [p for p in parts if p]
    if len(parts) <= 1:
        return "".join(parts)
    first = [p.removesuffix(".") for p in parts[:-1]]
    return ", ".join(first[:-1] + [first[-1] + " and " + parts[-1]])


def said_in_a_row(parts: Sequence[str], sep: str = "; ") -> str:
    """Phrases joined by ``sep`` (a step's events, a turn's phrases); a part's
    own full stop is left out before the separator (no "2 spaces.; ...")."""
    return sep.join(stops_left_out([p for p in parts if p]))


def stops_left_out(parts: Sequence[str]) -> list[str]:
    """``parts`` to be joined in a row: every one but the last without its own
    full stop (a game's event line may be a whole sentence)."""
    return [p.removesuffix(".") for p in parts[:-1]] + list(parts[-1:])


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


def look_for(game: Any) -> Look:
    """The game's look, made afresh (about 2 ms with its board layer; a table keeps
    the one it made): the ``look`` part of the game's registry entry, else the
    generic look when the board is a ``GenericBoard``, else a blank look."""
    from tabletop.core.boards import GenericBoard
    from tabletop.core.registry import part_of

    make = part_of(game, "look")
    if make is None and isinstance(getattr(game, "board", None), GenericBoard):
        from tabletop.draw.generic import GenericLook

        make = GenericLook
    return (make or Look)(game)
