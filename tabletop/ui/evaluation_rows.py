"""The evaluation bar's rows and words: each seat's chance in its colour, and how
sure the bar is ("Player 1 (blue) is likely ahead: 55% (48-62%)", "Too close to
call"), for ``tabletop.ui.evaluation.EvaluationBar``.
"""

from __future__ import annotations

import html
from typing import Any

from tabletop.analysis import Evaluation

BAR_CSS = """<style>
.tabletop-evaluation { font-size: 11px; line-height: 14px; margin: 0 0 6px 0;
  padding: 2px 6px 3px; border: 1px solid #e5e7eb; border-radius: 3px; }
.tabletop-evaluation .widget-checkbox { height: 24px; width: auto; margin: 0; }
.tabletop-evaluation .widget-checkbox input[type=checkbox]
  { width: 24px; height: 24px; margin: 0 6px 0 0; }
.tabletop-evaluation .widget-checkbox label { font-size: 12px; font-weight: 600; }
.tabletop-evaluation .widget-html, .tabletop-evaluation .widget-html-content
  { height: auto; line-height: 14px; font-size: 11px; margin: 0; }
.tabletop-evaluation-basis { color: #4b5563; }
.tabletop-eval-grid { display: grid; column-gap: 6px; align-items: center;
  grid-template-columns: minmax(0, max-content) minmax(40px, 1fr) max-content; }
.tabletop-eval-row { display: contents; }
.tabletop-eval-verdict { grid-column: 1 / -1; font-weight: 600; }
.tabletop-eval-name { overflow-wrap: anywhere; }
.tabletop-eval-lead .tabletop-eval-name { font-weight: 600; }
.tabletop-eval-swatch { display: inline-block; width: 9px; height: 9px;
  margin-right: 4px; border-radius: 2px; vertical-align: -1px; }
.tabletop-eval-track { position: relative; height: 10px; background: #e5e7eb; }
.tabletop-eval-fill { position: absolute; left: 0; top: 0; height: 10px;
  background: #2563eb; }
.tabletop-eval-band { position: absolute; top: 3px; height: 4px;
  background: #111827; opacity: .5; }
.tabletop-eval-numbers { text-align: right; white-space: nowrap; }
.tabletop-eval-numbers small { color: #6b7280; }
.tabletop-eval-stale { opacity: .45; }
</style>"""


def short_basis(result: Evaluation, look: Any = None) -> str:
    """Whose knowledge, in a few words (the full sentence is the tooltip)."""
    if result.seat is None:
        return "knowing every card"
    return f"from what {_seat_name(result.seat, look)} knows"


def full_basis(result: Evaluation, look: Any = None) -> str:
    """Whose knowledge and how, in a sentence for players (the bar's hover text;
    ``Evaluation.basis`` says it for the analysis)."""
    if result.method == "model":
        return (
            f"A quick estimate from what {_seat_name(result.seat, look)} knows, by a "
            "model trained on many games the bots played"
        )
    if result.seat is None:
        return "Knowing every card (the referee's view): only the dice to come vary"
    name = _seat_name(result.seat, look)
    ahead = (
        f"; each simulated game goes {result.depth} moves ahead, then the quick "
        "estimate judges it"
        if result.depth is not None
        else ""
    )
    return (
        f"From what {name} knows: the cards {name} cannot see are dealt at random "
        "for each simulated game" + ahead
    )


def games_words(result: Evaluation) -> str:
    """How many games were simulated, in words ("340 simulated games")."""
    return f"{result.n} simulated game{'s' if result.n != 1 else ''}"


def _seat_name(seat: int | None, look: Any) -> str:
    return look.seat_name(seat) if look is not None else f"seat {seat}"


def leader(result: Evaluation) -> int | None:
    """The seat whose 95% interval lies above every other seat's, or None (too
    close to call, or no playout yet)."""
    if not result.n:
        return None
    chances, intervals = result.probabilities, result.intervals
    best = max(range(len(chances)), key=chances.__getitem__)
    low = intervals[best][0]
    others = [high for seat, (_, high) in enumerate(intervals) if seat != best]
    return best if all(low > high for high in others) else None


def verdict_words(result: Evaluation, look: Any = None, sampling: bool = False) -> str:
    """How sure the bar is, in words: the seat likely ahead with its chance and
    interval, or "Too close to call" (and that it samples more)."""
    seat = leader(result)
    if seat is None:
        return "Too close to call" + (": sampling more\u2026" if sampling else "")
    name = look.seat_name(seat) if look is not None else f"seat {seat}"
    chance, (low, high) = result.probabilities[seat], result.intervals[seat]
    return f"{name} is likely ahead: {chance:.0%} ({low * 100:.0f}\u2013{high:.0%})"


