"""Every game's views and events leak nothing, checked with the shared harness
(tests/leaks.py) on seeded playouts: each seat and the public."""

from __future__ import annotations

import pytest

from tabletop.core import Match
from tabletop.games.pitfall import Pitfall
from tabletop.games.raiders import Raiders
from tests.leaks import check_events, check_view

try:  # the example game, installed as its own package (pip install -e examples/race)
    from race import Race
except ImportError:
    Race = None

GAMES = [Pitfall(players=3), Raiders(players=3)] + (
    [Race(players=3)] if Race is not None else []
)


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
