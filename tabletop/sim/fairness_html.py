"""The fairness report as an HTML page: what was run, a table of figures per bot
mix with their 95% intervals, the differences judged together, and plots.

The plots never tell things apart by colour alone: a seat's bars are in its
colour at the table (``tabletop.draw.SEAT_COLORS``) and carry their value as text,
the rule sets differ by hatching (A plain, B hatched) as well as by the legend,
and the lines of each rule set by their dash pattern and marker. Each plot is an
inline SVG with a caption saying what it shows.
"""

from __future__ import annotations

import html
import io
import math
from typing import TYPE_CHECKING

from matplotlib.figure import Figure as Plot

from tabletop.draw.look import SEAT_COLORS
from tabletop.sim.fairness_figures import Figure

if TYPE_CHECKING:
    from tabletop.sim.fairness_report import FairnessReport

HATCHES = ("", "//")
LINES = (("-", "o"), ("--", "s"))
STYLE = """
body { font-family: system-ui, sans-serif; max-width: 70rem; margin: 1rem auto;
       padding: 0 1rem; line-height: 1.4; color: #111; }
table { border-collapse: collapse; margin: 0.5rem 0 1rem; }
th, td { border: 1px solid #999; padding: 0.2rem 0.5rem; text-align: left; }
td.num { font-variant-numeric: tabular-nums; }
.beyond { font-weight: bold; }
figure { margin: 0.5rem 0 1.5rem; }
figcaption { font-size: 0.95rem; }
"""


def report_html(report: FairnessReport) -> str:
    """A whole page."""
    title = html.escape(f"Fairness: {report.title}, {report.players} players")
    return (
        f"<!doctype html>\n<html lang='en'><head><meta charset='utf-8'>"
        f"<title>{title}</title><style>{STYLE}</style></head><body>"
        f"{report_body(report)}</body></html>\n"
    )


def report_body(report: FairnessReport) -> str:
    """The report's content (a notebook shows it as it is)."""
    parts = [f"<h1>Fairness: {html.escape(report.title)}</h1>"]
    parts.append(
        "<ul>" + "".join(f"<li>{html.escape(x.strip())}</li>" for x in report.heading())
    )
    parts.append("</ul>")
    parts.append(
        "<p>Each figure is shown with its 95% interval; the figures and the "
        "methods are defined in docs/simulation.md.</p>"
    )
    for mix in report.mixes:
        parts.append(f"<h2>Bots: {html.escape(mix)}</h2>")
        parts.append(_figure_table(report, mix))
        parts += _plots(report, mix)
    parts.append(_skill_section(report))
    parts.append(_comparison(report))
    return "\n".join(parts)


def _figure_table(report: FairnessReport, mix: str) -> str:
    names = [info.name for info in report.rule_sets]
    head = "".join(f"<th scope='col'>{html.escape(n)}</th>" for n in names)
    rows = [report.figures(r, mix) for r in range(len(report.rule_sets))]
    body = []
    for column in zip(*rows, strict=True):
        cells = "".join(
            f"<td class='num'>{html.escape(f.estimate.text(f.percent))}</td>"
            for f in column
        )
        words = html.escape(column[0].words)
        body.append(f"<tr><th scope='row'>{words}</th>{cells}</tr>")
    return (
        f"<table><caption>Figures with {html.escape(mix)} bots</caption>"
        f"<tr><th scope='col'>figure</th>{head}</tr>{''.join(body)}</table>"
    )


def _skill_section(report: FairnessReport) -> str:
    rows = []
    for r, info in enumerate(report.rule_sets):
        found = report.skill_result(r)
        if found is None:
            continue
        figure, edge = found
        rows.append(
            f"<tr><th scope='row'>{html.escape(info.name)}</th>"
            f"<td class='num'>{html.escape(figure.estimate.text(True))}</td>"
            f"<td class='num'>{html.escape(edge.estimate.text(True))}</td>"
            f"<td class='num'>{edge.p:.3g}</td></tr>"
        )
    if not rows:
        return ""
    share = 1 / report.players
    return (
        f"<h2>How much skill matters</h2><p>One {html.escape(report.skill)} bot "
        f"({html.escape(report.skill_budget)}) among Easy bots, its seat rotating, "
        f"{report.skill_games} games per rule set; by chance it would win "
        f"{share:.1%}.</p><table><tr><th scope='col'>rule set</th>"
        "<th scope='col'>its win rate</th><th scope='col'>edge over chance</th>"
        "<th scope='col'>p</th></tr>" + "".join(rows) + "</table>"
    )


def _comparison(report: FairnessReport) -> str:
    compared = report.comparison()
    if not compared:
        return ""
    a, b = report.rule_sets[0].name, report.rule_sets[1].name
    rows = []
    for d in compared:
        percent = "length" not in d.name and "changes" not in d.name
        mark = "beyond chance" if d.beyond_chance else "within chance"
        rows.append(
            f"<tr{' class=beyond' if d.beyond_chance else ''}>"
            f"<th scope='row'>{html.escape(d.name)}</th>"
            f"<td class='num'>{html.escape(d.estimate.text(percent))}</td>"
            f"<td class='num'>{d.p:.3g}</td><td>{mark}</td></tr>"
        )
    return (
        f"<h2>{html.escape(b)} minus {html.escape(a)}</h2>"
        f"<p>{len(compared)} differences, each with its 95% interval and the "
        "p-value of no difference. They are judged together by Holm's method: "
        "a difference is beyond chance when the familywise chance of calling "
        "any true zero difference real stays under 5%. Both rule sets play the "
        "same deals.</p><table><tr><th scope='col'>difference</th>"
        "<th scope='col'>B minus A [95%]</th><th scope='col'>p</th>"
        "<th scope='col'>judged</th></tr>" + "".join(rows) + "</table>"
    )


