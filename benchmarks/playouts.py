"""Playout speed from a named position of a shipped save.

1,000 heuristic playouts from a named mid-game position of a 4-player game of each
game, the last step of the shipped saves ``notebooks/saves/pitfall_4p_seed12.json``
(step 80: a turn's start, three seats holding treasure) and
``notebooks/saves/raiders_4p_seed5.json`` (step 40), made by
``notebooks/saves/make_saves.py``. The target (fast playouts): at most 2 s of wall
time on 2 workers and 4 CPU seconds per 1,000 playouts.

Three figures per position:

- **analysis playouts, 2 workers** (the target's figure): what the evaluation bar,
  ``review``, ``hint`` and the ``ismcts`` rollouts play: the game's heuristic policy
  on full sampled worlds (``tabletop.analysis.playouts``), each world with fresh
  dice, from the referee's knowledge. Wall time from starting the 2 worker
  processes to the last result (process start, imports and loading the save
  included: cold); CPU seconds of this process and its workers.
- **the same, one process, warm**: after 20 playouts to warm up, CPU seconds of the
  1,000 playouts alone in this process. The fast playouts resolve the heuristic's
  own actions (listed legal actions, ``policy.picks_legal``) without the rules'
  verdict and without events (``game.next_state``); the event sentences are
  written only when read. With ``--compare``, run in turn in the same run: the
  policy asked one action at a time (no ``policy.advance``), and the **full
  engine**: every action the playout and the policy's look-ahead resolve goes
  through the checked ``game.apply`` with its events recorded, one action at a
  time: the way playouts ran before (except that the sentences, never read, are
  now not written either way).
- **simulation playouts** (``run_playouts(..., bots="heuristic")``, 2 workers): each
  seat a heuristic *bot* deciding as from its own view (``choose_state``: the view
  is built only where Pitfall's directions sample a world from it): not what
  analysis plays.

``--light`` instead times, in one process and warm, 1,000 playouts with the full
heuristic and with the game's ``light_policy`` (Pitfall: the direction towards the
goal, without the look-ahead) from the same seeds, and prints each seat's win rate
both ways: the light policy's bias against the full heuristic's answers.

Run: ``python benchmarks/playouts.py [--playouts 1000] [--workers 2] [--only NAME]
[--compare | --light]``.
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from tabletop.analysis.playouts import play_to_end, rollout_policy, sample_world, split
from tabletop.bots.registry import heuristic_module
from tabletop.bots.search import CheckedGame
from tabletop.core import Match, Rng
from tabletop.core.match import game_from_spec
from tabletop.sim import run_playouts
from tabletop.sim.stats import Rate

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = (
    ("notebooks/saves/pitfall_4p_seed12.json", 80),
    ("notebooks/saves/raiders_4p_seed5.json", 40),
)


def _cpu() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def _position(path: str, step: int) -> Match:
    match = Match.load(ROOT / path)
    match.goto(step)
    return match


def _one_at_a_time(policy):
    """The policy without ``advance`` and without ``picks_legal``."""

    def plain(game, state, rng):
        return policy(game, state, rng)

    return plain


def analysis_playouts(
    path: str, step: int, seeds: range, mode: str = "fast"
) -> list[int | None]:
    """The winners of the playouts with these seeds, as ``evaluate`` plays them
    (``mode``: ``fast``, ``single`` one action at a time, ``full`` the full
    engine, ``light`` the game's light policy, as the module docstring says)."""
    match = _position(path, step)
    game, state = match.game, match.state
    policy = rollout_policy(game)
    if mode == "light":
        policy = getattr(heuristic_module(game), "light_policy", policy)
    elif mode != "fast":
        policy = _one_at_a_time(policy)
    if mode == "full":
        game = CheckedGame(game)
    winners = []
    for seed in seeds:
        world_rng, dice = split(Rng.from_seed(seed))
        world = sample_world(game, state, None, world_rng)
        winners.append(play_to_end(game, world, policy, dice))
    return winners


def _chunk(task: tuple[str, int, int, int]) -> list[int | None]:
    path, step, start, stop = task
    return analysis_playouts(path, step, range(start, stop))


def _state_chunk(task: tuple[str, dict, dict, int, int]) -> list[int | None]:
    name, options, start, first, stop = task
    game = game_from_spec(name, options)
    state = game.state_from_json(start)
    policy = rollout_policy(game)
    winners = []
    for seed in range(first, stop):
        world_rng, dice = split(Rng.from_seed(seed))
        world = sample_world(game, state, None, world_rng)
        winners.append(play_to_end(game, world, policy, dice))
    return winners


def pooled_state(game, state, n: int, workers: int) -> list[int | None]:
    """The winners of ``n`` analysis playouts from ``state`` on ``workers``
    processes (the state goes out as JSON, as the simulation's chunks do)."""
    size = max(1, -(-n // (workers * 4)))
    start = game.state_to_json(state)
    tasks = [
        (
            game.name,
            dict(game.options, players=game.players),
            start,
            i,
            min(n, i + size),
        )
        for i in range(0, n, size)
    ]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return [w for chunk in pool.map(_state_chunk, tasks) for w in chunk]


def pooled(path: str, step: int, n: int, workers: int) -> tuple[float, float, int]:
    """Wall and CPU seconds of ``n`` analysis playouts on ``workers`` processes."""
    size = max(1, -(-n // (workers * 4)))
    tasks = [(path, step, i, min(n, i + size)) for i in range(0, n, size)]
    start, cpu = time.perf_counter(), _cpu()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        done = sum(len(chunk) for chunk in pool.map(_chunk, tasks))
    return time.perf_counter() - start, _cpu() - cpu, done


def light_bias(path: str, step: int, n: int) -> str:
    """The light policy against the full heuristic from one position: CPU seconds
    of ``n`` playouts each (same seeds, one process, warm) and each seat's win
    rate both ways, with the largest difference."""
    game = _position(path, step).game
    if not hasattr(heuristic_module(game), "light_policy"):
        return "no light policy"
    cpu, rates = {}, {}
    for mode in ("fast", "light"):
        analysis_playouts(path, step, range(10_000, 10_020), mode)
        start = time.process_time()
        winners = analysis_playouts(path, step, range(n), mode)
        cpu[mode] = time.process_time() - start
        rates[mode] = [Rate(winners.count(q), n) for q in range(game.players)]
    gap = max(
        abs(a.rate - b.rate) for a, b in zip(rates["fast"], rates["light"], strict=True)
    )
    return (
        f"full heuristic {cpu['fast']:.2f} CPU s, light policy {cpu['light']:.2f} "
        f"CPU s ({cpu['fast'] / cpu['light']:.2f}x); win rates full "
        + ", ".join(str(r) for r in rates["fast"])
        + "; light "
        + ", ".join(str(r) for r in rates["light"])
        + f"; largest difference {gap * 100:.1f} points"
    )


def in_process(path: str, step: int, n: int, mode: str) -> float:
    """CPU seconds of ``n`` analysis playouts in this process, after a warm-up."""
    analysis_playouts(path, step, range(10_000, 10_020), mode)
    start = time.process_time()
    analysis_playouts(path, step, range(n), mode)
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--playouts", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", choices=("pitfall", "raiders"), default=None)
    parser.add_argument(
        "--compare",
        action="store_true",
        help="also time the policy asked one action at a time, and the full engine",
    )
    parser.add_argument(
        "--light",
        action="store_true",
        help="only the light policy against the full heuristic (speed and bias)",
    )
    args = parser.parse_args()
    n = args.playouts
    for path, step in POSITIONS:
        if args.only and not Path(path).name.startswith(args.only):
            continue
        match = _position(path, step)
        label = f"{path} step {step} ({match.game.players} players)"
        if args.light:
            print(f"{label}: {n} playouts: {light_bias(path, step, n)}")
            continue
        wall, cpu, done = pooled(path, step, n, args.workers)
        print(
            f"{label}: analysis playouts, {args.workers} workers, cold: {done} in "
            f"{wall:.2f} s wall, {cpu:.2f} CPU s"
        )
        modes = [("fast playouts", "fast")]
        if args.compare:
            modes.append(("one action at a time", "single"))
            modes.append(("full engine (checked apply, events)", "full"))
        for name, mode in modes:
            cpu = in_process(path, step, n, mode)
            print(
                f"{label}: analysis playouts, 1 process, warm, {name}: {n} in "
                f"{cpu:.2f} CPU s ({cpu / n * 1000:.2f} ms each)"
            )
        start, cpu = time.perf_counter(), _cpu()
        table = run_playouts(
            match, n, bots="heuristic", seed=1, workers=args.workers, progress=False
        )
        wall, cpu = time.perf_counter() - start, _cpu() - cpu
        lengths = table.column("length")
        print(
            f"{label}: simulation playouts (heuristic bots, as from their views), "
            f"{args.workers} workers, cold: {len(table)} in {wall:.2f} s wall, "
            f"{cpu:.2f} CPU s; {sum(lengths) / len(lengths):.0f} actions each"
        )


if __name__ == "__main__":
    main()
