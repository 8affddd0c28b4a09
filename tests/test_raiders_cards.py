"""Cards, running out of cards and winning (RA-T-CHOICE, RA-K-*, RA-E-*, RA-W-WIN)."""

from __future__ import annotations

import dataclasses

import pytest

from tabletop.core import IllegalActionError
from tabletop.games.raiders import Raiders
from tabletop.games.raiders.cards import CARD_KINDS, KEY_CARDS
from tests.raiders_play import clauses, legal, play, position, rolls


def at(where: str, came_from: str = "", cards=("ambush",), **more) -> dict:
    return {"at": where, "from": came_from, "hand": list(cards), **more}


def test_ra_t_choice_roll_or_one_card_and_a_card_is_the_turn():
    """RA-T-CHOICE: the turn is a roll or one card; after the card the turn passes."""
    game, s = position(
        ark="NEPAL",
        players=[at("USA", cards=("ambush", "air")), at("PERU", cards=("map", "air"))],
    )
    assert legal(game, s) == ["roll", "air", "ambush 1"]
    s, _ = play(game, s, "ambush 1")
    assert s.to_move == 1 and s.phase == "turn"


def test_ra_k_play_shows_and_discards_the_card():
    """RA-K-PLAY: a played card goes face up on the discards."""
    game, s = position(
        ark="NEPAL", players=[at("USA", cards=("ambush", "air")), at("PERU")]
    )
    s, events = play(game, s, "ambush 1")
    assert s.discards == ("ambush",) and events[0].clause == "RA-K-AMBUSH"
    assert not events[0].secret


def test_ra_k_key_cards_cannot_be_played():
    """RA-K-KEY: the Ark, Staff of Ra and Map Room stay in hand."""
    game, s = position(ark="NEPAL", players=[at("USA", cards=KEY_CARDS), at("PERU")])
    assert legal(game, s) == ["roll"]
    for card in KEY_CARDS:
        refusal = game.check(s, game.parse_action(f"play {card}"))
        assert refusal.clause == "RA-K-KEY"
        assert CARD_KINDS[card][2] == "RA-K-KEY"


def test_ra_k_country_flies_to_any_free_country_and_draws():
    """RA-K-COUNTRY: any unoccupied country, no Passport, a card drawn there; path
    players are not touched."""
    game, s = position(
        ark="NEPAL",
        deck_top=["air"],
        players=[at("S22", "ENGLAND", ("country:PERU",)), at("EGYPT")],
    )
    targets = [a for a in legal(game, s) if a.startswith("country")]
    assert "country EGYPT" not in targets and "country CHINA" in targets
    assert len(targets) == 8
    s, events = play(game, s, "country CHINA")
    assert s.positions[0] == "CHINA" and s.hands[0] == ("air",)
    assert s.discards == ("country:PERU",) and s.prev[0] == ""
    assert "RA-K-COUNTRY" in clauses(events)
    refused = game.check(s, game.parse_action("country USA"))
    assert refused is not None


def test_ra_k_country_restricted_option_uses_the_printed_country():
    """RA-K-COUNTRY option: restricted, a card flies only to its own country."""
    game, s = position(
        ark="NEPAL",
        options={"country_cards_restricted": True},
        players=[at("USA", cards=("country:PERU", "country:CHINA")), at("EGYPT")],
    )
    assert [a for a in legal(game, s) if a.startswith("country")] == [
        "country PERU",
        "country CHINA",
    ]
    assert game.check(s, game.parse_action("country NEPAL")).clause == "RA-K-COUNTRY"
    assert game.options == {"country_cards_restricted": True}


def test_ra_k_air_doubles_the_roll():
    """RA-K-AIR: played before the roll, the roll counts double."""
    game, s = position(
        ark="NEPAL", players=[at("S1", "USA", ("air", "ambush")), at("PERU")]
    )
    s, events = play(game, rolls(s, 3), "air")
    assert (s.phase, s.positions[0], s.steps) == ("move", "X1", 3)
    assert "player 0 rolled 3, doubled to 6" in [e.text for e in events]
    assert s.discards == ("air",)


def test_ra_k_passport_is_not_played_on_a_turn():
    """RA-K-PASSPORT: Passports are only shown at checkpoints."""
    game, s = position(
        ark="NEPAL", players=[at("USA", cards=("passport",)), at("PERU")]
    )
    assert legal(game, s) == ["roll"]
    assert game.check(s, game.parse_action("passport")).clause == "RA-K-PASSPORT"


