"""Flat Monte Carlo search around a rollout policy (``flat-mc``; also ``search``).

For information-set MCTS, see ``tabletop.bots.ismcts``. This bot has two modes.
With ``flat=True`` (how ``make_bot("flat-mc")`` builds it with a game's heuristic)
every candidate move is played out in the same sampled worlds with the same luck
(paired rollouts), and the policy's move is kept unless another beats it by
``margin`` standard errors. With ``flat=False`` it runs a simple determinized tree
search, described next.

The bot never sees the hidden parts of the state. Each iteration it samples one full
state consistent with its view (``game.determinize``), with a fresh die generator so
that future rolls are unknown too, walks a tree of actions shared by all samples
(PUCT over the actions available in that sample, with the rollout policy's choice
as the favoured prior), adds one node, plays on with a rollout policy (random, or
the game's heuristic) for a bounded number of steps, and
scores the end (a win, or the game's evaluation of a cut-off position). The move
played is the root action visited most often: a vote across all the sampled worlds.
With ``trees > 1`` several independent trees vote together (root parallelism).

A budget in iterations is deterministic for a seed; a budget in seconds is not
(wall-clock seconds, or CPU seconds of the calling thread with ``cpu_time=True``).
"""

from __future__ import annotations

import math
import statistics
import time
from typing import Any

from tabletop.bots.settings import (
    FLAT_DEFAULTS,
    Evaluate,
    Policy,
    SearchSettings,
    even_evaluation,
    random_policy,
)
from tabletop.core import Game, Rng

__all__ = ["Evaluate", "Policy", "SearchBot", "even_evaluation", "random_policy"]


class Node:
    """One action in the tree, scored for the seat that chose it."""

    __slots__ = (
        "action",
        "seat",
        "visits",
        "reward",
        "available",
        "children",
        "preferred",
    )

    def __init__(self, action: Any = None, seat: int | None = None) -> None:
        self.action = action
        self.seat = seat
        self.visits = 0
        self.reward = 0.0
        self.available = 0
        self.children: dict[Any, Node] = {}
        self.preferred: Any = None