# -- plots ----------------------------------------------------------------------------
def _plots(report: FairnessReport, mix: str) -> list[str]:
    count = len(report.rule_sets)
    figures = [report.figures(r, mix) for r in range(count)]
    names = [info.name for info in report.rule_sets]
    seats = [[f for f in fs if f.group == "seats"] for fs in figures]
    order = [[f for f in fs if f.key.startswith("order_")] for fs in figures]
    out = [
        _svg(
            _bars(seats, names, "seat", report.players),
            f"Win rate by seat ({mix}): one bar per rule set, in the seat's colour, "
            "A plain and B hatched, with its 95% interval and its value written "
            f"above it; the dashed line is 1/{report.players}.",
        ),
        _svg(
            _bars(order, names, "place in the turn order", report.players, False),
            f"Win rate by place in the turn order ({mix}), A plain and B hatched: "
            "the first player's edge is the first group's height above the dashed "
            "line.",
        ),
    ]
    histograms = [report.tallies[r, mix].actions for r in range(count)]
    out.append(
        _svg(
            _lengths(histograms, names),
            f"Game length in actions ({mix}): the share of games over by each "
            "length, one line per rule set (A solid with circles, B dashed with "
            "squares).",
        )
    )
    deciding = [[f for f in fs if f.key.startswith("leader_")] for fs in figures]
    if any(not math.isnan(f.estimate.value) for fs in deciding for f in fs):
        out.append(
            _svg(
                _decisiveness(deciding, names),
                f"Decisiveness ({mix}): how often the leader at a quarter, half and "
                "three quarters of the game went on to win, with 95% intervals.",
            )
        )
    return out


def _bars(
    groups: list[list[Figure]], names: list[str], what: str, n: int, seats: bool = True
) -> Plot:
    """Grouped bars with their intervals: by seat in the seats' colours, or by
    place in the turn order in grey (a place is no seat)."""
    plot = Plot(figsize=(7, 3.4))
    ax = plot.add_subplot()
    count = len(groups)
    width = 0.8 / count
    for r, figures in enumerate(groups):
        for s, f in enumerate(figures):
            x = s + (r - (count - 1) / 2) * width
            e = f.estimate
            bar = ax.bar(
                x,
                e.value,
                width,
                yerr=[[e.value - e.low], [e.high - e.value]],
                capsize=3,
                color=SEAT_COLORS[s % len(SEAT_COLORS)] if seats else "#bdbdbd",
                edgecolor="black",
                hatch=HATCHES[r % len(HATCHES)],
                label=names[r] if s == 0 else None,
            )
            ax.bar_label(bar, labels=[f"{e.value:.0%}"], padding=3, fontsize="small")
    ax.axhline(1 / n, color="black", linestyle="--", linewidth=1)
    ax.set_xticks(range(n))
    labels = (
        [f"seat {s}" for s in range(n)]
        if what == "seat"
        else [f"{k + 1}." for k in range(n)]
    )
    ax.set_xticklabels(labels)
    ax.set(xlabel=what, ylabel="win rate", ylim=(0, 1))
    _legend(ax, count)
    plot.tight_layout()
    return plot


def _legend(ax, count: int) -> None:
    legend = ax.legend(loc="upper right", fontsize="small")
    for handle in legend.legend_handles:
        handle.set_facecolor("white")  # the legend says A plain, B hatched
    if count == 1:
        legend.remove()


def _lengths(histograms: list, names: list[str]) -> Plot:
    plot = Plot(figsize=(7, 3.2))
    ax = plot.add_subplot()
    for r, histogram in enumerate(histograms):
        total = sum(histogram.values()) or 1
        xs, ys, seen = [], [], 0
        for length, count in sorted(histogram.items()):
            seen += count
            xs.append(length)
            ys.append(seen / total)
        style, marker = LINES[r % len(LINES)]
        ax.step(
            xs, ys, where="post", color="black", linestyle=style, marker=marker,
            markevery=max(1, len(xs) // 10), label=names[r],
        )  # fmt: skip
    ax.set(xlabel="game length (actions)", ylabel="share of games over", ylim=(0, 1))
    ax.legend(loc="lower right", fontsize="small")
    plot.tight_layout()
    return plot


def _decisiveness(groups: list[list[Figure]], names: list[str]) -> Plot:
    plot = Plot(figsize=(6, 3.2))
    ax = plot.add_subplot()
    xs = [25, 50, 75]
    for r, figures in enumerate(groups):
        style, marker = LINES[r % len(LINES)]
        values = [f.estimate.value for f in figures]
        below = [f.estimate.value - f.estimate.low for f in figures]
        above = [f.estimate.high - f.estimate.value for f in figures]
        shift = (r - (len(groups) - 1) / 2) * 1.5
        ax.errorbar(
            [x + shift for x in xs], values, yerr=[below, above], color="black",
            linestyle=style, marker=marker, capsize=3, label=names[r],
        )  # fmt: skip
    ax.set_xticks(xs)
    ax.set_xticklabels(["a quarter", "half", "three quarters"])
    ax.set(xlabel="the leader at this point of the game", ylabel="went on to win")
    ax.set_ylim(0, 1)
    ax.legend(loc="lower right", fontsize="small")
    plot.tight_layout()
    return plot


def _svg(plot: Plot, caption: str) -> str:
    out = io.StringIO()
    plot.savefig(out, format="svg")
    svg = out.getvalue()
    svg = svg[svg.index("<svg") :]
    return (
        f"<figure role='group'>{svg}<figcaption>{html.escape(caption)}"
        "</figcaption></figure>"
    )
