"""Bad input to the Pitfall engine: junk notation, another player's action, the wrong
kind of decision, a finished game, damaged saves and states, bad edits. Each gets a
clear error naming what is wrong, and nothing changes."""

from __future__ import annotations

import json

import pytest

from tabletop import IllegalActionError, IllegalEditError, Match, SaveError
from tabletop.games.pitfall import Pitfall
from tabletop.games.pitfall.scenarios import build_state, scenario


@pytest.fixture
def match():
    m = Match(Pitfall(players=3), seed=11)
    m.play("roll")
    return m


def unchanged(m, action):
    """Play an illegal action; check the error and that the match did not move."""
    before, steps = m.state, len(m)
    with pytest.raises(IllegalActionError) as err:
        m.play(action)
    assert m.state is before and len(m) == steps
    return err.value


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "empty notation"),
        ("fly away", "cannot read 'fly away'"),
        ("play banana", "unknown card 'banana'"),
        ("discard CR RO", "exactly 4 cards"),
        ("swap x CR RO JU LA", "expected a seat number"),
        ("give", "cannot read"),
        ("P1: P1: roll", "cannot read"),
    ],
)
def test_junk_notation_is_refused_with_a_reason(match, text, words):
    """TT-NOTATION: junk names no action; the message says what is wrong."""
    err = unchanged(match, text)
    assert err.clause == "TT-NOTATION" and words in err.reason


def test_notation_must_be_text():
    with pytest.raises(IllegalActionError, match="must be text"):
        Pitfall().parse_action(42)


def test_another_players_action_is_refused(match):
    """TT-TURN: a seat-prefixed action from a seat whose decision it is not."""
    mover = match.to_move()
    other = (mover + 1) % 3
    err = unchanged(match, f"P{other}: forward")
    assert err.clause == "TT-TURN" and f"player {other}" in err.reason
    match.play(f"P{mover}: forward")
    assert match.steps[-1].notation == f"P{mover}: forward"


def test_wrong_kind_of_decision_is_refused(match):
    """TT-PHASE / PH-T-ROLLED: after a roll only a direction will do."""
    assert unchanged(match, "climb").clause == "TT-PHASE"
    assert unchanged(match, "give 1").clause == "TT-PHASE"
    assert unchanged(match, "roll").clause == "PH-T-ROLLED"
    assert unchanged(match, "swap 1 CR CR CR CR").clause == "PH-T-ROLLED"


def test_cards_not_held_are_refused():
    """PH-2B-DISCARD / PH-2B-SWAP: only cards in hand, only real opponents."""
    sc = scenario("exchange")
    game, state = sc.game, sc.state
    refusal = game.check(state, game.parse_action("discard RO RO RO RO"))
    assert refusal.clause == "PH-2B-DISCARD" and "RO missing" in refusal.reason
    assert game.check(state, game.parse_action("swap 0 LA LA CO FI")).clause == (
        "PH-2B-SWAP"
    )
    assert game.check(state, game.parse_action("swap 7 LA LA CO FI")) is not None
    assert game.check(state, game.parse_action("scorpion U3")).clause == "TT-PHASE"


def test_wrong_card_at_an_obstacle_says_which_card_passes():
    """PH-3-CARD: a Rope does not pass a crocodile."""
    sc = scenario("croc-ahead")
    state, _ = sc.game.apply(sc.state, sc.game.parse_action("forward"))
    refusal = sc.game.check(state, sc.game.parse_action("play rope"))
    assert (
        refusal.clause == "PH-3-CARD"
        and "does not pass the crocodile" in refusal.reason
    )


def test_finished_game_refuses_everything():
    """TT-OVER: nothing is legal once the diamond is taken (PH-WIN)."""
    sc = scenario("diamond-run")
    state, _ = sc.game.apply(sc.state, sc.game.parse_action("forward"))
    for text in ("roll", "P0: roll", "decline"):
        assert sc.game.check(state, sc.game.parse_action(text)).clause == "TT-OVER"


