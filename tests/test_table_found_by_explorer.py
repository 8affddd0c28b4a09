"""What the table explorer (``tests/explorer.py``) found, each kept as an example
of the invariant it broke: never idle, no hand shown unasked, a refusal changes
nothing."""

from __future__ import annotations

import pytest

from tabletop.core import Match, make_game
from tabletop.core.viewers import PUBLIC
from tabletop.draw.look import look_for
from tabletop.table.logic import MAX_AUTO_MOVES, TableLogic


def table(game: str, seats: list[str], seed: int = 3, **options) -> TableLogic:
    made = make_game(game, players=len(seats))
    logic = TableLogic(Match(made, seed=seed), look_for(made), **options)
    with logic.batch():
        logic.seat_all(seats)
        logic.play_bots(MAX_AUTO_MOVES)
        logic.sync()
    return logic


def play_humans(logic: TableLogic, moves: int) -> None:
    for _ in range(moves):
        logic.choose(logic.legal[0].action)


@pytest.mark.parametrize("game", ["pitfall", "raiders"])
def test_bots_turned_on_move_at_once(game):
    """Never idle (TT-TURN): bots ticked to move by themselves, with a bot to move
    at the line's end, move without another click."""
    logic = table(game, ["human", "heuristic", "heuristic"])
    logic.auto = False
    play_humans(logic, 1)
    while logic.to_move == 0:
        play_humans(logic, 1)
    assert logic.to_move in logic.bot_seats
    logic.auto = True
    assert logic.to_move not in logic.bot_seats


@pytest.mark.parametrize("game", ["pitfall", "raiders"])
def test_a_new_line_from_the_start_where_a_bot_moves_first_plays_on(game):
    """Never idle: *Play again* (back to step 0) then a new line there, with a bot
    to move first: the bots play on the new line up to the human."""
    logic = table(game, ["heuristic", "human", "heuristic"])
    play_humans(logic, 1)
    logic.play_again_same_deal()
    if logic.to_move not in logic.bot_seats:
        pytest.skip("this deal opens with the human seat")
    logic.fork()
    assert logic.step == logic.length
    assert logic.to_move not in logic.bot_seats


@pytest.mark.parametrize("handover", [True, False])
def test_the_referee_view_ended_shows_a_human_seat_again(handover):
    """No hand shown unasked: with one human seat (or the hand-over off), ending
    the referee view looks through the human seat again, not every hand."""
    logic = table("raiders", ["human", "heuristic", "heuristic"], handover=handover)
    logic.unlock_referee_view()
    assert logic.eyes is None
    logic.lock_referee_view()
    assert logic.eyes == 0 and logic.hot_seat


def test_a_seat_looked_through_that_becomes_a_bot_is_left():
    """No hand shown unasked: the seat whose eyes the table shows becomes a bot;
    the table looks through the remaining human seat, not the bot's hand."""
    logic = table("raiders", ["human", "human"])
    play_humans(logic, 1)  # the laptop goes to the other seat
    logic.reveal()
    looking = logic.viewer
    logic.auto = False  # the new bot waits for a click
    logic.set_seat(looking, "heuristic")
    assert logic.eyes in logic.human_seats()


def test_a_seat_changed_at_an_earlier_step_between_humans_changes_only_the_seat():
    """A refusal changes nothing, and a seat change is no refusal: between human
    seats at an earlier step (no new line may start there, TT-UNDO), a seat made
    a bot keeps the step and the lines, and its bot waits for the line's end."""
    logic = table("pitfall", ["human", "human", "human"])
    for _ in range(6):
        play_humans(logic, 1)
        logic.reveal()
    logic.goto(1)
    lines, step = len(logic.lines), logic.step
    logic.set_seat(2, "heuristic")
    assert logic.seats[2] == "heuristic"
    assert (len(logic.lines), logic.step) == (lines, step)
    assert logic.eyes is PUBLIC or logic.eyes in logic.human_seats()


def test_a_game_resumed_with_its_own_seats_looks_through_a_human(tmp_path):
    """No hand shown unasked: the cell run again with seat 0 human (the hand-over
    off), and the saved game had made seat 0 a bot; after Resume the table looks
    through the human seat, not the bot's hand."""
    path = tmp_path / "game.json"
    seats, options = ["human", "heuristic", "human"], dict(handover=False)
    first = table("pitfall", seats, autosave=path, **options)
    play_humans(first, 1)  # a move: the game is saved
    while first.to_move != 0:
        play_humans(first, 1)
    first.auto = False  # seat 0 turned bot waits for a click
    first.set_seat(0, "heuristic")
    again = table("pitfall", seats, autosave=path, **options)
    again.resume_saved()
    assert again.seats[0] == "heuristic"
    assert again.eyes is PUBLIC or again.eyes in again.human_seats()


def test_a_new_game_never_opens_on_a_bot_seen_behind_the_hand_over():
    """No hand shown unasked: behind the hand-over screen the table last looked
    through a seat that has since become a bot; a new game (whose first move is
    that bot's) clears the screen and must not open on that bot's hand."""
    logic = table("pitfall", ["human", "human", "human"], handover=True)
    logic.auto = False
    for _ in range(12):
        play_humans(logic, 1)
        logic.reveal()
        if logic.viewer == 1:  # seed 8's first mover
            break
    while logic.curtain is None:  # seat 1 plays its turn; the laptop is passed on
        play_humans(logic, 1)
    assert logic.viewer == 1
    logic.set_seat(1, "heuristic")
    logic.new_game(8)
    assert logic.to_move == 1
    assert logic.eyes is PUBLIC or logic.eyes in logic.human_seats()
