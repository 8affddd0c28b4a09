"""The advantage chart: who was ahead over the game, and where the mistakes were.

``plot_advantage`` draws each seat's winning chance over the timeline (from an
``advantage_timeline``, with 95% bands) and/or the chances of a ``Review``: each
reviewed move as a point for its mover (judged from the mover's information), with
inaccuracies, mistakes and blunders marked. Built without pyplot: works under any
backend and displays in a notebook cell.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from tabletop.analysis.evaluation import Evaluation
from tabletop.analysis.review import Review
from tabletop.draw.look import SEAT_COLORS

# Each seat's line has its own dash pattern and its dots their own shape, and
# every line is named at its end: the seats are never told apart by colour alone.
LINE_STYLES = ("-", "--", ":", "-.", (0, (6, 2, 1, 2, 1, 2)), (0, (1, 4)))
MARKERS = ("o", "s", "^", "D", "v", "P")
LABEL_GAP = 0.07  # the least height between two end labels, in winning chance

MARKS = {
    "inaccuracy": ("?!", "#d97706"),
    "mistake": ("?", "#ea580c"),
    "blunder": ("??", "#dc2626"),
}


def plot_advantage(
    review: Review | None = None,
    timeline: Sequence[Evaluation] = (),
    *,
    players: int | None = None,
    title: str = "Advantage",
    names: Sequence[str] | None = None,
    colours: Sequence[str] | None = None,
) -> Figure:
    """Each seat's winning chance over the steps, with graded moves marked.

    ``names`` and ``colours`` (one per seat) replace "seat N" and the table's seat
    colours (``tabletop.draw.SEAT_COLORS``) in the lines, the dots and the legend.
    """
    fig = Figure(figsize=(8, 3.5))
    ax = fig.add_subplot()
    seats = players or (len(timeline[0].wins) if timeline else 0)
    if review is not None and review.moves:
        seats = max(seats, 1 + max(m.seat for m in review.moves))
    given = list(colours or SEAT_COLORS)
    colours = [given[s % len(given)] for s in range(seats)]
    given_names = list(names or ())
    label_of = [
        given_names[s] if s < len(given_names) else f"seat {s}" for s in range(seats)
    ]
    lines = len(timeline) >= 2  # one answer alone draws a stray bar, not a line
    if lines:
        steps = [e.step for e in timeline]
        for seat in range(seats):
            rates = [e.probabilities[seat] for e in timeline]
            low = [e.intervals[seat][0] for e in timeline]
            high = [e.intervals[seat][1] for e in timeline]
            style = LINE_STYLES[seat % len(LINE_STYLES)]
            ax.plot(steps, rates, color=colours[seat], label=label_of[seat],
                    linestyle=style, linewidth=2)  # fmt: skip
            ax.fill_between(steps, low, high, color=colours[seat], alpha=0.15)
        ends = [timeline[-1].probabilities[seat] for seat in range(seats)]
        # Just right of the last step: the labels stand beside the lines' ends.
        end_labels(ax, steps[-1] + 0.01 * (steps[-1] - steps[0]), ends, label_of)
    if review is not None:
        for seat in range(seats):
            points = [
                (m.step - 1, m.played_chance) for m in review.moves if m.seat == seat
            ]
            if points:
                xs, ys = zip(*points, strict=False)
                label = None if lines else f"{label_of[seat]} (own view)"
                marker = MARKERS[seat % len(MARKERS)]
                ax.plot(xs, ys, marker, color=colours[seat], alpha=0.6, label=label,
                        markersize=4, linestyle="none")  # fmt: skip
        for move in review.marked():
            mark, colour = MARKS[move.grade]
            ax.annotate(
                mark,
                (move.step - 1, move.played_chance),
                color=colour,
                fontweight="bold",
                ha="center",
                va="bottom",
            )
    ax.set(xlabel="step", ylabel="winning chance", ylim=(0, 1), title=title)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # steps are whole
    if ax.get_legend_handles_labels()[1]:  # something drawn to name
        ax.legend(loc="upper left", fontsize="small")
    fig.tight_layout()
    return fig


def end_labels(ax: Any, x: float, ends: Sequence[float], names: Sequence[str]) -> None:
    """Name each line at its end (``x``, its last value in ``ends``), in dark
    text; labels that would overlap are spread apart, keeping their order."""
    order = sorted(range(len(ends)), key=ends.__getitem__)
    placed: list[float] = []
    for seat in order:
        y = max(ends[seat], placed[-1] + LABEL_GAP) if placed else ends[seat]
        placed.append(y)
    top = placed[-1] if placed else 0.0
    shift = max(0.0, top - 1.0)  # pushed above the chart: move them all down
    for seat, y in zip(order, placed, strict=True):
        ax.annotate(
            names[seat],
            (x, y - shift),
            ha="left",
            va="center",
            fontsize="small",
            color="#222222",
            annotation_clip=False,
        )
