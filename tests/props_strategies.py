"""Hypothesis settings and strategies shared by the property tests (test_props_*).

Every property test runs derandomized (the same examples on every machine and every
run, so CI is deterministic) with a modest number of examples and no deadline (the
machine is shared; speed is measured in benchmarks/, never asserted here).
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from tabletop.core import Game, Match
from tabletop.games.pitfall import Pitfall
from tabletop.games.raiders import Raiders
from tabletop.learn import clauses


def props(examples: int) -> settings:
    """Settings for a property: derandomized, ``examples`` examples, no deadline."""
    return settings(
        max_examples=examples,
        derandomize=True,
        deadline=None,
        database=None,
        print_blob=True,
        # The same examples on any machine; a slow or filtered example is not a
        # failure (CI may get a newer Hypothesis that draws differently).
        suppress_health_check=list(HealthCheck),
    )


SHAPE_CLAUSES = frozenset({"TT-NOTATION", "TT-TURN", "TT-PHASE", "TT-OVER"})
CLAUSES = {
    "pitfall": SHAPE_CLAUSES | set(clauses("pitfall")),
    "raiders": SHAPE_CLAUSES | set(clauses("raiders")) | {"TT-LIMIT"},
}
"""Per game: every clause a refusal may name."""

PLAYERS = {"pitfall": (2, 3, 4), "raiders": (2, 3, 4, 5, 6)}
_GAMES: dict[tuple[str, int], Game] = {}


def game_for(name: str, players: int) -> Game:
    """The game (cached: building one reads and checks its board)."""
    key = (name, players)
    if key not in _GAMES:
        _GAMES[key] = (Pitfall if name == "pitfall" else Raiders)(players=players)
    return _GAMES[key]


@st.composite
def matches(draw: st.DrawFn, name: str, max_steps: int = 80) -> Match:
    """A seeded match of game ``name`` after a drawn number of legal actions."""
    players = draw(st.sampled_from(PLAYERS[name]), label="players")
    seed = draw(st.integers(0, 2**32), label="seed")
    steps = draw(st.integers(0, max_steps), label="steps")
    match = Match(game_for(name, players), seed)
    choices = draw(st.lists(st.integers(0, 2**16), min_size=steps, max_size=steps))
    for choice in choices:
        legal = match.legal_actions()
        if not legal:
            break
        match.play(legal[choice % len(legal)])
    return match


def snapshot(match: Match) -> tuple[str, int, int]:
    """Everything that identifies a match's timeline (to check it did not change)."""
    return json.dumps(match.to_json(), sort_keys=True), match.cursor, len(match)


JUNK_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**40), 2**40),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=8),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
)
"""Values of any JSON type, to put where another type is expected."""


def paths_in(data: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path (keys and indices) to a value inside a JSON tree."""
    out = [prefix] if prefix else []
    if isinstance(data, dict):
        for key, value in data.items():
            out += paths_in(value, (*prefix, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out += paths_in(value, (*prefix, i))
    return out


def at(data: Any, path: tuple) -> Any:
    for key in path:
        data = data[key]
    return data


def replaced(data: Any, path: tuple, value: Any) -> Any:
    """A deep copy of ``data`` with the value at ``path`` replaced."""
    out = copy.deepcopy(data)
    at(out, path[:-1])[path[-1]] = value
    return out


def removed(data: Any, path: tuple) -> Any:
    """A deep copy of ``data`` without the value at ``path``."""
    out = copy.deepcopy(data)
    del at(out, path[:-1])[path[-1]]
    return out


CLAUSE_ID = re.compile(r"^(TT|PH|RA)-[A-Z0-9-]+$")
