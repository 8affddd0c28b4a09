"""Raiders positions from code: an edit for every field a position has, each checked
against the invariants; positions that break them refused with the reason; events
that carry their values as data (secret ones hidden from other seats)."""

from __future__ import annotations

import pytest

from tabletop import IllegalEditError, Match
from tabletop.games.raiders import Raiders
from tests.raiders_play import play, position, rolls


def at(where: str, came_from: str = "", cards=("ambush",), **more) -> dict:
    return {"at": where, "from": came_from, "hand": list(cards), **more}


def match_at(**description) -> Match:
    return Match.from_position(Raiders(players=2), **description)


def base() -> Match:
    return match_at(ark="NEPAL", players=[at("S22", "ENGLAND"), at("PERU")])


def test_edit_direction_sets_or_frees_the_memory():
    """RA-M-DIRECTION: the direction memory is an edit; it must name a neighbour."""
    match = base()
    match.edit("direction", player=0, **{"from": "S23"})
    assert match.state.prev[0] == "S23"
    match.edit("direction", player=0, **{"from": ""})
    assert match.state.prev[0] == ""
    with pytest.raises(IllegalEditError, match="not next to them"):
        match.edit("direction", player=0, **{"from": "S40"})


def test_edit_move_takes_names_and_a_direction():
    """Tokens move by id or readable name, with an optional direction."""
    match = base()
    match.edit("move", player=0, to="Egypt–Africa 1", **{"from": "EGYPT"})
    assert match.state.positions[0] == "S25" and match.state.prev[0] == "EGYPT"
    with pytest.raises(IllegalEditError, match="occupied"):
        match.edit("move", player=0, to="Peru")


def test_edit_checkpoint_debt_turns_the_decision_into_customs():
    """RA-M-CHECKPOINT-LAND: a debt set on the player to move makes the pending
    decision the Passport one; cleared, it is a turn again."""
    match = match_at(ark="NEPAL", players=[at("S23", "S22", ("passport", "air")),
                                           at("PERU")])  # fmt: skip
    match.edit("owes", player=0, value=True)
    assert match.state.phase == "customs" and match.legal_actions()
    match.edit("owes", player=0, value=False)
    assert match.state.phase == "turn" and not match.state.owes[0]


def test_edit_hostage_lock_and_skips_and_emptied():
    """RA-K-HOSTAGE-TWICE, RA-T-SKIP, RA-E-EMPTY flags are edits, checked."""
    match = base()
    match.edit("hostage", player=1, value=True)
    assert match.state.hostage[1]
    match.edit("skips", player=1, count=2)
    assert match.state.skips[1] == 2
    match.edit("emptied", player=1, value=True)
    assert match.state.emptied[1]
    with pytest.raises(IllegalEditError, match="RA-E-EMPTY"):
        match.edit("emptied", player=0, value=True)  # the player to move
    with pytest.raises(IllegalEditError, match="RA-K-HOSTAGE"):
        match.edit("hostage", player=0, value=True)


def test_edit_deck_order_and_top():
    """RA-K-RESHUFFLE: the deck order is an edit (top first); only the deck's own
    cards may be reordered."""
    match = base()
    deck = match.state.deck
    match.edit("deck", cards=list(reversed(deck)))
    assert match.state.deck == tuple(reversed(deck))
    card = match.state.deck[-1]
    match.edit("deck_top", cards=[card])
    assert match.state.deck[0] == card and len(match.state.deck) == len(deck)
    with pytest.raises(IllegalEditError, match="exactly the cards"):
        match.edit("deck", cards=list(deck[1:]))


def test_edit_to_move_only_between_turns_and_checked():
    """The seat to move is an edit between turns; one who must miss is refused."""
    match = match_at(ark="NEPAL", players=[at("USA"), at("PERU", emptied=True)])
    with pytest.raises(IllegalEditError, match="RA-E-EMPTY"):
        match.edit("to_move", player=1)
    match.edit("emptied", player=1, value=False)
    match.edit("to_move", player=1)
    assert match.state.to_move == 1


def test_every_edit_is_a_step_with_data():
    """Each edit is an event with its op and values as data."""
    match = base()
    match.edit("skips", player=1, count=1)
    event = match.steps[-1].events[0]
    assert event.clause == "TT-EDIT" and event.data == {
        "op": "skips", "seat": 1, "count": 1}  # fmt: skip


def test_position_breaking_the_invariants_is_refused_with_the_reason():
    """A player to move with an empty hand should be missing the turn (RA-E-EMPTY);
    a player to move who was just taken hostage too (RA-K-HOSTAGE)."""
    with pytest.raises(ValueError, match="RA-E-EMPTY"):
        match_at(ark="NEPAL", players=[at("USA", cards=()), at("PERU")])
    with pytest.raises(ValueError, match="RA-K-HOSTAGE"):
        match_at(ark="NEPAL", players=[at("USA", hostage=True), at("PERU")])
    with pytest.raises(ValueError, match="no place on the map"):
        match_at(ark="NEPAL", players=[at("Atlantis"), at("PERU")])


def test_events_carry_their_values_as_data():
    """Every event has a kind and data: a roll its value, a step from and to, a
    draw the card (hidden from the other seats, as the text is)."""
    game, s = position(ark="NEPAL", players=[at("S18", "S17"), at("PERU")],
                       deck_top=["map"])  # fmt: skip
    s, events = play(game, rolls(s, 2), "roll", "to S19")
    assert all(e.kind and e.data for e in events)
    roll = next(e for e in events if e.kind == "roll")
    assert roll.data == {"seat": 0, "roll": 2, "steps": 2}
    steps = [(e.data["from"], e.data["to"]) for e in events if e.kind == "step"]
    assert steps == [("S18", "MEXICO"), ("MEXICO", "S19")]
    draw = next(e for e in events if e.kind == "draw")
    assert draw.data == {"seat": 0, "card": "map"} and draw.hidden == ("card",)
    seen = draw.for_viewer(1)
    assert "card" not in seen.data and "Map" not in seen.text
    assert draw.for_viewer(0).data["card"] == "map"


def test_names_in_the_text_board_and_notation():
    """Board names show in ``str(state)`` and are read in notation."""
    game, s = position(ark="NEPAL", players=[at("S22", "ENGLAND"), at("USA")])
    text = str(s)
    assert "player 0 at England–Egypt 1 (S22)" in text
    assert "player 1 at United States (USA)" in text
    assert game.board.space_name("S26") == "Egypt–Africa 2 (The rope bridge is out)"
    assert game.parse_action("send 1 bering strait") == game.parse_action("send 1 X9")
