"""Worlds and playouts for analysis: sampled from what a viewer knows.

An analysis question ("who is ahead?", "was that move good?") is answered by playing
on from many *worlds*. From a seat's knowledge a world deals the cards that seat
cannot see at random, consistently with its view (``game.determinize``); from the
referee's knowledge the world is the true state. Either way the dice to come are
unknown, so every world gets a fresh die generator (``game.reseed``), keeping any
rolls an experiment forced (``game.forced_rolls``). Playouts use the game's
heuristic policy (``tabletop.bots.heuristic_module``), or random moves for a game
without one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.bots.registry import heuristic_module
from tabletop.bots.search import advance, random_policy
from tabletop.core import Game, Outcome, Rng

Policy = Callable[[Game, Any, Rng], tuple[Any, Rng]]

#: Playouts longer than this are cut off and count as won by nobody.
MAX_PLAYOUT = 3000


def rollout_policy(game: Game) -> Policy:
    """The game's heuristic policy on full states, or random legal moves."""
    module = heuristic_module(game)
    return module.policy if module is not None else random_policy


def split(rng: Rng) -> tuple[Rng, Rng]:
    """An independent generator drawn from ``rng``, and ``rng`` moved on."""
    value, rng = rng.below(1 << 62)
    return Rng.from_seed(value), rng


def sample_world(game: Game, state: Any, seat: int | None, rng: Rng) -> Any:
    """A world as ``seat`` may believe it to be (``None``: the true state), with
    fresh dice to come."""
    if seat is not None:
        state = game.determinize(game.view(state, seat), seat, rng)
        rng = Rng.from_seed(rng.below(1 << 62)[0])
    forced = tuple(game.forced_rolls(state))
    return game.reseed(state, Rng(rng.counter, forced))


def play_to_end(
    game: Game, state: Any, policy: Policy, rng: Rng, limit: int = MAX_PLAYOUT
) -> int | None:
    """The winner when ``policy`` plays every seat from ``state`` (``None``: nobody
    won, or the playout reached ``limit`` actions)."""
    outcome = play_to_outcome(game, state, policy, rng, limit)
    return outcome.winner if outcome is not None else None


def play_to_outcome(
    game: Game, state: Any, policy: Policy, rng: Rng, limit: int = MAX_PLAYOUT
) -> Outcome | None:
    """How the game ends when ``policy`` plays every seat (``None``: cut off)."""
    applied = 0
    while applied < limit:
        outcome = game.outcome(state)
        if outcome is not None:
            return outcome
        state, rng, steps = advance(game, state, policy, rng, limit - applied)
        applied += steps
    return game.outcome(state)
