"""Cards picked in the hand, and no list of more than twelve buttons.

Where an action takes several cards (PH-2B-DISCARD, PH-2B-SWAP: four each), the
player picks them in the hand and the choices narrow to what they complete; a
long list folds by the player it is aimed at (RA-K-HOSTAGE: the player, then the
space on the board or by country) or shows in parts. The rules live once, in
``tabletop.table.choices``; these tests drive them through the table's logic,
the frame a page draws (its tap tables, as the page looks them up) and the
notebook table (its hand canvas and its pick buttons).
"""

from __future__ import annotations

from collections import Counter

import pytest

from tabletop import Match
from tabletop.core import IllegalActionError, make_game
from tabletop.draw import look_for
from tabletop.draw.pictures import moment
from tabletop.games.pitfall import Pitfall
from tabletop.table import TableLogic
from tabletop.table.choices import LIST_MAX, Fold, Group
from tabletop.table.frame import view_payload
from tests.raiders_play import position as raiders_position

HAND = "RO RO JU CO CR CR LA"  # the look shows: croc croc rope rope jump ladder cobra


def pitfall_logic(players: int = 3) -> TableLogic:
    game = Pitfall(players=players)
    state = game.position(hands={0: HAND})
    logic = TableLogic(Match.from_state(game, state, seed=1), look_for(game))
    logic.auto = False
    logic.seat_all(["human"] * players)
    logic.sync()
    return logic


def labels(logic: TableLogic) -> list[str]:
    _heading, items = logic.menu()
    return [i.title if isinstance(i, Group | Fold) else str(i.action) for i in items]


def test_cards_picked_in_the_hand_narrow_to_the_exchanges_they_complete():
    """PH-2B-DISCARD, PH-2B-SWAP: a tap on a card no action plays alone starts a
    pick; each tap picks one more; four picked offer their discard and a swap
    with each other player, each in one button."""
    logic = pitfall_logic()
    assert labels(logic) == ["roll", "Discard\u2026 (18)", "Swap\u2026 (36)"]
    logic.play_card("rope")
    assert str(logic.selection) == "cards:+rope" and logic.selection.picking
    heading, items = logic.menu()
    assert items == [] and heading == "Picked Rope: pick 3 more cards"
    assert all(len(e.cards) == 4 and "rope" in e.cards for e in logic.shown_actions())
    for card in ("rope", "jump", "croc"):
        logic.play_card(card)
    assert logic.selection.picked == ("croc", "rope", "rope", "jump")
    assert labels(logic) == [
        "discard CR RO RO JU",
        "swap 1 CR RO RO JU",
        "swap 2 CR RO RO JU",
    ]
    assert logic.offer().outlined == frozenset()  # nothing more goes with them
    (discard, *_swaps) = logic.menu()[1]
    logic.press(discard)
    assert str(logic.match.steps[-1].action) == "discard CR RO RO JU"
    assert logic.selection is None


def test_a_folded_exchange_button_opens_the_pick_and_outlines_every_card():
    """PH-2B-DISCARD: the folded "Discard" button asks for the cards in the hand
    (no list of 18 discards), with every card that some exchange takes outlined."""
    logic = pitfall_logic()
    _heading, items = logic.menu()
    (discard,) = [i for i in items if isinstance(i, Group) and i.label == "Discard"]
    logic.press(discard)
    heading, items = logic.menu()
    assert logic.selection.picking and items == []
    assert heading.startswith("Pick the cards in your hand")
    hand = set(HAND.split())
    assert len(logic.offer().outlined) == len(hand)


def test_a_picked_card_tapped_again_is_put_back():
    """PH-2B-DISCARD: a tap on a picked copy (by its place in the hand) puts it
    back; the other copy of the same kind stays a card to pick."""
    logic = pitfall_logic()
    logic.play_card(2)  # the first Rope
    logic.play_card(3)  # the second
    assert logic.selection.picked == ("rope", "rope")
    logic.play_card(2)
    assert logic.selection.picked == ("rope",)
    logic.play_card(2)
    assert logic.selection.picked == ()
    assert logic.selection.picking  # still picking: the next tap picks again


