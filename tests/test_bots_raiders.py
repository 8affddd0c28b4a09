"""The Raiders heuristic bot: sensible moves per clause, and games that end."""

from __future__ import annotations

import pytest

from tabletop.bots import make_bot, play_out
from tabletop.games.raiders import Raiders
from tabletop.games.raiders.actions import (
    Air,
    Ambush,
    FlyCountry,
    Hostage,
    Send,
    ShowPassport,
    Step,
)
from tabletop.games.raiders.heuristic import HeuristicBot, distance, evaluate
from tabletop.games.raiders.scenarios import build_state

KEYS = ["ark", "staff", "map"]


def _choose(game, state):
    seat = game.to_move(state)
    return HeuristicBot(game, 0).choose(game.view(state, seat))


@pytest.mark.parametrize("players", [2, 4])
def test_ra_w_win_heuristic_games_always_end_with_a_winner(players):
    """RA-W-WIN: heuristic bots finish their games."""
    game = Raiders(players=players)
    for seed in range(4):
        bots = [make_bot("heuristic", game, s) for s in range(players)]
        result = play_out(game, game.initial_state(seed), bots, max_steps=3000)
        assert not result.truncated and result.winner is not None


def test_heuristic_beats_random_with_seats_rotated():
    game = Raiders(players=2)
    wins = 0
    for i in range(10):
        bots = [make_bot("heuristic", game, i), make_bot("random", game, 50 + i)]
        seat = i % 2
        if seat:
            bots.reverse()
        wins += play_out(game, game.initial_state(i), bots, 3000).winner == seat
    assert wins >= 8


def test_ra_k_country_flies_to_the_ark_with_the_three_keys():
    game = Raiders(players=2)
    state = build_state(
        game, ark="EGYPT",
        players=[{"at": "PERU", "hand": [*KEYS, "country:NEPAL", "ambush"]},
                 {"at": "CHINA", "hand": ["ambush"]}],
    )  # fmt: skip
    assert _choose(game, state) == FlyCountry("EGYPT")


def test_ra_k_air_doubles_the_roll_when_far_from_the_ark():
    game = Raiders(players=2)
    state = build_state(
        game, ark="EGYPT",
        players=[{"at": "PERU", "hand": [*KEYS, "air"]},
                 {"at": "EGYPT", "hand": ["ambush"]}],
    )  # fmt: skip
    assert distance(game, "PERU", "EGYPT") > 4
    assert _choose(game, state) == Air()


def test_ra_k_ambush_robs_the_opponent_with_most_cards():
    game = Raiders(players=3)
    state = build_state(
        game, ark="EGYPT",
        players=[{"at": "EGYPT", "hand": ["ambush", "passport"]},
                 {"at": "CHINA", "hand": ["passport", "air"]},
                 {"at": "PERU", "hand": ["passport", "air", "ambush", "hostage"]}],
    )  # fmt: skip
    assert _choose(game, state) == Ambush(2)


def test_ra_k_hostage_sends_the_leader_far_from_the_ark():
    game = Raiders(players=2)
    cards = ["passport", "passport", "air", "ambush", "ambush", "staff"]
    state = build_state(
        game, ark="EGYPT",
        players=[{"at": "PERU", "hand": ["hostage", "passport"]},
                 {"at": "S24", "from": "S23", "hand": cards}],
    )  # fmt: skip
    action = _choose(game, state)
    assert isinstance(action, Hostage) and action.victim == 1
    assert distance(game, action.to, "EGYPT") >= 6


def test_ra_m_land_player_sends_them_away_from_the_ark():
    game = Raiders(players=2)
    state = build_state(
        game, ark="EGYPT", phase="land", landed=[1], steps=0,
        players=[{"at": "S23", "from": "S22", "hand": ["passport"]},
                 {"at": "S23", "from": "S24", "hand": ["air"]}],
    )  # fmt: skip
    action = _choose(game, state)
    assert isinstance(action, Send) and distance(game, action.to, "EGYPT") >= 6


