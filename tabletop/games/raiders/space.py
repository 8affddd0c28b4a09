"""Raiders of the Lost Ark for the adapters: every action numbered, and a view as a
vector.

The actions are listed from the map and the deck (never from a played game), so
the numbering is the same on every machine; the tensor reads only the view, so it
cannot show what the view hides.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tabletop.adapters.spaces import ActionSpace, GameSpace, TensorWriter
from tabletop.core import HIDDEN
from tabletop.games.raiders.cards import full_deck
from tabletop.games.raiders.state import PHASES


def space(game: Any) -> GameSpace:
    """The numbered actions and the observation tensor of ``game``."""
    board = game.board
    seats = range(game.players)
    countries = list(board.countries)
    locations = list(board.locations)
    notations = [f"place {c}" for c in countries]
    notations += ["roll", "air", *(f"country {c}" for c in countries)]
    notations += [f"ambush {s}" for s in seats]
    notations += [f"hostage {s} {loc}" for s in seats for loc in locations]
    notations += [f"to {loc}" for loc in locations]
    notations += [f"send {s} {loc}" for s in seats for loc in locations]
    notations += [f"leave {s}" for s in seats]
    notations += ["passport", "skip"]
    actions = ActionSpace.from_notations(game, notations)
    tables = Tables(game)

    def encode(game: Any, view: Any, seat: int) -> np.ndarray:
        return tensor(game, view, seat, tables)

    size = len(encode(game, game.view(game.initial_state(0), 0), 0))
    deck = len(full_deck(board.countries))
    # The bound is the deck: a larger one would let the adapters join a shuffle's
    # draws in pairs (56 x 55 outcomes a node), and OpenSpiel's C++ callers copy a
    # node's whole outcome list at every asking (random_sim_test ran 2-3 times
    # slower so). Games between our heuristic bots at 6 players took up to 5,400
    # decisions.
    return GameSpace(actions, size, encode, max(deck, 6), 10_000)


class Tables:
    """What every vector of one game looks up: a location's, a card kind's and a
    country's cell, a seat's and a phase's."""

    def __init__(self, game: Any):
        board = game.board
        self.locations = {loc: i for i, loc in enumerate(board.locations)}
        self.kinds = {
            k: i for i, k in enumerate(sorted(set(full_deck(board.countries))))
        }
        self.countries = {c: i for i, c in enumerate(board.countries)}
        self.seats = {s: s for s in range(game.players)}
        self.phases = {p: i for i, p in enumerate(PHASES)}
        # A hand's cells: each kind's, then the hidden cards' count.
        self.in_hand = {**self.kinds, HIDDEN: len(self.kinds)}
        # The discard pile's counts for the last pile object counted: a pile
        # changes at a discard or a reshuffle only, and the states between share
        # it (one tuple, replaced whole, so a thread reads a pair that belongs).
        self.last_pile: tuple[Any, list[int]] = ((), [0] * len(self.kinds))


def tensor(game: Any, view: Any, seat: int, tables: Tables | None = None) -> np.ndarray:
    """Raiders view -> vector: whose turn, the phase, every token and its direction
    memory, hands as the view shows them (hidden cards as a count), the piles, the
    Ark's country once revealed, skips, hostages, debts and the move in progress."""
    t = tables or Tables(game)
    kinds = t.kinds
    hidden = len(kinds)
    n = game.players
    w = TensorWriter()
    w.one_hot(seat, t.seats)
    w.one_hot(game.to_move(view), t.seats)
    w.one_hot(view.phase, t.phases)
    w.one_hots(view.positions, t.locations)
    w.one_hots(view.prev, t.locations)
    width, in_hand = hidden + 1, t.in_hand
    counts = [0] * (width * len(view.hands))  # every hand's cells, one run
    for base, hand in enumerate(view.hands):
        base *= width
        for card in hand:
            counts[base + in_hand[card]] += 1
    w.numbers(*counts)
    pile = view.discards
    known_pile, discards = t.last_pile
    if pile is not known_pile:
        discards = [0] * hidden
        for card in pile:
            discards[kinds[card]] += 1
        t.last_pile = (pile, discards)
    w.numbers(*discards, len(view.deck), len(pile))
    w.one_hot(view.ark, t.countries)
    passed, landed = view.passed, view.landed
    w.numbers(
        *view.skips, *view.hostage, *view.owes, view.steps,
        *(s in passed for s in range(n)), *(s in landed for s in range(n)),
    )  # fmt: skip
    w.one_hot(view.winner, t.seats)
    return w.array()
