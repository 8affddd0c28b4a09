"""CPU time to answer the seat page's frames, on the server and on the site, for
two revisions side by side.

What is timed (``time.process_time``, this process only, no network):

- **server, one play**: a room of the seat server (``tabletop.online.room.Room``,
  a throwaway store) with every seat human and, per seat, one connection that
  draws (a browser page, ``render: svg``) plus a spectator page and a Python
  client; one ``play`` of a random legal action by the seat to move, through
  to every connection's view (the pictures and words of each viewer, the log
  lines, the store's row);
- **site, one tap**: the static site's room of one device (``LocalRoom``,
  here in CPython) with a human and a random bot; one ``play`` frame's answer
  as JSON text, and then every bot move's (``advance``) until the human is to
  move again, as the worker posts them.

Each game is played from a fixed seed for ``--moves`` frames; the first frame
of a run (the look, pictures and caches made) is reported apart as cold, the
rest as warm (median per frame). Each revision runs in a new process with its
``git worktree`` first on ``PYTHONPATH`` (old, new, old, new... ``--rounds``
times), and the report gives new/old of the warm medians.

Run from the repository, best on an idle machine:
``.venv/bin/python benchmarks/answer_cost.py BASE [NEW] [--rounds 3] [--moves 60]``
(``NEW`` defaults to ``.``: the checkout as it is).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
GAMES = ("pitfall", "raiders")


class Conn:
    """A connection as a room sees it (old and new rooms alike)."""

    def __init__(self, role: str, seat: int | None, render: str) -> None:
        self.role, self.seat, self.render = role, seat, render
        self.logged = 0
        self.board_sent = False
        self.sent = 0

    def send(self, frame: dict[str, Any]) -> None:
        self.sent += len(json.dumps(frame, separators=(",", ":")))


def server_costs(game: str, moves: int) -> list[float]:
    from tabletop.core import Match, make_game
    from tabletop.core.match import rules_version
    from tabletop.online.room import Room
    from tabletop.online.store import RoomRecord, Store

    made = make_game(game, players=3)
    seats = ("human",) * 3
    record = RoomRecord("bench", made.name, {}, 7, seats, {}, rules_version(made))
    store = Store(":memory:")
    store.add_room(record)
    room = Room(record, Match(made, 7), store, lambda delay, call: None)
    conns = [Conn("seat", s, "svg") for s in range(3)]
    conns += [Conn("spectator", None, "svg"), Conn("seat", 0, "")]
    for conn in conns:
        room.join(conn)
    rng, costs = random.Random(7), []
    for _ in range(moves):
        state = room.match.state
        if made.outcome(state) is not None:
            break
        seat = made.to_move(state)
        action = str(rng.choice(made.legal_actions(state)))
        began = time.process_time()
        refusal = room.play(seat, action, len(room.match))
        costs.append(time.process_time() - began)
        assert refusal is None, refusal
    return costs


def site_costs(game: str, moves: int) -> list[float]:
    from tabletop.site.local import LocalRoom

    room = LocalRoom(game, ["human", "random"], seed=7)
    busy = getattr(room, "busy", lambda: False)
    json.dumps(room.answer(json.dumps({"t": "hello"})))
    while busy():
        json.dumps(room.advance())
    rng, costs = random.Random(7), []
    for _ in range(moves):
        match = room.logic.match
        state = match.state
        if match.game.outcome(state) is not None:
            break
        action = str(rng.choice(match.game.legal_actions(state)))
        frame = json.dumps({"t": "play", "action": action, "at": len(match)})
        began = time.process_time()
        json.dumps(room.answer(frame))
        while busy():
            json.dumps(room.advance())
        costs.append(time.process_time() - began)
    return costs


def measure(moves: int) -> dict[str, Any]:
    import tabletop

    out: dict[str, Any] = {"tabletop": str(Path(tabletop.__file__).parent.parent)}
    for game in GAMES:
        for name, costs in (
            ("server", server_costs(game, moves)),
            ("site", site_costs(game, moves)),
        ):
            out[f"{name} {game}"] = {
                "cold": costs[0],
                "warm": statistics.median(costs[1:]),
                "frames": len(costs),
            }
    return out


def git(*args: str) -> str:
    done = subprocess.run(
        ["git", *args], cwd=HERE, check=True, capture_output=True, text=True
    )
    return done.stdout.strip()


def run(tree: Path, moves: int) -> dict[str, Any]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(tree), env.get("PYTHONPATH", "")) if p
    )
    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--one", str(moves)],
        env=env,
        cwd=tempfile.gettempdir(),
        check=True,
        capture_output=True,
        text=True,
    )
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    if Path(figures.pop("tabletop")).resolve() != tree.resolve():
        raise SystemExit(f"a run did not import the tabletop of {tree}")
    return figures


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("base", nargs="?")
    ap.add_argument("new", nargs="?", default=".")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--moves", type=int, default=60)
    ap.add_argument("--one", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one is not None:
        print(json.dumps(measure(args.one)))
        return
    if args.base is None:
        ap.error("give BASE, the revision to compare against")
    root = Path(git("rev-parse", "--show-toplevel"))
    scratch = Path(tempfile.mkdtemp(prefix="answer-cost-"))
    trees: dict[str, Path] = {}
    try:
        for label, rev in (("old", args.base), ("new", args.new)):
            if rev == ".":
                trees[label] = root
                continue
            path = scratch / label
            git("worktree", "add", "--detach", str(path), rev)
            trees[label] = path
        runs: dict[str, list[dict[str, Any]]] = {"old": [], "new": []}
        for _ in range(args.rounds):
            for label in ("old", "new"):
                runs[label].append(run(trees[label], args.moves))
        print(
            f"CPU per frame answered (process time), {args.moves} frames a game, "
            f"{args.rounds} rounds alternated; old {args.base}, new {args.new}"
        )
        print(f"{'what':<16}{'old cold':>10}{'new cold':>10}"
              f"{'old warm':>10}{'new warm':>10}{'new/old':>9}")  # fmt: skip
        for key in runs["old"][0]:
            fig = {
                label: {
                    part: statistics.median(r[key][part] for r in runs[label])
                    for part in ("cold", "warm")
                }
                for label in runs
            }
            ratio = fig["new"]["warm"] / fig["old"]["warm"]
            print(
                f"{key:<16}{fig['old']['cold'] * 1e3:>8.1f}ms"
                f"{fig['new']['cold'] * 1e3:>8.1f}ms"
                f"{fig['old']['warm'] * 1e3:>8.2f}ms"
                f"{fig['new']['warm'] * 1e3:>8.2f}ms{ratio:>9.3f}"
            )
    finally:
        for path in trees.values():
            if path != root:
                subprocess.run(
                    ["git", "worktree", "remove", "--force", str(path)],
                    cwd=HERE,
                    capture_output=True,
                )
        subprocess.run(["git", "worktree", "prune"], cwd=HERE, capture_output=True)
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
