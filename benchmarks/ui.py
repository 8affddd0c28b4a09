"""What a redraw of the notebook tabletop costs: messages and bytes sent per move.

Records every widget message (as tests do, without a kernel), builds a table for each
game, then plays moves through the Table's public gestures and prints, per game: the
first full draw, and for the moves the canvas messages per move, their bytes (median,
90th percentile, max) against the target of a tenth of the first draw, the other
widget updates per move, and the time a move takes to play and redraw.

Run from the repository root (the recorder is imported from ``tests``):
``PYTHONPATH=. .venv/bin/python benchmarks/ui.py [--moves 200]``
"""

from __future__ import annotations

import argparse
import statistics
import time

from tests import recording

RECORDER = recording.install()  # before ipycanvas is imported


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(name: str, make, moves: int, bots: int) -> None:
    """Play ``moves`` gestures on a fresh table and print what they sent."""
    RECORDER.clear()
    start = time.perf_counter()
    table = make(players=4, seed=7, bots=bots)
    build = time.perf_counter() - start
    first = RECORDER.canvas_messages()
    first_bytes = sum(m.nbytes for m in first)
    canvas_n, canvas_b, other_n, other_b, seconds = [], [], [], [], []
    for i in range(moves):
        if not table.legal:
            break
        entries = list(table.legal)
        entry = entries[(i * 7) % len(entries)]
        RECORDER.clear()
        t0 = time.perf_counter()
        table.choose(entry.action)
        seconds.append(time.perf_counter() - t0)
        canvas = RECORDER.canvas_messages()
        canvas_n.append(len(canvas))
        canvas_b.append(sum(m.nbytes for m in canvas))
        rest = [m for m in RECORDER.messages if m not in canvas]
        other_n.append(len(rest))
        other_b.append(sum(m.nbytes for m in rest))
    played = len(canvas_n)
    median = statistics.median(canvas_b)
    print(f"\n{name}: 4 players ({bots} bot seats), {played} moves by gestures")
    print(
        f"  first full draw: {len(first)} canvas message(s), {first_bytes:,} bytes, "
        f"table built in {build * 1000:.0f} ms"
    )
    print(
        f"  canvas messages per move: max {max(canvas_n)}, "
        f"moves with exactly one: {sum(n == 1 for n in canvas_n)}/{played}"
    )
    print(
        f"  canvas bytes per move: median {median:,.0f}, "
        f"p90 {_pct(canvas_b, 0.9):,.0f}, max {max(canvas_b):,} "
        f"(target <= {first_bytes / 10:,.0f}: median is "
        f"{median / first_bytes:.1%} of the first draw)"
    )
    print(
        f"  other widget updates per move: median {statistics.median(other_n):.0f} "
        f"messages, {statistics.median(other_b):,.0f} bytes"
    )
    print(
        f"  time per move (play + redraw): median "
        f"{statistics.median(seconds) * 1000:.1f} ms, max {max(seconds) * 1000:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=200)
    args = parser.parse_args()
    from tabletop.ui import pitfall_table, raiders_table

    for bots in (0, 3):
        measure("Pitfall Harry", pitfall_table, args.moves, bots)
        measure("Raiders of the Lost Ark", raiders_table, args.moves, bots)


if __name__ == "__main__":
    main()
