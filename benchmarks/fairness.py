"""Fairness report speed: games per second per worker for each game and bot mix,
the CPU-time speed-up from one dask worker to two, and the time of a 10,000-game
Easy-bot comparison (10,000 games under the rulings and 10,000 under a house
rule) on a local dask cluster.

Run: ``python benchmarks/fairness.py [--games 200] [--players 3]
[--comparison-games 10000] [--only raiders] [--skip-comparison]``.

Figures printed:

- per worker: one process plays ``--games`` games of each game and bot mix
  (``executor="local"``, the leaders named by the game's evaluation, as in a
  comparison with a house rule); games per CPU second of that process, which is
  what one worker of a cluster does;
- the skilled bot: games per CPU second with one Medium bot (20 iterations a
  decision) among Easy bots;
- 1 -> 2 workers: the same comparison on a dask LocalCluster of one worker,
  then of two; the wall-clock seconds, each worker's CPU seconds (read in the
  workers), and the CPU-time speed-up: the one worker's CPU seconds over the
  busier of the two workers' (how evenly the work splits, whatever else the
  machine runs), beside the wall-clock speed-up;
- the comparison: ``--comparison-games`` games per rule set on two workers,
  its wall-clock and CPU seconds.

The machine's load average is printed before and after: on a shared machine
the wall-clock figures depend on it, the CPU figures much less.
"""

from __future__ import annotations

import argparse
import os
import time

from tabletop.sim import fairness

HOUSE = {"pitfall": {"climb_needs_card": True}, "raiders": {"win_by_landing": True}}
"""The house rule each game's comparison plays against the rulings."""
MIXES = ("Easy", "random", "Easy,random")


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f} on {os.cpu_count()} CPUs"


def per_worker(name: str, players: int, games: int) -> None:
    """Games per CPU second of one process, per bot mix."""
    for mix in MIXES:
        cpu = time.process_time()
        report = fairness(
            name, players, against=HOUSE[name], games=games, bots=mix, skill=None,
            executor="local", progress=False,
        )  # fmt: skip
        spent = time.process_time() - cpu
        played = 2 * games
        actions = report.tallies[0, mix].actions
        mean = sum(k * v for k, v in actions.items()) / max(1, sum(actions.values()))
        print(
            f"  {name:8s} {mix:12s} {played:5d} games, {spent:6.1f} CPU s: "
            f"{played / spent:6.1f} games per CPU s per worker "
            f"({mean:.0f} actions a game)"
        )


def skilled(name: str, players: int, games: int) -> None:
    cpu = time.process_time()
    fairness(
        name, players, games=1, bots="Easy", skill="Medium", skill_games=games,
        iterations=20, executor="local", progress=False,
    )  # fmt: skip
    spent = time.process_time() - cpu
    print(
        f"  {name:8s} one Medium (20 iterations) among Easy: {games} games, "
        f"{spent:.1f} CPU s: {games / spent:.3f} games per CPU s per worker"
    )


def on_cluster(name: str, players: int, games: int, workers: int) -> tuple:
    """Wall seconds and each worker's CPU seconds of one comparison."""
    from dask.distributed import Client, LocalCluster

    with (
        LocalCluster(
            n_workers=workers, threads_per_worker=1, dashboard_address=None,
            silence_logs=50,
        ) as cluster,
        Client(cluster) as client,
    ):  # fmt: skip
        before = client.run(time.process_time)
        start = time.perf_counter()
        report = fairness(
            name, players, against=HOUSE[name], games=games, bots="Easy",
            skill=None, executor=client, progress=False,
        )  # fmt: skip
        wall = time.perf_counter() - start
        after = client.run(time.process_time)
    cpu = [after[w] - before[w] for w in after]
    return wall, cpu, report


def speed_up(name: str, players: int, games: int) -> None:
    wall1, cpu1, one = on_cluster(name, players, games, 1)
    wall2, cpu2, two = on_cluster(name, players, games, 2)
    assert one.to_dict() == two.to_dict(), "1 and 2 workers gave other figures"
    print(
        f"  {name:8s} {2 * games} games: 1 worker {wall1:.1f} s wall, "
        f"{cpu1[0]:.1f} CPU s; 2 workers {wall2:.1f} s wall, CPU s "
        f"{', '.join(f'{c:.1f}' for c in cpu2)}; CPU-time speed-up "
        f"{cpu1[0] / max(cpu2):.2f}, wall-clock speed-up {wall1 / wall2:.2f} "
        "(the same figures)"
    )


def comparison(name: str, players: int, games: int) -> None:
    wall, cpu, report = on_cluster(name, players, games, 2)
    print(
        f"  {name:8s} {games:,} games per rule set (Easy bots, {players} players, "
        f"rulings against {', '.join(HOUSE[name])}): {wall:.0f} s wall, "
        f"{sum(cpu):.0f} CPU s over 2 workers"
    )
    print("    " + str(report).replace("\n", "\n    "))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--skill-games", type=int, default=4)
    parser.add_argument("--speed-up-games", type=int, default=400)
    parser.add_argument("--comparison-games", type=int, default=10_000)
    parser.add_argument("--only", choices=sorted(HOUSE), default=None)
    parser.add_argument("--skip-comparison", action="store_true")
    args = parser.parse_args()
    names = [args.only] if args.only else sorted(HOUSE)
    print(f"before: {load()}")
    print("Games per CPU second of one worker, each comparison playing both rule sets:")
    for name in names:
        per_worker(name, args.players, args.games)
    print("The skilled bot's games:")
    for name in names:
        skilled(name, args.players, args.skill_games)
    print("One dask worker, then two (a LocalCluster), the same comparison:")
    for name in names:
        speed_up(name, args.players, args.speed_up_games)
    if not args.skip_comparison:
        print("The comparison on a LocalCluster of two workers:")
        for name in names:
            comparison(name, args.players, args.comparison_games)
    print(f"after: {load()}")


if __name__ == "__main__":
    main()
