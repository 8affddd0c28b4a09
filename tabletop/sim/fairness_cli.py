"""``tabletop fairness GAME``: the fairness report from the command line.

    tabletop fairness GAME --players 3 --games 2000 --against NAME=yes
    tabletop fairness GAME --rules NAME=yes --html report.html
    tabletop fairness GAME --scheduler tcp://host:8786 --games 100000

``--rules`` and ``--against`` take ``name=value`` rule options (``tabletop options
GAME`` lists them); each option given is refused in words when the game does not
have it or it does not take the value.
"""

from __future__ import annotations

import argparse
from typing import Any


def add_fairness(commands: Any) -> None:
    """Add the ``fairness`` command to the command line's subcommands."""
    fair = commands.add_parser(
        "fairness",
        help="is a house rule fair? seeded bot games under one rule set or two",
    )
    fair.add_argument("game", help="a registered game's name (see: games)")
    fair.add_argument("--players", type=int, default=None, help="seats (fewest)")
    fair.add_argument(
        "--rules", nargs="*", default=[], metavar="NAME=VALUE",
        help="the rule set's house rules (none: the project's rulings)",
    )  # fmt: skip
    fair.add_argument(
        "--against", nargs="*", default=None, metavar="NAME=VALUE",
        help="a second rule set to compare (no values: the project's rulings)",
    )  # fmt: skip
    fair.add_argument("--games", type=int, default=1000, help="games per rule set")
    fair.add_argument(
        "--bots", nargs="+", default=["Easy", "random"],
        help="bot mixes: a bot for every seat (Easy) or one per seat (Easy,random)",
    )  # fmt: skip
    fair.add_argument(
        "--skill", default="Medium", help="the skilled bot among Easy ones, or none"
    )
    fair.add_argument("--skill-games", type=int, default=None, help="(games // 50)")
    fair.add_argument(
        "--iterations", type=int, default=20, help="the skilled bot's iterations"
    )
    fair.add_argument("--seed", type=int, default=0, help="base seed (default 0)")
    fair.add_argument("--workers", type=int, default=None, help="local cluster size")
    fair.add_argument(
        "--scheduler", default=None, help="a dask scheduler's address (a cluster)"
    )
    fair.add_argument(
        "--local", action="store_true", help="play in this process, without dask"
    )
    fair.add_argument("--max-steps", type=int, default=5000, help="cut-off per game")
    fair.add_argument("--html", default=None, help="write the report here (.html)")
    fair.add_argument("--no-progress", action="store_true", help="no progress bar")
    fair.set_defaults(run=run_fairness)


def run_fairness(args: argparse.Namespace) -> int:
    """Run the comparison, print the report, write the HTML page if asked."""
    from tabletop.core.options import options_of, parse_assignments
    from tabletop.core.registry import lookup
    from tabletop.sim.fairness_run import fairness

    try:
        entry = lookup(args.game)
    except KeyError as exc:
        raise ValueError(exc.args[0]) from None
    declared, title = options_of(entry), entry.title or entry.name
    rules = parse_assignments(declared, args.rules, title)
    against = None
    if args.against is not None:
        against = parse_assignments(declared, args.against, title)
    executor: Any = args.scheduler or ("local" if args.local else None)
    report = fairness(
        args.game,
        args.players,
        rules,
        against,
        games=args.games,
        bots=args.bots,
        skill=None if args.skill.lower() == "none" else args.skill,
        skill_games=args.skill_games,
        iterations=args.iterations,
        seed=args.seed,
        executor=executor,
        workers=args.workers,
        max_steps=args.max_steps,
        progress=False if args.no_progress else None,
    )
    print(report)
    if args.html:
        report.to_html(args.html)
        print(f"wrote {args.html}")
    return 0
