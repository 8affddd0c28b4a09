"""The rulings settled by the revised rule catalogue: moving back (RA-M-INSTRUCTION,
RA-M-DIRECTION), running out of cards (RA-E-EMPTY), tokens put into countries by
another player (RA-K-HOSTAGE). Each test sets up the situation and names its
clause; RA-M-OCCUPIED's checkpoint ruling is in ``test_raiders_travel.py``."""

from __future__ import annotations

from tests.raiders_play import clauses, legal, play, position, rolls


def at(where: str, came_from: str = "", cards=("ambush",), **more) -> dict:
    return {"at": where, "from": came_from, "hand": list(cards), **more}


P1_PERU = at("PERU", cards=("air", "map"))


def p1_turn(game, s):
    """Player 1 (in PERU) rolls a 1 and steps to S11; returns the state after."""
    assert s.to_move == 1 and s.phase == "turn"
    return play(game, rolls(s, 1), "roll", "to S11")


# -- RA-M-INSTRUCTION: "move back 2" moves two places -------------------------------
def test_ra_m_instruction_move_back_2_goes_past_the_start_of_a_short_move():
    """RA-M-INSTRUCTION ruling: S70 -> S71 by a 1 lands on "move back 2": two
    places back along the way it came is X9 (S70, then the path it arrived by)."""
    game, s = position(ark="NEPAL", players=[at("S70", "X9"), P1_PERU])
    s, events = play(game, rolls(s, 1), "roll")
    assert s.positions[0] == "X9" and s.to_move == 1
    assert "RA-M-INSTRUCTION" in clauses(events)


def test_ra_m_instruction_move_back_retraces_a_longer_move():
    """RA-M-INSTRUCTION ruling: a 2 from S73 (from X5) to S71 moves back to S73."""
    game, s = position(ark="NEPAL", players=[at("S73", "X5"), P1_PERU])
    s, _ = play(game, rolls(s, 2), "roll")
    assert s.positions[0] == "S73"


def test_ra_m_instruction_moving_back_into_a_country_just_stands_there():
    """RA-M-INSTRUCTION ruling: S25 -> S26 by a 1, back 2 ends in EGYPT: no card is
    drawn there (moving back is not travel)."""
    game, s = position(
        ark="NEPAL", players=[at("S25", "EGYPT", ("air",)), P1_PERU], deck_top=["map"]
    )
    s, events = play(game, rolls(s, 1), "roll")
    assert s.positions[0] == "EGYPT" and s.prev[0] == ""
    assert s.hands[0] == ("air",) and "RA-M-COUNTRY-CARD" not in clauses(events)


def test_ra_m_instruction_moving_back_never_ends_on_an_occupied_country():
    """RA-M-INSTRUCTION ruling: with EGYPT occupied the token stops on the space
    before it (S25), still travelling away from EGYPT (RA-M-DIRECTION)."""
    game, s = position(ark="NEPAL", players=[at("S25", "EGYPT"), at("EGYPT")])
    s, _ = play(game, rolls(s, 1), "roll")
    assert s.positions[0] == "S25" and s.prev[0] == "EGYPT"


def test_ra_m_instruction_moving_back_is_not_travel():
    """RA-M-INSTRUCTION ruling: moving back over a player takes no card from them
    and pays no checkpoint."""
    game, s = position(
        ark="NEPAL", players=[at("S72", "S73"), at("S70", "", ("air", "map"))]
    )
    s, events = play(game, rolls(s, 1), "roll")
    assert s.positions[0] == "S73" and len(s.hands[1]) == 2
    assert "RA-M-PASS-PLAYER" not in clauses(events)


# -- RA-M-DIRECTION: a token moved back keeps its direction -------------------------
def test_ra_m_direction_a_token_moved_back_keeps_its_direction():
    """RA-M-DIRECTION ruling: a token that came from X5 onto S73, rolls 2 to S71 and
    is moved back to S73 may next turn only go on toward S72, as the same token
    on S73 having started from X5."""
    game, s = position(ark="NEPAL", players=[at("S73", "X5"), P1_PERU])
    s, _ = play(game, rolls(s, 2), "roll")
    assert s.positions[0] == "S73" and s.prev[0] == "X5"
    s, _ = p1_turn(game, s)
    s, _ = play(game, rolls(s, 1), "roll")
    assert s.positions[0] == "S72" and s.prev[0] == "S73"


