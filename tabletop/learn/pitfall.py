"""The Pitfall Harry tutorial: every clause, in the order a newcomer needs them.

Each lesson starts from an engine scenario (``tabletop.games.pitfall.scenarios``) or
a small description built with its ``build_state``, suggests what to try and states
what happens; ``Lesson.problems`` checks it against the engine. The lessons live in
``pitfall_path`` (setup, board, turns, moving, obstacles) and ``pitfall_treasure``
(treasure, the scorpion, the diamond).
"""

from __future__ import annotations

from tabletop.learn import pitfall_path, pitfall_treasure
from tabletop.learn.lesson import Lesson

LESSONS: tuple[Lesson, ...] = pitfall_path.LESSONS + pitfall_treasure.LESSONS
