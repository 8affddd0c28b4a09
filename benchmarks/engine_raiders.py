"""Raiders engine speed: decisions per second in seeded random playouts.

Run ``python benchmarks/engine_raiders.py [--games N] [--players N]``. Prints the
decisions per second (legal_actions + apply) per wall second and per CPU second
(the figure to trust on a busy machine), the time of each protocol call, and
games finished per second. Figures only; nothing here is asserted.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop.games.raiders import Raiders  # noqa: E402


def playouts(game: Raiders, games: int) -> tuple[int, int, float, float, list]:
    """Random playouts; returns decisions, finished games, wall and CPU seconds
    (the random choice included), sample states."""
    decisions = finished = 0
    samples = []
    cpu = time.process_time()
    start = time.perf_counter()
    for seed in range(games):
        chooser = random.Random(seed)
        state = game.initial_state(seed)
        while game.outcome(state) is None and state.turn < 600:
            legal = game.legal_actions(state)
            state, _ = game.apply(state, legal[chooser.randrange(len(legal))])
            decisions += 1
            if decisions % 97 == 0:
                samples.append(state)
        finished += game.outcome(state) is not None
    wall = time.perf_counter() - start
    return decisions, finished, wall, time.process_time() - cpu, samples


def per_call(label: str, fn, states: list, repeat: int = 3) -> None:
    start = time.perf_counter()
    for _ in range(repeat):
        for state in states:
            fn(state)
    micro = (time.perf_counter() - start) / (repeat * len(states)) * 1e6
    print(f"  {label:<28} {micro:8.1f} us")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    game = Raiders(players=args.players)
    decisions, finished, seconds, cpu, samples = playouts(game, args.games)
    print(f"raiders, {args.players} players, {args.games} random games")
    print(f"  decisions/s (legal+apply)    {decisions / seconds:10.0f}")
    print(f"  decisions per CPU second     {decisions / cpu:10.0f}")
    print(f"  games/s                      {args.games / seconds:10.1f}")
    print(f"  finished with a winner       {finished}/{args.games}")
    print(f"  mean decisions per game      {decisions / args.games:10.1f}")
    live = [s for s in samples if game.outcome(s) is None][:2000]
    per_call("legal_actions", game.legal_actions, live)
    per_call("apply(first legal action)",
             lambda s: game.apply(s, game.legal_actions(s)[0]), live)
    per_call("view(mover)", lambda s: game.view(s, s.player), live)
    per_call("invariants", game.invariants, live)
    per_call("state_to_json + dumps",
             lambda s: json.dumps(game.state_to_json(s)), live)
    per_call("state_from_json",
             lambda s: game.state_from_json(game.state_to_json(s)), live)


if __name__ == "__main__":
    main()
