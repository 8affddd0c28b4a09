"""A small seeded random generator that lives inside a game state.

The generator is a frozen value (SplitMix64), so a state that holds it can be saved,
copied, inspected and resumed: the same seed and the same calls give the same numbers
on every machine and Python version. Die rolls may be forced for experiments.
"""

from __future__ import annotations

import hashlib
import os
import secrets
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")

WAIT_FOR_OUTCOMES: ContextVar[Callable[[int, tuple[int, ...]], tuple[int, ...]] | None]
WAIT_FOR_OUTCOMES = ContextVar("WAIT_FOR_OUTCOMES", default=None)
"""Set by a game-tree adapter that can hold a resolution until a draw's outcomes
are chosen (``tabletop.adapters.chance``, in a context of its own): a
``ChanceRng`` with nothing queued calls it with ``(n, ahead)``, as it would raise
``ChanceNeeded(n, ahead)``, and it returns the ``1 + len(ahead)`` outcomes, which
are then drawn as if they had been queued. Unset (everywhere else), such a draw
raises ``ChanceNeeded``."""

#: Fresh seeds are drawn below this: nine digits at most, short enough to read
#: out and type again to replay a deal.
FRESH_SEEDS = 10**9


SEED_VARIABLE = "TABLETOP_SEED"
"""The environment variable that pins the seed of a table made without one
(``TABLETOP_SEED=5``): tests that run the play notebooks set it so that their
checked outputs stay the same; players never need it."""


def fresh_seed(*, pinned: bool = True) -> int:
    """A seed for a fresh deal, drawn from the operating system's randomness
    (``secrets``): every table made without a seed deals a game of its own, and
    the seed, kept on the match and in its save, replays it exactly.

    With ``pinned`` (a table being made) the environment variable
    ``TABLETOP_SEED``, when set to an integer, is the seed instead; ``pinned=False``
    (a *New game* on a table) always draws a fresh one.

    Raises:
        ValueError: ``TABLETOP_SEED`` is set but is not an integer.
    """
    if pinned:
        value = os.environ.get(SEED_VARIABLE, "").strip()
        if value:
            try:
                return int(value)
            except ValueError:
                raise ValueError(
                    f"{SEED_VARIABLE} must be an integer seed, not {value!r}"
                ) from None
    return secrets.randbelow(FRESH_SEEDS)


_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


