"""Property tests: hand-made board files, broken at random, are refused with a
``BoardError`` that names what is wrong, never with another exception (PH-B-ABOVE,
PH-B-BELOW, PH-B-WALLS, PH-B-LAYOUT; RA-B-MAP, RA-B-CHECKPOINTS, RA-C-COUNTRIES).
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.core import BoardError
from tabletop.core.boards import board_path
from tabletop.games.pitfall.board import load_board as load_pitfall
from tabletop.games.raiders.board import load_board as load_raiders
from tests.props_strategies import JUNK_VALUES, at, paths_in, props, removed, replaced

LOADERS = {"pitfall": load_pitfall, "raiders": load_raiders}
DATA = {name: json.loads(board_path(name).read_text()) for name in LOADERS}


def load(name: str, data):
    """Load a board; a refusal must be a BoardError with a non-empty problem list."""
    try:
        return LOADERS[name](data)
    except BoardError as exc:
        assert exc.problems and all(p.strip() for p in exc.problems), exc
        raise


def words_of(path: tuple, data) -> set[str]:
    """What a message about the value at ``path`` may name: the top-level field, the
    record's id, the id the value is, or the field changed."""
    words = {str(path[0])}
    if path[0] == "canvas":  # a narrower or wider map moves its edge (RA-B-WRAP)
        words |= {"map edge", "off the canvas"}
    for depth in range(1, len(path) + 1):
        value = at(data, path[:depth])
        if isinstance(value, dict) and isinstance(value.get("id"), str):
            words.add(value["id"])
        if isinstance(value, dict) and isinstance(value.get("space"), str):
            words.add(value["space"])
        if isinstance(value, str):
            words.add(value)
    if isinstance(path[-1], str):
        words.add(path[-1])
    words |= set(_strings(at(data, path)))
    return words | _referring(data, words)


def _strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list):
        return [s for item in value for s in _strings(item)]
    return []


def _referring(data, ids: set[str]) -> set[str]:
    """The ids of the records (paths, checkpoints...) that mention one of ``ids``."""
    out = set()
    for records in data.values():
        for record in records if isinstance(records, list) else ():
            if isinstance(record, dict) and ids & set(_strings(record)):
                out.update(_strings({k: record.get(k) for k in ("id", "space")}))
    return out


def structural_paths(name: str) -> list[tuple]:
    """Paths whose value matters to the rules (not names, notes, colours, texts)."""
    free = {"name", "title", "notes", "color", "text"}
    return [p for p in paths_in(DATA[name]) if not free & {k for k in p if k in free}]


@pytest.mark.parametrize("name", sorted(LOADERS))
@props(200)
@given(data=st.data())
def test_a_field_retyped_is_refused_naming_it_or_harmless(name, data):
    """Any value replaced by junk of any type: BoardError naming the place, or a board
    that still loads (a coordinate moved, a count unchanged)."""
    path = data.draw(st.sampled_from(structural_paths(name)), label="path")
    junk = data.draw(JUNK_VALUES, label="junk")
    board = replaced(DATA[name], path, junk)
    try:
        load(name, board)
    except BoardError as exc:
        message = str(exc)
        named = words_of(path, DATA[name]) | {str(junk)}
        assert any(word in message for word in named), (path, junk, message)


@pytest.mark.parametrize("name", sorted(LOADERS))
@props(200)
@given(data=st.data())
def test_a_value_removed_is_refused_naming_it(name, data):
    """Any field or list entry deleted (a space, a link, a count, a checkpoint...)."""
    paths = [p for p in structural_paths(name) if p[0] not in ("piles", "instructions")]
    path = data.draw(st.sampled_from(paths), label="path")
    board = removed(DATA[name], path)
    try:
        load(name, board)
    except BoardError as exc:
        message = str(exc)
        assert any(w in message for w in words_of(path, DATA[name])), (path, message)
    else:  # a coordinate or a flag with a default, or one checkpoint fewer
        assert path[-1] in ("x", "y", "wrap") or path[0] == "checkpoints", path


def _space_ids(name: str) -> list[str]:
    return [s["id"] for s in DATA[name]["spaces"]]


