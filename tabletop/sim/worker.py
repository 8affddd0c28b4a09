"""What a worker runs: one chunk of seeded games or playouts, returned as rows."""

from __future__ import annotations

import json
from typing import Any

from tabletop.bots import make_bot, play_out
from tabletop.core import Game, Rng
from tabletop.core.rng import derive_seed
from tabletop.sim.spec import BotSpec, Chunk, seat_bots


def run_chunk(chunk: Chunk) -> list[dict[str, Any]]:
    """Play every game of a chunk; one row per game, in index order."""
    game = chunk.game.build()
    start = None
    if chunk.start is not None:
        start = game.state_from_json(chunk.start)
    return [_play_one(game, chunk, index, start) for index in chunk.indices]


def _play_one(game: Game, chunk: Chunk, index: int, start: Any) -> dict[str, Any]:
    seated = seat_bots(chunk.bots, index, chunk.rotate)
    bots = [
        _make(spec, game, derive_seed(chunk.seed, index, f"bot{seat}"))
        for seat, spec in enumerate(seated)
    ]
    if start is None:
        seed = derive_seed(chunk.seed, index, "game")
        state = game.initial_state(seed)
    else:
        seed = derive_seed(chunk.seed, index, "dice")
        state = _resample(game, start, chunk.viewer, chunk.seed, index)
    result = play_out(game, state, bots, chunk.max_steps)
    names = [spec.name for spec in seated]
    return {
        "game": game.name,
        "index": index,
        "seed": seed,
        "players": game.players,
        "bots": ",".join(names),
        "winner": result.winner,
        "winner_bot": names[result.winner] if result.winner is not None else "",
        "length": result.steps,
        "truncated": result.truncated,
        "clause": result.clause,
    }


def _make(spec: BotSpec, game: Game, seed: int) -> Any:
    return make_bot(spec.name, game, seed, **json.loads(spec.options))


def _resample(game: Game, start: Any, viewer: int | None, base: int, index: int) -> Any:
    """The start state with fresh future dice (and hidden parts, from a view).

    Forced rolls belong to the experiment, not to what a seat knows: a view never
    carries them, so they are read from the full state and queued again in every
    sampled world.
    """
    forced = tuple(game.forced_rolls(start))
    if viewer is not None:
        sample_rng = Rng.from_seed(derive_seed(base, index, "sample"))
        start = game.determinize(game.view(start, viewer), viewer, sample_rng)
    dice = Rng.from_seed(derive_seed(base, index, "dice"))
    return game.reseed(start, Rng(dice.counter, forced))
