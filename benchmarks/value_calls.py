"""What a value model answer costs a caller: cold (weights loaded) against warm.

``evaluate(match, viewer=seat, method="model")`` loads the game's value model when
it is not given one. Loading reads the weights, builds the game's view space and
checks the view tensor layout; the answer itself is one small network. For each
installed game with weights, from one seeded position, CPU time per call
(``time.process_time``, this process, imports already warm):

- ``load + answer``: ``load_value_model`` then ``chances``, what every call paid
  when no model was kept;
- ``evaluate, cold``: ``evaluate(method="model")`` with ``LOADED_MODELS`` emptied
  before each call (it loads);
- ``evaluate, warm``: ``evaluate(method="model")`` again (the model kept);
- ``network alone``: ``ValueModel.chances``.

Run: ``OPENBLAS_NUM_THREADS=1 nice -n 19 python benchmarks/value_calls.py
[--calls 200] [--players 3]``. Figures only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from typing import Any

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def per_call(work: Callable[[], Any], calls: int, before: Callable[[], Any]) -> float:
    """Mean CPU milliseconds of ``work``, ``before`` run untimed ahead of each."""
    spent = 0.0
    for _ in range(calls):
        before()
        start = time.process_time()
        work()
        spent += time.process_time() - start
    return spent / calls * 1000


def position(name: str, players: int) -> Any:
    """A seeded match 12 actions in (first legal action each time)."""
    from tabletop.core import Match, make_game

    match = Match(make_game(name, players=players), seed=7)
    for _ in range(12):
        if match.over:
            break
        match.play(match.legal_actions()[0])
    return match


def measure(name: str, players: int, calls: int) -> dict[str, float] | None:
    from tabletop.analysis import evaluate
    from tabletop.analysis.value import (
        LOADED_MODELS,
        ValueModelError,
        load_value_model,
    )

    match = position(name, players)
    game, state = match.game, match.state
    try:
        model = load_value_model(game)
    except ValueModelError:
        return None
    seat = match.to_move() or 0
    nothing = lambda: None  # noqa: E731

    def answer() -> Any:
        return evaluate(match, viewer=seat, method="model")

    cold_calls = max(10, calls // 10)
    return {
        "load + answer": per_call(
            lambda: load_value_model(game).chances(state, seat), cold_calls, nothing
        ),
        "evaluate, cold": per_call(answer, cold_calls, LOADED_MODELS.clear),
        "evaluate, warm": per_call(answer, calls, nothing),
        "network alone": per_call(lambda: model.chances(state, seat), calls, nothing),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--players", type=int, default=3)
    args = parser.parse_args()
    from tabletop.core import game_names

    print(f"CPU ms per call, {args.calls} warm calls ({args.calls // 10} cold)")
    for name in game_names():
        figures = measure(name, args.players, args.calls)
        if figures is None:
            print(f"{name}: no value model for {args.players} players")
            continue
        said = ", ".join(f"{label} {ms:.3f}" for label, ms in figures.items())
        print(f"{name} ({args.players} players): {said}")


if __name__ == "__main__":
    main()