@pytest.mark.parametrize("name", sorted(LOADERS))
@props(25)
@given(data=st.data())
def test_duplicate_id_is_named(name, data):
    index = data.draw(st.integers(0, len(DATA[name]["spaces"]) - 1), label="space")
    board = json.loads(json.dumps(DATA[name]))
    record = dict(board["spaces"][index])
    board["spaces"].insert(data.draw(st.integers(0, len(board["spaces"]))), record)
    with pytest.raises(BoardError) as err:
        load(name, board)
    assert "duplicate id" in str(err.value) and repr(record["id"]) in str(err.value)


@props(25)
@given(data=st.data())
def test_pitfall_broken_link_is_named(data):
    """A link whose end is misspelt names the unknown space and the link."""
    board = json.loads(json.dumps(DATA["pitfall"]))
    i = data.draw(st.integers(0, len(board["links"]) - 1), label="link")
    end = data.draw(st.integers(0, 1), label="end")
    ghost = data.draw(st.sampled_from(["A99", "U0", "a5", "Z1", " A5", ""]))
    board["links"][i][end] = ghost
    with pytest.raises(BoardError) as err:
        load("pitfall", board)
    message = str(err.value)
    assert f"links[{i}]" in message and repr(ghost) in message


@props(25)
@given(data=st.data())
def test_raiders_broken_path_is_named(data):
    """A path through a misspelt space names the unknown space."""
    board = json.loads(json.dumps(DATA["raiders"]))
    i = data.draw(st.integers(0, len(board["paths"]) - 1), label="path")
    spaces = board["paths"][i]["spaces"]
    ghost = data.draw(st.sampled_from(["S999", "s1", "X99", "NARNIA"]))
    spaces.insert(data.draw(st.integers(0, len(spaces))), ghost)
    with pytest.raises(BoardError) as err:
        load("raiders", board)
    assert repr(ghost) in str(err.value)


@pytest.mark.parametrize("name", sorted(LOADERS))
@props(20)
@given(x=st.integers(0, 900), y=st.integers(0, 500), suffix=st.integers(500, 999))
def test_unreachable_island_is_named(name, x, y, suffix):
    """A space joined to nothing is refused as unreachable, by its id."""
    board = json.loads(json.dumps(DATA[name]))
    island = {"id": f"S{suffix}", "x": x, "y": y}
    if name == "pitfall":
        island.update(id=f"A{suffix}", level="above", kind="plain")
    board["spaces"].append(island)
    with pytest.raises(BoardError) as err:
        load(name, board)
    assert island["id"] in str(err.value) and "unreachable" in str(err.value)


@props(30)
@given(data=st.data())
def test_pitfall_wrong_obstacle_counts_are_named(data):
    """PH-B-ABOVE: an aboveground space turned into another kind changes two counts;
    the message names the kind and the clause."""
    board = json.loads(json.dumps(DATA["pitfall"]))
    inner = [s for s in board["spaces"] if s["level"] == "above"][1:-1]
    space = data.draw(st.sampled_from(inner), label="space")
    kinds = ["plain", "croc", "pit", "ladder_pit", "log", "fire", "cobra", "swamp"]
    new = data.draw(st.sampled_from([k for k in kinds if k != space["kind"]]))
    space["kind"] = new
    with pytest.raises(BoardError) as err:
        load("pitfall", board)
    message = str(err.value)
    assert "PH-B-ABOVE" in message or "PH-B-" in message, message


@props(20)
@given(drop=st.integers(0, 8))
def test_raiders_wrong_country_count_is_named(drop):
    """RA-C-COUNTRIES: a map without nine countries says how many it needs."""
    board = json.loads(json.dumps(DATA["raiders"]))
    gone = board["countries"].pop(drop)["id"]
    with pytest.raises(BoardError) as err:
        load("raiders", board)
    message = str(err.value)
    assert "needs 9 countries" in message and gone in message


TOP_FIELDS = {
    "pitfall": ["spaces", "links", "deck", "tokens", "canvas", "scorpion_start"],
    "raiders": [
        "spaces",
        "paths",
        "countries",
        "intersections",
        "checkpoints",
        "canvas",
    ],
}


@pytest.mark.parametrize(
    ("name", "field"), [(n, f) for n, fields in TOP_FIELDS.items() for f in fields]
)
def test_top_level_field_of_the_wrong_type_is_named(name, field):
    for junk in ("spaces", 7, None, {"a": 1}, [1, 2]):
        if junk == [1, 2] and field == "canvas":
            continue
        with pytest.raises(BoardError) as err:
            load(name, replaced(DATA[name], (field,), junk))
        assert field in str(err.value), (junk, str(err.value))
