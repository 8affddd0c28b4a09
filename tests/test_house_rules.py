"""House rules: each game's rule options, one ruling each, named by its clause.

Each test sets up the situation the ruling decides, plays it under the project's
ruling and under the house rule, and checks the difference; the refusals and the
explanations follow the option. The harness plays every option alone
(``tests/test_games_harness.py``); here are the rulings themselves, the words
players are told, the refusals of bad options and the listing command.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.__main__ import main
from tabletop.core import Match, SaveError
from tabletop.core.options import (
    RuleOptionError,
    house_rules_words,
    options_of,
    parse_assignments,
)
from tabletop.games.pitfall import Pitfall
from tabletop.games.pitfall.scenarios import build_state, scenario
from tabletop.games.raiders import Raiders
from tests.raiders_play import play as play_raiders
from tests.raiders_play import position, rolls

DOCS = Path(__file__).resolve().parent.parent / "docs" / "house-rules.md"


def play(game, state, *notations):
    events = []
    for text in notations:
        state, happened = game.apply(state, game.parse_action(text))
        events.extend(happened)
    return state, events


def legal(game, state):
    return [str(a) for a in game.legal_actions(state)]


def at(where: str, came_from: str = "", cards=("ambush",), **more) -> dict:
    return {"at": where, "from": came_from, "hand": list(cards), **more}


# -- Pitfall Harry ------------------------------------------------------------------
def test_ph_4_climb_house_rule_a_ladder_climb_needs_a_ladder_card():
    """PH-4-CLIMB: under a pit trap with a ladder the climb is free; with
    ``climb_needs_card`` it takes a Ladder card, and without one none is offered."""
    sc = scenario("climb-free")  # under A14's ladder, no Ladder card, roll 2
    house = Pitfall(players=2, climb_needs_card=True)
    free, _ = play(sc.game, sc.state, "forward")
    assert free.phase == "climb"
    walked, _ = play(house, sc.state, "forward")
    assert walked.phase == "start" and walked.positions[0] == "U16"
    held = build_state(
        house,
        phase="direction",
        roll=2,
        positions={0: "U14"},
        hands={0: "LA CR CR JU JU RO FI"},
    )
    asked, _ = play(house, held, "forward")
    climb = next(e for e in house.explain(asked) if str(e.action) == "climb")
    assert climb.clause == "PH-4-CLIMB" and climb.card == "ladder"
    after, events = play(house, asked, "climb")
    assert after.positions[0] == "A15" and after.discards[-1] == 3  # the Ladder
    assert any(e.clause == "PH-4-CLIMB" and e.data.get("card") for e in events)


def _no_tokens_left(game):
    return build_state(
        game,
        phase="direction",
        roll=2,
        positions={0: "A7"},
        hands={0: "CO CR CR RO RO LA LA"},
        treasure={
            0: "gold gold gold silver silver silver money money",
            1: "gold gold silver silver money money money",
        },
    )


def test_ph_4_treasure_house_rule_a_spent_treasure_card_still_passes():
    """PH-4-TREASURE: with no facedown token left a Cobra card cannot be played
    (the pawn stops before the cobra); with ``spent_treasure_card_passes`` it
    passes the cobra and takes nothing."""
    plain = Pitfall(players=2)
    state = _no_tokens_left(plain)
    stopped, _ = play(plain, state, "forward")
    assert stopped.positions[0] == "A7" and stopped.to_move == 1
    house = Pitfall(players=2, spent_treasure_card_passes=True)
    asked, _ = play(house, state, "forward")
    assert asked.phase == "obstacle" and "play cobra" in legal(house, asked)
    cobra = next(e for e in house.explain(asked) if str(e.action) == "play cobra")
    assert "no treasure is left" in cobra.text
    passed, events = play(house, asked, "play cobra")
    assert passed.positions[0] == "A9" and passed.treasure == state.treasure
    assert any(e.clause == "PH-4-TREASURE" and "nothing" in e.text for e in events)
    refused = plain.check(asked, plain.parse_action("play cobra"))
    assert refused.clause == "PH-4-TREASURE" and "no facedown" in refused.reason


def test_ph_6_hit_house_rule_the_scorpion_sends_a_pawn_home():
    """PH-6-HIT: the scorpion sends a pawn under the nearest pit trap behind it;
    with ``scorpion_sends_home`` back to the riverboat, as its explanation says."""
    sc = scenario("scorpion-move")
    house = Pitfall(players=2, scorpion_sends_home=True)
    placing, _ = play(house, sc.state, "play scorpion")
    hit = next(e for e in house.explain(placing) if str(e.action) == "scorpion U24")
    assert hit.clause == "PH-6-HIT" and "goes back to A0" in hit.text
    after, events = play(house, placing, "scorpion U24")
    assert after.positions[1] == "A0"
    assert any(e.clause == "PH-6-HIT" and e.data["to"] == "A0" for e in events)
    plain, _ = play(sc.game, sc.state, "play scorpion", "scorpion U24")
    assert plain.positions[1] == "U20"


def test_ph_7_diamond_house_rule_closes_the_diamond_space_without_treasure():
    """PH-7-DIAMOND: without the three treasures a pawn reaches the diamond space
    and stops; with ``diamond_needs_treasure`` it stops before it, and a first
    step onto it is barred (PH-T-STUCK: the other way must be taken)."""
    sc = scenario("diamond-without-treasure")  # A44, roll 5, gold and silver
    plain, _ = play(sc.game, sc.state, "forward")
    assert plain.positions[0] == "A46"
    house = Pitfall(players=2, diamond_needs_treasure=True)
    stopped, events = play(house, sc.state, "forward")
    assert stopped.positions[0] == "A45" and stopped.to_move == 1
    assert any(e.clause == "PH-7-DIAMOND" and e.kind == "stop" for e in events)
    next_to = build_state(
        house,
        phase="direction",
        roll=1,
        positions={0: "A45"},
        hands={0: "CR CR JU JU RO RO LA"},
        treasure={0: "gold silver"},
    )
    assert legal(house, next_to) == ["backward"]
    refusal = house.check(next_to, house.parse_action("forward"))
    assert refusal.clause == "PH-T-STUCK" and "diamond" in refusal.reason
    assert legal(sc.game, next_to) == ["forward", "backward"]


def test_ph_6_move_house_rule_the_scorpion_on_your_own_pawn():
    """PH-6-MOVE: the scorpion never goes on a space holding only the mover's
    pawn; with ``scorpion_on_own_pawn`` it may, and nobody is sent back."""
    sc = scenario("scorpion-move")  # player 0 on U12
    placing, _ = play(sc.game, sc.state, "play scorpion")
    assert "scorpion U12" not in legal(sc.game, placing)
    house = Pitfall(players=2, scorpion_on_own_pawn=True)
    assert "scorpion U12" in legal(house, placing)
    after, _ = play(house, placing, "scorpion U12")
    assert after.scorpion == "U12" and after.positions == placing.positions


# -- Raiders of the Lost Ark --------------------------------------------------------
def test_ra_w_win_house_rule_a_move_must_end_in_the_arks_country():
    """RA-W-WIN: with the three cards passing through the Ark's country wins;
    with ``win_by_landing`` only a move ending there does."""
    keys = ("ark", "map", "staff")
    description = {"ark": "EGYPT", "players": [at("S24", "S23", keys), at("PERU")]}
    game, s = position(**description)
    through, _ = play_raiders(game, rolls(s, 3), "roll")
    assert game.outcome(through).winner == 0
    house, s = position(**description, options={"win_by_landing": True})
    on, _ = play_raiders(house, rolls(s, 3), "roll")
    if on.phase == "move":  # a fork after the Ark's country: any way on
        on, _ = play_raiders(house, on, legal(house, on)[0])
    assert house.outcome(on) is None or house.outcome(on).winner is None
    landed, events = play_raiders(house, rolls(s, 1), "roll")
    assert house.outcome(landed).winner == 0 and events[-1].clause == "RA-W-WIN"


def test_ra_k_ambush_house_rule_countries_are_safe_from_an_ambush():
    """RA-K-AMBUSH: any opponent with cards may be ambushed; with
    ``ambush_spares_countries`` not one standing in a country, refused in words."""
    description = {
        "ark": "NEPAL",
        "players": [
            at("USA"),
            at("S40", "", ("map", "air")),
            at("PERU", cards=["staff"]),
        ],
    }
    game, s = position(3, **description)
    assert [a for a in legal(game, s) if a.startswith("ambush")] == [
        "ambush 1",
        "ambush 2",
    ]
    house, s = position(3, **description, options={"ambush_spares_countries": True})
    assert [a for a in legal(house, s) if a.startswith("ambush")] == ["ambush 1"]
    refusal = house.check(s, house.parse_action("ambush 2"))
    assert refusal.clause == "RA-K-AMBUSH" and "country" in refusal.reason


def test_ra_m_checkpoint_land_house_rule_a_held_passport_must_be_shown():
    """RA-M-CHECKPOINT-LAND: a Passport owed may be shown or the turn lost; with
    ``passport_required`` a player holding one must show it."""
    description = {
        "ark": "NEPAL",
        "phase": "customs",
        "players": [at("S23", "S22", ("passport", "ambush"), owes=True), at("PERU")],
    }
    game, s = position(**description)
    assert legal(game, s) == ["passport", "skip"]
    house, s = position(**description, options={"passport_required": True})
    assert legal(house, s) == ["passport"]
    refusal = house.check(s, house.parse_action("skip"))
    assert refusal.clause == "RA-M-CHECKPOINT-LAND" and "Passport" in refusal.reason


def test_ra_t_skip_house_rule_missed_turns_do_not_add_up():
    """RA-T-SKIP: a hostage who already owes a missed turn owes two; with
    ``one_miss_at_a_time`` still one."""
    description = {
        "ark": "NEPAL",
        "players": [
            at("USA", cards=("hostage", "ambush")),
            at("S40", "S39", skips=1),
            at("PERU"),
        ],
    }
    game, s = position(3, **description)
    after, _ = play_raiders(game, s, "hostage 1 S8")
    assert after.skips[1] == 1  # two owed, one missed as the turn passed
    house, s = position(3, **description, options={"one_miss_at_a_time": True})
    after, _ = play_raiders(house, s, "hostage 1 S8")
    assert after.skips[1] == 0


def test_ra_k_hostage_house_rule_a_token_put_into_a_country_draws():
    """RA-K-HOSTAGE ruling: a hostage put into a country draws no card there;
    with ``hostage_draws`` it draws one, secret to the others."""
    description = {
        "ark": "NEPAL",
        "players": [
            at("USA", cards=("hostage", "ambush")),
            at("S40", "S39"),
            at("PERU"),
        ],
    }
    game, s = position(3, **description)
    after, _ = play_raiders(game, s, "hostage 1 EGYPT")
    assert len(after.hands[1]) == 1
    house, s = position(3, **description, options={"hostage_draws": True})
    explained = {str(e.action): e.text for e in house.explain(s)}
    assert "draw a card there" in explained["hostage 1 EGYPT"]
    assert "draw" not in explained["hostage 1 S8"]
    after, events = play_raiders(house, s, "hostage 1 EGYPT")
    assert len(after.hands[1]) == 2
    drawn = next(e for e in events if e.kind == "draw" and e.player == 1)
    assert drawn.clause == "RA-K-HOSTAGE" and drawn.secret
    assert "card" not in drawn.for_viewer(2).data


def test_ra_k_country_option_is_a_declared_house_rule():
    """RA-K-COUNTRY: the older option ``country_cards_restricted`` is one of
    Raiders' declared rule options, saved as before."""
    names = [o.name for o in options_of(Raiders)]
    assert names[0] == "country_cards_restricted"
    assert Raiders(players=2, country_cards_restricted=True).options == {
        "country_cards_restricted": True
    }