def test_ra_m_direction_heads_for_the_ark_with_the_keys():
    game = Raiders(players=2)
    state = build_state(
        game, ark="EGYPT", phase="move", steps=4,
        players=[{"at": "ENGLAND", "hand": [*KEYS, "passport"]},
                 {"at": "CHINA", "hand": ["air"]}],
    )  # fmt: skip
    assert _choose(game, state) == Step("S22")


def test_ra_m_checkpoint_land_shows_a_passport_when_owed():
    game = Raiders(players=2)
    state = build_state(
        game, ark="EGYPT", phase="customs",
        players=[
            {"at": "S23", "from": "S22", "hand": ["passport", "air"], "owes": True},
            {"at": "CHINA", "hand": ["air"]},
        ],
    )  # fmt: skip
    assert _choose(game, state) == ShowPassport()


def test_decisions_depend_only_on_the_view():
    """Other hands are hidden (RA-S-HIDDEN): changing them changes nothing."""
    game = Raiders(players=3)
    base = dict(ark="EGYPT", to_move=0)
    me = {"at": "PERU", "hand": ["ambush", "passport"]}
    a = build_state(
        game,
        **base,
        players=[
            me,
            {"at": "CHINA", "hand": ["air", "map"]},
            {"at": "NEPAL", "hand": ["staff", "air"]},
        ],
    )
    b = build_state(
        game,
        **base,
        players=[
            me,
            {"at": "CHINA", "hand": ["ark", "air"]},
            {"at": "NEPAL", "hand": ["map", "hostage"]},
        ],
    )
    assert _choose(game, a) == _choose(game, b)


def test_evaluate_favours_the_player_holding_the_keys():
    game = Raiders(players=2)
    state = build_state(
        game, ark="EGYPT",
        players=[{"at": "PERU", "hand": ["air"]},
                 {"at": "S24", "from": "S23", "hand": KEYS}],
    )  # fmt: skip
    chances = evaluate(game, state)
    assert sum(chances) == pytest.approx(1.0) and chances[1] > chances[0]


def test_heuristic_distances_come_from_the_board():
    """The bot's step distances are derived data of the board object (nothing kept
    at module level): they go with the board."""
    from tabletop.games.raiders import Raiders
    from tabletop.games.raiders import heuristic as raiders_heuristic

    game = Raiders(players=2)
    assert raiders_heuristic.distance(game, "S22", "EGYPT") == 3
    assert raiders_heuristic.distance(game, "EGYPT", "EGYPT") == 0
    assert game.board.distances["EGYPT"]["S22"] == 3
    assert not any(
        isinstance(v, dict) and not k.startswith("__")
        for k, v in vars(raiders_heuristic).items()
    )


def test_turn_runs_are_the_runs_of_the_legal_actions():
    """The heuristic asks a turn's start for its legal actions rule by rule
    (``TurnRuns``): each list is the run of its kinds in ``legal_actions``,
    hostage-taking hands included (RA-K-HOSTAGE)."""
    import random
    from itertools import groupby

    from tabletop.games.raiders.actions import Roll
    from tabletop.games.raiders.heuristic import TurnRuns

    game = Raiders(players=4)
    turns = hostages = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = game.initial_state(seed)
        while game.outcome(state) is None:
            legal = game.legal_actions(state)
            if state.phase == "turn":
                runs = TurnRuns(game, state)
                asked = [a for kind in (Roll, FlyCountry, Ambush, Hostage)
                         for a in runs.of(kind)]  # fmt: skip
                assert asked == legal
                by_kind = {k: list(r) for k, r in groupby(legal, type)}
                assert runs.of(Hostage) == by_kind.get(Hostage, [])
                assert runs.of(FlyCountry) == by_kind.get(FlyCountry, [])
                turns += 1
                hostages += bool(runs.of(Hostage))
            state, _ = game.apply(state, rng.choice(legal))
    assert turns > 200 and hostages > 10
