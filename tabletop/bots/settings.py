"""The search bots' settings, declared once: one dataclass for ``ismcts`` and
``flat-mc`` (``tabletop.bots.ismcts``, ``tabletop.bots.search``).

Each bot starts from its own defaults (``ISMCTS_DEFAULTS``, ``FLAT_DEFAULTS``:
only where they differ is said there) and takes any setting by name
(``ISMCTSBot(game, seed, depth=60)``), or a whole ``SearchSettings``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import Any

from tabletop.core import Game, Rng

#: A rollout policy: ``(game, state, rng) -> (action, rng)``; the state is a
#: game's own (the bots know no game).
Policy = Callable[[Game, Any, Rng], tuple[Any, Rng]]
#: Scores a position: one win chance per seat.
Evaluate = Callable[[Game, Any], tuple[float, ...]]


def random_policy(game: Game, state: Any, rng: Rng) -> tuple[Any, Rng]:
    """A uniformly random legal action (the default rollout policy)."""
    legal = game.legal_actions(state)
    index, rng = rng.below(len(legal))
    return legal[index], rng


def even_evaluation(game: Game, state: Any) -> tuple[float, ...]:
    """Every seat equally likely to win (used when no evaluation is known)."""
    return (1.0 / game.players,) * game.players


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """Every setting of a search bot.

    Both bots:
        iterations: iterations per decision (deterministic); ignored if
            ``seconds``.
        seconds: a time budget per decision instead of iterations.
        rollout: the rollout policy.
        evaluate: scores a rollout cut off at ``depth``, one win chance per seat.
        depth: the most rollout actions before ``evaluate`` scores the position.
        exploration: the tree's exploration constant (ISUCT; PUCT).
        width: how many root actions are compared (``paired``; ``flat``).
        margin: standard errors by which another move must beat the policy's
            move at the root to be played instead (0: the best-scored move).

    Information-set MCTS (``ismcts``):
        widen, alpha: progressive widening: a node with ``n`` visits considers
            ``ceil(widen * n ** alpha)`` actions (at least one).
        bias: a bonus ``bias / (1 + visits)`` for the rollout policy's move.
        paired: every iteration's world is shared by the root's first ``width``
            actions, judged on paired differences.
        candidates: how the root orders the actions after the policy's move:
            ``"evaluated"`` (one step ahead) or ``"random"``.
        tree: with ``paired``, go on down the tree below each compared action
            (``False``: roll out straight after it).
        patience: visits a node below the root needs before widening admits
            moves other than the policy's (0: from the first).

    Flat Monte Carlo and its determinized tree (``flat-mc``, ``search``):
        prior: the prior weight of the rollout policy's choice at each node.
        trees: independent trees that vote (the budget is split between them).
        tree_depth: the deepest level of the tree (1: flat over the next action).
        flat: play every candidate out in the same sampled worlds instead of a
            tree.
        cpu_time: ``seconds`` are CPU seconds of the calling thread.
    """

    iterations: int = 200
    seconds: float | None = None
    rollout: Policy = random_policy
    evaluate: Evaluate = even_evaluation
    depth: int = 40
    exploration: float = 1.5
    width: int = 8
    margin: float = 1.0
    widen: float = 1.0
    alpha: float = 0.5
    bias: float = 0.5
    paired: bool = False
    candidates: str = "evaluated"
    tree: bool = True
    patience: int = 0
    prior: float = 0.5
    trees: int = 1
    tree_depth: int = 1_000
    flat: bool = False
    cpu_time: bool = False

    def __post_init__(self) -> None:
        if self.iterations < 1 or self.trees < 1:
            raise ValueError("iterations and trees must be at least 1")
        if self.candidates not in ("evaluated", "random"):
            raise ValueError(
                f"candidates must be 'evaluated' or 'random', not {self.candidates!r}"
            )

    def changed(self, **changes: Any) -> SearchSettings:
        """These settings with ``changes`` (unknown names refused by name)."""
        known = {f.name for f in fields(self)}
        unknown = sorted(set(changes) - known)
        if unknown:
            raise TypeError(
                f"unknown search setting {', '.join(unknown)}; known: "
                + ", ".join(sorted(known))
            )
        return replace(self, **changes)


#: ``ismcts``'s own defaults: rollouts to the end and a gentler exploration.
ISMCTS_DEFAULTS = SearchSettings(depth=400, exploration=0.7, width=6)
#: ``flat-mc``'s (and ``search``'s) defaults.
FLAT_DEFAULTS = SearchSettings()
