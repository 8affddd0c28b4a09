"""A game played as a tree with explicit chance nodes (no outside dependency).

Our engines draw every random thing from the generator in the state
(``tabletop.core.Rng``: ``below``, ``roll``, ``shuffle``). In chance mode the state
holds a ``ChanceRng`` instead, whose draws come from a queue; when the queue is empty
it raises ``ChanceNeeded(n)``. A ``Position`` applies a player's action with an empty
queue; if a draw is needed it becomes a chance node with ``n`` equally likely
outcomes, and once an outcome is chosen the same action is resolved again with the
outcomes chosen so far queued. A die roll is one node of 6 outcomes, a shuffle of
``k`` cards is ``k - 1`` successive nodes (Fisher-Yates: ``below(k)``,
``below(k - 1)``, ... ``below(2)``), a card taken at random from a hand of ``h`` is
one node of ``h`` outcomes. Forced rolls (``force_roll``) are used before any chance
node, as in a normal game.

The deal is part of this: a game whose setup draws (a shuffle, a deal, a roll-off
for the first player) offers ``setup_from_rng(rng)``, and the initial position is a
chain of chance nodes that deal the game; a game whose ``initial_state`` draws
nothing (its deal happens after a first decision) is simply reseeded with a
``ChanceRng``.

Length cap: a game between random players may never end, so an adapted game ends
after ``max_decisions`` player decisions (a draw: every return is 0).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from tabletop.core import ChanceNeeded, ChanceRng

SETUP = "setup"
"""The pending 'action' of the chance nodes that deal a game."""


@dataclass(frozen=True, slots=True)
class Trail:
    """The events so far, as a chain (appending is O(1); states share it)."""

    parent: Trail | None
    events: tuple[Any, ...]

    def chunks(self) -> list[tuple[Any, ...]]:
        """The events of every link, oldest first."""
        out = []
        node: Trail | None = self
        while node is not None:
            out.append(node.events)
            node = node.parent
        out.reverse()
        return out

    def __reduce__(self) -> tuple:
        # Flat, so that serialising a long game does not recurse once per link.
        return (_trail_of, (self.chunks(),))

    def __deepcopy__(self, memo: dict) -> Trail:
        return self  # immutable

    def lines(self, seat: int) -> list[str]:
        """Every event so far as ``seat`` may read it, oldest first."""
        return [e.seen_by(seat) for chunk in self.chunks() for e in chunk]


def _trail_of(chunks: list[tuple[Any, ...]]) -> Trail | None:
    trail = None
    for events in chunks:
        trail = Trail(trail, events)
    return trail


@dataclass(frozen=True, slots=True)
class Position:
    """One node of the game tree: a decision, a chance node or the end.

    Attributes:
        state: the game state (``None`` while the deal is still being drawn).
        pending: ``None`` at a decision, else what the chance node resolves
            (``SETUP`` or the action being applied).
        drawn: the outcomes chosen so far for ``pending``.
        need: how many outcomes the chance node has (0 when not a chance node).
        decisions: how many player decisions have been made.
        trail: the events so far.
    """

    state: Any
    pending: Any
    drawn: tuple[int, ...]
    need: int
    decisions: int
    trail: Trail | None

    def __deepcopy__(self, memo: dict) -> Position:
        return self  # immutable: copies of a game tree node share it


class ChanceGame:
    """A game (``tabletop.core`` protocol) as a tree with explicit chance nodes.

    Args:
        game: the game object (``make_game(name, players=3)``).
        max_decisions: the length cap: the game ends, drawn, after this many
            player decisions.
        max_chance_outcomes: the most outcomes a chance node may have (a draw
            with more raises, naming it).
    """

    def __init__(self, game: Any, max_decisions: int, max_chance_outcomes: int):
        self.game = game
        self.max_decisions = max_decisions
        self.max_chance_outcomes = max_chance_outcomes
        self._has_setup_hook = hasattr(game, "setup_from_rng")
        if not self._has_setup_hook:
            a = game.reseed(game.initial_state(0), ChanceRng(0))
            b = game.reseed(game.initial_state(1), ChanceRng(0))
            if a != b:
                raise TypeError(
                    f"{game!r} draws at random in initial_state but has no "
                    "setup_from_rng(rng): its deal cannot be offered as chance nodes"
                )

    # -- building positions ---------------------------------------------------------
    def initial(self) -> Position:
        """The root: the deal's first chance node, or the first decision."""
        return self._resolve(None, SETUP, (), 0, None)

    def _resolve(
        self,
        state: Any,
        pending: Any,
        drawn: tuple[int, ...],
        decisions: int,
        trail: Trail | None,
    ) -> Position:
        game = self.game
        try:
            if pending is SETUP:
                rng = ChanceRng(0, (), drawn)
                if self._has_setup_hook:
                    new, events = game.setup_from_rng(rng)
                else:
                    new, events = game.reseed(game.initial_state(0), rng), ()
            else:
                forced = tuple(game.forced_rolls(state))
                queued = game.reseed(state, ChanceRng(0, forced, drawn))
                new, events = game.apply(queued, pending)
        except ChanceNeeded as need:
            if need.n > self.max_chance_outcomes:
                raise ValueError(
                    f"a draw of {need.n} outcomes exceeds the declared bound "
                    f"{self.max_chance_outcomes} (resolving {pending})"
                ) from None
            return Position(state, pending, drawn, need.n, decisions, trail)
        if events:
            trail = Trail(trail, tuple(events))
        return Position(new, None, (), 0, decisions, trail)

    def choose(self, pos: Position, outcome: int) -> Position:
        """The position after chance outcome ``outcome`` at a chance node."""
        if not pos.need:
            raise ValueError("not a chance node")
        if not 0 <= outcome < pos.need:
            raise ValueError(f"chance outcome {outcome} not in range({pos.need})")
        return self._resolve(
            pos.state, pos.pending, pos.drawn + (outcome,), pos.decisions, pos.trail
        )

    def act(self, pos: Position, action: Any) -> Position:
        """The position after the player to move takes ``action`` (``apply`` checks
        it and raises ``IllegalActionError`` when it is not legal)."""
        if pos.need or self.is_terminal(pos):
            raise ValueError("no player decision is pending")
        return self._resolve(pos.state, action, (), pos.decisions + 1, pos.trail)

    # -- reading positions ----------------------------------------------------------
    def is_chance(self, pos: Position) -> bool:
        return pos.need > 0

    def is_terminal(self, pos: Position) -> bool:
        if pos.need:
            return False
        return (
            self.game.to_move(pos.state) is None or pos.decisions >= self.max_decisions
        )

    def to_move(self, pos: Position) -> int | None:
        """The seat to decide, or ``None`` at a chance node or the end."""
        if pos.need or self.is_terminal(pos):
            return None
        return self.game.to_move(pos.state)

    def capped(self, pos: Position) -> bool:
        """Whether the game ended by the length cap rather than by the rules."""
        return (
            not pos.need
            and pos.decisions >= self.max_decisions
            and self.game.to_move(pos.state) is not None
        )

    def returns(self, pos: Position) -> list[float]:
        """+1 to the winner and -1/(players-1) to the others; 0 each for no winner
        (the length cap, or a game that ends without one); 0 each before the end."""
        n = self.game.players
        if not self.is_terminal(pos) or self.capped(pos):
            return [0.0] * n
        outcome = self.game.outcome(pos.state)
        if outcome is None or outcome.winner is None:
            return [0.0] * n
        return [1.0 if s == outcome.winner else -1.0 / (n - 1) for s in range(n)]

    def with_state(
        self, pos: Position, state: Any, forced: tuple[int, ...] | None = None
    ) -> Position:
        """``pos`` at a decision with ``state`` as its game state, in chance mode
        (keeping ``forced`` rolls, by default those of ``state``)."""
        if forced is None:
            forced = tuple(self.game.forced_rolls(state))
        return replace(pos, state=self.game.reseed(state, ChanceRng(0, forced)))
