"""What a viewer may see of a Pitfall state, and worlds sampled back from it.

``view`` hides every hand the viewer may not see (its cards become a count in the
``HIDDEN_SLOT``), the deck order and the facedown tokens behind ``HIDDEN`` markers,
and blanks the generator (its position and any forced rolls: a seat must not see the
dice to come). ``determinize`` deals the unseen cards and tokens back at random;
``reseed`` and ``forced_rolls`` let simulations give sampled worlds fresh dice while
keeping the rolls an experiment forced.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from tabletop.core import HIDDEN, Rng
from tabletop.core.viewers import as_viewer
from tabletop.games.pitfall.cards import CARDS, HIDDEN_SLOT
from tabletop.games.pitfall.state import PitfallState

if TYPE_CHECKING:
    from tabletop.games.pitfall.rules import Pitfall


def view(state: PitfallState, viewer: object) -> PitfallState:
    """What ``viewer`` (a seat, None for the referee, ``"public"`` or a Viewer) may
    see: the hands it may not see become hidden counts, the deck order and the
    facedown tokens are ``HIDDEN``, the generator is blank (``Rng(0)``)."""
    v = as_viewer(viewer)
    if v.is_referee:
        return state
    hands = tuple(
        h if v.sees(seat) else (0,) * HIDDEN_SLOT + (sum(h),)
        for seat, h in enumerate(state.hands)
    )
    return replace(
        state,
        hands=hands,
        deck=(HIDDEN,) * len(state.deck),
        facedown=(HIDDEN,) * len(state.facedown),
        rng=Rng(0),
    )


def determinize(g: Pitfall, v: PitfallState, seat: int, rng: Rng) -> PitfallState:
    """A full state consistent with the view ``v``: hidden cards dealt from the
    unseen ones with ``rng``, which also becomes the state's generator."""
    unseen = list(g.board.deck)
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
    deck = tuple(c if c != HIDDEN else pool.pop() for c in v.deck)
    return replace(
        v,
        hands=tuple(hands),
        deck=deck,
        facedown=_unseen_tokens(g, v, rng),
        rng=rng,
    )


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


def reseed(state: PitfallState, rng: Rng) -> PitfallState:
    """``state`` with ``rng`` as its generator."""
    return replace(state, rng=rng)


def forced_rolls(state: PitfallState) -> tuple[int, ...]:
    """The die results queued by ``force_roll``, in order."""
    return tuple(state.rng.forced)
