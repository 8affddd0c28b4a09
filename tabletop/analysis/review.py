"""Which move was the mistake: every decision graded from the mover's information.

For a decision of seat ``s`` the reviewer asks what ``s`` could know then: it deals
the cards ``s`` could not see afresh for each of ``budget`` worlds (fresh dice too),
and in each world plays the move actually chosen and a few alternatives (the
heuristic's move and the others ranked best by the game's evaluation one step
ahead, both asked in a world dealt from the mover's view, since a heuristic may
read every hand of the state it is given), each followed by the same heuristic
playout with the same dice (common random numbers, so the comparison is not
drowned by luck). A move's *chance* is the
share of worlds the mover went on to win after it.

The **drop** is the best alternative's chance minus the played move's, with a 95%
interval from the paired per-world differences (mean +- 1.96 standard errors).
Grades use the interval's *lower* bound, so a move is only called a mistake when
the whole interval says so:

========== =====================================
grade       lower bound of the drop at least
========== =====================================
inaccuracy  ``INACCURACY`` (5 points of winning chance)
mistake     ``MISTAKE`` (10 points)
blunder     ``BLUNDER`` (20 points)
========== =====================================

The best alternative is the one with the most wins among several noisy estimates,
so a drop is biased upwards by that choice; grading by the lower bound keeps the
bias from turning luck into a "mistake" at the budgets the table uses.

A graded move names the better move and shows the difference in one sampled world
where it mattered (the better move won there, the played one did not): the events
of each move as the mover would have read them, with their clauses, how each
playout ended, and the clauses found after one move but not the other.

**From the value model** (``review(match, method="model")``): every decision is
graded at once, with no playout, by the game's learned value model
(``tabletop.analysis.value``). The mover's chance *before* the decision is the
model's answer from the mover's knowledge of the position before it; the chance
*after* is its answer from the mover's knowledge of the position the move made.
The drop is before minus after. Each answer may be off by the model's measured
mean error per seat (``ValueModel.error_points``, ``e``); the two errors are not
independent, so the drop's interval is taken as the worst case, ``drop +- 2e``
(``MODEL_MARGIN`` times ``e``), and the grade is that of its lower bound, with the
thresholds above: a move is flagged only when its drop exceeds twice the model's
error (with ``e`` = 6 points, an inaccuracy needs a drop of 17 points). A model
whose error was not measured is taken to be off by ``UNMEASURED_ERROR`` (10
points), and the review says so. A model-graded move names no better move (the
model is not asked about the alternatives), and a move whose result is drawn
(dice, a card) carries that luck into its drop: the model answers after the draw.

``refine=True`` (or ``method="both"``) replays the flagged moves, and only those,
with playouts as above: their grade, better move and example are the playouts',
with the model's estimate kept beside them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from tabletop.analysis.playouts import (
    Policy,
    play_to_end,
    play_to_outcome,
    rollout_policy,
    sample_world,
    split,
)
from tabletop.bots.registry import heuristic_module
from tabletop.core import Game, Match, Rng
from tabletop.core.rules import Seated

INACCURACY, MISTAKE, BLUNDER = 0.05, 0.10, 0.20
Z = 1.96
MODEL_MARGIN = 2.0
"""The model's drop interval is ``drop +- MODEL_MARGIN * error``."""
UNMEASURED_ERROR = 0.10
"""The error assumed for a model whose error was not measured (10 points)."""
METHODS = ("playouts", "model", "both")


@dataclass(frozen=True, slots=True)
class MoveValue:
    """One candidate move's results over the sampled worlds."""

    action: Any
    wins: int
    n: int

    @property
    def chance(self) -> float:
        return self.wins / self.n if self.n else math.nan


