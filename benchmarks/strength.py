"""Search strength: ISMCTS against the heuristic and against flat Monte Carlo.

Pairings (2-player games of both games, seats rotated game by game):

- ``ismcts`` vs ``heuristic``: the target is >= 60% wins with the 95% Wilson
  interval's lower bound above 50%, from >= 100 games, at <= 1 s per decision.
- ``ismcts`` vs ``flat-mc`` at equal time: both get the same CPU seconds per decision
  (``seconds=`` measured with the thread's CPU clock, so a loaded machine does not
  favour either).

Games are played in rounds (one game of every pairing per round) by a process pool
and each finished game is appended to a JSON-lines file at once, so a run stopped by
a time limit still leaves every pairing with a comparable number of games. Each line
records the CPU seconds each bot spent on its decisions with more than one legal
action. ``--report FILE`` summarises a file.

The stopping rule: a pairing stops as soon as the 95% Wilson interval of the first
bot's win rate decides (its lower bound above 50%: stronger; its upper bound below
50%: weaker), once at least ``--min-games`` games are in, and at ``--games`` games
at most (100 by default). Games already in ``--out`` with the same seconds and
seed count towards it, so ``--first K`` continues a run cut short (by
``--minutes``, or stopped) into the same file and a decided pairing starts no
new game. Games under way when a pairing is decided still finish and are
recorded. ``--no-stop`` plays every game asked for.

Run: ``python benchmarks/strength.py --games 100 --seconds 0.25 --out strength.jsonl``
(``--minutes M`` starts no game after M minutes; ``--first K`` starts at game K,
to continue a run cut short into the same file; ``--pairings 0,1`` runs only
those; ``--min-games N``, ``--no-stop``: the stopping rule; ``--report FILE``
prints the summary of a file; ``--budget-use N`` plays no game but prints what
each search bot does with ``--seconds`` at N decisions of each game).
"""

from __future__ import annotations

import argparse
import itertools
import json
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from tabletop.bots import make_bot, play_out
from tabletop.core.match import game_from_spec
from tabletop.sim.stats import Rate

PAIRINGS = (
    ("pitfall", "ismcts", "heuristic"),
    ("raiders", "ismcts", "heuristic"),
    ("pitfall", "ismcts", "flat-mc"),
    ("raiders", "ismcts", "flat-mc"),
    ("pitfall", "flat-mc", "heuristic"),
    ("raiders", "flat-mc", "heuristic"),
    ("pitfall", "ismcts-random", "flat-mc"),
    ("raiders", "ismcts-random", "flat-mc"),
    ("pitfall", "ismcts-flat", "flat-mc"),
    ("raiders", "ismcts-flat", "flat-mc"),
    ("pitfall", "ismcts-patient", "flat-mc"),
    ("raiders", "ismcts-patient", "flat-mc"),
    ("pitfall", "ismcts-notree", "flat-mc"),
    ("raiders", "ismcts-notree", "flat-mc"),
    ("pitfall", "ismcts-model", "ismcts-full"),
    ("raiders", "ismcts-model", "ismcts-full"),
    ("pitfall", "flat-mc-model", "flat-mc-full"),
    ("raiders", "flat-mc-model", "flat-mc-full"),
)
#: Bots a pairing may name besides the registry's, to take ``ismcts`` apart
#: against ``flat-mc``: ``ismcts-random`` has ``flat-mc``'s root candidates (the
#: heuristic's move and five drawn at random); ``ismcts-flat`` also rolls out
#: straight after each candidate, with no tree below the root, so that only its
#: sign test differs from ``flat-mc``'s t-test; ``ismcts-patient`` keeps the
#: default's candidates and tree, but a node below the root plays only the
#: heuristic's move until it has had 20 visits; ``ismcts-notree`` keeps the
#: default's candidates and has no tree below the root; ``ismcts-model`` cuts
#: its rollouts at 100 actions and scores them by the game's value model
#: (``tabletop.analysis.value_search``; 100: at equal CPU, playouts cut there
#: and finished by the model were as close to 1,000 full playouts as full ones,
#: ``benchmarks/playout_depth.py``), against the default's rollouts to the end;
#: ``flat-mc-model`` does the same to ``flat-mc``'s playouts. ``ismcts-full``
#: and ``flat-mc-full`` keep the shared settings (rollouts of up to 400 actions,
#: in practice to the end; nothing scored by the model), whatever the game's own
#: ``SEARCH_SETTINGS`` say (``tabletop.bots.registry``): the bots the ``-model``
#: ones are measured against (results files written before a game declared
#: settings name them ``ismcts`` and ``flat-mc``). Every variant but the
#: ``-model`` ones sets ``depth`` 400, which keeps it off the game's settings.
VARIANTS = {
    "ismcts-random": ("ismcts", {"candidates": "random", "width": 6, "depth": 400}),
    "ismcts-flat": (
        "ismcts",
        {"candidates": "random", "width": 6, "tree": False, "depth": 400},
    ),
    "ismcts-patient": ("ismcts", {"patience": 20, "depth": 400}),
    "ismcts-notree": ("ismcts", {"tree": False, "depth": 400}),
    "ismcts-model": ("ismcts", {"evaluate": "model", "depth": 100}),
    "flat-mc-model": ("flat-mc", {"evaluate": "model", "depth": 100}),
    "ismcts-full": ("ismcts", {"depth": 400}),
    "flat-mc-full": ("flat-mc", {"depth": 400}),
}
#: The pairings run unless ``--pairings`` names others (4 and 5 measure flat
#: Monte Carlo itself against the heuristic; 6 to 13 variants of ``ismcts``
#: against ``flat-mc``, 14 to 17 ``ismcts`` and ``flat-mc`` with the value model
#: at their leaves against themselves, see ``VARIANTS``).
DEFAULT_PAIRINGS = PAIRINGS[:4]


