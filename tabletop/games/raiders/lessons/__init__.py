"""The Raiders of the Lost Ark tutorial: every clause, in the order a newcomer needs.

Each lesson starts from an engine scenario (``tabletop.games.raiders.scenarios``), a
description built with its ``build_state``, or a fresh seeded game; it suggests what
to try and states what happens, and ``Lesson.problems`` checks it on the engine. The
lessons live in ``travel`` (setup, map, turns, travel) and ``cards`` (cards,
hostages, the deck, winning); ``catalogue`` holds the clause IDs they must cover.
"""

from __future__ import annotations

from pathlib import Path

from tabletop.games.raiders.lessons import cards, travel
from tabletop.games.raiders.lessons.catalogue import CLAUSES, RULINGS
from tabletop.learn.lesson import Lesson

LESSONS: tuple[Lesson, ...] = travel.LESSONS + cards.LESSONS
NOTEBOOK = Path(__file__).resolve().parents[4] / "notebooks" / "learn_raiders.ipynb"

__all__ = ["CLAUSES", "LESSONS", "NOTEBOOK", "RULINGS"]