@dataclass(frozen=True, slots=True)
class GradedMove:
    """One decision of the game, judged from the mover's information.

    Attributes:
        step: the match step the move made (the position before it is step - 1).
        seat: the mover.
        played: the move made.
        best: the best move found (``played`` when none was better).
        values: every candidate's results, the played move first.
        drop: best chance minus played chance (0 when the played move was best).
        interval: the 95% interval of the drop.
        worlds: the worlds sampled (each candidate was played out in each).
        grade: ``""``, ``"inaccuracy"``, ``"mistake"`` or ``"blunder"``.
        played_events: what the move did in a sampled world where the better move
            won and it did not, as the mover reads it, and how that playout ended.
        better_events: the same for the better move, in the same world with the
            same dice (empty when the played move was best).
        clauses: clauses in one of the two event lists and not in the other.
        estimate: the value model's (chance before, chance after) for the mover,
            from the mover's knowledge (``None``: the model was not asked).
        method: ``"playouts"``, ``"model"`` (graded from the estimate alone, no
            ``values``) or ``"both"`` (flagged by the model, graded by playouts).
    """

    step: int
    seat: int
    played: Any
    best: Any
    values: tuple[MoveValue, ...]
    drop: float
    interval: tuple[float, float]
    worlds: int
    grade: str = ""
    played_events: tuple[str, ...] = ()
    better_events: tuple[str, ...] = ()
    clauses: tuple[str, ...] = ()
    estimate: tuple[float, float] | None = None
    method: str = "playouts"

    @property
    def played_chance(self) -> float:
        if not self.values and self.estimate is not None:
            return self.estimate[1]
        return self.values[0].chance

    @property
    def best_chance(self) -> float:
        if not self.values and self.estimate is not None:
            return self.estimate[0]
        return next(v.chance for v in self.values if v.action == self.best)

    def __str__(self) -> str:
        lo, hi = self.interval
        if self.method == "model" and self.estimate is not None:
            before, after = self.estimate
            text = (
                f"step {self.step} seat {self.seat} played '{self.played}': the "
                f"model's estimate {before:.0%} before, {after:.0%} after: drop "
                f"{self.drop:+.0%} [{lo:+.0%}, {hi:+.0%}]"
            )
            return text + (f" - {self.grade.upper()}" if self.grade else "")
        head = (
            f"step {self.step} seat {self.seat} played '{self.played}' "
            f"({self.played_chance:.0%} of {self.worlds} worlds)"
        )
        if self.best == self.played:
            return head + ": best of the moves tried"
        text = (
            f"{head}; '{self.best}' wins {self.best_chance:.0%}: drop "
            f"{self.drop:+.0%} [{lo:+.0%}, {hi:+.0%}]"
        )
        if self.grade:
            text += f" - {self.grade.upper()}"
        if self.clauses:
            text += f" (difference: {', '.join(self.clauses)})"
        return text


@dataclass(frozen=True, slots=True)
class Review:
    """A graded game: every decision reviewed, and who was ahead when.

    Attributes:
        moves: one entry per reviewed decision, in order.
        thresholds: (inaccuracy, mistake, blunder) drops in winning chance.
    """

    moves: tuple[GradedMove, ...]
    thresholds: tuple[float, float, float] = (INACCURACY, MISTAKE, BLUNDER)
    notes: tuple[str, ...] = field(default=())
    method: str = "playouts"

    def marked(self, at_least: str = "inaccuracy") -> tuple[GradedMove, ...]:
        """The moves graded ``at_least`` this badly."""
        order = ("inaccuracy", "mistake", "blunder")
        floor = order.index(at_least)
        return tuple(m for m in self.moves if m.grade and order.index(m.grade) >= floor)

    def chances(self) -> list[tuple[int, int, float]]:
        """(step before the move, seat, the mover's chance with the played move):
        the points of the advantage chart, each judged from the mover's view."""
        return [(m.step - 1, m.seat, m.played_chance) for m in self.moves]

    def __str__(self) -> str:
        interval = (
            "the drop less twice the value model's error lies above "
            if self.method == "model"
            else "the drop's 95% interval lies above "
        )
        lines = [
            f"{len(self.moves)} decision{'' if len(self.moves) == 1 else 's'} "
            "reviewed; inaccuracy/mistake/blunder when "
            + interval
            + "/".join(f"{t:.0%}" for t in self.thresholds)
        ]
        lines += list(self.notes)
        lines += [str(m) for m in self.moves if m.best != m.played or m.grade]
        return "\n".join(lines)


def grade(low: float) -> str:
    """The grade for a drop whose 95% interval starts at ``low``."""
    if low >= BLUNDER:
        return "blunder"
    if low >= MISTAKE:
        return "mistake"
    if low >= INACCURACY:
        return "inaccuracy"
    return ""


