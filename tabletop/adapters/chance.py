"""A game played as a tree with explicit chance nodes (``greenlet``, if installed,
only makes it faster).

Our engines draw every random thing from the generator in the state
(``tabletop.core.Rng``: ``below``, ``roll``, ``shuffle``). In chance mode the state
holds a ``ChanceRng`` instead, whose draws come from a queue; when the queue is empty
it raises ``ChanceNeeded(n)``. A ``Position`` applies a player's action with an empty
queue; if a draw is needed it becomes a chance node with ``n`` equally likely
outcomes, and once an outcome is chosen the action's resolution goes on (held
resolutions, below) or the same action is resolved again with the outcomes chosen
so far queued. A die roll is one node of 6 outcomes, a shuffle of
``k`` cards is ``k - 1`` successive nodes (Fisher-Yates: ``below(k)``,
``below(k - 1)``, ... ``below(2)``), a card taken at random from a hand of ``h`` is
one node of ``h`` outcomes. Forced rolls (``force_roll``) are used before any chance
node, as in a normal game.

Resolving again would cost an ``apply`` per node, except where the generator says which
draws come next (``ChanceNeeded.ahead``: the rest of a shuffle): those nodes follow
one another without resolving, and the action is resolved once they are all drawn,
so a reshuffle of ``k`` cards costs two ``apply`` calls instead of ``k``.

**Joined draws**: draws known to follow one another are joined into one chance node
while the product of their sizes stays within the game's ``max_chance_outcomes``
(a reshuffle of 25 cards under a bound of 840 is 10 nodes instead of 24:
25 x 24, 23 x 22, ..., 11 x 10, then 9 x 8 x 7 and 6 x 5 x 4 x 3 x 2). A joined
node's outcome is the draws' outcomes in mixed radix, the first draw the most
significant digit, so its outcomes are exactly as likely as the draws' together.
OpenSpiel applies a chance outcome as a move of its own, so fewer nodes cost less;
``join=False`` keeps one node per draw (``tests/test_adapters_held.py`` checks the
two agree).

**Held resolutions** (with ``greenlet`` installed, the default): an action of a
kind that has drawn before is resolved in a greenlet of its own, and at a draw
with nothing queued the resolution is held there (``core.rng.WAIT_FOR_OUTCOMES``)
instead of raising; choosing the chance node's outcome resumes it where it
stopped, so the action is resolved once, however many chance nodes it has. Only
the first path taken from a chance node can resume it (the most recent
``HELD`` chance nodes of each thread keep theirs; a copy of a node, an older
node or a deserialised one resolves again, as above, with the same result);
``tests/test_adapters_held.py`` checks the two ways agree node by node for every
game.

Every node knows at once whose decision it is (``Position.mover``) and whether the
game is over, so asking costs nothing. The events so far are a ``Trail`` (a chain
shared by every state after it); for each seat a ``Trail`` gives a digest of
everything that seat has been told, chained from its parent's, computed on demand and
kept, so an information state costs O(1) amortised per step whatever the length of
the game.

The deal is part of this: a game whose setup draws (a shuffle, a deal, a roll-off
for the first player) offers ``setup_from_rng(rng)``, and the initial position is a
chain of chance nodes that deal the game; a game whose ``initial_state`` draws
nothing (its deal happens after a first decision) is simply reseeded with a
``ChanceRng``.

Length cap: a game between random players may never end, so an adapted game ends
after ``max_decisions`` player decisions (a draw: every return is 0).
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from tabletop.core import ChanceNeeded, ChanceRng
from tabletop.core.rng import WAIT_FOR_OUTCOMES

try:  # held resolutions need greenlet; without it every chance node resolves again
    from greenlet import GreenletExit, getcurrent, greenlet
except ImportError:  # pragma: no cover - greenlet comes with the openspiel extra
    greenlet = None

SETUP = "setup"
"""The pending 'action' of the chance nodes that deal a game."""

CLAUSE_BUCKETS = 32
"""How many counters a seat's told events are tallied into (by clause)."""

HELD = 64
"""How many chance nodes (per thread) keep a held resolution to resume."""


