"""The fairness figures of a tally, and the differences between two rule sets.

Each figure has a key (for programs), words (for people) and an ``Estimate``
with its 95% interval (``tabletop.sim.estimates``); ``docs/simulation.md``
defines them. Proportions count every game of the mix (a game with no winner
counts as won by nobody), except decisiveness and comebacks, which count the
games with a winner that an evaluation looked at.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.sim.estimates import (
    Difference,
    Estimate,
    above_chance,
    holm,
    mean,
    mean_difference,
    proportion,
    proportion_difference,
    quantile,
    quantile_difference,
)
from tabletop.sim.tally import QUARTERS, Tally

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")
QUANTILES = (
    (0.5, "median", "median"),
    (0.25, "p25", "lower quartile"),
    (0.75, "p75", "upper quartile"),
)
QUARTER_WORDS = {0.25: "a quarter", 0.5: "half", 0.75: "three quarters"}


@dataclass(frozen=True, slots=True)
class Figure:
    """One figure of one rule set and bot mix.

    Attributes:
        key: a stable name (``"seat_0"``, ``"actions_median"``).
        words: what it is, for people.
        estimate: the figure and its 95% interval.
        percent: shown as a percentage.
        group: the heading it belongs under.
    """

    key: str
    words: str
    estimate: Estimate
    percent: bool
    group: str


def figures(tally: Tally) -> list[Figure]:
    """Every figure of a mix's tally, in the report's order."""
    n, games = tally.players, tally.games
    out = [
        Figure(f"seat_{s}", f"seat {s} wins", proportion(w, games), True, "seats")
        for s, w in enumerate(tally.wins)
    ]
    out += [
        Figure(
            f"order_{k}",
            f"the {ORDINALS[k]} player wins",
            proportion(w, games),
            True,
            "turn order",
        )
        for k, w in enumerate(tally.order_wins)
    ]
    edge = above_chance("", tally.order_wins[0], games, 1 / n).estimate
    out.append(
        Figure(
            "first_edge",
            f"the first player's edge (win rate minus 1/{n})",
            edge,
            True,
            "turn order",
        )
    )
    out.append(
        Figure("no_winner", "no winner", proportion(tally.no_winner, games), True, "")
    )
    for unit, histogram in (("actions", tally.actions), ("turns", tally.turns)):
        for q, key, name in QUANTILES:
            out.append(
                Figure(
                    f"{unit}_{key}",
                    f"length in {unit}, {name}",
                    quantile(histogram, q),
                    False,
                    "length",
                )
            )
    for k, q in enumerate(QUARTERS):
        out.append(
            Figure(
                f"leader_{int(q * 100)}",
                f"the leader at {QUARTER_WORDS[q]} of the game wins",
                proportion(tally.led_won[k], tally.led[k]),
                True,
                "decisiveness",
            )
        )
    out.append(
        Figure(
            "lead_changes",
            "lead changes per game",
            mean(tally.changes, tally.changes_sq, tally.looked),
            False,
            "decisiveness",
        )
    )
    out.append(
        Figure(
            "comebacks",
            "comebacks (the winner trailed every other seat from a quarter on)",
            proportion(tally.comebacks, tally.looked),
            True,
            "decisiveness",
        )
    )
    return out


def skill_figure(tally: Tally, bot: str) -> tuple[Figure, Difference]:
    """The skilled bot's win rate among Easy bots, and its edge over its share
    by chance (1/players), with the test's p-value."""
    n = tally.players
    rate = proportion(tally.skill_wins, tally.skill_games)
    edge = above_chance(
        f"{bot} bot's edge over 1/{n}", tally.skill_wins, tally.skill_games, 1 / n
    )
    words = f"one {bot} bot among Easy bots wins"
    return Figure("skill", words, rate, True, "skill"), edge


def differences(first: Tally, second: Tally, prefix: str = "") -> list[Difference]:
    """Each difference (second minus first) a comparison of one mix reports."""
    n = first.players
    out = [
        proportion_difference(
            f"{prefix}seat {s} wins",
            (first.wins[s], first.games),
            (second.wins[s], second.games),
        )
        for s in range(n)
    ]
    out.append(
        proportion_difference(
            f"{prefix}the first player wins",
            (first.order_wins[0], first.games),
            (second.order_wins[0], second.games),
        )
    )
    out.append(
        proportion_difference(
            f"{prefix}no winner",
            (first.no_winner, first.games),
            (second.no_winner, second.games),
        )
    )
    for unit in ("actions", "turns"):
        out.append(
            quantile_difference(
                f"{prefix}median length in {unit}",
                getattr(first, unit),
                getattr(second, unit),
            )
        )
    if first.looked and second.looked:
        half = QUARTERS.index(0.5)
        out.append(
            proportion_difference(
                f"{prefix}the leader at half of the game wins",
                (first.led_won[half], first.led[half]),
                (second.led_won[half], second.led[half]),
            )
        )
        out.append(
            mean_difference(
                f"{prefix}lead changes per game",
                (first.changes, first.changes_sq, first.looked),
                (second.changes, second.changes_sq, second.looked),
            )
        )
        out.append(
            proportion_difference(
                f"{prefix}comebacks",
                (first.comebacks, first.looked),
                (second.comebacks, second.looked),
            )
        )
    return out


def skill_difference(first: Tally, second: Tally, bot: str) -> Difference:
    return proportion_difference(
        f"skill: one {bot} bot among Easy bots wins",
        (first.skill_wins, first.skill_games),
        (second.skill_wins, second.skill_games),
    )


def judged(family: list[Difference]) -> list[Difference]:
    """The comparison's differences judged together (Holm, familywise 5%)."""
    return holm(family)