def test_a_card_no_exchange_takes_with_those_picked_is_refused_and_changes_nothing():
    """PH-2B-DISCARD: four cards picked, a fifth is refused in words, naming what
    to do; the pick and the game stay as they were."""
    logic = pitfall_logic()
    for card in ("croc", "croc", "rope", "rope"):
        logic.play_card(card)
    before = (logic.selection, len(logic.match), logic.state)
    with pytest.raises(IllegalActionError) as refused:
        logic.play_card("ladder")
    assert "does not go with the cards picked" in refused.value.reason
    assert (logic.selection, len(logic.match), logic.state) == before


HOSTAGE_HERE = {
    "ark": "EGYPT",
    "players": [
        {"at": "ENGLAND", "hand": ["hostage", "passport"]},
        {"at": "PERU", "hand": ["air"]},
        {"at": "CHINA", "hand": ["air"]},
    ],
    "to_move": 0,
}


def hostage_logic() -> TableLogic:
    game, state = raiders_position(seats=3, **HOSTAGE_HERE)
    logic = TableLogic(Match.from_state(game, state, seed=1), look_for(game))
    logic.auto = False
    logic.seat_all(["human"] * 3)
    logic.sync()
    return logic


def test_the_hostage_card_picks_the_player_then_the_space_on_the_board():
    """RA-K-HOSTAGE: the card pressed, a button per player (not 200 places); a
    player picked, the places show on the board and by country in the list; a
    tap on a ringed space takes that player there."""
    logic = hostage_logic()
    hostage = [e for e in logic.legal if e.clause == "RA-K-HOSTAGE"]
    assert len(hostage) > 100
    logic.play_card("hostage")
    _heading, items = logic.menu()
    assert [i.title.split("\u2026")[0] for i in items] == [
        logic.look.seat_name(1),
        logic.look.seat_name(2),
    ]
    logic.press(items[1])  # Player 2
    assert logic.selection.seat == 2
    _heading, items = logic.menu()
    assert 1 < len(items) <= LIST_MAX and all(isinstance(i, Fold) for i in items)
    target = next(e for e in hostage if e.seat == 2).spaces[0]
    assert target in logic.offer().targets
    logic.click_space(target)
    assert str(logic.match.steps[-1].action) == f"hostage 2 {target}"


def test_the_countries_and_their_parts_hold_every_choice_once():
    """RA-K-HOSTAGE: each country's button, then "More choices" where its places
    are many, walks the whole list; each country's last part leads back to the
    countries."""
    logic = hostage_logic()
    logic.play_card("hostage")
    logic.press(logic.menu()[1][0])  # Player 1
    wanted = {str(e.action) for e in logic.shown_actions()}
    player = logic.selection
    seen: list[str] = []
    for country in logic.menu()[1]:
        logic.press(country)
        for _ in range(40):
            _heading, items = logic.menu()
            assert len(items) <= LIST_MAX
            seen += [str(i.action) for i in items if not isinstance(i, Fold)]
            logic.press(items[-1])
            if logic.selection == player:
                break
    assert sorted(seen) == sorted(wanted)


# -- the page: the frame's tap tables ------------------------------------------------


def frame_of(logic: TableLogic) -> dict:
    """The frame the mover's page draws now."""
    match, seat = logic.match, logic.to_move
    seen = moment(match, len(match), seat, logic.look)
    return view_payload(logic.look, seen, seat, match.explain(), ())


def page_tap(frame: dict, key: str, table: str, what: str) -> dict:
    """What the page does for a tap: the menu on show's table, its list's (a
    part of a long list), else the "" menu's."""
    menus = frame["menus"]
    here = menus[key]
    if "taps_from" in here:
        here = menus[here["taps_from"]]
    return here.get(table, {}).get(what) or menus[""][table][what]


