"""What to play now: a hint for the seat to move, from that seat's information.

The candidates (the heuristic's move and the others ranked best one step ahead) are
played out in the same sampled worlds as in a review (``tabletop.analysis.review``);
the hint is the one that won most often, with every candidate's count.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.analysis.playouts import split
from tabletop.analysis.review import MoveValue, candidates_for, move_values
from tabletop.bots.registry import heuristic_module
from tabletop.core import Match, Rng


@dataclass(frozen=True, slots=True)
class Hint:
    """The move the analysis suggests now, and every candidate's chance."""

    seat: int
    best: Any
    values: tuple[MoveValue, ...]
    worlds: int
    why: str = ""

    def __str__(self) -> str:
        lines = [f"seat {self.seat}: try '{self.best}' ({self.worlds} worlds)"]
        if self.why:
            lines.append(f"  {self.why}")
        lines += [
            f"  {v.action}: {v.chance:.0%} ({v.wins}/{v.n})"
            for v in sorted(self.values, key=lambda v: -v.wins)
        ]
        return "\n".join(lines)


def hint(match: Match, budget: int = 48, *, width: int = 6, seed: int = 0) -> Hint:
    """The best move for the seat to move, judged from that seat's information.

    Raises:
        ValueError: the game is over.
    """
    game, state = match.game, match.state
    mover = game.to_move(state)
    if mover is None:
        raise ValueError("the game is over: no move to suggest")
    legal = list(game.legal_actions(state))
    rng = Rng.from_seed(seed)
    pick_rng, rng = split(rng)
    module = heuristic_module(game)
    first = module.policy(game, state, pick_rng)[0] if module is not None else legal[0]
    candidates = candidates_for(game, state, first, width, pick_rng)
    if len(candidates) == 1:
        values = (MoveValue(first, 0, 0),)
        return Hint(mover, first, values, 0, _why(match, first))
    scores, sampled = move_values(game, state, mover, candidates, budget, rng)
    worlds = len(sampled)
    values = tuple(
        MoveValue(a, int(sum(s)), worlds)
        for a, s in zip(candidates, scores, strict=True)
    )
    best = max(values, key=lambda v: v.wins).action
    return Hint(mover, best, values, worlds, _why(match, best))


def _why(match: Match, action: Any) -> str:
    """The game's own explanation of a legal action, with its clause."""
    for entry in match.explain():
        if entry.action == action:
            return f"{entry.text} ({entry.clause})"
    return ""
