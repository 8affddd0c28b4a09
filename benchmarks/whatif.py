"""Who wins from here: the simulation's what-if path and the analysis playouts,
side by side, each time also normalised to a machine running OpenSpiel's Python
tic-tac-toe at 60,000 moves a second.

What each figure times, exactly:

- ``ttt``: OpenSpiel's ``python_tic_tac_toe``, uniform random moves (``apply_action``
  on ``legal_actions``) for 1 s of wall time in one process, right before each
  timed figure: moves per wall second and per CPU second. Every time below is
  printed as measured and normalised: wall x (that rate) / 60,000. On a shared
  machine the wall time also waits for cores other jobs hold, so each figure also
  says ``per core``: CPU seconds / workers x (tic-tac-toe moves per CPU s) /
  60,000, the normalised wall time if every worker had a core of its own.
- ``win_probabilities``: ``tabletop.sim.win_probabilities(match, n=1000,
  workers=2)`` from a 4-player mid-game: ``Match(seed=11)`` after 140 (Pitfall) or
  127 (Raiders) steps of heuristic bots deciding from their own views (bot seed =
  seat). Wall time from the call to its answer (the process pool's start, the
  state's JSON and the workers' game building included: cold), CPU seconds of this
  process and its workers.
- ``analysis``: 1,000 playouts as ``tabletop.analysis.evaluate`` plays them (the
  heuristic policy on full states, from the referee's knowledge) from the same
  position on 2 worker processes, cold, timed the same way.
- ``analysis, named``: the same from the named positions of ``benchmarks/
  playouts.py`` (``notebooks/saves/pitfall_4p_seed12.json`` step 80,
  ``raiders_4p_seed5.json`` step 40): the fast-playout target's figure.

``--against DIR`` (repeatable) also times ``win_probabilities`` on another checkout
of the code (for instance ``git worktree add /tmp/old a928caa``), old and new alternated
``--repeat`` times, each in a fresh process with ``PYTHONPATH=DIR`` (code without
``tabletop.analysis`` times only the simulation path). Figures only; nothing here
is asserted.

Run: ``python benchmarks/whatif.py [--playouts 1000] [--workers 2] [--repeat 1]
[--only NAME] [--against DIR ...] [--parts]``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
STEPS = {"pitfall": 140, "raiders": 127}
"""Heuristic steps from seed 11 to the what-if position of each game."""
NAMED = {
    "pitfall": ("notebooks/saves/pitfall_4p_seed12.json", 80),
    "raiders": ("notebooks/saves/raiders_4p_seed5.json", 40),
}
REFERENCE = 60_000
"""The tic-tac-toe moves per second every time is normalised to."""


def ttt_rate(seconds: float = 1.0) -> tuple[float, float]:
    """OpenSpiel's Python tic-tac-toe, random moves: (per wall s, per CPU s);
    NaN without OpenSpiel (``pip install open_spiel``), so nothing is normalised."""
    try:
        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers it)
    except ImportError:
        return math.nan, math.nan

    game = pyspiel.load_game("python_tic_tac_toe")
    rng = random.Random(0)
    moves = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
    return (
        moves / (time.perf_counter() - wall),
        moves / max(time.process_time() - cpu, 1e-9),
    )


def _cpu() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def position(name: str):
    """The what-if position: seed 11, then ``STEPS[name]`` heuristic steps."""
    from tabletop.bots import make_bot
    from tabletop.core import Match
    from tabletop.core.match import game_from_spec

    game = game_from_spec(name, {"players": 4})
    match = Match(game, seed=11)
    bots = [make_bot("heuristic", game, seat) for seat in range(game.players)]
    for _ in range(STEPS[name]):
        seat = match.to_move()
        match.play(bots[seat].choose(game.view(match.state, seat)))
    return match


def time_whatif(name: str, n: int, workers: int) -> dict:
    from tabletop.sim import win_probabilities

    match = position(name)
    rate = ttt_rate()
    wall, cpu = time.perf_counter(), _cpu()
    answer = win_probabilities(match, n=n, workers=workers, progress=False)
    return _figure(rate, wall, cpu, workers, {"wins": list(answer.wins)})


def time_analysis(name: str, n: int, workers: int, named: bool) -> dict:
    sys.path.insert(0, str(HERE))
    from playouts import pooled_state

    if named:
        from tabletop.core import Match

        path, step = NAMED[name]
        match = Match.load(ROOT / path)
        match.goto(step)
    else:
        match = position(name)
    rate = ttt_rate()
    wall, cpu = time.perf_counter(), _cpu()
    winners = pooled_state(match.game, match.state, n, workers)
    wins = [winners.count(seat) for seat in range(match.game.players)]
    return _figure(rate, wall, cpu, workers, {"wins": wins})


def _figure(
    rate: tuple[float, float], wall: float, cpu: float, workers: int, extra: dict
) -> dict:
    wall, cpu = time.perf_counter() - wall, _cpu() - cpu
    return {
        "per_core": cpu / workers * rate[1] / REFERENCE,
        "wall": wall,
        "cpu": cpu,
        "ttt_wall": rate[0],
        "ttt_cpu": rate[1],
        "normalised": wall * rate[0] / REFERENCE,
        "load": open("/proc/loadavg").read().split()[0],
        **extra,
    }


def time_parts(name: str, playouts: int = 30) -> dict:
    """Where a simulated playout's time goes, per decision, through the protocol
    only (so any version of the code answers): the decisions of ``playouts``
    playouts of heuristic bots from the what-if position (each through the
    worker's reseeding), then each part timed over all of them, best of 3 passes:
    ``view`` (the mover's view), ``choose`` (the bot on that view), ``apply`` (the
    checked ``apply``, events included), ``legal`` and ``outcome``."""
    from tabletop.bots import make_bot
    from tabletop.sim.worker import _resample

    match = position(name)
    game = match.game
    decisions = []
    for index in range(playouts):
        state = _resample(game, match.state, None, 0, index)
        bots = [make_bot("heuristic", game, q) for q in range(game.players)]
        while game.outcome(state) is None:
            seat = game.to_move(state)
            action = bots[seat].choose(game.view(state, seat))
            decisions.append((state, seat, action))
            state, _ = game.apply(state, action)
    clock = time.process_time
    best: dict[str, float] = {}
    for _ in range(3):
        bots = [make_bot("heuristic", game, q) for q in range(game.players)]
        t = clock()
        views = [game.view(s, q) for s, q, _ in decisions]
        parts = {"view": clock() - t}
        t = clock()
        for view, (_, q, _) in zip(views, decisions, strict=True):
            bots[q].choose(view)
        parts["choose"] = clock() - t
        t = clock()
        for s, _, a in decisions:
            game.apply(s, a)
        parts["apply"] = clock() - t
        t = clock()
        for s, _, _ in decisions:
            game.legal_actions(s)
        parts["legal"] = clock() - t
        t = clock()
        for s, _, _ in decisions:
            game.outcome(s)
        parts["outcome"] = clock() - t
        for key, value in parts.items():
            best[key] = min(best.get(key, math.inf), value)
    n = len(decisions)
    return {
        "decisions": n / playouts,
        **{key: value / n * 1e6 for key, value in best.items()},
        "load": open("/proc/loadavg").read().split()[0],
    }


def child(args: argparse.Namespace) -> None:
    """One figure in this process, printed as a JSON line."""
    if args.child == "parts":
        print(json.dumps(time_parts(args.only)))
        return
    if args.child == "whatif":
        figure = time_whatif(args.only, args.playouts, args.workers)
    else:
        named = args.child == "named"
        figure = time_analysis(args.only, args.playouts, args.workers, named)
    print(json.dumps(figure))


def run_child(kind: str, name: str, args: argparse.Namespace, code: str) -> dict:
    env = dict(os.environ, PYTHONPATH=code)
    command = [sys.executable, __file__, "--child", kind, "--only", name]
    command += ["--playouts", str(args.playouts), "--workers", str(args.workers)]
    done = subprocess.run(
        command, env=env, cwd="/", capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def show(label: str, f: dict) -> None:
    print(
        f"  {label:<46} {f['wall']:6.2f} s wall, {f['cpu']:6.2f} CPU s; "
        f"ttt {f['ttt_wall']:,.0f}/s wall ({f['ttt_cpu']:,.0f}/CPU s) -> "
        f"normalised {f['normalised']:5.2f} s, per core {f['per_core']:5.2f} s; "
        f"load {f['load']}; wins {f['wins']}"
    )


def show_parts(args: argparse.Namespace, codes: list[tuple[str, str]]) -> None:
    for name in [args.only] if args.only else sorted(STEPS):
        print(f"{name}: per decision of a simulated playout, CPU us (best of 3):")
        for _ in range(args.repeat):
            for label, code in codes:
                f = run_child("parts", name, args, code)
                print(
                    f"  {label:<28} {f['decisions']:5.0f} decisions per playout; "
                    + ", ".join(
                        f"{k} {f[k]:5.1f}"
                        for k in ("view", "choose", "apply", "legal", "outcome")
                    )
                    + f"; load {f['load']}"
                )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--playouts", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--only", choices=sorted(STEPS), default=None)
    parser.add_argument(
        "--against", action="append", default=[], help="another checkout to time"
    )
    parser.add_argument(
        "--parts",
        action="store_true",
        help="only where a simulated playout's time goes, per decision, each code",
    )
    parser.add_argument("--child", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args)
        return
    codes = [("this code", str(ROOT))]
    for other in args.against:
        codes.append((f"code at {other}", str(Path(other).resolve())))
    if args.parts:
        show_parts(args, codes)
        return
    for name in [args.only] if args.only else sorted(STEPS):
        print(f"{name}, 4 players, {args.playouts} playouts, {args.workers} workers:")
        for round_ in range(args.repeat):
            for label, code in codes:
                show(
                    f"win_probabilities, {label}",
                    run_child("whatif", name, args, code),
                )
                if (
                    code != str(ROOT)
                    and not (Path(code) / "tabletop/analysis").is_dir()
                ):
                    continue
                show(f"analysis playouts, {label}", run_child("same", name, args, code))
            if round_ == 0:
                path, step = NAMED[name]
                show(
                    f"analysis, named ({Path(path).name} step {step})",
                    run_child("named", name, args, str(ROOT)),
                )


if __name__ == "__main__":
    main()
