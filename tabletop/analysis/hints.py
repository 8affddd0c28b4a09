"""What to play now: a hint for the seat to move, from that seat's information.

Three ways to judge the moves (``method``):

- ``"playouts"`` (the default): the candidates (the heuristic's move and the
  others ranked best one step ahead) are played out in the same sampled worlds as
  in a review (``tabletop.analysis.review``); the hint is the one that won most
  often, with every candidate's count.
- ``"model"``: every legal move is judged at once, with no playout, by the game's
  learned value model (``tabletop.analysis.value``). Each move is applied in
  ``samples`` worlds sampled from the mover's knowledge (``sample_world``: the
  cards the mover cannot see dealt afresh, fresh dice, so a move that rolls or
  draws is resolved by each world's own luck), and the model's chance for the
  mover is read from *the mover's view* of each resulting state, whoever is to
  move there (a finished game counts as its outcome); a move's estimate is the
  mean over the worlds. Ties go to the heuristic's move, then to the rules' order.
- ``"both"``: the model ranks every legal move, then playouts check its top
  ``width`` as above; the hint is the playouts' best, the estimates kept beside.

Nothing hidden from the mover reaches the answer: the worlds are dealt from the
mover's view, the heuristic picks its move and the candidates in such a world,
and the model reads only the mover's view. A game without a value model (or with
weights for other rules) is judged by playouts; ``Hint.note`` says why.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from tabletop.analysis.playouts import sample_world, split
from tabletop.analysis.review import MoveValue, candidates_for, move_values
from tabletop.bots.registry import heuristic_module
from tabletop.core import Game, Match, Rng

METHODS = ("playouts", "model", "both")
MODEL_SAMPLES = 16
"""Worlds the model judges each legal move in (``samples``)."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """One move's chance for the mover by the value model, averaged over worlds."""

    action: Any
    chance: float


@dataclass(frozen=True, slots=True)
class Hint:
    """The move the analysis suggests now, and every candidate's chance.

    Attributes:
        seat: the seat to move.
        best: the suggested move.
        values: the candidates' playout results (empty: no playout).
        worlds: the worlds each candidate was played out in (0: none).
        why: the game's explanation of the move, with its clause.
        estimates: the value model's estimate of every legal move, best first
            (empty: the model was not asked).
        samples: the worlds each estimate averages.
        method: ``"playouts"``, ``"model"`` or ``"both"``: what chose ``best``
            (``"both"``: the model ranked, the playouts chose).
        error: the model's measured mean error per seat, in points (``None``:
            not measured, or no model).
        note: why the hint was judged otherwise than asked (no value model).
    """

    seat: int
    best: Any
    values: tuple[MoveValue, ...]
    worlds: int
    why: str = ""
    estimates: tuple[Estimate, ...] = ()
    samples: int = 0
    method: str = "playouts"
    error: float | None = None
    note: str = ""

    @property
    def estimate(self) -> float | None:
        """The model's estimate of the suggested move (``None``: not asked)."""
        return next((e.chance for e in self.estimates if e.action == self.best), None)

    def __str__(self) -> str:
        if self.method == "model":
            basis = f"estimate from the learned model, {self.samples} worlds"
        else:
            basis = f"{self.worlds} worlds"
        lines = [f"seat {self.seat}: try '{self.best}' ({basis})"]
        lines += [f"  {line}" for line in (self.why, self.note) if line]
        lines += [
            f"  {v.action}: {v.chance:.0%} ({v.wins}/{v.n})"
            for v in sorted(self.values, key=lambda v: -v.wins)
        ]
        lines += [f"  {e.action}: {e.chance:.0%} (model)" for e in self.estimates[:6]]
        return "\n".join(lines)


