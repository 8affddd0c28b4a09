"""Engine speed: decisions per CPU second, cold and warm, and timeline jumps.

Run ``python benchmarks/engine.py [--games N] [--players 2 4] [--only NAME]``.
Figures only; nothing here is asserted.

What each figure times, exactly:

- ``random play, cold``: a NEW game object, then ``--games`` seeded playouts of
  uniform random play (cap ``CAP`` decisions each). A decision is
  ``legal_actions`` + one uniform choice + ``apply``; the figure is decisions per
  CPU second of the whole loop (``time.process_time``, setup of each game included),
  so memo caches a game object keeps start empty.
- ``random play, warm``: the same object again over the same seeds (any memo the
  game keeps is full now). Cold and warm apart show what a memo buys.
- ``heuristic play, cold``: as cold random play with the game's heuristic rollout
  policy choosing (its own cost included; these games reach an end).
- ``per call``: wall microseconds of ``legal_actions`` alone and ``apply`` alone,
  each timed around the single call, over one cold pass (timer overhead included).
- ``goto``/``load``: jumps along a 10,000-step match and loading its save
  (replay + digest), wall time.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop import Match  # noqa: E402
from tabletop.bots.registry import heuristic_module  # noqa: E402
from tabletop.core import Game, Rng  # noqa: E402
from tabletop.games.pitfall import Pitfall  # noqa: E402
from tabletop.games.raiders import Raiders  # noqa: E402

GAMES: dict[str, Callable[[int], Game]] = {
    "pitfall": lambda players: Pitfall(players=players),
    "raiders": lambda players: Raiders(players=players),
}
"""name -> (players -> a new game object) for every game measured."""

CAP = 2000  # decisions per playout at most


def uniform(game: Game, state, legal, rng: Rng):
    """Any legal action, all equally likely."""
    i, rng = rng.below(len(legal))
    return legal[i], rng


def heuristic(game: Game) -> Callable | None:
    module = heuristic_module(game)
    if module is None or not hasattr(module, "policy"):
        return None
    return lambda g, s, legal, rng: module.policy(g, s, rng)


def play(game: Game, games: int, policy) -> tuple[int, int, float, float]:
    """Seeded playouts: (decisions, finished games, CPU seconds, wall seconds)."""
    decisions = finished = 0
    cpu, wall = time.process_time(), time.perf_counter()
    for seed in range(games):
        state, rng = game.initial_state(seed), Rng.from_seed(seed)
        for _ in range(CAP):
            legal = game.legal_actions(state)
            if not legal:
                break
            action, rng = policy(game, state, legal, rng)
            state, _ = game.apply(state, action)
            decisions += 1
        finished += game.outcome(state) is not None
    return decisions, finished, time.process_time() - cpu, time.perf_counter() - wall


def per_call(game: Game, games: int) -> tuple[float, float]:
    """Mean wall microseconds of ``legal_actions`` and of ``apply`` (random play)."""
    clock = time.perf_counter
    listing = applying = 0.0
    calls = 0
    for seed in range(games):
        state, rng = game.initial_state(seed), Rng.from_seed(seed)
        for _ in range(CAP):
            t0 = clock()
            legal = game.legal_actions(state)
            listing += clock() - t0
            if not legal:
                break
            action, rng = uniform(game, state, legal, rng)
            t0 = clock()
            state, _ = game.apply(state, action)
            applying += clock() - t0
            calls += 1
    return listing / calls * 1e6, applying / calls * 1e6


def row(label: str, result: tuple[int, int, float, float], games: int) -> None:
    decisions, finished, cpu, wall = result
    print(
        f"  {label:<22} {decisions / cpu:9.0f} decisions per CPU s "
        f"({decisions} in {cpu:.2f} CPU s, {wall:.2f} s wall)   "
        f"finished {finished}/{games}"
    )


def long_match(game: Game, steps: int) -> Match:
    """A match of ``steps`` steps of uniform random play from seed 1."""
    match, rng = Match(game, seed=1), Rng.from_seed(1)
    while len(match) < steps:
        legal = match.legal_actions()
        if not legal:  # the game ended: go back a few steps and play on otherwise
            match.goto(max(0, match.cursor - 12))
            continue
        action, rng = uniform(game, match.state, legal, rng)
        match.play(action)
    return match


def goto_cost(match: Match, step: int, repeat: int = 20_000) -> float:
    """Wall microseconds for ``goto(step)`` and reading the state there."""
    start = time.perf_counter()
    for _ in range(repeat):
        match.goto(step)
        match.state  # noqa: B018  (reading the state is part of the jump)
    return (time.perf_counter() - start) / repeat * 1e6


def report(name: str, make: Callable[[int], Game], games: int, seats) -> None:
    for players in seats:
        print(f"{name}, {players} players, {games} seeded playouts (cap {CAP})")
        game = make(players)
        row("random play, cold", play(game, games, uniform), games)
        row("random play, warm", play(game, games, uniform), games)
        policy = heuristic(make(players))
        if policy is not None:
            row("heuristic play, cold", play(make(players), games, policy), games)
        listing, applying = per_call(make(players), games)
        print(
            f"  per call (wall)        legal_actions {listing:6.1f} us   "
            f"apply {applying:6.1f} us"
        )
    start = time.perf_counter()
    match = long_match(make(2), 10_000)
    print(f"{name}, a 10,000-step match built in {time.perf_counter() - start:.2f} s")
    print(f"  goto(10)     {goto_cost(match, 10):6.2f} us")
    print(f"  goto(10000)  {goto_cost(match, 10_000):6.2f} us")
    start = time.perf_counter()
    Match.from_json(match.to_json())
    print(f"  load (replay + digest) {time.perf_counter() - start:.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--only", choices=sorted(GAMES), default=None)
    args = parser.parse_args()
    for name, make in GAMES.items():
        if args.only in (None, name):
            report(name, make, args.games, args.players)


if __name__ == "__main__":
    main()
