"""Travel by die: direction, countries, intersections, players and checkpoints on the
way (RA-M-*, RA-T-SKIP)."""

from __future__ import annotations

import pytest

from tabletop.games.raiders import Raiders
from tests.raiders_play import clauses, legal, play, position, rolls

P1_IDLE = {"at": "PERU", "hand": ["ambush"]}


def game_of(seats: int) -> Raiders:
    return Raiders(players=seats)


def at(where: str, came_from: str = "", cards=("ambush",), **more) -> dict:
    return {"at": where, "from": came_from, "hand": list(cards), **more}


def test_ra_m_roll_moves_exactly_the_die_count():
    """RA-M-ROLL: a 3 from S1 (coming from USA) ends exactly on X1."""
    game, s = position(ark="NEPAL", players=[at("S1", "USA"), P1_IDLE])
    s, events = play(game, rolls(s, 3), "roll")
    assert s.positions[0] == "X1" and s.to_move == 1 and s.prev[0] == "S3"
    assert [e.text for e in events if e.kind == "step"] == [
        "player 0 moved to S2",
        "player 0 moved to S3",
        "player 0 moved to X1",
    ]


def test_ra_m_direction_is_remembered_across_turns():
    """RA-M-DIRECTION: a token on a path keeps its way; S17 travelling toward USA
    goes to USA, not back to S18."""
    game, s = position(ark="NEPAL", players=[at("S17", "S18"), P1_IDLE])
    s, _ = play(game, rolls(s, 1), "roll")
    assert s.positions[0] == "USA"


def test_ra_m_direction_free_for_a_token_put_on_a_path():
    """RA-M-DIRECTION ruling: a token with no memory (moved there by another player)
    may go either way."""
    game, s = position(ark="NEPAL", players=[at("S17"), P1_IDLE])
    s, _ = play(game, rolls(s, 1), "roll")
    assert s.phase == "move" and legal(game, s) == ["to USA", "to S18"]
    s, _ = play(game, s, "to USA")
    assert s.positions[0] == "USA" and s.phase == "turn" and s.to_move == 1


def test_ra_m_unoccupied_country_allows_going_back():
    """RA-M-UNOCCUPIED: mid-move at an unoccupied country any way is open, back
    included."""
    game, s = position(ark="NEPAL", players=[at("S18", "S17"), P1_IDLE])
    s, _ = play(game, rolls(s, 2), "roll")
    assert s.positions[0] == "MEXICO"
    assert legal(game, s) == ["to S18", "to S19", "to S78"]


def test_ra_m_forward_only_at_occupied_country_and_intersection():
    """RA-M-FORWARD: at an occupied country or an intersection, not back."""
    game, s = position(ark="NEPAL", players=[at("S18", "S17"), at("MEXICO")])
    s, _ = play(game, rolls(s, 2), "roll")
    assert legal(game, s) == ["to S19", "to S78"]
    assert game.check(s, game.parse_action("to S18")).clause == "RA-M-FORWARD"
    game, s = position(
        3, ark="NEPAL", players=[at("S3", "S2"), at("ENGLAND"), at("PERU")]
    )
    s, _ = play(game, rolls(s, 2), "roll")
    assert s.positions[0] == "X1" and legal(game, s) == ["to S4", "to S6"]


def test_ra_m_occupied_country_cannot_be_landed_on():
    """RA-M-OCCUPIED: a roll that can only land on an occupied country: no move,
    the turn is over."""
    game, s = position(ark="NEPAL", players=[at("S18", "S17"), at("MEXICO")])
    after, events = play(game, rolls(s, 1), "roll")
    assert after.positions[0] == "S18" and after.to_move == 1
    assert "RA-M-OCCUPIED" in clauses(events)


def test_ra_m_occupied_country_way_is_not_offered():
    """RA-M-OCCUPIED ruling: a way ending on an occupied country is not offered
    when another way is open."""
    game, s = position(
        3,
        ark="NEPAL",
        phase="move",
        steps=4,
        route=["S13", "X2"],
        players=[at("X2", "S13"), at("AFRICA"), at("PERU")],
    )
    assert legal(game, s) == ["to S10"]
    assert game.check(s, game.parse_action("to S14")).clause == "RA-M-OCCUPIED"


