"""Analysis: who is ahead, which move was the mistake, what to play now.

Simulation asked a question, from a seat's view (hidden cards resampled) or from
the full state (the referee's), always saying which:

- ``evaluate(match, viewer=..., budget=...)``: each seat's winning chance with its
  95% Wilson interval and the number of playouts (``depth=D``: each playout cut
  after ``D`` actions and finished by the value model).
- ``review(match, seat=None, budget=...)``: every decision graded by the drop in the
  mover's winning chance, judged from the mover's information (thresholds in
  ``tabletop.analysis.review``); ``method="model"`` grades from the game's value
  model at once (``refine=True``: the flagged moves by playouts);
  ``plot_advantage(review)`` charts it.
- ``hint(match)``: the move the analysis suggests for the seat to move
  (``method="model"``: every legal move judged at once by the value model;
  ``"both"``: its top moves checked by playouts);
  ``Drill.from_review(match, review)``: "find a better move" on the clearest mistake
  (of a review by playouts or by the model).
- ``BackgroundEvaluator``: evaluation in a worker thread with a CPU budget, where a
  new request cancels the old one (the table's evaluation bar uses it).
"""

from typing import Any

from tabletop.analysis.background import BackgroundEvaluator
from tabletop.analysis.drill import Drill
from tabletop.analysis.evaluation import Evaluation, advantage_timeline, evaluate
from tabletop.analysis.hints import Hint, hint
from tabletop.analysis.review import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    GradedMove,
    Review,
    judge,
    review,
)

__all__ = [
    "BLUNDER",
    "INACCURACY",
    "MISTAKE",
    "BackgroundEvaluator",
    "Drill",
    "Evaluation",
    "GradedMove",
    "Hint",
    "Review",
    "advantage_timeline",
    "evaluate",
    "hint",
    "judge",
    "plot_advantage",
    "review",
]


def __getattr__(name: str) -> Any:
    """``plot_advantage`` imports matplotlib on first use (a table loads faster)."""
    if name == "plot_advantage":
        from tabletop.analysis.charts import plot_advantage

        return plot_advantage
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
