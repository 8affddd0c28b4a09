"""Simulation speed: playouts per second with heuristic bots, on 1 and 2 workers,
from the start of a game and from a mid-game state, for both games.

The target: 1,000 heuristic 4-player playouts from mid-game in under 10 s on a
2-core machine. Run: ``python benchmarks/sim.py [--playouts 1000] [--players 4]``.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from functools import partial

from tabletop.bots import make_bot, play_out
from tabletop.core import Match
from tabletop.core.match import game_from_spec
from tabletop.sim import ResultTable, run_games, run_playouts


def mid_game(name: str, players: int, seed: int) -> Match:
    """A match halfway through a heuristic game (by its number of actions)."""
    game = game_from_spec(name, {"players": players})
    bots = [make_bot("heuristic", game, seat) for seat in range(players)]
    full = play_out(game, game.initial_state(seed), bots)
    match = Match(game, seed)
    bots = [make_bot("heuristic", game, seat) for seat in range(players)]
    for _ in range(full.steps // 2):
        seat = match.to_move()
        match.play(bots[seat].choose(game.view(match.state, seat)))
    return match


def _cpu() -> float:
    """CPU seconds used by this process and its finished workers (the machine is
    shared, so wall-clock figures alone understate the speed)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def _measure(label: str, run: Callable[[], ResultTable]) -> None:
    start, cpu = time.perf_counter(), _cpu()
    table = run()
    took, cpu = time.perf_counter() - start, _cpu() - cpu
    n = len(table)
    mean = sum(table.column("length")) / n if n else 0
    print(
        f"  {label:30s} {n:5d} in {took:6.2f} s = {n / took:6.1f}/s "
        f"({mean:.0f} actions each; {cpu:.1f} CPU s, "
        f"{n * mean / cpu:,.0f} actions per CPU s)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--playouts", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--only", choices=("pitfall", "raiders"), default=None)
    args = parser.parse_args()
    n, players, seed = args.playouts, args.players, args.seed
    for name in [args.only] if args.only else ["pitfall", "raiders"]:
        print(f"{name}, {players} players, heuristic bots:")
        match = mid_game(name, players, seed)
        for workers in (1, 2):
            _measure(
                f"from the start, {workers} worker(s)",
                partial(run_games, name, n, bots="heuristic", players=players,
                        seed=seed, workers=workers, progress=False),
            )  # fmt: skip
            _measure(
                f"from step {match.cursor}, {workers} worker(s)",
                partial(run_playouts, match, n, bots="heuristic", seed=seed,
                        workers=workers, progress=False),
            )  # fmt: skip


if __name__ == "__main__":
    main()
