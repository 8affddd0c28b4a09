"""Declining the offer of a saved game (Start fresh) brings back what the offer
hid: "Who is ahead" evaluates the fresh deal again."""

from __future__ import annotations

import pytest

from tabletop.ui import new_table, pitfall_table


def test_who_is_ahead_comes_back_after_start_fresh(comms, tmp_path):
    path = tmp_path / "family.json"
    first = pitfall_table(players=2, seed=3, bots=1, bot="heuristic", autosave=path)
    first.choose("roll")
    first.close()
    again = pitfall_table(players=2, seed=3, bots=1, bot="heuristic", autosave=path)
    bar = again.evaluation
    again.widgets.echo.value = again.token  # a page shows the table
    assert again.model.resume_from is not None
    assert bar.basis.value == "hidden while a saved game is offered"
    asked = bar.evaluator.number
    again.widgets.fresh.click()  # Start fresh: the offer is declined
    assert again.model.resume_from is None
    assert "saved game" not in bar.basis.value
    assert bar.evaluator.number > asked or bar.estimate is not None
    assert bar.bars.value, "the model's estimate or the playouts' answer"
    again.close()


@pytest.mark.parametrize("game", ["pitfall", "raiders", "race"])
def test_start_fresh_where_a_bot_moves_first_plays_on_and_shows_one_hand(
    comms, tmp_path, monkeypatch, game
):
    """The cell run again, then Start fresh on a deal where a bot is to move: the
    bots play at once up to the human seat (nothing frozen at step 0), and the
    table looks through that seat's eyes, not every hand (TT-TURN)."""
    monkeypatch.chdir(tmp_path)
    seats = ["heuristic", "human", "heuristic"]  # the bot at seat 0 moves first
    made = dict(players=3, bots=seats, seed=3, autosave=True)
    first = new_table(game, **made)
    first.close()
    again = new_table(game, **made)
    model = again.model
    assert model.resume_from is not None
    again.widgets.fresh.click()  # Start fresh
    assert model.resume_from is None
    assert model.to_move not in model.bot_seats, "a bot seat stays to move"
    assert model.step > 0
    assert model.eyes == 1, "the human seat's eyes, not everything"
    seen = [hand.cards for hand in again.widgets.hands]
    for seat in model.bot_seats:
        assert isinstance(seen[seat], int) or seen[seat] == (), seen
    again.close()


def test_a_bot_moving_first_never_shows_every_hand(comms):
    """A table made with a bot to move and bots waiting for a click (auto off):
    the eyes are the next human's, never everything (TT-TURN)."""
    from tabletop.core import Match, make_game
    from tabletop.ui import Table

    match = Match(make_game("pitfall", players=3), seed=3)
    table = Table(match, seats=["heuristic", "human", "heuristic"], auto=False)
    assert table.model.to_move in table.model.bot_seats
    assert table.model.eyes == 1
    for seat in table.model.bot_seats:
        assert isinstance(table.widgets.hands[seat].cards, int)
    table.close()
