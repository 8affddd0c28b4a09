"""The turn template every game shares, written once.

A game subclasses ``GameRules`` and supplies its notation (``parse_move``), whose
decision is pending (``to_move``), the rules of the pending decision
(``decision_rules``) and what a checked action does (``resolve``). This module then
answers, for every game alike and in this order:

1. parse the notation (``TT-NOTATION``), including the seat prefix ``P2: roll``;
2. a seat prefix names the seat whose decision it is (``TT-TURN``);
3. the game is not over (``TT-OVER``);
4. the pending decision has a rule for this kind of action (``TT-PHASE``);
5. that rule's verdict.

A ``Rule``'s verdict is what legality means: ``check`` returns the verdict's
refusal (``None`` when the action is legal), so a refused action is told the clause
and the reason the verdict gives. ``legal_actions`` joins the ``legal`` lists of the
pending decision's rules; by default a rule lists its candidates whose verdict is
``None``, and a rule may instead list its legal actions with a fast ``legal`` of its
own beside the verdict (built from the checks the verdict makes). One conformance
check in the tests compares every rule's ``legal`` with its candidates judged by its
verdict, for every registered game.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from tabletop.core.errors import IllegalActionError
from tabletop.core.game import Event, Refusal
from tabletop.core.opaque import Action, State
from tabletop.core.rng import Rng

HIDDEN = "?"
"""The one marker for a hidden card or token in a view (deck, facedown, hands)."""

_SEAT_PREFIX = re.compile(r"^\s*[Pp]?(\d+)\s*:\s*(.*)$", re.DOTALL)


@dataclass(frozen=True, slots=True)
class Seated:
    """An action announced by ``seat``: legal only when it is that seat's decision.

    Its notation is ``P<seat>: <action>`` (seats count from 0); ``<seat>: <action>``
    is read too.
    """

    seat: int
    action: Action

    def __str__(self) -> str:
        return f"P{self.seat}: {self.action}"


def split_seat(text: str) -> tuple[int | None, str]:
    """The seat named by a ``P2:`` (or ``2:``) prefix, if any, and the rest."""
    found = _SEAT_PREFIX.match(text)
    if found is None:
        return None, text
    digits = found.group(1)
    if not digits.isascii() or len(digits) > 2:
        raise IllegalActionError("TT-NOTATION", f"{digits!r} is not a seat number")
    return int(digits), found.group(2)


class Rule:
    """One kind of decision: the actions it lists and the verdict on any of them.

    Subclasses set ``kinds`` (the action classes this rule judges) and implement
    ``candidates`` and ``verdict``. The verdict is the legality predicate; a
    candidate whose verdict is not ``None`` is simply not listed. A subclass may
    override ``legal`` with a faster list of the same actions; the conformance check
    compares it with the candidates judged by the verdict.
    """

    kinds: ClassVar[tuple[type, ...]] = ()

    def candidates(self, game: Any, state: State) -> Iterable[Any]:
        """The actions of this kind worth listing now (each is then judged)."""
        raise NotImplementedError

    def verdict(self, game: Any, state: State, action: Action) -> Refusal | None:
        """``None`` when ``action`` is legal now, else the clause and the reason."""
        raise NotImplementedError

    def legal(self, game: Any, state: State) -> list[Any]:
        """The legal actions of this rule now: the candidates whose verdict is
        ``None``, in order."""
        verdict = self.verdict
        return [
            a for a in self.candidates(game, state) if verdict(game, state, a) is None
        ]


class GameRules:
    """The base of every Game: the turn template and the protocol's defaults.

    Class attributes a game sets:
        name: the registry name the game is found by.
        RULES_VERSION: bumped whenever the rules, the deal or the state's JSON change
            what a seed and a list of actions lead to (see ``docs/saves.md``).
    """

    name: ClassVar[str] = ""
    RULES_VERSION: ClassVar[int] = 1

    # -- what a game supplies -------------------------------------------------------
    def parse_move(self, text: str) -> Any:
        """The action written as ``text`` (no seat prefix); raises TT-NOTATION."""
        raise NotImplementedError

    def to_move(self, state: State) -> int | None:
        """The seat whose decision is pending, ``None`` when the game is over."""
        raise NotImplementedError

    def decision_rules(self, state: State) -> Sequence[Rule]:
        """The rules of the pending decision (empty when the game is over)."""
        raise NotImplementedError

    def resolve(self, state: State, action: Action) -> tuple[Any, tuple[Event, ...]]:
        """What a legal (already checked) action does: the next state, the events."""
        raise NotImplementedError

    def next_state(self, state: State, action: Action) -> Any:
        """The state a legal (already checked) action leads to, its events not kept.

        Playouts and look-aheads read no event; a game may run its ``resolve`` with
        the events not recorded (the same rule code, so the same state).
        """
        return self.resolve(state, action)[0]

    def pending(self, state: State) -> str:
        """A sentence: whose decision is pending and what kind."""
        raise NotImplementedError

    def position(self, **fields: Any) -> Any:
        """A state built from a short description (``Match.from_position``).

        Raises:
            ValueError: naming what is wrong with the description.
        """
        raise NotImplementedError(f"{self.name} builds no positions from descriptions")

    # -- the template ---------------------------------------------------------------
    def parse_action(self, text: Any) -> Any:
        """The action for ``text``, a ``Seated`` one when it has a seat prefix.

        A refusal of text with a seat prefix quotes the whole text, and a prefix
        with no action after it is refused as such.
        """
        if not isinstance(text, str):
            raise IllegalActionError(
                "TT-NOTATION", f"notation must be text, not {text!r}"
            )
        seat, rest = split_seat(text)
        if seat is None:
            return self.parse_move(text)
        if not rest.strip():
            raise IllegalActionError(
                "TT-NOTATION", f"{text.strip()!r} names a seat but no action"
            )
        try:
            return Seated(seat, self.parse_move(rest))
        except IllegalActionError as exc:
            raise IllegalActionError(
                exc.clause, f"cannot read {text!r}: {exc.reason}"
            ) from None

    def legal_actions(self, state: State) -> list[Any]:
        """Every legal action for the seat to move, in a stable order (the
        concatenation of ``legal_parts``)."""
        out: list[Any] = []
        for part in self.legal_parts(state):
            out.extend(part)
        return out

    def legal_parts(self, state: State) -> list[Sequence[Any]]:
        """The legal actions rule by rule, in ``legal_actions``'s order: each
        pending rule's ``legal``. A rule may hand out the same tuple again for the
        same actions (the exchanges of one hand, say), which the adapters number
        once (``ActionSpace.numbers_of_parts``)."""
        return [rule.legal(self, state) for rule in self.decision_rules(state)]

    def check(self, state: State, action: Action) -> Refusal | None:
        """``None`` if ``action`` (or its notation) is legal now, else the refusal."""
        if isinstance(action, str):
            try:
                action = self.parse_action(action)
            except IllegalActionError as exc:
                return Refusal(exc.clause, exc.reason)
        seat = self.to_move(state)
        if isinstance(action, Seated):
            if seat is not None and action.seat != seat:
                return Refusal(
                    "TT-TURN",
                    f"it is not player {action.seat}'s decision: {self.pending(state)}",
                )
            action = action.action
        if seat is None:
            return Refusal("TT-OVER", "the game is over: no further action is legal")
        for rule in self.decision_rules(state):
            if isinstance(action, rule.kinds):
                return rule.verdict(self, state, action)
        return Refusal(
            "TT-PHASE",
            f"'{action}' is not a decision of this kind now: {self.pending(state)}",
        )

    def apply(self, state: State, action: Action) -> tuple[Any, tuple[Event, ...]]:
        """The next state and its events; raises ``IllegalActionError`` if illegal.

        ``action`` may also be its notation.
        """
        if isinstance(action, str):
            action = self.parse_action(action)
        refusal = self.check(state, action)
        if refusal is not None:
            raise refusal.error()
        if isinstance(action, Seated):
            action = action.action
        return self.resolve(state, action)

    @property
    def board_digest(self) -> str:
        """The digest of the board file this game plays on ("" if it has none).

        Saves record it, so a save made on another version of the board file is
        migrated rather than trusted (``docs/saves.md``).
        """
        return str(getattr(getattr(self, "board", None), "digest", "") or "")

    # -- randomness: defaults for states that keep their generator in ``rng`` ------
    def reseed(self, state: State, rng: Rng) -> Any:
        """``state`` with ``rng`` as its generator (simulations sample worlds so)."""
        return dataclasses.replace(state, rng=rng)

    def forced_rolls(self, state: State) -> tuple[int, ...]:
        """The die results queued by ``force_roll`` in ``state``, in order."""
        return tuple(state.rng.forced)
