"""The notebook's hand as a list of named buttons, at every move (not only while
cards are picked): a keyboard or a screen reader plays a card by its button,
named by the words the card shows, under "Your hand". Behind the hand-over
screen no button holds a card, so the next player cannot read the last one's
hand from the page."""

from __future__ import annotations

import pytest

from tabletop.ui import pitfall_table, raiders_table


def _names(table) -> list[str]:
    actions = table.widgets.actions
    return [
        b.description for b in actions.picker.children if b.layout.display != "none"
    ]


def _hand_names(table, seat: int) -> list[str]:
    look, view = table.look, table.model.view_state
    return [look.face(kind).name for kind in look.hand(view, seat)]


@pytest.mark.parametrize("make", [pitfall_table, raiders_table])
def test_the_hand_is_a_row_of_buttons_named_by_their_cards(make):
    table = make(players=2, seed=4, autosave=False, evaluation=False)
    table.model.reveal()
    for _ in range(60):  # Raiders deals its cards after the pawns are placed
        if table.model.curtain is not None:
            table.model.reveal()
        if _hand_names(table, table.model.eyes):
            break
        table.choose(table.legal[0].action)
    seat = table.model.eyes
    names = _names(table)
    assert names and names == _hand_names(table, seat)
    assert table.widgets.actions.hand_title.layout.display == ""
    assert "Your hand" in table.widgets.actions.hand_title.value


def test_a_playable_card_plays_by_its_button():
    """PH-T-CHOICE: a card a choice plays alone is marked playable; its button
    plays it (or lists its choices), as a tap on the card does."""
    table = pitfall_table(players=2, seed=4, autosave=False, evaluation=False)
    actions = table.widgets.actions
    playable = []
    for _ in range(200):
        if table.model.curtain is not None:
            table.model.reveal()
        playable = [
            b for b in actions.picker.children if "tabletop-playable" in b._dom_classes
        ]
        if playable:
            break
        table.choose(table.legal[0].action)
    assert playable, "some hand has a card to play"
    before = (table.model.step, table.model.selection)
    playable[0].click()
    assert table.model.error == "" and table.model.message == ""
    assert (table.model.step, table.model.selection) != before


def test_no_card_stays_in_a_button_behind_the_hand_over_screen():
    table = pitfall_table(players=2, seed=3, autosave=False, evaluation=False)
    table.model.reveal()
    for _ in range(60):  # play until the laptop is passed to the other human
        table.choose(table.legal[0].action)
        if table.model.curtain is not None:
            break
    assert table.model.curtain is not None
    actions = table.widgets.actions
    assert actions.picker.layout.display == "none"
    assert all(b.description == "" for b in actions.picker.children), [
        b.description for b in actions.picker.children
    ]
    assert all(b.tooltip in ("", None) for b in actions.picker.children)
    table.model.reveal()
    assert _names(table) == _hand_names(table, table.model.eyes)
