"""The example game's views and events leak nothing, checked with the shared leak
check (tests/leaks.py) on seeded playouts: each seat and the public. Every
installed game gets the same check in tests/test_games_harness.py; the example game
is checked here because it is found by import (``examples.race``)."""

from __future__ import annotations

import pytest

from examples.race import Race
from tabletop.core import Match
from tests.leaks import check_events, check_view

GAMES = [Race(players=3)]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_views_and_events_hide_what_each_viewer_may_not_see(game):
    checked = 0
    for seed in range(3):
        match = Match(game, seed=seed)
        for step in range(120):
            if match.over:
                break
            legal = match.legal_actions()
            events = match.play(legal[(seed + step * 7) % len(legal)])
            if step % 5 == 0:
                for viewer in (0, 1, "public"):
                    check_view(game, match.state, viewer, samples=2)
                    check_events(events + match.setup_events, viewer)
                checked += 1
    assert checked >= 12
