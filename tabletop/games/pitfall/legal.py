"""What the player to move may do: one ``Rule`` per kind of decision, whose verdict
is what is legal and gives the refusals.

``DECISIONS`` maps each phase to the rules of its decision. A rule lists its
candidates and judges any action of its kinds with ``verdict``; the legal actions are
the candidates whose verdict is ``None`` (``Rule.legal``) and a refused action gets
the verdict's clause and reason. Verdicts
are cheap: a refusal is built only on the refusing path. ``explain.py`` describes
each legal action.

The rules met most in play (a turn's start, the direction, the card at an obstacle,
declining it, climbing, and the refusal of a second roll) also override ``legal``
to build that same list straight from the checks their verdict makes, instead of
judging each candidate in turn;
``tests/test_pitfall_legal.py`` compares every rule's ``legal`` with ``Rule.legal``
(its candidates filtered by its verdict) on every state of many seeded games.

A turn may exchange any four cards of the hand (PH-2B-DISCARD, PH-2B-SWAP), so the
start of every turn lists up to 35 choices of four, each as a discard and as a swap
with every opponent. ``ExchangeActions`` is a table, not a memo: every exchange
action a game can ever list (a ``Discard`` for each of the 210 sorted choices of four
card kinds, a ``Swap`` for each choice and seat), made once with the game object and
never changed; a turn's start picks its candidates from it instead of making new
action objects for every new hand. ``Exchanges`` is the one memo a ``Pitfall`` game
owns: per hand vector, its choices of four, their set (the verdicts' membership
test) and, per seat to move, number of seats and whether a Scorpion card may be
played, the legal actions of a turn's start with that hand. It is derived data only:
it never changes what the game answers, only how fast. It is bounded (emptied when
it holds ``limit`` hands; a hand of 7 or 6 cards of 7 kinds is one of 2,640, so the
bound is never met in play) and belongs to one game object, so nothing is kept at
module level.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING

from tabletop.core import Refusal, Rule
from tabletop.games.pitfall.actions import (
    Climb,
    Decline,
    Direction,
    Discard,
    Give,
    PlaceScorpion,
    Play,
    Roll,
    Stay,
    Swap,
)
from tabletop.games.pitfall.cards import (
    CARDS,
    CODES,
    FOURS,
    OBSTACLE_NAMES,
    OBSTACLES,
    SCORPION,
)
from tabletop.games.pitfall.moves import barred, playable

if TYPE_CHECKING:
    from tabletop.games.pitfall.rules import Pitfall
    from tabletop.games.pitfall.state import PitfallState

ROLL, DECLINE, CLIMB, STAY = Roll(), Decline(), Climb(), Stay()
FORWARD, BACKWARD = Direction(1), Direction(-1)
PLAYS = tuple(Play(c) for c in range(len(CARDS)))
GIVES = tuple(Give(seat) for seat in range(4))
"""Shared instances of the actions that carry no hand-dependent data."""
_HEADS = ((ROLL,), (PLAYS[SCORPION], ROLL))
"""A turn start's actions before the exchanges, by whether a Scorpion card may be
played (PH-T-SCORPION-FIRST)."""


def _card_kind(card: object) -> bool:
    return type(card) is int and 0 <= card < len(CARDS)


class StartRule(Rule):
    """PH-T-CHOICE, PH-T-SCORPION-FIRST, PH-2B-DISCARD, PH-2B-SWAP: a turn's first
    decision: first perhaps one Scorpion card (PH-6-MOVE), then a roll or an exchange
    of four cards, discarded or swapped with an opponent.

    ``legal`` lists what the verdicts allow: the Scorpion card when one is held and
    none was played this turn, the roll, and every choice of four cards of the hand
    (``Exchanges``, the verdicts' own test) as a discard and as a swap with each
    opponent in seat order.
    """

    kinds = (Play, Roll, Discard, Swap)

    def candidates(self, g: Pitfall, s: PitfallState):
        hand, me = s.hands[s.to_move], s.to_move
        out: list = [PLAYS[SCORPION], ROLL]
        out += g.exchanges.discards(hand)
        for seat in range(len(s.hands)):
            if seat != me:
                out += g.exchanges.swaps(hand, seat)
        return out

    def legal(self, g: Pitfall, s: PitfallState):
        me = s.to_move
        hand = s.hands[me]
        scorpion = bool(hand[SCORPION]) and not s.scorpion_played
        return g.exchanges.start(hand, me, len(s.hands), scorpion, _HEADS[scorpion])

    def verdict(self, g: Pitfall, s: PitfallState, a: object) -> Refusal | None:
        kind = type(a)
        if kind is Roll:
            return None
        if kind is Play:
            return _scorpion_card(s, a.card)
        me, hand = s.to_move, s.hands[s.to_move]
        if kind is Swap and not (
            type(a.seat) is int and a.seat != me and 0 <= a.seat < len(s.hands)
        ):
            return Refusal(
                "PH-2B-SWAP", f"seat {a.seat!r} is not an opponent to swap with"
            )
        cards = a.cards
        if type(cards) is tuple and cards in g.exchanges.four_set(hand):
            return None
        clause = "PH-2B-SWAP" if kind is Swap else "PH-2B-DISCARD"
        return _exchange_refusal(clause, cards, hand)


def _scorpion_card(s: PitfallState, card: object) -> Refusal | None:
    """PH-T-SCORPION-FIRST: only a Scorpion card, once, and only if held."""
    if card != SCORPION:
        return Refusal(
            "PH-T-SCORPION-FIRST",
            "before rolling or exchanging, only a Scorpion card may be played",
        )
    if s.scorpion_played:
        return Refusal("PH-T-SCORPION-FIRST", "only one Scorpion card per turn")
    if not s.hands[s.to_move][SCORPION]:
        return Refusal("PH-6-MOVE", "you hold no Scorpion card")
    return None


def _exchange_refusal(clause: str, cards: object, hand: tuple[int, ...]) -> Refusal:
    if (
        not isinstance(cards, tuple)
        or len(cards) != 4
        or not all(_card_kind(c) for c in cards)
    ):
        return Refusal(clause, "an exchange names exactly 4 cards")
    need = [0] * len(CARDS)
    for c in cards:
        need[c] += 1
    short = [CODES[c] for c in range(len(CARDS)) if need[c] > hand[c]]
    return Refusal(
        clause, f"you do not hold the cards to exchange ({' '.join(short)} missing)"
    )


class PlaceScorpionRule(Rule):
    """PH-6-MOVE: the scorpion onto any underground space but a wall, its own space,
    or a space holding only the mover's pawn (ruling; a house rule allows that
    space, ``scorpion_on_own_pawn``)."""

    kinds = (PlaceScorpion,)

    def candidates(self, g: Pitfall, s: PitfallState):
        return g.scorpion_moves

    def verdict(self, g: Pitfall, s: PitfallState, a: PlaceScorpion) -> Refusal | None:
        board, space = g.board, a.space
        if board.level.get(space) != "below":
            return Refusal("PH-6-MOVE", f"{space} is not an underground space")
        if space in board.walls:
            return Refusal(
                "PH-B-WALLS", f"{space} is a stone wall: the scorpion never goes there"
            )
        if space == s.scorpion:
            return Refusal("PH-6-MOVE", f"the scorpion is already on {space}")
        me = s.to_move
        if g.house.scorpion_on_own_pawn:
            return None
        if s.positions[me] == space and not any(
            p == space for seat, p in enumerate(s.positions) if seat != me
        ):
            return Refusal("PH-6-MOVE", f"{space} holds only your own pawn")
        return None


class DirectionRule(Rule):
    """PH-2A-MOVE, PH-T-STUCK: forward or backward after the roll; a direction whose
    first step nothing can pass is refused while the other one can step."""

    kinds = (Direction,)

    def candidates(self, g: Pitfall, s: PitfallState):
        return (FORWARD, BACKWARD)

    def legal(self, g: Pitfall, s: PitfallState):
        """Both ways, but not one barred at the first step while the other is not."""
        ahead, behind = barred(g, s, 1), barred(g, s, -1)
        out = []
        if not ahead or behind:
            out.append(FORWARD)
        if not behind or ahead:
            out.append(BACKWARD)
        return out

    def verdict(self, g: Pitfall, s: PitfallState, a: Direction) -> Refusal | None:
        step = a.step
        if step != 1 and step != -1:
            return Refusal("PH-2A-MOVE", "the direction is forward or backward")
        what = barred(g, s, step)
        if not what or barred(g, s, -step):
            return None
        return Refusal(
            "PH-T-STUCK",
            f"{a} is barred at the first step by {what}: once rolled you "
            "must move, so go the other way (PH-6-BLOCK)",
        )


class CardRule(Rule):
    """PH-3-CARD, PH-4-*: a card that enters the obstacle (or the scorpion's
    space) ahead; a treasure card only while facedown tokens are left."""

    kinds = (Play,)

    def candidates(self, g: Pitfall, s: PitfallState):
        hand = s.hands[s.to_move]
        spent = g.house.spent_treasure_card_passes
        return [
            PLAYS[c]
            for c in playable(g.board, hand, s.target, s.scorpion, s.facedown, spent)
        ]

    def legal(self, g: Pitfall, s: PitfallState):
        """The candidates, each of which the verdict allows (the same ``playable``)."""
        return self.candidates(g, s)

    def verdict(self, g: Pitfall, s: PitfallState, a: Play) -> Refusal | None:
        card = a.card
        hand = s.hands[s.to_move]
        spent = g.house.spent_treasure_card_passes
        if card in playable(g.board, hand, s.target, s.scorpion, s.facedown, spent):
            return None
        return _card_refusal(g, s, card, hand)


def _card_refusal(g: Pitfall, s: PitfallState, card: object, hand) -> Refusal:
    if not _card_kind(card):
        return Refusal("PH-3-CARD", f"{card!r} is not a card kind")
    board, name = g.board, CARDS[card].title()
    if s.target == s.scorpion:
        passes: tuple[int, ...] = (SCORPION,)
        what = "the scorpion"
    else:
        passes = OBSTACLES[board.kind[s.target]]
        what = f"the {OBSTACLE_NAMES[board.kind[s.target]]}"
        if card == SCORPION and board.down.get(s.target) == s.scorpion:
            passes = (SCORPION,)
    if card not in passes:
        clause = "PH-4-SCORPION-PASS" if card == SCORPION else "PH-3-CARD"
        return Refusal(clause, f"a {name} card does not pass {what} at {s.target}")
    if not hand[card]:
        return Refusal("PH-3-CARD", f"you hold no {name} card")
    return Refusal(
        "PH-4-TREASURE",
        "no facedown treasure tokens are left, so a treasure card cannot be played",
    )


class DeclineRule(Rule):
    """PH-4-OPTIONAL: play no card at the obstacle (stop, go down or fall)."""

    kinds = (Decline,)

    def candidates(self, g: Pitfall, s: PitfallState):
        return (DECLINE,)

    def verdict(self, g: Pitfall, s: PitfallState, a: Decline) -> Refusal | None:
        return None

    def legal(self, g: Pitfall, s: PitfallState):
        """The one candidate, which the verdict always allows."""
        return [DECLINE]


class ClimbRule(Rule):
    """PH-4-CLIMB, PH-4-LADDER: climb up to the pit trap above, or stay below."""

    kinds = (Climb, Stay)

    def candidates(self, g: Pitfall, s: PitfallState):
        return (CLIMB, STAY)

    def verdict(self, g: Pitfall, s: PitfallState, a: Climb | Stay) -> Refusal | None:
        return None

    def legal(self, g: Pitfall, s: PitfallState):
        """Both candidates, which the verdict always allows."""
        return [CLIMB, STAY]


class GiveRule(Rule):
    """PH-5-GIVE: the duplicate token to an opponent who lacks that kind."""

    kinds = (Give,)

    def candidates(self, g: Pitfall, s: PitfallState):
        return GIVES[: len(s.positions)]

    def verdict(self, g: Pitfall, s: PitfallState, a: Give) -> Refusal | None:
        seat = a.seat
        if (
            type(seat) is int
            and 0 <= seat < len(s.treasure)
            and seat != s.to_move
            and not s.treasure[seat][s.token]
        ):
            return None
        return Refusal(
            "PH-5-GIVE",
            f"player {seat} cannot take it: give the "
            "token to an opponent who lacks that kind",
        )


class RolledRule(Rule):
    """PH-T-ROLLED: once rolled, no exchange and no second roll (lists nothing)."""

    kinds = (Roll, Discard, Swap)

    def candidates(self, g: Pitfall, s: PitfallState):
        return ()

    def legal(self, g: Pitfall, s: PitfallState):
        """No candidates, so nothing."""
        return []

    def verdict(self, g: Pitfall, s: PitfallState, a: object) -> Refusal | None:
        return Refusal(
            "PH-T-ROLLED",
            f"player {s.to_move} has rolled and must move: no exchange or second "
            "roll now",
        )


_ROLLED = RolledRule()
DECISIONS: dict[str, tuple[Rule, ...]] = {
    "start": (StartRule(),),
    "scorpion": (PlaceScorpionRule(),),
    "direction": (DirectionRule(), _ROLLED),
    "obstacle": (CardRule(), DeclineRule(), _ROLLED),
    "climb": (ClimbRule(), _ROLLED),
    "give": (GiveRule(), _ROLLED),
    "over": (),
}
"""phase -> the rules of its decision, in the order their actions are listed."""


# -- the exchanges of a turn's start: the table and the game's memo -------------------
MAX_SEATS = 4
"""The most seats a game has (PH-S-PLAYERS)."""


class ExchangeActions:
    """Every exchange action of a game, made once: for each choice of four, a
    ``Discard`` and a ``Swap`` with each of the four seats a game may have.

    Attributes:
        discard: choice of four -> its ``Discard`` (read-only).
        swap: per seat, choice of four -> the ``Swap`` with that seat (read-only).
    """

    __slots__ = ("discard", "swap")

    def __init__(self) -> None:
        self.discard = MappingProxyType({f: Discard(f) for f in FOURS})
        self.swap = tuple(
            MappingProxyType({f: Swap(seat, f) for f in FOURS})
            for seat in range(MAX_SEATS)
        )


class Exchanges:
    """Exchange choices per hand, remembered for at most ``limit`` hands.

    Args:
        limit: the most hands kept; 0 keeps nothing.
    """

    __slots__ = ("limit", "actions", "_hands", "_last", "_last_entry")

    def __init__(self, limit: int = 20_000) -> None:
        self.limit = limit
        self.actions = ExchangeActions()
        self._hands: dict[tuple[int, ...], tuple] = {}
        self._last: tuple[int, ...] | None = None
        self._last_entry: tuple = ()

    def __len__(self) -> int:
        return len(self._hands)

    def _entry(self, hand: tuple[int, ...]) -> tuple:
        """(choices of four, their set, {(mover, seats, key): start}) for ``hand``."""
        if hand is self._last:
            return self._last_entry
        entry = self._hands.get(hand)
        if entry is None:
            fours = four_cards(hand)
            entry = (fours, frozenset(fours), {})
            if self.limit:
                if len(self._hands) >= self.limit:
                    self._hands.clear()
                self._hands[hand] = entry
        self._last, self._last_entry = hand, entry
        return entry

    def four_set(self, hand: tuple[int, ...]) -> frozenset:
        """The choices of four cards of ``hand`` (sorted index tuples), as a set."""
        if hand is self._last:
            return self._last_entry[1]
        return self._entry(hand)[1]

    def discards(self, hand: tuple[int, ...]) -> list[Discard]:
        """A ``Discard`` for each choice of four, in a stable order."""
        discard = self.actions.discard
        return [discard[f] for f in self._entry(hand)[0]]

    def swaps(self, hand: tuple[int, ...], seat: int) -> list[Swap]:
        """A ``Swap`` with ``seat`` for each choice of four, in a stable order."""
        swap = self.actions.swap[seat]
        return [swap[f] for f in self._entry(hand)[0]]

    def start(
        self, hand: tuple[int, ...], me: int, seats: int, key: object, head: tuple
    ) -> tuple:
        """The actions of a turn's start: ``head`` (the actions before any
        exchange, the same for every call with ``key``), then every exchange ``me``
        may make with ``hand`` at a table of ``seats``: the discards, then the swaps
        with each opponent in seat order (as ``discards`` and ``swaps`` list them)."""
        entry = self._entry(hand)
        found = entry[2].get((me, seats, key))
        if found is None:
            out = list(head)
            out += self.discards(hand)
            for seat in range(seats):
                if seat != me:
                    out += self.swaps(hand, seat)
            found = tuple(out)
            if self.limit:
                entry[2][me, seats, key] = found
        return found


def four_cards(hand: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every distinct choice of 4 cards from a hand vector, as sorted index tuples."""
    out: list[tuple[int, ...]] = []
    _choose(hand, 0, 4, (), out)
    return tuple(out)


def _choose(hand, kind: int, need: int, acc: tuple, out: list) -> None:
    if need == 0:
        out.append(acc)
        return
    for k in range(kind, len(CARDS)):
        if hand[k]:
            _choose(
                hand[:k] + (hand[k] - 1,) + hand[k + 1 :], k, need - 1, acc + (k,), out
            )