def test_ra_m_occupied_ruling_a_checkpoint_on_the_way_stops_the_token():
    """RA-M-OCCUPIED ruling: a move is made step by step; a token without a
    Passport heading for an occupied country stops at the checkpoint on the way
    (RA-M-CHECKPOINT) instead of not moving: S22 (from ENGLAND) rolls 3 toward
    EGYPT, where player 1 stands, and stops on checkpoint S23."""
    game, s = position(ark="NEPAL", players=[at("S22", "ENGLAND"), at("EGYPT")])
    s, events = play(game, rolls(s, 3), "roll")
    assert s.positions[0] == "S23" and s.skips[0] == 1 and s.to_move == 1
    assert "RA-M-CHECKPOINT" in clauses(events)
    # the same at an intersection: the way to S4 (checkpoint S5 before ENGLAND)
    game, s = position(
        3,
        ark="NEPAL",
        phase="move",
        steps=3,
        route=["S3", "X1"],
        players=[at("X1", "S3"), at("ENGLAND"), at("PERU")],
    )
    assert legal(game, s) == ["to S4", "to S6"]
    s, _ = play(game, s, "to S4")
    assert s.positions[0] == "S5" and s.skips[0] == 1


def test_ra_m_occupied_ruling_a_passport_holder_whose_move_ends_occupied_stays():
    """RA-M-OCCUPIED ruling, RA-M-CHECKPOINT: a Passport pays the checkpoint, so
    nothing stops the token on the way; a move that would really end on an occupied
    country is not made. The token stays, keeps its Passport and its next turn,
    and the turn is over."""
    game, s = position(
        ark="NEPAL", players=[at("S22", "ENGLAND", ("passport",)), at("EGYPT")]
    )
    s, events = play(game, rolls(s, 3), "roll")
    assert s.positions[0] == "S22" and s.prev[0] == "ENGLAND"
    assert s.skips[0] == 0 and s.hands[0] == ("passport",) and s.to_move == 1
    assert "RA-M-OCCUPIED" in clauses(events)
    assert "RA-M-CHECKPOINT" not in clauses(events)
    assert not [e for e in events if e.kind == "step"]
    # a way on that ends elsewhere is taken, the Passport shown
    game, s = position(
        ark="NEPAL", players=[at("S22", "ENGLAND", ("passport",)), at("PERU")]
    )
    s, events = play(game, rolls(s, 3), "roll")
    assert s.positions[0] == "EGYPT" and "RA-M-CHECKPOINT" in clauses(events)


def test_ra_m_occupied_passport_holder_from_s4_stays():
    """RA-M-OCCUPIED ruling, RA-M-CHECKPOINT: S4 (from X1) rolls 2 with a Passport:
    checkpoint S5 is paid and the roll would end on occupied ENGLAND, so the token
    stays on S4 with its Passport; without one it stops on S5 and loses a turn."""
    from tabletop import Match

    players = [at("S4", "X1", ("passport", "air")), at("ENGLAND")]
    m = Match.from_position(game_of(2), ark="NEPAL", next_roll=2, players=players)
    assert "roll" in [str(a) for a in m.legal_actions()]
    m.play("roll")
    s = m.state
    assert s.positions[0] == "S4" and sorted(s.hands[0]) == ["air", "passport"]
    assert s.skips[0] == 0 and s.to_move == 1 and s.discards == ()
    assert "RA-M-OCCUPIED" in [e.clause for e in m.steps[-1].events]
    players[0] = at("S4", "X1", ("air",))
    m = Match.from_position(game_of(2), ark="NEPAL", next_roll=2, players=players)
    m.play("roll")
    assert m.state.positions[0] == "S5" and m.state.skips[0] == 1