def test_ra_k_ambush_takes_a_random_card_from_any_opponent_with_cards():
    """RA-K-AMBUSH: your choice of opponent (with cards); a card at random."""
    game, s = position(
        3,
        ark="NEPAL",
        players=[
            at("USA"),
            at("S40", "", ("map", "air")),
            at("PERU", cards=("staff",)),
        ],
    )
    assert [a for a in legal(game, s) if a.startswith("ambush")] == [
        "ambush 1",
        "ambush 2",
    ]
    s, events = play(game, s, "ambush 2")
    assert s.hands[0] == ("staff",) and s.hands[2] == ()
    take = (
        events[-1]
        if events[-1].clause == "RA-K-AMBUSH"
        else next(e for e in events if e.kind == "take")
    )
    assert take.secret and take.seen_by(1).startswith("player 0 took a card")


def test_ra_k_hostage_moves_an_opponent_who_misses_a_turn():
    """RA-K-HOSTAGE: any free space or country; a missed turn; no instruction."""
    game, s = position(
        3,
        ark="NEPAL",
        players=[at("USA", cards=("hostage", "ambush")), at("S40", "S39"), at("PERU")],
    )
    assert "hostage 1 S8" in legal(game, s) and "hostage 1 PERU" not in legal(game, s)
    s, events = play(game, s, "hostage 1 S8")
    assert s.positions[1] == "S8" and s.prev[1] == "" and s.skips[1] == 0
    assert s.to_move == 2 and "RA-T-SKIP" in clauses(events)
    assert "RA-M-INSTRUCTION" not in clauses(events)


def test_ra_k_hostage_twice_in_a_row_is_refused():
    """RA-K-HOSTAGE-TWICE: not again until the victim has played a turn."""
    game, s = position(
        3,
        ark="NEPAL",
        players=[
            at("USA", cards=("hostage", "hostage")),
            at("S40", "S39", hostage=True),
            at("PERU"),
        ],
    )
    assert not any(a.startswith("hostage 1") for a in legal(game, s))
    assert game.check(s, game.parse_action("hostage 1 S8")).clause == (
        "RA-K-HOSTAGE-TWICE"
    )
    s, _ = play(game, rolls(s, 1, 1), "hostage 2 S1", "roll")
    assert s.to_move == 0 and not s.hostage[1] and s.hostage[2]
    assert any(a.startswith("hostage 1") for a in legal(game, s))


def test_ra_k_reshuffle_when_the_deck_runs_out():
    """RA-K-RESHUFFLE: an empty deck is rebuilt from the shuffled discards."""
    game, s = position(ark="NEPAL", players=[at("S18", "S17"), at("PERU")])
    rest = s.deck
    s = dataclasses.replace(s, deck=(), discards=rest)
    s, events = play(game, rolls(s, 1), "roll")
    assert "RA-K-RESHUFFLE" in clauses(events)
    assert len(s.deck) == len(rest) - 1 and s.discards == ()
    assert not game.invariants(s)


def test_ra_e_empty_last_card_misses_a_turn_and_draws():
    """RA-E-EMPTY: playing the last card costs the next turn, on which a card is
    drawn."""
    game, s = position(
        ark="NEPAL",
        players=[at("USA", cards=("hostage",)), at("PERU", cards=("air", "map"))],
    )
    s, events = play(game, s, "hostage 1 S40")
    assert s.to_move == 1 and len(s.hands[0]) == 1
    assert [e.clause for e in events if e.player == 0] == [
        "RA-E-EMPTY",
        "RA-K-HOSTAGE",
        "RA-E-EMPTY",
        "RA-E-EMPTY",
    ]


def test_ra_e_empty_keeps_missing_while_nothing_can_be_drawn():
    """RA-E-EMPTY: with no deck and no discards the empty player keeps missing."""
    game, s = position(
        ark="NEPAL", players=[at("USA", cards=()), at("PERU")], to_move=1
    )
    everything = tuple(sorted(s.deck + s.hands[1]))
    s = dataclasses.replace(s, deck=(), hands=((), everything))
    s, events = play(game, rolls(s, 1, 1), "roll", "to S11", "roll")
    assert s.to_move == 1 and s.hands[0] == ()
    assert clauses(events).count("RA-E-EMPTY") >= 4


