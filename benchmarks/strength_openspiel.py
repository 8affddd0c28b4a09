"""OpenSpiel's ISMCTS against our bots, through the OpenSpiel adapter.

For each game (2 players, ISMCTS's seat alternating game by game): ISMCTS against
our heuristic bot, and ISMCTS against our search bot at equal time per decision (our
search bot checks its clock only between iterations and overruns the budget it is
given, and more in some positions than in others: its mean time is measured first,
and during each game ISMCTS keeps pace with the time search has actually taken).
Prints win rates with 95% Wilson intervals, the measured seconds per decision of each
side, ISMCTS's simulations per decision, and game lengths.

ISMCTS is OpenSpiel's Python ``ISMCTSBot`` with a time budget, worlds sampled by our
``determinize``, and leaves scored by our heuristic's ``evaluate`` (OpenSpiel's
random rollouts are too slow in Python to be useful at these budgets: one random
Pitfall game takes seconds and rarely ends). See ``tabletop/adapters/ismcts.py``.

Run: ``python benchmarks/strength_openspiel.py [--games 20] [--search-games 6]
[--seconds 0.05] [--search-seconds 0.05] [--workers 2]``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from tabletop.sim.stats import Rate


def _duel(args: tuple) -> object:
    from tabletop.adapters.ismcts import duel

    name, opponent, seed, seconds, theirs = args
    return duel(name, opponent, seed, seconds, opponent_seconds=theirs, match_time=True)


def _pairing(
    name: str,
    opponent: str,
    games: int,
    opts: argparse.Namespace,
    seconds: float,
    theirs: float | None = None,
) -> None:
    jobs = [(name, opponent, opts.seed + g, seconds, theirs) for g in range(games)]
    start = time.perf_counter()
    if opts.workers > 1:
        with ProcessPoolExecutor(opts.workers) as pool:
            duels = list(pool.map(_duel, jobs))
    else:
        duels = [_duel(j) for j in jobs]
    took = time.perf_counter() - start
    wins = sum(d.winner == d.ismcts_seat for d in duels)
    drawn = sum(d.winner is None for d in duels)
    theirs = len(duels) - wins - drawn
    print(f"  ISMCTS vs {opponent}: {len(duels)} games in {took:.0f} s")
    print(f"    ISMCTS   wins {Rate(wins, len(duels))}")
    print(f"    {opponent:8s} wins {Rate(theirs, len(duels))}")
    print(f"    no winner (length cap): {drawn}")
    mean = statistics.fmean
    ms_ismcts = 1000 * mean(d.ismcts_seconds for d in duels)
    ms_ours = 1000 * mean(d.our_seconds for d in duels)
    print(
        f"    ms per decision: ISMCTS {ms_ismcts:.1f}, {opponent} {ms_ours:.2f};"
        f" ISMCTS simulations per decision {mean(d.simulations for d in duels):.1f}"
    )
    lengths = [d.decisions for d in duels]
    print(
        f"    decisions per game: median {statistics.median(lengths):.0f},"
        f" range {min(lengths)}-{max(lengths)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="vs the heuristic")
    parser.add_argument("--search-games", type=int, default=6, help="vs search")
    parser.add_argument("--seconds", type=float, default=0.05, help="vs heuristic")
    parser.add_argument("--search-seconds", type=float, default=0.05)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", choices=["pitfall", "raiders"], default=None)
    opts = parser.parse_args()
    for name in [opts.only] if opts.only else ["raiders", "pitfall"]:
        print(f"{name}, 2 players:")
        print(f"  ISMCTS given {opts.seconds} s per decision")
        if opts.games:
            _pairing(name, "heuristic", opts.games, opts, opts.seconds)
        if opts.search_games:
            from tabletop.adapters.ismcts import search_seconds

            equal = search_seconds(name, opts.search_seconds)
            print(
                f"  our search given {opts.search_seconds} s per decision takes "
                f"{equal:.3f} s: ISMCTS starts at {equal:.3f} s and keeps pace"
            )
            theirs = opts.search_seconds
            _pairing(name, "search", opts.search_games, opts, equal, theirs)


if __name__ == "__main__":
    main()