def test_ra_m_occupied_passport_fork_offers_no_way_ending_occupied():
    """RA-M-OCCUPIED ruling, RA-M-CHECKPOINT: at X1 with 3 to go and a Passport, the
    way by S4 pays checkpoint S5 and would end on occupied ENGLAND, so it is not
    offered (without a Passport it was, stopping on S5); the legal list, the
    explanations and ``check`` agree."""
    game, s = position(
        3,
        ark="NEPAL",
        phase="move",
        steps=3,
        route=["S3", "X1"],
        players=[at("X1", "S3", ("passport",)), at("ENGLAND"), at("PERU")],
    )
    assert legal(game, s) == ["to S6"]
    assert [str(e.action) for e in game.explain(s)] == ["to S6"]
    assert game.check(s, game.parse_action("to S4")).clause == "RA-M-OCCUPIED"


def test_ra_m_occupied_passport_gained_on_the_way_stops_at_the_checkpoint():
    """RA-M-OCCUPIED ruling, RA-M-CHECKPOINT, RA-M-PASS-PLAYER: a Passport taken
    from a player passed during the move pays the checkpoint, but every way on
    would end on an occupied country; the rest of the move is not made: the token
    stops on the checkpoint, keeps the Passport and its next turn."""
    game, s = position(
        3,
        ark="NEPAL",
        players=[at("ENGLAND"), at("S22", "", ("passport",)), at("EGYPT")],
    )
    s, _ = play(game, rolls(s, 4), "roll")
    assert s.phase == "move" and "to S22" in legal(game, s)
    s, events = play(game, s, "to S22")
    assert s.positions[0] == "S23" and s.skips[0] == 0 and s.phase == "turn"
    assert sorted(s.hands[0]) == ["ambush", "passport"]
    assert "RA-M-OCCUPIED" in clauses(events)
    assert "RA-M-PASS-PLAYER" in clauses(events)


@pytest.mark.parametrize(
    "start, came, roll, effect_check",
    [
        ("S1", "USA", 1, "draw"),
        ("S7", "S6", 1, "lose_turn"),
        ("S19", "MEXICO", 1, "discard"),
        ("S25", "EGYPT", 1, "back"),
        ("S14", "X2", 1, "roll_again"),
    ],
)
def test_ra_m_instruction_spaces_do_what_they_say(start, came, roll, effect_check):
    """RA-M-INSTRUCTION: landing by exact count, the mover follows the space."""
    game, s = position(
        ark="NEPAL", players=[at(start, came, ("ambush", "air")), P1_IDLE]
    )
    s, events = play(game, rolls(s, roll, 2), "roll")
    assert "RA-M-INSTRUCTION" in clauses(events)
    if effect_check == "draw":
        assert len(s.hands[0]) == 3
    elif effect_check == "lose_turn":
        assert s.skips[0] == 1
    elif effect_check == "discard":
        assert len(s.hands[0]) == 1 and len(s.discards) == 1
    elif effect_check == "back":
        # two spaces back: S25, then EGYPT (RA-M-INSTRUCTION ruling)
        assert s.positions[0] == "EGYPT" and s.prev[0] == ""
    else:
        assert s.positions[0] == "AFRICA"


def test_ra_m_country_card_drawn_passing_or_landing_not_at_start():
    """RA-M-COUNTRY-CARD: each unoccupied country passed or landed on gives a card;
    the start country does not."""
    game, s = position(
        ark="NEPAL", players=[at("S18", "S17"), P1_IDLE], deck_top=["air", "map"]
    )
    s, events = play(game, rolls(s, 2), "roll", "to S19")
    assert sorted(s.hands[0]) == ["air", "ambush"]
    assert "RA-M-COUNTRY-CARD" in clauses(events)
    game, s = position(ark="NEPAL", players=[at("MEXICO"), P1_IDLE])
    s, _ = play(game, rolls(s, 1), "roll", "to S19")
    assert s.hands[0] == ("ambush",)


