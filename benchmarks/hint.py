"""The hint from the value model against the hint from playouts: time and agreement.

For one game (``--game``), ``--positions`` held-out decisions (self-play games of
the heuristic, base seed ``SEED``, which training never plays; 2-4 players in
turn within the game's range, one position per game drawn at 5-95% of it, the
seat to move there; only decisions with at least two legal moves):

- **the reference**: every candidate of the playout hint (``width`` 6) and the
  picks of the model and of ``both``, played out in the same ``--playouts``
  (400) worlds sampled from the mover's knowledge (``review.move_values``,
  common dice); its best move is the one that won most often;
- **the model hint**: ``hint(match, method="model", model=...)``;
- **the table's playout hint**: ``hint(match, 24, width=4)`` (the review tab's
  sizes), and ``method="both"`` with the same sizes.

For each: how often its move is the reference's best (a tie in the reference
counts as agreeing), and its *regret*: the reference's best chance minus the
reference's chance of its move, in points (0 when it agrees). The reference's
best is the best of its candidates only: a legal move none of the hints names
and the playout hint does not try is not judged.

Time, CPU seconds of this process (``time.process_time``, one thread):

- ``model, cold``: in a fresh process, the first model hint, numpy's import and
  the weights' loading and check included (``--cold`` runs that process);
- ``model, weights loaded per call``: ``hint(method="model")`` again with no
  ``model=`` (imports warm; ``LOADED_MODELS`` emptied first, so it loads: what
  a caller's first hint costs; ``benchmarks/value_calls.py`` times later ones);
- ``model, model given``: the hint with a loaded model (what the table does);
- the table's playout hint, ``both``, and the reference.

Every row goes to ``benchmarks/results/hint-<game>.jsonl`` (a rerun recomputes).
Figures only; nothing is asserted.

Run: ``OPENBLAS_NUM_THREADS=1 nice -n 19 python benchmarks/hint.py --game raiders
[--positions 50] [--playouts 400]``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

RESULTS = Path(__file__).resolve().parent / "results"
SEED = 7919
TABLE = (24, 4)  # the review tab's budget and width


def cold(name: str) -> None:
    """Time the first model hint of a fresh process (numpy not yet imported)."""
    from tabletop.analysis import hint
    from tabletop.analysis.playouts import rollout_policy
    from tabletop.core import Match, Rng, make_game

    game = make_game(name, players=2)
    state, rng, policy = (
        game.initial_state(SEED),
        Rng.from_seed(1),
        rollout_policy(game),
    )
    for _ in range(12):
        action, rng = policy(game, state, rng)
        state, _ = game.apply(state, action)
    assert "numpy" not in sys.modules
    start = time.process_time()
    hint(Match.from_state(game, state), method="model")
    print(json.dumps({"cold": time.process_time() - start}))


def positions(name: str, count: int) -> list[tuple[Any, Any, dict[str, Any]]]:
    """(game, state, row) of ``count`` held-out decisions."""
    import numpy as np

    from tabletop.analysis.selfplay import play_game
    from tabletop.core.registry import lookup

    entry = lookup(name)
    low, high = entry.players
    counts = [p for p in (2, 3, 4) if low <= p <= high]
    games = {p: entry.make(players=p) for p in counts}
    found, index = [], 0
    while len(found) < count:
        players = counts[index % len(counts)]
        game = games[players]
        states, _ = play_game(game, SEED, index)
        rng = np.random.default_rng([SEED, index])
        step = int(len(states) * rng.uniform(0.05, 0.95))
        state = states[step]
        if len(game.legal_actions(state)) >= 2:
            row = {"players": players, "index": index, "step": step}
            found.append((game, state, row))
        index += 1
    return found


def timed(call: Any) -> tuple[Any, float]:
    start = time.process_time()
    result = call()
    return result, time.process_time() - start


def measure(game: Any, state: Any, row: dict[str, Any], model: Any, budget: int):
    """One position: every hint, its time, and the reference."""
    from tabletop.analysis import hint
    from tabletop.analysis.playouts import sample_world, split
    from tabletop.analysis.review import candidates_for, move_values
    from tabletop.bots.registry import heuristic_module
    from tabletop.core import Match, Rng

    match = Match.from_state(game, state)
    mover = game.to_move(state)
    by_model, row["model_s"] = timed(lambda: hint(match, method="model", model=model))
    table, row["table_s"] = timed(lambda: hint(match, TABLE[0], width=TABLE[1]))
    both, row["both_s"] = timed(
        lambda: hint(match, TABLE[0], width=TABLE[1], method="both", model=model)
    )
    # The reference's candidates: the default playout hint's six, chosen as the
    # hint chooses them, and the model's pick.
    pick_rng, _ = split(Rng.from_seed(0))
    world_rng, pick_rng = split(pick_rng)
    world = sample_world(game, state, mover, world_rng)
    module = heuristic_module(game)
    first = module.policy(game, world, pick_rng)[0]
    candidates = candidates_for(game, world, first, 6, pick_rng)
    for found in (by_model, both):
        if found.best not in candidates:
            candidates.append(found.best)
    (scores, _), row["reference_s"] = timed(
        lambda: move_values(game, state, mover, candidates, budget, Rng.from_seed(99))
    )
    chance = {str(a): sum(s) / budget for a, s in zip(candidates, scores, strict=True)}
    row["reference"] = chance
    row["legal"] = len(game.legal_actions(state))
    for label, found in (("model", by_model), ("table", table), ("both", both)):
        row[label] = str(found.best)
    return row


def summary(rows: list[dict[str, Any]], label: str) -> str:
    known = [r for r in rows if r[label] in r["reference"]]
    regrets = [max(r["reference"].values()) - r["reference"][r[label]] for r in known]
    agree = sum(1 for g in regrets if g == 0)
    times = [r[f"{label}_s"] * 1000 for r in rows]
    return (
        f"| {label} | {agree}/{len(known)} ({agree / max(len(known), 1):.0%}) | "
        f"{statistics.mean(regrets) * 100:.1f} | {max(regrets) * 100:.1f} | "
        f"{len(rows) - len(known)} | {statistics.median(times):.1f} | "
        f"{statistics.mean(times):.1f} | {max(times):.1f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="raiders")
    parser.add_argument("--positions", type=int, default=50)
    parser.add_argument("--playouts", type=int, default=400)
    parser.add_argument("--cold", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.cold:
        cold(args.game)
        return
    colds = [
        json.loads(
            subprocess.run(
                [sys.executable, __file__, "--game", args.game, "--cold"],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
        )["cold"]
        for _ in range(3)
    ]
    from tabletop.analysis import hint
    from tabletop.analysis.value import LOADED_MODELS, load_value_model
    from tabletop.core import Match

    found = positions(args.game, args.positions)
    game0, state0, _ = found[0]
    LOADED_MODELS.clear()
    _, per_call = timed(lambda: hint(Match.from_state(game0, state0), method="model"))
    models = {}
    RESULTS.mkdir(exist_ok=True)
    out = RESULTS / f"hint-{args.game}.jsonl"
    rows = []
    with out.open("w") as sink:
        for n, (game, state, row) in enumerate(found, 1):
            model = models.setdefault(game.players, load_value_model(game))
            rows.append(measure(game, state, row, model, args.playouts))
            sink.write(json.dumps(rows[-1]) + "\n")
            sink.flush()
            print(f"{n}/{len(found)}", file=sys.stderr, flush=True)
    print(f"{args.game}: {len(rows)} positions, reference {args.playouts} worlds")
    print(
        "model hint, cold (fresh process: numpy, weights, hint): "
        + ", ".join(f"{c * 1000:.0f}" for c in colds)
        + " CPU ms"
    )
    print(f"model hint, weights loaded by the call: {per_call * 1000:.1f} CPU ms")
    print(
        "| hint | agrees with the reference | mean regret (points) | max regret | "
        "move not in the reference | median CPU ms | mean CPU ms | max CPU ms |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for label in ("model", "table", "both"):
        print(summary(rows, label))
    reference = [r["reference_s"] for r in rows]
    print(
        f"reference: median {statistics.median(reference):.2f}, mean "
        f"{statistics.mean(reference):.2f} CPU s a position; legal moves median "
        f"{statistics.median(r['legal'] for r in rows)}, max "
        f"{max(r['legal'] for r in rows)}"
    )


if __name__ == "__main__":
    main()
