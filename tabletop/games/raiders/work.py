"""The mutable scratch copy of a Raiders state used while one action resolves.

``moves.resolve`` copies the state into a ``Work``, the rules change it in place and
record events, and ``freeze`` builds the next frozen state once. A quiet ``Work``
writes no event of its own (``Raiders.next_state``: playouts read none); the rules
run the same.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.core import Event
from tabletop.core.game import Words
from tabletop.games.raiders.state import RaidersState, new_state


class Work:
    """A mutable copy of a state that rules code changes, then ``freeze``s.

    Positions and direction memory are lists; the per-player flags and counts stay
    tuples changed by ``put``; the move's ``route``, ``passed`` and ``landed`` are
    tuples replaced whole (a step adds one place to the route). ``hands`` is the
    state's own tuple of (sorted) hands until ``hand(q)`` makes it a list and copies
    hand ``q`` into a list to change; ``freeze`` sorts only the hands that were
    copied, and keeps the state's tuple when no hand was touched (most actions).
    """

    __slots__ = (
        "phase",
        "to_move",
        "positions",
        "prev",
        "hands",
        "deck",
        "discards",
        "ark",
        "skips",
        "hostage",
        "owes",
        "emptied",
        "steps",
        "route",
        "route_prev",
        "ways",
        "passed",
        "landed",
        "winner",
        "turn",
        "rng",
        "events",
        "quiet",
        "given",
    )

    def __init__(self, s: RaidersState, quiet: bool = False) -> None:
        self.phase = s.phase
        self.to_move = s.to_move
        self.positions = list(s.positions)
        self.prev = list(s.prev)
        self.hands: tuple | list = s.hands  # a list once ``hand`` changes one
        self.given = s.hands
        self.deck = s.deck
        self.discards = s.discards
        self.ark = s.ark
        self.skips = s.skips  # these four change rarely: tuples, changed by ``put``
        self.hostage = s.hostage
        self.owes = s.owes
        self.emptied = s.emptied
        self.steps = s.steps
        self.route = s.route
        self.route_prev = s.route_prev
        self.ways = s.ways
        self.passed = s.passed
        self.landed = s.landed
        self.winner = s.winner
        self.turn = s.turn
        self.rng = s.rng
        self.events: list[Event] = []
        self.quiet = quiet

    def freeze(self) -> RaidersState:
        """The state this copy now describes (changed hands sorted)."""
        hands = self.hands
        if hands is not self.given or not _all_tuples(hands):
            hands = tuple(
                [h if h.__class__ is tuple else tuple(sorted(h)) for h in hands]
            )
        return new_state(
            self.phase,
            self.to_move,
            tuple(self.positions),
            tuple(self.prev),
            hands,
            self.deck,
            self.discards,
            self.ark,
            self.skips,
            self.hostage,
            self.owes,
            self.emptied,
            self.steps,
            tuple(self.route),
            self.route_prev,
            self.ways,
            tuple(self.passed),
            tuple(self.landed),
            self.winner,
            self.turn,
            self.rng,
        )

    def put(self, name: str, q: int, value: object) -> None:
        """Set player ``q``'s entry of a per-player flag or count (``skips``,
        ``hostage``, ``owes``, ``emptied``: kept as tuples, as they rarely change)."""
        values = getattr(self, name)
        if values[q] != value:
            setattr(self, name, (*values[:q], value, *values[q + 1 :]))

    def hand(self, q: int) -> list[str]:
        """Player ``q``'s hand as a list to change in place (copied on first use)."""
        hands = self.hands
        if hands is self.given:
            hands = self.hands = list(hands)
        h = hands[q]
        if h.__class__ is not list or h is self.given[q]:
            h = hands[q] = list(h)  # never change the input state's hand
        return h

    def emit(
        self,
        clause: str,
        text: str | Words,
        player: int | None = None,
        kind: str = "",
        public: str | Words = "",
        data: Mapping[str, Any] | None = None,
        hidden: tuple[str, ...] = (),
        witnesses: tuple[int, ...] = (),
    ) -> None:
        """Record an event; a non-empty ``public`` makes its text secret (read by
        ``player`` and ``witnesses`` only). The sentences may be words written
        from ``data`` when read (``Event``). A quiet ``Work`` records nothing."""
        if self.quiet:
            return
        self.events.append(
            Event(
                clause,
                text,
                player,
                kind,
                bool(public),
                public,
                data or {},
                hidden,
                witnesses,
            )  # fmt: skip
        )

    def others_at(self, loc: str, me: int) -> list[int]:
        """Players other than ``me`` standing on ``loc``."""
        return [q for q, at in enumerate(self.positions) if at == loc and q != me]


def _all_tuples(hands: tuple) -> bool:
    """True when every hand is a tuple (a hand-built state may hold lists, which
    ``freeze`` turns into sorted tuples)."""
    for h in hands:
        if h.__class__ is not tuple:
            return False
    return True
