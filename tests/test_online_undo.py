"""Undo in a room never goes back past a chance outcome that has been shown: a seat
that rolls, asks for an undo and rolls again learns nothing (the undo is refused,
whoever sits at the table); a finished room is read-only; an undo of a step that
drew no chance is still taken back."""

from __future__ import annotations

import pytest

from tabletop.core import IllegalActionError, Match
from tabletop.online import RemoteMatch, create_room
from tests.online_wire import running_server, wait


@pytest.fixture
def server():
    with running_server() as server:
        yield server


def _room(server, links):
    return server.rooms[links["room"]]


def _play_until(seat: RemoteMatch, notation: str, limit: int = 40) -> None:
    """Play this seat's first legal actions until ``notation`` is on offer."""
    for _ in range(limit):
        wait(lambda: seat.legal_actions() or seat.over)
        legal = [str(a) for a in seat.legal_actions()]
        if notation in legal:
            return
        seat.play(legal[0])
    raise AssertionError(f"{notation!r} was never on offer")


def test_roll_undo_roll_learns_nothing_with_one_human_and_a_bot(server):
    links = create_room(server, game="raiders", players=2, bots=1, seed=3)
    seat = RemoteMatch(links["seats"][0])
    try:
        _play_until(seat, "roll")
        seat.play("roll")
        rolled = seat.latest
        wait(
            lambda: seat.latest == server.call(lambda: len(_room(server, links).match))
        )
        log, state = seat.log(), seat.game.state_to_json(seat.state)
        assert any("rolled" in line for line in log[-3:])
        assert seat.may_undo is False, "the view says in advance: no undo past a roll"
        steps = server.call(lambda: len(_room(server, links).match))
        with pytest.raises(
            IllegalActionError, match="undo cannot go back past"
        ) as caught:
            seat.request_undo()
        assert caught.value.clause == "TT-UNDO"
        assert "roll" in caught.value.reason
        # The refusal answers the request: whatever it changed was sent before it.
        assert server.call(lambda: len(_room(server, links).match)) == steps
        assert server.call(lambda: _room(server, links).undo) is None
        assert seat.latest >= rolled and seat.undo_status.get("status") != "accepted"
        assert seat.log() == log
        assert seat.game.state_to_json(seat.state) == state
        assert len(server.store.actions(links["room"])) == steps
    finally:
        seat.close()


def test_an_undo_back_past_a_roll_is_refused_between_humans_too(server):
    links = create_room(server, game="pitfall", players=2, seed=0)
    a, b = RemoteMatch(links["seats"][0]), RemoteMatch(links["seats"][1])
    try:
        wait(lambda: a.legal_actions())
        a.play("roll")
        wait(lambda: b.latest == 1)
        with pytest.raises(IllegalActionError, match="undo cannot go back past"):
            a.request_undo()
        assert b.undo_status == {}  # the other seat was never asked
        assert server.call(lambda: len(_room(server, links).match)) == 1
    finally:
        a.close()
        b.close()


def test_an_undo_of_a_step_that_drew_no_chance_is_taken_back(server):
    """Choosing a direction after a roll draws nothing: with a bot as the only
    other seat the undo is taken back at once."""
    links = create_room(server, game="pitfall", players=2, bots=1, seed=0)
    seat = RemoteMatch(links["seats"][0])
    try:
        wait(lambda: seat.legal_actions())
        seat.play("roll")
        wait(lambda: "forward" in [str(x) for x in seat.legal_actions()])
        seat.play("forward")
        room = _room(server, links)
        steps = server.call(lambda: len(room.match))
        assert server.call(lambda: room.match.last_chance_step()) < steps
        wait(lambda: seat.latest == steps)
        assert seat.may_undo is True, "a step that drew nothing may be taken back"
        seat.request_undo()
        wait(lambda: seat.latest == 1)
        assert server.call(lambda: len(room.match)) == 1
        assert server.store.actions(links["room"])[1:] == []
        assert "forward" in [str(x) for x in seat.legal_actions()]
    finally:
        seat.close()


def test_no_undo_once_the_game_is_over(server):
    links = create_room(server, game="race", players=2, bots=1, seed=1)
    seat = RemoteMatch(links["seats"][0])
    room = _room(server, links)
    try:
        for _ in range(200):
            wait(lambda: seat.legal_actions() or seat.over)
            if seat.over:
                break
            seat.play(seat.legal_actions()[0])
        wait(lambda: seat.over)
        assert seat.may_undo is False  # TT-OVER
        steps = server.call(lambda: len(room.match))
        with pytest.raises(IllegalActionError, match="the game is over") as caught:
            seat.request_undo()
        assert caught.value.clause == "TT-OVER"
        assert server.call(lambda: len(room.match)) == steps
        assert server.call(lambda: room.match.over)
    finally:
        seat.close()


def test_last_chance_step_counts_rolls_forced_rolls_and_draws():
    from tabletop.core import make_game

    match = Match(make_game("pitfall", players=2), seed=0)
    assert match.last_chance_step() == 0
    match.play("roll")
    assert match.last_chance_step() == 1
    match.play("forward")  # a direction: nothing drawn
    assert match.last_chance_step() == 1
    match.goto(0)
    assert match.last_chance_step() == 1  # the whole timeline, not the cursor
    match.force_roll(6)  # queuing a forced roll draws nothing ...
    assert match.last_chance_step() == 0
    match.play("roll")  # ... using it up does
    assert match.last_chance_step() == 2
