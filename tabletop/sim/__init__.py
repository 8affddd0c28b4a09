"""Simulation at scale: seeded batches of games and playouts, statistics, what-if.

``run_games`` and ``run_playouts`` return a ``ResultTable`` (one row per game) and
take any ``concurrent.futures.Executor``; ``summarize`` gives win rates with Wilson
intervals and the length distribution; ``win_probabilities`` and ``compare_rolls``
answer "who wins from here?" for a Match; ``tabletop.sim.plots`` draws the figures.
``fairness`` plays a rule set, or two side by side, on dask and reports each
figure with its 95% interval (``FairnessReport``; docs/simulation.md).
"""

from tabletop.core.rng import derive_seed
from tabletop.sim.fairness_report import FairnessReport
from tabletop.sim.fairness_run import fairness
from tabletop.sim.results import ResultTable
from tabletop.sim.runner import run_games, run_playouts
from tabletop.sim.spec import BotSpec, GameSpec
from tabletop.sim.stats import Lengths, Rate, Summary, summarize, wilson
from tabletop.sim.whatif import (
    WinProbabilities,
    compare_rolls,
    win_probabilities,
    win_timeline,
)

__all__ = [
    "BotSpec",
    "FairnessReport",
    "GameSpec",
    "Lengths",
    "Rate",
    "ResultTable",
    "Summary",
    "WinProbabilities",
    "compare_rolls",
    "derive_seed",
    "fairness",
    "run_games",
    "run_playouts",
    "summarize",
    "win_probabilities",
    "win_timeline",
    "wilson",
]