def play_one(task: dict[str, Any]) -> dict[str, Any]:
    """One game of a pairing; the first bot sits at seat ``index % 2``."""
    game = game_from_spec(task["game"], {"players": 2})
    index, first = task["index"], task["index"] % 2
    names = [task["second"], task["second"]]
    names[first] = task["first"]
    spent = [0.0, 0.0]
    counts = [0, 0]
    bots = []
    for seat, name in enumerate(names):
        options = {} if name == "heuristic" else {"seconds": task["seconds"]}
        kind, extra = VARIANTS.get(name, (name, {}))
        if kind == "flat-mc":  # its budget on the CPU clock, as ismcts's
            options["cpu_time"] = True
        seed = task["seed"] * 1000 + index * 2 + seat
        bot = make_bot(kind, game, seed, **options, **extra)
        bots.append(_Timed(bot, game, seat, spent, counts))
    start = time.perf_counter()
    result = play_out(game, game.initial_state(task["seed"] + index), bots)
    return {
        **task,
        "bots": names,
        "winner": result.winner,
        "winner_bot": names[result.winner] if result.winner is not None else None,
        "steps": result.steps,
        "decisions": counts,
        "cpu": spent,
        "wall": time.perf_counter() - start,
    }


class _Timed:
    """A bot whose real decisions (more than one legal action) are timed."""

    def __init__(self, bot: Any, game: Any, seat: int, spent: list, counts: list):
        self.bot, self.game, self.seat = bot, game, seat
        self.spent, self.counts = spent, counts
        self.name = bot.name

    def choose(self, view: Any) -> Any:
        start = time.thread_time()
        action = self.bot.choose(view)
        if len(self.game.legal_actions(view)) > 1:
            self.spent[self.seat] += time.thread_time() - start
            self.counts[self.seat] += 1
        return action


