"""Named Raiders scenarios and the scenario builder; every catalogue clause is named
by a test."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tabletop.games.raiders import Raiders
from tabletop.games.raiders.scenarios import BOOK, build_state, scenario

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("name", BOOK.names())
def test_named_scenario_plays_its_suggested_actions(name):
    sc = scenario(name)
    assert not sc.game.invariants(sc.state)
    state, events = sc.state, []
    for notation in sc.try_actions:
        state, happened = sc.game.apply(state, sc.game.parse_action(notation))
        events.extend(happened)
    seen = {e.clause for e in events}
    assert set(sc.clauses) & (
        seen | {"RA-M-FORWARD", "RA-K-HOSTAGE-TWICE", "RA-B-WRAP", "RA-K-PASSPORT"}
    )
    assert not sc.game.invariants(state)


def test_wrap_scenario_crosses_the_map_edge():
    """RA-B-WRAP: travel goes on across the edge of the map."""
    sc = scenario("wrap")
    state, events = sc.game.apply(sc.state, sc.game.parse_action("roll"))
    steps = [e.text.rsplit(" ", 1)[1] for e in events if e.kind == "step"]
    assert steps == ["S67", "S68", "S69", "X5"]
    xs = [sc.game.board.xy[s][0] for s in ["S66", *steps]]
    assert xs[0] > 900 and xs[1] < 100


@pytest.mark.parametrize(
    "description, message",
    [
        ({"zoom": 1}, "unknown scenario keys"),
        ({"players": [{"at": "PERU"}]}, "describes 1 players"),
        (
            {
                "ark": "PERU",
                "players": [{"at": "PERU", "hand": ["ark", "ark"]}, {"at": "USA"}],
            },
            "more cards than the deck",
        ),
        ({"ark": "PERU", "players": [{"at": "PERU"}, {"at": "PERU"}]}, "two tokens"),
        (
            {"ark": "PERU", "players": [{"at": "PERU", "wings": 2}, {"at": "USA"}]},
            "unknown keys",
        ),
    ],
)
def test_build_state_names_what_is_wrong(description, message):
    with pytest.raises(ValueError, match=message):
        build_state(Raiders(players=2), **description)


def test_unknown_scenario_lists_the_known_ones():
    with pytest.raises(KeyError, match="checkpoint"):
        scenario("nope")


def test_every_catalogue_clause_is_named_by_a_raiders_test():
    catalogue = ROOT.parent / "shared" / "rules" / "raiders.md"
    if not catalogue.exists():
        catalogue = ROOT / "docs" / "rules-raiders.md"
    ids = set(re.findall(r"\*\*(RA-[A-Z0-9-]+)\*\*", catalogue.read_text()))
    assert len(ids) >= 38
    tests = "".join(p.read_text() for p in (ROOT / "tests").glob("test_raiders_*.py"))
    named = set(re.findall(r"RA-[A-Z0-9]+(?:-[A-Z0-9]+)*", tests))
    assert sorted(ids - named) == []
