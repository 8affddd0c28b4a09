"""Rules tutorials: lessons as data, checked against the engines, shown in notebooks.

``lessons("pitfall")`` lists a game's lessons in teaching order; ``lesson(game, n)``
is lesson ``n`` (counting from 1), whose ``show()`` displays it in a notebook;
``coverage(game)`` says which catalogue clauses no lesson teaches (none, as tested).
"""

from __future__ import annotations

from tabletop.learn.catalogue import (
    PITFALL_CLAUSES,
    PITFALL_RULINGS,
    RAIDERS_CLAUSES,
    RAIDERS_RULINGS,
)
from tabletop.learn.lesson import Fact, Lesson

__all__ = ["Fact", "Lesson", "clauses", "coverage", "lesson", "lessons", "rulings",
           "summary"]  # fmt: skip


def lessons(game: str) -> tuple[Lesson, ...]:
    """Every lesson of a game's tutorial, in order."""
    if game == "pitfall":
        from tabletop.learn.pitfall import LESSONS
    elif game == "raiders":
        from tabletop.learn.raiders import LESSONS
    else:
        raise KeyError(f"no tutorial for {game!r} (games: pitfall, raiders)")
    return LESSONS


def lesson(game: str, n: int) -> Lesson:
    """Lesson ``n`` (1-based) of a game's tutorial."""
    all_lessons = lessons(game)
    if not 1 <= n <= len(all_lessons):
        raise IndexError(f"{game} has lessons 1..{len(all_lessons)}, not {n}")
    return all_lessons[n - 1]


def clauses(game: str) -> tuple[str, ...]:
    """The catalogue's clause IDs for a game, in catalogue order."""
    return {"pitfall": PITFALL_CLAUSES, "raiders": RAIDERS_CLAUSES}[game]


def rulings(game: str) -> frozenset[str]:
    """The clause IDs that are the project's rulings."""
    return {"pitfall": PITFALL_RULINGS, "raiders": RAIDERS_RULINGS}[game]


def coverage(game: str) -> dict[str, list[str]]:
    """What the tutorial misses: clauses no lesson teaches, rulings it never explains.

    Returns:
        ``{"untaught": [...], "unexplained rulings": [...]}`` (both empty when the
        tutorial covers the whole catalogue).
    """
    taught = {c for item in lessons(game) for c in item.clauses}
    explained = {c for item in lessons(game) for c, why in item.rulings if why}
    return {
        "untaught": [c for c in clauses(game) if c not in taught],
        "unexplained rulings": [c for c in clauses(game)
                                if c in rulings(game) and c not in explained],
    }  # fmt: skip


def summary(game: str) -> str:
    """A deterministic text: each lesson, its clauses, and whether its facts hold."""
    lines = []
    for n, item in enumerate(lessons(game), start=1):
        verdict = "facts hold" if not item.problems() else "FACTS DO NOT HOLD"
        lines.append(f"{n:>2}. {item.title} [{', '.join(item.clauses)}]: {verdict}")
    gaps = coverage(game)
    lines.append(f"clauses in the catalogue: {len(clauses(game))}; untaught: "
                 f"{len(gaps['untaught'])}; rulings unexplained: "
                 f"{len(gaps['unexplained rulings'])}")  # fmt: skip
    return "\n".join(lines)
