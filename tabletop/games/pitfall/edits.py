"""Validated state edits for experiments and teaching (``Match.edit``).

Ops and their JSON-able arguments:

- ``force_roll`` ``values=[4, 2]``: the next die rolls.
- ``move_pawn`` ``player=1, space="U12"``: put a pawn on any space but a wall.
- ``move_scorpion`` ``space="U30"``: put the scorpion on an open underground space.
- ``set_hand`` ``player=0, cards=["rope", "RO", ...]``: that seat's hand becomes
  exactly these cards, traded with the draw pile (old cards go under it).
- ``give_token`` / ``take_token`` ``player=2, kind="gold"``: move a treasure token
  between the facedown pile and a seat.

Except ``force_roll``, edits happen between turns (phase ``start`` before any
Scorpion card), so no decision is left half-made. A bad edit raises
``IllegalEditError`` naming the problem; the state is untouched.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from tabletop.core import EditResult, Event, IllegalEditError, force_roll_edit
from tabletop.games.pitfall.board import PitfallBoard
from tabletop.games.pitfall.cards import CARDS, TOKENS, card_index, hand_vector
from tabletop.games.pitfall.state import PitfallState

OPS = (
    "force_roll",
    "move_pawn",
    "move_scorpion",
    "set_hand",
    "give_token",
    "take_token",
)


def apply_edit(
    board: PitfallBoard, s: PitfallState, op: str, args: Mapping[str, Any]
) -> EditResult:
    """The edited state and an event describing the edit."""
    if op == "force_roll":
        return force_roll_edit(s, args.get("values", args.get("value")))
    if op not in OPS:
        raise IllegalEditError(f"unknown edit {op!r}; edits: {', '.join(OPS)}")
    if s.phase != "start" or s.scorpion_played:
        raise IllegalEditError(f"edit {op} is only possible between turns")
    if op == "move_pawn":
        seat, space = _seat(s, args), _space(args)
        if space not in board.kind or space in board.walls:
            raise IllegalEditError(f"a pawn cannot stand on {space!r}")
        positions = s.positions[:seat] + (space,) + s.positions[seat + 1 :]
        return _done(
            replace(s, positions=positions), f"player {seat}'s pawn moved to {space}"
        )
    if op == "move_scorpion":
        space = _space(args)
        if board.level.get(space) != "below" or space in board.walls:
            raise IllegalEditError(f"the scorpion cannot stand on {space!r}")
        return _done(replace(s, scorpion=space), f"the scorpion moved to {space}")
    if op == "set_hand":
        return _set_hand(board, s, _seat(s, args), args.get("cards"))
    seat, kind = _seat(s, args), _token(args)
    held, facedown = list(s.treasure[seat]), list(s.facedown)
    if op == "give_token":
        if kind not in facedown:
            raise IllegalEditError(f"no facedown {TOKENS[kind]} token is left")
        del facedown[len(facedown) - 1 - facedown[::-1].index(kind)]
        held[kind] += 1
    else:
        if not held[kind]:
            raise IllegalEditError(f"player {seat} holds no {TOKENS[kind]} token")
        held[kind] -= 1
        facedown.insert(0, kind)
    treasure = s.treasure[:seat] + (tuple(held),) + s.treasure[seat + 1 :]
    return _done(
        replace(s, treasure=treasure, facedown=tuple(facedown)),
        f"{op.replace('_', ' ')}: {TOKENS[kind]} for player {seat}",
    )


def _done(state: PitfallState, text: str) -> EditResult:
    return EditResult(state, (Event("TT-EDIT", text, kind="edit"),))


def _seat(s: PitfallState, args: Mapping[str, Any]) -> int:
    seat = args.get("player")
    if (
        not isinstance(seat, int)
        or isinstance(seat, bool)
        or not 0 <= seat < len(s.positions)
    ):
        raise IllegalEditError(
            f"player must be a seat 0..{len(s.positions) - 1}, not {seat!r}"
        )
    return seat


def _space(args: Mapping[str, Any]) -> str:
    space = args.get("space")
    if not isinstance(space, str):
        raise IllegalEditError(f"space must be a space id, not {space!r}")
    return space.upper()


def _token(args: Mapping[str, Any]) -> int:
    kind = args.get("kind")
    if kind not in TOKENS:
        raise IllegalEditError(f"kind must be one of {', '.join(TOKENS)}, not {kind!r}")
    return TOKENS.index(kind)


def _set_hand(
    board: PitfallBoard, s: PitfallState, seat: int, cards: Any
) -> EditResult:
    if not isinstance(cards, list | tuple) or len(cards) != board.hand_size:
        raise IllegalEditError(f"set_hand needs a list of {board.hand_size} cards")
    try:
        wanted = [card_index(c) for c in cards]
    except (KeyError, AttributeError):
        raise IllegalEditError(f"unknown card in {cards!r}") from None
    old = s.hands[seat]
    deck = list(s.deck)
    back = [k for k in range(len(CARDS)) for _ in range(old[k])]
    deck[:0] = back
    for c in wanted:
        if c not in deck:
            raise IllegalEditError(f"no {CARDS[c]} card is left in the draw pile")
        del deck[len(deck) - 1 - deck[::-1].index(c)]
    hands = s.hands[:seat] + (hand_vector(wanted),) + s.hands[seat + 1 :]
    return _done(
        replace(s, hands=hands, deck=tuple(deck)),
        f"player {seat}'s hand set to {', '.join(CARDS[c] for c in wanted)}",
    )