@dataclass(frozen=True, slots=True)
class Rng:
    """Immutable random generator: every draw returns the value and the next Rng.

    Attributes:
        counter: the SplitMix64 position (an unsigned 64-bit int).
        forced: die results to use, in order, before drawing again (experiments).
    """

    counter: int
    forced: tuple[int, ...] = ()

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """A generator for an integer seed (any int; it is reduced to 64 bits)."""
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, not {type(seed).__name__}")
        return cls(_mix(seed & _MASK))

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform int in ``range(n)`` (n >= 1) and the next generator."""
        counter = (self.counter + _GOLDEN) & _MASK
        # _mix(counter), written out: this is the most frequent call of play
        z = ((counter ^ (counter >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return (z ^ (z >> 31)) % n, Rng(counter, self.forced)

    def roll(self, sides: int = 6) -> tuple[int, Rng]:
        """A die roll 1..sides, taking a forced value first if one is queued."""
        forced = self.forced
        if forced:
            return forced[0], Rng(self.counter, forced[1:])
        counter = (self.counter + _GOLDEN) & _MASK  # as ``below(sides)``, written out
        z = ((counter ^ (counter >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return (z ^ (z >> 31)) % sides + 1, Rng(counter, forced)

    def shuffle(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """A shuffled copy of ``items`` (Fisher-Yates) and the next generator."""
        out = list(items)
        counter = self.counter
        for i in range(len(out) - 1, 0, -1):
            counter = (counter + _GOLDEN) & _MASK
            z = ((counter ^ (counter >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = (z ^ (z >> 31)) % (i + 1)  # _mix(counter), written out
            out[i], out[j] = out[j], out[i]
        return tuple(out), Rng(counter, self.forced)

    def force(self, *values: int, sides: int = 6) -> Rng:
        """This generator with die results queued to come out next, in order."""
        for v in values:
            if not isinstance(v, int) or not 1 <= v <= sides:
                raise ValueError(f"a forced die roll must be 1..{sides}, not {v!r}")
        return Rng(self.counter, self.forced + tuple(values))

    def to_json(self) -> dict[str, Any]:
        return {"counter": self.counter, "forced": list(self.forced)}

    @classmethod
    def from_json(cls, data: object) -> Rng:
        if not isinstance(data, dict) or set(data) != {"counter", "forced"}:
            raise ValueError("rng must be an object with 'counter' and 'forced'")
        counter, forced = data["counter"], data["forced"]
        if not isinstance(counter, int) or not 0 <= counter <= _MASK:
            raise ValueError("rng.counter must be an unsigned 64-bit int")
        if not isinstance(forced, list) or not all(
            isinstance(v, int) and 1 <= v <= 12 for v in forced
        ):
            raise ValueError("rng.forced must be a list of die values")
        return cls(counter, tuple(forced))


class ChanceNeeded(Exception):  # noqa: N818 - a signal, not an error
    """Raised by a ``ChanceRng`` whose queue is empty: ``n`` outcomes are possible.

    The caller (a game-tree adapter) offers the ``n`` outcomes as a chance node,
    then resolves the same action again with the chosen outcome queued.

    Attributes:
        n: how many outcomes the draw has.
        ahead: the sizes of the draws known to come right after this one, with
            nothing decided in between (the rest of a shuffle): a caller may offer
            them as chance nodes too before resolving the action again.
    """

    def __init__(self, n: int, ahead: tuple[int, ...] = ()):
        super().__init__(f"a chance outcome in range({n}) is needed")
        self.n = n
        self.ahead = ahead


@dataclass(frozen=True, slots=True)
class ChanceRng(Rng):
    """A generator in chance mode: every random outcome comes from ``outcomes``.

    Each draw is an explicit, uniform choice among ``n`` outcomes: ``below(n)``
    takes the next queued value (or raises ``ChanceNeeded(n)`` when none is
    queued), a die roll is ``below(sides) + 1`` (forced rolls still come first, as
    with ``Rng``), and a shuffle is Fisher-Yates made of successive ``below(i + 1)``
    draws for ``i = len - 1 .. 1``. A draw with a single possible outcome
    (``below(1)``) takes nothing from the queue. Every generator it returns is in
    chance mode too, so a state that holds one stays in chance mode.

    Attributes:
        outcomes: the queued outcomes, next first.
    """

    outcomes: tuple[int, ...] = ()

    def below(self, n: int) -> tuple[int, Rng]:
        if n <= 1:
            if n < 1:
                raise ValueError(f"below needs n >= 1, not {n}")
            return 0, self
        outcomes = self.outcomes or _awaited(n, ())
        value = outcomes[0]
        if not 0 <= value < n:
            raise ValueError(f"queued chance outcome {value} is not in range({n})")
        return value, ChanceRng(self.counter, self.forced, outcomes[1:])

    def roll(self, sides: int = 6) -> tuple[int, Rng]:
        if self.forced:
            return self.forced[0], ChanceRng(
                self.counter, self.forced[1:], self.outcomes
            )
        value, nxt = self.below(sides)
        return value + 1, nxt

    def shuffle(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        # Successive below(i + 1) draws, written out (a shuffle is most of the
        # chance nodes of a game): queued outcomes first, then, when they run
        # out, the rest of the shuffle at once (one below(k) for k = i .. 2).
        out = list(items)
        queue, k = self.outcomes, 0
        for i in range(len(out) - 1, 0, -1):
            if k == len(queue):
                queue, k = _awaited(i + 1, tuple(range(i, 1, -1))), 0
            j = queue[k]
            k += 1
            if not 0 <= j <= i:
                raise ValueError(f"queued chance outcome {j} is not in range({i + 1})")
            out[i], out[j] = out[j], out[i]
        return tuple(out), ChanceRng(self.counter, self.forced, queue[k:])

    def force(self, *values: int, sides: int = 6) -> Rng:
        forced = Rng.force(self, *values, sides=sides).forced
        return ChanceRng(self.counter, forced, self.outcomes)

    def queue(self, *outcomes: int) -> ChanceRng:
        """This generator with ``outcomes`` queued after those already queued."""
        return ChanceRng(self.counter, self.forced, self.outcomes + tuple(outcomes))


def _awaited(n: int, ahead: tuple[int, ...]) -> tuple[int, ...]:
    """The outcomes of a draw of ``n`` (and of the ``ahead`` draws known to follow)
    when none is queued: from the waiting hook (``WAIT_FOR_OUTCOMES``), else
    ``ChanceNeeded(n, ahead)``."""
    wait = WAIT_FOR_OUTCOMES.get()
    if wait is None:
        raise ChanceNeeded(n, ahead)
    return tuple(wait(n, ahead))


def derive_seed(base: int, index: int, role: str) -> int:
    """A 63-bit seed for one game and one role, from the base seed and index only."""
    digest = hashlib.blake2b(f"{base}:{index}:{role}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1