def test_ra_e_ways_to_gain_cards():
    """RA-E-WAYS: countries, ambushes, passing players (and RA-E-EMPTY) give cards."""
    game, s = position(
        3,
        ark="NEPAL",
        players=[
            at("S17", "USA", ("ambush", "air")),
            at("S18", "", ("passport",)),
            at("PERU", cards=("map",)),
        ],
    )
    s, events = play(game, rolls(s, 2), "roll")
    gained = {e.clause for e in events if e.player == 0 and e.kind in ("draw", "take")}
    assert gained == {"RA-M-PASS-PLAYER", "RA-M-COUNTRY-CARD"}


def test_ra_w_win_by_reaching_the_ark_with_the_three_cards():
    """RA-W-WIN: holding Ark, Staff and Map Room, entering the Ark's country wins."""
    game, s = position(
        ark="EGYPT", players=[at("S24", "S23", ("ark", "map", "staff")), at("PERU")]
    )
    s, events = play(game, rolls(s, 1), "roll")
    assert game.outcome(s).winner == 0 and game.legal_actions(s) == []
    assert events[-1].clause == "RA-W-WIN"


def test_ra_w_win_passing_through_occupied_ark_country():
    """RA-W-WIN ruling: passing through counts, even an occupied Ark country."""
    game, s = position(
        ark="EGYPT", players=[at("S24", "S23", ("ark", "map", "staff")), at("EGYPT")]
    )
    s, _ = play(game, rolls(s, 3), "roll")
    assert game.outcome(s).winner == 0


def test_ra_w_win_not_by_landing_on_an_occupied_ark_country():
    """RA-W-WIN, RA-M-OCCUPIED: a roll of exactly the count onto the occupied Ark
    country may not end there, so the move is not made: no win, the token stays
    on S24 and the turn is over."""
    from tabletop import Match

    m = Match.from_position(
        Raiders(players=2),
        ark="EGYPT",
        next_roll=1,
        players=[
            {"at": "S24", "from": "S23", "hand": ["ark", "staff", "map"]},
            {"at": "EGYPT", "hand": ["ambush"]},
        ],
    )
    m.play("roll")
    assert m.outcome() is None and not m.over
    assert m.state.positions == ("S24", "EGYPT") and m.state.to_move == 1
    happened = [e.clause for e in m.steps[-1].events]
    assert "RA-M-OCCUPIED" in happened and "RA-W-WIN" not in happened


def test_ra_w_win_fork_onto_occupied_ark_country_is_not_offered():
    """RA-W-WIN, RA-M-OCCUPIED, RA-M-CHECKPOINT: at X1 with the three cards and a
    Passport, the Ark in occupied ENGLAND: with 3 to go the way by S4 would end on
    ENGLAND, so it is neither listed nor allowed; with 4 to go it passes through
    ENGLAND, which wins."""
    keys = ("ark", "map", "staff", "passport")

    def at_x1(steps):
        return position(
            3,
            ark="ENGLAND",
            phase="move",
            steps=steps,
            route=["S3", "X1"],
            players=[at("X1", "S3", keys), at("ENGLAND"), at("PERU")],
        )

    game, s = at_x1(3)
    assert legal(game, s) == ["to S6"]
    assert [str(e.action) for e in game.explain(s)] == ["to S6"]
    assert game.check(s, game.parse_action("to S4")).clause == "RA-M-OCCUPIED"
    game, s = at_x1(4)
    assert "to S4" in legal(game, s)
    s, events = play(game, s, "to S4")
    assert game.outcome(s).winner == 0 and events[-1].clause == "RA-W-WIN"


def test_ra_w_win_by_country_card_or_ending_the_turn_there():
    """RA-W-WIN ruling: flying in wins; so does ending a turn on the Ark's country
    with the three cards."""
    game, s = position(
        ark="EGYPT",
        players=[at("USA", cards=("ark", "map", "staff", "country:EGYPT")), at("PERU")],
    )
    flown, _ = play(game, s, "country EGYPT")
    assert game.outcome(flown).winner == 0
    game, s = position(
        ark="EGYPT",
        players=[
            at("EGYPT", cards=("map", "staff", "ambush")),
            at("PERU", cards=("ark",)),
        ],
    )
    s, _ = play(game, s, "ambush 1")
    assert game.outcome(s).winner == 0


def test_no_win_without_all_three_cards():
    """RA-W-WIN: two of the three cards are not enough."""
    game, s = position(
        ark="EGYPT", players=[at("S24", "S23", ("ark", "map")), at("PERU")]
    )
    s, _ = play(game, rolls(s, 1), "roll")
    assert game.outcome(s) is None and s.positions[0] == "EGYPT"
    with pytest.raises(IllegalActionError):
        game.apply(s, game.parse_action("1: passport"))
