"""Bad input to the Raiders engine: junk notation, wrong seat, wrong phase, a game
over, damaged saves and states, bad edits. Every refusal is clear and changes
nothing."""

from __future__ import annotations

import json

import pytest

from tabletop import IllegalActionError, IllegalEditError, Match, SaveError
from tabletop.games.raiders import Raiders
from tabletop.games.raiders.actions import parse_move
from tests.raiders_play import play, position, rolls

GAME = Raiders(players=3)
parse_action = GAME.parse_action


def started(seed: int = 5) -> Match:
    match = Match(Raiders(players=3), seed=seed)
    for country in ("PERU", "NEPAL", "EGYPT"):
        match.play(f"place {country}")
    return match


@pytest.mark.parametrize(
    "junk",
    [
        "",
        "fly me to the moon",
        "roll 3",
        "ambush x",
        "hostage 1",
        "to",
        "roll!",
        42,
        None,
    ],
)
def test_junk_notation_is_refused_with_tt_notation(junk):
    with pytest.raises(IllegalActionError) as info:
        parse_action(junk)
    assert info.value.clause == "TT-NOTATION"


def test_notation_round_trips():
    for text in (
        "place NEPAL",
        "roll",
        "air",
        "country EGYPT",
        "ambush 2",
        "hostage 1 S40",
        "to S12",
        "send 2 X4",
        "leave 2",
        "passport",
        "skip",
        "play ark",
        "P2: roll",
    ):
        assert str(parse_action(text)) == text
    assert str(parse_action("  Country   egypt ")) == "country EGYPT"
    assert str(parse_move("country egypt")) == "country EGYPT"


def test_places_are_read_by_id_or_by_readable_name():
    """Notation accepts the board's readable names (any case, - for –) and ids."""
    assert str(parse_action("country United States")) == "country USA"
    assert str(parse_action("to england-egypt 1")) == "to S22"
    assert str(parse_action("to England–Egypt 2 (checkpoint)")) == "to S23"
    assert str(parse_action("hostage 1 Bering Strait")) == "hostage 1 X9"
    assert str(parse_action("to s22")) == "to S22"
    with pytest.raises(IllegalActionError) as info:
        parse_action("to the moon")
    assert info.value.clause == "TT-NOTATION" and "no place" in info.value.reason


def test_another_players_action_is_refused_and_nothing_changes():
    match = started()
    before = match.state
    mover = match.to_move()
    other = (mover + 1) % 3
    with pytest.raises(IllegalActionError) as info:
        match.play(f"{other}: roll")
    assert info.value.clause == "TT-TURN" and match.state is before
    assert match.check("9: roll").clause == "TT-TURN"
    match.play(f"{mover}: roll")
    assert len(match) == 4


def test_wrong_phase_is_refused():
    match = Match(Raiders(players=2), seed=1)
    for notation in ("roll", "to S1", "passport", "leave 1"):
        refusal = match.check(notation)
        assert refusal.clause == "TT-PHASE", notation
    game, s = position(
        ark="NEPAL",
        players=[{"at": "S17", "hand": ["air"]}, {"at": "PERU", "hand": ["air"]}],
    )
    s, _ = play(game, rolls(s, 1), "roll")
    assert game.check(s, parse_action("roll")).clause == "TT-PHASE"
    assert "chooses the way on" in game.check(s, parse_action("roll")).reason


def test_game_over_refuses_everything():
    game, s = position(
        ark="EGYPT",
        players=[
            {"at": "S24", "from": "S23", "hand": ["ark", "map", "staff"]},
            {"at": "PERU", "hand": ["air"]},
        ],
    )
    s, _ = play(game, rolls(s, 1), "roll")
    with pytest.raises(IllegalActionError) as info:
        game.apply(s, parse_action("roll"))
    assert info.value.clause == "TT-OVER" and game.to_move(s) is None


def test_truncated_or_altered_save_is_refused():
    match = started()
    match.force_roll(2)
    match.play("roll")
    text = match.dumps()
    with pytest.raises(SaveError, match="not valid JSON"):
        Match.from_json(text[: len(text) // 2])
    data = json.loads(text)
    data["steps"][0] = {"action": "place CHINA"}
    with pytest.raises(SaveError):
        Match.from_json(data)
    data = json.loads(text)
    data["steps"][1] = {"action": "place PERU"}
    with pytest.raises(SaveError, match="refused"):
        Match.from_json(data)
    data = json.loads(text)
    data["options"]["players"] = 9
    with pytest.raises(SaveError, match="RA-S-PLAYERS"):
        Match.from_json(data)
    again = Match.from_json(text)
    assert again.state == match.state


def test_damaged_state_json_is_refused_with_the_problem_named():
    game = Raiders(players=2)
    match = started()
    data = Raiders(players=3).state_to_json(match.state)
    with pytest.raises(ValueError, match="must have 2 entries"):
        game.state_from_json(data)
    three = Raiders(players=3)
    broken = dict(data, hands=[["ark"], [], []])
    with pytest.raises(ValueError, match="not conserved"):
        three.state_from_json(broken)
    with pytest.raises(ValueError, match="missing"):
        three.state_from_json({k: v for k, v in data.items() if k != "deck"})
    with pytest.raises(ValueError, match="bad value"):
        three.state_from_json(dict(data, skips=["1", 0, 0]))
    clash = dict(data, positions=["PERU", "PERU", "EGYPT"])
    with pytest.raises(ValueError, match="two tokens"):
        three.state_from_json(clash)


def test_bad_edits_are_refused_and_change_nothing():
    match = started()
    before = match.state
    for op, args in (
        ("move", {"player": 0, "to": "ATLANTIS"}),
        ("move", {"player": 7, "to": "S1"}),
        ("give", {"player": 0, "card": "ray gun"}),
        ("discard", {"player": 0, "card": "country:ATLANTIS"}),
        ("set_ark", {"country": "MOON"}),
        ("teleport", {}),
    ):
        with pytest.raises(IllegalEditError):
            match.edit(op, **args)
    assert match.state is before and len(match) == 3


def test_edits_move_give_set_ark_and_force_roll():
    match = started()
    p = match.to_move()
    free = next(c for c in ("USA", "CHINA", "ISLAND") if c not in match.state.positions)
    match.edit("move", player=p, to=free)
    card = match.state.deck[0]
    match.edit("give", player=p, card=card)
    match.edit("set_ark", country="ISLAND")
    match.force_roll(4)
    state = match.state
    assert state.positions[p] == free and card in state.hands[p]
    assert state.ark == "ISLAND" and state.rng.forced == (4,)
    assert Match.from_json(match.to_json()).state == state