# -- declared once, refused in words, told to every player -------------------------
@pytest.mark.parametrize("game", [Pitfall, Raiders])
def test_every_option_is_a_ruling_of_its_catalogue(game):
    """Each option names a clause its game's catalogue marks as a ruling, and its
    default is the ruling (a default game has no options)."""
    from tabletop.learn import rulings

    built = game(players=2)
    declared = options_of(game)
    assert len(declared) >= 4 and built.options == {}
    assert {o.clause for o in declared} <= set(rulings(built.name))
    for option in declared:
        assert getattr(built.house, option.name) == option.default


def test_unknown_options_and_wrong_values_are_refused_in_words():
    """An unknown keyword names the game's options; a wrong value names what the
    option takes; a save with an unknown option is refused naming it."""
    with pytest.raises(RuleOptionError, match="no rule option 'ladders'.*climb_needs"):
        Pitfall(players=2, ladders=True)
    with pytest.raises(RuleOptionError, match="win_by_landing .RA-W-WIN. takes"):
        Raiders(players=2, win_by_landing="yes")
    with pytest.raises(ValueError, match="takes False, True, not 1"):
        Raiders(players=2, country_cards_restricted=1)
    data = Match(Raiders(players=2, win_by_landing=True), seed=1).to_json()
    assert data["options"]["win_by_landing"] is True
    data["options"]["land_anywhere"] = True
    with pytest.raises(SaveError, match="land_anywhere"):
        Match.from_json(json.dumps(data))
    with pytest.raises(RuleOptionError, match="name=value"):
        parse_assignments(options_of(Pitfall), ["climb_needs_card"], "Pitfall Harry")
    with pytest.raises(RuleOptionError, match="takes false, true, not 'maybe'"):
        parse_assignments(options_of(Pitfall), ["climb_needs_card=maybe"], "Pitfall")
    assert parse_assignments(
        options_of(Pitfall), ["climb-needs-card=yes"], "Pitfall"
    ) == {"climb_needs_card": True}


