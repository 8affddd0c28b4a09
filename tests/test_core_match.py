"""The game-independent match timeline, randomness and saves (with the example
game, examples/race)."""

from __future__ import annotations

import json

import pytest
from race import Race

from tabletop.core import IllegalActionError, IllegalEditError, Match, Rng, SaveError


def test_rng_is_deterministic_and_forced_rolls_come_first():
    a, b = Rng.from_seed(5), Rng.from_seed(5)
    assert a.roll() == b.roll()
    forced = a.force(6, 2)
    v1, r = forced.roll()
    v2, r = r.roll()
    assert (v1, v2) == (6, 2)
    assert r.roll() == a.roll()
    with pytest.raises(ValueError):
        a.force(7)


def test_rng_shuffle_is_a_permutation():
    items, _ = Rng.from_seed(1).shuffle(range(60))
    assert sorted(items) == list(range(60))


def test_play_undo_redo_goto_fork():
    m = Match(Race(), seed=3)
    for _ in range(4):
        m.play("roll")
    s4 = m.state
    assert m.undo() == 3
    assert m.redo() == 4 and m.state is s4
    m.goto(1)
    f = m.fork()
    assert len(f) == 1 and len(m) == 4
    f.play("roll")
    assert m.state_at(2) == f.state  # same seed, same roll
    m.play("roll")  # from step 1: drops the future
    assert len(m) == 2


def test_illegal_action_leaves_match_untouched():
    m = Match(Race(), seed=3)
    with pytest.raises(IllegalActionError) as err:
        m.play("jump")
    assert err.value.clause == "TT-NOTATION"
    assert m.cursor == 0 and len(m) == 0


def test_save_round_trip_and_tamper_detection(tmp_path):
    m = Match(Race(), seed=11)
    m.force_roll(6)
    m.play("roll")
    m.play("roll")
    m.undo()
    path = tmp_path / "game.json"
    m.save(path)
    back = Match.load(path)
    assert back.cursor == 2 and len(back) == 3 and back.state == m.state
    data = json.loads(path.read_text())
    data["seed"] = 12
    with pytest.raises(SaveError, match="digest"):
        Match.from_json(data)
    data = json.loads(path.read_text())
    data["version"] = 99
    with pytest.raises(SaveError, match="newer"):
        Match.from_json(data)
    with pytest.raises(SaveError, match="JSON"):
        Match.from_json(path.read_text()[:-20])
    del data["steps"]
    with pytest.raises(SaveError, match="missing"):
        Match.from_json(data)


def test_edit_is_validated_and_recorded():
    m = Match(Race(), seed=1)
    with pytest.raises(IllegalEditError):
        m.edit("move_pawn", seat=0, space="S99")
    assert len(m) == 0
    m.edit("move_pawn", seat=0, space="S9")
    assert m.state.positions[0] == 9 and m.steps[0].edit["op"] == "move_pawn"
