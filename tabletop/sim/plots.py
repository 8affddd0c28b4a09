"""Figures for simulations: win chances over a game, game lengths, win rate by seat.

Every function returns a ``matplotlib.figure.Figure`` built without pyplot, so it
works under any backend (Agg in tests) and displays in a notebook cell.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from matplotlib.figure import Figure

from tabletop.draw.look import SEAT_COLORS
from tabletop.sim.stats import Summary, summarize
from tabletop.sim.whatif import WinProbabilities


def plot_win_timeline(
    timeline: Sequence[WinProbabilities], title: str = "Win probability"
) -> Figure:
    """Each seat's win chance (with its 95% band) at each step of a game, each seat
    in its colour at the table (``tabletop.draw.SEAT_COLORS``) and its own dash
    pattern and marker (never told apart by colour alone)."""
    from tabletop.analysis.charts import LINE_STYLES, MARKERS

    fig = Figure(figsize=(7, 3.5))
    ax = fig.add_subplot()
    steps = [point.step for point in timeline]
    seats = len(timeline[0].wins) if timeline else 0
    for seat in range(seats):
        rates = [point.probabilities[seat] for point in timeline]
        lows = [point.intervals[seat][0] for point in timeline]
        highs = [point.intervals[seat][1] for point in timeline]
        colour = SEAT_COLORS[seat % len(SEAT_COLORS)]
        ax.plot(
            steps,
            rates,
            label=f"seat {seat}",
            color=colour,
            linestyle=LINE_STYLES[seat % len(LINE_STYLES)],
            marker=MARKERS[seat % len(MARKERS)],
            markevery=max(1, len(steps) // 8),
        )
        ax.fill_between(steps, lows, highs, color=colour, alpha=0.15)
    ax.set(xlabel="step", ylabel="win probability", ylim=(0, 1), title=title)
    ax.legend(loc="upper left", fontsize="small")
    fig.tight_layout()
    return fig


def plot_length_histogram(rows: Iterable[dict[str, Any]], bins: int = 30) -> Figure:
    """A histogram of game lengths (actions per game) from result rows."""
    lengths = [int(row["length"]) for row in rows]
    fig = Figure(figsize=(6, 3.5))
    ax = fig.add_subplot()
    ax.hist(lengths, bins=bins, color="tab:blue", edgecolor="white")
    ax.set(xlabel="game length (actions)", ylabel="games", title="Game length")
    fig.tight_layout()
    return fig


def plot_win_rate_by_seat(data: Iterable[dict[str, Any]] | Summary) -> Figure:
    """Each seat's win rate with its 95% Wilson interval (rows or a Summary)."""
    summary = data if isinstance(data, Summary) else summarize(data)
    rates = [rate.rate for rate in summary.by_seat]
    below = [rate.rate - rate.interval[0] for rate in summary.by_seat]
    above = [rate.interval[1] - rate.rate for rate in summary.by_seat]
    fig = Figure(figsize=(5, 3.5))
    ax = fig.add_subplot()
    seats = [f"seat {s}" for s in range(len(rates))]
    ax.bar(seats, rates, yerr=[below, above], capsize=4, color="tab:green")
    if rates:
        ax.axhline(1 / len(rates), color="grey", linestyle="--", linewidth=1)
    ax.set(
        ylabel="win rate",
        ylim=(0, 1),
        title=f"Win rate by seat ({summary.games} games)",
    )
    fig.tight_layout()
    return fig
