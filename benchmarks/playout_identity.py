"""Fast playouts end exactly as the full engine plays them, on many seeded games.

Each game is played to the end three times by the game's heuristic policy on full
states: through the playout loop (``tabletop.analysis.playouts.play_to_outcome``,
which lets a policy apply several of its own actions at once: ``policy.advance``,
and resolves the shipped heuristics' actions without the verdict and without
events: ``game.next_state``); through the same loop with ``next_state`` replaced
by the checked ``game.apply``, so every action a playout or the policy's look-ahead
resolves is judged by the rules (an illegal one raises); and one action at a time
through ``game.apply``. All three must reach the same final state after the same
number of actions, with the same winner and clause. Games start from seeded
initial states at 2-4 players of both games, and from worlds sampled from the
benchmark's named positions (a seat's view or the full state).

The same starts are also played by one heuristic bot per seat through
``tabletop.bots.play_out`` twice: the fast way (``choose_state``: no view where the
bot needs none, actions resolved by ``game.next_state``), which the simulation's
workers and so ``win_probabilities`` take, and the plain way (``plain=True``: every
bot shown its view, every action through the checked ``apply``). Both must end
alike: the same final state, length, winner, clause and cut-off.

Run: ``python benchmarks/playout_identity.py [--games 2000]``; prints the counts and
the CPU seconds each way, and exits with status 1 on any difference.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from tabletop.analysis.playouts import MAX_PLAYOUT, rollout_policy, sample_world
from tabletop.bots import make_bot, play_out
from tabletop.bots.search import CheckedGame, advance
from tabletop.core import Match, Rng
from tabletop.core.match import game_from_spec

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = (
    ("notebooks/saves/pitfall_4p_seed12.json", 80),
    ("notebooks/saves/raiders_4p_seed5.json", 40),
)


def fast(game, state, policy, rng):
    """The playout loop's way: ``advance`` (several actions at once where offered)."""
    applied = 0
    while applied < MAX_PLAYOUT and game.outcome(state) is None:
        state, rng, steps = advance(game, state, policy, rng, MAX_PLAYOUT - applied)
        applied += steps
    return state, applied


def single(game, state, policy, rng):
    """One action at a time, each through ``game.apply``."""
    applied = 0
    while applied < MAX_PLAYOUT and game.outcome(state) is None:
        action, rng = policy(game, state, rng)
        state, _ = game.apply(state, action)
        applied += 1
    return state, applied


def starts(games: int):
    """(label, game, state, seed): seeded starts, then sampled mid-game worlds."""
    per = max(1, games // 8)
    for name in ("pitfall", "raiders"):
        for players in (2, 3, 4):
            game = game_from_spec(name, {"players": players})
            for seed in range(per):
                yield f"{name} {players}p start", game, game.initial_state(seed), seed
    for path, step in POSITIONS:
        match = Match.load(ROOT / path)
        match.goto(step)
        game = match.game
        for seed in range(per):
            seat = seed % game.players if seed % 2 else None
            world = sample_world(game, match.state, seat, Rng.from_seed(seed))
            yield f"{Path(path).stem} step {step}", game, world, seed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args()
    counts: dict[str, int] = {}
    differ = []
    cpu = [0.0, 0.0, 0.0]
    sim_cpu = [0.0, 0.0]
    sim_differ = []
    for label, game, state, seed in starts(args.games):
        ends = []
        for k, plain in enumerate((False, True)):
            bots = [
                make_bot("heuristic", game, seed * 10 + q) for q in range(game.players)
            ]
            t = time.process_time()
            ends.append(play_out(game, state, bots, MAX_PLAYOUT, plain=plain))
            sim_cpu[k] += time.process_time() - t
        if ends[0] != ends[1]:
            sim_differ.append((label, seed))
        policy = rollout_policy(game)
        t = time.process_time()
        a = fast(game, state, policy, Rng.from_seed(seed))
        cpu[0] += time.process_time() - t
        t = time.process_time()
        checked = fast(CheckedGame(game), state, policy, Rng.from_seed(seed))
        cpu[1] += time.process_time() - t
        t = time.process_time()
        b = single(game, state, policy, Rng.from_seed(seed))
        cpu[2] += time.process_time() - t
        counts[label] = counts.get(label, 0) + 1
        same = a == b == checked and game.outcome(a[0]) == game.outcome(b[0])
        if not same:
            differ.append((label, seed))
    for label, n in counts.items():
        print(f"{label}: {n} games")
    total = sum(counts.values())
    print(
        f"{total} games played to the end three ways: {total - len(differ)} "
        f"identical (final state, actions, winner, clause); {len(differ)} differ"
    )
    print(
        f"CPU s: playout loop {cpu[0]:.1f}, the loop with every action checked "
        f"{cpu[1]:.1f}, one action at a time {cpu[2]:.1f}"
    )
    print(
        f"{total} games played by heuristic bots two ways (play_out fast, plain): "
        f"{total - len(sim_differ)} identical (final state, length, winner, clause, "
        f"cut-off); {len(sim_differ)} differ; CPU s: fast {sim_cpu[0]:.1f}, plain "
        f"{sim_cpu[1]:.1f}"
    )
    if differ or sim_differ:
        print("differ:", differ[:20], "simulation:", sim_differ[:20])
        sys.exit(1)


if __name__ == "__main__":
    main()
