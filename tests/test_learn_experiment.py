"""The experiment notebook's saves: they load (replayed, digest-checked) and the
moment the notebook steps to is a start of turn where edits are allowed."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop import IllegalEditError, Match

SAVES = Path(__file__).resolve().parent.parent / "notebooks" / "saves"


@pytest.mark.parametrize(
    "name",
    [
        "pitfall_3p_seed11.json",
        "raiders_3p_seed5.json",
        "pitfall_4p_seed12.json",  # benchmarks/playouts.py plays out from these
        "raiders_4p_seed5.json",
    ],
)
def test_saves_load_and_replay(name):
    match = Match.load(SAVES / name)
    assert len(match) >= 40 and match.outcome() is None
    assert Match.from_json(match.to_json()).state == match.state


def test_pitfall_moment_allows_edits_and_refuses_a_wall():
    """PH-B-WALLS: an edit onto a wall is refused and changes nothing."""
    match = Match.load(SAVES / "pitfall_3p_seed11.json")
    match.goto(47)
    lab = match.fork()
    before = lab.state
    with pytest.raises(IllegalEditError, match="U17"):
        lab.edit("move_pawn", player=1, space="U17")
    assert lab.state == before and len(lab) == 47
    lab.edit("move_scorpion", space="U12")
    assert lab.state.scorpion == "U12" and lab.steps[-1].edit["op"] == "move_scorpion"


def test_raiders_moment_sets_the_ark():
    match = Match.load(SAVES / "raiders_3p_seed5.json")
    match.goto(39)
    match.edit("set_ark", country="EGYPT")
    assert match.state.ark == "EGYPT"
    with pytest.raises(IllegalEditError, match="ATLANTIS"):
        match.edit("set_ark", country="ATLANTIS")
