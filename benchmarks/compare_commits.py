"""The tabletop's gesture figures (``benchmarks/ui.py``) of two revisions side by
side: per label the median over the rounds of each, and new/old.

Each revision is checked out in a ``git worktree`` in a temporary folder outside
the repository; ``benchmarks/ui.py`` of the current checkout then runs against each
revision's ``tabletop`` in turn (old, new, old, new, ... ``--rounds`` times each),
in a new process with that worktree first on ``PYTHONPATH`` (ahead of the
editable install). Each run says which ``tabletop`` it imported, and a run that
imported any other stops the comparison. The worktrees are removed at the end,
whatever happens (``git worktree remove``, then ``git worktree prune``).

Run from the repository, best on an idle machine (the figures are CPU times):
``.venv/bin/python benchmarks/compare_commits.py BASE [NEW] [--rounds 3]
[-- ARGS FOR ui.py]``. NEW defaults to ``HEAD``; ``.`` measures the checkout
itself, uncommitted changes included. For example
``.venv/bin/python benchmarks/compare_commits.py HEAD~5 -- --moves 100``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
UI = HERE / "ui.py"
WORKING_TREE = "."


def git(*args: str, cwd: Path = HERE) -> str:
    done = subprocess.run(
        ["git", *args], cwd=cwd, check=True, capture_output=True, text=True
    )
    return done.stdout.strip()


def run_ui(tree: Path, extra: list[str], cwd: Path) -> dict[str, float]:
    """The figures of one ``ui.py --json`` run against ``tree``'s ``tabletop``."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(tree), env.get("PYTHONPATH", "")) if p
    )
    done = subprocess.run(
        [sys.executable, str(UI), "--json", *extra],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        sys.exit(f"benchmarks/ui.py failed against {tree}:\n{done.stderr}")
    result = json.loads(done.stdout.strip().splitlines()[-1])
    imported = Path(result["tabletop"]).resolve()
    if not imported.is_relative_to(tree.resolve()):
        sys.exit(f"the run meant for {tree} imported tabletop from {imported}")
    print(f"    tabletop from {imported.parent}", flush=True)
    return result["figures"]


def compare(
    old: dict[str, list[float]], new: dict[str, list[float]], names: tuple[str, str]
) -> None:
    """Print the medians side by side, with new/old."""
    labels = list(old) + [label for label in new if label not in old]
    width = max(len(label) for label in labels)
    print(
        f"\n{'median of the rounds':<{width}}  {names[0]:>12}  {names[1]:>12}  new/old"
    )
    for label in labels:
        a = statistics.median(old[label]) if label in old else None
        b = statistics.median(new[label]) if label in new else None
        ratio = f"{b / a:7.2f}" if a and b is not None else "      -"
        shown = [f"{v:12,.1f}" if v is not None else f"{'-':>12}" for v in (a, b)]
        print(f"{label:<{width}}  {shown[0]}  {shown[1]}  {ratio}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        epilog="Arguments after -- go to benchmarks/ui.py (e.g. -- --moves 100).",
    )
    parser.add_argument("base", help="the old revision (e.g. HEAD~1, a tag, a hash)")
    parser.add_argument(
        "new",
        nargs="?",
        default="HEAD",
        help="the new revision (default HEAD; '.': the checkout as it is)",
    )
    parser.add_argument("--rounds", type=int, default=3, help="runs of each (3)")
    argv = sys.argv[1:]
    extra = argv[argv.index("--") + 1 :] if "--" in argv else []
    args = parser.parse_args(argv[: argv.index("--")] if "--" in argv else argv)

    root = Path(git("rev-parse", "--show-toplevel"))
    revisions = [args.base, args.new]
    names = []
    for rev in revisions:
        if rev == WORKING_TREE:
            names.append("checkout")
        else:
            names.append(git("rev-parse", "--short", "--verify", f"{rev}^{{commit}}"))
    temp = Path(tempfile.mkdtemp(prefix="tabletop-compare-"))
    made: list[Path] = []
    try:
        trees = []
        for rev, name in zip(revisions, names, strict=True):
            if rev == WORKING_TREE:
                trees.append(root)
                continue
            tree = temp / f"{len(made)}-{name}"
            git("worktree", "add", "--detach", str(tree), name, cwd=root)
            made.append(tree)
            trees.append(tree)
        print(
            f"old {args.base} ({names[0]}) vs new {args.new} ({names[1]}), "
            f"{args.rounds} round(s), ui.py {' '.join(extra) or '(defaults)'}"
        )
        found: list[dict[str, list[float]]] = [{}, {}]
        for round_ in range(1, args.rounds + 1):
            for side, tree in enumerate(trees):
                print(f"  round {round_}, {('old', 'new')[side]}:", flush=True)
                start = time.perf_counter()
                for label, value in run_ui(tree, extra, temp).items():
                    found[side].setdefault(label, []).append(value)
                print(f"    {time.perf_counter() - start:.0f} s", flush=True)
        compare(found[0], found[1], (names[0], names[1]))
    finally:
        for tree in made:
            subprocess.run(
                ["git", "worktree", "remove", "--force", str(tree)],
                cwd=root,
                check=False,
                capture_output=True,
            )
        shutil.rmtree(temp, ignore_errors=True)
        subprocess.run(["git", "worktree", "prune"], cwd=root, check=False)


if __name__ == "__main__":
    main()
