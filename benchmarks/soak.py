"""Soak: thousands of bot games per game through the ``Match`` API, checked all along.

Run ``python benchmarks/soak.py [--games N] [--game pitfall|raiders|all]``. For each
game it plays N seeded games (default 10,000), seats drawn at random between the
random and the heuristic bot (player counts cycle through those the game allows),
and mixes timeline moves into play: undo then redo (the same states must come back),
undo then play on (the kept future is dropped), goto a past step and back (the state
there is the one recorded), fork and play on in the fork, and a save/load round trip
at the end of every game (the replayed match must reach the same state).

After every step it checks the game's invariants, that ``apply`` left the previous
state unchanged, that the mover's own view offers the same legal actions, and that a
live game always has one. It reports crashes (any exception, with the seed and step),
invariant failures, how many games finished or hit the step cap, the longest game, and
memory: the process's resident size after each block of games (garbage collected,
nothing kept between games), so growth per finished game and per step can be read
off, and with ``--traced`` the live Python heap (tracemalloc), which tells bounded
memo caches and allocator slack apart from a leak. Figures only:
``tests/test_soak_small.py`` runs a small count and asserts that nothing failed,
never a speed or a memory figure.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import time
import traceback
import tracemalloc
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop.bots import make_bot  # noqa: E402
from tabletop.core import Game, Match, Rng  # noqa: E402
from tabletop.games.pitfall import Pitfall  # noqa: E402
from tabletop.games.raiders import Raiders  # noqa: E402

GAMES: dict[str, tuple[Callable[..., Game], tuple[int, ...]]] = {
    "pitfall": (Pitfall, (2, 3, 4)),
    "raiders": (Raiders, (2, 3, 4, 5, 6)),
}
"""name -> (game class, the player counts played in turn)."""

MAX_STEPS = 2500  # actions per game at most (all-random Pitfall tables rarely end)
BOT_KINDS = ("random", "heuristic")
# Chances, per step, of each timeline move (out of 1,000).
UNDO_REDO, UNDO_PLAY, GOTO, FORK = 30, 15, 15, 4


@dataclass
class SoakReport:
    """What one game's soak found (every list holds short, JSON-able records)."""

    game: str
    games: int = 0
    steps: int = 0
    finished: int = 0
    truncated: int = 0
    timeline_moves: int = 0
    crashes: list[dict[str, Any]] = field(default_factory=list)
    invariant_failures: list[dict[str, Any]] = field(default_factory=list)
    longest: dict[str, int] = field(default_factory=lambda: {"steps": 0, "seed": -1})
    memory: list[dict[str, int]] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def failures(self) -> int:
        return len(self.crashes) + len(self.invariant_failures)

    def growth(self, since: int = 0) -> tuple[float, float]:
        """Resident memory growth in bytes per game and per step, from the reading
        ``since`` (0: the end of the first block, warm caches) to the last."""
        if len(self.memory) - since < 2:
            return 0.0, 0.0
        first, last = self.memory[since], self.memory[-1]
        grown = last["rss"] - first["rss"]
        games = max(1, last["games"] - first["games"])
        steps = max(1, last["steps"] - first["steps"])
        return grown / games, grown / steps


class InvariantFailure(AssertionError):
    """A checked property broke (kept apart from crashes in the report)."""


def rss_bytes() -> int:
    """The process's resident set size now (Linux), else its peak."""
    try:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def check_state(game: Game, before: Any, before_hash: int, state: Any) -> None:
    """Every per-step property of the state reached (raises InvariantFailure)."""
    if before is not None and hash(before) != before_hash:
        raise InvariantFailure("apply changed its input state")
    problems = game.invariants(state)
    if problems:
        raise InvariantFailure("; ".join(problems))
    mover = game.to_move(state)
    if mover is None:
        if game.outcome(state) is None:
            raise InvariantFailure("nobody is to move but the game has no outcome")
        return
    legal = game.legal_actions(state)
    if not legal:
        raise InvariantFailure(f"seat {mover} is to move but has no legal action")
    if game.legal_actions(game.view(state, mover)) != legal:
        raise InvariantFailure("the mover's view offers other legal actions")


