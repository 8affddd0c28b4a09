"""Race's state and its box: the cards and the hand size (clause IDs RC-*)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.core import Rng

#: The 24 cards: six each of the values 1 to 4 (RC-DEAL).
DECK = tuple(value for value in range(1, 5) for _ in range(6))
#: Cards dealt to each seat at the start (RC-DEAL).
HAND_SIZE = 3
PHASES = ("turn", "over")


@dataclass(frozen=True, slots=True)
class RaceState:
    """Everything needed to go on (field names as in every game of the tabletop).

    Attributes:
        phase: ``"turn"`` or ``"over"``.
        to_move: the seat whose decision is pending.
        turn: how many turns have begun.
        positions: each seat's space index along the track (0 = Start).
        hands: each seat's cards, sorted (``HIDDEN`` where a view hides them).
        deck: the draw pile, top first.
        discards: the face-up discards, newest last.
        winner: the winner's seat, or -1.
        rng: the random generator.
    """

    phase: str
    to_move: int
    turn: int
    positions: tuple[int, ...]
    hands: tuple[tuple[Any, ...], ...]
    deck: tuple[Any, ...]
    discards: tuple[int, ...]
    winner: int
    rng: Rng