def test_ra_m_direction_moved_back_within_the_move_remembers_the_way():
    """RA-M-DIRECTION ruling: a token moved back to a space it passed this move
    keeps coming from the place before it (S74 -> X5 -> S73 -> S72 -> S71, back 2 to
    S73: it still travels away from X5)."""
    game, s = position(ark="NEPAL", players=[at("S74", "S75"), P1_PERU])
    s, _ = play(game, rolls(s, 4), "roll", "to S73")
    assert s.positions[0] == "S73" and s.prev[0] == "X5"


# -- RA-E-EMPTY: every way a hand empties --------------------------------------------
def missed_with_a_draw(game, s, seat: int = 0):
    """Play on until ``seat``'s next turn comes round; assert it was missed with a
    card drawn (RA-E-EMPTY); return the state and the events."""
    before = len(s.hands[seat])
    s, events = p1_turn(game, s)
    mine = [e for e in events if e.player == seat]
    assert [e.kind for e in mine if e.clause == "RA-E-EMPTY"] == ["skip", "draw"]
    assert len(s.hands[seat]) == before + 1 and not s.emptied[seat]
    assert s.to_move == 1
    return s, events


def test_ra_e_empty_playing_the_last_card_hostage():
    """RA-E-EMPTY: playing the last card (a Hostage) costs the next turn, on which
    a card is drawn."""
    game, s = position(
        ark="NEPAL",
        players=[at("USA", cards=("hostage",)), at("PERU", cards=("air", "map"))],
    )
    s, events = play(game, s, "hostage 1 S40")
    # player 1 was taken hostage: their turn is skipped; player 0's is missed
    assert s.to_move == 1 and len(s.hands[0]) == 1 and not s.emptied[0]
    assert [e.kind for e in events if e.clause == "RA-E-EMPTY"] == [
        "empty",
        "skip",
        "draw",
    ]


def test_ra_e_empty_playing_the_last_card_a_country_card():
    """RA-E-EMPTY ruling: a last Country card flies and draws in the new country,
    and the next turn is still missed, with a card drawn on it."""
    game, s = position(
        ark="NEPAL", players=[at("USA", cards=("country:EGYPT",)), P1_PERU]
    )
    s, events = play(game, s, "country EGYPT")
    assert len(s.hands[0]) == 1 and s.emptied[0]
    assert "RA-E-EMPTY" in clauses(events)
    missed_with_a_draw(game, s)


def test_ra_e_empty_playing_the_last_card_an_ambush_that_takes_one():
    """RA-E-EMPTY ruling: an Ambush played as the last card takes a card back, and
    the next turn is still missed."""
    game, s = position(ark="NEPAL", players=[at("USA", cards=("ambush",)), P1_PERU])
    s, _ = play(game, s, "ambush 1")
    assert len(s.hands[0]) == 1 and s.emptied[0]
    missed_with_a_draw(game, s)


def test_ra_e_empty_playing_the_last_card_air_then_rolling():
    """RA-E-EMPTY: an Air Passage played as the last card: the roll is made, the
    next turn missed."""
    game, s = position(ark="NEPAL", players=[at("S62", "S61", ("air",)), P1_PERU])
    s, _ = play(game, rolls(s, 1), "air")
    assert s.positions[0] == "S64" and s.emptied[0] and s.hands[0] == ()
    missed_with_a_draw(game, s)


def test_ra_e_empty_a_passport_spent_at_a_checkpoint():
    """RA-E-EMPTY: the last card, a Passport, shown at a checkpoint on the way."""
    game, s = position(
        ark="NEPAL", players=[at("S22", "ENGLAND", ("passport",)), P1_PERU]
    )
    s, events = play(game, rolls(s, 2), "roll")
    assert s.positions[0] == "S24" and s.hands[0] == () and s.emptied[0]
    missed_with_a_draw(game, s)