def budget_use(name: str, seconds: float, positions: int, seed: int) -> str:
    """What ``ismcts``, its ``VARIANTS`` and ``flat-mc`` do with ``seconds`` CPU s
    at the same decisions: ``positions`` decisions with more than one legal
    action, spread over 2-player heuristic games (seeds ``seed``, ``seed + 1``,
    ...), each bot asked from the mover's view. Per bot: the playouts per
    decision (mean and median: each candidate played out in one world counts
    one) and how often it plays another move than the heuristic's."""
    from statistics import fmean, median

    game = game_from_spec(name, {"players": 2})
    heuristic = make_bot("heuristic", game, 0)
    found: list[Any] = []
    game_seed = seed
    while len(found) < 4 * positions:
        state = game.initial_state(game_seed)
        while game.to_move(state) is not None:
            view = game.view(state, game.to_move(state))
            if len(game.legal_actions(view)) > 1:
                found.append(view)
            state, _ = game.apply(state, heuristic.choose(view))
        game_seed += 1
    views = found[:: max(1, len(found) // positions)][:positions]
    lines = []
    for label in ("ismcts", *VARIANTS, "flat-mc"):
        options: dict[str, Any] = {"seconds": seconds}
        if label == "flat-mc":
            options["cpu_time"] = True
        kind, extra = VARIANTS.get(label, (label, {}))
        bot = make_bot(kind, game, seed, **options, **extra)
        playouts, departures = [], 0
        for view in views:
            departures += bot.choose(view) != heuristic.choose(view)
            playouts.append(bot.last_iterations)
        lines.append(
            f"  {name} {label:<13} {seconds} CPU s: {fmean(playouts):7.1f} playouts "
            f"per decision (median {median(playouts):.0f}), another move than the "
            f"heuristic's at {departures} of {len(views)} decisions"
        )
    return "\n".join(lines)


def decided(wins: int, games: int, min_games: int) -> str | None:
    """What the 95% Wilson interval decides about a win rate, if anything:
    ``"stronger"`` (lower bound above 50%), ``"weaker"`` (upper bound below 50%)."""
    if games < min_games:
        return None
    low, high = Rate(wins, games).interval
    if low > 0.5:
        return "stronger"
    if high < 0.5:
        return "weaker"
    return None


def tally(path: str, seconds: float, seed: int) -> dict[tuple, list[int]]:
    """(game, first, second) -> [wins of first, games] of the rows already in
    ``path`` played at ``seconds`` with ``seed`` (none when there is no file)."""
    counts: dict[tuple, list[int]] = defaultdict(lambda: [0, 0])
    try:
        lines = open(path)
    except FileNotFoundError:
        return counts
    with lines:
        for line in lines:
            row = json.loads(line)
            if row["seconds"] == seconds and row["seed"] == seed:
                key = (row["game"], row["first"], row["second"])
                counts[key][0] += row["winner_bot"] == row["first"]
                counts[key][1] += 1
    return counts


def report(path: str) -> str:
    """Win rates (95% Wilson intervals) and CPU seconds per decision, per pairing."""
    wins: dict[tuple, int] = defaultdict(int)
    games: dict[tuple, int] = defaultdict(int)
    cpu: dict[tuple, list[float]] = defaultdict(lambda: [0.0, 0])
    with open(path) as lines:
        for line in lines:
            row = json.loads(line)
            key = (row["game"], row["first"], row["second"])
            games[key] += 1
            wins[key] += row["winner_bot"] == row["first"]
            for seat, name in enumerate(row["bots"]):
                cpu[key + (name,)][0] += row["cpu"][seat]
                cpu[key + (name,)][1] += row["decisions"][seat]
    out = []
    for key in PAIRINGS:
        if not games[key]:
            continue
        rate = Rate(wins[key], games[key])
        low = rate.interval[0]
        verdict = "met" if rate.rate >= 0.6 and low > 0.5 else "not met"
        if key[2] != "heuristic":
            verdict = "beats it" if low > 0.5 else "not shown"
        interval = decided(wins[key], games[key], 1)
        if interval is not None:
            verdict += f", the interval decides: {key[1]} {interval}"
        elif games[key] < 100:
            verdict += ", fewer than 100 games, undecided"
        per = []
        for name in (key[1], key[2]):
            total, n = cpu[key + (name,)]
            per.append(f"{name} {total / max(n, 1):.3f} CPU s/decision ({n})")
        out.append(
            f"{key[0]}: {key[1]} vs {key[2]}: {key[1]} wins {rate} [{verdict}]; "
            + ", ".join(per)
        )
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100, help="games per pairing")
    parser.add_argument("--seconds", type=float, default=0.1, help="CPU s/decision")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", default="strength.jsonl")
    parser.add_argument("--report", default=None, help="summarise this file")
    parser.add_argument(
        "--pairings",
        default=None,
        help="comma-separated indices into PAIRINGS (default: 0,1,2,3)",
    )
    parser.add_argument(
        "--first",
        type=int,
        default=0,
        help="the first game index (continue a run cut short, into the same file)",
    )
    parser.add_argument(
        "--min-games",
        type=int,
        default=20,
        help="the stopping rule decides from this many games of a pairing on",
    )
    parser.add_argument(
        "--no-stop",
        action="store_true",
        help="play every game asked for (no stopping rule)",
    )
    parser.add_argument(
        "--minutes",
        type=float,
        default=None,
        help="start no game after this many minutes (games under way finish)",
    )
    parser.add_argument(
        "--budget-use",
        type=int,
        default=0,
        metavar="N",
        help="instead of games: what each search bot does with --seconds at N "
        "decisions of each game (playouts, departures from the heuristic)",
    )
    args = parser.parse_args()
    if args.report:
        print(report(args.report))
        return
    if args.budget_use:
        for name in ("pitfall", "raiders"):
            print(budget_use(name, args.seconds, args.budget_use, args.seed))
        return
    pairings = DEFAULT_PAIRINGS
    if args.pairings:
        pairings = tuple(PAIRINGS[int(i)] for i in args.pairings.split(","))
    # Rounds: one game of every pairing per round, so a run cut short by a time
    # limit leaves every pairing with about the same number of games.
    tasks = [
        {"game": g, "first": a, "second": b, "index": i}
        | {"seconds": args.seconds, "seed": args.seed}
        for i in range(args.first, args.games)
        for g, a, b in pairings
    ]
    stop = None if args.minutes is None else time.monotonic() + 60 * args.minutes
    counts = tally(args.out, args.seconds, args.seed)
    settled: dict[tuple, str] = {}

    def settle(key: tuple) -> None:
        verdict = decided(*counts[key], args.min_games)
        if verdict is not None and not args.no_stop and key not in settled:
            settled[key] = verdict
            wins, games = counts[key]
            print(f"{' '.join(key)}: {key[1]} {verdict}, decided at {wins}/{games}")

    for key in list(counts):
        settle(key)
    pending = (t for t in tasks if (t["game"], t["first"], t["second"]) not in settled)
    with ProcessPoolExecutor(args.workers) as pool, open(args.out, "a") as out:
        running = {
            pool.submit(play_one, task)
            for task in itertools.islice(pending, args.workers)
        }
        while running:
            done = next(as_completed(running))
            running.remove(done)
            row = done.result()
            out.write(json.dumps(row) + "\n")
            out.flush()
            key = (row["game"], row["first"], row["second"])
            counts[key][0] += row["winner_bot"] == row["first"]
            counts[key][1] += 1
            settle(key)
            if stop is None or time.monotonic() < stop:
                for task in itertools.islice(pending, 1):
                    running.add(pool.submit(play_one, task))
    print(report(args.out))


if __name__ == "__main__":
    main()
