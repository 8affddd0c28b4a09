"""A hot seat nobody can peek at: between two or more human seats with the
hand-over on, once the laptop has been passed, another seat's hand and "view as
everything" are refused in words until the referee view is unlocked, which the
status line then tells every player. A table of one human and bots, or with the
hand-over off (a lesson), stays a free laboratory."""

from __future__ import annotations

import pytest

from tabletop import IllegalActionError, Match
from tabletop.table.words import refusals
from tabletop.ui import Table
from tabletop.ui.model import TableModel
from tests.ui_fake import Dash, DashLook


def make(seats=None, **options) -> TableModel:
    game = Dash(2)
    model = TableModel(Match(game, seed=3), DashLook(game), **options)
    if seats:
        model.seat_all(seats)
    model.sync()
    return model


def passed(model: TableModel) -> TableModel:
    """Seat 0 plays, the laptop goes to seat 1, who reveals."""
    model.choose("roll")
    model.choose(model.legal[0].action)
    assert model.curtain == 1
    model.reveal()
    assert model.viewer == 1 and model.curtain is None
    return model


def snapshot(model: TableModel) -> tuple:
    return (model.viewer, model.curtain, model.hot_seat, model.step, model.eyes)


def test_after_the_reveal_every_hand_is_refused_naming_why():
    model = passed(make())
    before = snapshot(model)
    with pytest.raises(IllegalActionError) as caught:
        model.set_viewer(None)
    assert caught.value.clause == "TT-TURN"
    assert caught.value.reason == refusals.no_peeking(model.look, None)
    assert "Referee view" in caught.value.reason
    assert snapshot(model) == before and not model.referee_view


def test_after_the_reveal_another_seats_hand_is_refused():
    model = passed(make())
    before = snapshot(model)
    with pytest.raises(IllegalActionError) as caught:
        model.set_viewer(0)
    assert caught.value.clause == "TT-TURN"
    assert caught.value.reason == refusals.no_peeking(model.look, 0)
    assert snapshot(model) == before
    model.set_viewer(1)  # one's own eyes stay allowed
    assert model.viewer == 1


def test_hot_seat_turned_on_again_passes_the_laptop_rather_than_show_a_hand():
    model = passed(make())
    model.hot_seat = False
    model.choose("roll")
    model.choose(model.legal[0].action)  # seat 0 to move, seat 1's eyes still
    assert model.to_move == 0 and model.viewer == 1
    model.hot_seat = True
    assert model.curtain == 0 and model.eyes.is_public


def test_the_unlocked_referee_view_shows_everything_and_the_status_says_so():
    table = Table(Match(Dash(2), seed=3), look=DashLook(Dash(2)))
    model = table.model
    passed(model)
    assert "Referee view" not in table.widgets.status.value
    table.widgets.seat_controls.viewer.value = -1  # "everything", refused in words
    assert model.viewer == 1 and "Referee view" in model.message
    assert table.widgets.seat_controls.viewer.value == 1
    table.widgets.seat_controls.referee.value = True  # the deliberate unlock
    assert model.referee_view and model.viewer is None and model.curtain is None
    assert "Referee view: all hands shown" in table.widgets.status.value
    model.set_viewer(0)  # any seat's eyes, told on the status line too
    assert model.viewer == 0
    assert "Referee view: " in table.widgets.status.value
    model.set_viewer(None)
    assert "Referee view: all hands shown" in table.widgets.status.value
    table.widgets.seat_controls.referee.value = False  # locked: the laptop is passed
    assert not model.referee_view and model.curtain == model.to_move
    assert model.eyes.is_public and model.hot_seat
    assert "Referee view" not in table.widgets.status.value
    table.close()


def test_the_unlock_through_the_logic_allows_set_viewer():
    model = passed(make())
    model.unlock_referee_view()
    assert model.referee_view and model.viewer is None
    model.set_viewer(0)
    assert model.viewer == 0
    model.set_viewer(None)
    assert model.viewer is None


@pytest.mark.parametrize(
    "options", [{"seats": ["human", "random"]}, {"handover": False}], ids=str
)
def test_one_human_and_bots_or_a_lesson_stay_free(options):
    model = make(**options)
    model.choose("roll")
    model.choose(model.legal[0].action)
    model.reveal()  # nothing to reveal here
    model.set_viewer(None)
    assert model.viewer is None and not model.referee_view
    model.set_viewer(1)
    assert model.viewer == 1
    model.set_viewer(0)
    assert model.viewer == 0
