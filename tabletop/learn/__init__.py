"""Rules tutorials: lessons as data, checked against the engines, shown in notebooks.

``lessons(name)`` lists a game's lessons in teaching order; ``lesson(name, n)``
is lesson ``n`` (counting from 1), whose ``show()`` displays it in a notebook;
``coverage(name)`` says which catalogue clauses no lesson teaches (none, as tested).

A game's lessons are the ``lessons`` part of its registry entry: a module with
``LESSONS`` (in teaching order), ``CLAUSES`` (its catalogue's clause IDs, in
catalogue order), ``RULINGS`` (the IDs that are the project's rulings) and, when
the game has a lesson notebook, ``NOTEBOOK`` (its path; ``tabletop.learn.publish``
saves it with its outputs).
"""

from __future__ import annotations

from types import ModuleType

from tabletop.core.registry import REGISTRY, lookup
from tabletop.learn.lesson import Fact, Lesson

__all__ = ["Fact", "Lesson", "clauses", "coverage", "lesson", "lessons", "rulings",
           "summary", "taught_games", "tutorial"]  # fmt: skip


def taught_games() -> list[str]:
    """The registered games that have lessons."""
    return [e.name for e in REGISTRY.entries() if e.lessons]


def tutorial(game: str) -> ModuleType:
    """The game's lessons module (``LESSONS``, ``CLAUSES``, ``RULINGS``)."""
    found = lookup(game).part("lessons")
    if found is None:
        known = ", ".join(taught_games()) or "none"
        raise KeyError(f"no tutorial for {game!r} (games with lessons: {known})")
    return found


def lessons(game: str) -> tuple[Lesson, ...]:
    """Every lesson of a game's tutorial, in order."""
    return tuple(tutorial(game).LESSONS)


def lesson(game: str, n: int) -> Lesson:
    """Lesson ``n`` (1-based) of a game's tutorial."""
    all_lessons = lessons(game)
    if not 1 <= n <= len(all_lessons):
        raise IndexError(f"{game} has lessons 1..{len(all_lessons)}, not {n}")
    return all_lessons[n - 1]


def clauses(game: str) -> tuple[str, ...]:
    """The catalogue's clause IDs for a game, in catalogue order."""
    return tuple(tutorial(game).CLAUSES)


def rulings(game: str) -> frozenset[str]:
    """The clause IDs that are the project's rulings."""
    return frozenset(tutorial(game).RULINGS)


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