def test_ra_m_pass_player_takes_a_random_card_once():
    """RA-M-PASS-PLAYER: passing a player on a path takes one card of theirs."""
    game, s = position(
        3,
        ark="NEPAL",
        players=[
            at("S17", "USA"),
            at("S18", "", ("passport",)),
            at("S18", "", ("air",)),
        ],
    )
    s, events = play(game, rolls(s, 3), "roll", "to S19")
    takes = [e for e in events if e.clause == "RA-M-PASS-PLAYER"]
    assert [e.text for e in takes] == [
        "player 0 took Passport from player 1",
        "player 0 took Air Passage from player 2",
    ]
    assert all(e.secret and "a card" in e.public for e in takes)
    assert {"air", "passport"} <= set(s.hands[0])


def test_ra_m_safe_players_in_countries_are_not_robbed():
    """RA-M-SAFE: passing through a country with a player in it takes nothing."""
    game, s = position(
        ark="NEPAL", players=[at("S18", "S17"), at("MEXICO", "", ("passport",))]
    )
    s, events = play(game, rolls(s, 2), "roll", "to S19")
    assert s.hands[1] == ("passport",) and "RA-M-PASS-PLAYER" not in clauses(events)


def test_ra_m_land_player_send_them_anywhere_free_without_instructions():
    """RA-M-LAND-PLAYER: landing on a player on a path, the mover may move them;
    the instruction there does not touch them."""
    game, s = position(ark="NEPAL", players=[at("S17", "USA"), at("S18", "S17")])
    s, _ = play(game, rolls(s, 1), "roll")
    assert s.phase == "land" and "leave 1" in legal(game, s)
    assert "send 1 S18" not in legal(game, s) and "send 1 S8" in legal(game, s)
    s, events = play(game, s, "send 1 S8")
    assert s.positions[1] == "S8" and s.skips[1] == 0 and s.prev[1] == ""
    assert s.to_move == 1 and "RA-M-LAND-PLAYER" in clauses(events)


def test_ra_m_checkpoint_without_passport_stops_and_loses_a_turn():
    """RA-M-CHECKPOINT: going past along the arrow needs a Passport; without one the
    token stops on the checkpoint and misses the next turn."""
    game, s = position(ark="NEPAL", players=[at("S22", "ENGLAND"), P1_IDLE])
    s, events = play(game, rolls(s, 3), "roll")
    assert s.positions[0] == "S23" and s.skips[0] == 1
    assert "RA-M-CHECKPOINT" in clauses(events)


def test_ra_m_checkpoint_with_passport_or_against_the_arrow():
    """RA-M-CHECKPOINT: a Passport is discarded to go on; against the arrow is free."""
    game, s = position(
        ark="NEPAL", players=[at("S22", "ENGLAND", ("passport", "air")), P1_IDLE]
    )
    s, _ = play(game, rolls(s, 2), "roll")
    assert s.positions[0] == "S24" and s.hands[0] == ("air",)
    assert s.discards == ("passport",)
    game, s = position(ark="NEPAL", players=[at("S24", "EGYPT"), P1_IDLE])
    s, _ = play(game, rolls(s, 2), "roll")
    assert s.positions[0] == "S22" and s.skips[0] == 0


def test_ra_m_checkpoint_land_passport_or_lose_the_next_turn():
    """RA-M-CHECKPOINT-LAND: landing on it along the arrow, the next turn starts
    with a Passport or is lost."""
    game, s = position(
        ark="NEPAL", players=[at("S22", "ENGLAND", ("passport", "air")), P1_IDLE]
    )
    s, events = play(game, rolls(s, 1), "roll")
    assert s.owes[0] and "RA-M-CHECKPOINT-LAND" in clauses(events)
    s, _ = play(game, rolls(s, 1), "roll", "to S11")
    assert s.phase == "customs" and legal(game, s) == ["passport", "skip"]
    paid, _ = play(game, s, "passport")
    assert paid.phase == "turn" and paid.to_move == 0 and paid.hands[0] == ("air",)
    lost, _ = play(game, s, "skip")
    assert lost.to_move == 1 and lost.positions[0] == "S23" and not lost.owes[0]


