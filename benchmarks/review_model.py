"""The review from the value model alone: CPU time on one core.

Plays a seeded game of heuristic bots (each deciding from its own view, bot seed =
seat), ``--players`` seats, until it ends, then times ``review(match,
method="model")`` over every decision:

- ``cold``: the first review in this process, loading the game's weights (and
  checking them against the rules) included;
- ``warm``: the same review again (the weights loaded afresh: ``load_value_model``
  keeps no cache, so only the imports are warm);
- ``model given``: the review with an already loaded model passed as ``model=``.

CPU seconds of this process (``time.process_time``), one thread
(``OPENBLAS_NUM_THREADS=1`` is set before numpy loads). Figures only; nothing here
is asserted.

Run: ``nice python benchmarks/review_model.py [--game raiders] [--players 4]
[--seed 1] [--repeat 3]``.
"""

from __future__ import annotations

import argparse
import os
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="raiders")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    from tabletop.analysis import review
    from tabletop.analysis.value import load_value_model
    from tabletop.bots import make_bot
    from tabletop.core import Match
    from tabletop.core.match import game_from_spec

    game = game_from_spec(args.game, {"players": args.players})
    match = Match(game, seed=args.seed)
    bots = [make_bot("heuristic", game, s) for s in range(args.players)]
    while not match.over:
        seat = match.to_move()
        match.play(bots[seat].choose(game.view(match.state, seat)))
    print(f"{args.game}, {args.players} players, seed {args.seed}: {len(match)} steps")

    start = time.process_time()
    result = review(match, method="model")
    cold = time.process_time() - start
    print(
        f"cold         {cold:6.3f} CPU s for {len(result.moves)} decisions "
        f"({len(result.marked())} flagged)"
    )
    for _ in range(args.repeat):
        start = time.process_time()
        review(match, method="model")
        print(f"warm         {time.process_time() - start:6.3f} CPU s")
    model = load_value_model(game)
    for _ in range(args.repeat):
        start = time.process_time()
        review(match, method="model", model=model)
        print(f"model given  {time.process_time() - start:6.3f} CPU s")


if __name__ == "__main__":
    main()
