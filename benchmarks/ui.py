"""What a gesture on the notebook tabletop costs: CPU time to play and redraw, and
the messages and bytes each redraw sends.

Records every widget message (as tests do, without a kernel), builds a table for
each game and seating, then plays moves through the table model's gestures
(``table.model.choose``) and reports per table. Figures only; nothing here is
asserted.

Seatings: 4 humans (hot seat with the hand-over screen: after a move passes the
laptop to another human, ``table.model.reveal()`` lifts the screen before the next
gesture, as the next player does) and 1 human with 3 random bots (the bots reply
inside the human's gesture).

What each figure times, exactly (CPU time, ``time.process_time``, of this process):

- ``table built``: making the table (match, widgets, first full draw).
- ``gesture + redraw``: one ``table.model.choose(action)``: the move, the bots'
  replies when the other seats are bots, and the redraw of every widget it
  changes. Given as the first gesture, the median, the 90th percentile and the
  total over the gestures played.
- ``reveal + redraw``: one ``table.model.reveal()`` lifting the hand-over screen
  (4 humans only): the table redrawn through the next player's eyes.

Each seating is played twice in a row, on two new tables from the same seed with
the same gestures: ``cold`` is the first table, which pays what the process does
once (for the first seating of a game: its modules, looks, board pictures and
caches); ``warm`` is the second, with all of that already done.

The bytes: the first full draw, and per gesture the canvas messages, their bytes
(median, 90th percentile, max) against the target of a tenth of the first draw,
the other widget updates, and the canvas bytes of each reveal (the same cold and
warm; given once).

Run from the repository root: ``.venv/bin/python benchmarks/ui.py [--moves 200]``;
``--json`` prints the figures as one JSON object instead (for
``benchmarks/compare_commits.py``).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path


def _load_recording():
    """``tests/recording.py`` of this tree, loaded by its path (so that a
    ``PYTHONPATH`` naming another tree's ``tabletop`` changes only the package
    measured, not the recorder)."""
    path = Path(__file__).resolve().parent.parent / "tests" / "recording.py"
    spec = importlib.util.spec_from_file_location("_ui_bench_recording", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


RECORDER = _load_recording().install()  # before ipycanvas is imported

GAMES = {"pitfall": "Pitfall Harry", "raiders": "Raiders of the Lost Ark"}
SEATINGS = {0: "4 humans", 3: "1 human + 3 bots"}  # bot seats -> words


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass
class Pass:
    """What one table's gestures cost and sent."""

    build: float = 0.0  # CPU seconds
    first_draw: int = 0  # canvas messages of the first full draw
    first_bytes: int = 0
    gestures: list[float] = field(default_factory=list)  # CPU seconds each
    reveals: list[float] = field(default_factory=list)
    reveal_b: list[int] = field(default_factory=list)  # canvas bytes each
    canvas_n: list[int] = field(default_factory=list)
    canvas_b: list[int] = field(default_factory=list)
    other_n: list[int] = field(default_factory=list)
    other_b: list[int] = field(default_factory=list)


def play(game: str, moves: int, bots: int) -> Pass:
    """Build a 4-player table of ``game`` (seed 7, ``bots`` bot seats) and play
    ``moves`` gestures on it, lifting each hand-over screen in between."""
    from tabletop.ui import new_table

    out = Pass()
    clock = time.process_time
    RECORDER.clear()
    t0 = clock()
    table = new_table(game, players=4, seed=7, bots=bots, autosave=False)
    out.build = clock() - t0
    first = RECORDER.canvas_messages()
    out.first_draw, out.first_bytes = len(first), sum(m.nbytes for m in first)
    model = table.model
    for i in range(moves):
        if model.curtain is not None:  # the laptop is passed: the next one reveals
            RECORDER.clear()
            t0 = clock()
            model.reveal()
            out.reveals.append(clock() - t0)
            out.reveal_b.append(sum(m.nbytes for m in RECORDER.canvas_messages()))
        if not model.legal:
            break
        entries = list(model.legal)
        entry = entries[(i * 7) % len(entries)]
        RECORDER.clear()
        t0 = clock()
        model.choose(entry.action)
        out.gestures.append(clock() - t0)
        canvas = RECORDER.canvas_messages()
        out.canvas_n.append(len(canvas))
        out.canvas_b.append(sum(m.nbytes for m in canvas))
        rest = [m for m in RECORDER.messages if m not in canvas]
        out.other_n.append(len(rest))
        out.other_b.append(sum(m.nbytes for m in rest))
    table.close()
    return out


