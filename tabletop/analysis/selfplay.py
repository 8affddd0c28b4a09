"""Positions to learn from: self-play games of the heuristic, labelled by their end.

A game is played from ``game.initial_state(seed)`` by the game's playout policy
on every seat (``rollout_policy``: its heuristic, or random moves for a game
without one), the same play ``evaluate``'s playouts use, so the value model
learns "who wins if everyone plays like the playouts". From each game a few
positions are picked at random (seeded), each seen from one seat chosen at random:
its view tensor is the input. The label (``label=``) is either how the game
ended (``"end"``), optionally refined by a few playouts from that seat's knowledge
(``playouts=``: the target is then the share of wins over the real end and those
playouts), or the playouts alone (``"playouts"``): the share of wins of
``playouts`` games played on from worlds dealt afresh from the seat's view
(``sample_world``). The real end is not what ``evaluate`` answers: the bots' past
moves tell something of the hidden cards, which a world dealt from the view
forgets; the playouts alone are an unbiased sample of ``evaluate``'s answer from
that view, which is what the model stands in for.

Everything is derived from a base seed and the game's index
(``tabletop.core.rng.derive_seed``), so the same call gives the same arrays, and
``play_game`` replays any one game to find a position again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from tabletop.analysis.playouts import (
    MAX_PLAYOUT,
    play_to_end,
    rollout_policy,
    sample_world,
    split,
)
from tabletop.bots.search import advance
from tabletop.core import Rng
from tabletop.core.rng import derive_seed


@dataclass(frozen=True)
class Positions:
    """Labelled positions, one row each.

    Attributes:
        features: view tensors (rows x tensor size), float32.
        targets: the label (rows x (players + 1)): each seat's share of wins,
            then nobody's (a game cut off); one-hot without playouts.
        winners: the real game's winning seat (``players``: nobody).
        seats: the seat whose view the row is.
        games: the game's index.
        steps: the position's place in its game (decisions played before it).
        progress: ``steps`` over the game's length (0 at the start, 1 at the end).
    """

    features: np.ndarray
    targets: np.ndarray
    winners: np.ndarray
    seats: np.ndarray
    games: np.ndarray
    steps: np.ndarray
    progress: np.ndarray

    def __len__(self) -> int:
        return len(self.winners)

    def take(self, rows: np.ndarray) -> Positions:
        """The rows ``rows`` (indices or a mask)."""
        return Positions(*(getattr(self, f)[rows] for f in _FIELDS))


LABELS = ("end", "playouts")
"""What a position's label may be (``self_play_positions``'s ``label``)."""

_FIELDS = ("features", "targets", "winners", "seats", "games", "steps", "progress")


def play_game(game: Any, seed: int, index: int) -> tuple[list[Any], int | None]:
    """Self-play game ``index`` of base seed ``seed``: the states met before each
    of the policy's moves, in order, and the winner (``None``: cut off)."""
    policy = rollout_policy(game)
    state = game.initial_state(derive_seed(seed, index, "game"))
    rng = Rng.from_seed(derive_seed(seed, index, "dice"))
    states: list[Any] = []
    applied = 0
    while game.outcome(state) is None and applied < MAX_PLAYOUT:
        states.append(state)
        state, rng, steps = advance(game, state, policy, rng, MAX_PLAYOUT - applied)
        applied += steps
    outcome = game.outcome(state)
    return states, outcome.winner if outcome is not None else None


def pick(
    seed: int, index: int, length: int, per_game: int, players: int
) -> list[tuple[int, int]]:
    """The (step, seat) pairs taken from game ``index`` of ``length`` positions."""
    rng = np.random.default_rng(derive_seed(seed, index, "positions"))
    steps = sorted(rng.choice(length, size=min(per_game, length), replace=False))
    seats = rng.integers(0, players, size=len(steps))
    return [(int(s), int(q)) for s, q in zip(steps, seats, strict=True)]


def self_play_positions(
    game: Any,
    encode: Callable[[Any, Any, int], np.ndarray],
    *,
    games: int,
    seed: int = 0,
    per_game: int = 16,
    playouts: int = 0,
    label: str = "end",
    first: int = 0,
) -> Positions:
    """Positions of self-play games ``first`` .. ``first + games - 1``.

    Args:
        game: the rules (one player count).
        encode: the view tensor encoder (``GameSpace.encode``).
        games: how many games to play.
        seed: the base seed.
        per_game: positions taken from each game (fewer if it is shorter).
        playouts: playouts from the row's seat's knowledge in each label.
        label: ``"end"`` (the real end, with the playouts if any) or
            ``"playouts"`` (the playouts alone; at least one).
        first: the first game's index.
    """
    if label not in LABELS:
        raise ValueError(f"label {label!r} is not one of {', '.join(LABELS)}")
    if label == "playouts" and playouts < 1:
        raise ValueError("a label of playouts alone needs at least one playout")
    players = game.players
    rows: dict[str, list[Any]] = {f: [] for f in _FIELDS}
    for index in range(first, first + games):
        states, winner = play_game(game, seed, index)
        end = players if winner is None else winner
        for step, seat in pick(seed, index, len(states), per_game, players):
            state = states[step]
            target = np.zeros(players + 1, np.float32)
            if label == "end":
                target[end] += 1.0
            if playouts:
                rng = Rng.from_seed(derive_seed(seed, index, f"refine{step}"))
                target += _playout_wins(game, state, seat, playouts, rng)
            target /= target.sum()
            rows["features"].append(encode(game, game.view(state, seat), seat))
            rows["targets"].append(target)
            rows["winners"].append(end)
            rows["seats"].append(seat)
            rows["games"].append(index)
            rows["steps"].append(step)
            rows["progress"].append(step / len(states))
    size = len(encode(game, game.view(game.initial_state(0), 0), 0))
    return Positions(
        np.array(rows["features"], np.float32).reshape(-1, size),
        np.array(rows["targets"], np.float32).reshape(-1, players + 1),
        np.array(rows["winners"], np.int64),
        np.array(rows["seats"], np.int64),
        np.array(rows["games"], np.int64),
        np.array(rows["steps"], np.int64),
        np.array(rows["progress"], np.float32),
    )


def _playout_wins(game: Any, state: Any, seat: int, n: int, rng: Rng) -> np.ndarray:
    """Wins of each seat (then nobody) in ``n`` playouts from ``seat``'s view."""
    policy = rollout_policy(game)
    wins = np.zeros(game.players + 1, np.float32)
    for _ in range(n):
        world_rng, rng = split(rng)
        dice, rng = split(rng)
        world = sample_world(game, state, seat, world_rng)
        winner = play_to_end(game, world, policy, dice, MAX_PLAYOUT)
        wins[game.players if winner is None else winner] += 1.0
    return wins
