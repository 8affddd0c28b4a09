"""The reconstructed Raiders map and its loader (RA-B-*, RA-C-COUNTRIES)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from tabletop.core import BoardError
from tabletop.games.raiders import Raiders
from tabletop.games.raiders.board import EFFECTS, load_board

ROOT = Path(__file__).resolve().parent.parent
DATA = json.loads((ROOT / "boards" / "raiders.json").read_text())


def broken(change) -> str:
    data = copy.deepcopy(DATA)
    change(data)
    with pytest.raises(BoardError) as info:
        load_board(data)
    return str(info.value)


def test_ra_c_countries_nine_with_the_known_three():
    """RA-C-COUNTRIES: nine countries incl. PERU, AFRICA and an ISLAND."""
    board = load_board()
    assert len(board.countries) == 9
    assert {"PERU", "AFRICA", "ISLAND"} <= set(board.countries)


def test_ra_b_map_paths_join_countries_and_intersections():
    """RA-B-MAP: every path runs between countries/intersections; spaces link in a
    row; every intersection joins at least three paths."""
    board = load_board()
    for path in board.paths.values():
        assert all(board.kind[e] in ("country", "intersection") for e in path.ends)
        assert all(len(board.adjacent[s]) == 2 for s in path.spaces)
    for x in board.intersections:
        assert len(board.adjacent[x]) >= 3


def test_ra_b_wrap_paths_cross_the_map_edge():
    """RA-B-WRAP: several paths leave one edge and enter at the opposite one."""
    board = load_board()
    wraps = [p for p in board.paths.values() if p.wrap]
    assert len(wraps) >= 3
    assert board.xy["S66"][0] > 900 and board.xy["S67"][0] < 100
    assert "S67" in board.adjacent["S66"]


def test_ra_b_checkpoints_point_along_their_path():
    """RA-B-CHECKPOINTS: every arrow points at a neighbour on its path."""
    board = load_board()
    assert len(board.checkpoints) >= 5
    for space, arrow in board.checkpoints.items():
        assert arrow in board.adjacent[space]


def test_ra_b_instructions_have_texts_and_known_effects():
    """RA-B-INSTRUCTIONS: texts and effects live in the board file."""
    board = load_board()
    effects = {i.effect for i in board.instructions.values()}
    assert effects == set(EFFECTS)
    assert all(i.text for i in board.instructions.values())
    assert all(i.count == 2 for i in board.instructions.values() if i.effect == "back")


def test_broken_link_is_named():
    message = broken(lambda d: d["paths"][0]["spaces"].append("S999"))
    assert "unknown space 'S999'" in message


def test_duplicate_id_is_named():
    message = broken(lambda d: d["spaces"].append(dict(d["spaces"][0])))
    assert "duplicate id" in message


def test_unknown_country_is_named():
    def change(d):
        d["paths"][0]["ends"] = ["ATLANTIS", "X1"]

    assert "unknown country or intersection 'ATLANTIS'" in broken(change)


def test_unreachable_and_unlinked_spaces_are_named():
    def change(d):
        d["spaces"].append({"id": "S500", "x": 10, "y": 10})

    message = broken(change)
    assert "'S500' is on no path" in message and "unreachable" in message


def test_checkpoint_arrow_off_its_path_is_named():
    def change(d):
        d["checkpoints"][0]["arrow"] = "PERU"

    assert "not next to it along its path" in broken(change)


def test_every_problem_is_named_at_once():
    def change(d):
        d["spaces"].append(dict(d["spaces"][0]))
        d["instructions"][0]["effect"] = "teleport"
        d["countries"].pop()

    message = broken(change)
    assert "duplicate id" in message
    assert "unknown effect 'teleport'" in message
    assert "needs 9 countries" in message


def test_game_refuses_a_broken_board_file(tmp_path):
    data = copy.deepcopy(DATA)
    data["paths"][3]["ends"][0] = "NOWHERE"
    bad = tmp_path / "raiders_bad.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(BoardError, match="NOWHERE"):
        Raiders(players=2, board=str(bad))
