"""The command line: ``python -m tabletop simulate NAME --players 4 --games 1000``.

``games`` lists the registered games (their names, titles and player counts);
``options GAME`` lists a game's rule options, its house rules
(``tabletop.core.options``; docs/house-rules.md).

``fairness GAME`` plays seeded bot games under one rule set, or two side by side,
on dask, and prints each figure with its 95% interval (``tabletop.sim.fairness``;
docs/simulation.md); ``--html`` writes the report with its plots.

``serve`` runs the seat server for online play (``tabletop.online``) and ``room``
creates a room on a running server and prints its links.

``site OUT`` writes the games as a static site that plays in any browser, with
Python running in the page (``tabletop.site``; docs/site.md).

``train-value`` trains a game's value model (``tabletop.analysis.value_training``)
and writes its weights and report into the game's package.

``simulate`` plays seeded games with bots on a process pool, writes one row per game
(CSV, or Parquet for a ``.parquet`` file when pyarrow is installed) and prints a
summary: win rate by seat with 95% intervals and the game-length distribution.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from tabletop.core import SaveError


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m tabletop")
    commands = parser.add_subparsers(dest="command", required=True)
    sim = commands.add_parser("simulate", help="play many seeded games with bots")
    sim.add_argument("game", help="a game's name (see: games), or module:Class")
    sim.add_argument("--players", type=int, default=2, help="seats (default 2)")
    sim.add_argument("--games", type=int, default=100, help="games to play")
    sim.add_argument(
        "--bots",
        default="heuristic",
        help="one bot for every seat, or one per seat: random,heuristic,ismcts,flat-mc",
    )
    sim.add_argument(
        "--iterations", type=int, default=200, help="search bot budget per decision"
    )
    sim.add_argument("--seed", type=int, default=0, help="base seed (default 0)")
    sim.add_argument("--workers", type=int, default=None, help="processes (CPUs)")
    sim.add_argument("--max-steps", type=int, default=10_000, help="cut-off per game")
    sim.add_argument("--rotate", action="store_true", help="rotate bots round seats")
    sim.add_argument("--out", default=None, help="results file (.csv or .parquet)")
    sim.add_argument("--no-progress", action="store_true", help="no progress bar")
    games = commands.add_parser("games", help="list the registered games")
    games.set_defaults(run=list_games)
    options = commands.add_parser("options", help="list a game's rule options")
    options.add_argument("game", help="a registered game's name (see: games)")
    options.set_defaults(run=list_options)
    from tabletop.sim.fairness_cli import add_fairness

    add_fairness(commands)
    _add_train_value(commands)
    _add_site(commands)
    from tabletop.online.cli import add_commands

    add_commands(commands)
    return parser


def _add_train_value(commands: argparse._SubParsersAction) -> None:
    train = commands.add_parser(
        "train-value", help="train a game's value model (who wins from a view)"
    )
    train.add_argument("game", help="a registered game's name (see: games)")
    train.add_argument("--players", default="", help="counts, e.g. 2,3 (all)")
    train.add_argument("--games", type=int, help="self-play games a count (8000)")
    train.add_argument("--per-game", type=int, help="positions a game (16)")
    train.add_argument("--playouts", type=int, help="playouts a label (1)")
    train.add_argument("--label", choices=("end", "playouts"), help="label (playouts)")
    train.add_argument("--hidden", type=int, help="hidden units a member (32)")
    train.add_argument("--members", type=int, help="networks averaged (6)")
    train.add_argument("--epochs", type=int, help="epochs (12)")
    train.add_argument("--seed", type=int, help="base seed (0)")
    train.add_argument("--out", default=None, help="weights file (the package's)")
    train.set_defaults(run=train_value)


def _add_site(commands: argparse._SubParsersAction) -> None:
    site = commands.add_parser(
        "site", help="write the games as a static site that plays in any browser"
    )
    site.add_argument(
        "out",
        help="the folder to write: new, empty, or a site this command built; the "
        "site is built beside it and swapped in when complete, and a folder "
        "holding anything else is refused",
    )
    site.add_argument(
        "--pyodide", default=None, help="a folder with Pyodide's core files or tarball"
    )
    site.add_argument("--cache", default=None, help="where npm's Pyodide is kept")
    site.add_argument("--wheels", default=None, help="ready wheels to ship instead")
    site.add_argument(
        "--replace",
        action="store_true",
        help="replace OUT whole even if it holds files this command did not write "
        "(they are deleted)",
    )
    site.set_defaults(run=build_site)


def build_site(args: argparse.Namespace) -> int:
    """Write the static site and say what it holds."""
    from tabletop.site import build_site as build

    site = build(
        args.out,
        pyodide=args.pyodide,
        cache=args.cache,
        wheels=args.wheels,
        replace=args.replace,
    )
    games = ", ".join(g["name"] for g in site["games"])
    print(
        f"wrote {args.out}: {games} (build {site['version']}); serve it from any web "
        "server (https, or localhost, for offline play: docs/site.md)"
    )
    return 0


def train_value(args: argparse.Namespace) -> int:
    """Train a game's value model and write its weights and report."""
    from tabletop.analysis.value_training import Settings
    from tabletop.analysis.value_training import train_value as train

    given = {
        name: getattr(args, name)
        for name in (
            "games",
            "per_game",
            "playouts",
            "label",
            "hidden",
            "members",
            "epochs",
            "seed",
        )
        if getattr(args, name) is not None
    }
    players = tuple(int(p) for p in args.players.split(",") if p.strip())
    train(args.game, Settings(**given), players=players or None, out=args.out)
    return 0


