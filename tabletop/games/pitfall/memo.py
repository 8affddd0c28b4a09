"""The one memo a ``Pitfall`` game owns: the exchange choices of a hand.

A turn may exchange any four cards of the hand (PH-2B-DISCARD, PH-2B-SWAP), so the
start of every turn lists up to 35 choices of four, each as a discard and as a swap
with every opponent. ``Exchanges`` keeps, per hand vector, those choices, their set
(for the verdicts' membership test) and the action objects, shared between states;
and ``legal``: the legal actions of a turn's start, under what their verdicts read
(the hand, the seat to move, the number of seats, whether a Scorpion card was
played).
It is derived data only: it never changes what the game answers, only how fast. It is
bounded (emptied when it holds ``limit`` hands) and belongs to one game object, so
nothing is kept at module level. The engine benchmark measured what it buys (see
``docs/rules-pitfall.md``).
"""

from __future__ import annotations

from tabletop.games.pitfall.actions import Discard, Swap
from tabletop.games.pitfall.cards import CARDS


class Exchanges:
    """Exchange choices per hand, remembered for at most ``limit`` hands."""

    __slots__ = ("limit", "legal", "_hands", "_last", "_last_entry")

    def __init__(self, limit: int = 20_000) -> None:
        self.limit = limit
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

    def _entry(self, hand: tuple[int, ...]) -> tuple:
        """(choices of four, their set, discards, {seat: swaps}) for ``hand``."""
        if not self.limit:
            fours = four_cards(hand)
            return fours, frozenset(fours), tuple(Discard(f) for f in fours), {}
        if hand is self._last:
            return self._last_entry
        entry = self._hands.get(hand)
        if entry is None:
            fours = four_cards(hand)
            entry = (fours, frozenset(fours), tuple(Discard(f) for f in fours), {})
            if len(self._hands) >= self.limit:
                self._hands.clear()
            self._hands[hand] = entry
        self._last, self._last_entry = hand, entry
        return entry

    def four_set(self, hand: tuple[int, ...]) -> frozenset:
        """The choices of four cards of ``hand`` (sorted index tuples), as a set."""
        return self._entry(hand)[1]

    def discards(self, hand: tuple[int, ...]) -> tuple[Discard, ...]:
        """A ``Discard`` for each choice of four, in a stable order."""
        return self._entry(hand)[2]

    def swaps(self, hand: tuple[int, ...], seat: int) -> tuple[Swap, ...]:
        """A ``Swap`` with ``seat`` for each choice of four, in a stable order."""
        entry = self._entry(hand)
        found = entry[3].get(seat)
        if found is None:
            found = entry[3][seat] = tuple(Swap(seat, f) for f in entry[0])
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
