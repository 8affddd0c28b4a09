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
    size = len(tensor(game, game.view(game.initial_state(0), 0), 0))
    deck = len(full_deck(board.countries))
    # Games between our heuristic bots at 6 players took up to 5,400 decisions.
    return GameSpace(actions, size, tensor, max(deck, 6), 10_000)


def _kinds(game: Any) -> list[str]:
    return sorted(set(full_deck(game.board.countries)))


def tensor(game: Any, view: Any, seat: int) -> np.ndarray:
    """Raiders view -> vector: whose turn, the phase, every token and its direction
    memory, hands as the view shows them (hidden cards as a count), the piles, the
    Ark's country once revealed, skips, hostages, debts and the move in progress."""
    board = game.board
    locations = list(board.locations)
    kinds = _kinds(game)
    n = game.players
    w = TensorWriter()
    w.one_hot(seat, range(n))
    w.one_hot(game.to_move(view), range(n))
    w.one_hot(view.phase, PHASES)
    for pos in view.positions:
        w.one_hot(pos, locations)
    for prev in view.prev:
        w.one_hot(prev, locations)
    for hand in view.hands:
        counts = [0] * (len(kinds) + 1)
        for card in hand:
            counts[len(kinds) if card == HIDDEN else kinds.index(card)] += 1
        w.numbers(*counts)
    pile = view.discards
    discards = [0] * len(kinds)
    for card in pile:
        discards[kinds.index(card)] += 1
    w.numbers(*discards)
    w.numbers(len(view.deck), len(pile))
    w.one_hot(view.ark, list(board.countries))
    w.numbers(*view.skips, *view.hostage, *view.owes, view.steps)
    w.numbers(*(s in view.passed for s in range(n)))
    w.numbers(*(s in view.landed for s in range(n)))
    w.one_hot(view.winner, range(n))
    return w.array()
