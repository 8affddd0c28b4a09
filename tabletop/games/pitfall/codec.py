"""Pitfall states as JSON (exact round trip, validated on the way in) and the
invariants every state keeps (cards and tokens conserved, hands full between turns,
pawns on real spaces, the pending decision consistent)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core import HIDDEN, Rng
from tabletop.games.pitfall.board import PitfallBoard
from tabletop.games.pitfall.cards import (
    CARD_INDEX,
    CARDS,
    HAND_SLOTS,
    HIDDEN_SLOT,
    TOKENS,
    hand_vector,
)
from tabletop.games.pitfall.state import FIELDS, PHASES, PitfallState

if TYPE_CHECKING:
    from tabletop.games.pitfall.rules import Pitfall


def _names(cards: Any) -> list[str]:
    return [CARDS[c] if c != HIDDEN else HIDDEN for c in cards]


def _hand_names(hand: tuple[int, ...]) -> list[str]:
    return [
        CARDS[k] if k != HIDDEN_SLOT else HIDDEN
        for k, n in enumerate(hand)
        for _ in range(n)
    ]


def to_json(s: PitfallState) -> dict[str, Any]:
    """A JSON-able dict of the state: card and token kinds by name."""
    return {
        "phase": s.phase,
        "to_move": s.to_move,
        "turn": s.turn,
        "positions": list(s.positions),
        "hands": [_hand_names(h) for h in s.hands],
        "deck": _names(s.deck),
        "discards": _names(s.discards),
        "treasure": [dict(zip(TOKENS, t, strict=True)) for t in s.treasure],
        "facedown": [TOKENS[k] if k != HIDDEN else HIDDEN for k in s.facedown],
        "diamond": s.diamond if s.diamond >= 0 else None,
        "scorpion": s.scorpion,
        "scorpion_played": s.scorpion_played,
        "roll": s.roll,
        "direction": s.direction,
        "remaining": s.remaining,
        "target": s.target,
        "no_climb": s.no_climb,
        "token": TOKENS[s.token] if s.token >= 0 else None,
        "rng": s.rng.to_json(),
        "first_rolls": [list(r) for r in s.first_rolls],
    }


def from_json(game: Pitfall, data: Any) -> PitfallState:
    """The state a ``to_json`` dict describes.

    Raises:
        ValueError: naming the first malformed field, or the broken invariants.
    """
    if not isinstance(data, dict):
        raise ValueError("a Pitfall state must be a JSON object")
    missing = [f for f in FIELDS if f not in data]
    extra = sorted(set(data) - set(FIELDS))
    if missing or extra:
        raise ValueError(f"state fields missing: {missing}, unknown: {extra}")
    d, players = data, game.players
    s = PitfallState(
        phase=_choice(d, "phase", PHASES),
        to_move=_int(d, "to_move"),
        turn=_int(d, "turn"),
        positions=tuple(_str(p, "positions") for p in _list(d, "positions", players)),
        hands=tuple(_vector(h, "hands") for h in _list(d, "hands", players)),
        deck=tuple(_card(c, "deck") for c in _list(d, "deck")),
        discards=tuple(_card(c, "discards") for c in _list(d, "discards")),
        treasure=tuple(_tokens(t, "treasure") for t in _list(d, "treasure", players)),
        facedown=tuple(_token(t) for t in _list(d, "facedown")),
        diamond=-1 if d["diamond"] is None else _int(d, "diamond"),
        scorpion=_str(d["scorpion"], "scorpion"),
        scorpion_played=_bool(d, "scorpion_played"),
        roll=_int(d, "roll"),
        direction=_choice(d, "direction", (-1, 0, 1)),
        remaining=_int(d, "remaining"),
        target=_str(d["target"], "target"),
        no_climb=_str(d["no_climb"], "no_climb"),
        token=-1 if d["token"] is None else TOKENS.index(_choice(d, "token", TOKENS)),
        rng=Rng.from_json(d["rng"]),
        first_rolls=tuple(
            tuple(_die(v) for v in _plain_list(r, "first_rolls"))
            for r in _list(d, "first_rolls")
        ),
    )
    problems = invariants(game, s)
    if problems:
        raise ValueError("inconsistent state: " + "; ".join(problems))
    return s


def _list(d: dict, key: str, length: int | None = None) -> list:
    value = _plain_list(d[key], key)
    if length is not None and len(value) != length:
        raise ValueError(f"state field {key!r} must have {length} entries")
    return value


def _plain_list(value: Any, key: str) -> list:
    if not isinstance(value, list):
        raise ValueError(f"state field {key!r} must be a list")
    return value


def _int(d: dict, key: str) -> int:
    value = d[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"state field {key!r} must be an integer, not {value!r}")
    return value


def _die(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
        raise ValueError(f"first_rolls holds a die value 1..6, not {value!r}")
    return value


def _bool(d: dict, key: str) -> bool:
    if not isinstance(d[key], bool):
        raise ValueError(f"state field {key!r} must be true or false")
    return d[key]


def _str(value: Any, key: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"state field {key!r} must hold text, not {value!r}")
    return value


def _choice(d: dict, key: str, options: tuple) -> Any:
    if d[key] not in options or isinstance(d[key], bool):
        raise ValueError(
            f"state field {key!r} must be one of {options}, not {d[key]!r}"
        )
    return d[key]


def _card(value: Any, key: str) -> int | str:
    if value == HIDDEN:
        return HIDDEN
    if value not in CARDS:
        raise ValueError(f"state field {key!r}: unknown card {value!r}")
    return CARD_INDEX[value]


def _token(value: Any) -> int | str:
    if value == HIDDEN:
        return HIDDEN
    if value not in TOKENS:
        raise ValueError(f"state field 'facedown': unknown token {value!r}")
    return TOKENS.index(value)


def _vector(cards: Any, key: str) -> tuple[int, ...]:
    return hand_vector(
        HIDDEN_SLOT if c == HIDDEN else _card(c, key) for c in _plain_list(cards, key)
    )


def _tokens(value: Any, key: str) -> tuple[int, ...]:
    if not isinstance(value, dict) or set(value) != set(TOKENS):
        raise ValueError(f"state field {key!r} must count each of {TOKENS}")
    for v in value.values():
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise ValueError(f"state field {key!r} must hold counts >= 0")
    return tuple(value[k] for k in TOKENS)


def invariants(game: Pitfall, s: PitfallState) -> list[str]:
    """Everything wrong with a state (empty when it is consistent)."""
    board, players = game.board, game.players
    out: list[str] = []
    if len(s.positions) != players or len(s.hands) != players:
        return [f"the state has {len(s.positions)} pawns for {players} players"]
    if not 0 <= s.to_move < players:
        out.append(f"to_move {s.to_move} is not a seat")
    if s.turn < 1:
        out.append(f"turn {s.turn}: the turns begun count from 1")
    for seat, pos in enumerate(s.positions):
        if pos not in board.kind or pos in board.walls:
            out.append(f"player {seat}'s pawn is on {pos!r}, not a space it may occupy")
    if board.level.get(s.scorpion) != "below" or s.scorpion in board.walls:
        out.append(f"the scorpion is on {s.scorpion!r}, not an open underground space")
    out += _card_problems(board, s)
    out += _token_problems(board, players, s)
    out += _phase_problems(board, players, s)
    return out


def _card_problems(board: PitfallBoard, s: PitfallState) -> list[str]:
    out = []
    counts = [0] * HAND_SLOTS
    for pile in (s.deck, s.discards):
        for c in pile:
            counts[HIDDEN_SLOT if c == HIDDEN else c] += 1
    for seat, hand in enumerate(s.hands):
        if len(hand) != HAND_SLOTS or any(n < 0 for n in hand):
            return [f"player {seat}'s hand is malformed"]
        for k, n in enumerate(hand):
            counts[k] += n
    total = sum(board.deck)
    if sum(counts) != total:
        out.append(f"{sum(counts)} cards in hands and piles, the game has {total}")
    for k, name in enumerate(CARDS):
        if counts[k] > board.deck[k] or (
            not counts[HIDDEN_SLOT] and counts[k] != board.deck[k]
        ):
            out.append(
                f"{counts[k]} {name} cards in play, the deck has {board.deck[k]}"
            )
    full = board.hand_size
    for seat, hand in enumerate(s.hands):
        size = sum(hand)
        mover = (
            seat == s.to_move
            and s.phase not in ("start", "over")
            or (seat == s.to_move and s.scorpion_played)
        )
        if (size > full) if mover or s.phase == "over" else (size != full):
            out.append(
                f"player {seat} holds {size} cards; hands hold {full} between turns"
            )
    return out


def _token_problems(board: PitfallBoard, players: int, s: PitfallState) -> list[str]:
    out = []
    hidden = s.facedown.count(HIDDEN)
    count = len(s.facedown) + sum(map(sum, s.treasure)) + (s.token >= 0)
    if count != sum(board.tokens):
        out.append("treasure tokens are not all accounted for")
    for k, name in enumerate(TOKENS):
        held = s.facedown.count(k) + sum(t[k] for t in s.treasure) + (s.token == k)
        if held > board.tokens[k] or (not hidden and held != board.tokens[k]):
            out.append(f"{held} {name} tokens in play, the game has {board.tokens[k]}")
    if not -1 <= s.diamond < players:
        out.append(f"the diamond is held by {s.diamond}, not a seat")
    if (s.diamond >= 0) != (s.phase == "over"):
        out.append("the game is over exactly when someone holds the diamond")
    return out


def _phase_problems(board: PitfallBoard, players: int, s: PitfallState) -> list[str]:
    me = s.to_move
    phase, here = s.phase, s.positions[me] if 0 <= me < players else ""
    moving = phase in ("direction", "obstacle", "climb", "give")
    if moving and not (1 <= s.roll <= 6 and 0 <= s.remaining <= s.roll):
        return [
            f"a move needs a die roll 1..6 and a count left, not {s.roll}/{s.remaining}"
        ]
    if phase == "over":
        return []
    if not moving and (s.roll or s.remaining or s.direction):
        return ["roll, remaining and direction are set only during a move"]
    if (phase == "direction") != (s.direction == 0 and s.roll > 0):
        return ["the direction is chosen exactly once, right after the roll"]
    if (phase == "obstacle") != bool(s.target):
        return ["a target space is set exactly while a card at an obstacle is pending"]
    if phase == "obstacle" and (
        s.remaining < 1 or s.target not in (board.step(here, s.direction),)
    ):
        return [f"the obstacle {s.target} is not the next step from {here}"]
    if phase == "climb" and (here not in board.up or s.remaining < 1):
        return [f"a climb is pending but {here} is not under a pit trap"]
    if (phase == "give") != (s.token >= 0) or not -1 <= s.token < len(TOKENS):
        return ["a token kind is set exactly while a give is pending"]
    if s.no_climb and s.no_climb != here:
        return ["no_climb must be the mover's space or empty"]
    if phase == "scorpion" and not s.scorpion_played:
        return ["the scorpion is placed only after a Scorpion card is played"]
    return []
