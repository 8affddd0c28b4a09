"""Information-set Monte Carlo tree search (ISMCTS).

The bot decides from its own view. Each iteration:

1. **Determinize**: deal the cards it cannot see at random, consistently with its
   view (``game.determinize(view, seat, rng)``), and give the world a fresh die
   generator (``game.reseed``), keeping any rolls forced by an experiment in front
   (``game.forced_rolls``): the dice to come are unknown too.
2. **Select** down a tree of *information-set nodes*: a node is keyed by the seat to
   move and that seat's view of the sampled state (``game.view(state, seat)``), so
   every world that looks the same to the mover shares one node, and a die roll or a
   card drawn leads to the node of what the mover then sees. At a node, only the
   actions legal in this world compete (ISUCT: each action's exploration term counts
   the iterations in which it was *available*, not the node's visits).
3. **Progressive widening**: a node with ``n`` visits considers only its first
   ``ceil(widen * n ** alpha)`` actions, the rollout policy's choice first. A travel
   decision may offer over a hundred destinations; without widening a budget of a
   few hundred iterations would try each once and learn nothing. At the root the
   other actions are ordered by the game's evaluation one step ahead.
4. **Expand** one node, **roll out** with the rollout policy (the game's heuristic by
   default in ``make_bot``) for at most ``depth`` actions, and score the end: a win,
   or ``evaluate`` of a cut-off position. Each action on the path is credited with
   the score of the seat that chose it.

The move: the action with the most visits at the root, except that the rollout
policy's own move is kept unless the other's mean beats it by ``margin`` standard
errors, taken at the worst case of a win/loss score (a search on a small budget
should not trade a sound heuristic move for noise).

**Paired root** (``paired=True``, what ``make_bot("ismcts")`` uses with a game's
heuristic): in games ruled by dice most of the difference between two playouts is
luck, so each iteration is one sampled world (cards and dice to come) shared by the
root's first ``width`` actions in the order above: every one of them is applied to
that same world, continued down the tree below it (information-set nodes, ISUCT and
widening as above) and rolled out with the same rollout generator. The move is
judged on the paired differences against the policy's move: another action replaces
it only when the sum of its differences exceeds ``margin`` times the root of their
sum of squares (for win/loss scores a sign test over the worlds the two moves
disagree on: the common-random-numbers comparison flat Monte Carlo makes, with a
test a handful of lucky worlds cannot pass, and with the tree's own choices below
the root instead of the policy's). Each action tried in a world
counts as one iteration.

Budgets: ``iterations`` (deterministic for a seed) or ``seconds`` (CPU seconds of the
calling thread, so a loaded machine does not shrink the search; not deterministic).
"""

from __future__ import annotations

import math
import time
from typing import Any

from tabletop.bots.search import play_to_end, sample_world
from tabletop.bots.settings import (
    ISMCTS_DEFAULTS,
    Evaluate,
    Policy,
    SearchSettings,
    even_evaluation,
    random_policy,
)
from tabletop.core import Game, Rng

__all__ = ["Evaluate", "ISMCTSBot", "Policy", "even_evaluation", "random_policy"]


class InfoNode:
    """An information set: what one seat sees when it is to move.

    ``edges`` maps an action to ``[visits, reward, available]``; ``order`` is the
    order in which progressive widening admits the actions.
    """

    __slots__ = ("visits", "edges", "order", "preferred")

    def __init__(self, order: list[Any], preferred: Any) -> None:
        self.visits = 0
        self.edges: dict[Any, list[float]] = {a: [0, 0.0, 0] for a in order}
        self.order = order
        self.preferred = preferred


