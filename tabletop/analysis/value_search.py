"""The value model as a search's evaluation at its leaves.

``model_evaluation(game)`` is an ``Evaluate`` (``tabletop.bots.search``): where a
search cuts a rollout short (its ``depth``), it scores the position by the value
model's chances (``tabletop.analysis.value``) from the view of the seat to move
in that world, instead of the game heuristic's hand-written evaluation. The
search bots take it by name: ``make_bot("ismcts", game, evaluate="model",
depth=D)``. Whether it plays better at equal CPU time is measured, not assumed
(``benchmarks/strength.py``, the ``ismcts-model`` pairings).
"""

from __future__ import annotations

from typing import Any

from tabletop.bots.search import Evaluate
from tabletop.core.registry import part_of


def model_evaluation(game: Any) -> Evaluate:
    """Each seat's chance to win by ``game``'s value model, read from the view
    of the seat to move (seat 0 when nobody is; a finished game scores its
    outcome).

    Raises:
        ValueModelError: the game has no weights, or weights for other rules.
    """
    from tabletop.analysis.value import value_model  # imports numpy

    model = value_model(game)

    def evaluate(rules: Any, state: Any) -> tuple[float, ...]:
        seat = rules.to_move(state)
        return model.chances(state, 0 if seat is None else seat)

    return evaluate


def evaluation_depth(game: Any) -> int | None:
    """The depth at which the table's evaluation cuts ``game``'s playouts and
    takes the value model's chances: its heuristic module's ``EVALUATION_DEPTH``,
    or None (to the end) when it declares none."""
    depth = getattr(part_of(game, "heuristic"), "EVALUATION_DEPTH", None)
    return depth if isinstance(depth, int) and depth > 0 else None