def test_truncated_save_is_refused(match):
    text = match.dumps()
    with pytest.raises(SaveError, match="not valid JSON"):
        Match.from_json(text[: len(text) // 2])


def test_altered_save_is_refused(match):
    data = match.to_json()
    data["steps"][0] = {"action": "discard CR CR CR CR"}
    with pytest.raises(SaveError, match="step 1"):
        Match.from_json(data)
    data = match.to_json()
    data["digest"] = "0" * 32
    with pytest.raises(SaveError, match="digest"):
        Match.from_json(data)
    data = match.to_json()
    data["seed"] = 12
    with pytest.raises(SaveError):
        Match.from_json(data)


def test_bad_players_option_in_save_is_refused(match):
    data = match.to_json()
    data["options"]["players"] = 9
    with pytest.raises(SaveError, match="2 to 4 players"):
        Match.from_json(data)


@pytest.mark.parametrize(
    "field, value, words",
    [
        ("phase", "dance", "'phase' must be one of"),
        ("deck", ["rope", "banana"], "unknown card 'banana'"),
        ("positions", ["A0", "A0"], "must have 3 entries"),
        ("positions", ["A0", "U7", "A0"], "not a space it may occupy"),
        ("facedown", [], "treasure tokens are not all accounted for"),
        ("turn", "0", "must be an integer"),
    ],
)
def test_damaged_state_json_is_refused(field, value, words):
    game = Pitfall(players=3)
    data = game.state_to_json(game.initial_state(2))
    data[field] = value
    with pytest.raises(ValueError, match=words):
        game.state_from_json(data)


def test_state_json_with_an_extra_card_is_refused():
    """PH-C-DECK: a save cannot conjure a 61st card."""
    game = Pitfall(players=2)
    data = game.state_to_json(game.initial_state(2))
    data["discards"].append("rope")
    with pytest.raises(ValueError, match="61 cards"):
        game.state_from_json(json.loads(json.dumps(data)))


@pytest.mark.parametrize(
    "op, args, words",
    [
        ("teleport", {}, "unknown edit"),
        ("move_pawn", {"player": 0, "space": "U7"}, "cannot stand on 'U7'"),
        ("move_pawn", {"player": 5, "space": "A3"}, "player must be a seat"),
        ("move_scorpion", {"space": "A3"}, "scorpion cannot stand on"),
        ("set_hand", {"player": 0, "cards": ["SC"] * 7}, "no scorpion card is left"),
        ("give_token", {"player": 0, "kind": "diamond"}, "kind must be one of"),
        ("take_token", {"player": 0, "kind": "gold"}, "holds no gold"),
        ("force_roll", {"values": [9]}, "1..6"),
    ],
)
def test_bad_edits_are_refused_and_change_nothing(op, args, words):
    m = Match(Pitfall(players=2), seed=4)
    before = m.state
    with pytest.raises(IllegalEditError, match=words):
        m.edit(op, **args)
    assert m.state is before and len(m) == 0


def test_edits_mid_move_are_refused():
    sc = scenario("croc-ahead")
    with pytest.raises(IllegalEditError, match="between turns"):
        sc.game.edit(sc.state, "move_pawn", {"player": 0, "space": "A3"})


def test_good_edits_are_recorded_and_replayed():
    m = Match(Pitfall(players=2), seed=4)
    m.edit("move_pawn", player=m.to_move(), space="A44")
    m.edit("give_token", player=m.to_move(), kind="gold")
    m.edit("set_hand", player=0, cards=["RO"] * 7)
    m.edit("move_scorpion", space="U30")
    m.force_roll(2)
    m.play("roll")
    assert m.state.roll == 2 and m.state.hands[0][1] == 7
    again = Match.from_json(m.dumps())
    assert again.state == m.state


def test_bad_scenario_descriptions_are_refused():
    game = Pitfall(players=2)
    with pytest.raises(ValueError, match="unknown scenario key"):
        build_state(game, wizard=True)
    with pytest.raises(ValueError, match="more scorpion cards"):
        build_state(game, hands={0: "SC SC SC SC CR CR CR"})
    with pytest.raises(ValueError, match="inconsistent"):
        build_state(game, positions={0: "U7"})
    with pytest.raises(KeyError, match="known:"):
        scenario("no-such-thing")
