"""What the notebook table says in words a player understands, as issue 49 found
it: the README's example seated random bots (no screen offers one), the status
line mixed its tenses ("rolled 3 and chooses forward or backward"), and a Raiders
way button said "checkpoint" twice."""

from __future__ import annotations

import re
from pathlib import Path

from tabletop.ui import pitfall_table

README = Path(__file__).resolve().parent.parent / "README.md"


def test_a_table_seats_easy_bots_unless_told():
    """The README's example: ``bots=2`` seats the Easy bot, the weakest that
    every screen offers, not the random bot; the Seats tab says so."""
    table = pitfall_table(players=3, seed=7, bots=2, autosave=False)
    assert table.model.seats == ("human", "heuristic", "heuristic")
    shown = [dd.value for dd in table.widgets.seat_controls.dropdowns]
    assert shown == ["human", "Easy", "Easy"]
    hard = pitfall_table(players=3, seed=7, bots=2, bot="Hard", autosave=False)
    assert hard.model.seats[1:] == ("flat-mc", "flat-mc")
    example = next(
        line for line in README.read_text().splitlines()
        if re.match(r"table = pitfall_table\(players=3, seed=7, bots=2\)", line)
    )  # fmt: skip
    assert "Easy bots" in example and "random" not in example, example
