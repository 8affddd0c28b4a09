"""The value model against what it replaces: playouts from the same seat's view.

For one game (``--game``), on held-out positions (self-play games of base seed
``SEED``, which training never plays: it uses seed 0 and its own game indices),
``--per-cell`` positions for each player count 2-4 (within the game's range) and
each stage (early: 5-33% of the game played, middle: 33-66%, late: 66-95%), each
from a different game and seen from a seat chosen at random:

- the reference: ``evaluate(state, viewer=seat, budget=--playouts)``, the
  playouts' answer from that seat's knowledge (its own noise: the standard error
  of each chance, sqrt(p(1-p)/n), is printed with it);
- the bar's first answer: ``evaluate(..., budget=200)`` with another seed;
- the model: ``ValueModel.chances(state, seat)``, timed one position at a time.

Per position and seat: mean absolute error against the reference (points), the
share of positions where the same seat leads, time per position. The references
are slow: each row is appended to ``benchmarks/results/value-<game>.jsonl`` as it
is computed and a rerun skips the rows there (the model's answers are computed
afresh at every run, so a retrained model is measured against the same
references).

Calibration: the model on ``--calibration`` held-out self-play positions (the
same seed, games after those above) against how each game ended: Brier score
(summed over seats), expected calibration error over 10 equal bins of every
(position, seat) chance, the share where the most likely seat won.

The model's mean absolute error over all positions is then recorded in the
weights file it measured (``error_points`` in its meta: the "±N points" the
evaluation bar shows; ``tabletop.analysis.value.record_error``), so a retrained
model gets its own figure when it is measured, never an older model's.

Run: ``nice -n 19 python benchmarks/value.py --game pitfall [--per-cell 12]
[--playouts 1000] [--calibration 6000] [--summary-only]``. Figures only.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path
from typing import Any

import numpy as np

from tabletop.analysis import evaluate
from tabletop.analysis.selfplay import play_game, self_play_positions
from tabletop.analysis.value import load_value_model, record_error, weights_path
from tabletop.analysis.value_training import calibration
from tabletop.core.registry import lookup

RESULTS = Path(__file__).resolve().parent / "results"
SEED = 7919
STAGES = {"early": (0.05, 0.33), "middle": (0.33, 0.66), "late": (0.66, 0.95)}
BAR = 200


def positions(game: Any, per_cell: int) -> list[dict[str, Any]]:
    """The benchmark's positions of one player count: (game index, step, seat)."""
    rows, index = [], 0
    for stage, (low, high) in STAGES.items():
        for _ in range(per_cell):
            states, _ = play_game(game, SEED, index)
            rng = np.random.default_rng([SEED, game.players, index])
            step = int(len(states) * rng.uniform(low, high))
            seat = int(rng.integers(game.players))
            rows.append({"players": game.players, "index": index, "step": step,
                         "seat": seat, "stage": stage})  # fmt: skip
            index += 1
    return rows


def reference_rows(name: str, per_cell: int, playouts: int) -> list[dict[str, Any]]:
    """Every position's reference and bar answers, computed or read back."""
    path = RESULTS / f"value-{name}.jsonl"
    done = {}
    if path.exists():
        for line in path.read_text().splitlines():
            row = json.loads(line)
            done[_key(row)] = row
    entry, out = lookup(name), []
    for players in _counts(entry):
        game = entry.make(players=players)
        for row in positions(game, per_cell):
            row["playouts"] = playouts
            if _key(row) in done:
                out.append(done[_key(row)])
                continue
            state = play_game(game, SEED, row["index"])[0][row["step"]]
            ref = evaluate(state, row["seat"], playouts, game=game, seed=1)
            bar = evaluate(state, row["seat"], BAR, game=game, seed=2)
            row.update(
                reference=ref.probabilities,
                bar=bar.probabilities,
                reference_cpu=ref.cpu_seconds,
                bar_cpu=bar.cpu_seconds,
            )
            with path.open("a") as f:
                f.write(json.dumps(row) + "\n")
            out.append(row)
            print(f"{name} {players}p {row['stage']} game {row['index']}: done")
    return out


def _key(row: dict[str, Any]) -> tuple:
    return (row["players"], row["index"], row["step"], row["seat"], row["playouts"])


def _counts(entry: Any) -> list[int]:
    low, high = entry.players
    return [p for p in (2, 3, 4) if low <= p <= high]