class ISMCTSBot:
    """The information-set MCTS bot (see the module docstring).

    Args:
        game: the rules.
        seed: the bot's own seed.
        settings: every search setting (``tabletop.bots.settings.SearchSettings``;
            by default ``ISMCTS_DEFAULTS``); any of them may be given by name
            instead, as ``depth=60``.
    """

    name = "ismcts"

    def __init__(
        self,
        game: Game,
        seed: int = 0,
        settings: SearchSettings | None = None,
        **changes: Any,
    ) -> None:
        self.settings = (settings or ISMCTS_DEFAULTS).changed(**changes)
        self.game = game
        self.rng = Rng.from_seed(seed)
        self.last_iterations = 0
        self.last_root: InfoNode | None = None
        #: With ``paired``: each compared action's score differences from the
        #: policy's move, world by world, in the last decision (the evidence the
        #: sign test weighed).
        self.last_gains: dict[Any, list[float]] = {}

    # -- the decision -------------------------------------------------------------
    def choose(self, view: Any) -> Any:
        legal = self.game.legal_actions(view)
        if not legal:
            raise ValueError("no legal action: the game is over or not this bot's turn")
        if len(legal) == 1:
            return legal[0]
        me = self.game.to_move(view)
        root = self._root(view, me, legal)
        table: dict[Any, InfoNode] = {(me, view): root}
        self.last_iterations = 0
        if self.settings.paired:
            self.last_root = root
            return self._paired(table, root, view, me)
        if self.settings.seconds is not None:
            deadline = time.thread_time() + self.settings.seconds
            while time.thread_time() < deadline or self.last_iterations < 2:
                self._iterate(table, root, view, me)
        else:
            for _ in range(self.settings.iterations):
                self._iterate(table, root, view, me)
        self.last_root = root
        return self._pick(root, legal)

    def root_statistics(self) -> dict[Any, tuple[int, float]]:
        """The last decision's root actions: (visits, mean score for the mover)."""
        if self.last_root is None:
            return {}
        return {
            a: (int(e[0]), e[1] / e[0] if e[0] else math.nan)
            for a, e in self.last_root.edges.items()
        }

    def _root(self, view: Any, me: int, legal: Any) -> InfoNode:
        """The root node: the policy's move first, the rest by one-step evaluation
        (in a random order with ``candidates="random"``)."""
        game = self.game
        world = self._sample(view, me)
        preferred, self.rng = self.settings.rollout(game, world, self.rng)
        if self.settings.candidates == "random":
            others, self.rng = self.rng.shuffle([a for a in legal if a != preferred])
            return InfoNode([preferred, *others], preferred)
        scored = []
        for index, action in enumerate(legal):
            if action == preferred:
                continue
            after, _ = game.apply(world, action)
            outcome = game.outcome(after)
            if outcome is not None:
                score = 1.0 if outcome.winner == me else 0.0
            else:
                score = self.settings.evaluate(game, after)[me]
            scored.append((-score, index, action))
        scored.sort(key=lambda item: item[:2])
        return InfoNode([preferred, *(a for _, _, a in scored)], preferred)

    def _pick(self, root: InfoNode, legal: Any) -> Any:
        edges = root.edges
        best = max(
            (a for a in root.order if edges[a][0]),
            key=lambda a: (edges[a][0], edges[a][1]),
        )
        keep = root.preferred
        if best == keep or self.settings.margin <= 0 or not edges[keep][0]:
            return best
        nb, nk = edges[best][0], edges[keep][0]
        pb, pk = edges[best][1] / nb, edges[keep][1] / nk
        # The worst-case variance of a win/loss score (1/4): a few lucky playouts
        # of a rarely tried move must not overturn the policy's move.
        error = 0.5 * math.sqrt(1 / nb + 1 / nk)
        return best if pb - pk > self.settings.margin * error else keep

    # -- the paired root ---------------------------------------------------------
    def _paired(
        self, table: dict[Any, InfoNode], root: InfoNode, view: Any, me: int
    ) -> Any:
        """Compare the root's first ``width`` actions world by world (each world
        shared by all of them) and keep the policy's move unless another passes
        the paired sign test by ``margin`` (see the module docstring)."""
        game = self.game
        candidates = root.order[: max(1, self.settings.width)]
        gains: list[list[float]] = [[] for _ in candidates]
        rounds = max(2, self.settings.iterations // len(candidates))
        deadline = (
            None
            if self.settings.seconds is None
            else time.thread_time() + self.settings.seconds
        )
        while True:
            world = self._sample(view, me)
            luck = self._split()
            scores = []
            for action in candidates:
                edge = root.edges[action]
                edge[2] += 1  # available in this world (ISUCT's count)
                path: list[tuple[list[float], int]] = [(edge, me)]
                state = game.apply(world, action)[0]
                if self.settings.tree:
                    state = self._descend(table, state, path)
                result = play_to_end(
                    game,
                    state,
                    luck,
                    self.settings.rollout,
                    self.settings.evaluate,
                    self.settings.depth,
                )
                self._backup(path, result)
                scores.append(result[me])
            root.visits += 1
            self.last_iterations += len(candidates)
            for i, score in enumerate(scores):
                gains[i].append(score - scores[0])
            rounds -= 1
            done = time.thread_time() >= deadline if deadline else rounds <= 0
            if done and len(gains[0]) >= 2:
                break
        self.last_gains = dict(zip(candidates, gains, strict=True))
        best, best_gain = 0, 0.0
        for i, diffs in enumerate(gains[1:], start=1):
            gain = sum(diffs)
            # Self-normalised: for win/loss scores, (worlds won only with this
            # action - worlds won only with the policy's) / sqrt(their sum), a sign
            # test. A few lucky worlds cannot pass it, where a t-statistic on a
            # handful of mostly-zero differences would.
            spread = math.sqrt(sum(d * d for d in diffs))
            if gain > best_gain and gain > self.settings.margin * spread:
                best, best_gain = i, gain
        return candidates[best]

    def _descend(
        self, table: dict[Any, InfoNode], state: Any, path: list[tuple[list, int]]
    ) -> Any:
        """From ``state``, select down the tree until a node is added or a new
        action tried (each choice appended to ``path``): the state to roll out."""
        game = self.game
        while game.outcome(state) is None:
            seat = game.to_move(state)
            key = (seat, game.view(state, seat))
            node = table.get(key)
            added = node is None
            if added:
                node = table[key] = self._node(state)
            edge, action = self._select(
                node, game.legal_actions(state), state, self.settings.patience
            )
            node.visits += 1
            path.append((edge, seat))
            state, _ = game.apply(state, action)
            if added or edge[0] == 0:
                break
        return state

    # -- one iteration ------------------------------------------------------------
    def _iterate(
        self, table: dict[Any, InfoNode], root: InfoNode, view: Any, me: int
    ) -> None:
        game = self.game
        state = self._sample(view, me)
        edge, action = self._select(root, game.legal_actions(state), state)
        root.visits += 1
        path: list[tuple[list[float], int]] = [(edge, me)]
        state, _ = game.apply(state, action)
        if edge[0]:  # a root action tried before: go on down the tree
            state = self._descend(table, state, path)
        self._backup(path, self._finish(state))
        self.last_iterations += 1

    @staticmethod
    def _backup(path: list[tuple[list[float], int]], scores: Any) -> None:
        """Credit each choice on the path with the score of the seat that made it."""
        for edge, chooser in path:
            edge[0] += 1
            edge[1] += scores[chooser]

    def _node(self, state: Any) -> InfoNode:
        """A new node: the policy's move first, then the others in a random order."""
        game = self.game
        preferred, self.rng = self.settings.rollout(game, state, self.rng)
        others = [a for a in game.legal_actions(state) if a != preferred]
        shuffled, self.rng = self.rng.shuffle(others)
        return InfoNode([preferred, *shuffled], preferred)

    def _select(
        self, node: InfoNode, legal: Any, state: Any, patience: int = 0
    ) -> tuple[list, Any]:
        """ISUCT over the admitted actions that are legal in this world (only the
        first of them while the node has had fewer than ``patience`` visits)."""
        edges = node.edges
        for action in legal:
            if action not in edges:  # legal here, unseen in earlier worlds
                edges[action] = [0, 0.0, 0]
                node.order.append(action)
        if node.visits < patience:
            allowed = 1
        else:
            allowed = max(
                1,
                math.ceil(
                    self.settings.widen * (node.visits + 1) ** self.settings.alpha
                ),
            )
        here = set(legal) if len(legal) != len(node.order) else None
        candidates = []
        for action in node.order:
            if here is None or action in here:
                candidates.append(action)
                if len(candidates) >= allowed:
                    break
        best, best_value = None, -math.inf
        for action in candidates:
            edge = edges[action]
            edge[2] += 1
            if edge[0] == 0:
                value = math.inf if best_value < math.inf else -math.inf
            else:
                value = edge[1] / edge[0] + self.settings.exploration * math.sqrt(
                    math.log(edge[2]) / edge[0]
                )
                if action == node.preferred:
                    value += self.settings.bias / (1 + edge[0])
            if value > best_value:
                best, best_value = action, value
        return edges[best], best

    # -- worlds and rollouts ------------------------------------------------------
    def _sample(self, view: Any, me: int) -> Any:
        """A full state consistent with ``view``, with unknown dice to come."""
        return sample_world(self.game, view, me, self._split(), self._split())

    def _split(self) -> Rng:
        value, self.rng = self.rng.below(1 << 62)
        return Rng.from_seed(value)

    def _finish(self, state: Any) -> tuple[float, ...]:
        return play_to_end(
            self.game,
            state,
            self._split(),
            self.settings.rollout,
            self.settings.evaluate,
            self.settings.depth,
        )

    def __repr__(self) -> str:
        if self.settings.seconds is not None:
            budget = f"{self.settings.seconds} CPU s"
        else:
            budget = f"{self.settings.iterations}it"
        return f"ISMCTSBot({self.game.name}, {budget})"
