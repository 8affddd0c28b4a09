"""Batch games and playouts: seeding, executors, tables, summaries, what-if."""

from __future__ import annotations

import csv
import io
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest
from race import Race

from tabletop.core import Match
from tabletop.sim import (
    ResultTable,
    compare_rolls,
    derive_seed,
    run_games,
    run_playouts,
    summarize,
    wilson,
    win_probabilities,
    win_timeline,
)
from tests.race_play import race_match


def test_run_games_gives_one_row_per_game_with_distinct_seeds():
    table = run_games(Race(3), 12, bots="random", seed=5, workers=1)
    assert len(table) == 12
    assert table.column("index") == list(range(12))
    assert len(set(table.column("seed"))) == 12
    for row in table:
        assert row["players"] == 3 and row["bots"] == "random,random,random"
        assert row["winner"] in (0, 1, 2) and row["length"] > 0
        assert row["clause"] == "RC-WIN" and row["truncated"] is False


def test_same_seed_same_table_whatever_the_executor_and_chunking():
    reference = run_games(Race(2), 20, bots="random", seed=3, workers=1)
    with ThreadPoolExecutor(2) as threads:
        assert (
            run_games(Race(2), 20, seed=3, executor=threads, chunk_size=3) == reference
        )
    with ProcessPoolExecutor(2) as pool:
        assert run_games(Race(2), 20, seed=3, executor=pool, chunk_size=7) == reference
    assert run_games(Race(2), 20, seed=3, workers=2) == reference
    assert run_games(Race(2), 20, seed=4, workers=1) != reference


def test_seeds_depend_on_base_seed_and_index_only():
    table = run_games(Race(2), 5, seed=8, workers=1)
    assert table.column("seed") == [derive_seed(8, i, "game") for i in range(5)]


def test_rotation_moves_the_bots_round_the_seats():
    table = run_games(
        Race(2),
        4,
        bots="random,search",
        seed=0,
        workers=1,
        rotate=True,
        chunk_size=1,
    )
    assert table.column("bots") == ["random,search", "search,random"] * 2
    for row in table:
        assert row["winner_bot"] == row["bots"].split(",")[row["winner"]]


def test_games_by_name_or_module_path():
    by_path = run_games("race:Race", 6, players=3, seed=1, workers=1)
    by_object = run_games(Race(3), 6, seed=1, workers=1)
    assert by_path == by_object
    assert run_games(lambda: Race(3), 6, seed=1, workers=1) == by_object
    with pytest.raises(Exception, match="unknown game"):
        run_games("no_such_game", 1, workers=1)


def test_max_steps_cuts_games_off():
    table = run_games(Race(2), 3, seed=0, workers=1, max_steps=2)
    assert table.column("truncated") == [True] * 3
    assert table.column("winner") == [None] * 3
    assert summarize(table).truncated == 3


def _race_match():
    """Seat 0 to move at 18, seat 1 at 23: a roll of 6 reaches Goal (24), anything
    else lets seat 1 win."""
    return race_match(18, 23)


def test_playouts_start_from_the_match_state():
    match = _race_match()
    table = run_playouts(match, 30, bots="random", seed=0, workers=1)
    assert len(table) == 30
    assert {row["length"] for row in table} <= {1, 2}
    assert len({row["seed"] for row in table}) == 30


def test_playouts_vary_their_dice_but_not_for_the_same_seed():
    match = Match(Race(2), seed=2)
    a = run_playouts(match, 20, bots="random", seed=1, workers=1)
    assert a == run_playouts(match, 20, bots="random", seed=1, workers=2, chunk_size=4)
    assert len({row["length"] for row in a}) > 1


def test_playouts_can_sample_the_hidden_cards_from_a_view():
    match = Match(Race(3), seed=2)
    table = run_playouts(match, 10, bots="random", seed=1, workers=1, viewer=0)
    assert len(table) == 10 and all(row["winner"] is not None for row in table)


def test_compare_rolls_forces_the_next_roll_on_forks():
    """TT-FORCE: a 6 takes seat 0 from 18 to Goal and wins; a 1 lets seat 1 win.
    Seat 0 could also play a card (which never wins): the search bot rolls, since
    only a roll can win."""
    match = _race_match()
    before = len(match)
    results = compare_rolls(match, [6, 1], n=20, bots="search", workers=1)
    assert results[6].probabilities == (1.0, 0.0)
    assert results[1].probabilities == (0.0, 1.0)
    assert "forced to 6" in str(results[6])
    assert len(match) == before


def test_win_probabilities_have_wilson_intervals():
    match = Match(Race(2), seed=0)
    probs = win_probabilities(match, 40, bots="random", seed=2, workers=1)
    assert probs.n == 40 and sum(probs.wins) + probs.no_winner == 40
    for p, (lo, hi) in zip(probs.probabilities, probs.intervals, strict=True):
        assert 0 <= lo <= p <= hi <= 1


def test_win_timeline_covers_the_steps_and_keeps_the_cursor():
    match = Match(Race(2), seed=3)
    for _ in range(4):
        match.play("roll")
    match.goto(2)
    timeline = win_timeline(match, 10, every=2, bots="random", workers=1)
    assert [point.step for point in timeline] == [0, 2, 4]
    assert match.cursor == 2


def test_wilson_interval_known_values():
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-3) and hi == pytest.approx(
        0.7634, abs=1e-3
    )
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_summary_by_seat_and_by_bot():
    rows = [
        {"players": 2, "bots": "a,b", "winner": 0, "winner_bot": "a", "length": 10},
        {"players": 2, "bots": "b,a", "winner": 1, "winner_bot": "a", "length": 20},
        {"players": 2, "bots": "a,b", "winner": None, "winner_bot": "", "length": 30},
    ]
    summary = summarize(rows)
    assert [r.wins for r in summary.by_seat] == [1, 1]
    assert summary.by_bot["a"].wins == 2 and summary.by_bot["a"].n == 3
    assert summary.no_winner == 1
    assert summary.lengths.quantile(0.5) == 20
    assert "seat 0" in str(summary) and "bot a" in str(summary)


def test_table_exports_csv_and_says_what_is_missing(tmp_path):
    table = run_games(Race(2), 3, seed=0, workers=1)
    path = tmp_path / "out.csv"
    table.write(path)
    rows = list(csv.DictReader(io.StringIO(path.read_text())))
    assert [int(r["seed"]) for r in rows] == table.column("seed")
    try:
        frame = table.to_pandas()
    except ModuleNotFoundError as exc:
        assert "pandas" in str(exc)
    else:
        assert list(frame["seed"]) == table.column("seed")
    try:
        table.write(tmp_path / "out.parquet")
    except ModuleNotFoundError as exc:
        assert "pyarrow" in str(exc)
    else:
        assert (tmp_path / "out.parquet").stat().st_size > 0
    assert "3 rows" in repr(table) and "<table>" in table._repr_html_()
    assert ResultTable([]).to_csv() == "\n"