def list_games(args: argparse.Namespace) -> int:
    """Print each registered game: name, title, player counts and its parts."""
    from tabletop.core.registry import PARTS, REGISTRY

    for entry in REGISTRY.entries():
        low, high = entry.players
        parts = ", ".join(p for p in PARTS if getattr(entry, p)) or "no parts"
        print(
            f"{entry.name}: {entry.title or entry.name}, {low}-{high} players ({parts})"
        )
    return 0


def list_options(args: argparse.Namespace) -> int:
    """Print a game's rule options: keyword, clause, choices, why."""
    from tabletop.core.options import describe, options_of
    from tabletop.core.registry import lookup

    try:
        entry = lookup(args.game)
    except KeyError as exc:
        raise ValueError(exc.args[0]) from None
    declared = options_of(entry)
    title = entry.title or entry.name
    if not declared:
        print(f"{title} has no rule options: it plays the project's rulings")
        return 0
    print(f"{title}: rule options (house rules); the first value is the default")
    print("\n".join(describe(declared)))
    return 0


def simulate(args: argparse.Namespace) -> int:
    from tabletop.sim import BotSpec, run_games, summarize

    if args.out and args.out.endswith(".parquet"):
        try:
            import pyarrow  # noqa: F401
        except ModuleNotFoundError:
            print("error: .parquet output needs pyarrow; write .csv", file=sys.stderr)
            return 2
    bots = [
        BotSpec.with_options(name, iterations=args.iterations)
        if name in ("ismcts", "flat-mc", "search")
        else BotSpec(name)
        for name in (b.strip() for b in args.bots.split(","))
    ]
    table = run_games(
        args.game,
        args.games,
        bots=bots,
        seed=args.seed,
        players=args.players,
        workers=args.workers,
        max_steps=args.max_steps,
        rotate=args.rotate,
        progress=False if args.no_progress else None,
    )
    if args.out:
        table.write(args.out)
        print(f"wrote {len(table)} rows to {args.out}")
    print(f"{args.game}, {args.players} players, bots {args.bots}, seed {args.seed}")
    print(summarize(table))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = _parser().parse_args(argv)
    try:
        if args.command != "simulate":
            return args.run(args)
        return simulate(args)
    except (ValueError, SaveError, ModuleNotFoundError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
