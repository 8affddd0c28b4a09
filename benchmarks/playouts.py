"""Playout speed from a named position of a shipped save.

1,000 heuristic playouts from a named mid-game position of a 4-player game of each
game, the last step of the shipped saves ``notebooks/saves/pitfall_4p_seed12.json``
(step 80: a turn's start, three seats holding treasure) and
``notebooks/saves/raiders_4p_seed5.json`` (step 40), made by
``notebooks/saves/make_saves.py``, on 2 workers: wall seconds and CPU seconds (this
process and its workers). The target (fast playouts): at most 2 s of wall time and
4 CPU seconds per 1,000 playouts.

Run: ``python benchmarks/playouts.py [--playouts 1000] [--workers 2] [--only NAME]``.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from tabletop.core import Match
from tabletop.sim import run_playouts

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = (
    ("notebooks/saves/pitfall_4p_seed12.json", 80),
    ("notebooks/saves/raiders_4p_seed5.json", 40),
)


def _cpu() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--playouts", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", choices=("pitfall", "raiders"), default=None)
    args = parser.parse_args()
    for path, step in POSITIONS:
        if args.only and not Path(path).name.startswith(args.only):
            continue
        match = Match.load(ROOT / path)
        match.goto(step)
        start, cpu = time.perf_counter(), _cpu()
        table = run_playouts(
            match,
            args.playouts,
            bots="heuristic",
            seed=1,
            workers=args.workers,
            progress=False,
        )
        wall, cpu = time.perf_counter() - start, _cpu() - cpu
        lengths = table.column("length")
        print(
            f"{path} step {step} ({match.game.players} players): "
            f"{len(table)} playouts in {wall:.2f} s wall, {cpu:.2f} CPU s "
            f"on {args.workers} workers; {sum(lengths) / len(lengths):.0f} actions "
            f"each, {sum(lengths) / cpu:,.0f} actions per CPU s"
        )


if __name__ == "__main__":
    main()
