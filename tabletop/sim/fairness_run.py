"""Is a house rule fair? Seeded bot games under one rule set, or two side by side.

``fairness(name, 3, against={"keyword": True}, games=2000)`` plays
each rule set with each bot mix (Easy and random by default), and one skilled bot
(Medium, with a budget in iterations) among Easy bots, and returns a
``FairnessReport``: each seat's win rate and the first player's edge, game
lengths in turns and actions, decisiveness (how often the leader at a quarter,
half and three quarters wins; lead changes; comebacks) and how much skill
matters, each with its 95% interval, and every difference between the two rule
sets judged together by Holm's method (``docs/simulation.md``).

The games run on dask: a ``LocalCluster`` by default, a running scheduler given
by its address (``executor="tcp://host:8786"``) or a ``dask.distributed.Client``;
any ``concurrent.futures.Executor`` works too, and ``executor="local"`` plays in
this process. Work goes out as plain chunks (``FairnessChunk``); each returns the
counts of its games (a ``Tally``), added to the run's as it arrives, so memory
stays flat in the number of games, and the sums do not depend on the order they
arrive in: the same call gives the same figures on any executor and any number
of workers.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import Executor, as_completed
from contextlib import contextmanager
from typing import Any

from tabletop.bots.registry import BOT_LEVELS, BOT_NAMES
from tabletop.core.options import house_rules_words
from tabletop.core.registry import lookup, part_of
from tabletop.sim.fairness_play import FairnessChunk, run_fairness_chunk
from tabletop.sim.fairness_report import FairnessReport, RuleSetInfo
from tabletop.sim.spec import BotSpec, GameSpec
from tabletop.sim.tally import Tally

DEFAULT_MIXES = ("Easy", "random")
SEARCH_BOTS = ("ismcts", "flat-mc", "search", "Medium", "Hard")


def fairness(
    game: str,
    players: int | None = None,
    rules: Mapping[str, Any] | None = None,
    against: Mapping[str, Any] | None = None,
    *,
    games: int = 1000,
    bots: str | Sequence[str] = DEFAULT_MIXES,
    skill: str | None = "Medium",
    skill_games: int | None = None,
    iterations: int = 20,
    seed: int = 0,
    executor: Any = None,
    workers: int | None = None,
    max_steps: int = 5000,
    chunk_size: int | None = None,
    progress: bool | None = None,
) -> FairnessReport:
    """Play seeded bot games under a rule set (and a second to compare).

    Args:
        game: a registered game's name.
        players: the seats (default: the game's smallest count).
        rules: the first rule set's house rules (``{}``: the project's rulings).
        against: a second rule set to compare with the first, or None.
        games: games per rule set and bot mix.
        bots: the bot mixes: each one bot name or level for every seat
            (``"Easy"``) or one per seat (``"Easy,random"``, rotated round the
            seats from game to game).
        skill: the skilled bot (``"Medium"``, ``"Hard"``, an algorithm's name) seated
            among Easy bots, or None for no skill games.
        skill_games: skill games per rule set (default: ``games // 50``).
        iterations: the skilled bot's budget, in iterations a decision.
        seed: the base seed; game i of every rule set is dealt from (seed, i).
        executor: None (a dask ``LocalCluster`` of ``workers`` processes, made
            and closed here), ``"local"`` (this process), a scheduler's
            address, a ``dask.distributed.Client`` or any
            ``concurrent.futures.Executor``.
        workers: processes of the local cluster (default: the CPU count).
        max_steps: a game longer than this is cut off (it has no winner).
        chunk_size: games per work unit (chosen from the games and workers).
        progress: show a progress bar (default: when 200 games or more).

    Returns:
        The report (``str(report)``, ``report.to_html(path)``).

    Raises:
        ValueError: an unknown game, player count, rule option, value or bot,
            each named.
    """
    entry = _entry(game)
    players = entry.players[0] if players is None else players
    built = [entry.make(players=players, **dict(rules or {}))]
    if against is not None:
        built.append(entry.make(players=players, **dict(against)))
    mixes = _mixes(bots)
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    if skill is not None:
        _check_bot(skill)
    skill_games = (games // 50 if skill_games is None else skill_games) if skill else 0
    evaluation, basis = covering_evaluation(built)
    specs = [GameSpec.of(g) for g in built]
    skill_spec = None
    if skill and skill_games:
        settings = _skill_settings(evaluation)
        skill_spec = BotSpec.with_options(skill, iterations=iterations, **settings)
    chunks = _chunks(
        specs, mixes, games, skill_spec, skill_games, seed, max_steps, evaluation,
        chunk_size or _chunk_size(games, workers),
    )  # fmt: skip
    report = FairnessReport(
        game=entry.name,
        title=entry.title or entry.name,
        players=players,
        rule_sets=tuple(_info(g, i, len(built)) for i, g in enumerate(built)),
        mixes=tuple(",".join(b.name for b in mix) for mix in mixes),
        games=games,
        seed=seed,
        evaluation=basis,
        skill=skill or "",
        skill_budget=f"{iterations} iterations a decision" if skill_games else "",
        skill_games=skill_games,
    )
    total = sum(len(chunk.indices) for _, chunk in chunks)
    show = progress if progress is not None else total >= 200
    start = time.perf_counter()
    with _running(executor, workers) as (runner, words):
        report.tallies = _gather(runner, chunks, players, total, show)
    report.seconds = time.perf_counter() - start
    report.executor = words
    return report


def _entry(game: str) -> Any:
    try:
        return lookup(game)
    except KeyError as exc:
        raise ValueError(exc.args[0]) from None


def _mixes(bots: str | Sequence[str]) -> list[tuple[BotSpec, ...]]:
    listed = [bots] if isinstance(bots, str) else list(bots)
    if not listed:
        raise ValueError("name at least one bot mix (such as 'Easy')")
    mixes = []
    for mix in listed:
        names = [name.strip() for name in str(mix).split(",") if name.strip()]
        if not names:
            raise ValueError(f"a bot mix names at least one bot, not {mix!r}")
        for name in names:
            _check_bot(name)
        mixes.append(tuple(BotSpec(name) for name in names))
    return mixes


def _check_bot(name: str) -> None:
    known = list(BOT_NAMES) + [level for level, _ in BOT_LEVELS]
    if name not in known:
        raise ValueError(f"unknown bot {name!r}: choose one of {', '.join(known)}")


def covering_evaluation(games: Sequence[Any]) -> tuple[str, str]:
    """The evaluation that names every rule set's leaders, and the words saying
    which it is and why: the game's value model where it covers every rule set
    (its weights were trained for those rules), else the game's own evaluation
    (its heuristic's ``evaluate``), the same for every rule set so that their
    figures compare; ``""`` when the game has neither."""
    from tabletop.analysis.value import model_or_reason

    reasons = [model_or_reason(g)[1] for g in games]
    if not any(reasons):
        return "model", "the value model (from every seat's view, averaged)"
    heuristic = part_of(games[0], "heuristic")
    why = next(r for r in reasons if r)
    if heuristic is not None and hasattr(heuristic, "evaluate"):
        return "game", (
            "the game's evaluation (its heuristic's evaluate of the whole state), "
            f"as the value model does not cover every rule set: {why}"
        )
    return "", f"no evaluation: the game has no heuristic and {why}"


def _skill_settings(evaluation: str) -> dict[str, Any]:
    """The skilled bot plays the same way under every rule set: where the value
    model does not cover them all, its rollouts go to the end (no model at the
    leaves)."""
    return {} if evaluation == "model" else {"depth": 400}


def _info(game: Any, index: int, count: int) -> RuleSetInfo:
    options = {
        k: v for k, v in dict(game.options).items() if k not in ("board", "turn_limit")
    }
    line = house_rules_words(game) or "the project's rulings"
    if count == 1:
        name = "house rules" if options else "the rulings"
    else:
        name = ("house rules" if options else "the rulings") + f" ({'AB'[index]})"
    return RuleSetInfo(name, options, line)


def _chunk_size(games: int, workers: int | None) -> int:
    # Several chunks per worker, so that the long games' chunks do not finish
    # last alone; a chunk costs a game build and a bot set, far less than a game.
    count = workers or os.cpu_count() or 1
    return max(1, min(25, math.ceil(games / (count * 8))))


def _chunks(
    specs: Sequence[GameSpec],
    mixes: Sequence[tuple[BotSpec, ...]],
    games: int,
    skill: BotSpec | None,
    skill_games: int,
    seed: int,
    max_steps: int,
    evaluation: str,
    size: int,
) -> list[tuple[tuple[int, str], FairnessChunk]]:
    out = []
    for r, spec in enumerate(specs):
        for mix in mixes:
            key = (r, ",".join(b.name for b in mix))
            for i in range(0, games, size):
                indices = tuple(range(i, min(games, i + size)))
                chunk = FairnessChunk(spec, mix, seed, indices, max_steps, evaluation)
                out.append((key, chunk))
        if skill is not None:
            easy = (BotSpec("Easy"),)
            for i in range(0, skill_games, size):
                indices = tuple(range(i, min(skill_games, i + size)))
                chunk = FairnessChunk(
                    spec, easy, seed, indices, max_steps, evaluation, skill
                )
                out.append(((r, "skill"), chunk))
    return out


@contextmanager
def _running(executor: Any, workers: int | None) -> Iterator[tuple[Any, str]]:
    """What runs the chunks (None: this process) and its words."""
    if executor == "local":
        yield None, "this process"
        return
    if isinstance(executor, Executor):
        yield executor, type(executor).__name__
        return
    if hasattr(executor, "get_executor"):  # a dask Client
        yield executor.get_executor(), f"dask at {executor.scheduler.address}"
        return
    try:
        from dask.distributed import Client, LocalCluster
    except ModuleNotFoundError:
        raise ModuleNotFoundError(
            "fairness runs on dask: pip install 'dask[distributed]' (or pass "
            "executor='local' to play in this process)"
        ) from None
    if isinstance(executor, str):
        with Client(executor) as client:
            yield client.get_executor(), f"dask at {executor}"
        return
    if executor is not None:
        raise ValueError(
            "executor is None, 'local', a scheduler's address, a dask Client or a "
            f"concurrent.futures.Executor, not {executor!r}"
        )
    count = workers or os.cpu_count() or 1
    with (
        LocalCluster(
            n_workers=count,
            threads_per_worker=1,
            dashboard_address=None,
            silence_logs=50,
        ) as cluster,
        Client(cluster) as client,
    ):
        yield client.get_executor(), f"a dask LocalCluster of {count} workers"


def _gather(
    runner: Any,
    chunks: Sequence[tuple[tuple[int, str], FairnessChunk]],
    players: int,
    total: int,
    show: bool,
) -> dict[tuple[int, str], Tally]:
    """Each chunk's tally added to its rule set's and mix's as it arrives."""
    tallies = {key: Tally(players) for key, _ in chunks}
    bar = _progress(total, show)
    try:
        if runner is None:
            for key, chunk in chunks:
                tallies[key].merge(run_fairness_chunk(chunk))
                bar.update(len(chunk.indices))
        else:
            futures = {
                runner.submit(run_fairness_chunk, chunk): (key, len(chunk.indices))
                for key, chunk in chunks
            }
            for future in as_completed(futures):
                key, size = futures.pop(future)
                tallies[key].merge(future.result())
                bar.update(size)
    finally:
        bar.close()
    return tallies


class _NoBar:
    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


def _progress(total: int, show: bool) -> Any:
    """A tqdm bar over games (a widget in notebooks), or none."""
    if not show:
        return _NoBar()
    from tqdm.auto import tqdm

    return tqdm(total=total, unit="game", desc="fairness")
