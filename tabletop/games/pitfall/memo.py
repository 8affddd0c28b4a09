"""The one memo a ``Pitfall`` game owns, and the exchange actions it lists.

A turn may exchange any four cards of the hand (PH-2B-DISCARD, PH-2B-SWAP), so the
start of every turn lists up to 35 choices of four, each as a discard and as a swap
with every opponent.

``ExchangeActions`` is not a memo but a table: every exchange action a game can ever
list (a ``Discard`` for each of the 210 sorted choices of four card kinds, a
``Swap`` for each choice and seat), made once when the game object is made and never
changed. A turn's start then picks its candidates from it instead of making new
action objects for every new hand.

``Exchanges`` keeps, per hand vector, its choices of four, their set (the verdicts'
membership test) and, per seat to move, number of seats and whether a Scorpion card
may be played, the legal actions of a turn's start with that hand (the exchanges it
may make after the roll and perhaps the Scorpion card).
It is derived data only: it never changes what the game answers, only how fast. It is
bounded (emptied when it holds ``limit`` hands; a hand of 7 or 6 cards of 7 kinds
is one of 2,640, so the bound is never met in play) and belongs to one game object,
so nothing is kept at module level. The engine benchmark measured what it buys (see
``docs/rules-pitfall.md``).
"""

from __future__ import annotations

from types import MappingProxyType

from tabletop.games.pitfall.actions import Discard, Swap
from tabletop.games.pitfall.cards import CARDS, FOURS

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