def test_house_rules_words_tells_the_table_what_is_played():
    """Every player is told the house rules played, with their clauses; a game
    of the rulings says nothing."""
    assert house_rules_words(Pitfall(players=2)) == ""
    line = house_rules_words(
        Raiders(players=3, win_by_landing=True, hostage_draws=True)
    )
    assert line.startswith("House rules: with the three cards, a move must end")
    assert "(RA-W-WIN)" in line and "(RA-K-HOSTAGE)" in line


def test_options_command_lists_every_option(capsys):
    """``python -m tabletop options GAME`` lists each option: keyword, clause,
    each choice (the default marked) and why; an unknown game is refused."""
    assert main(["options", "pitfall"]) == 0
    out = capsys.readouterr().out
    for option in options_of(Pitfall):
        assert f"{option.name} ({option.clause})" in out
    assert "(default: the project's ruling)" in out
    assert main(["options", "chess"]) == 2
    assert "no game named 'chess'" in capsys.readouterr().err


def test_docs_list_every_ruling_with_its_option_or_its_reason():
    """docs/house-rules.md names every ruling of both catalogues by clause ID,
    and every option by its keyword."""
    from tabletop.learn import rulings

    text = DOCS.read_text(encoding="utf-8")
    for game in (Pitfall(players=2), Raiders(players=2)):
        for clause in rulings(game.name):
            assert f"**{clause}**" in text, clause
        for option in options_of(game):
            assert f"`{option.name}`" in text, option.name