class SearchBot:
    """The flat Monte Carlo bot (and its older determinized tree mode).

    Args:
        game: the rules.
        seed: the bot's own seed.
        settings: every search setting (``tabletop.bots.settings.SearchSettings``;
            by default ``FLAT_DEFAULTS``); any of them may be given by name
            instead, as ``depth=60``.
    """

    name = "flat-mc"

    def __init__(
        self,
        game: Game,
        seed: int = 0,
        settings: SearchSettings | None = None,
        **changes: Any,
    ) -> None:
        self.settings = (settings or FLAT_DEFAULTS).changed(**changes)
        self.game = game
        self.rng = Rng.from_seed(seed)
        self.clock = time.thread_time if self.settings.cpu_time else time.perf_counter
        self.last_iterations = 0

    def choose(self, view: Any) -> Any:
        legal = self.game.legal_actions(view)
        if not legal:
            raise ValueError("no legal action: the game is over or not this bot's turn")
        if len(legal) == 1:
            return legal[0]
        me = self.game.to_move(view)
        if self.settings.flat:
            return self._flat(view, me, legal)
        votes: dict[Any, int] = {}
        self.last_iterations = 0
        for _ in range(self.settings.trees):
            root = self._search(view, me)
            for key, child in root.children.items():
                votes[key] = votes.get(key, 0) + child.visits
        order = {action: i for i, action in enumerate(legal)}
        return max(legal, key=lambda a: (votes.get(a, -1), -order[a]))

    def _flat(self, view: Any, me: int, legal: Any) -> Any:
        """Paired flat Monte Carlo: every candidate is played out in the same
        sampled worlds with the same rollout randomness, so small differences
        between moves show through the luck of the dice. The policy's move is kept
        unless another one beats it by ``margin`` standard errors."""
        game = self.game
        world = self._sample(view, me)
        candidates = self._candidates(world, legal)
        gains: list[list[float]] = [[] for _ in candidates]
        worlds = max(2, self.settings.iterations // len(candidates))
        deadline = self.clock() + (self.settings.seconds or 0.0)
        self.last_iterations = 0
        while True:
            luck = self._split()
            scores = []
            for action in candidates:
                state, _ = game.apply(world, action)
                scores.append(self._finish(state, luck)[me])
            for i, score in enumerate(scores):
                gains[i].append(score - scores[0])
            self.last_iterations += len(candidates)
            worlds -= 1
            done = self.clock() >= deadline if self.settings.seconds else worlds <= 0
            if done and len(gains[0]) >= 2:
                break
            world = self._sample(view, me)
        best, best_gain = 0, 0.0
        for i, diffs in enumerate(gains[1:], start=1):
            mean = statistics.fmean(diffs)
            error = statistics.stdev(diffs) / math.sqrt(len(diffs))
            if mean > best_gain and mean > self.settings.margin * error:
                best, best_gain = i, mean
        return candidates[best]

    def _candidates(self, world: Any, legal: Any) -> list[Any]:
        """The rollout policy's move first, then up to ``width - 1`` others."""
        preferred, self.rng = self.settings.rollout(self.game, world, self.rng)
        others = [a for a in legal if a != preferred]
        while len(others) > self.settings.width - 1:
            index, self.rng = self.rng.below(len(others))
            others.pop(index)
        return [preferred, *others]

    def _search(self, view: Any, me: int) -> Node:
        root = Node(seat=None)
        if self.settings.seconds is not None:
            deadline = self.clock() + self.settings.seconds / self.settings.trees
            while self.clock() < deadline:
                self._iterate(root, view, me)
        else:
            for _ in range(max(1, self.settings.iterations // self.settings.trees)):
                self._iterate(root, view, me)
        return root

    def _iterate(self, root: Node, view: Any, me: int) -> None:
        game = self.game
        state = self._sample(view, me)
        path = [root]
        node = root
        while game.outcome(state) is None and len(path) <= self.settings.tree_depth:
            legal = game.legal_actions(state)
            if node.preferred is None and self.settings.rollout is not random_policy:
                node.preferred, self.rng = self.settings.rollout(game, state, self.rng)
            child = self._select(node, legal, game.to_move(state))
            state, _ = game.apply(state, child.action)
            path.append(child)
            if child.visits == 0:
                break
            node = child
        scores = self._finish(state)
        for visited in path[1:]:
            visited.visits += 1
            visited.reward += scores[visited.seat]
        root.visits += 1
        self.last_iterations += 1

    def _select(self, node: Node, legal: Any, seat: int | None) -> Node:
        """PUCT over the actions available in this sample.

        The rollout policy's choice gets prior ``prior`` and the others share the
        rest, so the search keeps the heuristic's move unless its playouts show a
        better one. Untried actions start at the mean of the tried ones.
        """
        children = node.children
        tried = total = 0.0
        for action in legal:
            child = children.get(action)
            if child is None:
                child = children[action] = Node(action, seat)
            child.available += 1
            if child.visits:
                tried += child.visits
                total += child.reward
        first = total / tried if tried else 0.5
        others = (
            (1.0 - self.settings.prior) / (len(legal) - 1) if len(legal) > 1 else 1.0
        )
        best, best_value = None, -math.inf
        for action in legal:
            child = children[action]
            share = self.settings.prior if action == node.preferred else others
            mean = child.reward / child.visits if child.visits else first
            value = mean + self.settings.exploration * share * math.sqrt(
                child.available
            ) / (1 + child.visits)
            if value > best_value:
                best, best_value = child, value
        return best

    def _sample(self, view: Any, me: int) -> Any:
        return sample_world(self.game, view, me, self._split(), self._split())

    def _split(self) -> Rng:
        """A new independent generator drawn from the bot's own."""
        value, self.rng = self.rng.below(1 << 62)
        return Rng.from_seed(value)

    def _finish(self, state: Any, rng: Rng | None = None) -> tuple[float, ...]:
        """Play the rollout policy on from ``state`` and score the end."""
        if rng is None:
            rng = self._split()
        return play_to_end(
            self.game,
            state,
            rng,
            self.settings.rollout,
            self.settings.evaluate,
            self.settings.depth,
        )

    def __repr__(self) -> str:
        budget = (
            f"{self.settings.seconds}s"
            if self.settings.seconds is not None
            else f"{self.settings.iterations}it"
        )
        return f"SearchBot({self.game.name}, {budget})"


def sample_world(game: Game, view: Any, me: int, deal: Rng, dice: Rng) -> Any:
    """A full state consistent with ``view``, its hidden parts dealt with ``deal``
    and unknown dice to come from ``dice`` (rolls an experiment forced stay first).
    """
    state = game.determinize(view, me, deal)
    forced = tuple(game.forced_rolls(state))
    return game.reseed(state, Rng(dice.counter, forced))


def play_to_end(
    game: Game,
    state: Any,
    rng: Rng,
    rollout: Policy,
    evaluate: Evaluate,
    depth: int,
) -> tuple[float, ...]:
    """Play ``rollout`` on from ``state`` for at most ``depth`` actions: each seat's
    score (1 for a win), or ``evaluate`` where the game has not ended by then."""
    applied = 0
    while applied < depth:
        outcome = game.outcome(state)
        if outcome is not None:
            return win_scores(game.players, outcome.winner)
        state, rng, steps = advance(game, state, rollout, rng, depth - applied)
        applied += steps
    outcome = game.outcome(state)
    if outcome is not None:
        return win_scores(game.players, outcome.winner)
    return evaluate(game, state)


def advance(
    game: Game, state: Any, policy: Policy, rng: Rng, budget: int
) -> tuple[Any, Rng, int]:
    """Apply ``policy``'s next action: the state reached, the generator, and the
    number of actions applied.

    A policy may carry ``advance(game, state, rng, budget)``, which applies its own
    next actions, at least one and at most ``budget``, exactly as asking it one at
    a time would, but faster (a heuristic that looks ahead keeps the move its
    look-ahead already resolved). ``tests/test_playout_advance.py`` checks the two
    agree.

    A policy marked ``picks_legal`` (the shipped heuristics) answers with an item of
    ``game.legal_actions(state)`` of the very state it was asked about, so its
    action is legal by the rules' own verdict: it is resolved by the same rule code
    without asking for the verdict again, and without recording the events that
    nobody reads (``game.next_state``). Any other policy's action goes through the
    checked ``game.apply``.
    """
    own = getattr(policy, "advance", None)
    if own is not None:
        return own(game, state, rng, budget)
    action, rng = policy(game, state, rng)
    if getattr(policy, "picks_legal", False):
        return game.next_state(state, action), rng, 1
    return game.apply(state, action)[0], rng, 1


class CheckedGame:
    """``game`` whose ``next_state`` goes through the checked ``apply``: every
    resolution a playout makes is judged by the rules' verdict (an illegal action
    raises) and records its events, as the full engine does. Used to show that
    unchecked playouts reach the same states (``tests/test_playout_advance.py``,
    ``benchmarks/playout_identity.py``) and to time the full engine
    (``benchmarks/playouts.py --compare``)."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def next_state(self, state: Any, action: Any) -> Any:
        return self.game.apply(state, action)[0]


def win_scores(players: int, winner: int | None) -> tuple[float, ...]:
    """1 for the winner, 0 for the others; an even split when nobody won."""
    if winner is None:
        return (1.0 / players,) * players
    return tuple(1.0 if seat == winner else 0.0 for seat in range(players))