class Soaker:
    """Plays one game (a seed) through a Match with bots and timeline moves."""

    def __init__(self, game: Game, seed: int, max_steps: int) -> None:
        self.game, self.seed, self.max_steps = game, seed, max_steps
        self.rng = Rng.from_seed(seed ^ 0x50A4)
        kinds = [BOT_KINDS[self._below(2)] for _ in range(game.players)]
        if "heuristic" not in kinds:  # at least one seat that goes for the win
            kinds[self._below(game.players)] = "heuristic"
        self.kinds = kinds
        self.bots = [
            make_bot(kind, game, seed * 10 + seat) for seat, kind in enumerate(kinds)
        ]
        self.match = Match(game, seed)
        self.moves = 0

    def _below(self, n: int) -> int:
        value, self.rng = self.rng.below(n)
        return value

    def play(self) -> Match:
        """Play to the end or the step cap; returns the final match."""
        check_state(self.game, None, 0, self.match.state)
        played = 0
        while self.match.to_move() is not None and played < self.max_steps:
            self._one_step()
            played += 1
            roll = self._below(1000)
            if roll < UNDO_REDO:
                self._undo_redo()
            elif roll < UNDO_REDO + UNDO_PLAY:
                self._undo_play_on()
            elif roll < UNDO_REDO + UNDO_PLAY + GOTO:
                self._goto_and_back()
            elif roll < UNDO_REDO + UNDO_PLAY + GOTO + FORK:
                self._fork()
        self._save_round_trip()
        return self.match

    def _one_step(self) -> None:
        game, match = self.game, self.match
        state = match.state
        seat = game.to_move(state)
        action = self.bots[seat].choose(game.view(state, seat))
        before = hash(state)
        match.play(action)
        check_state(game, state, before, match.state)

    def _undo_redo(self) -> None:
        match = self.match
        n = 1 + self._below(3)
        end = match.cursor
        back, here = match.state_at(max(0, end - n)), match.state
        match.undo(n)
        if match.state is not back:
            raise InvariantFailure(f"undo {n} did not come back to step {end - n}")
        match.redo(n)
        if match.cursor != end or match.state is not here:
            raise InvariantFailure(f"redo {n} did not return to step {end}")
        self.moves += 1

    def _undo_play_on(self) -> None:
        match = self.match
        match.undo(1 + self._below(3))
        if match.to_move() is not None:
            self._one_step()
            if len(match) != match.cursor:
                raise InvariantFailure("a move after undo kept the old future")
        self.moves += 1

    def _goto_and_back(self) -> None:
        match = self.match
        end = match.cursor
        step = self._below(end + 1)
        match.goto(step)
        expected = match.steps[step - 1].state if step else match.initial_state
        if match.state is not expected:
            raise InvariantFailure(f"goto {step} shows another state")
        match.goto(end)
        self.moves += 1

    def _fork(self) -> None:
        old = self.match
        new = old.fork()
        if new.state is not old.state or len(new) != old.cursor:
            raise InvariantFailure("a fork does not start where its match stood")
        self.match = new
        self.moves += 1

    def _save_round_trip(self) -> None:
        match = self.match
        loaded = Match.from_json(json.loads(json.dumps(match.to_json())))
        if loaded.state != match.state or loaded.cursor != match.cursor:
            raise InvariantFailure("save and load reached another state")


def soak_game(
    name: str,
    games: int,
    first_seed: int = 0,
    block: int = 500,
    max_steps: int = MAX_STEPS,
    seconds: float | None = None,
    progress: Callable[[str], None] | None = None,
) -> SoakReport:
    """Soak one game: ``games`` seeded games (or as many as fit in ``seconds``)."""
    make, counts = GAMES[name]
    tables = {n: make(players=n) for n in counts}
    report = SoakReport(name)
    start = time.perf_counter()
    for i in range(games):
        seed = first_seed + i
        _one_game(report, tables[counts[seed % len(counts)]], seed, max_steps)
        if (i + 1) % block == 0 or i + 1 == games:
            _measure(report, start, progress)
        if seconds is not None and time.perf_counter() - start > seconds:
            _measure(report, start, progress)
            break
    report.seconds = round(time.perf_counter() - start, 1)
    return report


def _one_game(report: SoakReport, game: Game, seed: int, max_steps: int) -> None:
    soaker = None
    try:
        soaker = Soaker(game, seed, max_steps)
        match = soaker.play()
    except InvariantFailure as exc:
        report.invariant_failures.append(_record(seed, soaker, exc))
        return
    except Exception as exc:  # noqa: BLE001 - every crash is counted and reported
        report.crashes.append(_record(seed, soaker, exc))
        return
    finally:
        report.games += 1
        if soaker is not None:
            report.timeline_moves += soaker.moves
    length = match.cursor
    report.steps += length
    if match.over:
        report.finished += 1
    else:
        report.truncated += 1
    if length > report.longest["steps"]:
        report.longest = {"steps": length, "seed": seed, "players": game.players}