def figures(name: str, bots: int, cold: Pass, warm: Pass) -> dict[str, float]:
    """The figures of one seating, by label (times in CPU milliseconds)."""
    head = f"{name}, {SEATINGS[bots]}"
    what = "gesture + bot replies + redraw" if bots else "gesture + redraw"
    out: dict[str, float] = {f"{head}: gestures played": len(cold.gestures)}
    if cold.reveals:
        out[f"{head}: hand-overs revealed"] = len(cold.reveals)
    for when, p in (("cold", cold), ("warm", warm)):
        ms = [s * 1000 for s in p.gestures]
        out[f"{head}: table built, {when} (CPU ms)"] = p.build * 1000
        if ms:
            out[f"{head}: {what}, first, {when} (CPU ms)"] = ms[0]
            out[f"{head}: {what}, median, {when} (CPU ms)"] = statistics.median(ms)
            out[f"{head}: {what}, p90, {when} (CPU ms)"] = _pct(ms, 0.9)
            out[f"{head}: {what}, total, {when} (CPU ms)"] = sum(ms)
        if p.reveals:
            out[f"{head}: reveal + redraw, median, {when} (CPU ms)"] = (
                statistics.median(p.reveals) * 1000
            )
    if cold.canvas_b:
        out[f"{head}: first full draw (bytes)"] = cold.first_bytes
        out[f"{head}: canvas bytes per gesture, median"] = statistics.median(
            cold.canvas_b
        )
        out[f"{head}: other widget bytes per gesture, median"] = statistics.median(
            cold.other_b
        )
    if cold.reveal_b:
        out[f"{head}: canvas bytes per reveal, median"] = statistics.median(
            cold.reveal_b
        )
    return out


def report(name: str, bots: int, cold: Pass, warm: Pass) -> None:
    """Print one seating's figures in words."""
    played = len(cold.gestures)
    same = played == len(warm.gestures)
    print(
        f"\n{name}: 4 players, {SEATINGS[bots]}, {played} gestures"
        + (f" ({len(cold.reveals)} hand-overs revealed)" if cold.reveals else "")
        + ("" if same else f" (warm: {len(warm.gestures)})")
    )
    if not played:
        return
    print(
        f"  first full draw: {cold.first_draw} canvas message(s), "
        f"{cold.first_bytes:,} bytes"
    )
    print(
        f"  canvas messages per gesture: max {max(cold.canvas_n)}, "
        f"gestures with exactly one: {sum(n == 1 for n in cold.canvas_n)}/{played}"
    )
    median = statistics.median(cold.canvas_b)
    print(
        f"  canvas bytes per gesture: median {median:,.0f}, "
        f"p90 {_pct(cold.canvas_b, 0.9):,.0f}, max {max(cold.canvas_b):,} "
        f"(target <= {cold.first_bytes / 10:,.0f}: median is "
        f"{median / cold.first_bytes:.1%} of the first draw)"
    )
    print(
        f"  other widget updates per gesture: median "
        f"{statistics.median(cold.other_n):.0f} messages, "
        f"{statistics.median(cold.other_b):,.0f} bytes"
    )
    if cold.reveal_b:
        print(
            f"  canvas bytes per reveal: median {statistics.median(cold.reveal_b):,.0f}"
            f", max {max(cold.reveal_b):,}"
        )
    what = "gesture + bot replies + redraw" if bots else "gesture + redraw"
    print(f"  CPU ms ({what}; cold = first table, warm = second table):")
    for when, p in (("cold", cold), ("warm", warm)):
        ms = [s * 1000 for s in p.gestures]
        line = (
            f"    {when}: table built {p.build * 1000:6.0f}   "
            f"first {ms[0]:6.1f}   median {statistics.median(ms):6.1f}   "
            f"p90 {_pct(ms, 0.9):6.1f}   total {sum(ms):7.0f}"
        )
        if p.reveals:
            line += f"   reveal median {statistics.median(p.reveals) * 1000:6.1f}"
        print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=200, help="gestures per table")
    parser.add_argument(
        "--json", action="store_true", help="print the figures as one JSON object"
    )
    args = parser.parse_args()
    import tabletop

    if not args.json:
        print(f"tabletop from {Path(tabletop.__file__).parent}")
    found: dict[str, float] = {}
    for game, name in GAMES.items():
        for bots in SEATINGS:
            cold = play(game, args.moves, bots)
            warm = play(game, args.moves, bots)
            found.update(figures(name, bots, cold, warm))
            if not args.json:
                report(name, bots, cold, warm)
    if args.json:
        print(json.dumps({"tabletop": tabletop.__file__, "figures": found}))


if __name__ == "__main__":
    main()
