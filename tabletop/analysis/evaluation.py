"""Who is ahead: each seat's winning chance, with its interval and sample count.

``evaluate(match, viewer=...)`` plays the position on from many worlds (see
``tabletop.analysis.playouts``) and counts who wins. From a seat's view the cards
that seat cannot see are dealt afresh for each playout, so the answer uses only what
that seat knows; from the referee's view (``viewer=None``) every playout starts from
the true state and only the dice to come vary. ``Evaluation.basis`` says which.

``method="model"`` asks the game's learned value model instead (``tabletop.
analysis.value``: at once, from the seat's view tensor, no playout), and
``method="both"`` asks both, the playouts' counts beside the model's chances.

``depth=D`` cuts every playout after ``D`` actions (every seat's) and takes the
model's chances from the evaluating seat's view of the state reached instead of
playing on: a cut playout adds each seat's chance to its wins (a fraction), one
that ended before counts as before. Cheaper playouts, the model's error in the
answer; ``docs/analysis.md`` measures both.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tabletop.analysis.playouts import (
    MAX_PLAYOUT,
    Policy,
    play_to_end,
    rollout_policy,
    sample_world,
    split,
)
from tabletop.analysis.rates import Rate
from tabletop.bots.search import advance
from tabletop.core import Game, Match, Rng
from tabletop.core.viewers import as_viewer


@dataclass(frozen=True, slots=True)
class Evaluation:
    """Winning chances of every seat at one position.

    Attributes:
        step: the match step evaluated (-1 for a bare state).
        wins: playouts won by each seat.
        n: the number of playouts.
        seat: the seat whose knowledge was used (``None``: the full state).
        cpu_seconds: CPU time spent.
        complete: False when the computation was cancelled or its CPU budget ran
            out before ``n`` reached the playouts asked for.
        model: the value model's chance for each seat (``None``: not asked).
        method: ``"playouts"``, ``"model"`` or ``"both"``: where
            ``probabilities`` come from (the model's alone for ``"model"``, the
            playouts' otherwise).
        depth: the actions after which a playout was cut and the model's
            chances taken (``None``: played to the end); ``wins`` are then sums
            of chances.
    """

    step: int
    wins: tuple[int, ...]
    n: int
    seat: int | None
    cpu_seconds: float = field(default=0.0, compare=False)
    complete: bool = True
    model: tuple[float, ...] | None = None
    method: str = "playouts"
    depth: int | None = None

    @property
    def no_winner(self) -> int:
        return self.n - sum(self.wins)

    def rate(self, seat: int) -> Rate:
        return Rate(self.wins[seat], self.n)

    @property
    def probabilities(self) -> tuple[float, ...]:
        if self.method == "model" and self.model is not None:
            return self.model
        return tuple(self.rate(s).rate for s in range(len(self.wins)))

    @property
    def intervals(self) -> tuple[tuple[float, float], ...]:
        """The 95% Wilson interval of each seat's chance; a model's answer alone
        has no sampling interval: each is its chance, twice (its measured error
        is in ``docs/analysis.md``)."""
        if self.method == "model" and self.model is not None:
            return tuple((p, p) for p in self.model)
        return tuple(self.rate(s).interval for s in range(len(self.wins)))

    @property
    def basis(self) -> str:
        """Whose knowledge the chances use, in words."""
        return self.basis_naming()

    def basis_naming(self, name: str | None = None) -> str:
        """``basis`` with the seat called ``name`` (default ``seat N``)."""
        if self.method == "model":
            return (
                f"from {name or f'seat {self.seat}'}'s knowledge, by the value model "
                "learned from the heuristic bots' games"
            )
        if self.seat is None:
            return "from the full state (the referee's view); only future dice vary"
        cut = (
            f"; each cut after {self.depth} actions, the value model's chances "
            "taken there"
            if self.depth is not None
            else ""
        )
        return (
            f"from {name or f'seat {self.seat}'}'s knowledge: cards they cannot see "
            "are dealt afresh for each playout" + cut
        )

    def __str__(self) -> str:
        where = f"step {self.step}" if self.step >= 0 else "this position"
        if self.method == "model" and self.model is not None:
            lines = [f"{where}: {self.basis}"]
        else:
            lines = [f"{where}: {self.n} playouts, {self.basis}"]
            lines += [f"  seat {s}: {self._said(s)}" for s in range(len(self.wins))]
        if self.model is not None:
            lines += [f"  seat {s}: {p:6.1%} (model)" for s, p in enumerate(self.model)]
        if not self.complete:
            lines.append("  (stopped early: budget or cancelled)")
        return "\n".join(lines)

    def _said(self, seat: int) -> str:
        """A seat's chance, interval and count (a cut playout's share to 0.1)."""
        if self.depth is None:
            return str(self.rate(seat))
        chance, (low, high) = self.probabilities[seat], self.intervals[seat]
        return f"{chance:6.1%} [{low:.1%}, {high:.1%}] ({self.wins[seat]:.1f}/{self.n})"


def evaluate(
    match: Any,
    viewer: Any = None,
    budget: int = 200,
    *,
    cpu_seconds: float | None = None,
    seed: int = 0,
    game: Game | None = None,
    cancel: threading.Event | None = None,
    progress: Callable[[Evaluation], None] | None = None,
    every: int = 25,
    method: str = "playouts",
    model: Any = None,
    depth: int | None = None,
) -> Evaluation:
    """Each seat's chance to win from the match's current step, by playouts, by
    the game's value model, or both.

    Args:
        match: a Match (its cursor is the position), or a state with ``game=``.
        viewer: a seat (its knowledge; hidden cards resampled), ``None`` or
            ``"referee"`` (the full state). A public view knows no hand and is
            refused.
        budget: the number of playouts.
        cpu_seconds: stop when this thread has spent this much CPU time.
        seed: the playouts' base seed (same seed, same answer, when not cut short).
        game: the rules, when ``match`` is a bare state.
        cancel: stop as soon as this event is set (the result says incomplete).
        progress: called with the evaluation so far every ``every`` playouts.
        method: ``"playouts"``, ``"model"`` or ``"both"``.
        model: the value model (``None``: ``value_model(game)``, loaded once, if
            asked).
        depth: cut each playout after this many actions and take the model's
            chances from the seat's view (a seat's knowledge only).

    Returns:
        The counts, with Wilson intervals (``Evaluation.intervals``).
    """
    if isinstance(match, Match):
        game, state, step = match.game, match.state, match.cursor
    elif game is None:
        raise TypeError("evaluate needs game= when given a bare state")
    else:
        state, step = match, -1
    seat = knowledge_seat(viewer)
    if method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(METHODS)}, not {method!r}")
    chances = None
    if method != "playouts" or depth is not None:
        if model is None and seat is not None:
            from tabletop.analysis.value import value_model

            model = value_model(game)
    if method != "playouts":
        chances, clock = model_chances(game, state, seat, model)
        if method == "model":
            zero = (0,) * game.players
            return Evaluation(step, zero, 0, seat, clock, True, chances, method)
    if depth is not None and seat is None:
        raise ValueError("playouts cut by the value model need a seat's view")
    policy = rollout_policy(game)
    rng = Rng.from_seed(seed)
    wins: list[float] = [0] * game.players
    start = time.thread_time()
    n, complete = 0, True

    def so_far(done: bool) -> Evaluation:
        return Evaluation(
            step, tuple(wins), n, seat, _spent(start), done, chances, method, depth
        )

    while n < budget:
        if _stop(cancel, cpu_seconds, start):
            complete = False
            break
        world_rng, rng = split(rng)
        dice, rng = split(rng)
        world = sample_world(game, state, seat, world_rng)
        if depth is None:
            winner = play_to_end(game, world, policy, dice, MAX_PLAYOUT)
            if winner is not None:
                wins[winner] += 1
        else:
            for s, share in enumerate(
                play_to_depth(game, world, policy, dice, depth, model, seat)
            ):
                wins[s] += share
        n += 1
        if progress is not None and n % every == 0 and n < budget:
            progress(so_far(False))
    return so_far(complete)


METHODS = ("playouts", "model", "both")


def play_to_depth(
    game: Game, state: Any, policy: Policy, rng: Rng, depth: int, model: Any, seat: int
) -> tuple[float, ...]:
    """Each seat's result of a playout cut after ``depth`` actions: 1 for the
    winner of a game that ended before, else the model's chances from ``seat``'s
    view of the state reached."""
    applied = 0
    while applied < depth and game.outcome(state) is None:
        state, rng, steps = advance(game, state, policy, rng, depth - applied)
        applied += steps
    outcome = game.outcome(state)
    if outcome is not None:
        return tuple(float(s == outcome.winner) for s in range(game.players))
    return model.chances(state, seat)


def model_chances(
    game: Game, state: Any, seat: int | None, model: Any = None
) -> tuple[tuple[float, ...], float]:
    """The value model's chances from ``seat``'s view, and the CPU seconds."""
    if seat is None:
        raise ValueError(
            "the value model answers from a seat's knowledge: evaluate from a seat's "
            "view, or by playouts from the referee's"
        )
    start = time.thread_time()
    if model is None:
        from tabletop.analysis.value import value_model

        model = value_model(game)
    return model.chances(state, seat), _spent(start)


def knowledge_seat(viewer: Any) -> int | None:
    """The seat whose knowledge a viewer stands for (``None``: everything)."""
    view = as_viewer(viewer)
    if view.seat is not None:
        return view.seat
    if view.is_referee:
        return None
    raise ValueError(
        "a spectator sees no hand, so its chances are undefined: evaluate from a "
        "seat's view or the referee's"
    )


def advantage_timeline(
    match: Match, viewer: Any = None, budget: int = 100, *, every: int = 1, **kw: Any
) -> list[Evaluation]:
    """Evaluations at every ``every``-th step (and the last); the cursor is kept."""
    steps = list(range(0, len(match) + 1, max(1, every)))
    if steps[-1] != len(match):
        steps.append(len(match))
    cursor, timeline = match.cursor, []
    try:
        for step in steps:
            match.goto(step)
            timeline.append(evaluate(match, viewer, budget, **kw))
    finally:
        match.goto(cursor)
    return timeline


def _stop(cancel: threading.Event | None, cpu: float | None, start: float) -> bool:
    if cancel is not None and cancel.is_set():
        return True
    return cpu is not None and time.thread_time() - start >= cpu


def _spent(start: float) -> float:
    return time.thread_time() - start
