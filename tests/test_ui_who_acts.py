"""One place decides who may act (``TableModel.refusal_to_act``): at a bot's turn no
gesture of any kind plays for the bot, at the latest step or back along the
timeline, and each attempt is refused in words (TT-TURN) with nothing changed.

The gestures are those of the page: an action button, a board click, a card click
in the hand, and notation typed into the box and entered (Enter sets the box's
value; ``continuous_update`` is off).
"""

from __future__ import annotations

import pytest

from tabletop import Match
from tabletop.table.words.panels import waiting as waiting_text
from tabletop.ui import Table
from tests.ui_fake import Dash, DashLook


def click_from_page(widget, content: dict) -> None:
    data = {"method": "custom", "content": content}
    widget.comm.handle_msg({"content": {"data": data}, "buffers": []})


def bots_turn_now() -> Table:
    """Seat 0 has moved; seat 1, a bot, is to move at the latest step (auto off)."""
    game = Dash(2)
    table = Table(
        Match(game, seed=3), look=DashLook(game), seats=["human", "random"], auto=False
    )
    table.choose("roll")
    table.choose(table.legal[0].action)
    assert table.model.to_move == 1 and table.model.step == table.model.length
    return table


def bots_turn_in_the_past() -> Table:
    """The bot has played its move; the table steps back to the bot's decision."""
    table = bots_turn_now()
    while table.model.to_move == 1:
        table.model.auto_play(1)
    assert table.model.step == table.model.length > 2 and table.model.to_move == 0
    table.model.step_back()
    assert table.model.to_move == 1 and table.model.step < table.model.length
    return table


WHEN = {
    "at the latest step": bots_turn_now,
    "back along the timeline": bots_turn_in_the_past,
}


def _unchanged(table: Table, before: tuple) -> None:
    assert (table.model.step, table.model.length, len(table.model.lines)) == before
    assert "bot" in table.model.message and "Player 1" in table.model.message, (
        table.model.message
    )
    assert table.model.refused_clause == "TT-TURN"


def _before(table: Table) -> tuple:
    return table.model.step, table.model.length, len(table.model.lines)


@pytest.mark.parametrize("when", WHEN)
def test_typed_notation_and_enter_do_not_play_for_the_bot(when):
    table = WHEN[when]()
    before = _before(table)
    bots_move = str(table.legal[0].action)  # what the bot could play here
    table.widgets.actions.notation.value = bots_move  # typed, then Enter
    _unchanged(table, before)
    # refused for who may act, not for the text: the field empties, so the same
    # text entered again later is sent (an unchanged field sends nothing)
    assert table.widgets.actions.notation.value == ""


@pytest.mark.parametrize("when", WHEN)
def test_no_button_is_offered_and_pressing_one_is_refused(when):
    table = WHEN[when]()
    before = _before(table)
    assert table.model.shown_actions() == () and not table.model.can_act()
    assert not any(
        "tabletop-action" in b._dom_classes for b in table.widgets.actions.box.children
    )
    guarded = table._guard(table.model.press)
    guarded(table.legal[0])  # a button drawn for the bot's choice, were there one
    _unchanged(table, before)


@pytest.mark.parametrize("when", WHEN)
def test_a_board_click_does_not_play_for_the_bot(when):
    table = WHEN[when]()
    before = _before(table)
    target = next(s for e in table.legal for s in e.spaces)
    x, y = table.look.xy[target]
    click_from_page(table.widgets.board.canvas, {"event": "mouse_up", "x": x, "y": y})
    _unchanged(table, before)
    with pytest.raises(Exception, match="bot"):
        table.model.click_space(target)
    assert _before(table) == before


@pytest.mark.parametrize("when", WHEN)
def test_a_card_click_does_not_play_for_the_bot(when):
    table = WHEN[when]()
    before = _before(table)
    hand = table.widgets.hands[1]
    click_from_page(hand.canvas, {"event": "mouse_up", "x": 30, "y": 70})
    assert _before(table) == before
    with pytest.raises(Exception, match="bot"):
        table.model.play_card(0)
    assert _before(table) == before


def test_the_human_to_move_still_plays_every_gesture():
    """The same checks let the human seat play: typed, button, board and card."""
    game = Dash(2)
    table = Table(
        Match(game, seed=3), look=DashLook(game), seats=["human", "random"], auto=False
    )
    assert table.model.can_act() and table.model.refusal_to_act() is None
    table.widgets.actions.notation.value = "roll"
    assert table.model.step == 1 and table.model.message == ""
    x, y = table.look.xy[table.legal[0].spaces[0]]
    table.click_xy(x, y)
    assert table.model.step == 2


def test_two_humans_step_back_and_roll_again_is_refused_through_the_gestures():
    """Between two human seats no new line starts before a shown roll: back along
    the timeline the buttons are gone, the panel says why, and a typed roll or a
    pressed button is refused (TT-UNDO) with nothing changed."""
    game = Dash(2)
    table = Table(Match(game, seed=3), look=DashLook(game), auto=False)
    table.choose("roll")
    rolled = table.model.state.roll
    table.model.step_back()
    before = _before(table)
    assert table.model.shown_actions() == ()
    assert waiting_text(table.model).startswith("Looking back: step 1 rolled the die")
    table.widgets.actions.notation.value = "roll"  # typed, then Enter
    assert _before(table) == before and table.model.refused_clause == "TT-UNDO"
    assert "rolled the die" in table.model.message
    table._guard(table.model.press)(table.legal[0])
    assert _before(table) == before and table.model.refused_clause == "TT-UNDO"
    table.model.step_forward()
    assert table.model.state.roll == rolled and table.model.can_act()


def test_one_human_and_a_bot_step_back_and_roll_again_as_before():
    game = Dash(2)
    table = Table(
        Match(game, seed=3), look=DashLook(game), seats=["human", "random"], auto=False
    )
    table.choose("roll")
    rolled = table.model.state.roll
    table.model.step_back()
    table.widgets.actions.notation.value = (
        "roll"  # the step that comes next: along the line
    )
    assert table.model.message == "" and len(table.model.lines) == 1
    assert table.model.step == 1 and table.model.state.roll == rolled
    table.model.step_back()
    other = next(e.action for e in table.legal if str(e.action) != "roll")
    table.widgets.actions.notation.value = str(other)
    assert table.model.message == "" and len(table.model.lines) == 2
