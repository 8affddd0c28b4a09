"""The table explored by machine (``tests/explorer.py``), bounded for CI.

Hypothesis drives a ``RuleBasedStateMachine`` whose rules are the table's
gestures (running the cell again, Start fresh, seats, lines and the referee view
included) on every installed game, through the plain table logic and the
notebook table; seeded random walks go longer, and the same walk run twice must
show the same frames. ``benchmarks/explore.py`` runs the same explorer long.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, rule

from tests.explorer import (
    GESTURES,
    SCREENS,
    Exploration,
    Setup,
    installed_games,
    replay_matches,
    walk,
)

GAMES = installed_games()


class TableMachine(RuleBasedStateMachine):
    """One table per example; each rule one gesture, checked after it."""

    @initialize(
        game=st.sampled_from(GAMES),
        screen=st.sampled_from(SCREENS),
        seed=st.integers(0, 2**20),
    )
    def make_table(self, game: str, screen: str, seed: int) -> None:
        self.scratch = tempfile.TemporaryDirectory()
        setup = Setup.drawn(random.Random(seed), game, screen)
        self.x = Exploration(setup, Path(self.scratch.name))
        self.x.check()

    @rule(name=st.sampled_from(sorted(GESTURES)), seed=st.integers(0, 2**32 - 1))
    def gesture(self, name: str, seed: int) -> None:
        self.x.do(name, random.Random(seed))

    def teardown(self) -> None:
        x = getattr(self, "x", None)
        if x is not None and x.screen is not None:
            x.screen.close()
        if hasattr(self, "scratch"):
            self.scratch.cleanup()


TableMachine.TestCase.settings = settings(
    max_examples=24,
    stateful_step_count=40,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
test_gestures_keep_every_invariant = TableMachine.TestCase


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("game", GAMES)
def test_a_long_seeded_walk_keeps_every_invariant(comms, game, screen):
    """300 gestures in a seeded order on a drawn table of each game."""
    setup = Setup.drawn(random.Random(f"walk-{game}-{screen}"), game, screen)
    explored = walk(setup, 300, seed=17)
    assert len(explored.gestures) == 300


@pytest.mark.parametrize("game", GAMES)
def test_the_same_gestures_from_the_same_seed_show_the_same_frames(game):
    setup = Setup.drawn(random.Random(f"replay-{game}"), game, "logic")
    replay_matches(setup, 80, seed=5)


def test_start_fresh_after_running_the_cell_again_is_explored(comms, tmp_path):
    """The gesture that froze tables (the cell run again, then Start fresh on a
    deal where a bot moves first) is one the explorer makes, and it holds."""
    setup = Setup("pitfall", ("heuristic", "human", "heuristic"), True, "notebook", 3)
    x = Exploration(setup, tmp_path)
    x.do("choose", random.Random(1))
    x._make(3)  # the cell run again: the same seed, the autosave offered
    assert x.model.resume_from is not None
    x.do("start_fresh", random.Random(0))
    assert x.model.to_move == 1 and x.model.eyes == 1
    x.screen.close()