def move_values(
    game: Game,
    state: Any,
    seat: int | None,
    candidates: Iterable[Any],
    budget: int,
    rng: Rng,
    policy: Policy | None = None,
) -> tuple[list[list[float]], list[tuple[Any, Rng]]]:
    """Each candidate played out in the same ``budget`` worlds with the same dice.

    Returns per candidate the per-world scores for the mover (1 won, 0 not), and
    the worlds with their playout dice (to replay one).
    """
    policy = policy or rollout_policy(game)
    mover = game.to_move(state)
    candidates = list(candidates)
    scores: list[list[float]] = [[] for _ in candidates]
    worlds = []
    for _ in range(budget):
        world_rng, rng = split(rng)
        dice, rng = split(rng)
        world = sample_world(game, state, seat, world_rng)
        worlds.append((world, dice))
        for i, action in enumerate(candidates):
            after, _ = game.apply(world, action)
            scores[i].append(float(play_to_end(game, after, policy, dice) == mover))
    return scores, worlds


def candidates_for(
    game: Game, state: Any, played: Any, width: int, rng: Rng
) -> list[Any]:
    """The played move, the heuristic's move, then the best others one step ahead."""
    legal = list(game.legal_actions(state))
    mover = game.to_move(state)
    chosen = [played]
    module = heuristic_module(game)
    if module is not None:
        preferred, _ = module.policy(game, state, rng)
        if preferred not in chosen:
            chosen.append(preferred)
    rest = [a for a in legal if a not in chosen]
    if len(chosen) + len(rest) > width and module is not None:
        ranked = []
        for index, action in enumerate(rest):
            after, _ = game.apply(state, action)
            outcome = game.outcome(after)
            score = (
                float(outcome.winner == mover)
                if outcome is not None
                else module.evaluate(game, after)[mover]
            )
            ranked.append((-score, index, action))
        rest = [a for _, _, a in sorted(ranked, key=lambda r: r[:2])]
    return (chosen + rest)[: max(width, 1)]


def judge(
    game: Game,
    state: Any,
    played: Any,
    budget: int,
    *,
    width: int = 6,
    seed: int = 0,
    step: int = -1,
    referee: bool = False,
) -> GradedMove:
    """Grade one decision: ``played`` by the seat to move in ``state``."""
    mover = game.to_move(state)
    rng = Rng.from_seed(seed)
    pick_rng, rng = split(rng)
    basis = state
    if not referee:
        # The heuristic may read every hand of the state it is given: the
        # alternatives are chosen in a world the mover cannot tell from this one.
        world_rng, pick_rng = split(pick_rng)
        basis = sample_world(game, state, mover, world_rng)
    candidates = candidates_for(game, basis, played, width, pick_rng)
    scores, sampled = move_values(
        game, state, None if referee else mover, candidates, budget, rng
    )
    worlds = len(sampled)
    values = tuple(
        MoveValue(a, int(sum(s)), worlds)
        for a, s in zip(candidates, scores, strict=True)
    )
    best_i = max(range(len(candidates)), key=lambda i: (sum(scores[i]), -i))
    if best_i == 0:
        return GradedMove(step, mover, played, played, values, 0.0, (0.0, 0.0), worlds)
    diffs = [b - p for b, p in zip(scores[best_i], scores[0], strict=True)]
    mean = sum(diffs) / worlds
    var = sum((d - mean) ** 2 for d in diffs) / max(worlds - 1, 1)
    half = Z * math.sqrt(var / worlds)
    best = candidates[best_i]
    # Show the difference in a world where it mattered: the first sampled world
    # (a world the mover could not rule out) where the better move won and the
    # played one did not.
    where = next((i for i, d in enumerate(diffs) if d > 0), 0)
    world, dice = sampled[where]
    mine = _story(game, world, played, mover, dice)
    theirs = _story(game, world, best, mover, dice)
    clauses = tuple(sorted({c for _, c in mine} ^ {c for _, c in theirs}, key=str))
    return GradedMove(
        step,
        mover,
        played,
        best,
        values,
        mean,
        (mean - half, mean + half),
        worlds,
        grade(mean - half),
        tuple(t for t, _ in mine),
        tuple(t for t, _ in theirs),
        clauses,
    )


def model_judge(
    model: Any,
    before: Any,
    after: Any,
    played: Any,
    *,
    step: int = -1,
    error: float | None = None,
) -> GradedMove:
    """Grade one decision from the value model: ``played`` by the seat to move in
    ``before``, which made ``after``. Both chances are the model's answers from
    the mover's knowledge (its view of each state), so nothing hidden from the
    mover changes the grade.

    Args:
        model: the game's ``ValueModel``.
        error: the model's error as a fraction (``None``: its ``error_points``,
            or ``UNMEASURED_ERROR`` when not measured).
    """
    game = model.game
    mover = game.to_move(before)
    if error is None:
        error = model_error(model)
    chance_before = model.chances(before, mover)[mover]
    chance_after = model.chances(after, mover)[mover]
    drop = chance_before - chance_after
    margin = MODEL_MARGIN * error
    return GradedMove(
        step,
        mover,
        played,
        played,
        (),
        drop,
        (drop - margin, drop + margin),
        0,
        grade(drop - margin),
        estimate=(chance_before, chance_after),
        method="model",
    )


