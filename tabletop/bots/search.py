"""Information-set Monte Carlo tree search (single-observer ISMCTS).

The bot never sees the hidden parts of the state. Each iteration it samples one full
state consistent with its view (``game.determinize``), with a fresh die generator so
that future rolls are unknown too, walks a tree of actions shared by all samples
(UCB1 over the actions available in that sample), adds one node, plays on with a
rollout policy (random, or the game's heuristic) for a bounded number of steps, and
scores the end (a win, or the game's evaluation of a cut-off position). The move
played is the root action visited most often: a vote across all the sampled worlds.
With ``trees > 1`` several independent trees vote together (root parallelism).

A budget in iterations is deterministic for a seed; a budget in seconds is not.
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Callable
from typing import Any

from tabletop.core import Game, Rng

Policy = Callable[[Game, Any, Rng], tuple[Any, Rng]]
Evaluate = Callable[[Game, Any], tuple[float, ...]]


class Node:
    """One action in the tree, scored for the seat that chose it."""

    __slots__ = ("action", "seat", "visits", "reward", "available", "children")

    def __init__(self, action: Any = None, seat: int | None = None) -> None:
        self.action = action
        self.seat = seat
        self.visits = 0
        self.reward = 0.0
        self.available = 0
        self.children: dict[Any, Node] = {}


def random_policy(game: Game, state: Any, rng: Rng) -> tuple[Any, Rng]:
    """A uniformly random legal action (the default rollout policy)."""
    legal = game.legal_actions(state)
    index, rng = rng.below(len(legal))
    return legal[index], rng


def even_evaluation(game: Game, state: Any) -> tuple[float, ...]:
    """Every seat equally likely to win (used when no evaluation is known)."""
    return (1.0 / game.players,) * game.players


class SearchBot:
    """The ISMCTS bot.

    Args:
        game: the rules.
        seed: the bot's own seed.
        iterations: iterations per decision (deterministic); ignored if ``seconds``.
        seconds: a time budget per decision instead of iterations.
        rollout: the rollout policy, ``(game, state, rng) -> (action, rng)``.
        evaluate: scores a cut-off rollout, one win chance per seat.
        depth: rollout steps before the position is scored by ``evaluate``.
        exploration: the UCB1 constant.
        trees: independent trees that vote (the budget is split between them).
        tree_depth: the deepest level of the tree; below it the rollout policy plays
            (1 = flat Monte Carlo over the bot's own next action).
    """

    name = "search"

    def __init__(
        self,
        game: Game,
        seed: int = 0,
        *,
        iterations: int = 200,
        seconds: float | None = None,
        rollout: Policy = random_policy,
        evaluate: Evaluate = even_evaluation,
        depth: int = 40,
        exploration: float = 0.7,
        trees: int = 1,
        tree_depth: int = 1_000,
    ) -> None:
        if iterations < 1 or trees < 1:
            raise ValueError("iterations and trees must be at least 1")
        self.game = game
        self.rng = Rng.from_seed(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = rollout
        self.evaluate = evaluate
        self.depth = depth
        self.exploration = exploration
        self.trees = trees
        self.tree_depth = tree_depth
        self.last_iterations = 0

    def choose(self, view: Any) -> Any:
        legal = self.game.legal_actions(view)
        if not legal:
            raise ValueError("no legal action: the game is over or not this bot's turn")
        if len(legal) == 1:
            return legal[0]
        me = self.game.to_move(view)
        votes: dict[Any, int] = {}
        self.last_iterations = 0
        for _ in range(self.trees):
            root = self._search(view, me)
            for key, child in root.children.items():
                votes[key] = votes.get(key, 0) + child.visits
        order = {action: i for i, action in enumerate(legal)}
        return max(legal, key=lambda a: (votes.get(a, -1), -order[a]))

    def _search(self, view: Any, me: int) -> Node:
        root = Node(seat=None)
        if self.seconds is not None:
            deadline = time.perf_counter() + self.seconds / self.trees
            while time.perf_counter() < deadline:
                self._iterate(root, view, me)
        else:
            for _ in range(max(1, self.iterations // self.trees)):
                self._iterate(root, view, me)
        return root

    def _iterate(self, root: Node, view: Any, me: int) -> None:
        game = self.game
        state = self._sample(view, me)
        path = [root]
        node = root
        while game.outcome(state) is None and len(path) <= self.tree_depth:
            legal = game.legal_actions(state)
            fresh = []
            for action in legal:
                child = node.children.get(action)
                if child is None:
                    fresh.append(action)
                else:
                    child.available += 1
            if fresh:
                action = self._first_try(state, fresh)
                child = Node(action, game.to_move(state))
                child.available = 1
                node.children[action] = child
                state, _ = game.apply(state, action)
                path.append(child)
                break
            node = self._select(node, legal)
            state, _ = game.apply(state, node.action)
            path.append(node)
        scores = self._finish(state)
        for visited in path[1:]:
            visited.visits += 1
            visited.reward += scores[visited.seat]
        root.visits += 1
        self.last_iterations += 1

    def _first_try(self, state: Any, fresh: list[Any]) -> Any:
        """The untried action to expand: the rollout policy's choice first."""
        if len(fresh) > 1:
            preferred, self.rng = self.rollout(self.game, state, self.rng)
            if preferred in fresh:
                return preferred
        index, self.rng = self.rng.below(len(fresh))
        return fresh[index]

    def _select(self, node: Node, legal: Any) -> Node:
        best, best_value = None, -math.inf
        for action in legal:
            child = node.children[action]
            value = child.reward / child.visits + self.exploration * math.sqrt(
                math.log(child.available) / child.visits
            )
            if value > best_value:
                best, best_value = child, value
        return best

    def _sample(self, view: Any, me: int) -> Any:
        state = self.game.determinize(view, me, self._split())
        rng = getattr(state, "rng", None)
        if isinstance(rng, Rng):
            # Future dice are unknown: every sample gets its own generator, keeping
            # any forced rolls (what-if experiments) in front.
            state = dataclasses.replace(
                state, rng=Rng(self._split().counter, rng.forced)
            )
        return state

    def _split(self) -> Rng:
        """A new independent generator drawn from the bot's own."""
        value, self.rng = self.rng.below(1 << 62)
        return Rng.from_seed(value)

    def _finish(self, state: Any) -> tuple[float, ...]:
        game = self.game
        for _ in range(self.depth):
            outcome = game.outcome(state)
            if outcome is not None:
                return _win_scores(game.players, outcome.winner)
            action, self.rng = self.rollout(game, state, self.rng)
            state, _ = game.apply(state, action)
        outcome = game.outcome(state)
        if outcome is not None:
            return _win_scores(game.players, outcome.winner)
        return self.evaluate(game, state)

    def __repr__(self) -> str:
        budget = (
            f"{self.seconds}s" if self.seconds is not None else f"{self.iterations}it"
        )
        return f"SearchBot({self.game.name}, {budget})"


def _win_scores(players: int, winner: int | None) -> tuple[float, ...]:
    if winner is None:
        return (1.0 / players,) * players
    return tuple(1.0 if seat == winner else 0.0 for seat in range(players))
