"""The table explored long: random gestures on every installed game, checked.

Run ``python benchmarks/explore.py [--gestures 100000] [--walk 200] [--workers 2]``.
It runs seeded random walks of the table explorer (``tests/explorer.py``: the
gestures people make, running the cell again and Start fresh included, with the
invariants checked after each) over every installed game, through the plain table
logic and (one walk in ``--notebook-every``) the notebook table, in parallel
processes, until the gestures are made. Every walk's table (game, 2-6 seats of
humans and Easy or random bots, hand-over on or off, autosave in a scratch folder)
is drawn from its seed, so a finding is reproduced by its seed alone.

It prints the gestures tried per game and screen, the CPU time of the walks (per
gesture too: the cost of one gesture and its checks, not a speed target), the
wall time, and every finding with its table and gestures. The CI test
(``tests/test_table_explorer.py``) runs the same explorer bounded.

``--transports`` explores the seat page's two transports instead
(``tests/transports.py``): the seat server's room and the static site's room of
one device are given the same deal (one human seat, 1-3 Easy or random bots) and
the same frames (plays, stale and early taps, nonsense, malformed frames, pings,
looking back, bot moves), and every answer of one must be the other's
(``tests/test_page_transports.py`` runs it bounded in CI).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.explorer import Finding, Setup, installed_games, walk  # noqa: E402


def one_walk(task: tuple[str, str, int, int]) -> tuple[str, str, int, float, str]:
    """One seeded walk: (game, screen, gestures made, CPU seconds, finding)."""
    game, screen, seed, length = task
    if screen == "transports":
        return transports_walk(game, seed, length)
    setup = Setup.drawn(random.Random(seed), game, screen)
    started = time.process_time()
    try:
        explored = walk(setup, length, seed)
        made, found = len(explored.gestures), ""
    except Finding as finding:
        made, found = length, f"walk seed {seed}: {finding}"
    return game, screen, made, time.process_time() - started, found


def transports_walk(
    game: str, seed: int, length: int
) -> tuple[str, str, int, float, str]:
    """One seeded walk of both transports with the same frames."""
    from tabletop.core.registry import make_game
    from tests import transports

    rng = random.Random(seed)
    most = max(2, min(4, make_game(game).players))
    players = rng.randint(2, most) if most > 2 else 2
    seats = ["human", *rng.choices(("heuristic", "random"), k=players - 1)]
    started = time.process_time()
    found, _, made = transports.walk(game, seats, seed, length)
    cpu = time.process_time() - started
    return (
        game,
        "transports",
        made,
        cpu,
        "" if found is None else f"walk seed {seed}: {found}",
    )


def tasks(args: argparse.Namespace) -> list[tuple[str, str, int, int]]:
    games = installed_games()
    walks = -(-args.gestures // args.walk)
    out = []
    for number in range(walks):
        screen = "notebook" if number % args.notebook_every == 0 else "logic"
        if args.transports:
            screen = "transports"
        seed = args.seed * 1_000_003 + number
        out.append((games[number % len(games)], screen, seed, args.walk))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gestures", type=int, default=100_000)
    parser.add_argument("--walk", type=int, default=200, help="gestures per walk")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--notebook-every",
        type=int,
        default=4,
        help="one walk in N on the notebook table (the rest on the table logic)",
    )
    parser.add_argument(
        "--transports",
        action="store_true",
        help="the seat server's room and the site's room, given the same frames",
    )
    args = parser.parse_args()
    work = tasks(args)
    made: Counter[tuple[str, str]] = Counter()
    cpu: Counter[tuple[str, str]] = Counter()
    findings: list[str] = []
    wall = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        for game, screen, count, seconds, found in pool.map(one_walk, work):
            made[game, screen] += count
            cpu[game, screen] += seconds
            if found:
                findings.append(found)
                print("FINDING", found, flush=True)
    wall = time.perf_counter() - wall
    print(f"explored {len(work)} walks of {args.walk} gestures, {args.workers} workers")
    print(
        f"{'game':10} {'screen':9} {'gestures':>9} {'CPU s':>8} {'CPU ms/gesture':>15}"
    )
    for key in sorted(made):
        per = 1000 * cpu[key] / max(1, made[key])
        print(f"{key[0]:10} {key[1]:9} {made[key]:9d} {cpu[key]:8.1f} {per:15.2f}")
    total = sum(made.values())
    print(f"gestures tried: {total}")
    print(f"CPU time of the walks (all workers): {sum(cpu.values()):.1f} s")
    print(f"wall time: {wall:.1f} s")
    print(f"findings: {len(findings)}")


if __name__ == "__main__":
    main()
