"""A small soak (benchmarks/soak.py with 30 games per game): bots play through the
Match API with undo, redo, goto, fork and a save/load round trip mixed in, and not one
game may crash or break an invariant (TT-TIMELINE, the games' conservation clauses
PH-C-DECK, PH-C-TOKENS and Raiders' RA-S-DEAL card count)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _soak_module():
    path = ROOT / "benchmarks" / "soak.py"
    spec = importlib.util.spec_from_file_location("bench_soak", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_soak"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


soak = _soak_module()


@pytest.mark.parametrize("name", sorted(soak.GAMES))
def test_small_soak_has_no_crash_and_no_invariant_failure(name):
    report = soak.soak_game(name, games=30, first_seed=1000, block=10)
    assert report.games == 30
    assert report.crashes == [], soak.summary(report)
    assert report.invariant_failures == [], soak.summary(report)
    assert report.timeline_moves > 30, "undo, redo, goto and fork were exercised"
    assert report.finished >= 20, "most games reach their end"
    assert len(report.memory) == 3


def test_soak_reports_a_crash_with_its_seed_and_step(monkeypatch):
    """A failing step is counted and located, not swallowed."""
    calls = {"n": 0}
    real = soak.check_state

    def flaky(game, before, before_hash, state):
        calls["n"] += 1
        if calls["n"] == 7:
            raise soak.InvariantFailure("cards not conserved (planted)")
        return real(game, before, before_hash, state)

    monkeypatch.setattr(soak, "check_state", flaky)
    report = soak.soak_game("raiders", games=2, first_seed=5)
    assert len(report.invariant_failures) == 1
    record = report.invariant_failures[0]
    assert record["seed"] == 5 and "planted" in record["error"]
    assert "planted" in soak.summary(report)
