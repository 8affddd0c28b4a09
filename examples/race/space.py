"""Race for the adapters: every action numbered, and a view as a vector.

The actions are listed from the deck (never from a played game), so the numbering
is the same on every machine; the tensor reads only the view, so it cannot show
what the view hides.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tabletop.adapters.spaces import ActionSpace, GameSpace, TensorWriter
from tabletop.core import HIDDEN

from .state import DECK, PHASES

VALUES = tuple(sorted(set(DECK)))


def space(game: Any) -> GameSpace:
    """The numbered actions and the observation tensor of ``game``."""
    notations = ["roll", *(f"play {v}" for v in VALUES)]
    actions = ActionSpace.from_notations(game, notations)
    size = len(tensor(game, game.view(game.initial_state(0), 0), 0))
    # The biggest draw is a shuffle of the whole deck (the deal, RC-DEAL; a
    # reshuffle of the discards, RC-RESHUFFLE, is smaller). A game lasts at most
    # 24 turns a seat (every move is at least one space); 400 leaves room.
    return GameSpace(actions, size, tensor, len(DECK), 400)


def tensor(game: Any, view: Any, seat: int) -> np.ndarray:
    """Race view -> vector: the seat, whose turn, the phase, every pawn's progress,
    hands as the view shows them (hidden cards as a count), the discards, the
    deck's size and the winner."""
    n = game.players
    w = TensorWriter()
    w.one_hot(seat, range(n))
    w.one_hot(game.to_move(view), range(n))
    w.one_hot(view.phase, PHASES)
    w.numbers(*(p / game.goal for p in view.positions))
    for hand in view.hands:
        counts = [0] * (len(VALUES) + 1)
        for card in hand:
            counts[len(VALUES) if card == HIDDEN else VALUES.index(card)] += 1
        w.numbers(*counts)
    w.numbers(*(view.discards.count(v) for v in VALUES))
    w.numbers(len(view.deck))
    w.one_hot(view.winner, range(n))
    return w.array()
