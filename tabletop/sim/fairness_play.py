"""What a fairness worker runs: a chunk of seeded games of one rule set and one
bot mix, each counted into a ``Tally`` as it ends.

A chunk is plain data (``FairnessChunk``): the game's spec (name, players, rule
options), the bots' specs, the base seed and the games' indices, the step limit,
and which evaluation names a game's leader. Game ``i`` is dealt from the base seed
and ``i`` only (the deal of ``run_games``' game ``i``), so both rule sets of a
comparison play the same deals, and any executor gives the same counts.

A game's leader at a point is the seat with the highest chance there by the
evaluation the caller chose for every rule set of the run: ``"model"``, the
game's value model, each seat's chance averaged over every seat's view; or
``"game"``, the heuristic's ``evaluate`` of the full state. A tie names no
leader.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.bots import make_bot, play_out
from tabletop.core import Game
from tabletop.core.registry import part_of
from tabletop.core.rng import derive_seed
from tabletop.sim.spec import BotSpec, GameSpec, seat_bots
from tabletop.sim.tally import POINTS, GameRecord, Tally

Judge = Callable[[Sequence[Any]], tuple[tuple[int | None, ...], tuple]]


@dataclass(frozen=True, slots=True)
class FairnessChunk:
    """Games for one worker: one rule set, one bot mix.

    Attributes:
        game: the game and its rule options.
        bots: the mix, one bot per seat (seat ``s`` of game ``i`` gets bot
            ``(s + i) % players``, so every bot sits in every seat in turn).
        seed: the run's base seed.
        indices: which games of the run.
        max_steps: a game longer than this is cut off.
        evaluation: ``"model"``, ``"game"`` or ``""`` (no leaders asked).
        skill: for skill games, the skilled bot, seated at ``i % players``
            among ``bots[0]`` everywhere else; None for the mix's games.
    """

    game: GameSpec
    bots: tuple[BotSpec, ...]
    seed: int
    indices: tuple[int, ...]
    max_steps: int
    evaluation: str = ""
    skill: BotSpec | None = None


def run_fairness_chunk(chunk: FairnessChunk) -> Tally:
    """Play the chunk's games and count them (one tally, whatever the size)."""
    game = chunk.game.build()
    judge = leader_judge(game, chunk.evaluation)
    tally = Tally(game.players)
    for index in chunk.indices:
        tally.add(play_one(game, chunk, index, judge))
    return tally


def play_one(
    game: Game, chunk: FairnessChunk, index: int, judge: Judge | None
) -> GameRecord:
    """One seeded game of the chunk, as a record."""
    n = game.players
    if chunk.skill is None:
        mix = tuple(chunk.bots[s % len(chunk.bots)] for s in range(n))
        seated, skilled, role = seat_bots(mix, index, True), None, "game"
    else:
        skilled, role = index % n, "skill"
        seated = tuple(chunk.skill if s == skilled else chunk.bots[0] for s in range(n))
    bots = [
        make_bot(
            spec.name,
            game,
            derive_seed(chunk.seed, index, f"{role}-bot{seat}"),
            **json.loads(spec.options),
        )
        for seat, spec in enumerate(seated)
    ]
    states: list[Any] = []
    start = game.initial_state(derive_seed(chunk.seed, index, role))
    result = play_out(game, start, bots, chunk.max_steps, lambda s, a: states.append(s))
    states.append(result.state)
    leaders, trailing = judge(states) if judge is not None else ((), ())
    return GameRecord(
        winner=result.winner,
        first=first_player(game, states),
        actions=result.steps,
        turns=turns_of(game, states),
        truncated=result.truncated,
        leaders=leaders,
        trailing=trailing,
        skilled=skilled,
    )


def first_player(game: Game, states: Sequence[Any]) -> int:
    """The seat to move in the first state of the game's first turn (a state's
    ``turn`` counter at 1 or more: a setup such as placing tokens comes before),
    or the first seat to move in a game without the counter."""
    for state in states:
        mover = game.to_move(state)
        turn = getattr(state, "turn", None)
        if mover is not None and (not isinstance(turn, int) or turn >= 1):
            return mover
    return 0


def turns_of(game: Game, states: Sequence[Any]) -> int:
    """The turns begun, by the game's own ``turn`` counter, or else the number
    of times the seat to move changed (plus the first turn)."""
    turn = getattr(states[-1], "turn", None)
    if isinstance(turn, int) and not isinstance(turn, bool):
        return turn
    movers = [game.to_move(s) for s in states]
    movers = [m for m in movers if m is not None]
    return 1 + sum(1 for a, b in zip(movers, movers[1:], strict=False) if a != b)


def leader_judge(game: Game, evaluation: str) -> Judge | None:
    """Who leads at each twentieth of a game (and who trails), by ``evaluation``;
    None when none is asked."""
    if evaluation == "model":
        from tabletop.analysis.value import value_model

        model = value_model(game)
        seats = range(game.players)

        def chances(state: Any) -> tuple[float, ...]:
            views = [model.chances(state, seat) for seat in seats]
            return tuple(sum(v[s] for v in views) / len(views) for s in seats)

    elif evaluation == "game":
        module = part_of(game, "heuristic")

        def chances(state: Any) -> tuple[float, ...]:
            return tuple(module.evaluate(game, state))

    else:
        return None

    def judge(states: Sequence[Any]) -> tuple[tuple[int | None, ...], tuple]:
        last = len(states) - 1
        leaders: list[int | None] = []
        trailing: list[frozenset[int]] = []
        for i in range(1, POINTS):
            values = chances(states[round(i * last / POINTS)])
            top, low = max(values), min(values)
            best = [s for s, v in enumerate(values) if v == top]
            leaders.append(best[0] if len(best) == 1 else None)
            trailing.append(frozenset(s for s, v in enumerate(values) if v == low))
        return tuple(leaders), tuple(trailing)

    return judge
