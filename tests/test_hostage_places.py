"""RA-K-HOSTAGE: the place a hostage is taken to, among the 109 a player may be
sent to, is chosen on the board among its rings, typed by its name, or found in
a list grouped by country (``Look.group_of``): a few presses, never a dozen
parts of a list. An occupied place is refused by the card's own rule.

The rules live once, in ``tabletop.table.choices``; these tests drive them
through the table's logic, the frame a page draws (its menus and tap tables, as
the page looks them up) and the notebook table's command field.
"""

from __future__ import annotations

import pytest

from tabletop import Match
from tabletop.core import IllegalActionError
from tabletop.draw.pictures import moment
from tabletop.table import TableLogic
from tabletop.table.choices import LIST_MAX, Fold
from tabletop.table.frame import view_payload
from tests.raiders_play import position
from tests.test_pick_cards import HOSTAGE_HERE, hostage_logic


def player_two(logic: TableLogic) -> str:
    """The Hostage card pressed, then Player 2's button: the key of the menu of
    the places Player 2 may be taken to."""
    logic.play_card("hostage")
    (two,) = [i for i in logic.menu()[1] if i.selection.seat == 2]
    logic.press(two)
    return str(logic.selection)


def frame_of(logic: TableLogic) -> dict:
    match, seat = logic.match, logic.to_move
    seen = moment(match, len(match), seat, logic.look)
    return view_payload(logic.look, seen, seat, match.explain(), ())


def paths_from(frame: dict, key: str) -> dict[str, list[str]]:
    """For each action a page reaches from menu ``key``, the fewest menus it
    opens on the way, in order (one press each, then one on the action)."""
    found: dict[str, list[str]] = {}
    seen, frontier = {key}, [[key]]
    while frontier:
        after = []
        for path in frontier:
            for button in frame["menus"][path[-1]]["buttons"]:
                if "index" in button:
                    action = frame["actions"][button["index"]]["action"]
                    found.setdefault(action, path[1:])
                elif button["open"] not in seen:
                    seen.add(button["open"])
                    after.append([*path, button["open"]])
        frontier = after
    return found


def test_every_place_is_at_most_three_presses_from_the_player_picked():
    """RA-K-HOSTAGE: a player picked, every place they may be taken to is its
    country's button, at most one "More choices" and its own button away."""
    logic = hostage_logic()
    key = player_two(logic)
    wanted = {str(e.action) for e in logic.shown_actions()}
    assert len(wanted) == 109
    paths = paths_from(frame_of(logic), key)
    assert wanted <= set(paths)
    presses = {action: len(paths[action]) + 1 for action in wanted}
    assert max(presses.values()) <= 3
    # The farthest, through the table's own gestures: its menus, then its button.
    far = max(wanted, key=lambda action: (presses[action], action))
    for opened in paths[far]:
        (fold,) = [
            i
            for i in logic.menu()[1]
            if isinstance(i, Fold) and str(i.selection) == opened
        ]
        logic.press(fold)
    (button,) = [i for i in logic.menu()[1] if str(getattr(i, "action", "")) == far]
    logic.press(button)
    assert str(logic.match.steps[-1].action) == far


def test_no_menu_lists_more_than_twelve_and_each_country_has_a_way_back():
    """RA-K-HOSTAGE: no menu the page may open lists more than twelve buttons;
    the places fold by country, and each country's last part leads back to the
    countries."""
    logic = hostage_logic()
    frame = frame_of(logic)
    for key, menu in frame["menus"].items():
        assert len(menu["buttons"]) <= LIST_MAX, key
    countries = [k for k in frame["menus"] if "/in and around " in k]
    assert len(countries) >= 2 * 9  # each of the two players' countries
    for key in countries:
        player = key.split("/")[0]
        part = key
        while True:
            last = frame["menus"][part]["buttons"][-1]
            if last["open"] == player:
                break
            assert last["open"].startswith(key.split("#")[0]), key
            part = last["open"]


def test_a_country_rings_its_places_and_a_tap_on_one_takes_the_hostage_there():
    """RA-K-HOSTAGE: a country's button rings its places on the board; a tap on
    one takes the player there (the page's tap table says the same)."""
    logic = hostage_logic()
    player_two(logic)
    nepal = next(i for i in logic.menu()[1] if "Nepal" in i.title)
    logic.press(nepal)
    rings = logic.offer().targets
    assert rings == set(logic.selection.within) and "S93" in rings
    assert "PERU" not in rings and "USA" not in rings
    frame = frame_of(logic)
    menu = frame["menus"][str(logic.selection)]
    taps = frame["menus"][menu["taps_from"]]["spaces"]
    assert taps["S93"] == {"play": "hostage 2 S93"}
    logic.click_space("S93")
    assert str(logic.match.steps[-1].action) == "hostage 2 S93"


@pytest.mark.parametrize(
    "typed",
    ["Nepal\u2013Indian Ocean 3", "nepal-indian ocean 3", "NEPAL-INDIAN OCEAN 3."],
)
def test_a_place_typed_by_its_name_takes_the_hostage_there(typed):
    """RA-K-HOSTAGE: the player picked, a place's name as the board says it
    (case, a plain hyphen for its dash aside) is a tap on it."""
    logic = hostage_logic()
    key = player_two(logic)
    frame = frame_of(logic)
    page_key = " ".join(typed.lower().split())
    if not page_key.endswith("."):  # a page does not drop a final full stop
        space = frame["named"][page_key]
        taps = frame["menus"][key]["spaces"]
        assert taps[space] == {"play": "hostage 2 S93"}
    logic.enter(typed)
    assert str(logic.match.steps[-1].action) == "hostage 2 S93"


def test_a_place_with_a_note_is_typed_without_it():
    """RA-K-HOSTAGE: "Nepal–China 2 (checkpoint)" is typed "nepal-china 2"."""
    logic = hostage_logic()
    player_two(logic)
    logic.enter("nepal-china 2")
    assert str(logic.match.steps[-1].action) == "hostage 2 S44"


def test_a_place_typed_in_the_notebook_command_field_takes_the_hostage_there():
    """RA-K-HOSTAGE: the notebook's command field takes a place's name too."""
    from tabletop.ui import Table

    game, state = position(seats=3, **HOSTAGE_HERE)
    match = Match.from_state(game, state, seed=1)
    table = Table(match, seats=["human"] * 3, auto=False, evaluation=False)
    try:
        table.model.reveal()
        player_two(table.model)
        table.widgets.actions.notation.value = "Siberia"
        assert table.model.error == "" and table.model.message == ""
        assert str(match.steps[-1].action) == "hostage 2 X7"
        assert table.widgets.actions.notation.value == ""
    finally:
        table.close()


@pytest.mark.parametrize(
    "gesture",
    [
        lambda logic: logic.click_space("PERU"),
        lambda logic: logic.enter("Peru"),
        lambda logic: logic.choose("hostage 2 PERU"),
    ],
    ids=["tapped", "typed", "notation"],
)
def test_an_occupied_place_is_refused_naming_the_clause(gesture):
    """RA-K-HOSTAGE: a player may be taken to an unoccupied place only: Peru,
    where Player 1 stands, is refused by the card's rule, and nothing changes."""
    logic = hostage_logic()
    player_two(logic)
    before = (logic.selection, logic.state, len(logic.match))
    with pytest.raises(IllegalActionError) as refused:
        gesture(logic)
    assert refused.value.clause == "RA-K-HOSTAGE"
    assert "occupied" in logic.look.refusal_words(refused.value.reason)
    assert (logic.selection, logic.state, len(logic.match)) == before