def test_ra_e_empty_a_passport_shown_for_a_checkpoint_debt():
    """RA-E-EMPTY: the last card shown for a checkpoint landed on
    (RA-M-CHECKPOINT-LAND); the turn goes on, the next one is missed."""
    game, s = position(
        ark="NEPAL",
        phase="customs",
        players=[at("S23", "S22", ("passport",), owes=True), P1_PERU],
    )
    s, _ = play(game, s, "passport")
    assert s.phase == "turn" and s.to_move == 0 and s.emptied[0]
    s, _ = play(game, rolls(s, 1), "roll")
    assert s.positions[0] == "S24"
    missed_with_a_draw(game, s)


def test_ra_e_empty_a_discard_instruction():
    """RA-E-EMPTY: the last card discarded by an instruction (S20)."""
    game, s = position(ark="NEPAL", players=[at("S19", "MEXICO", ("air",)), P1_PERU])
    s, events = play(game, rolls(s, 1), "roll")
    assert s.positions[0] == "S20" and s.hands[0] == () and s.emptied[0]
    missed_with_a_draw(game, s)


def test_ra_e_empty_a_card_taken_by_a_player_passing():
    """RA-E-EMPTY: the last card taken by a player passing (RA-M-PASS-PLAYER): the
    victim misses their next turn and draws on it."""
    game, s = position(
        ark="NEPAL",
        to_move=1,
        players=[at("S18", "", ("air",)), at("S17", "USA", ("map",))],
    )
    s, events = play(game, rolls(s, 2), "roll")
    assert "RA-M-PASS-PLAYER" in clauses(events) and s.to_move == 1
    e = [e for e in events if e.player == 0 and e.clause == "RA-E-EMPTY"]
    assert [x.kind for x in e] == ["empty", "skip", "draw"]
    assert len(s.hands[0]) == 1 and not s.emptied[0]


def test_ra_e_empty_a_card_taken_by_an_ambush():
    """RA-E-EMPTY: the last card taken by an Ambush."""
    game, s = position(
        ark="NEPAL",
        to_move=1,
        players=[at("USA", cards=("map",)), at("PERU", cards=("ambush", "air"))],
    )
    s, events = play(game, s, "ambush 0")
    assert [e.kind for e in events if e.player == 0 and e.clause == "RA-E-EMPTY"] == [
        "empty",
        "skip",
        "draw",
    ]
    assert len(s.hands[0]) == 1 and not s.emptied[0] and s.to_move == 1


def test_ra_e_empty_a_player_to_move_with_an_empty_hand_is_refused():
    """RA-E-EMPTY: a position whose player to move ran out of cards (and so must
    miss the turn) is refused with the reason."""
    import pytest

    with pytest.raises(ValueError, match="RA-E-EMPTY"):
        position(ark="NEPAL", players=[at("USA", cards=()), P1_PERU])
    with pytest.raises(ValueError, match="RA-E-EMPTY"):
        position(ark="NEPAL", players=[at("USA", emptied=True), P1_PERU])


# -- RA-K-HOSTAGE: no card for a token put into a country ---------------------------
def test_ra_k_hostage_a_token_put_into_a_country_draws_nothing():
    """RA-K-HOSTAGE ruling: taken hostage into an unoccupied country, the token
    draws no card there."""
    game, s = position(
        ark="NEPAL",
        players=[at("USA", cards=("hostage", "air")), at("S40", "S39", ("map",))],
    )
    s, events = play(game, s, "hostage 1 EGYPT")
    assert s.positions[1] == "EGYPT" and s.hands[1] == ("map",)
    assert "RA-M-COUNTRY-CARD" not in clauses(events)


def test_ra_k_hostage_ruling_a_token_sent_into_a_country_draws_nothing():
    """RA-K-HOSTAGE ruling (RA-M-LAND-PLAYER): a player landed on and sent into a
    country draws no card there."""
    game, s = position(
        ark="NEPAL", players=[at("S17", "USA"), at("S18", "S17", ("map",))]
    )
    s, _ = play(game, rolls(s, 1), "roll")
    assert "send 1 EGYPT" in legal(game, s)
    s, events = play(game, s, "send 1 EGYPT")
    assert s.positions[1] == "EGYPT" and s.hands[1] == ("map",)
    assert "RA-M-COUNTRY-CARD" not in clauses(events)
