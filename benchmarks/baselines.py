"""Baseline bot tables: win rates with 95% Wilson intervals, seats rotated.

The search bots' strength targets are measured by ``benchmarks/strength.py``.

For each game: heuristic against random (2 players), search against heuristic
(2 players, with the search budget and the measured seconds per search decision),
and heuristic against heuristic (2 and 4 players: do games always end, and how long
are they). Run: ``python benchmarks/baselines.py [--games 200] [--search-games 40]``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from tabletop.bots import make_bot, play_out
from tabletop.core.match import game_from_spec
from tabletop.sim import BotSpec, run_games, summarize


def _pairing(name: str, bots: list[BotSpec], n: int, args: argparse.Namespace) -> None:
    start = time.perf_counter()
    table = run_games(
        name,
        n,
        bots=bots,
        players=len(bots),
        seed=args.seed,
        rotate=True,
        workers=args.workers,
        max_steps=args.max_steps,
        progress=False,
    )
    summary = summarize(table)
    took = time.perf_counter() - start
    label = " vs ".join(b.name for b in bots)
    print(f"  {label}: {summary.games} games in {took:.0f} s")
    if len(summary.by_bot) > 1:
        for bot, rate in summary.by_bot.items():
            print(f"    {bot:10s} wins {rate}")
    else:
        for seat, rate in enumerate(summary.by_seat):
            print(f"    seat {seat} wins {rate}")
    print(f"    no winner: {summary.no_winner} (cut off {summary.truncated})")
    print(f"    length: {summary.lengths}")


def _search_seconds(name: str, options: dict, samples: int) -> tuple[float, int]:
    """Mean seconds per real search decision (more than one legal action)."""
    game = game_from_spec(name, {"players": 2})
    search = make_bot("search", game, 1, **options)
    views = []

    def keep(state, action):
        if game.to_move(state) == 0 and len(game.legal_actions(state)) > 1:
            views.append(game.view(state, 0))

    heuristic = [make_bot("heuristic", game, s) for s in (2, 3)]
    play_out(game, game.initial_state(5), heuristic, on_step=keep)
    chosen = views[:: max(1, len(views) // samples)][:samples]
    times = []
    for view in chosen:
        start = time.perf_counter()
        search.choose(view)
        times.append(time.perf_counter() - start)
    return (statistics.fmean(times) if times else 0.0), len(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--search-games", type=int, default=40)
    parser.add_argument("--iterations", type=int, default=120)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--max-steps", type=int, default=5000)
    parser.add_argument("--only", choices=("pitfall", "raiders"), default=None)
    args = parser.parse_args()
    search = BotSpec.with_options("search", iterations=args.iterations)
    for name in [args.only] if args.only else ["pitfall", "raiders"]:
        print(f"{name}:")
        heur, rand = BotSpec("heuristic"), BotSpec("random")
        _pairing(name, [heur, rand], args.games, args)
        seconds, count = _search_seconds(name, {"iterations": args.iterations}, 20)
        print(
            f"  search: {args.iterations} iterations per decision, "
            f"{seconds:.3f} s per decision (mean of {count})"
        )
        _pairing(name, [search, heur], args.search_games, args)
        _pairing(name, [heur, heur], args.games, args)
        _pairing(name, [heur] * 4, args.games, args)


if __name__ == "__main__":
    main()
