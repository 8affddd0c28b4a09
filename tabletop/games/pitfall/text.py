"""Words for Pitfall states: the text board and the pending decision.

``render(board, state)`` (and ``str(state)``, on the standard board) shows both
levels, pawns, the scorpion, every hand, the piles, the treasure and the pending
decision; ``pending(board, state)`` is the sentence saying whose decision is pending
and what kind.
"""

from __future__ import annotations

from tabletop.core import HIDDEN
from tabletop.games.pitfall.board import PitfallBoard, load_board
from tabletop.games.pitfall.cards import CODES, TOKENS, hand_codes

CELL = {
    "riverboat": "BOAT",
    "plain": ".",
    "diamond": "DIAM",
    "croc": "croc",
    "pit": "pit",
    "ladder_pit": "Lpit",
    "log": "log",
    "fire": "fire",
    "cobra": "cobr",
    "swamp": "swmp",
    "tunnel": ".",
    "wall": "####",
}
WIDTH, PER_ROW = 5, 12


STANDARD_BOARD: PitfallBoard = load_board()
"""The standard board (``boards/pitfall.json``), read once when the package loads:
``str(state)`` draws on it, and ``Pitfall()`` plays on it."""


def render(board: PitfallBoard | None, s) -> str:
    """The text board of a state on ``board`` (None: the standard one)."""
    board = board or STANDARD_BOARD
    if not all(p in board.kind for p in s.positions):
        board = None
    lines = [f"Pitfall Harry, {len(s.positions)} players. {_pending(s, board)}"]
    if board is not None:
        lines += _levels(board, s)
    else:
        lines.append(
            "pawns: " + ", ".join(f"P{i} {p}" for i, p in enumerate(s.positions))
        )
    lines.append(f"scorpion: {_named(board, s.scorpion)}")
    for seat, hand in enumerate(s.hands):
        held = (
            " ".join(
                f"{TOKENS[k]}x{n}" if n > 1 else TOKENS[k]
                for k, n in enumerate(s.treasure[seat])
                if n
            )
            or "no treasure"
        )
        mark = ">" if seat == s.to_move and s.phase != "over" else " "
        lines.append(
            f"{mark}P{seat} on {_named(board, s.positions[seat]):<24} hand: "
            f"{hand_codes(hand):<21} treasure: {held}"
        )
    top = CODES[s.discards[-1]] if s.discards and s.discards[-1] != HIDDEN else "-"
    facedown = len(s.facedown)
    diamond = "on the diamond space" if s.diamond < 0 else f"taken by P{s.diamond}"
    lines.append(
        f"draw pile: {len(s.deck)}  discard pile: {len(s.discards)} (top {top})"
        f"  facedown tokens: {facedown}  diamond: {diamond}"
    )
    return "\n".join(line.rstrip() for line in lines)


def _pending(s, board: PitfallBoard | None) -> str:
    text = pending(board, s)
    return text[0].upper() + text[1:] + "."


def pending(board: PitfallBoard | None, s) -> str:
    """A sentence: whose decision is pending and what kind."""
    p = f"player {s.to_move}"
    return {
        "start": f"{p} plays a Scorpion card, rolls, or exchanges four cards"
        if not s.scorpion_played
        else f"{p} rolls or exchanges four cards",
        "scorpion": f"{p} chooses the scorpion's new space",
        "direction": f"{p} chooses forward or backward for {s.roll} "
        f"space{'s' * (s.roll != 1)}",
        "obstacle": f"{p} may play a card to enter {_named(board, s.target)}, "
        f"{s.remaining} to go",
        "climb": f"{p} may climb up from {_named(board, s.positions[s.to_move])}, "
        f"{s.remaining} to go",
        "give": f"{p} chooses who gets the duplicate treasure token",
        "over": f"the game is over: player {s.diamond} took the diamond",
    }[s.phase]


def _levels(board: PitfallBoard, s) -> list[str]:
    out = []
    above = board.above
    under = {board.order[u]: u for u in board.below}
    for start in range(0, len(above), PER_ROW):
        idx = range(start, min(start + PER_ROW, len(above)))
        out.append("")
        out.append("    " + "".join(f"{i:<{WIDTH}}" for i in idx))
        out.append(
            " A  " + "".join(f"{CELL[board.kind[above[i]]]:<{WIDTH}}" for i in idx)
        )
        out.append("    " + "".join(f"{_pawns(s, above[i]):<{WIDTH}}" for i in idx))
        cells = []
        for i in idx:
            u = under.get(i)
            cells.append(
                " " if u is None else "SCRP" if u == s.scorpion else CELL[board.kind[u]]
            )
        out.append(" U  " + "".join(f"{c:<{WIDTH}}" for c in cells))
        out.append(
            "    " + "".join(f"{_pawns(s, under.get(i, '')):<{WIDTH}}" for i in idx)
        )
    out.append("")
    return out


def _named(board: PitfallBoard | None, space: str) -> str:
    """``A12 (Swamp)``: a space id with its readable name, when the board knows it."""
    if board is None or space not in board.names or board.names[space] == space:
        return space
    return f"{space} ({board.names[space]})"


def _pawns(s, space: str) -> str:
    return "".join(str(i) for i, p in enumerate(s.positions) if p == space)
