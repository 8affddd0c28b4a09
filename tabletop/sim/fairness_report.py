"""A fairness report: the counts of a run, its figures, and two rule sets side by
side.

``FairnessReport`` keeps the tallies (``tabletop.sim.tally``) of every rule set
and bot mix, and what was run; its figures, differences and words are computed
from them when asked (``tabletop.sim.fairness_figures``). ``to_dict()`` is every
figure as plain data (what two runs are compared by: the same call on any
executor gives the same dict); ``str(report)`` the text the command line prints;
``to_html(path)`` the page with its plots (``tabletop.sim.fairness_html``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.sim.estimates import ALPHA, Difference
from tabletop.sim.fairness_figures import (
    Figure,
    differences,
    figures,
    judged,
    skill_difference,
    skill_figure,
)
from tabletop.sim.tally import Tally


@dataclass(frozen=True, slots=True)
class RuleSetInfo:
    """One rule set of a run.

    Attributes:
        name: how the report calls it (``"the rulings"``, ``"house rules"``).
        options: the rule options set otherwise than their default.
        words: what players are told (``"House rules: ..."``), or the rulings'.
    """

    name: str
    options: dict[str, Any]
    words: str


@dataclass
class FairnessReport:
    """What a fairness run found.

    Attributes:
        game, title, players: the game.
        rule_sets: one or two rule sets (the second is compared with the first).
        mixes: the bot mixes, as given (``"Easy"``, ``"Easy,random"``).
        games: games per rule set and mix.
        seed: the base seed.
        evaluation: the words saying which evaluation named the leaders.
        skill: the skilled bot's level or name ("" when no skill games ran).
        skill_budget: its budget in words (``"20 iterations a decision"``).
        skill_games: skill games per rule set.
        tallies: (rule set index, mix) -> its counts; ``(r, "skill")`` for the
            skill games.
        seconds: wall-clock seconds of the run (not a figure: left out of
            ``to_dict``).
        executor: what ran it, in words.
    """

    game: str
    title: str
    players: int
    rule_sets: tuple[RuleSetInfo, ...]
    mixes: tuple[str, ...]
    games: int
    seed: int
    evaluation: str
    skill: str
    skill_budget: str
    skill_games: int
    tallies: dict[tuple[int, str], Tally] = field(default_factory=dict)
    seconds: float = 0.0
    executor: str = ""

    # -- the figures ----------------------------------------------------------------
    def figures(self, rule_set: int = 0, mix: str | None = None) -> list[Figure]:
        """Every figure of one rule set and mix (the first mix by default)."""
        return figures(self.tallies[rule_set, mix or self.mixes[0]])

    def skill_result(self, rule_set: int = 0) -> tuple[Figure, Difference] | None:
        """The skill figure and its edge over chance, if skill games ran."""
        tally = self.tallies.get((rule_set, "skill"))
        if tally is None or not tally.skill_games:
            return None
        return skill_figure(tally, self.skill)

    def comparison(self) -> list[Difference]:
        """Every difference of the second rule set from the first, over every mix
        (and the skill games), judged together by Holm's method; empty with one
        rule set."""
        if len(self.rule_sets) < 2:
            return []
        family: list[Difference] = []
        several = len(self.mixes) > 1
        for mix in self.mixes:
            prefix = f"{mix}: " if several else ""
            family += differences(self.tallies[0, mix], self.tallies[1, mix], prefix)
        first, second = self.tallies.get((0, "skill")), self.tallies.get((1, "skill"))
        if first is not None and second is not None and first.skill_games:
            family.append(skill_difference(first, second, self.skill))
        return judged(family)

    def to_dict(self) -> dict[str, Any]:
        """Every figure and difference as plain data (no timing)."""
        out: dict[str, Any] = {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "evaluation": self.evaluation,
            "rule_sets": [
                {"name": r.name, "options": r.options} for r in self.rule_sets
            ],
            "figures": {},
            "skill": {},
        }
        for r, info in enumerate(self.rule_sets):
            out["figures"][info.name] = {
                mix: {f.key: f.estimate.as_dict() for f in self.figures(r, mix)}
                for mix in self.mixes
            }
            found = self.skill_result(r)
            if found is not None:
                figure, edge = found
                out["skill"][info.name] = {
                    "rate": figure.estimate.as_dict(),
                    "edge": edge.estimate.as_dict(),
                    "p": edge.p,
                }
        out["differences"] = [
            {
                "name": d.name,
                **d.estimate.as_dict(),
                "p": d.p,
                "beyond_chance": d.beyond_chance,
            }
            for d in self.comparison()
        ]
        return out

    # -- words ----------------------------------------------------------------------
    def heading(self) -> list[str]:
        """The lines that say what was run."""
        lines = [
            f"{self.title}, {self.players} players: {self.games} games per rule set "
            f"and bot mix, seed {self.seed}"
        ]
        for info in self.rule_sets:
            lines.append(f"  {info.name}: {info.words}")
        lines.append(f"  bots: {', '.join(self.mixes)} (each mix rotates its seats)")
        if self.skill_games:
            lines.append(
                f"  skill: one {self.skill} bot ({self.skill_budget}) among Easy "
                f"bots, {self.skill_games} games per rule set, its seat rotating"
            )
        lines.append(f"  leaders named by {self.evaluation}")
        if self.executor:
            lines.append(f"  ran on {self.executor} in {self.seconds:.1f} s")
        return lines

    def __str__(self) -> str:
        lines = self.heading()
        for mix in self.mixes:
            lines.append("")
            lines.append(f"Bots: {mix}")
            names = [info.name for info in self.rule_sets]
            lines.append("  " + " | ".join(["figure", *names]))
            rows = [self.figures(r, mix) for r in range(len(self.rule_sets))]
            for column in zip(*rows, strict=True):
                shown = [f.estimate.text(f.percent) for f in column]
                lines.append(f"  {column[0].words}: " + " | ".join(shown))
        for r, info in enumerate(self.rule_sets):
            found = self.skill_result(r)
            if found is not None:
                figure, edge = found
                lines.append(
                    f"Skill ({info.name}): {figure.words}: "
                    f"{figure.estimate.text(True)}; edge over chance "
                    f"{edge.estimate.text(True)}, p = {edge.p:.3g}"
                )
        compared = self.comparison()
        if compared:
            lines.append("")
            lines.append(
                f"{self.rule_sets[1].name} minus {self.rule_sets[0].name} (95% "
                f"intervals; beyond chance: Holm's method over all {len(compared)} "
                f"differences at a familywise {ALPHA:.0%})"
            )
            for d in compared:
                mark = "beyond chance" if d.beyond_chance else "within chance"
                percent = "length" not in d.name and "changes" not in d.name
                lines.append(
                    f"  {d.name}: {d.estimate.text(percent)}, p = {d.p:.3g}, {mark}"
                )
        return "\n".join(lines)

    def to_html(self, path: str | os.PathLike[str] | None = None) -> str:
        """The report as one HTML page with its plots; written to ``path`` too."""
        from tabletop.sim.fairness_html import report_html

        text = report_html(self)
        if path is not None:
            Path(path).write_text(text, encoding="utf-8")
        return text

    def _repr_html_(self) -> str:
        from tabletop.sim.fairness_html import report_body

        return report_body(self)
