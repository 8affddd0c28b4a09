"""The play notebooks as a player reads them: no test directives, no rule clause
codes or space ids in their words and stored outputs, a fresh deal each run (the
tests pin one through ``TABLETOP_SEED``), and how a class replays one deal."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tabletop.core.rng import FRESH_SEEDS, SEED_VARIABLE, fresh_seed
from tabletop.table.words.panels import summary
from tabletop.ui import new_table

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
PLAY = ("play_pitfall", "play_raiders", "play_online")
CODE = re.compile(r"\b[A-Z]{2}(?:-[A-Z0-9]+)+\b")
"""A rule clause code ("PH-WIN", "RA-W-WIN")."""
SPACE_ID = re.compile(r"\b[AUSX]\d+\b")
"""A space id ("A2", "U14", "S43")."""


def _cells(name: str) -> list[dict]:
    return json.loads((NOTEBOOKS / f"{name}.ipynb").read_text())["cells"]


def _read(cell: dict) -> list[str]:
    """What a player reads of a cell: its words (markdown) or its stored outputs."""
    if cell["cell_type"] == "markdown":
        return ["".join(cell["source"])]
    said = []
    for output in cell.get("outputs", []):
        text = output.get("text") or output.get("data", {}).get("text/plain", "")
        said.append("".join(text))
    return said


@pytest.mark.parametrize("name", PLAY)
def test_a_play_notebook_shows_no_test_directive(name):
    for cell in _cells(name):
        source = "".join(cell["source"])
        assert "NBVAL" not in source, source
        assert "the tests" not in source, source


@pytest.mark.parametrize("name", PLAY)
def test_the_checked_cells_are_tagged_for_nbval(name):
    checked = [
        c for c in _cells(name) if "nbval-check-output" in c["metadata"].get("tags", [])
    ]
    assert checked, "the tests still check an output, by the cell's tag"
    assert all(c["outputs"] for c in checked)


@pytest.mark.parametrize("name", PLAY)
def test_a_player_reads_no_clause_code_or_space_id(name):
    for cell in _cells(name):
        for text in _read(cell):
            assert not CODE.search(text), text
            assert not SPACE_ID.search(text), text


@pytest.mark.parametrize("name", ["play_pitfall", "play_raiders"])
def test_a_play_notebook_deals_a_fresh_game_and_says_how_to_replay_one(name):
    cells = _cells(name)
    code = "".join(
        c for cell in cells if cell["cell_type"] == "code" for c in cell["source"]
    )
    assert "seed" not in code, "the table is made without a seed"
    words = "".join(
        c for cell in cells if cell["cell_type"] == "markdown" for c in cell["source"]
    )
    assert "seed=1234" in words and "*Play again*" in words


def test_tabletop_seed_pins_a_table_made_without_a_seed(monkeypatch):
    monkeypatch.setenv(SEED_VARIABLE, "5")
    assert fresh_seed() == 5
    table = new_table("pitfall", players=2, autosave=False)
    assert table.match.seed == 5
    assert new_table("pitfall", players=2, seed=9, autosave=False).match.seed == 9
    assert 0 <= fresh_seed(pinned=False) < FRESH_SEEDS
    fresh = {table.model.new_game().seed for _ in range(3)}
    assert fresh != {5}, "New game still deals a fresh seed"
    monkeypatch.setenv(SEED_VARIABLE, "five")
    with pytest.raises(ValueError, match=SEED_VARIABLE):
        fresh_seed()


@pytest.mark.parametrize(("game", "players"), [("pitfall", 3), ("raiders", 4)])
def test_the_summary_speaks_in_the_players_words_at_every_step(game, players):
    table = new_table(
        game, players=players, seed=3, bots=players, bot="heuristic", autosave=False
    )
    model = table.model
    for step in range(model.length + 1):
        model.goto(step)
        text = summary(model)
        assert not CODE.search(text) and not SPACE_ID.search(text), text
        assert "[" not in text and "player 0 " not in text, text
    assert "Game over: " in text and "wins" in text
    assert "Easy bot" in text, "a bot is named by its level"
