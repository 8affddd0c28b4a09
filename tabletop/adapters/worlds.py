"""Worlds a seat cannot tell from the real one, sampled along its whole history.

A game's ``determinize(view, seat, rng)`` deals again what the seat's *current*
view hides; that forgets what the seat learnt earlier and no longer sees (which card
was taken from its hand and by whom). ``sample_world`` instead plays the real
history again in a second world: every player decision is the real one, every chance
outcome is drawn afresh, and after each action is resolved the world must agree with
the seat's observation there (the same seat to move, the same view for the seat,
the same lines in its log); a resolution that disagrees is drawn again (a single
chance node of ``n`` outcomes tries them all, in random order, before giving up).

Where no outcome agrees, because the world's hidden cards are already wrong (a
deck's order was fixed by an earlier shuffle and the seat now draws from it), or a
real decision is not legal in the world (the other seat plays a card the world did
not give it), the world is dealt again from the seat's view at that point
(``determinize``), and the replay goes on from there (after the decision, if no
deal tried allows it). Knowledge the seat holds
beyond its view survives from the last such re-deal on; the re-deals are counted
(``World.redeals``), so a caller can see how exact a world is (in random play they
are frequent: every card the seat draws must match a deck order fixed at the last
shuffle).

The world keeps its own event trail (the seat's lines are the real ones; other
seats' secrets are the world's own, or removed where the world was dealt again), so
nothing of another seat's real secrets reaches the world.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tabletop.adapters.chance import ChanceGame, Position, Trail, told_to
from tabletop.core import IllegalActionError, Rng

TRIES = 24
"""Fresh draws of one resolution (beyond one node's outcomes) before a re-deal."""


@dataclass(frozen=True, slots=True)
class World:
    """A sampled world: its position and how many times it was dealt again."""

    position: Position
    redeals: int


def truth_positions(
    chance: ChanceGame, history: list[tuple[bool, Any]]
) -> list[tuple[int, Position]]:
    """The real game's positions at each decision and at the end, each with the
    index of the history entry that follows it. ``history`` holds ``(is_chance,
    outcome or action object)`` entries from the root."""
    pos = chance.initial()
    out = []
    for i, (is_chance, what) in enumerate(history):
        if not is_chance:
            out.append((i, pos))
            pos = chance.act(pos, what)
        else:
            pos = chance.choose(pos, what)
    out.append((len(history), pos))
    return out


def sample_world(
    chance: ChanceGame,
    truth: list[tuple[int, Position]],
    history: list[tuple[bool, Any]],
    seat: int,
    rng: random.Random,
) -> World:
    """A world that agrees with everything ``seat`` observed along ``truth`` (see
    the module docstring); ``truth`` as ``truth_positions`` gives it."""
    world: Position | None = chance.initial()
    redeals = 0
    for i, real in truth:
        if world is None:  # no world allowed the last real decision
            world = _redeal(chance, seen_trail(real.trail, seat), real, seat, rng)
            redeals += 1
        else:
            world, again = _settle(chance, world, real, seat, rng)
            redeals += again
        if i == len(history):
            break
        action = history[i][1]
        try:
            world = chance.act(world, action)
        except IllegalActionError:
            world = _legal_redeal(chance, real, action, seat, rng)
            redeals += 1
    assert world is not None
    return World(world, redeals)


def _settle(
    chance: ChanceGame, before: Position, real: Position, seat: int, rng: random.Random
) -> tuple[Position, int]:
    """The world's chance nodes from ``before`` drawn until it agrees with
    ``real`` (a decision or the end); (position, 1 if it had to be dealt again)."""
    game = chance.game
    pos = before
    if before.need:
        order = list(range(before.need))
        rng.shuffle(order)
        for attempt in range(max(TRIES, len(order))):
            pos = chance.choose(before, order[attempt % len(order)])
            while pos.need:
                pos = chance.choose(pos, rng.randrange(pos.need))
            if _agrees(game, pos, real, seat):
                return pos, 0
    elif _agrees(game, pos, real, seat):
        return pos, 0
    same = told_to(pos.trail, seat).digest == told_to(real.trail, seat).digest
    trail = pos.trail if same else seen_trail(real.trail, seat)
    return _redeal(chance, trail, real, seat, rng), 1


def _agrees(game: Any, world: Position, real: Position, seat: int) -> bool:
    """Whether ``seat`` sees the same at both positions (both decisions or ends)."""
    if world.mover != real.mover or world.ended != real.ended:
        return False
    if told_to(world.trail, seat).digest != told_to(real.trail, seat).digest:
        return False
    if world.state is None or real.state is None:
        return world.state is real.state
    return game.view(world.state, seat) == game.view(real.state, seat)


def _redeal(
    chance: ChanceGame,
    trail: Trail | None,
    real: Position,
    seat: int,
    rng: random.Random,
) -> Position:
    """``real`` dealt again from ``seat``'s view (``determinize``), with ``trail``
    (one the seat reads as the real one)."""
    game = chance.game
    state = game.determinize(
        game.view(real.state, seat), seat, Rng.from_seed(rng.getrandbits(63))
    )
    at = Position(state, None, (), 0, real.decisions, trail)
    return chance.with_state(at, state, tuple(game.forced_rolls(real.state)))


def _legal_redeal(
    chance: ChanceGame, real: Position, action: Any, seat: int, rng: random.Random
) -> Position | None:
    """The world after ``action``, dealt again before it from ``seat``'s view until
    the action is legal there; ``None`` when no deal tried allows it."""
    trail = seen_trail(real.trail, seat)
    for _ in range(TRIES):
        before = _redeal(chance, trail, real, seat, rng)
        if chance.game.check(before.state, action) is None:
            return chance.act(before, action)
    return None


def seen_trail(trail: Trail | None, seat: int) -> Trail | None:
    """``trail`` as ``seat`` may read it: every secret it may not read removed
    (``Event.for_viewer``), so the seat's lines stay the same (kept along the
    trail: ``Trail.as_read_by``)."""
    return None if trail is None else trail.as_read_by(seat)
