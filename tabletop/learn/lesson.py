"""A lesson of a rules tutorial: a rule, a small position, a move to try, what happens.

A ``Lesson`` is data: the text (in the project's own words), the clauses it teaches
(with the project's rulings and why they were made), where the position comes from
(a named engine scenario, a scenario description or a fresh seeded deal), the
actions to try, tempting actions that are refused (and by which clause), and the
facts the text states about the result. ``problems()`` checks every stated fact
through the Game protocol, so a lesson that drifts from the engine fails its test.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tabletop.core import Explanation, Match
from tabletop.core.registry import lookup

#: A stated fact: its sentence and a check of (game, state before, state after).
Check = Callable[[Any, Any, Any], bool]


@dataclass(frozen=True)
class Fact:
    """Something the lesson claims about the position or the result."""

    text: str
    check: Check


@dataclass(frozen=True)
class Lesson:
    """One section of a tutorial.

    Attributes:
        game: the game's registry name.
        title: the section heading.
        clauses: the clause IDs the section teaches.
        text: the explanation (Markdown), paraphrasing the rules.
        rulings: ``(clause, why)`` for the project's rulings taught here.
        scenario: the name of an engine scenario to start from, or ``""``.
        players: seats, for ``describe`` or ``deal``.
        describe: a scenario description for the engine's ``build_state``.
        deal: a seed: start from a fresh seeded game instead of a scenario.
        before: actions played to reach the lesson's position (not shown as tries).
        tries: the suggested actions, in order (default: the scenario's own).
        why_not: ``(before try i, action, clause)``: a tempting action refused.
        events: clause IDs that the tries' events show.
        said: words that some event of the tries says (``"a tie"``).
        at: seat -> where its piece stands after the tries.
        facts: other stated facts, checked by code.
    """

    game: str
    title: str
    clauses: tuple[str, ...]
    text: str
    rulings: tuple[tuple[str, str], ...] = ()
    scenario: str = ""
    players: int = 2
    describe: Mapping[str, Any] | None = None
    deal: int | None = None
    before: tuple[str, ...] = ()
    tries: tuple[str, ...] | None = None
    why_not: tuple[tuple[int, str, str], ...] = ()
    events: tuple[str, ...] = ()
    said: tuple[str, ...] = ()
    at: Mapping[int, str] = field(default_factory=dict)
    facts: tuple[Fact, ...] = ()

    # -- the position -------------------------------------------------------------
    def start(self) -> Match:
        """A match at the lesson's position (the tries not yet played)."""
        entry = lookup(self.game)
        if self.scenario:
            built = _scenarios(self.game).scenario(self.scenario)
            match = Match.from_state(built.game, built.state)
        elif self.describe is not None:
            game = entry.make(players=self.players)
            state = _scenarios(self.game).build_state(game, **self.describe)
            match = Match.from_state(game, state)
        else:
            match = Match(entry.make(players=self.players), seed=self.deal or 0)
        for action in self.before:
            match.play(action)
        return match

    def suggested(self) -> tuple[str, ...]:
        """The actions the lesson suggests, in order."""
        if self.tries is not None:
            return self.tries
        if self.scenario:
            return tuple(_scenarios(self.game).scenario(self.scenario).try_actions)
        return ()

    def match(self) -> Match:
        """A match with the suggested actions played (step back to try others)."""
        match = self.start()
        for action in self.suggested():
            match.play(action)
        return match

    # -- checking what the text states -------------------------------------------
    def problems(self) -> list[str]:
        """Every stated fact that does not hold (empty when the lesson is right)."""
        out: list[str] = []
        match = self.start()
        game, first = match.game, match.state
        seen: list[str] = []
        texts: list[str] = []
        tries = self.suggested()
        for i in range(len(tries) + 1):
            out += self._refusals(match, i)
            if i == len(tries):
                break
            refusal = match.check(tries[i])
            if refusal is not None:
                out.append(f"suggested action {tries[i]!r} is refused: {refusal}")
                return out
            for event in match.play(tries[i]):
                seen.append(event.clause)
                texts.append(event.text)
        out += [f"no {c} event after the tries" for c in self.events if c not in seen]
        out += [f"no event says {w!r}" for w in self.said
                if not any(w in text for text in texts)]  # fmt: skip
        for seat, place in self.at.items():
            now = match.state.positions[seat]
            if now != place:
                out.append(f"seat {seat} is on {now}, not {place}")
        for fact in self.facts:
            if not fact.check(game, first, match.state):
                out.append(f"not true: {fact.text}")
        return out

    def _refusals(self, match: Match, step: int) -> list[str]:
        out = []
        for at, action, clause in self.why_not:
            if at != step:
                continue
            refusal = match.check(action)
            if refusal is None:
                out.append(f"{action!r} is legal before try {at}, not refused")
            elif refusal.clause != clause:
                out.append(f"{action!r} is refused by {refusal.clause}, not {clause}")
        return out

    # -- showing it ---------------------------------------------------------------
    def transcript(self) -> str:
        """The lesson played out as deterministic text (options, tries, events)."""
        match = self.start()
        lines = [f"== {self.title}  [{', '.join(self.clauses)}]"]
        if self.deal is not None and hasattr(match.game, "setup"):
            _, events = match.game.setup(self.deal)
            lines += [f"  setup: {event}" for event in events]
        lines.append(match.pending())
        lines += _options(match.explain())
        tries = self.suggested()
        for i in range(len(tries) + 1):
            lines += _why_not_lines(match, self.why_not, i)
            if i == len(tries):
                break
            lines.append(f"> try: {tries[i]}")
            lines += [f"    {event}" for event in match.play(tries[i])]
            if i + 1 < len(tries):
                lines += _options(match.explain())
        lines.append(f"now: {match.pending()}")
        lines += [f"  fact: {fact.text}" for fact in self.facts]
        return "\n".join(lines)

    def markdown(self, details: bool = False) -> str:
        """The section text with its rulings, as Markdown.

        In plain words by default: rulings without their clause IDs and the moves
        to try named as the buttons name them. ``details`` (for a teacher) adds
        the clause IDs and writes the moves in notation.
        """
        named = (lambda text: text) if details else self._named
        parts = [f"## {self.title}", "", named(self.text.strip())]
        for clause, why in self.rulings:
            label = f"Ruling `{clause}`" if details else "The project's ruling"
            parts += ["", f"*{label}*: {named(why.strip())}"]
        if details:
            parts += ["", "Clauses: " + ", ".join(f"`{c}`" for c in self.clauses)]
        tries = self.suggested()
        if tries and details:
            parts += ["", "Try: " + " then ".join(f"`{t}`" for t in tries)]
        elif tries:
            said = " then ".join(f"**{t}**" for t in self.tries_in_words())
            parts += ["", f"Try it on the board below: {said}."]
        return "\n".join(parts)

    def _named(self, text: str) -> str:
        """Space ids the board does not print ("S18", "X7") named as the board
        names them ("United States–Mexico 2", "Siberia")."""
        from tabletop.draw import look_for

        drawing = look_for(self.start().game)
        if drawing.prints_ids:
            return text
        # The table's own wording ("the log A2" -> "Log 1", "player 0" -> "Player
        # 0 (red)"), so a lesson and its table name things alike.
        return drawing.words(text)

    def tries_in_words(self) -> list[str]:
        """The suggested moves as the table's buttons name them ("Roll")."""
        from tabletop.draw import look_for

        match = self.start()
        drawing = look_for(match.game)
        out = []
        for notation in self.suggested():
            seat, _, bare = notation.rpartition(": ")
            found = [e for e in match.explain() if str(e.action) == bare]
            label = (found[0].label or bare) if found else bare
            label = drawing.words(drawing.label_words(label))  # as the button says
            label = label[:1].upper() + label[1:]
            out.append(f"player {seat}: {label}" if seat else label)
            match.play(notation)
        return out

    def moment_spaces(self) -> tuple[str, ...]:
        """The spaces the lesson is about: those of the first move to try, and
        where the pieces end up."""
        match = self.start()
        spaces: list[str] = []
        tries = self.suggested()
        if tries:
            bare = tries[0].rpartition(": ")[2]
            for e in match.explain():
                if str(e.action) == bare:
                    spaces += e.spaces
        spaces += [place for place in self.at.values() if place]
        return tuple(dict.fromkeys(spaces))

    def table(self, teach: bool = True) -> Any:
        """A compact live Table at the teaching moment: the lesson's position with
        the spaces involved ringed; the tries lie ahead on its timeline."""
        from tabletop.ui import Table

        table = Table(self.match(), teach=teach, handover=False, compact=True)
        table.ring(self.moment_spaces())
        table.goto(0)
        table.focus(self.moment_spaces())
        return table

    def show(self, table: bool = True) -> None:
        """Display the lesson in a notebook: the text, a compact table at the
        teaching moment, and (folded) the step-by-step record with rule clauses."""
        from IPython.display import HTML, Markdown, display

        display(Markdown(self.markdown()))
        if table:
            display(self.table())
        board = html.escape(str(self.match().state))
        display(
            HTML(
                "<details><summary>Step by step, with the rule clauses (for "
                f"teachers)</summary><pre>{html.escape(self.transcript())}</pre>"
                f"<pre>{board}</pre></details>"
            )
        )


def _options(explanations: tuple[Explanation, ...], limit: int = 8) -> list[str]:
    """One line per legal action; when there are many, two per clause and a count."""
    if len(explanations) <= limit:
        return [f"  option: {e.action}  [{e.clause}] {e.text}" for e in explanations]
    groups: dict[str, list[Explanation]] = {}
    for e in explanations:
        groups.setdefault(e.clause, []).append(e)
    lines = []
    for clause, group in groups.items():
        lines += [f"  option: {e.action}  [{clause}] {e.text}" for e in group[:2]]
        if len(group) > 2:
            lines.append(f"    ... and {len(group) - 2} more like these [{clause}]")
    return lines


def _why_not_lines(match: Match, why_not: Any, step: int) -> list[str]:
    lines = []
    for at, action, _ in why_not:
        if at == step:
            refusal = match.check(action)
            lines.append(f"  why not {action!r}? {refusal}")
    return lines


def _scenarios(name: str) -> Any:
    """The game's scenarios part (``build_state``, ``scenario``)."""
    found = lookup(name).part("scenarios")
    if found is None:
        raise KeyError(f"the game {name!r} has no scenarios for its lessons")
    return found
