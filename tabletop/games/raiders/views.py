"""What a viewer may see of a Raiders state, and worlds sampled back from it.

``view`` hides every hand the viewer may not see and the deck order behind
``HIDDEN`` cards, and blanks the generator (its position and any forced rolls: a
seat must not see the dice to come). ``determinize`` deals the unseen cards back at
random; ``reseed`` and ``forced_rolls`` let simulations give sampled worlds fresh
dice while keeping the rolls an experiment forced.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from tabletop.core import HIDDEN, Rng
from tabletop.core.viewers import as_viewer
from tabletop.games.raiders.cards import full_deck
from tabletop.games.raiders.state import RaidersState, new_state

if TYPE_CHECKING:
    from tabletop.games.raiders.rules import Raiders

_BLANK = Rng(0)
"""The blank generator a view holds (a value, like any ``Rng``)."""


def view(s: RaidersState, viewer: object) -> RaidersState:
    """What ``viewer`` (a seat, None for the referee, ``"public"`` or a Viewer) may
    see: hands it may not see and the deck become ``HIDDEN`` cards; the generator
    is blank (RA-S-HIDDEN). The ways open to a move in progress depend on the
    mover's hand (its Passports pay checkpoints, its three key cards win on the
    way, RA-M-OCCUPIED), so only a viewer who sees that hand (or sees that it is
    empty) is shown them."""
    v = as_viewer(viewer)
    if v.is_referee:
        return s
    hands = tuple(h if v.sees(q) else (HIDDEN,) * len(h) for q, h in enumerate(s.hands))
    mover = s.to_move
    ways = s.ways if s.phase != "move" or v.sees(mover) or not s.hands[mover] else ()
    return _with(s, hands, (HIDDEN,) * len(s.deck), _BLANK, ways)


def _with(
    s: RaidersState, hands: tuple, deck: tuple, rng: Rng, ways: tuple
) -> RaidersState:
    """``s`` with these hands, deck, generator and ways, built directly (what
    ``dataclasses.replace`` does, without looking the fields up at every call:
    views are built at every decision of a bot and every step of a search;
    ``new_state`` sets the slots directly)."""
    return new_state(
        s.phase,
        s.to_move,
        s.positions,
        s.prev,
        hands,
        deck,
        s.discards,
        s.ark,
        s.skips,
        s.hostage,
        s.owes,
        s.emptied,
        s.steps,
        s.route,
        s.route_prev,
        ways,
        s.passed,
        s.landed,
        s.winner,
        s.turn,
        rng,
    )


def determinize(game: Raiders, v: RaidersState, seat: int, rng: Rng) -> RaidersState:
    """A full state consistent with the view ``v`` of ``seat``: the unseen cards
    dealt at random to the hidden hands and the deck, ``rng`` the generator."""
    if v.phase == "place" and not v.ark:
        return _with(v, v.hands, v.deck, rng, v.ways)
    unseen = Counter(full_deck(game.board.countries))
    unseen.subtract(v.hands[seat])
    unseen.subtract(v.discards)
    if any(n < 0 for n in unseen.values()):
        raise ValueError("the view shows more cards than the deck holds")
    pool, rng = rng.shuffle(sorted(unseen.elements()))
    hands = []
    at = 0
    for q, hand in enumerate(v.hands):
        if q == seat:
            hands.append(hand)
        else:
            hands.append(tuple(sorted(pool[at : at + len(hand)])))
            at += len(hand)
    deck = tuple(pool[at : at + len(v.deck)])
    if at + len(v.deck) != len(pool):
        raise ValueError("the view's card counts do not add up to 56")
    full = _with(v, tuple(hands), deck, rng, v.ways)
    if v.phase == "move" and seat != v.to_move:
        from tabletop.games.raiders.moves import ways_now

        full = _with(full, full.hands, deck, rng, ways_now(game, full))
    return full


def reseed(s: RaidersState, rng: Rng) -> RaidersState:
    """``s`` with ``rng`` as its generator."""
    return _with(s, s.hands, s.deck, rng, s.ways)


def forced_rolls(s: RaidersState) -> tuple[int, ...]:
    """The die results queued by ``force_roll``, in order."""
    return tuple(s.rng.forced)