def bars_html(result: Evaluation, look: Any = None, sampling: bool = False) -> str:
    """The verdict in words, then one row per seat: colour swatch and full name,
    the chance as a bar with the 95% interval as a band, and the numbers. The name
    column is as wide as the longest name (a very long one wraps); the seat likely
    ahead (``leader``) is in bold, and nobody while the intervals overlap."""
    chances = result.probabilities
    lead = leader(result)
    verdict = html.escape(verdict_words(result, look, sampling))
    rows = [f"<div class='tabletop-eval-verdict'>{verdict}</div>"]
    for seat, (chance, (low, high)) in enumerate(
        zip(chances, result.intervals, strict=True)
    ):
        name = look.seat_name(seat) if look is not None else f"seat {seat}"
        colours = getattr(look, "seat_colors", None) or ("#2563eb",)
        colour = colours[seat % len(colours)]
        band = max(1.0, (high - low) * 100)
        tip = html.escape(
            f"{name}: {chance:.0%} chance to win ({won(result, seat)}/{result.n} "
            f"simulated games won; 95% interval {low:.0%} to {high:.0%})",
            quote=True,
        )
        css = "tabletop-eval-row" + (" tabletop-eval-lead" if seat == lead else "")
        rows.append(
            seat_row(css, tip, name, colour, chance, low, band,
                     f"{low * 100:.0f}\u2013{high:.0%}")
        )  # fmt: skip
    return f"<div class='tabletop-eval-grid'>{''.join(rows)}</div>"


def faded(bars: str) -> str:
    """The last bars, greyed while the new position is evaluated."""
    if bars.startswith("<div class='tabletop-eval-stale'>"):
        return bars
    return f"<div class='tabletop-eval-stale'>{bars}</div>"


def estimate_leader(chances: tuple[float, ...], points: float | None) -> int | None:
    """The seat the model's estimate puts ahead by more than twice its measured
    error (``points``), or None (too close for an estimate, or error unknown)."""
    if points is None or not chances:
        return None
    best = max(range(len(chances)), key=chances.__getitem__)
    margin = 2 * points / 100
    others = [p for seat, p in enumerate(chances) if seat != best]
    return best if all(chances[best] - margin > p for p in others) else None


def won(result: Evaluation, seat: int) -> str:
    """A seat's playouts won, in words (a cut playout counts its chance, to 0.1)."""
    wins = result.wins[seat]
    return f"{wins:.1f}" if result.depth is not None else str(wins)


def estimate_label(points: float | None) -> str:
    """How the bar labels the model's answer: an estimate, with its measured error."""
    if points is None:
        return "quick estimate (its error is not measured)"
    return f"quick estimate, \u00b1{points:g} points"


def estimate_html(
    chances: tuple[float, ...], look: Any = None, points: float | None = None
) -> str:
    """The learned model's estimate in the bar's rows: each seat's chance as a bar,
    its band the model's measured mean error (``points``) either side; the verdict
    says it is an estimate, and names a seat only when it leads by more than twice
    that error."""
    lead = estimate_leader(chances, points)
    if lead is None:
        verdict = "Estimate: too close to call"
    else:
        name = look.seat_name(lead) if look is not None else f"seat {lead}"
        verdict = f"Estimate: {name} looks ahead: {chances[lead]:.0%}"
    rows = [f"<div class='tabletop-eval-verdict'>{html.escape(verdict)}</div>"]
    error = (points or 0.0) / 100
    label = estimate_label(points)
    for seat, chance in enumerate(chances):
        name = look.seat_name(seat) if look is not None else f"seat {seat}"
        colours = getattr(look, "seat_colors", None) or ("#2563eb",)
        colour = colours[seat % len(colours)]
        low, high = max(0.0, chance - error), min(1.0, chance + error)
        band = max(1.0, (high - low) * 100)
        tip = html.escape(f"{name}: {chance:.0%} chance to win ({label})", quote=True)
        css = "tabletop-eval-row" + (" tabletop-eval-lead" if seat == lead else "")
        rows.append(seat_row(css, tip, name, colour, chance, low, band, "estimate"))
    grid = "tabletop-eval-grid tabletop-eval-estimate"
    return f"<div class='{grid}'>{''.join(rows)}</div>"


def seat_row(
    css: str,
    tip: str,
    name: str,
    colour: str,
    chance: float,
    low: float,
    band: float,
    note: str,
) -> str:
    """One seat's row of the bar: its name and colour, a track filled to its
    chance with the uncertainty as a band from ``low`` (``band`` percent wide),
    and the numbers with ``note`` (the interval, or "estimate") in small print."""
    return (
        f"<div class='{css}'>"
        f"<span class='tabletop-eval-name' title='{tip}'>"
        f"<span class='tabletop-eval-swatch' style='background:{colour}'></span>"
        f"{html.escape(name)}</span>"
        f"<span class='tabletop-eval-track' title='{tip}'>"
        f"<span class='tabletop-eval-fill' style='width:{chance * 100:.1f}%;"
        f"background:{colour}'>"
        "</span><span class='tabletop-eval-band' "
        f"style='left:{low * 100:.1f}%;width:{band:.1f}%'></span></span>"
        f"<span class='tabletop-eval-numbers' title='{tip}'>{chance:.0%} "
        f"<small>{note}</small></span></div>"
    )
