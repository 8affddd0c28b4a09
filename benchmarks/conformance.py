"""Long conformance runs: the checked random playouts of the conformance tests, by
the thousand.

Run ``python benchmarks/conformance.py [--games N] [--game pitfall|raiders|all]``.
It plays the seeded games of ``tests/test_pitfall_conformance.py`` (cards, tokens
and full hands checked on every state) and ``tests/test_raiders_conformance.py``
(``check`` against the list on every step of every 10th game, a determinized view
checked at the end of every 50th), N per game (default 2,000; the tests play 400),
from ``--seed`` on. A failed check stops the run with its traceback. It prints, per
game, how many games ended, the clauses that happened (the rare ones the tests ask
for marked), and the CPU seconds. Figures only: the tests assert.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests import test_pitfall_conformance as pitfall  # noqa: E402
from tests import test_raiders_conformance as raiders  # noqa: E402

RUNS = {"pitfall": pitfall, "raiders": raiders}


def report(name: str, games: int, first_seed: int) -> str:
    """One game's run, in a few lines."""
    module = RUNS[name]
    started = time.process_time()
    finished, seen = module.conformance_run(games, first_seed)
    cpu = time.process_time() - started
    missing = sorted(module.RARE - seen)
    return "\n".join(
        [
            f"{name}: {games} games from seed {first_seed}, {finished} ended, "
            f"{cpu:.1f} CPU s",
            f"  clauses: {len(seen)}; rare ones missing: {missing or 'none'}",
        ]
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per game")
    parser.add_argument("--game", choices=[*RUNS, "all"], default="all")
    parser.add_argument("--seed", type=int, default=0, help="the first seed")
    args = parser.parse_args(argv)
    for name in RUNS if args.game == "all" else [args.game]:
        print(report(name, args.games, args.seed), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
