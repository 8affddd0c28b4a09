"""What a viewer may see of a Pitfall state, and worlds sampled back from it.

``view`` hides every hand the viewer may not see (its cards become a count in the
``HIDDEN_SLOT``), the deck order and the facedown tokens behind ``HIDDEN`` markers,
and blanks the generator (its position and any forced rolls: a seat must not see the
dice to come). ``determinize`` deals the unseen cards and tokens back at random;
``reseed`` and ``forced_rolls`` let simulations give sampled worlds fresh dice while
keeping the rolls an experiment forced.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core import HIDDEN, Rng
from tabletop.core.viewers import as_viewer
from tabletop.games.pitfall.cards import CARDS, HIDDEN_SLOT
from tabletop.games.pitfall.state import PitfallState, new_state

if TYPE_CHECKING:
    from tabletop.games.pitfall.rules import Pitfall


_BLANK = Rng(0)
"""The blank generator a view holds (a value, like any ``Rng``)."""


def view(s: PitfallState, viewer: object) -> PitfallState:
    """What ``viewer`` (a seat, None for the referee, ``"public"`` or a Viewer) may
    see: the hands it may not see become hidden counts, the deck order and the
    facedown tokens are ``HIDDEN``, the generator is blank (``Rng(0)``)."""
    v = as_viewer(viewer)
    if v.is_referee:
        return s
    sees = v.sees
    hands = tuple(
        [
            h if sees(seat) else (0,) * HIDDEN_SLOT + (sum(h),)
            for seat, h in enumerate(s.hands)
        ]
    )
    return _with_hidden(
        s,
        hands,
        (HIDDEN,) * len(s.deck),
        (HIDDEN,) * len(s.facedown),
        _BLANK,
    )


def _with_hidden(
    s: PitfallState, hands: tuple, deck: tuple, facedown: tuple, rng: Rng
) -> PitfallState:
    """``s`` with its hidden parts (hands, deck, facedown tokens, generator) given;
    ``dataclasses.replace`` does the same, more slowly (views are made at every
    decision of a bot); ``new_state`` sets the slots directly, as ``Work.freeze``
    does."""
    return new_state(
        s.phase,
        s.to_move,
        s.turn,
        s.positions,
        hands,
        deck,
        s.discards,
        s.treasure,
        facedown,
        s.diamond,
        s.scorpion,
        s.scorpion_played,
        s.roll,
        s.direction,
        s.remaining,
        s.target,
        s.no_climb,
        s.token,
        rng,
        s.first_rolls,
    )


def determinize(game: Pitfall, v: PitfallState, seat: int, rng: Rng) -> PitfallState:
    """A full state consistent with the view ``v``: hidden cards dealt from the
    unseen ones with ``rng``, which also becomes the state's generator."""
    unseen = list(game.board.deck)
    for pile in (v.discards, v.deck):
        for c in pile:
            if c != HIDDEN:
                unseen[c] -= 1
    for hand in v.hands:
        for k in range(len(CARDS)):
            unseen[k] -= hand[k]
    pool, rng = rng.shuffle([k for k, n in enumerate(unseen) for _ in range(n)])
    pool = list(pool)
    hands = []
    for hand in v.hands:
        full = list(hand)
        for _ in range(hand[HIDDEN_SLOT]):
            full[pool.pop()] += 1
        full[HIDDEN_SLOT] = 0
        hands.append(tuple(full))
    deck = tuple([c if c != HIDDEN else pool.pop() for c in v.deck])
    return _with_hidden(v, tuple(hands), deck, _unseen_tokens(game, v, rng), rng)


def _unseen_tokens(g: Pitfall, v: PitfallState, rng: Rng) -> tuple[int, ...]:
    """The facedown pile, its hidden tokens sampled from the unseen ones."""
    left = list(g.board.tokens)
    for held in v.treasure:
        for k, n in enumerate(held):
            left[k] -= n
    if v.token >= 0:
        left[v.token] -= 1
    for k in v.facedown:
        if k != HIDDEN:
            left[k] -= 1
    pool, _ = rng.shuffle([k for k, n in enumerate(left) for _ in range(n)])
    pool = list(pool)
    return tuple(k if k != HIDDEN else pool.pop() for k in v.facedown)


def reseed(s: PitfallState, rng: Rng) -> PitfallState:
    """``s`` with ``rng`` as its generator."""
    return _with_hidden(s, s.hands, s.deck, s.facedown, rng)


def forced_rolls(s: PitfallState) -> tuple[int, ...]:
    """The die results queued by ``force_roll``, in order."""
    return tuple(s.rng.forced)