def hint(
    match: Match,
    budget: int = 48,
    *,
    width: int = 6,
    seed: int = 0,
    method: str = "playouts",
    model: Any = None,
    samples: int = MODEL_SAMPLES,
) -> Hint:
    """The best move for the seat to move, judged from that seat's information.

    Args:
        match: the position is its current step.
        budget: worlds each candidate is played out in (playouts).
        width: the most candidates played out (the model's top ``width`` with
            ``"both"``).
        seed: the base seed (same seed, same hint).
        method: ``"playouts"``, ``"model"`` or ``"both"`` (module docstring).
        model: the value model to ask (``None``: ``value_model(game)``).
        samples: worlds the model judges each legal move in.

    Raises:
        ValueError: the game is over, or an unknown method.
    """
    if method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(METHODS)}, not {method!r}")
    game, state = match.game, match.state
    mover = game.to_move(state)
    if mover is None:
        raise ValueError("the game is over: no move to suggest")
    note = ""
    if method != "playouts" and model is None:
        model, note = value_model(game)
        method = method if model is not None else "playouts"
    rng = Rng.from_seed(seed)
    pick_rng, rng = split(rng)
    world_rng, pick_rng = split(pick_rng)
    # The heuristic's pick and the candidates come from a world the mover cannot
    # tell from the real one: a heuristic may read every hand of the state it gets.
    world = sample_world(game, state, mover, world_rng)
    module = heuristic_module(game)
    legal = list(game.legal_actions(world))
    first = module.policy(game, world, pick_rng)[0] if module is not None else legal[0]
    error = getattr(model, "error_points", None) if model is not None else None
    found = Hint(mover, first, (), 0, method=method, error=error, note=note)
    if len(legal) == 1:
        return _explained(found, match)
    estimates: tuple[Estimate, ...] = ()
    if method == "playouts":
        candidates = candidates_for(game, world, first, width, pick_rng)
    else:
        model_rng, rng = split(rng)
        estimates = rank_by_model(model, state, mover, legal, first, samples, model_rng)
        found = replace(found, estimates=estimates, samples=samples)
        if method == "model":
            return _explained(replace(found, best=estimates[0].action), match)
        candidates = [e.action for e in estimates[: max(width, 1)]]
    scores, sampled = move_values(game, state, mover, candidates, budget, rng)
    worlds = len(sampled)
    values = tuple(
        MoveValue(a, int(sum(s)), worlds)
        for a, s in zip(candidates, scores, strict=True)
    )
    best = max(values, key=lambda v: v.wins).action
    return _explained(replace(found, best=best, values=values, worlds=worlds), match)


def value_model(game: Game) -> tuple[Any, str]:
    """``game``'s value model and ``""``, or ``None`` and why there is none."""
    try:
        from tabletop.analysis import value

        return value.value_model(game), ""
    except (ImportError, ValueError) as exc:  # ValueModelError is a ValueError
        return None, f"judged by playouts: {exc}"


def rank_by_model(
    model: Any,
    state: Any,
    seat: int,
    actions: Sequence[Any],
    first: Any,
    samples: int,
    rng: Rng,
) -> tuple[Estimate, ...]:
    """Every action's estimate (``model_values``), best first; ties go to
    ``first`` (the heuristic's move), then to the order of ``actions``."""
    chances = model_values(model, state, seat, actions, samples, rng)
    order = sorted(
        range(len(actions)),
        key=lambda i: (-chances[i], actions[i] != first, i),
    )
    return tuple(Estimate(actions[i], chances[i]) for i in order)


def model_values(
    model: Any,
    state: Any,
    seat: int,
    actions: Sequence[Any],
    samples: int,
    rng: Rng,
) -> list[float]:
    """Each action's chance for ``seat`` (the seat to move), by the value model,
    averaged over ``samples`` worlds sampled from ``seat``'s knowledge: every
    action applied in the same worlds, each world's dice resolving what it draws,
    and the model asked from ``seat``'s view of the state it makes."""
    game = model.game
    totals = [0.0] * len(actions)
    for _ in range(max(samples, 1)):
        world_rng, rng = split(rng)
        world = sample_world(game, state, seat, world_rng)
        for i, action in enumerate(actions):
            after, _ = game.apply(world, action)
            totals[i] += seat_chance(model, after, seat)
    return [total / max(samples, 1) for total in totals]


def seat_chance(model: Any, state: Any, seat: int) -> float:
    """``seat``'s chance from its own view of ``state``; a finished game's is its
    outcome (1 won, 0 not)."""
    outcome = model.game.outcome(state)
    if outcome is not None:
        return float(outcome.winner == seat)
    return model.chances(state, seat)[seat]


def _explained(found: Hint, match: Match) -> Hint:
    """``found`` with the game's explanation of its move."""
    return replace(found, why=_why(match, found.best))


def _why(match: Match, action: Any) -> str:
    """The game's own explanation of a legal action, with its clause."""
    for entry in match.explain():
        if entry.action == action:
            return f"{entry.text} ({entry.clause})"
    return ""
