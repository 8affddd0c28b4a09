"""Playouts cut after D actions and finished by the value model: accuracy at equal CPU.

On the held-out positions of ``benchmarks/value.py`` (their 1,000-playout
references cached in ``benchmarks/results/value-<game>.jsonl``; each position
rebuilt by replaying its self-play game), every depth of ``--depths`` answers
``evaluate(state, seat, cpu_seconds=--cpu, depth=D)`` (``full``: no cut, the
playouts as the table plays them) with the same CPU budget per answer, and is
compared with the reference: the mean absolute error per seat in points, and
its difference from the full playouts' with the paired standard error over the
positions (a depth wins "measurably" when that difference is below zero by more
than twice its standard error). CPU per answer and playouts per answer are
printed beside: a cut playout is cheaper, so more of them fit in the budget.

The model is loaded once per player count (``model=``); its loading is not timed.
CPU seconds of the evaluating thread (``Evaluation.cpu_seconds``). Every answer
goes to ``benchmarks/results/depth-<game>-<cpu>s.jsonl`` (a rerun recomputes). Figures
only; nothing is asserted.

``--budget N`` caps the playouts of an answer as the table's bar does (400), its
rows then in ``depth-<game>-<cpu>s-<N>.jsonl``.

Run: ``OPENBLAS_NUM_THREADS=1 nice -n 19 python benchmarks/playout_depth.py
--game pitfall [--depths full,10,25,50,100] [--cpu 0.5] [--every 1]
[--budget 400]``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
from pathlib import Path
from typing import Any

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

RESULTS = Path(__file__).resolve().parent / "results"
UNCAPPED = 1_000_000  # playouts: as many as the CPU budget allows
SEED = 7919  # the held-out self-play games of benchmarks/value.py


def answers(name: str, depths: list[int | None], cpu: float, every: int, budget: int):
    """One row per (position, depth): the answer, its error, its cost."""
    from tabletop.analysis import evaluate
    from tabletop.analysis.selfplay import play_game
    from tabletop.analysis.value import load_value_model
    from tabletop.core.registry import lookup

    entry = lookup(name)
    lines = (RESULTS / f"value-{name}.jsonl").read_text().splitlines()
    references = [json.loads(line) for line in lines][::every]
    models: dict[int, Any] = {}
    capped = f"-{budget}" if budget < UNCAPPED else ""
    out = RESULTS / f"depth-{name}-{cpu:g}s{capped}.jsonl"
    rows = []
    with out.open("w") as sink:
        for n, ref in enumerate(references, 1):
            players = ref["players"]
            if players not in models:
                models[players] = load_value_model(entry.make(players=players))
            model = models[players]
            state = play_game(model.game, SEED, ref["index"])[0][ref["step"]]
            for depth in depths:
                found = evaluate(
                    state, ref["seat"], budget, game=model.game, seed=3,
                    cpu_seconds=cpu, model=model, depth=depth,
                )  # fmt: skip
                error = statistics.mean(
                    abs(a - b)
                    for a, b in zip(found.probabilities, ref["reference"], strict=True)
                )
                row = {"players": players, "index": ref["index"], "step": ref["step"],
                       "seat": ref["seat"], "stage": ref["stage"], "depth": depth,
                       "n": found.n, "cpu": found.cpu_seconds, "error": error,
                       "chances": found.probabilities}  # fmt: skip
                rows.append(row)
                sink.write(json.dumps(row) + "\n")
            sink.flush()
            print(f"{n}/{len(references)}", file=sys.stderr, flush=True)
    return rows


def table(rows: list[dict[str, Any]], depths: list[int | None]) -> list[str]:
    """MAE, its paired difference from the full playouts', CPU and playouts."""
    by = {d: [r for r in rows if r["depth"] == d] for d in depths}
    full = by.get(None)
    lines = [
        "| depth | positions | MAE (points) | minus full's (± 1 s.e.) | CPU s per "
        "answer | playouts per answer |",
        "|---|---|---|---|---|---|",
    ]
    for depth, chosen in by.items():
        mae = 100 * statistics.mean(r["error"] for r in chosen)
        diff = ""
        if full is not None and depth is not None:
            deltas = [
                100 * (a["error"] - b["error"])
                for a, b in zip(chosen, full, strict=True)
            ]
            se = statistics.stdev(deltas) / math.sqrt(len(deltas))
            diff = f"{statistics.mean(deltas):+.2f} ± {se:.2f}"
        lines.append(
            f"| {'full' if depth is None else depth} | {len(chosen)} | {mae:.2f} | "
            f"{diff} | {statistics.mean(r['cpu'] for r in chosen):.3f} | "
            f"{statistics.median(r['n'] for r in chosen):.0f} |"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="pitfall")
    parser.add_argument("--depths", default="full,10,25,50,100")
    parser.add_argument("--cpu", type=float, default=0.5)
    parser.add_argument("--every", type=int, default=1, help="every k-th position")
    parser.add_argument(
        "--budget",
        type=int,
        default=UNCAPPED,
        help="at most this many playouts an answer (the table's bar: 400)",
    )
    args = parser.parse_args()
    depths = [None if d == "full" else int(d) for d in args.depths.split(",")]
    rows = answers(args.game, depths, args.cpu, args.every, args.budget)
    cap = f", at most {args.budget:,} playouts" if args.budget < UNCAPPED else ""
    print(f"{args.game}: {args.cpu} CPU s per answer{cap}, against 1,000 playouts")
    print("\n".join(table(rows, depths)))


if __name__ == "__main__":
    main()