@dataclass(frozen=True, slots=True)
class Told:
    """What one seat has been told up to a trail link.

    Attributes:
        digest: blake2b-128 chained over every line the seat read, oldest first
            (``digest(n) = blake2b(digest(n - 1) + line(n))``, starting from empty).
        lines: how many lines that is.
        clauses: the lines counted by clause, hashed into ``CLAUSE_BUCKETS``.
    """

    digest: bytes
    lines: int
    clauses: tuple[int, ...]


_NOTHING_TOLD = Told(b"", 0, (0,) * CLAUSE_BUCKETS)


class Trail:
    """The events so far, as a chain (appending is O(1); states share it).

    A link is never changed once made (a plain slotted class rather than a frozen
    dataclass: one is made at every decision, and this is three times cheaper);
    two links are equal only when they are the same link. ``told`` keeps, per
    seat, what that seat has been told up to this link, and ``read`` the trail as
    that seat may read it (``as_read_by``), both filled in on first asking.

    Attributes:
        parent: the link before (``None`` for the first).
        events: this link's events, oldest first.
    """

    __slots__ = ("parent", "events", "told", "read")

    def __init__(self, parent: Trail | None, events: tuple[Any, ...]) -> None:
        self.parent = parent
        self.events = events
        self.told: dict[int, Told] = {}
        self.read: dict[int, Trail] = {}

    def __repr__(self) -> str:
        return f"Trail({len(self.events)} events after {self.parent!r})"

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
        return self  # immutable (its ``told`` only caches)

    def lines(self, seat: int) -> list[str]:
        """Every event so far as ``seat`` may read it, oldest first."""
        return [e.seen_by(seat) for chunk in self.chunks() for e in chunk]

    def _unknown_since(self, kept: str, seat: int) -> tuple[Trail | None, list[Trail]]:
        """The nearest link (this one or an ancestor) whose cache ``kept``
        (``"told"`` or ``"read"``) has ``seat``, or ``None``; and the links after
        it up to this one, oldest first, whose caches do not have it yet."""
        pending = []
        node: Trail | None = self
        while node is not None and seat not in getattr(node, kept):
            pending.append(node)
            node = node.parent
        pending.reverse()
        return node, pending

    def as_read_by(self, seat: int) -> Trail:
        """This trail as ``seat`` may read it: every event's secrets the seat may
        not read removed (``Event.for_viewer``), so the seat's lines stay the same.
        Built from the nearest link that knows it and kept at every link, so
        asking along a growing game costs O(1) amortised per link."""
        known = self.read.get(seat)
        if known is not None:
            return known
        node, pending = self._unknown_since("read", seat)
        out = None if node is None else node.read[seat]
        for link in pending:
            out = Trail(out, tuple(e.for_viewer(seat) for e in link.events))
            link.read[seat] = out
        assert out is not None
        return out

    def told_to(self, seat: int) -> Told:
        """What ``seat`` has been told up to here: from the nearest link that knows,
        each later link's lines chained on (and kept at that link)."""
        known = self.told.get(seat)
        if known is not None:
            return known
        node, pending = self._unknown_since("told", seat)
        known = _NOTHING_TOLD if node is None else node.told[seat]
        for link in pending:
            digest, count, clauses = known.digest, known.lines, list(known.clauses)
            for event in link.events:
                line = event.seen_by(seat).encode()
                digest = hashlib.blake2b(digest + line, digest_size=16).digest()
                clauses[_bucket(event.clause)] += 1
                count += 1
            known = Told(digest, count, tuple(clauses))
            link.told[seat] = known
        return known


def _bucket(clause: str) -> int:
    """The counter a clause's events are tallied in (the same on every machine)."""
    return hashlib.blake2b(clause.encode(), digest_size=2).digest()[0] % CLAUSE_BUCKETS


def _trail_of(chunks: list[tuple[Any, ...]]) -> Trail | None:
    trail = None
    for events in chunks:
        trail = Trail(trail, events)
    return trail


def told_to(trail: Trail | None, seat: int) -> Told:
    """What ``seat`` has been told along ``trail`` (nothing for an empty trail)."""
    return _NOTHING_TOLD if trail is None else trail.told_to(seat)


