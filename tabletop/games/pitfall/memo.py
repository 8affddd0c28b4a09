"""The one memo a ``Pitfall`` game owns, and the exchange actions it lists.

A turn may exchange any four cards of the hand (PH-2B-DISCARD, PH-2B-SWAP), so the
start of every turn lists up to 35 choices of four, each as a discard and as a swap
with every opponent.

``ExchangeActions`` is not a memo but a table: every exchange action a game can ever
list (a ``Discard`` for each of the 210 sorted choices of four card kinds, a
``Swap`` for each choice and seat), made once when the game object is made and never
changed. A turn's start then picks its candidates from it instead of making new
action objects for every new hand.

``Exchanges`` keeps, per hand vector, its choices of four, their set (for the
verdicts' membership test) and its candidates; and ``legal``: the legal actions of a
turn's start, under what their verdicts read (the hand, the seat to move, the number
of seats, whether a Scorpion card was played).
It is derived data only: it never changes what the game answers, only how fast. It is
bounded (emptied when it holds ``limit`` hands) and belongs to one game object, so
nothing is kept at module level. The engine benchmark measured what it buys (see
``docs/rules-pitfall.md``).
"""

from __future__ import annotations

from types import MappingProxyType

from tabletop.games.pitfall.actions import Discard, Swap
from tabletop.games.pitfall.cards import CARDS, FOURS


class ExchangeActions:
    """Every exchange action of a game with ``players`` seats, made once.

    Attributes:
        discard: choice of four -> its ``Discard`` (read-only).
        swap: per seat, choice of four -> the ``Swap`` with that seat (read-only).
    """

    __slots__ = ("discard", "swap")

    def __init__(self, players: int) -> None:
        self.discard = MappingProxyType({f: Discard(f) for f in FOURS})
        self.swap = tuple(
            MappingProxyType({f: Swap(seat, f) for f in FOURS})
            for seat in range(players)
        )


class Exchanges:
    """Exchange choices per hand, remembered for at most ``limit`` hands.

    Args:
        players: the game's number of seats (the seats a swap may name).
        limit: the most hands (and, apart, turn starts) kept; 0 keeps nothing.
    """

    __slots__ = ("limit", "legal", "actions", "_hands", "_last", "_last_entry")

    def __init__(self, players: int = 4, limit: int = 20_000) -> None:
        self.limit = limit
        self.actions = ExchangeActions(players)
        self.legal: dict[tuple, tuple] = {}
        self._hands: dict[tuple[int, ...], tuple] = {}
        self._last: tuple[int, ...] | None = None
        self._last_entry: tuple = ()

    def __len__(self) -> int:
        return len(self._hands) + len(self.legal)

    def remember(self, key: tuple, actions: tuple) -> tuple:
        """Keep a start's legal actions under ``key`` (bounded); return them."""
        if self.limit:
            if len(self.legal) >= self.limit:
                self.legal.clear()
            self.legal[key] = actions
        return actions

    def _new_entry(self, hand: tuple[int, ...]) -> tuple:
        """(choices of four, their set, discards, {seat: swaps}) for ``hand``."""
        fours = four_cards(hand)
        discard = self.actions.discard
        return fours, frozenset(fours), tuple([discard[f] for f in fours]), {}

    def _entry(self, hand: tuple[int, ...]) -> tuple:
        if not self.limit:
            return self._new_entry(hand)
        if hand is self._last:
            return self._last_entry
        entry = self._hands.get(hand)
        if entry is None:
            entry = self._new_entry(hand)
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

    def discards(self, hand: tuple[int, ...]) -> tuple[Discard, ...]:
        """A ``Discard`` for each choice of four, in a stable order."""
        return self._entry(hand)[2]

    def swaps(self, hand: tuple[int, ...], seat: int) -> tuple[Swap, ...]:
        """A ``Swap`` with ``seat`` for each choice of four, in a stable order."""
        entry = self._entry(hand)
        found = entry[3].get(seat)
        if found is None:
            swap = self.actions.swap[seat]
            found = entry[3][seat] = tuple([swap[f] for f in entry[0]])
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
