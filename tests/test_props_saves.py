"""Property tests: damaged, altered and hostile save files are refused with a
``SaveError`` naming the problem; saves are written atomically and carry a format
version (TT-SAVE).

Saves come from random games of both games; each is then changed: a field removed,
retyped or out of range, the seed changed, steps reordered or edited, the cursor
moved out of range, the digest altered, the text truncated or a byte changed, the
start state of a scenario save damaged. Any change is refused, or (for changes that
do not alter the game, such as spacing) loads to the very same timeline.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import assume, event, given
from hypothesis import strategies as st

from tabletop.core import IllegalEditError, Match, SaveError
from tabletop.core import match as match_module
from tests.props_strategies import (
    JUNK_VALUES,
    matches,
    paths_in,
    props,
    removed,
    replaced,
    snapshot,
)

NAMES = ["pitfall", "raiders"]
FIELDS = ["format", "version", "game", "options", "seed", "steps", "cursor", "digest"]
SYNONYMS = {
    "format": ("format",),
    "version": ("version",),
    "game": ("game",),
    "options": ("option", "players"),
    "seed": ("seed", "digest", "step"),
    "steps": ("step",),
    "cursor": ("cursor",),
    "digest": ("digest",),
    "start": ("start",),
}
"""What a refusal of a change to each field must mention (a changed seed shows as
a step the new deal refuses, or as a digest that no longer matches)."""


def refused(data) -> SaveError:
    """Load ``data``; it must be refused with a SaveError with a sentence."""
    with pytest.raises(SaveError) as err:
        Match.from_json(data)
    assert len(str(err.value)) > 15, str(err.value)
    return err.value


def same_timeline(a: Match, b: Match) -> bool:
    """The same steps and states (the cursor is where the viewer stands, outside the
    digest: any step of the timeline is a consistent place to reopen it)."""
    ja, jb = a.to_json(), b.to_json()
    ja.pop("cursor"), jb.pop("cursor")
    return ja == jb and a.state_at(len(a)) == b.state_at(len(b))


@pytest.mark.parametrize("name", NAMES)
@props(40)
@given(data=st.data())
def test_a_missing_field_is_named(name, data):
    match = data.draw(matches(name, max_steps=30), label="match")
    field = data.draw(st.sampled_from(FIELDS), label="field")
    error = refused(removed(match.to_json(), (field,)))
    assert "missing" in str(error) and field in str(error), str(error)


@pytest.mark.parametrize("name", NAMES)
@props(120)
@given(data=st.data())
def test_a_retyped_field_is_refused_naming_it(name, data):
    match = data.draw(matches(name, max_steps=30), label="match")
    save = match.to_json()
    field = data.draw(st.sampled_from(FIELDS), label="field")
    junk = data.draw(JUNK_VALUES, label="junk")
    assume(junk != save[field])
    error = str(refused(replaced(save, (field,), junk))).lower()
    assert any(word in error for word in SYNONYMS[field]), (field, junk, error)


@pytest.mark.parametrize("name", NAMES)
@props(80)
@given(data=st.data())
def test_a_retyped_step_or_option_is_refused_naming_it(name, data):
    """Inside the steps and options: a step that is not an action or an edit, an
    action that is not text, players that are not a count."""
    match = data.draw(matches(name, max_steps=30), label="match")
    save = match.to_json()
    paths = [p for p in paths_in(save) if p[0] in ("steps", "options")]
    path = data.draw(st.sampled_from(paths), label="path")
    junk = data.draw(JUNK_VALUES, label="junk")
    assume(junk != save[path[0]] and str(junk) not in ("2", "3", "4", "5", "6"))
    try:
        loaded = Match.from_json(replaced(save, path, junk))
    except SaveError as exc:
        text = str(exc).lower()
        where = "option" if path[0] == "options" else "step"
        if len(path) > 1 and path[0] == "steps":
            where = f"step {path[1] + 1}"
        assert where in text or "players" in text or "digest" in text, (path, text)
    else:  # the junk happened to be legal there and the digest still matched
        assert loaded.state == match.state_at(len(match))


@pytest.mark.parametrize("name", NAMES)
@props(40)
@given(data=st.data())
def test_out_of_range_values_are_named(name, data):
    match = data.draw(matches(name, max_steps=30), label="match")
    save = match.to_json()
    length = len(save["steps"])
    cursor = data.draw(
        st.one_of(st.integers(-(2**63), -1), st.integers(length + 1, 2**63))
    )
    assert "cursor" in str(refused(replaced(save, ("cursor",), cursor)))
    version = data.draw(st.integers(-(2**31), 0))
    assert "version" in str(refused(replaced(save, ("version",), version)))
    players = data.draw(st.one_of(st.integers(-5, 1), st.integers(7, 10**6)))
    error = str(refused(replaced(save, ("options", "players"), players)))
    assert "players" in error and "option" in error, error


@pytest.mark.parametrize("name", NAMES)
@props(30)
@given(data=st.data())
def test_a_future_version_is_refused_clearly(name, data):
    match = data.draw(matches(name, max_steps=10), label="match")
    version = data.draw(st.integers(match_module.SAVE_VERSION + 1, 2**40))
    error = str(refused(replaced(match.to_json(), ("version",), version)))
    assert f"version {version}" in error and "newer" in error and "upgrade" in error


@pytest.mark.parametrize("name", NAMES)
@props(50)
@given(data=st.data())
def test_a_changed_seed_is_refused(name, data):
    """The seed decides the deal and every roll: a save whose seed was changed no
    longer replays to its digest (or a step of it becomes illegal)."""
    match = data.draw(matches(name, max_steps=40), label="match")
    save = match.to_json()
    seed = data.draw(st.integers(0, 2**32), label="seed")
    assume(seed != save["seed"])
    error = str(refused(replaced(save, ("seed",), seed)))
    assert "digest" in error or "save step" in error, error


@pytest.mark.parametrize("name", NAMES)
@props(60)
@given(data=st.data())
def test_reordered_or_edited_steps_are_refused(name, data):
    match = data.draw(matches(name, max_steps=40), label="match")
    save = match.to_json()
    steps = save["steps"]
    assume(len(steps) >= 2)
    i = data.draw(st.integers(0, len(steps) - 1), label="i")
    if data.draw(st.booleans(), label="reorder"):
        j = data.draw(st.integers(0, len(steps) - 1), label="j")
        assume(steps[i] != steps[j])
        steps[i], steps[j] = steps[j], steps[i]
    else:
        others = [
            str(a)
            for a in match.game.legal_actions(match.state_at(i))
            if str(a) != steps[i]["action"]
        ]
        assume(others)
        steps[i] = {"action": data.draw(st.sampled_from(others), label="other")}
    try:
        loaded = Match.from_json(save)
    except SaveError as exc:
        assert "digest" in str(exc) or "save step" in str(exc), str(exc)
    else:  # the digest passed: the changed steps lead exactly where the old ones did
        assert loaded.state_at(len(loaded)) == match.state_at(len(match))


@pytest.mark.parametrize("name", NAMES)
@props(40)
@given(data=st.data())
def test_an_altered_digest_is_refused(name, data):
    match = data.draw(matches(name, max_steps=30), label="match")
    save = match.to_json()
    digest = save["digest"]
    i = data.draw(st.integers(0, len(digest) - 1))
    char = data.draw(st.sampled_from("0123456789abcdef"))
    assume(char != digest[i])
    altered = digest[:i] + char + digest[i + 1 :]
    assert "digest" in str(refused(replaced(save, ("digest",), altered)))


@pytest.mark.parametrize("name", NAMES)
@props(40)
@given(data=st.data())
def test_an_unknown_field_is_named(name, data):
    match = data.draw(matches(name, max_steps=10), label="match")
    field = data.draw(st.text(min_size=1, max_size=10), label="field")
    assume(field not in (*FIELDS, "start"))
    save = match.to_json()
    save[field] = 1
    error = str(refused(save))
    assert "unknown field" in error and field in error


@pytest.mark.parametrize("name", NAMES)
@props(80)
@given(data=st.data())
def test_damaged_text_is_refused_or_loads_the_same_timeline(name, data):
    """Truncated text, or one character changed anywhere in the file."""
    match = data.draw(matches(name, max_steps=30), label="match")
    text = match.dumps()
    i = data.draw(st.integers(0, len(text) - 1), label="at")
    if data.draw(st.booleans(), label="truncate"):
        error = str(refused(text[:i]))
        assert "not valid JSON" in error and "truncated" in error
        return
    char = data.draw(st.characters(codec="utf-8"), label="char")
    damaged = text[:i] + char + text[i + 1 :]
    try:
        loaded = Match.from_json(damaged)
    except SaveError as exc:
        assert str(exc).startswith("save") or "not a tabletop save" in str(exc)
    else:
        assert same_timeline(loaded, match), (i, char)


@pytest.mark.parametrize("name", NAMES)
@props(120)
@given(data=st.data())
def test_a_damaged_start_state_is_refused_naming_it(name, data):
    """A save that starts from a set position (a scenario) keeps that state; any
    part of it retyped or removed is refused as an invalid start state."""
    played = data.draw(matches(name, max_steps=40), label="position")
    match = Match.from_state(played.game, played.state, seed=played.seed)
    for action in match.legal_actions()[:1]:
        match.play(action)
    save = match.to_json()
    path = data.draw(st.sampled_from(paths_in(save["start"])), label="path")
    path = ("start", *path)
    if data.draw(st.booleans(), label="remove"):
        damaged = removed(save, path)
    else:
        damaged = replaced(save, path, data.draw(JUNK_VALUES, label="junk"))
    try:
        loaded = Match.from_json(damaged)
    except SaveError as exc:
        text = str(exc)
        assert "start" in text or "digest" in text or "save step" in text, text
    else:  # a change the game ignores (e.g. an equal value) keeps the timeline
        assert loaded.state == match.state


# -- atomic writes ----------------------------------------------------------------


def _saved(tmp_path: Path, name: str) -> tuple[Match, Path, str]:
    from tests.props_strategies import game_for

    match = Match(game_for(name, 3), seed=11)
    for _ in range(5):
        match.play(match.legal_actions()[0])
    path = tmp_path / "game.json"
    match.save(path)
    return match, path, path.read_text()


class Crash(Exception):
    """The simulated crash."""


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("where", ["write", "fsync", "replace", "interrupt"])
def test_a_crash_mid_save_leaves_the_old_file_and_no_temp_file(
    tmp_path, monkeypatch, name, where
):
    """TT-SAVE: the save is written to a temporary file, synced, then renamed over
    the old one; a crash at any point leaves the old file whole and no debris."""
    match, path, old_text = _saved(tmp_path, name)
    match.play(match.legal_actions()[-1])
    real_fdopen = os.fdopen

    class HalfWriter:
        def __init__(self, fh):
            self.fh = fh

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.fh.close()

        def write(self, text):
            self.fh.write(text[: len(text) // 2])
            self.fh.flush()
            raise KeyboardInterrupt if where == "interrupt" else Crash("disk full")

        def __getattr__(self, attr):
            return getattr(self.fh, attr)

    def boom(*args, **kwargs):
        raise Crash(f"crash in {where}")

    if where in ("write", "interrupt"):
        monkeypatch.setattr(
            os, "fdopen", lambda *a, **k: HalfWriter(real_fdopen(*a, **k))
        )
    elif where == "fsync":
        monkeypatch.setattr(os, "fsync", boom)
    else:
        monkeypatch.setattr(os, "replace", boom)
    with pytest.raises((Crash, KeyboardInterrupt)):
        match.save(path)
    monkeypatch.undo()
    assert path.read_text() == old_text, "the old save is intact"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"], "no temp file"
    assert len(Match.load(path)) == 5
    match.save(path)  # and a later save goes through
    assert len(Match.load(path)) == 6


def test_saving_does_not_change_the_match_and_loading_a_missing_file_is_named(
    tmp_path,
):
    match, path, _ = _saved(tmp_path, "raiders")
    before = (match.dumps(), match.cursor, len(match))
    match.save(path)
    assert (match.dumps(), match.cursor, len(match)) == before
    with pytest.raises(SaveError, match="cannot read save .*nothing.json"):
        Match.load(tmp_path / "nothing.json")
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00junk")
    with pytest.raises(SaveError, match="cannot read save"):
        Match.load(tmp_path / "binary.json")


# -- edits: validated, recorded in the save, refused with the problem named --------

EDITS = {
    "pitfall": {
        "force_roll": ["values"],
        "move_pawn": ["player", "space"],
        "move_scorpion": ["space"],
        "set_hand": ["player", "cards"],
        "give_token": ["player", "kind"],
        "take_token": ["player", "kind"],
        "teleport": ["player"],
    },
    "raiders": {
        "force_roll": ["values"],
        "move": ["player", "to"],
        "give": ["player", "card"],
        "discard": ["player", "card"],
        "set_ark": ["country"],
        "skips": ["player", "count"],
        "warp": ["to"],
    },
}
"""Per game: each edit op (and one that does not exist) and the arguments it takes."""
GOOD = ["rope", "gold", "silver", "croc", "passport", "ark", "air", "EGYPT"]


@pytest.mark.parametrize("name", NAMES)
@props(200)
@given(data=st.data())
def test_junk_edits_are_refused_naming_the_problem_and_change_nothing(name, data):
    """Match.edit with any op and any arguments: an IllegalEditError with a reason
    and the match unchanged, or a recorded edit whose state keeps every invariant
    and whose save replays (TT-EDIT)."""
    match = data.draw(matches(name, max_steps=30), label="match")
    ops = EDITS[name]
    op = data.draw(st.sampled_from(sorted(ops)), label="op")
    board = match.game.board
    ids = list(board.spaces) + list(getattr(board, "countries", ()))
    plausible = {
        "player": st.integers(-1, match.game.players),
        "values": st.lists(st.integers(0, 7), min_size=1, max_size=3),
        "space": st.sampled_from(ids),
        "to": st.sampled_from(ids),
        "country": st.sampled_from(ids),
        "count": st.integers(-1, 4),
        "cards": st.lists(st.sampled_from(GOOD[:4]), min_size=6, max_size=8),
    }
    args = {}
    for key in ops[op]:
        good = plausible.get(key, st.sampled_from(GOOD))
        junk = data.draw(st.integers(0, 3), label=f"{key} is junk") == 0
        args[key] = data.draw(JUNK_VALUES if junk else good, label=key)
    if data.draw(st.integers(0, 5), label="extra") == 0:
        args[data.draw(st.sampled_from(["x", "seat", "values"]))] = 1
    before = snapshot(match)
    try:
        match.edit(op, **args)
    except IllegalEditError as exc:
        assert snapshot(match) == before, "a refused edit changed the match"
        assert len(str(exc)) > 10, str(exc)
        event(f"{op} refused")
        return
    event(f"{op} accepted")
    assert match.game.invariants(match.state) == []
    loaded = Match.from_json(match.to_json())
    assert loaded.state == match.state
