"""The Raiders of the Lost Ark tutorial: every clause, in the order a newcomer needs.

Each lesson starts from an engine scenario (``tabletop.games.raiders.scenarios``), a
description built with its ``build_state``, or a fresh seeded game; it suggests what
to try and states what happens, and ``Lesson.problems`` checks it on the engine. The
lessons live in ``raiders_travel`` (setup, map, turns, travel) and ``raiders_cards``
(cards, hostages, the deck, winning).
"""

from __future__ import annotations

from tabletop.learn import raiders_cards, raiders_travel
from tabletop.learn.lesson import Lesson

LESSONS: tuple[Lesson, ...] = raiders_travel.LESSONS + raiders_cards.LESSONS
