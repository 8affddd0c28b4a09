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
        # Per space, what a pawn there has of the race (see ``tensor``): how far
        # along the path (0 to 1), whether underground, how far the nearest
        # treasure space, how far underground the nearest free way up (0 above).
        last = max(board.order.values()) or 1
        treasure = [board.order[u] for u in board.treasure_spaces]
        self.race: dict[str, tuple[float, float, float, float]] = {}
        for u in board.spaces:
            here, below = board.order[u], board.level[u] == "below"
            gap = min((abs(here - t) for t in treasure), default=0)
            up = _way_up(board, u) if below else 0
            self.race[u] = (here / last, float(below), gap / last, up / last)


def tensor(game: Any, view: Any, seat: int, tables: Tables | None = None) -> np.ndarray:
    """Pitfall view -> vector: whose turn, the phase, every pawn, hands as the view
    shows them (others' as a hidden count), treasure, piles' sizes, the scorpion and
    the move in progress; then, per pawn, what decides the race to the diamond as
    numbers (so that a learner need not find it space by space): how far along
    the path, whether underground, how far the nearest treasure space while a
    kind is missing, how far the nearest free way up, the treasure kinds held
    (PH-5-NEED), whether all three are, and how far along then (PH-7-DIAMOND).
    All of it is public."""
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
    for pos, held in zip(view.positions, view.treasure, strict=True):
        here, below, gap, up = t.race[pos]
        kinds = (len(held) - held.count(0)) / 3
        ready = float(kinds == 1)
        w.numbers(here, below, gap * (1 - ready), up, kinds, ready, ready * here)
    return w.array()


def _way_up(board: Any, pos: str) -> int:
    """Steps along its stretch from an underground space to the nearest space
    under a pit trap with a ladder (a way up with no card, PH-4-CLIMB); one more
    than the underground path's length when there is none."""
    best = len(board.below) + 1
    for table in (board.forward, board.backward):
        here, steps = pos, 0
        while here is not None and steps < best:
            above = board.up.get(here)
            if above is not None and board.kind[above] == "ladder_pit":
                best = steps
                break
            here, steps = table[here], steps + 1
    return best
