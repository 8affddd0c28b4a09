"""The example game in examples/race uses only the generic contract: it registers
itself, plays at a Table through the generic board drawing, saves and loads, and
runs with the random and search bots and tabletop.sim (process pool included)."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import pytest

from examples.race import Race
from tabletop.bots import make_bot, play_out
from tabletop.core import IllegalActionError, Match, lookup
from tabletop.sim import run_games


def test_registered_by_name():
    assert lookup("race").factory is Race


def test_refusals_name_their_clause_and_change_nothing():
    match = Match(Race(players=2), seed=3)
    before = match.state
    held = set(before.hands[0])
    missing = next(v for v in (1, 2, 3, 4) if v not in held)
    with pytest.raises(IllegalActionError) as err:
        match.play(f"play {missing}")
    assert err.value.clause == "RC-PLAY"
    assert match.check("P1: roll").clause == "TT-TURN"
    assert match.state is before and len(match) == 0
    match.play("P0: roll")
    assert match.to_move() == 1


def test_views_hide_other_hands_and_the_deck():
    game = Race(players=3)
    match = Match(game, seed=5)
    view = match.view(1)
    assert view.hands[1] == match.state.hands[1]
    assert set(view.hands[0]) == {"?"} and set(view.deck) == {"?"}
    assert game.forced_rolls(view) == ()
    world = game.determinize(view, 1, match.state.rng)
    assert game.invariants(world) == []


def test_saves_and_loads_by_name():
    match = Match(Race(players=2), seed=8)
    for _ in range(12):
        if match.over:
            break
        match.play(match.legal_actions()[-1])
    loaded = Match.from_json(match.dumps())
    assert loaded.state == match.state and loaded.cursor == match.cursor


@pytest.mark.parametrize("bot", ["random", "search"])
def test_bots_play_it_to_the_end(bot):
    game = Race(players=2)
    bots = [
        make_bot(bot, game, seed=s, **({"iterations": 8} if bot == "search" else {}))
        for s in range(2)
    ]
    result = play_out(game, game.initial_state(4), bots, 500)
    assert result.winner in (0, 1)


def test_simulation_in_a_process_pool():
    with ProcessPoolExecutor(max_workers=2) as pool:
        table = run_games(Race(players=2), 6, bots="random", seed=1, executor=pool)
    assert len(table.rows) == 6
    assert all(row["winner"] in (0, 1) for row in table.rows)


def test_plays_at_a_table_with_the_generic_board():
    from tabletop.draw.generic import GenericLook
    from tabletop.ui import Table

    table = Table(Match(Race(players=2), seed=2), seats=["human", "random"])
    assert isinstance(table.look, GenericLook)
    start = table.match.state.positions[0]
    table.choose("roll")
    assert table.match.state.positions[0] > start
    assert table.match.to_move() == 0  # the random bot answered at once


def test_a_save_from_another_board_file_is_migrated():
    match = Match(Race(players=2), seed=8)
    match.play("roll")
    data = match.to_json()
    assert data["board"] == Race(players=2).board.digest
    data["board"] = "0" * 16
    loaded = Match.from_json(data)
    assert loaded.migrated_from == "save was made on another version of the board file"
    assert loaded.state == match.state
