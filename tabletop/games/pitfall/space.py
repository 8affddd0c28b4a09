"""Pitfall Harry for the adapters: every action numbered, and a view as a vector.

The actions are listed from the board and the cards (never from a played game), so
the numbering is the same on every machine; the tensor reads only the view, so it
cannot show what the view hides.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tabletop.adapters.spaces import ActionSpace, GameSpace, TensorWriter, fours
from tabletop.games.pitfall.cards import CARDS, CODES
from tabletop.games.pitfall.state import PHASES


def space(game: Any) -> GameSpace:
    """The numbered actions and the observation tensor of ``game``."""
    board = game.board
    seats = range(game.players)
    four = [" ".join(CODES[c] for c in combo) for combo in fours(len(CARDS))]
    notations = ["roll", *(f"play {c}" for c in CARDS)]
    notations += [f"discard {f}" for f in four]
    notations += [f"swap {s} {f}" for s in seats for f in four]
    notations += [f"scorpion {u}" for u in board.below]
    notations += ["forward", "backward", "decline", "climb", "stay"]
    notations += [f"give {s}" for s in seats]
    actions = ActionSpace.from_notations(game, notations)
    tables = Tables(game)

    def encode(game: Any, view: Any, seat: int) -> np.ndarray:
        return tensor(game, view, seat, tables)

    size = len(encode(game, game.view(game.initial_state(0), 0), 0))
    hand = board.hand_size
    swap = hand * (hand - 1) * (hand - 2) * (hand - 3)  # PH-2B-SWAP takes four
    return GameSpace(
        actions,
        size,
        encode,
        max(sum(board.deck), sum(board.tokens), 6, swap),
        1500,  # about 4x the longest 4-player game between our heuristic bots
    )


class Tables:
    """What every vector of one game looks up: a space's, a seat's, a phase's and
    a treasure token's cell."""

    def __init__(self, game: Any):
        board = game.board
        self.spaces = {u: i for i, u in enumerate(board.spaces)}
        self.seats = {q: q for q in range(game.players)}
        self.phases = {p: i for i, p in enumerate(PHASES)}
        self.tokens = {t: t for t in range(len(board.tokens))}


def tensor(game: Any, view: Any, seat: int, tables: Tables | None = None) -> np.ndarray:
    """Pitfall view -> vector: whose turn, the phase, every pawn, hands as the view
    shows them (others' as a hidden count), treasure, piles' sizes, the scorpion and
    the move in progress."""
    board = game.board
    t = tables or Tables(game)
    w = TensorWriter()
    w.one_hot(seat, t.seats)
    w.one_hot(game.to_move(view), t.seats)
    w.one_hot(view.phase, t.phases)
    w.one_hots(view.positions, t.spaces)
    for hand in view.hands:
        w.numbers(*hand)
    for held in view.treasure:
        w.numbers(*held)
    pile = view.discards
    discards = [0] * len(board.deck)
    for c in pile:
        discards[c] += 1
    w.numbers(*discards)
    w.numbers(len(view.deck), len(pile), len(view.facedown))
    w.one_hot(view.diamond, t.seats)
    w.one_hot(view.scorpion, t.spaces)
    w.numbers(view.scorpion_played, view.roll, view.direction, view.remaining)
    w.one_hot(view.target, t.spaces)
    w.one_hot(view.no_climb, t.spaces)
    w.one_hot(view.token, t.tokens)
    return w.array()