def _record(seed: int, soaker: Soaker | None, exc: BaseException) -> dict[str, Any]:
    where = traceback.extract_tb(exc.__traceback__)[-1]
    return {
        "seed": seed,
        "players": soaker.game.players if soaker else None,
        "seats": soaker.kinds if soaker else None,
        "step": soaker.match.cursor if soaker else None,
        "error": f"{type(exc).__name__}: {exc}"[:400],
        "at": f"{Path(where.filename).name}:{where.lineno}",
    }


def _measure(report: SoakReport, start: float, progress: Any) -> None:
    gc.collect()
    point = {
        "games": report.games,
        "steps": report.steps,
        "rss": rss_bytes(),
        "seconds": round(time.perf_counter() - start, 1),
    }
    if tracemalloc.is_tracing():  # live Python objects, without allocator slack
        point["traced"] = tracemalloc.get_traced_memory()[0]
    report.memory.append(point)
    if progress is not None:
        progress(
            f"{report.game}: {report.games} games, {report.steps} steps, "
            f"{report.failures} failures, rss {point['rss'] / 2**20:.1f} MiB, "
            f"{point['seconds']} s"
        )


def summary(report: SoakReport) -> str:
    """The report as a few lines of figures."""
    per_game, per_step = report.growth()
    mem = report.memory
    rss = "-"
    if mem:
        rss = f"{mem[0]['rss'] / 2**20:.1f} -> {mem[-1]['rss'] / 2**20:.1f} MiB"
    lines = [
        f"{report.game}: {report.games} games ({report.finished} finished, "
        f"{report.truncated} hit the {MAX_STEPS}-step cap), {report.steps} steps, "
        f"{report.timeline_moves} timeline moves, {report.seconds} s",
        f"  crashes: {len(report.crashes)}, invariant failures: "
        f"{len(report.invariant_failures)}",
        f"  longest game: {report.longest['steps']} steps (seed "
        f"{report.longest['seed']}, {report.longest.get('players', '?')} players)",
        f"  resident memory after each block: {rss}; growth "
        f"{per_game:+.0f} B per game, {per_step:+.2f} B per step",
    ]
    if len(mem) >= 4:  # bounded memo caches fill early: the second half is flat
        late_game, late_step = report.growth(since=len(mem) // 2)
        lines.append(
            f"  over the second half of the run: {late_game:+.0f} B per game, "
            f"{late_step:+.2f} B per step"
        )
    if mem and "traced" in mem[-1]:
        traced = " -> ".join(f"{p['traced'] / 2**20:.1f}" for p in mem)
        lines.append(f"  live Python heap (tracemalloc) after each block: {traced} MiB")
    for record in (report.crashes + report.invariant_failures)[:10]:
        lines.append(
            f"  ! seed {record['seed']} step {record['step']}: "
            f"{record['error']} ({record['at']})"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per game")
    parser.add_argument("--game", choices=[*GAMES, "all"], default="all")
    parser.add_argument("--seed", type=int, default=0, help="the first seed")
    parser.add_argument("--block", type=int, default=500, help="games per reading")
    parser.add_argument(
        "--minutes",
        type=float,
        default=None,
        help="stop each game's soak after this long (the count is reported)",
    )
    parser.add_argument("--json", type=Path, default=None, help="write reports here")
    parser.add_argument(
        "--traced",
        action="store_true",
        help="also measure the live heap with tracemalloc (slower)",
    )
    args = parser.parse_args(argv)
    if args.traced:
        tracemalloc.start()
    names = list(GAMES) if args.game == "all" else [args.game]
    seconds = None if args.minutes is None else args.minutes * 60
    reports = []
    for name in names:
        report = soak_game(
            name,
            args.games,
            args.seed,
            args.block,
            seconds=seconds,
            progress=lambda line: print(line, flush=True),
        )
        reports.append(report)
        print(summary(report), flush=True)
    if args.json is not None:
        args.json.write_text(json.dumps([asdict(r) for r in reports], indent=1))
    return 1 if any(r.failures for r in reports) else 0


if __name__ == "__main__":
    raise SystemExit(main())
