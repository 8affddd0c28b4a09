"""The Pitfall Harry tutorial: every clause, in the order a newcomer needs them.

Each lesson starts from an engine scenario (``tabletop.games.pitfall.scenarios``) or
a small description built with its ``build_state``, suggests what to try and states
what happens; ``Lesson.problems`` checks it against the engine. The lessons live in
``path`` (setup, board, turns, moving, obstacles) and ``treasure`` (treasure, the
scorpion, the diamond); ``catalogue`` holds the clause IDs they must cover.
"""

from __future__ import annotations

from pathlib import Path

from tabletop.games.pitfall.lessons import path, treasure
from tabletop.games.pitfall.lessons.catalogue import CLAUSES, RULINGS
from tabletop.learn.lesson import Lesson

LESSONS: tuple[Lesson, ...] = path.LESSONS + treasure.LESSONS
NOTEBOOK = Path(__file__).resolve().parents[4] / "notebooks" / "learn_pitfall.ipynb"

__all__ = ["CLAUSES", "LESSONS", "NOTEBOOK", "RULINGS"]
