"""Card kinds, treasure tokens and obstacles of Pitfall Harry, as data for the engine
and the UI.

Hands are kept as count vectors indexed like ``CARDS`` (plus one trailing slot,
``HIDDEN_SLOT``, that counts cards a view may not see). The draw pile is a tuple of
card indices, top first (``deck[0]`` is drawn next); the discard pile is newest last.
In a view a hidden card or facedown token is ``HIDDEN`` (``"?"``, the one marker of
``tabletop.core``). Notation names a card by its kind (``rope``) or its two-letter
code (``RO``); both parse. ``hand_names`` and ``treasure_names`` read a seat's hand
and treasure by name.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import combinations_with_replacement
from types import MappingProxyType

from tabletop.core import HIDDEN

CARDS: tuple[str, ...] = ("croc", "rope", "jump", "ladder", "cobra", "fire", "scorpion")
"""The seven card kinds, in the order of a hand's count vector."""

CODES: tuple[str, ...] = ("CR", "RO", "JU", "LA", "CO", "FI", "SC")
"""Two-letter codes of the card kinds, same order as ``CARDS``."""

CROC, ROPE, JUMP, LADDER, COBRA, FIRE, SCORPION = range(7)
HIDDEN_SLOT = 7
"""Index of the hidden-card slot in a hand vector (cards a view may not see)."""

HAND_SLOTS = 8

CARD_INDEX: dict[str, int] = {}
for _i, (_name, _code) in enumerate(zip(CARDS, CODES, strict=True)):
    CARD_INDEX[_name] = _i
    CARD_INDEX[_code.lower()] = _i
for _alias, _i in (
    ("crocodile", CROC),
    ("cobra-treasure", COBRA),
    ("fire-treasure", FIRE),
):
    CARD_INDEX[_alias] = _i

FOURS: tuple[tuple[int, ...], ...] = tuple(
    combinations_with_replacement(range(len(CARDS)), 4)
)
"""Every choice of four card kinds as a sorted index tuple (210 of them), the cards
an exchange names (PH-2B-DISCARD, PH-2B-SWAP)."""

FOUR_TEXT: Mapping[tuple[int, ...], tuple[str, tuple[str, ...], str]] = (
    MappingProxyType(
        {
            four: (
                " ".join([CODES[c] for c in four]),
                tuple([CARDS[c] for c in four]),
                " ".join([CARDS[c] for c in four]),
            )
            for four in FOURS
        }
    )
)
"""choice of four -> (its codes ``CR RO RO LA``, its kinds, its kinds as words), for
the exchange events. Like ``CARD_INDEX``, a read-only table of the card list, made
once when the module loads."""

CARD_INFO: Mapping[str, tuple[str, str, str]] = {
    "croc": ("Crocodile", "passes a crocodile space", "PH-4-CROC"),
    "rope": ("Rope", "passes any pit trap and the swamp", "PH-4-ROPE"),
    "jump": ("Jump", "passes logs, fires and cobras", "PH-4-JUMP"),
    "ladder": (
        "Ladder",
        "climbs from under a pit trap without a ladder up to the path above",
        "PH-4-LADDER",
    ),
    "cobra": (
        "Cobra treasure",
        "on a cobra space: take a treasure token and go on",
        "PH-4-TREASURE",
    ),
    "fire": (
        "Fire treasure",
        "on a fire space: take a treasure token and go on",
        "PH-4-TREASURE",
    ),
    "scorpion": (
        "Scorpion",
        "before your turn moves the scorpion; underground passes it",
        "PH-4-SCORPION-PASS",
    ),
}
"""kind -> (display name, what it does, clause), for hand widgets and tooltips."""

TOKENS: tuple[str, ...] = ("gold", "silver", "money")
"""The three treasure kinds (the diamond is apart), order of token count vectors."""

TOKEN_INFO: Mapping[str, str] = {
    "gold": "gold bar",
    "silver": "silver bar",
    "money": "money bag",
}

OBSTACLES: Mapping[str, tuple[int, ...]] = {
    "croc": (CROC,),
    "swamp": (ROPE,),
    "pit": (ROPE,),
    "ladder_pit": (ROPE,),
    "log": (JUMP,),
    "fire": (JUMP, FIRE),
    "cobra": (JUMP, COBRA),
}
"""Aboveground obstacle kind -> the cards that let a pawn enter and pass it."""

OBSTACLE_NAMES: Mapping[str, str] = {
    "croc": "crocodile",
    "swamp": "swamp",
    "pit": "pit trap",
    "ladder_pit": "pit trap with a ladder",
    "log": "log",
    "fire": "fire",
    "cobra": "cobra",
}

PIT_KINDS = frozenset({"pit", "ladder_pit"})

CARD_CLAUSE: Mapping[int, str] = {
    CROC: "PH-4-CROC",
    ROPE: "PH-4-ROPE",
    JUMP: "PH-4-JUMP",
    LADDER: "PH-4-LADDER",
    COBRA: "PH-4-TREASURE",
    FIRE: "PH-4-TREASURE",
    SCORPION: "PH-4-SCORPION-PASS",
}


def card_index(text: str) -> int:
    """The index of a card named by kind or code (case-insensitive).

    Raises:
        KeyError: no such card.
    """
    return CARD_INDEX[text.strip().lower()]


def hand_vector(cards: Iterable[int], base: tuple[int, ...] = ()) -> tuple[int, ...]:
    """A hand vector holding ``cards`` (indices), added to ``base`` if given."""
    counts = list(base) if base else [0] * HAND_SLOTS
    for c in cards:
        counts[c] += 1
    return tuple(counts)


def hand_cards(hand: tuple[int, ...]) -> tuple[str, ...]:
    """The kinds in a hand vector, one entry per card (``"?"`` for hidden ones)."""
    out: list[str] = []
    for i, n in enumerate(hand):
        out.extend([CARDS[i] if i < HIDDEN_SLOT else HIDDEN] * n)
    return tuple(out)


def hand_codes(hand: tuple[int, ...]) -> str:
    """A hand as codes, e.g. ``CR RO RO ??``."""
    out: list[str] = []
    for i, n in enumerate(hand):
        out.extend([CODES[i] if i < HIDDEN_SLOT else "??"] * n)
    return " ".join(out) or "-"


def hand_names(hand: tuple[int, ...]) -> dict[str, int]:
    """A hand vector by name: ``{"rope": 2, "jump": 1, ...}`` (kinds held only;
    ``"?"`` counts hidden cards in a view)."""
    out = {CARDS[k]: n for k, n in enumerate(hand[:HIDDEN_SLOT]) if n}
    if len(hand) > HIDDEN_SLOT and hand[HIDDEN_SLOT]:
        out[HIDDEN] = hand[HIDDEN_SLOT]
    return out


def treasure_names(treasure: tuple[int, ...]) -> dict[str, int]:
    """A seat's face-up tokens by name: ``{"gold": 1, "silver": 0, "money": 2}``."""
    return dict(zip(TOKENS, treasure, strict=True))
