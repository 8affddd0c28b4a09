"""The simulation figures (Agg backend)."""

from __future__ import annotations

import io

import matplotlib

matplotlib.use("Agg")

from matplotlib.figure import Figure  # noqa: E402
from race import Race  # noqa: E402

from tabletop.core import Match  # noqa: E402
from tabletop.sim import run_games, summarize, win_timeline  # noqa: E402
from tabletop.sim.plots import (  # noqa: E402
    plot_length_histogram,
    plot_win_rate_by_seat,
    plot_win_timeline,
)


def _png(fig: Figure) -> bytes:
    out = io.BytesIO()
    fig.savefig(out, format="png")
    return out.getvalue()


def test_length_histogram_and_win_rate_by_seat():
    table = run_games(Race(3), 30, seed=0, workers=1)
    hist = plot_length_histogram(table)
    assert isinstance(hist, Figure) and _png(hist).startswith(b"\x89PNG")
    assert sum(p.get_height() for p in hist.axes[0].patches) == 30
    bars = plot_win_rate_by_seat(table)
    heights = [p.get_height() for p in bars.axes[0].patches]
    assert heights == [r.rate for r in summarize(table).by_seat]
    assert _png(plot_win_rate_by_seat(summarize(table)))


def test_win_timeline_plot_has_one_line_per_seat():
    match = Match(Race(2), seed=1)
    for _ in range(3):
        match.play("roll")
    fig = plot_win_timeline(win_timeline(match, 8, bots="random", workers=1))
    lines = fig.axes[0].get_lines()
    assert [line.get_label() for line in lines] == ["seat 0", "seat 1"]
    assert list(lines[0].get_xdata()) == [0, 1, 2, 3]
    assert _png(fig)


def test_every_chance_plot_draws_each_seat_in_its_table_colour():
    """The seat colours of the table, in every plot of chances: the review's
    advantage chart (default colours) and the win timeline."""
    from tabletop.analysis import Evaluation, plot_advantage
    from tabletop.draw import SEAT_COLORS
    from tabletop.sim.plots import plot_win_timeline
    from tabletop.sim.whatif import WinProbabilities

    points = [Evaluation(step=s, wins=(3, 5, 2), n=10, seat=None) for s in (0, 5)]
    chart = plot_advantage(None, points, players=3)
    assert [ln.get_color() for ln in chart.axes[0].lines] == list(SEAT_COLORS[:3])
    timeline = [
        WinProbabilities(step=s, wins=(3, 5, 2), n=10, no_winner=0) for s in (0, 5)
    ]
    figure = plot_win_timeline(timeline)
    assert [ln.get_color() for ln in figure.axes[0].lines] == list(SEAT_COLORS[:3])


def test_the_win_timeline_tells_the_seats_apart_without_colour():
    """Each seat's line has its own dash pattern and marker, not only a colour."""
    from tabletop.sim.plots import plot_win_timeline
    from tabletop.sim.whatif import WinProbabilities

    timeline = [
        WinProbabilities(step=s, wins=(3, 5, 2), n=10, no_winner=0) for s in (0, 5)
    ]
    lines = plot_win_timeline(timeline).axes[0].lines
    styles = {(ln.get_linestyle(), ln.get_marker()) for ln in lines}
    assert len(styles) == len(lines) == 3
