"""What a bot is, and the loop that lets bots play a game from any state.

A bot decides from its own seat's view only: the driver hands it
``game.view(state, seat)``, never the full state, so hidden cards and the deck order
cannot leak into a decision. Every bot is seeded and deterministic.
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
) -> PlayResult:
    """Let one bot per seat play from ``state`` until the game ends.

    Args:
        game: the rules.
        state: where to start (any reachable state).
        bots: one bot per seat; each sees only its own view.
        max_steps: a safety cut; a game cut off has ``truncated=True``.
        on_step: called with (state, action) before each action is applied.

    Returns:
        The final state, the number of steps and the winner.
    """
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
    outcome = game.outcome(state)
    if outcome is not None:
        return PlayResult(state, steps, outcome.winner, False, outcome.clause)
    return PlayResult(state, steps, None, True, "")