def compare(name: str, rows: list[dict[str, Any]]) -> list[str]:
    """The table: model and bar against the reference, overall and by group."""
    entry = lookup(name)
    models = {p: load_value_model(entry.make(players=p)) for p in _counts(entry)}
    for row in rows:
        model = models[row["players"]]
        state = play_game(model.game, SEED, row["index"])[0][row["step"]]
        start = time.perf_counter()
        row["model"] = model.chances(state, row["seat"])
        row["model_ms"] = 1000 * (time.perf_counter() - start)
    _record(entry, rows)
    lines = [
        "| positions | group | model MAE | bar MAE | reference noise | model "
        "same leader | bar same leader | model ms | bar ms |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    groups = {"all": rows}
    for p in _counts(entry):
        groups[f"{p} players"] = [r for r in rows if r["players"] == p]
    for stage in STAGES:
        groups[stage] = [r for r in rows if r["stage"] == stage]
    for group, chosen in groups.items():
        if chosen:
            lines.append(_line(group, chosen))
    return lines


def _record(entry: Any, rows: list[dict[str, Any]]) -> None:
    """Write the model's mean error over ``rows`` into its weights file."""
    errors = [abs(a - b) for r in rows
              for a, b in zip(r["model"], r["reference"], strict=True)]  # fmt: skip
    playouts = {r["playouts"] for r in rows}
    how = (
        f"benchmarks/value.py: {len(rows)} held-out positions, "
        f"{'/'.join(f'{p:,}' for p in sorted(playouts))} playouts each from the "
        "seat's knowledge (benchmarks/results/value-<game>.md, all positions)"
    )
    low = entry.players[0]
    record_error(weights_path(entry.make(players=low)), 100 * np.mean(errors), how)


def _line(group: str, rows: list[dict[str, Any]]) -> str:
    def mae(key: str) -> float:
        errors = [
            abs(a - b)
            for r in rows
            for a, b in zip(r[key], r["reference"], strict=True)
        ]
        return 100 * float(np.mean(errors))

    def leader(key: str) -> float:
        same = [np.argmax(r[key]) == np.argmax(r["reference"]) for r in rows]
        return 100 * float(np.mean(same))

    noise = 100 * float(np.mean([math.sqrt(p * (1 - p) / r["playouts"])
                                 for r in rows for p in r["reference"]]))  # fmt: skip
    model_ms = float(np.median([r["model_ms"] for r in rows]))
    bar_ms = 1000 * float(np.median([r["bar_cpu"] for r in rows]))
    return (
        f"| {len(rows)} | {group} | {mae('model'):.1f} | {mae('bar'):.1f} | "
        f"{noise:.1f} | {leader('model'):.0f}% | {leader('bar'):.0f}% | "
        f"{model_ms:.2f} | {bar_ms:.0f} |"
    )


def calibration_lines(name: str, count: int, per_cell: int) -> list[str]:
    """The model against real outcomes on ``count`` held-out positions, by player
    count and pooled (every (position, seat) chance in one set of bins)."""
    entry = lookup(name)
    counts = _counts(entry)
    lines = ["| players | positions | Brier | uniform Brier | calibration error | "
             "leader won |", "|---|---|---|---|---|---|"]  # fmt: skip
    first = 3 * per_cell  # after the games the references use
    pooled: list[tuple[np.ndarray, np.ndarray]] = []
    for players in counts:
        model = load_value_model(entry.make(players=players))
        games = math.ceil(count / len(counts) / 8)
        held = self_play_positions(model.game, model.encode, games=games, seed=SEED,
                                   per_game=8, first=first)  # fmt: skip
        probs = model.network.probabilities(held.features)[:, :players]
        won = held.winners[:, None] == np.arange(players)[None, :]
        pooled.append((probs.ravel(), won.ravel()))
        f = calibration(probs, held.winners, players)
        lines.append(
            f"| {players} | {f['positions']} | {f['brier']:.3f} | "
            f"{(players - 1) / players:.3f} | {100 * f['ece']:.1f} pts | "
            f"{100 * f['leader']:.1f}% |"
        )
    chances = np.concatenate([p for p, _ in pooled])
    outcomes = np.concatenate([o for _, o in pooled])
    lines.append(
        f"| pooled | {sum(len(p) for p, _ in pooled)} seat chances | | | "
        f"{100 * pooled_ece(chances, outcomes):.1f} pts | |"
    )
    return lines


def pooled_ece(chances: np.ndarray, outcomes: np.ndarray, bins: int = 10) -> float:
    """Expected calibration error of chances against 0/1 outcomes, equal bins."""
    where = np.minimum((chances * bins).astype(int), bins - 1)
    return float(
        sum(
            (where == b).mean()
            * abs(chances[where == b].mean() - outcomes[where == b].mean())
            for b in range(bins)
            if (where == b).any()
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--per-cell", type=int, default=12)
    parser.add_argument("--playouts", type=int, default=1000)
    parser.add_argument("--calibration", type=int, default=6000)
    parser.add_argument("--summary-only", action="store_true",
                        help="only the rows already in the results file")  # fmt: skip
    args = parser.parse_args()
    RESULTS.mkdir(exist_ok=True)
    if args.summary_only:
        path = RESULTS / f"value-{args.game}.jsonl"
        rows = [json.loads(line) for line in path.read_text().splitlines()]
        rows = [r for r in rows if r["playouts"] == args.playouts]
    else:
        rows = reference_rows(args.game, args.per_cell, args.playouts)
    text = [
        f"# {args.game}: value model against {args.playouts} playouts",
        "",
        f"{len(rows)} held-out positions (seed {SEED}); reference: {args.playouts} "
        f"playouts from the seat's knowledge; bar: the first {BAR}-playout answer. "
        "MAE and noise in points per seat; times per position (model: wall, "
        "one at a time; bar: CPU).",
        "",
        *compare(args.game, rows),
        "",
        "Calibration against how held-out self-play games ended:",
        "",
        *calibration_lines(args.game, args.calibration, args.per_cell),
    ]
    (RESULTS / f"value-{args.game}.md").write_text("\n".join(text) + "\n")
    print("\n".join(text))


if __name__ == "__main__":
    main()
