"""Engine speed: decisions per second, games per second and timeline jumps.

Run ``python benchmarks/engine.py [--games N]``. For every game in ``GAMES`` and 2
and 4 players it prints decisions per second (a decision = ``legal_actions`` +
``apply``, timed alone) under two seeded random policies and the game's heuristic
bot (if it has one), playouts per second (wall
time, policy included), how many of them finished, and the cost of ``goto`` to
step 10 and to step 10,000 of a long match.
Figures only; nothing here is asserted. Add a game by adding a line to ``GAMES``.
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

GAMES: list[tuple[str, Callable[[int], Game]]] = [
    ("pitfall", lambda players: Pitfall(players=players)),
    ("raiders", lambda players: Raiders(players=players)),
]
"""(name, players -> game) for every game measured."""

CAP = 2000  # decisions per playout at most


def uniform(game, state, legal, rng: Rng):
    """Any legal action, all equally likely."""
    i, rng = rng.below(len(legal))
    return legal[i], rng


def by_kind(game, state, legal, rng: Rng):
    """A kind of action first (roll, exchange, move...), then one of that kind."""
    kinds: dict[str, list] = {}
    for action in legal:
        kinds.setdefault(type(action).__name__, []).append(action)
    names = sorted(kinds)
    i, rng = rng.below(len(names))
    return uniform(game, state, kinds[names[i]], rng)


def policies(game: Game) -> list[tuple[str, Callable]]:
    """The policies to measure: two random ones, and the game's heuristic bot's
    rollout policy if it has one (its games reach an end)."""
    out: list[tuple[str, Callable]] = [("uniform", uniform), ("by kind", by_kind)]
    module = heuristic_module(game)
    if module is not None and hasattr(module, "policy"):
        out.append(("heuristic", lambda g, s, legal, rng: module.policy(g, s, rng)))
    return out


def playouts(game: Game, games: int, policy) -> tuple[int, int, float, float, float]:
    """Seeded playouts; returns (decisions, finished games, seconds spent in
    ``legal_actions`` + ``apply``, wall seconds and CPU seconds of the whole run)."""
    decisions = finished = 0
    engine = 0.0
    clock = time.perf_counter
    cpu = time.process_time()
    start = clock()
    for seed in range(games):
        state, rng = game.initial_state(seed), Rng.from_seed(seed)
        for _ in range(CAP):
            t0 = clock()
            legal = game.legal_actions(state)
            t1 = clock()
            if not legal:
                break
            action, rng = policy(game, state, legal, rng)
            t2 = clock()
            state, _ = game.apply(state, action)
            engine += (t1 - t0) + (clock() - t2)
            decisions += 1
        finished += game.outcome(state) is not None
    return decisions, finished, engine, clock() - start, time.process_time() - cpu


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
    """Microseconds for ``goto(step)`` and reading the state there."""
    start = time.perf_counter()
    for _ in range(repeat):
        match.goto(step)
        match.state  # noqa: B018  (reading the state is part of the jump)
    return (time.perf_counter() - start) / repeat * 1e6


def report(name: str, make: Callable[[int], Game], games: int) -> None:
    for players in (2, 4):
        game = make(players)
        print(f"{name}, {players} players, {games} seeded playouts (cap {CAP})")
        for label, policy in policies(game):
            decisions, finished, engine, wall, cpu = playouts(game, games, policy)
            rate, per_game = decisions / engine, games / wall
            # On a busy machine wall time includes waiting: scale the engine's share
            # of the run to CPU time for a figure per second of one core.
            per_cpu = decisions / (cpu * engine / wall)
            print(
                f"  {label:<9} decisions/s {rate:9.0f} (per CPU s {per_cpu:7.0f})   "
                f"games/s {per_game:6.1f}   finished {finished}/{games}"
            )
    game = make(2)
    start = time.perf_counter()
    match = long_match(game, 10_000)
    built = time.perf_counter() - start
    print(f"{name}, a 10,000-step match built in {built:.2f} s")
    print(f"  goto(10)     {goto_cost(match, 10):6.2f} us")
    print(f"  goto(10000)  {goto_cost(match, 10_000):6.2f} us")
    start = time.perf_counter()
    Match.from_json(match.to_json())
    print(f"  load (replay + digest) {time.perf_counter() - start:.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args()
    for name, make in GAMES:
        report(name, make, args.games)


if __name__ == "__main__":
    main()