class Position(NamedTuple):
    """One node of the game tree: a decision, a chance node or the end (a named
    tuple: immutable, and built several times per decision, which a frozen
    dataclass makes four times dearer).

    Attributes:
        state: the game state (``None`` while the deal is still being drawn).
        pending: ``None`` at a decision, else what the chance node resolves
            (``SETUP`` or the action being applied).
        drawn: the outcomes chosen so far for ``pending``.
        need: how many outcomes the chance node has (0 when not a chance node).
        decisions: how many player decisions have been made.
        trail: the events so far.
        ahead: the sizes of the draws known to follow this node's before
            ``pending`` is resolved again (the rest of a shuffle).
        mover: the seat to decide (``None`` at a chance node or the end).
        ended: whether the game is over (by the rules or the length cap).
        joined: the sizes of the draws this chance node joins (their product is
            ``need``), or ``()`` for a node of one draw.
    """

    state: Any
    pending: Any
    drawn: tuple[int, ...]
    need: int
    decisions: int
    trail: Trail | None
    ahead: tuple[int, ...] = ()
    mover: int | None = None
    ended: bool = False
    joined: tuple[int, ...] = ()

    def __deepcopy__(self, memo: dict) -> Position:
        return self  # immutable: copies of a game tree node share it


class _Cancel(BaseException):
    """Unwinds a held resolution nobody will resume (raised at its draw)."""


_CANCEL = object()


class _Resolver:
    """A greenlet that resolves actions one after another and, at a draw with
    nothing queued, hands ``("draw", n, ahead)`` to whoever started or resumed it
    and waits for the outcomes (or ``_CANCEL``). A finished resolution hands back
    ``("done", state, events)`` or ``("error", exception)``."""

    __slots__ = ("glet",)

    def __init__(self) -> None:
        self.glet = greenlet(self._loop)

    def run(self, message: Any) -> tuple:
        """Switch to the resolver with ``message`` (a job, outcomes or
        ``_CANCEL``); what it hands back."""
        self.glet.parent = getcurrent()
        return self.glet.switch(message)

    def _loop(self, job: tuple[Callable, Any, Any]) -> None:
        WAIT_FOR_OUTCOMES.set(self._wait)  # in this greenlet's own context
        while True:
            apply, state, action = job
            try:
                result: tuple = ("done", *apply(state, action))
            except _Cancel:
                result = ("cancelled",)
            except GreenletExit:
                raise
            except BaseException as exc:  # handed to the caller, raised there
                result = ("error", exc)
            job = self.glet.parent.switch(result)

    def _wait(self, n: int, ahead: tuple[int, ...]) -> tuple[int, ...]:
        reply = self.glet.parent.switch(("draw", n, ahead))
        if reply is _CANCEL:
            raise _Cancel
        return reply


class _Holds(threading.local):
    """This thread's idle resolvers and held chance nodes: id(position) ->
    (position, resolver, how many outcomes were drawn before its draw), oldest
    first (the position is kept alive here, so its id is not reused)."""

    def __init__(self) -> None:
        self.idle: list[_Resolver] = []
        self.held: dict[int, tuple[Position, _Resolver, int]] = {}


