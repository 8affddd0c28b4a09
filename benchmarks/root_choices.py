"""Which root rules find better moves than the heuristic: a measurement, not a game.

Search at the root compares the heuristic's move with a few other candidates over
shared sampled worlds and keeps the heuristic's move unless another wins by a
margin. This script asks which candidates and which margin pick better moves, on
positions of 2-player heuristic games, far more cheaply than playing games:

1. **Positions**: every decision with more than two legal actions in ``--games``
   heuristic games (seeds 300, 301, ...), ``--positions`` of them drawn at random
   (``--phase start`` keeps Pitfall's turn starts only: roll, or one of up to 50
   exchanges, PH-T-CHOICE).
2. **Scores**: the heuristic's move, up to five of Pitfall's exchanges the
   heuristic would give up least for (its own ``_discard_cost`` order; Pitfall
   only) and ``--pool`` other legal actions drawn at random are each played to the
   end by the heuristic policy in ``--worlds`` worlds sampled from the mover's view
   (unseen cards and dice to come), every action in the same world with the same
   dice: one win or loss per action and world.
3. **Truth**: an action's gain is its mean win difference from the heuristic's move
   over the second half of the worlds.
4. **Root rules**, simulated on the first half: candidates (the heuristic's move and
   ``k - 1`` drawn at random from the pool, or the ordered exchanges), as many
   shared worlds as ``--budget`` playouts allow, and a test: ``s M``, the sign test
   of ``ismcts`` (summed differences above M times the root of their sum of
   squares), or ``t M``, the t-test of ``flat-mc`` (mean above M standard errors).
   Each rule's figure is the mean true gain of the move it picks (200 draws per
   position); 0 is the heuristic's own move.

Caveat: a gain here is that of departing from the heuristic **once**, with the
heuristic playing on afterwards. A bot that departs at every decision is not the
sum of those gains: in Pitfall the liberal margins that look best here exchange
turn after turn, never rolling (``ismcts`` with random candidates and a margin of
0.5 lost all 7 games against ``flat-mc`` before it was stopped). Games decide;
this shows where to look.

Run: ``python benchmarks/root_choices.py --game pitfall --phase start``
(defaults: 24 positions, 160 worlds, a pool of 10, a budget of 48 playouts, about
a thirtieth of a CPU second each in 2-player Pitfall: roughly what ``ismcts`` and
``flat-mc`` play in 0.25 CPU s). Prints the CPU seconds spent scoring.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from typing import Any

from tabletop.bots import make_bot
from tabletop.bots.registry import heuristic_module
from tabletop.bots.search import play_to_end, sample_world
from tabletop.core import Rng
from tabletop.core.match import game_from_spec

RULES = (
    ("random", 4, "s", 2.0),
    ("random", 4, "s", 1.0),
    ("random", 4, "s", 0.5),
    ("random", 6, "t", 2.0),
    ("random", 6, "s", 2.0),
    ("random", 6, "s", 1.0),
    ("ordered", 4, "s", 2.0),
    ("ordered", 4, "s", 1.0),
)


def positions(game: Any, games: int, phase: str | None, count: int) -> list[Any]:
    """Decisions with more than two legal actions in heuristic games."""
    found = []
    for seed in range(300, 300 + games):
        state = game.initial_state(seed)
        bots = [make_bot("heuristic", game, seat) for seat in range(game.players)]
        while game.outcome(state) is None:
            seat = game.to_move(state)
            if len(game.legal_actions(state)) > 2 and phase in (None, state.phase):
                found.append(state)
            state, _ = game.apply(state, bots[seat].choose(game.view(state, seat)))
    return random.Random(2).sample(found, min(count, len(found)))


def ordered_exchanges(game: Any, state: Any, legal: list[Any]) -> list[Any]:
    """Pitfall's exchanges, least useful cards given up first (the heuristic's own
    ``_discard_cost``); nothing for other games."""
    module = heuristic_module(game)
    cost = getattr(module, "_discard_cost", None)
    if cost is None:
        return []
    hand = state.hands[game.to_move(state)]
    exchanges = [a for a in legal if hasattr(a, "cards")]
    return sorted(exchanges, key=lambda a: cost(hand, a.cards))[:5]


def score(game: Any, state: Any, worlds: int, pool: int, rng: random.Random) -> dict:
    """Each candidate's win (1) or loss (0) per shared world, from the mover's view."""
    module = heuristic_module(game)
    me = game.to_move(state)
    view = game.view(state, me)
    legal = list(game.legal_actions(state))
    heuristic = module.HeuristicBot(game, 0).choose(view)
    ordered = ordered_exchanges(game, state, legal)
    drawn = rng.sample(legal, min(pool, len(legal)))
    actions = list(dict.fromkeys([heuristic, *ordered, *drawn]))
    wins: dict[Any, list[float]] = {a: [] for a in actions}
    seeds = Rng.from_seed(11)
    for _ in range(worlds):
        deal, seeds = seeds.below(1 << 62)
        dice, seeds = seeds.below(1 << 62)
        luck, seeds = seeds.below(1 << 62)
        world = sample_world(game, view, me, Rng.from_seed(deal), Rng.from_seed(dice))
        for action in actions:
            after = game.apply(world, action)[0]
            result = play_to_end(
                game, after, Rng.from_seed(luck), module.policy, module.evaluate, 400
            )
            wins[action].append(result[me])
    return {"heuristic": heuristic, "ordered": ordered, "pool": drawn, "wins": wins}


def passes(diffs: list[float], test: str, margin: float) -> tuple[bool, float]:
    """Whether a candidate's differences pass the test, and their mean."""
    mean = sum(diffs) / len(diffs)
    if test == "t":
        error = statistics.stdev(diffs) / math.sqrt(len(diffs))
        return mean > 0 and mean > margin * error, mean
    spread = math.sqrt(sum(d * d for d in diffs))
    return mean > 0 and sum(diffs) > margin * spread, mean


