"""House rules at the table: the notebook's new-game controls and the seat
server's rooms take them, and every player is told "House rules: ..."; the
value model's absence under house rules is said, not hidden."""

from __future__ import annotations

import pytest

from tabletop.core.options import house_rules_words
from tabletop.draw.look import look_for
from tabletop.games.raiders import Raiders
from tabletop.online import create_room
from tabletop.online.cli import house_rules_of
from tabletop.table.frame import board_payload
from tabletop.ui import new_table
from tabletop.ui.house_rules import HouseRulesPicker
from tests.online_wire import running_server


def _house_lines(table) -> list[str]:
    return [
        child.value
        for child in table.children
        if "tabletop-house-rules" in getattr(child, "_dom_classes", ())
    ]


def test_a_notebook_table_of_house_rules_tells_every_player():
    """RA-W-WIN house rule: the table shows "House rules: ..." with the clause;
    a table of the rulings shows no such line."""
    table = new_table(
        "raiders", players=2, seed=3, bots=1, autosave=False, win_by_landing=True
    )
    assert table.model.game.options == {"win_by_landing": True}
    (line,) = _house_lines(table)
    assert line.startswith("House rules:") and "(RA-W-WIN)" in line
    plain = new_table("raiders", players=2, seed=3, bots=1, autosave=False)
    assert _house_lines(plain) == []


def test_the_new_game_controls_pick_house_rules_and_deal():
    """The picker offers each of the game's options with its choices' words (the
    ruling first), says the house rules chosen and deals a table with them;
    every gesture has a method."""
    picker = HouseRulesPicker("pitfall", players=3)
    menus = {menu.description: menu for menu in picker.menus}
    assert "Climbing up a ladder" in menus
    assert menus["Climbing up a ladder"].options[0][0].endswith("(the ruling)")
    picker.choose("climb_needs_card", True)
    assert picker.chosen() == {"climb_needs_card": True}
    assert "(PH-4-CLIMB)" in picker.said.value
    table = picker.deal(seed=5, autosave=False)
    assert table.model.game.options == {"climb_needs_card": True}
    assert _house_lines(table) and picker.table is table
    with pytest.raises(ValueError, match="takes False, True"):
        picker.choose("climb_needs_card", "yes")
    picker.pick_game("raiders")
    assert picker.chosen() == {} and "win_by_landing" in picker.names()


def test_a_room_takes_house_rules_and_its_page_tells_them():
    """RA-K-AMBUSH house rule: ``tabletop room --rule`` reads the options in
    words (refusing a bad one), the room's game plays them, and the page's
    board payload carries the line every seat shows."""
    options = house_rules_of("raiders", ["ambush_spares_countries=yes"])
    assert options == {"ambush_spares_countries": True}
    with pytest.raises(ValueError, match="no rule option 'ambush'"):
        house_rules_of("raiders", ["ambush=yes"])
    with running_server() as server:
        links = create_room(server, game="raiders", players=2, seed=1, options=options)
        room = links["room"]
        game = server.call(lambda: server.rooms[room].game)
        payload = server.call(lambda: board_payload(server.rooms[room].look))
    assert game.options == options
    assert payload["house_rules"] == house_rules_words(game)
    assert "(RA-K-AMBUSH)" in payload["house_rules"]
    plain = board_payload(look_for(Raiders(players=2)))
    assert plain["house_rules"] == ""


def test_search_bots_say_which_evaluation_they_use_under_house_rules():
    """The value model was trained for the rulings: under a house rule a search
    bot falls back on the heuristic's rollouts and says why."""
    from tabletop.bots import make_bot
    from tabletop.games.pitfall import Pitfall

    plain = make_bot("Medium", Pitfall(players=3), 1)
    assert plain.leaf_evaluation.startswith("the value model")
    house = make_bot("Medium", Pitfall(players=3, climb_needs_card=True), 1)
    assert "heuristic's rollouts" in house.leaf_evaluation
    assert "climb_needs_card" in house.leaf_evaluation


def test_who_is_ahead_under_house_rules_is_judged_by_playouts_and_says_so():
    """The hint and the evaluation of a house-rule game do not stop at the value
    model's refusal: they answer by playouts under the house rules, and say
    why the model was not asked."""
    from tabletop.analysis import evaluate
    from tabletop.analysis.hints import value_model
    from tabletop.core import Match
    from tabletop.games.pitfall import Pitfall

    game = Pitfall(players=2, scorpion_sends_home=True)
    model, note = value_model(game)
    assert model is None and note.startswith("judged by playouts")
    assert "scorpion_sends_home" in note
    answer = evaluate(Match(game, seed=2), viewer=0, budget=4)
    assert answer.n == 4 and answer.method == "playouts"


def test_a_table_of_house_rules_never_resumes_a_game_of_the_rulings(
    comms, tmp_path, monkeypatch
):
    """The autosave names the house rules (RA-W-WIN): a table of other rules in
    the same folder offers no game played under the rulings, and a save of the
    rulings loaded at a house-rules table is refused in words (TT-PHASE), the
    table unchanged."""
    from tabletop.core import IllegalActionError, Match

    monkeypatch.chdir(tmp_path)
    rulings = new_table("raiders", players=2, seed=4, bots=1, autosave=True)
    rulings.choose(rulings.legal[0].action)
    kept = rulings.model.autosave
    rulings.close()
    house = new_table(
        "raiders", players=2, seed=4, bots=1, autosave=True, win_by_landing=True
    )
    assert house.model.resume_from is None, "another rule set's game offered"
    assert house.model.autosave != kept
    before = (house.model.state, house.model.length)
    with pytest.raises(IllegalActionError) as refused:
        house.model.load_match(Match.load(kept))
    assert refused.value.clause == "TT-PHASE" and "other rules" in refused.value.reason
    assert (house.model.state, house.model.length) == before
    house.close()
