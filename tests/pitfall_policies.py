"""Seeded random policies for Pitfall test playouts (not bots: test drivers).

``by_kind`` picks a kind of action uniformly, then one of that kind, so rolls and
moves are as likely as the many possible exchanges. ``eager`` leans forward (roll, go
clockwise, play cards, climb) so that games reach the diamond.
"""

from __future__ import annotations

from tabletop.core import Rng
from tabletop.games.pitfall.actions import Climb, Decline, Direction, Play, Roll


def by_kind(legal, rng: Rng):
    """A random action, uniform over kinds of action first."""
    kinds: dict[str, list] = {}
    for action in legal:
        kinds.setdefault(type(action).__name__, []).append(action)
    names = sorted(kinds)
    i, rng = rng.below(len(names))
    group = kinds[names[i]]
    j, rng = rng.below(len(group))
    return group[j], rng


def eager(legal, rng: Rng):
    """A random action, eight times in ten the forward-leaning one."""
    pick, rng = rng.below(10)
    if pick < 8:
        for action in legal:
            if type(action) in (Roll, Climb) or (
                type(action) is Direction and action.step > 0
            ):
                return action, rng
        if type(legal[0]) is Play and type(legal[-1]) is Decline:
            i, rng = rng.below(len(legal) - 1)
            return legal[i], rng
    i, rng = rng.below(len(legal))
    return legal[i], rng
