"""Words for Raiders states: the text map and the pending decision.

``render(board, state)`` (and ``str(state)``, on the standard board) draws each path
as a row (``.`` a space, ``!`` an instruction, ``>``/``<`` a checkpoint arrow
pointing along the row as written, a digit a token), then the countries,
intersections and players, places by id and readable name; ``pending(board,
state)`` is the sentence saying whose decision is pending and what kind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core import HIDDEN
from tabletop.games.raiders.board import RaidersBoard, load_board
from tabletop.games.raiders.cards import card_name

if TYPE_CHECKING:
    from tabletop.games.raiders.state import RaidersState

STANDARD_BOARD: RaidersBoard = load_board()
"""The standard board (``boards/raiders.json``), read once when the package loads:
``str(state)`` draws on it."""


def render(board: RaidersBoard | None, s: RaidersState) -> str:
    """A readable text map of ``s`` on ``board`` (None: the standard one)."""
    board = board or STANDARD_BOARD
    tokens: dict[str, list[str]] = {}
    for q, at in enumerate(s.positions):
        tokens.setdefault(at, []).append(str(q))
    lines = [_headline(board, s)]
    for path in board.paths.values():
        a, b = path.ends
        cells = []
        chain = [a, *path.spaces, b]
        for i, sid in enumerate(path.spaces, start=1):
            if sid in tokens:
                cells.append("".join(tokens[sid]))
            elif sid in board.checkpoints:
                cells.append(">" if board.checkpoints[sid] == chain[i + 1] else "<")
            elif sid in board.instructions:
                cells.append("!")
            else:
                cells.append(".")
        wrap = " ~edge~" if path.wrap else ""
        lines.append(
            f"  {path.id:<4}{_node(a, tokens):<11}{' '.join(cells)}{wrap}"
            f"  {_node(b, tokens)}"
        )
    lines.append("  countries: " + "  ".join(_node(c, tokens) for c in board.countries))
    lines.append(
        "  intersections: " + "  ".join(_node(x, tokens) for x in board.intersections)
    )
    for q in range(len(s.positions)):
        lines.append("  " + _player_line(board, s, q))
    top = f" (top: {card_name(s.discards[-1])})" if s.discards else ""
    lines.append(f"  deck {len(s.deck)} cards, discards {len(s.discards)}{top}")
    return "\n".join(lines)


def _headline(board: RaidersBoard, s: RaidersState) -> str:
    if s.ark:
        ark = f"the Ark is in {board.space_name(s.ark)}"
    else:
        ark = "the Ark is not yet revealed"
    if s.phase == "over":
        who = f"player {s.winner} won" if s.winner >= 0 else "no winner"
        return f"Raiders, game over: {who}; {ark}"
    extra = ""
    if s.phase == "move":
        extra = f", {s.steps} steps left, route {'-'.join(s.route)}"
    return f"Raiders, turn {s.turn}: {ark}; player {s.to_move} to {s.phase}{extra}"


def _node(loc: str, tokens: dict) -> str:
    return f"{loc}[{''.join(tokens[loc])}]" if loc in tokens else loc


def where(board: RaidersBoard, loc: str) -> str:
    """A place by readable name and id: ``England–Egypt 1 (S22)``, ``United States
    (USA)``; a country whose id is its name just by name (``Egypt``)."""
    name = board.space_name(loc)
    return name if name.upper() == loc.upper() else f"{name} ({loc})"


def _player_line(board: RaidersBoard, s: RaidersState, q: int) -> str:
    hand = s.hands[q]
    shown = ", ".join(card_name(c) if c != HIDDEN else HIDDEN for c in hand)
    notes = []
    if s.prev[q]:
        notes.append(f"came from {s.prev[q]}")
    if s.skips[q]:
        n = s.skips[q]
        notes.append(f"misses {n} turn" if n == 1 else f"misses {n} turns")
    if s.emptied[q]:
        notes.append("ran out of cards: misses the next turn")
    if s.hostage[q]:
        notes.append("just taken hostage")
    if s.owes[q]:
        notes.append("owes a Passport")
    extra = f" ({'; '.join(notes)})" if notes else ""
    at = where(board, s.positions[q]) if s.positions[q] else "-"
    return f"player {q} at {at}{extra}: {shown or 'no cards'}"


def pending(board: RaidersBoard | None, s: RaidersState) -> str:
    """A sentence: whose decision is pending and what kind."""
    p = s.to_move
    if s.phase == "over":
        return "the game is over"
    here = where(board or STANDARD_BOARD, s.positions[p]) if s.positions[p] else ""
    return {
        "place": f"player {p} places a token on an unoccupied country",
        "turn": f"player {p} rolls the die or plays a card",
        "move": f"player {p} chooses the way on from {here} ({s.steps} steps left)",
        "land": f"player {p} landed on player {s.landed[0] if s.landed else '?'}: "
        "send them elsewhere or leave them",
        "customs": f"player {p} shows a Passport for checkpoint {here} or loses "
        "this turn",
    }[s.phase]
