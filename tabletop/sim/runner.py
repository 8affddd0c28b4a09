"""Run many seeded games or playouts on any ``concurrent.futures.Executor``.

``run_games`` plays fresh games; ``run_playouts`` plays on from a match's current
state. Work goes out in chunks of plain specs (game name and options, bot names, a
base seed and game indices), so any executor can run it: a process pool by default,
or a dask.distributed cluster through ``Client.get_executor()``. Every game is seeded
from the base seed and its index only, so the table is the same whatever the
executor, the number of workers or the chunk size.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from typing import Any

from tabletop.core import Game, Match
from tabletop.sim.results import ResultTable
from tabletop.sim.spec import BotSpec, Chunk, GameSpec
from tabletop.sim.worker import run_chunk

PROGRESS_FROM = 1000


def run_games(
    game: Any,
    n: int,
    *,
    bots: Any = "random",
    seed: int = 0,
    players: int | None = None,
    executor: Executor | None = None,
    workers: int | None = None,
    max_steps: int = 10_000,
    rotate: bool = False,
    chunk_size: int | None = None,
    progress: bool | None = None,
    **options: Any,
) -> ResultTable:
    """Play ``n`` seeded games from the start, one bot per seat.

    Args:
        game: a registry name (``"race"``), a Game, a Game class or a GameSpec.
        n: the number of games.
        bots: a bot name for every seat, ``"heuristic,random"``, or a list per seat.
        seed: the base seed; game i is seeded from (seed, i) only.
        players: the number of seats (with a name or a class).
        executor: any Executor; ``None`` makes a process pool of ``workers``.
        workers: processes for the default pool (CPU count); 1 runs in this process.
        max_steps: games longer than this are cut off (``truncated``).
        rotate: rotate the bots round the seats from game to game.
        chunk_size: games per work unit (chosen from n and the workers if None).
        progress: show a progress bar (default: for 1,000 games or more).
        **options: rule options for a game given by name or class.

    Returns:
        One row per game: game, index, seed, players, bots, winner, winner_bot,
        length, truncated, clause.
    """
    spec = GameSpec.of(game, players, **options)
    bot_specs = BotSpec.parse(bots, spec.players)
    base = Chunk(spec, bot_specs, seed, (), max_steps, rotate)
    return _run(base, n, executor, workers, chunk_size, progress)


def run_playouts(
    match_or_state: Any,
    n: int,
    *,
    game: Game | None = None,
    bots: Any = "heuristic",
    seed: int = 0,
    viewer: int | None = None,
    executor: Executor | None = None,
    workers: int | None = None,
    max_steps: int = 10_000,
    chunk_size: int | None = None,
    progress: bool | None = None,
) -> ResultTable:
    """Play ``n`` playouts on from a match's current state (or a given state).

    Each playout gets its own future dice (the state's generator is reseeded from
    the base seed and the playout index; forced rolls stay in front). With
    ``viewer`` the hidden parts (hands, deck order) are also sampled afresh from
    that seat's view; otherwise the true state is played on.

    Args:
        match_or_state: a Match, or a state together with ``game=``.
        n: the number of playouts.
        game: the rules, when a bare state is given.
        bots: as for ``run_games``.
        seed: the base seed.
        viewer: sample what this seat cannot see, for each playout.
        executor, workers, max_steps, chunk_size, progress: as for ``run_games``.
    """
    if isinstance(match_or_state, Match):
        game, state = match_or_state.game, match_or_state.state
    elif game is None:
        raise TypeError("run_playouts needs game= when given a bare state")
    else:
        state = match_or_state
    spec = GameSpec.of(game)
    bot_specs = BotSpec.parse(bots, spec.players)
    start = game.state_to_json(state)
    base = Chunk(spec, bot_specs, seed, (), max_steps, False, start, viewer)
    return _run(base, n, executor, workers, chunk_size, progress)


def _run(
    base: Chunk,
    n: int,
    executor: Executor | None,
    workers: int | None,
    chunk_size: int | None,
    progress: bool | None,
) -> ResultTable:
    if n < 0:
        raise ValueError("n must be >= 0")
    workers = workers or os.cpu_count() or 1
    # About 32 chunks per worker: the last ones are small enough that the workers
    # finish together (playout lengths have a long tail); a chunk costs its
    # worker one game build and one state read, far less than a playout.
    size = chunk_size or max(1, min(64, math.ceil(n / (workers * 32))))
    chunks = [
        _with_indices(base, tuple(range(i, min(n, i + size))))
        for i in range(0, n, size)
    ]
    show = progress if progress is not None else n >= PROGRESS_FROM
    if executor is None and (workers == 1 or len(chunks) <= 1):
        return ResultTable(_gather_inline(chunks, show))
    if executor is None:
        with ProcessPoolExecutor(max_workers=min(workers, len(chunks))) as pool:
            return ResultTable(_gather(pool, chunks, show))
    return ResultTable(_gather(executor, chunks, show))


def _with_indices(base: Chunk, indices: tuple[int, ...]) -> Chunk:
    return Chunk(
        base.game,
        base.bots,
        base.seed,
        indices,
        base.max_steps,
        base.rotate,
        base.start,
        base.viewer,
    )


def _gather_inline(chunks: Sequence[Chunk], show: bool) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    with _Progress(chunks, show) as bar:
        for chunk in chunks:
            rows.extend(run_chunk(chunk))
            bar(len(chunk.indices))
    return rows


def _gather(executor: Executor, chunks: Sequence[Chunk], show: bool) -> list[dict]:
    futures = {executor.submit(run_chunk, chunk): i for i, chunk in enumerate(chunks)}
    parts: list[list[dict[str, Any]]] = [[] for _ in chunks]
    with _Progress(chunks, show) as bar:
        for future in as_completed(futures):
            index = futures[future]
            parts[index] = future.result()
            bar(len(chunks[index].indices))
    return [row for part in parts for row in part]


class _Progress:
    """A tqdm progress bar over games (tqdm.auto: a widget in notebooks), or none."""

    def __init__(self, chunks: Sequence[Chunk], show: bool) -> None:
        self.total = sum(len(c.indices) for c in chunks)
        self.show = show
        self.tqdm: Any = None

    def __enter__(self) -> Callable[[int], None]:
        if self.show:
            from tqdm.auto import tqdm

            self.tqdm = tqdm(total=self.total, unit="game")
            return self.tqdm.update
        return lambda _: None

    def __exit__(self, *exc: object) -> None:
        if self.tqdm is not None:
            self.tqdm.close()
