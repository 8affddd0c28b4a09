"""Bots offered by how hard they are to beat: Easy, Medium and Hard in the Seats
tab (the algorithm in the tooltip), while code keeps the algorithms' names."""

from __future__ import annotations

from tabletop.bots import BOT_LEVELS, ISMCTSBot, SearchBot, make_bot
from tabletop.games.pitfall import Pitfall
from tabletop.ui import pitfall_table


def test_the_seats_tab_offers_easy_medium_and_hard_with_the_algorithm_in_the_tooltip():
    table = pitfall_table(players=3, seed=5, bots=2, bot="heuristic", autosave=False)
    human, bot = table.widgets.seat_controls.dropdowns[:2]
    assert list(bot.options) == ["human", "Easy", "Medium", "Hard"]
    assert human.value == "human" and bot.value == "Easy"
    assert all(name in bot.tooltip for name in ("heuristic", "ismcts", "flat-mc"))
    bot.value = "Hard"
    assert table.model.seats[1] == "flat-mc", "the seat plays the algorithm"
    bot.value = "Medium"
    assert table.model.seats[1] == "ismcts"
    assert list(bot.options) == ["human", "Easy", "Medium", "Hard"]
    assert bot.value == "Medium"


def test_code_keeps_the_algorithm_names_and_takes_the_levels():
    game = Pitfall(players=2)
    assert dict(BOT_LEVELS) == {
        "Easy": "heuristic",
        "Medium": "ismcts",
        "Hard": "flat-mc",
    }
    assert isinstance(make_bot("Hard", game), SearchBot)
    assert isinstance(make_bot("Medium", game), ISMCTSBot)
    assert make_bot("Easy", game).name == make_bot("heuristic", game).name
    table = pitfall_table(players=2, seed=5, bots=1, bot="search", autosave=False)
    assert table.model.seats[1] == "search"
    assert table.widgets.seat_controls.dropdowns[1].value == "Hard"
    assert "Easy bot" in pitfall_table(players=2, bots=1, bot="Easy").summary()