def test_the_page_picks_cards_from_its_frame_as_the_table_does():
    """PH-2B-SWAP: the page follows the frame's tap tables alone: four cards
    picked (one put back and picked again), a swap button, the same action as the
    table's logic plays."""
    logic = pitfall_logic()
    frame = frame_of(logic)
    key = ""
    for table, card in (
        ("cards", "rope"),
        ("cards", "croc"),
        ("unpick", "croc"),
        ("cards", "jump"),
        ("cards", "ladder"),
        ("cards", "cobra"),
    ):
        tap = page_tap(frame, key, table, card)
        key = tap["open"]
    menu = frame["menus"][key]
    assert menu["picking"] and menu["heading"].startswith("Picked Rope, Jump")
    hand = frame["hands"][0]["cards"]
    assert sorted(hand[i]["kind"] for i in menu["picked_at"]) == sorted(
        ["rope", "jump", "ladder", "cobra"]
    )
    words = [frame["actions"][b["index"]]["action"] for b in menu["buttons"]]
    assert words == ["discard RO JU LA CO", "swap 1 RO JU LA CO", "swap 2 RO JU LA CO"]
    for card in ("rope", "croc"):
        logic.play_card(card)
    logic.play_card(0)  # the croc put back, by its place
    for card in ("jump", "ladder", "cobra"):
        logic.play_card(card)
    assert str(logic.selection) == key


def test_no_menu_of_any_frame_shows_more_than_twelve_buttons():
    """Every list a page can reach (every selection of every frame) along seeded
    games of every shipped game holds at most twelve buttons, and every menu a
    button opens is in the frame."""
    import random

    for name, players, steps in (("pitfall", 4, 40), ("raiders", 4, 40)):
        game = make_game(name, players=players)
        logic = TableLogic(Match(game, seed=3), look_for(game))
        rng = random.Random(3)
        logic.auto = False
        logic.seat_all(["human"] * players)
        logic.sync()
        widest = 0
        for _ in range(steps):
            if logic.to_move is None:
                break
            menus = frame_of(logic)["menus"]
            for menu in menus.values():
                assert len(menu["buttons"]) <= LIST_MAX
                widest = max(widest, len(menu["buttons"]))
                for button in menu["buttons"]:
                    assert (
                        "index" in button
                        or button["open"] in menus
                        or (button["open"] == "")
                    )
            logic.match.play(rng.choice(logic.game.legal_actions(logic.state)))
            logic.sync()
        assert widest > 3, name


# -- the notebook table: its hand canvas, its pick buttons, the hint ---------------


def test_the_notebook_hand_marks_the_cards_picked_and_the_hint_frames_its_cards():
    """PH-2B-DISCARD: cards clicked on the hand canvas are picked (their buttons
    say so, for the keyboard); a hint for a discard outlines the folded button,
    still outlines its button once the pick is open and the cards complete it,
    and frames in the hand the cards it would pick."""
    from tabletop.ui import Table
    from tabletop.ui.hands import CARD_H, CARD_W, GAP

    logic = pitfall_logic()
    table = Table(logic.match, seats=["human"] * 3, evaluation=False, autosave=False)
    table.model.reveal()
    actions = table.widgets.actions
    hand = next(h for h in table.widgets.hands if h.seat == 0)
    discard = next(e for e in table.legal if str(e.action) == "discard CR CR RO RO")
    assert actions.suggest(discard.action, "Hint")
    outlined = [
        b.description
        for b in actions.box.children
        if "tabletop-suggested" in b._dom_classes
    ]
    assert outlined == ["Discard\u2026 (18)"]
    table.render()
    assert hand._drawn[2][3] == (0, 1, 2, 3)  # the hint frames both Crocs, both Ropes
    next(b for b in actions.box.children if b.description.startswith("Discard")).click()
    for index in (0, 1, 2):
        x = GAP + index * hand._step(len(hand.cards)) + CARD_W / 2
        hand._clicked(x, 24 + CARD_H / 2)
    assert [b.description for b in actions.picker.children][:4] == [
        "\u2713 Crocodile",
        "\u2713 Crocodile",
        "\u2713 Rope",
        "Rope",
    ]
    assert hand._drawn[2][2] == (0, 1, 2)  # the picked places, marked
    actions.picker.children[3].click()  # the second Rope, by its button
    suggested = [
        b.description
        for b in actions.box.children
        if "tabletop-suggested" in b._dom_classes
    ]
    assert len(suggested) == 1 and suggested[0].startswith("Discard")
    assert Counter(actions.items[0].cards) == Counter(discard.cards)
