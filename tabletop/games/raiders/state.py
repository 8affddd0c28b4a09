"""The Raiders game state (a frozen value) and its mutable working copy.

``RaidersState`` holds everything needed to continue a game: positions, direction
memory (RA-M-DIRECTION), hands, deck, discards, the Ark's country, missed turns,
hostage locks, checkpoint debts, the move in progress and the random generator.
``Work`` is a scratch copy that ``apply`` changes in place and freezes once, so the
hot path never calls ``dataclasses.replace``; ``freeze`` and ``Work.emit`` build
their frozen values without the generated ``__init__`` (see ``_Draft``).
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from tabletop.core import Event, Rng

#: Phases: setup placement, a turn's first choice, a move awaiting a direction,
#: a landed-on player awaiting their fate, a checkpoint debt, the end.
PHASES = ("place", "turn", "move", "land", "customs", "over")


@dataclass(frozen=True, slots=True)
class RaidersState:
    """A position in a Raiders game.

    Attributes:
        phase: one of ``PHASES``.
        player: whose decision is pending (the mover).
        positions: each player's location id ('' before placing).
        prev: direction memory: where each token came from ('' = free to go
            either way, RA-M-DIRECTION).
        hands: each player's cards, sorted.
        deck: the draw pile, top first.
        discards: the face-up discard pile, oldest first.
        ark: the Ark's country ('' before RA-S-ARK).
        skips: turns each player must still miss (RA-T-SKIP).
        hostage: players who may not be taken hostage now (RA-K-HOSTAGE-TWICE).
        owes: players who landed on a checkpoint and owe a Passport
            (RA-M-CHECKPOINT-LAND).
        emptied: players who lost or played their last card and miss their next
            turn, drawing a card on it (RA-E-EMPTY).
        steps: steps left in the move in progress.
        route: locations visited by the move in progress, its start first.
        route_prev: the mover's direction memory when the move began (a token
            moved back past its start keeps it, RA-M-INSTRUCTION).
        passed: players already robbed by passing this move (RA-M-PASS-PLAYER).
        landed: players landed on, awaiting the mover's decision.
        winner: the winner's seat, or -1.
        turn: how many turns have begun (skipped ones included).
        rng: the random generator.
    """

    phase: str
    player: int
    positions: tuple[str, ...]
    prev: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    deck: tuple[str, ...]
    discards: tuple[str, ...]
    ark: str
    skips: tuple[int, ...]
    hostage: tuple[bool, ...]
    owes: tuple[bool, ...]
    emptied: tuple[bool, ...]
    steps: int
    route: tuple[str, ...]
    route_prev: str
    passed: tuple[int, ...]
    landed: tuple[int, ...]
    winner: int
    turn: int
    rng: Rng

    def __str__(self) -> str:
        from tabletop.games.raiders.text import render_state

        return render_state(self)


FIELD_NAMES = tuple(f.name for f in fields(RaidersState))


class _Draft:
    """A writable object with exactly the slots of ``RaidersState``.

    ``freeze`` fills one with plain attribute stores and then assigns its
    ``__class__`` (allowed between classes of identical layout), which is several
    times cheaper than the generated frozen ``__init__`` (one
    ``object.__setattr__`` per field). ``RaidersState`` has no ``__post_init__``,
    so the result is the same value.
    """

    __slots__ = FIELD_NAMES


#: The fields ``freeze`` sets, in order: a field added to ``RaidersState`` must be
#: set there too.
_FROZEN_FIELDS = (
    "phase", "player", "positions", "prev", "hands", "deck", "discards", "ark",
    "skips", "hostage", "owes", "emptied", "steps", "route", "route_prev", "passed",
    "landed", "winner",
    "turn", "rng",
)
if FIELD_NAMES != _FROZEN_FIELDS:
    raise RuntimeError("RaidersState fields changed: update Work.freeze")

_EVENT_FIELDS = ("clause", "text", "player", "kind", "secret", "public")


class _EventDraft:
    """The same trick for ``Event`` (see ``_Draft``), used by ``Work.emit`` while
    ``Event`` has exactly these fields and a compatible layout."""

    __slots__ = _EVENT_FIELDS


def _event_draft_fits() -> bool:
    if tuple(f.name for f in fields(Event)) != _EVENT_FIELDS:
        return False
    probe = _EventDraft()
    try:
        probe.__class__ = Event  # type: ignore[assignment]
    except TypeError:
        return False
    return not hasattr(Event, "__post_init__")


_FAST_EVENTS = _event_draft_fits()


def _sorted_hand(hand: tuple[str, ...]) -> tuple[str, ...]:
    """``tuple(sorted(hand))``, memoised (states hold sorted hands already)."""
    found = _SORTED.get(hand)
    if found is None:
        if len(_SORTED) >= 100_000:
            _SORTED.clear()
        found = _SORTED[hand] = tuple(sorted(hand))
    return found


_SORTED: dict[tuple[str, ...], tuple[str, ...]] = {}
#: The hands of the last state ``freeze`` made (all sorted).
_LAST_HANDS: list = [None]


class Work:
    """A mutable copy of a state that rules code changes, then ``freeze``s.

    ``hands`` holds the state's own hands until ``hand(q)`` copies one into a
    list to change; ``freeze`` sorts every hand either way.
    """

    __slots__ = (*FIELD_NAMES, "events", "given_hands")

    def __init__(self, s: RaidersState) -> None:
        self.phase = s.phase
        self.player = s.player
        self.positions = list(s.positions)
        self.prev = list(s.prev)
        self.hands: list = list(s.hands)  # the state's own until ``hand`` is asked
        self.given_hands = s.hands
        self.deck = s.deck
        self.discards = s.discards
        self.ark = s.ark
        self.skips = list(s.skips)
        self.hostage = list(s.hostage)
        self.owes = list(s.owes)
        self.emptied = list(s.emptied)
        self.steps = s.steps
        self.route = list(s.route)
        self.route_prev = s.route_prev
        self.passed = list(s.passed)
        self.landed = list(s.landed)
        self.winner = s.winner
        self.turn = s.turn
        self.rng = s.rng
        self.events: list[Event] = []

    def freeze(self) -> RaidersState:
        """The state this copy now describes (hands sorted)."""
        s = _Draft()
        s.phase = self.phase
        s.player = self.player
        s.positions = tuple(self.positions)
        s.prev = tuple(self.prev)
        s.hands = _LAST_HANDS[0] = self._sorted_hands()
        s.deck = self.deck
        s.discards = self.discards
        s.ark = self.ark
        s.skips = tuple(self.skips)
        s.hostage = tuple(self.hostage)
        s.owes = tuple(self.owes)
        s.emptied = tuple(self.emptied)
        s.steps = self.steps
        s.route = tuple(self.route)
        s.route_prev = self.route_prev
        s.passed = tuple(self.passed)
        s.landed = tuple(self.landed)
        s.winner = self.winner
        s.turn = self.turn
        s.rng = self.rng
        s.__class__ = RaidersState  # type: ignore[assignment]
        return s  # type: ignore[return-value]

    def _sorted_hands(self) -> tuple[tuple[str, ...], ...]:
        """Every hand as a sorted tuple. When the input state came from ``freeze``
        (its hands are sorted: the usual case in a playout), unchanged hands are
        kept as they are."""
        given = self.given_hands
        if given is _LAST_HANDS[0]:
            hands = tuple(self.hands)
            if hands == given:
                return given
            return tuple([h if h is o else tuple(sorted(h))
                          for h, o in zip(hands, given, strict=True)])
        known = _SORTED.get
        return tuple([
            (known(h) or _sorted_hand(h)) if h.__class__ is tuple
            else tuple(sorted(h))
            for h in self.hands
        ])

    def hand(self, q: int) -> list[str]:
        """Player ``q``'s hand as a list to change in place."""
        h = self.hands[q]
        if h is self.given_hands[q] or h.__class__ is not list:
            h = self.hands[q] = list(h)  # never change the input state's hand
        return h

    def emit(self, clause: str, text: str, player: int | None = None,
             kind: str = "", public: str = "") -> None:
        """Record an event; a non-empty ``public`` makes it secret."""
        if not _FAST_EVENTS:
            self.events.append(Event(clause, text, player, kind,
                                     secret=bool(public), public=public))
            return
        event = _EventDraft()
        event.clause = clause
        event.text = text
        event.player = player
        event.kind = kind
        event.secret = bool(public)
        event.public = public
        event.__class__ = Event  # type: ignore[assignment]
        self.events.append(event)  # type: ignore[arg-type]

    def others_at(self, loc: str, me: int) -> list[int]:
        """Players other than ``me`` standing on ``loc``."""
        return [q for q, at in enumerate(self.positions) if at == loc and q != me]


def blank_state(players: int, rng: Rng) -> RaidersState:
    """The state before anyone has placed a token (RA-S-PLACE)."""
    n = players
    return RaidersState(
        phase="place", player=0, positions=("",) * n, prev=("",) * n,
        hands=((),) * n, deck=(), discards=(), ark="", skips=(0,) * n,
        hostage=(False,) * n, owes=(False,) * n, emptied=(False,) * n, steps=0,
        route=(), route_prev="", passed=(),
        landed=(), winner=-1, turn=0, rng=rng,
    )