def test_ra_t_skip_misses_add_up():
    """RA-T-SKIP: each miss skips one turn of that player."""
    game, s = position(ark="NEPAL", players=[at("USA"), at("PERU", skips=2)])
    s, events = play(game, rolls(s, 1, 1), "roll", "to S1", "roll")
    assert s.skips[1] == 0 and s.to_move == 0
    assert clauses(events).count("RA-T-SKIP") == 2
    s, _ = play(game, rolls(s, 1), "roll")
    assert s.to_move == 1


def test_ra_m_pass_player_once_per_move_and_not_from_the_start_space():
    """RA-M-PASS-PLAYER ruling: passing the same player twice in a move takes one
    card; a player sharing the start space is not passed."""
    game, s = position(
        ark="NEPAL", players=[at("S17", "USA"), at("S18", "", ("air", "map"))]
    )
    s, events = play(game, rolls(s, 4), "roll", "to S18")
    assert s.positions[0] == "S17"
    assert clauses(events).count("RA-M-PASS-PLAYER") == 1
    game, s = position(
        ark="NEPAL", players=[at("S17", "USA"), at("S17", "", ("air", "map"))]
    )
    s, events = play(game, rolls(s, 2), "roll")
    assert "RA-M-PASS-PLAYER" not in clauses(events) and len(s.hands[1]) == 2


def test_turn_limit_option_ends_without_a_winner():
    """TT-LIMIT: the simulation option stops a game with no winner."""
    game, s = position(
        ark="NEPAL", options={"turn_limit": 1}, players=[at("USA"), P1_IDLE]
    )
    s, events = play(game, rolls(s, 1), "roll", "to S1")
    outcome = game.outcome(s)
    assert outcome.winner is None and outcome.clause == "TT-LIMIT"
    assert game.legal_actions(s) == [] and "TT-LIMIT" in clauses(events)


def test_ra_s_hidden_the_ways_of_a_move_show_only_to_the_mover():
    """RA-S-HIDDEN, RA-M-OCCUPIED: the ways open at X1 depend on the mover's
    Passport (the way by S4 is open without one, closed with one), so other seats
    and the public are shown no ways; their views stay valid states (JSON round
    trip, invariants) and the mover's view keeps the ways."""
    for cards, ways in ((("passport",), ("S6",)), (("ambush",), ("S4", "S6"))):
        game, s = position(
            3,
            ark="NEPAL",
            phase="move",
            steps=3,
            route=["S3", "X1"],
            players=[at("X1", "S3", cards), at("ENGLAND"), at("PERU")],
        )
        assert s.ways == ways and game.view(s, 0).ways == ways
        for viewer in (1, 2, "public"):
            seen = game.view(s, viewer)
            assert seen.ways == () and game.invariants(seen) == []
            assert game.state_from_json(game.state_to_json(seen)) == seen


def test_ra_m_occupied_version_3_save_of_a_step_now_refused_names_it():
    """RA-M-OCCUPIED, RA-M-CHECKPOINT (rules version 4): a save made under version
    3, where a Passport holder at X1 could take the way by S4 toward occupied
    ENGLAND and stop on checkpoint S5, is migrated by replaying its notation and
    refused at that step; one whose steps stay legal is migrated."""
    from tabletop import Match
    from tabletop.core import SaveError
    from tabletop.core.match import record_digests

    m = Match.from_position(
        game_of(3),
        ark="NEPAL",
        phase="move",
        steps=3,
        route=["S3", "X1"],
        players=[at("X1", "S3", ("passport",)), at("ENGLAND"), at("PERU")],
    )
    data = m.to_json()
    assert data["rules_version"] == 4
    data["rules_version"] = 3
    data["steps"] = [{"action": "P0: to S4"}]
    data.update(record_digests(data))  # as written under rules version 3
    with pytest.raises(SaveError, match=r"cannot be migrated.*step 1.*RA-M-OCCUPIED"):
        Match.from_json(data)
    data["steps"] = [{"action": "P0: to S6"}]
    data.update(record_digests(data))
    again = Match.from_json(data)
    assert again.migrated_from and len(again) == 1
    assert again.steps[-1].state.positions[0] not in ("X1", "S4", "S5")
