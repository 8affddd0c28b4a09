"""Pitfall positions and data for programs: structured event data (every event of a
game carries its values; secret ones are listed in ``Event.hidden``), validated edits
of every position field, hands and treasure by name, readable space names in the text
board and in notation."""

from __future__ import annotations

import pytest

from tabletop import IllegalEditError, Match
from tabletop.core import Rng
from tabletop.games.pitfall import Pitfall, build_state, scenario
from tabletop.games.pitfall.cards import hand_names, treasure_names
from tests.pitfall_policies import by_kind

KEYS = {
    "roll": {"roll"},
    "move": {"from", "to"},
    "card": {"card"},
    "draw": {"count", "cards"},
    "deal": {"count", "cards"},
    "exchange": set(),
    "token": {"token"},
    "fall": {"from", "to"},
    "down": {"from", "to"},
    "climb": {"from", "to"},
    "hit": {"from", "to"},
    "scorpion": {"from", "to"},
    "direction": {"direction"},
    "stop": {"space"},
    "decline": {"space"},
    "stay": {"space"},
}


def test_every_event_of_a_game_carries_data():
    """Events as data: each kind carries its values; secret values are hidden."""
    game = Pitfall(players=3)
    state, events = game.setup(4)
    seen = list(events)
    rng = Rng.from_seed(4)
    for _ in range(600):
        if game.outcome(state):
            break
        action, rng = by_kind(game.legal_actions(state), rng)
        state, events = game.apply(state, action)
        seen += events
    kinds = set()
    for event in seen:
        assert event.data, event
        kinds.add(event.kind)
        assert KEYS.get(event.kind, set()) <= set(event.data), event
        if event.secret:
            assert event.hidden, event
            other = (event.player + 1) % 3
            shown = event.for_viewer(other)
            assert not set(event.hidden) & set(shown.data), event
    assert {"roll", "move", "draw", "deal", "exchange"} <= kinds


def test_figure_2_events_name_cards_and_spaces():
    sc = scenario("figure-2")
    state, events = sc.game.apply(sc.state, "forward")
    state, events = sc.game.apply(state, "play cobra")
    data = [e.data for e in events]
    assert {"card": "cobra", "space": "A30", "seat": 0} in data
    assert {"token": "gold", "seat": 0} in data
    assert {"seat": 0, "from": "A30", "to": "A32"} in data


def test_hands_and_treasure_by_name():
    game = Pitfall(players=2)
    state = build_state(
        game, hands={0: "RO RO JU CO CR CR LA"}, treasure={0: "gold money money"}
    )
    assert hand_names(state.hands[0]) == {
        "croc": 2,
        "rope": 2,
        "jump": 1,
        "ladder": 1,
        "cobra": 1,
    }
    assert treasure_names(state.treasure[0]) == {"gold": 1, "silver": 0, "money": 2}
    assert game.cards_by_name(game.view(state, 1), 0)["hand"] == {"?": 7}


def test_space_names_in_the_board_text_and_in_notation():
    game = Pitfall(players=2)
    board = game.board
    assert board.space_name("A0") == "Riverboat"
    assert board.space_name("A30") == "Cobra 2"
    assert board.space_name("U7") == "Wall 1"
    assert board.space_id("under swamp") == board.space_id("U12") == "U12"
    names = [board.space_name(s) for s in board.spaces]
    assert len(set(names)) == len(names)
    sc = scenario("scorpion-move")
    assert "scorpion: U22 (Under Log 2)" in str(sc.state)
    state, _ = sc.game.apply(sc.state, "play scorpion")
    by_name = sc.game.parse_action("scorpion Under Pit trap 3")
    assert by_name == sc.game.parse_action("scorpion U24")
    assert sc.game.check(state, by_name) is None
    assert sc.game.check(state, "P0: scorpion wall 2").clause == "PH-B-WALLS"


def test_build_state_accepts_space_names():
    game = Pitfall(players=2)
    state = build_state(game, positions={0: "Cobra 2", 1: "under swamp"})
    assert state.positions == ("A30", "U12")


@pytest.mark.parametrize(
    ("op", "args", "check"),
    [
        ("set_to_move", {"player": 1}, lambda s: s.to_move == 1),
        ("set_deck", {"cards": ["ladder", "FI"]}, lambda s: s.deck[:2] == (3, 5)),
        (
            "set_next_tokens",
            {"kinds": ["money", "gold"]},
            lambda s: s.facedown[:2] == (2, 0),
        ),
        (
            "move_pawn",
            {"player": 1, "space": "Swamp"},
            lambda s: s.positions[1] == "A12",
        ),
    ],
)
def test_edits_between_turns_are_steps_of_the_timeline(op, args, check):
    match = Match(Pitfall(players=2), seed=3)
    match.edit(op, **args)
    assert check(match.state) and match.steps[-1].edit["op"] == op
    assert match.game.invariants(match.state) == []


@pytest.mark.parametrize(
    ("op", "args", "words"),
    [
        ("set_to_move", {"player": 5}, "player must be a seat"),
        ("set_deck", {"cards": ["scorpion"] * 4}, "no further scorpion"),
        ("set_next_tokens", {"kinds": ["diamond"]}, "kind must be one of"),
        ("set_direction", {"direction": "forward"}, "only possible during a move"),
    ],
)
def test_bad_edits_are_refused_and_change_nothing(op, args, words):
    match = Match(Pitfall(players=2), seed=3)
    before = match.state
    with pytest.raises(IllegalEditError, match=words):
        match.edit(op, **args)
    assert match.state == before


def test_direction_and_count_edits_during_a_move_are_checked():
    """A move in progress: the count left may change; a direction that makes the
    pending obstacle no longer the next step breaks the invariants: refused."""
    sc = scenario("figure-2")
    state, _ = sc.game.apply(sc.state, "forward")
    match = Match.from_state(sc.game, state, seed=1)
    match.edit("set_remaining", count=2)
    assert match.state.remaining == 2
    with pytest.raises(IllegalEditError, match="not the next step"):
        match.edit("set_direction", direction="backward")
    assert match.state.direction == 1
