"""A table made without a seed deals a fresh game (a seed from the operating
system's randomness, kept on the match and shown in the Save / load tab); a seed
given deals the same game every time; "New game" deals a fresh seed; running a
fresh table's cell again still finds its autosave."""

from __future__ import annotations

from tabletop import Match
from tabletop.ui import Table, new_table, pitfall_table, raiders_table, saving
from tests.ui_fake import Dash, DashLook


def test_two_tables_made_without_a_seed_deal_two_games():
    first, second = raiders_table(players=3, bots=1), raiders_table(players=3, bots=1)
    assert first.match.seed != second.match.seed
    assert first.model.state != second.model.state, "a different opening"
    one, two = pitfall_table(), pitfall_table()
    assert one.match.seed != two.match.seed
    assert one.model.state != two.model.state, "different hands"
    assert new_table("pitfall").match.seed != new_table("pitfall").match.seed


def test_a_fresh_seed_replays_the_game_exactly_and_is_shown(tmp_path):
    table = pitfall_table(players=2)
    table.choose("roll")
    table.choose(str(table.legal[0].action))
    seed = table.match.seed
    replay = Match(table.model.game, seed=seed)
    for step in table.match.steps:
        replay.play(step.action)
    assert replay.state == table.model.state, "seed + actions replay the game"
    table.match.save(tmp_path / "game.json")
    assert Match.load(tmp_path / "game.json").state == table.model.state
    assert f"seed {seed}," in table.summary()
    table.widgets.tabs.selected_index = 3
    shown = table.widgets.files.deal.value
    assert f"seed <b>{seed}</b>" in shown
    assert "Play again" in shown and f"a new table with seed {seed}." in shown
    assert "(" not in shown and "=" not in shown.replace("style=", ""), "no code"
    table.widgets.tabs.selected_index = 0
    table.model.new_game(41)
    table.widgets.tabs.selected_index = 3
    assert "seed <b>41</b>" in table.widgets.files.deal.value, "follows the deal"


def test_a_table_made_with_a_seed_is_the_same_every_time():
    first = raiders_table(players=3, seed=7, bots=1)
    second = raiders_table(players=3, seed=7, bots=1)
    assert first.match.seed == second.match.seed == 7
    assert first.model.state == second.model.state
    assert pitfall_table(seed=7).model.state == pitfall_table(seed=7).model.state


def test_new_game_deals_a_fresh_seed_unless_one_is_given():
    game = Dash(2)
    table = Table(Match(game, seed=7), look=DashLook(game), seats=["random"] * 2)
    assert game.outcome(table.model.state) is not None, "the bots finished"
    table.widgets.fresh_deal.click()
    fresh = table.match.seed
    assert fresh not in (7, 8), "a fresh deal, not seed + 1"
    table.widgets.again.click()
    assert table.match.seed == fresh and table.model.step == 0, "the same deal"
    table.model.new_game()
    assert table.match.seed not in (fresh, fresh + 1)
    table.model.new_game(41)
    assert table.match.seed == 41


def test_a_fresh_tables_cell_run_again_finds_its_own_save(tmp_path, monkeypatch):
    """The autosave of a table made without a seed is named by notebook, game and
    player count only: the same cell run again (after a restart, with a new fresh
    seed) offers that game, which resumes with its own seed."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("JPY_SESSION_NAME", str(tmp_path / "play_raiders.ipynb"))
    monkeypatch.setattr(saving, "in_a_kernel", lambda: True)
    table = raiders_table(players=3, bots=1)
    assert str(table.model.autosave).endswith("play_raiders-raiders-3p.json")
    table.choose(table.legal[0].action)
    seed, state, path = table.match.seed, table.model.state, table.model.autosave
    again = raiders_table(players=3, bots=1)
    assert again.model.autosave == path and table.model.autosave is None, (
        "the table before is closed"
    )
    assert again.model.resume_from is not None
    again.widgets.resume.click()
    assert again.match.seed == seed and again.model.state == state
    other = raiders_table(players=4, bots=3)
    assert other.model.resume_from is None, "another player count, another save"
    seeded = raiders_table(players=3, seed=7, bots=1)
    assert seeded.model.resume_from is None, "a seeded table keeps its own save"
    assert str(seeded.model.autosave).endswith("play_raiders-raiders-3p-seed7.json")