def pick(row: dict, rule: tuple, budget: int, half: int, rng: random.Random) -> Any:
    """The move a root rule picks, seeing ``budget`` playouts of the first half."""
    kind, width, test, margin = rule
    heuristic, wins = row["heuristic"], row["wins"]
    if kind == "ordered":
        others = [a for a in row["ordered"] if a != heuristic][: width - 1]
    else:
        pool = [a for a in row["pool"] if a != heuristic]
        others = rng.sample(pool, min(width - 1, len(pool)))
    shared = rng.sample(range(half), min(half, max(2, budget // (1 + len(others)))))
    best, best_mean = heuristic, 0.0
    for action in others:
        diffs = [wins[action][w] - wins[heuristic][w] for w in shared]
        ok, mean = passes(diffs, test, margin)
        if ok and mean > best_mean:
            best, best_mean = action, mean
    return best


def gain(row: dict, action: Any, half: int) -> float:
    """The true gain of ``action`` over the heuristic's move (second half)."""
    mine, theirs = row["wins"][action][half:], row["wins"][row["heuristic"]][half:]
    return sum(a - b for a, b in zip(mine, theirs, strict=True)) / len(mine)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", choices=("pitfall", "raiders"), default="pitfall")
    parser.add_argument("--phase", default=None, help="only decisions of this phase")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--positions", type=int, default=24)
    parser.add_argument("--worlds", type=int, default=160)
    parser.add_argument("--pool", type=int, default=10)
    parser.add_argument("--budget", type=int, default=48)
    args = parser.parse_args()
    game = game_from_spec(args.game, {"players": 2})
    rng = random.Random(1)
    start = time.process_time()
    rows = [
        score(game, state, args.worlds, args.pool, rng)
        for state in positions(game, args.games, args.phase, args.positions)
    ]
    cpu = time.process_time() - start
    half = args.worlds // 2
    print(
        f"{args.game}, {len(rows)} positions ({args.phase or 'every phase'}), "
        f"{args.worlds} shared worlds per candidate; scoring took {cpu:.1f} CPU s"
    )
    best = statistics.fmean(max(gain(r, a, half) for a in r["wins"]) for r in rows)
    print(f"best candidate in each pool, known in advance: {best:+.4f}")
    print(f"root rule (budget {args.budget} playouts) -> mean true gain per decision")
    for rule in RULES:
        if rule[0] == "ordered" and not any(r["ordered"] for r in rows):
            continue
        gains = [
            gain(row, pick(row, rule, args.budget, half, rng), half)
            for _ in range(200)
            for row in rows
        ]
        kind, width, test, margin = rule
        label = f"{kind} candidates, width {width}, {test} {margin:g}"
        print(f"  {label:36s} {statistics.fmean(gains):+.4f}")


if __name__ == "__main__":
    main()
