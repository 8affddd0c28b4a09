"""What a bot is, and the loop that lets bots play a game from any state.

A bot decides from its own seat's view only: the driver hands it
``game.view(state, seat)``, never the full state, so hidden cards and the deck order
cannot leak into a decision. Every bot is seeded and deterministic.

A bot may also offer ``choose_state(state)``: exactly the action ``choose`` would
return given the mover's view of ``state``, with the same effect on the bot's own
generator, found without building the view where the bot's choice reads nothing
the view hides (the shipped heuristic bots: their rules read the mover's own hand,
the others' hand sizes and the board, and they build the view only where they
sample a world from it). Its action is an item of the legal actions, which the
mover's view and the state list alike, so ``play_out`` resolves it with
``game.next_state`` (no verdict asked again, no events recorded: ``play_out`` keeps
none). ``play_out(..., plain=True)`` plays the same game through views and the
checked ``apply``; ``tests/test_play_out_fast.py`` and
``benchmarks/playout_identity.py`` check that both reach the same end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from tabletop.core import Game


@runtime_checkable
class Bot(Protocol):
    """A player that picks one legal action from a view.

    Attributes:
        name: the registry name (``"random"``, ``"heuristic"``, ``"search"``).
    """

    name: str

    def choose(self, view: Any) -> Any:
        """One legal action for the player to move in ``view`` (their own view)."""
        ...


@dataclass(frozen=True, slots=True)
class PlayResult:
    """How a played-out game ended.

    Attributes:
        state: the last state reached.
        steps: the number of actions played.
        winner: the winning seat, or ``None`` (nobody won, or cut off).
        truncated: True when ``max_steps`` stopped the game before its end.
        clause: the clause of the outcome ("" when cut off).
    """

    state: Any
    steps: int
    winner: int | None
    truncated: bool
    clause: str


def play_out(
    game: Game,
    state: Any,
    bots: Sequence[Bot],
    max_steps: int = 10_000,
    on_step: Callable[[Any, Any], None] | None = None,
    *,
    plain: bool = False,
) -> PlayResult:
    """Let one bot per seat play from ``state`` until the game ends.

    Args:
        game: the rules.
        state: where to start (any reachable state).
        bots: one bot per seat; each sees only its own view.
        max_steps: a safety cut; a game cut off has ``truncated=True``.
        on_step: called with (state, action) before each action is applied.
        plain: ask every bot through ``choose(view)`` and resolve each action with
            the checked ``apply``, even when all bots offer ``choose_state`` (the
            same result, slower; for comparisons).

    Returns:
        The final state, the number of steps and the winner.
    """
    if not plain and all(hasattr(bot, "choose_state") for bot in bots):
        return _play_out_states(game, state, bots, max_steps, on_step)
    steps = 0
    while steps < max_steps:
        outcome = game.outcome(state)
        if outcome is not None:
            return PlayResult(state, steps, outcome.winner, False, outcome.clause)
        seat = game.to_move(state)
        if seat is None:
            return PlayResult(state, steps, None, False, "")
        action = bots[seat].choose(game.view(state, seat))
        if on_step is not None:
            on_step(state, action)
        state, _ = game.apply(state, action)
        steps += 1
    return _cut_off(game, state, steps)


def _play_out_states(
    game: Game,
    state: Any,
    bots: Sequence[Any],
    max_steps: int,
    on_step: Callable[[Any, Any], None] | None,
) -> PlayResult:
    """``play_out`` for bots that all offer ``choose_state`` (see the module
    docstring): the same actions and states, without a view per decision, the
    verdict asked again or events recorded."""
    steps = 0
    outcome_of, to_move, next_state = game.outcome, game.to_move, game.next_state
    while steps < max_steps:
        outcome = outcome_of(state)
        if outcome is not None:
            return PlayResult(state, steps, outcome.winner, False, outcome.clause)
        seat = to_move(state)
        if seat is None:
            return PlayResult(state, steps, None, False, "")
        action = bots[seat].choose_state(state)
        if on_step is not None:
            on_step(state, action)
        state = next_state(state, action)
        steps += 1
    return _cut_off(game, state, steps)


def _cut_off(game: Game, state: Any, steps: int) -> PlayResult:
    """The result once ``max_steps`` actions are played: the game's end if the last
    one ended it, else a cut-off game (``truncated=True``)."""
    outcome = game.outcome(state)
    if outcome is not None:
        return PlayResult(state, steps, outcome.winner, False, outcome.clause)
    return PlayResult(state, steps, None, True, "")