def model_error(model: Any) -> float:
    """The model's measured mean error per seat as a fraction, or
    ``UNMEASURED_ERROR`` when it was not measured."""
    points = model.error_points
    return UNMEASURED_ERROR if points is None else points / 100


def review(
    match: Match,
    seat: int | None = None,
    budget: int = 64,
    *,
    width: int = 6,
    steps: Iterable[int] | None = None,
    seed: int = 0,
    method: str = "playouts",
    refine: bool = False,
    model: Any = None,
) -> Review:
    """Grade every decision of a match (or of one seat), from the mover's view.

    Args:
        match: the game (every step of its timeline, whatever the cursor).
        seat: only this seat's decisions (``None``: everybody's).
        budget: worlds per decision; each candidate is played out in each world.
        width: the most candidate moves per decision (the played move included).
        steps: only these steps (step ``k`` is the move from step ``k - 1``).
        seed: the base seed (same seed, same review).
        method: ``"playouts"`` (the default: every decision by playouts),
            ``"model"`` (every decision by the game's value model, at once) or
            ``"both"`` (the model's, then the flagged moves by playouts).
        refine: with ``"model"``, replay the flagged moves with playouts (as
            ``"both"`` does).
        model: the value model to ask (``None``: ``value_model(game)``).

    Decisions with a single legal action and edits are not graded.

    Raises:
        ValueModelError: the model is asked and the game has none (or it was
            trained for other rules), naming the command that trains one.
    """
    if method not in METHODS:
        raise ValueError(f"method must be one of {METHODS}, not {method!r}")
    game = match.game
    by_model = method != "playouts"
    refine = refine or method == "both"
    notes: tuple[str, ...] = ()
    error = 0.0
    if by_model:
        if model is None:
            from tabletop.analysis.value import value_model

            model = value_model(game)
        error = model_error(model)
        if model.error_points is None:
            notes = (
                "the value model's error is not measured: taken as "
                f"{UNMEASURED_ERROR * 100:.0f} points",
            )
    wanted = set(steps) if steps is not None else None
    moves = []
    for entry in match.steps:
        if entry.action is None or (wanted is not None and entry.index not in wanted):
            continue
        before = match.state_at(entry.index - 1)
        mover = game.to_move(before)
        if mover is None or (seat is not None and mover != seat):
            continue
        if len(game.legal_actions(before)) < 2:
            continue
        played = _bare(entry.action)
        graded = None
        if by_model:
            graded = model_judge(
                model,
                before,
                match.state_at(entry.index),
                played,
                step=entry.index,
                error=error,
            )
            if not (refine and graded.grade):
                moves.append(graded)
                continue
        judged = judge(
            game,
            before,
            played,
            budget,
            width=width,
            seed=seed * 100_003 + entry.index,
            step=entry.index,
        )
        if graded is not None:
            judged = replace(judged, estimate=graded.estimate, method="both")
        moves.append(judged)
    kind = "playouts" if not by_model else "both" if refine else "model"
    return Review(tuple(moves), notes=notes, method=kind)


def _bare(action: Any) -> Any:
    """The action without a seat prefix, as ``legal_actions`` lists it."""
    return action.action if isinstance(action, Seated) else action


def _story(
    game: Game, world: Any, action: Any, mover: int, dice: Rng
) -> list[tuple[str, str]]:
    """(text, clause) of what ``action`` does in ``world``, as the mover reads it,
    then how the playout from there ended."""
    after, events = game.apply(world, action)
    story = [(e.for_viewer(mover).seen_by(mover), e.clause) for e in events]
    outcome = play_to_outcome(game, after, rollout_policy(game), dice)
    if outcome is None:
        story.append(("the playout was cut off without a winner", ""))
    else:
        who = "the mover" if outcome.winner == mover else f"seat {outcome.winner}"
        story.append((f"then {who} won: {outcome.reason} ({outcome.clause})", ""))
    return story
