"""Validated state edits for experiments and teaching (``Match.edit``).

Ops and their JSON-able arguments:

- ``force_roll`` ``values=[4, 2]``: the next die rolls.
- ``move_pawn`` ``player=1, space="U12"``: put a pawn on any space but a wall
  (an id or a readable name, ``space="Under Path 6"``).
- ``move_scorpion`` ``space="U30"``: put the scorpion on an open underground space.
- ``set_hand`` ``player=0, cards=["rope", "RO", ...]``: that seat's hand becomes
  exactly these cards, traded with the draw pile (old cards go under it).
- ``give_token`` / ``take_token`` ``player=2, kind="gold"``: move a treasure token
  between the top of the facedown pile and a seat (a token taken back goes under).
- ``set_to_move`` ``player=2``: whose turn it is.
- ``set_deck`` ``cards=["rope", "jump", ...]``: the draw pile's order, top first
  (the same cards, reordered; fewer cards name the top of the pile only).
- ``set_next_tokens`` ``kinds=["gold", "money"]``: the facedown tokens to come
  first, in order (taken from the facedown pile).
- ``set_direction`` ``direction="backward"``: during a move (phase ``obstacle``,
  ``climb`` or ``give``), the way the rest of the count goes.
- ``set_remaining`` ``count=3``: during a move, the steps still to count.

``force_roll`` and the ``set_direction``/``set_remaining`` edits of a move in
progress aside, edits happen between turns (phase ``start`` before any Scorpion
card), so no decision is left half-made. Every edited state is checked against the
game's invariants. A bad edit raises ``IllegalEditError`` naming the problem; the
state is untouched.

An edit's event follows the viewer model like any other (``Event.secret``,
``hidden``): ``set_hand`` names the cards only to that seat, ``set_deck`` and
``set_next_tokens`` name theirs to nobody but the referee, ``force_roll`` keeps the
dice to come from every seat. Pawns, the scorpion and treasure tokens held are on
the table for all to see, so those edits say what they do.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from tabletop.core import EditResult, Event, IllegalEditError, force_roll_edit
from tabletop.games.pitfall.cards import CARDS, TOKENS, card_index, hand_vector
from tabletop.games.pitfall.state import PitfallState

if TYPE_CHECKING:
    from tabletop.games.pitfall.rules import Pitfall

OPS = (
    "force_roll",
    "move_pawn",
    "move_scorpion",
    "set_hand",
    "give_token",
    "take_token",
    "set_to_move",
    "set_deck",
    "set_next_tokens",
    "set_direction",
    "set_remaining",
)
MOVE_OPS = ("set_direction", "set_remaining")


def edit(
    game: Pitfall, s: PitfallState, op: str, args: Mapping[str, Any]
) -> EditResult:
    """The edited state and an event describing the edit."""
    if op == "force_roll":
        return force_roll_edit(s, args.get("values", args.get("value")))
    if op not in OPS:
        raise IllegalEditError(f"unknown edit {op!r}; edits: {', '.join(OPS)}")
    if op in MOVE_OPS:
        if s.phase not in ("obstacle", "climb", "give"):
            raise IllegalEditError(f"edit {op} is only possible during a move")
    elif s.phase != "start" or s.scorpion_played:
        raise IllegalEditError(f"edit {op} is only possible between turns")
    state, text, data, *secret = _EDITS[op](game, s, args)
    problems = game.invariants(state)
    if problems:
        raise IllegalEditError(f"edit {op} breaks the game: " + "; ".join(problems))
    data = {"op": op, **data}
    if not secret:
        return EditResult(state, (Event("TT-EDIT", text, kind="edit", data=data),))
    # what the edit shows only its seat (or, with no seat, the referee)
    owner, public, hidden = secret[0]
    event = Event(
        "TT-EDIT",
        text,
        owner,
        "edit",
        secret=True,
        public=public,
        data=data,
        hidden=hidden,
    )
    return EditResult(state, (event,))


def _move_pawn(game: Pitfall, s: PitfallState, args: Mapping[str, Any]):
    seat, space = _seat(s, args), _space(game, args)
    if space in game.board.walls:
        raise IllegalEditError(f"a pawn cannot stand on {space!r}")
    positions = s.positions[:seat] + (space,) + s.positions[seat + 1 :]
    return (
        replace(s, positions=positions),
        f"player {seat}'s pawn moved to {space}",
        {"seat": seat, "to": space},
    )


def _move_scorpion(game: Pitfall, s: PitfallState, args: Mapping[str, Any]):
    space = _space(game, args)
    board = game.board
    if board.level.get(space) != "below" or space in board.walls:
        raise IllegalEditError(f"the scorpion cannot stand on {space!r}")
    return replace(s, scorpion=space), f"the scorpion moved to {space}", {"to": space}


def _token_edit(game: Pitfall, s: PitfallState, args: Mapping[str, Any], op: str):
    seat, kind = _seat(s, args), _token(args.get("kind"))
    held, facedown = list(s.treasure[seat]), list(s.facedown)
    if op == "give_token":
        if kind not in facedown:
            raise IllegalEditError(f"no facedown {TOKENS[kind]} token is left")
        facedown.remove(kind)
        held[kind] += 1
    else:
        if not held[kind]:
            raise IllegalEditError(f"player {seat} holds no {TOKENS[kind]} token")
        held[kind] -= 1
        facedown.append(kind)
    treasure = s.treasure[:seat] + (tuple(held),) + s.treasure[seat + 1 :]
    return (
        replace(s, treasure=treasure, facedown=tuple(facedown)),
        f"{op.replace('_', ' ')}: {TOKENS[kind]} for player {seat}",
        {"seat": seat, "token": TOKENS[kind]},
    )


def _set_hand(game: Pitfall, s: PitfallState, args: Mapping[str, Any]):
    board, seat, cards = game.board, _seat(s, args), args.get("cards")
    if not isinstance(cards, list | tuple) or len(cards) != board.hand_size:
        raise IllegalEditError(f"set_hand needs a list of {board.hand_size} cards")
    wanted = _cards(cards)
    old = s.hands[seat]
    deck = list(s.deck)
    deck += [k for k in range(len(CARDS)) for _ in range(old[k])]
    for c in wanted:
        if c not in deck:
            raise IllegalEditError(f"no {CARDS[c]} card is left in the draw pile")
        deck.remove(c)
    hands = s.hands[:seat] + (hand_vector(wanted),) + s.hands[seat + 1 :]
    return (
        replace(s, hands=hands, deck=tuple(deck)),
        f"player {seat}'s hand set to {', '.join(CARDS[c] for c in wanted)}",
        {"seat": seat, "cards": tuple(CARDS[c] for c in wanted)},
        (seat, f"player {seat}'s hand was set", ("cards",)),
    )


def _set_to_move(game: Pitfall, s: PitfallState, args: Mapping[str, Any]):
    seat = _seat(s, args)
    return replace(s, to_move=seat), f"player {seat} is to move", {"seat": seat}


def _set_deck(game: Pitfall, s: PitfallState, args: Mapping[str, Any]):
    cards = args.get("cards")
    if not isinstance(cards, list | tuple) or not cards:
        raise IllegalEditError("set_deck needs a list of cards, top first")
    top = _cards(cards)
    rest = list(s.deck)
    for c in top:
        if c not in rest:
            raise IllegalEditError(
                f"the draw pile holds no further {CARDS[c]} card to put on top"
            )
        rest.remove(c)
    deck = tuple(top) + tuple(rest)
    return (
        replace(s, deck=deck),
        f"the draw pile now starts {', '.join(CARDS[c] for c in top)}",
        {"cards": tuple(CARDS[c] for c in top)},
        (None, f"{len(top)} card(s) were put on top of the draw pile", ("cards",)),
    )


def _set_next_tokens(game: Pitfall, s: PitfallState, args: Mapping[str, Any]):
    kinds = args.get("kinds")
    if not isinstance(kinds, list | tuple) or not kinds:
        raise IllegalEditError("set_next_tokens needs a list of token kinds")
    top = [_token(k) for k in kinds]
    rest = list(s.facedown)
    for k in top:
        if k not in rest:
            raise IllegalEditError(f"no further facedown {TOKENS[k]} token is left")
        rest.remove(k)
    return (
        replace(s, facedown=tuple(top) + tuple(rest)),
        f"the next facedown tokens are {', '.join(TOKENS[k] for k in top)}",
        {"tokens": [TOKENS[k] for k in top]},
        (None, f"{len(top)} facedown token(s) were put on top", ("tokens",)),
    )


def _set_direction(game: Pitfall, s: PitfallState, args: Mapping[str, Any]):
    way = {"forward": 1, "backward": -1, 1: 1, -1: -1}.get(args.get("direction"))
    if way is None:
        raise IllegalEditError("direction must be 'forward' or 'backward'")
    text = "forward" if way > 0 else "backward"
    return (
        replace(s, direction=way),
        f"the move will go on {text}",
        {"direction": text},
    )


def _set_remaining(game: Pitfall, s: PitfallState, args: Mapping[str, Any]):
    count = args.get("count")
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 6:
        raise IllegalEditError(f"count must be 1..6, not {count!r}")
    roll = max(s.roll, count)
    return (
        replace(s, remaining=count, roll=roll),
        f"{count} steps are left to count",
        {"count": count},
    )


_EDITS = {
    "move_pawn": _move_pawn,
    "move_scorpion": _move_scorpion,
    "set_hand": _set_hand,
    "give_token": lambda g, s, a: _token_edit(g, s, a, "give_token"),
    "take_token": lambda g, s, a: _token_edit(g, s, a, "take_token"),
    "set_to_move": _set_to_move,
    "set_deck": _set_deck,
    "set_next_tokens": _set_next_tokens,
    "set_direction": _set_direction,
    "set_remaining": _set_remaining,
}


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


def _space(game: Pitfall, args: Mapping[str, Any]) -> str:
    space = args.get("space")
    if not isinstance(space, str):
        raise IllegalEditError(f"space must be a space id or name, not {space!r}")
    found = game.board.space_id(space)
    if found is None:
        raise IllegalEditError(f"a pawn cannot stand on {space.upper()!r}")
    return found


def _token(kind: Any) -> int:
    if kind not in TOKENS:
        raise IllegalEditError(f"kind must be one of {', '.join(TOKENS)}, not {kind!r}")
    return TOKENS.index(kind)


def _cards(cards: Any) -> list[int]:
    try:
        return [card_index(c) for c in cards]
    except (KeyError, AttributeError):
        raise IllegalEditError(f"unknown card in {cards!r}") from None