class ChanceGame:
    """A game (``tabletop.core`` protocol) as a tree with explicit chance nodes.

    Args:
        game: the game object (``make_game(name, players=3)``).
        max_decisions: the length cap: the game ends, drawn, after this many
            player decisions.
        max_chance_outcomes: the most outcomes a chance node may have (a draw
            with more raises, naming it).
        hold: hold resolutions at their draws and resume them (see the module
            docstring; needs greenlet); ``False`` resolves again at every chance
            node (the same positions).
        join: join draws known to follow one another into one chance node
            within ``max_chance_outcomes`` (see the module docstring); ``False``
            makes one node per draw (the same decisions, more chance nodes).
    """

    def __init__(
        self,
        game: Any,
        max_decisions: int,
        max_chance_outcomes: int,
        hold: bool = True,
        join: bool = True,
    ):
        self.game = game
        self.max_decisions = max_decisions
        self.max_chance_outcomes = max_chance_outcomes
        self.hold = hold and greenlet is not None
        self.join = join
        self._holds = _Holds()
        #: Kinds of action seen drawing: only these are resolved in a resolver.
        self._drawing: set[type] = set()
        self._has_setup_hook = hasattr(game, "setup_from_rng")
        self._initial: Position | None = None
        if not self._has_setup_hook:
            a = game.reseed(game.initial_state(0), ChanceRng(0))
            b = game.reseed(game.initial_state(1), ChanceRng(0))
            if a != b:
                raise TypeError(
                    f"{game!r} draws at random in initial_state but has no "
                    "setup_from_rng(rng): its deal cannot be offered as chance nodes"
                )

    def __getstate__(self) -> dict[str, Any]:
        # Held resolutions belong to this process and thread: a copy starts
        # without any (its chance nodes resolve again, with the same result).
        state = dict(self.__dict__)
        del state["_holds"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._holds = _Holds()

    # -- building positions ---------------------------------------------------------
    def initial(self) -> Position:
        """The root: the deal's first chance node, or the first decision (worked
        out once: positions and states are immutable, so every new game shares
        it)."""
        if self._initial is None:
            self._initial = self._resolve(None, SETUP, (), 0, None)
        return self._initial

    def _resolve(
        self,
        state: Any,
        pending: Any,
        drawn: tuple[int, ...],
        decisions: int,
        trail: Trail | None,
    ) -> Position:
        game = self.game
        if pending is not SETUP and self.hold and type(pending) in self._drawing:
            return self._resolve_held(state, pending, drawn, decisions, trail)
        try:
            if pending is SETUP:
                rng = ChanceRng(0, (), drawn)
                if self._has_setup_hook:
                    new, events = game.setup_from_rng(rng)
                else:
                    new, events = game.reseed(game.initial_state(0), rng), ()
            else:
                # A decision's state already holds a chance-mode generator with an
                # empty queue (every resolution uses up what it drew).
                new, events = game.apply(self._queued(state, drawn), pending)
        except ChanceNeeded as need:
            self._check_bound(need.n, need.ahead, pending)
            if pending is not SETUP:
                self._drawing.add(type(pending))
            return self._node(
                state, pending, drawn, decisions, trail, need.n, need.ahead
            )
        if events:
            trail = Trail(trail, tuple(events))
        return self._decision(new, decisions, trail)

    def _queued(self, state: Any, drawn: tuple[int, ...]) -> Any:
        """``state`` with the outcomes ``drawn`` queued after its forced rolls."""
        if not drawn:
            return state
        forced = tuple(self.game.forced_rolls(state))
        return self.game.reseed(state, ChanceRng(0, forced, drawn))

    def _node(
        self,
        state: Any,
        pending: Any,
        drawn: tuple[int, ...],
        decisions: int,
        trail: Trail | None,
        n: int,
        ahead: tuple[int, ...],
    ) -> Position:
        """The chance node of a draw of ``n`` with ``ahead`` known to follow: the
        draws joined while their product stays within the bound (``join``)."""
        need, k = n, 0
        if self.join:
            bound = self.max_chance_outcomes
            while k < len(ahead) and need * ahead[k] <= bound:
                need *= ahead[k]
                k += 1
        if not k:
            return Position(state, pending, drawn, n, decisions, trail, ahead)
        return Position(
            state, pending, drawn, need, decisions, trail, ahead[k:], None, False,
            (n, *ahead[:k]),
        )  # fmt: skip

    def _check_bound(self, n: int, ahead: tuple[int, ...], pending: Any) -> None:
        bound = self.max_chance_outcomes
        if n > bound or (ahead and max(ahead) > bound):
            raise ValueError(
                f"a draw of {max(n, *ahead)} outcomes exceeds the "
                f"declared bound {bound} (resolving {pending})"
            )

    # -- held resolutions (see the module docstring) --------------------------------
    def _resolve_held(
        self,
        state: Any,
        pending: Any,
        drawn: tuple[int, ...],
        decisions: int,
        trail: Trail | None,
    ) -> Position:
        """``_resolve`` in a resolver, which holds the resolution at its next draw
        with nothing queued."""
        idle = self._holds.idle
        resolver = idle.pop() if idle else _Resolver()
        job = (self.game.apply, self._queued(state, drawn), pending)
        reply = resolver.run(job)
        return self._answer(reply, resolver, state, pending, drawn, decisions, trail)

    def _answer(
        self,
        reply: tuple,
        resolver: _Resolver,
        state: Any,
        pending: Any,
        drawn: tuple[int, ...],
        decisions: int,
        trail: Trail | None,
    ) -> Position:
        """The position a resolver's reply leads to: a chance node holding it at
        a draw, or the decision after the action (the resolver idle again)."""
        if reply[0] == "draw":
            _, n, ahead = reply
            try:
                self._check_bound(n, ahead, pending)
            except ValueError:
                self._cancel(resolver)
                raise
            pos = self._node(state, pending, drawn, decisions, trail, n, ahead)
            self._hold(pos, resolver, len(drawn))
            return pos
        self._holds.idle.append(resolver)
        if reply[0] == "error":
            raise reply[1]
        _, new, events = reply
        if events:
            trail = Trail(trail, tuple(events))
        return self._decision(new, decisions, trail)

    def _hold(self, pos: Position, resolver: _Resolver, start: int) -> None:
        """Keep ``resolver`` for ``pos`` (the oldest held node gives its up)."""
        held = self._holds.held
        held[id(pos)] = (pos, resolver, start)
        if len(held) > HELD:
            _, old, _ = held.pop(next(iter(held)))
            self._cancel(old)

    def _cancel(self, resolver: _Resolver) -> None:
        """Unwind a held resolution; the resolver is idle again."""
        if resolver.run(_CANCEL)[0] == "cancelled":
            self._holds.idle.append(resolver)

    def _decision(self, state: Any, decisions: int, trail: Trail | None) -> Position:
        mover = self.game.to_move(state)
        if mover is None or decisions >= self.max_decisions:
            return Position(state, None, (), 0, decisions, trail, (), None, True)
        return Position(state, None, (), 0, decisions, trail, (), mover, False)

    def choose(self, pos: Position, outcome: int) -> Position:
        """The position after chance outcome ``outcome`` at a chance node."""
        if not pos.need:
            raise ValueError("not a chance node")
        if not 0 <= outcome < pos.need:
            raise ValueError(f"chance outcome {outcome} not in range({pos.need})")
        if pos.joined:  # the joined draws' outcomes, the first most significant
            digits = []
            for size in reversed(pos.joined):
                outcome, digit = divmod(outcome, size)
                digits.append(digit)
            drawn = pos.drawn + tuple(reversed(digits))
        else:
            drawn = pos.drawn + (outcome,)
        held = self._holds.held
        entry = held.pop(id(pos), None) if held else None
        if pos.ahead:  # the next draw is known: no need to resolve yet
            ahead = pos.ahead
            nxt = self._node(
                pos.state, pos.pending, drawn, pos.decisions, pos.trail, ahead[0],
                ahead[1:],
            )  # fmt: skip
            if entry is not None:  # the held resolution goes on with this path
                held[id(nxt)] = (nxt, entry[1], entry[2])
            return nxt
        if entry is not None:
            _, resolver, start = entry
            reply = resolver.run(drawn[start:])
            return self._answer(
                reply, resolver, pos.state, pos.pending, drawn, pos.decisions,
                pos.trail,
            )  # fmt: skip
        return self._resolve(pos.state, pos.pending, drawn, pos.decisions, pos.trail)

    def act(self, pos: Position, action: Any) -> Position:
        """The position after the player to move takes ``action`` (``apply`` checks
        it and raises ``IllegalActionError`` when it is not legal)."""
        if pos.mover is None:
            raise ValueError("no player decision is pending")
        return self._resolve(pos.state, action, (), pos.decisions + 1, pos.trail)

    # -- reading positions ----------------------------------------------------------
    def is_chance(self, pos: Position) -> bool:
        return pos.need > 0

    def is_terminal(self, pos: Position) -> bool:
        return pos.ended

    def to_move(self, pos: Position) -> int | None:
        """The seat to decide, or ``None`` at a chance node or the end."""
        return pos.mover

    def capped(self, pos: Position) -> bool:
        """Whether the game ended by the length cap rather than by the rules."""
        return pos.ended and self.game.to_move(pos.state) is not None

    def returns(self, pos: Position) -> list[float]:
        """+1 to the winner and -1/(players-1) to the others; 0 each for no winner
        (the length cap, or a game that ends without one); 0 each before the end."""
        n = self.game.players
        if not pos.ended or self.capped(pos):
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
        state = self.game.reseed(state, ChanceRng(0, forced))
        return self._decision(state, pos.decisions, pos.trail)
