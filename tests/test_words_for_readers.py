"""What a player without sight hears and asks: the table's announcements (each
new moment once, in the eyes' own words) and the typed commands (``hand``,
``where``, ``here``, ``last``, ``choices``, ``who``, ``help``), from the table's
logic, so every screen says the same. No hidden card of another seat is ever in
them (TT-TURN: between two humans at one laptop)."""

from __future__ import annotations

import random

from tabletop import Match
from tabletop.core import make_game
from tabletop.draw import look_for
from tabletop.table import TableLogic
from tabletop.table.announce import Announcer
from tabletop.table.words.commands import COMMANDS, command_of


def table_of(name: str, seats: list[str], seed: int = 2, moves: int = 0) -> TableLogic:
    game = make_game(name, players=len(seats))
    match = Match(game, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        match.play(rng.choice(game.legal_actions(match.state)))
    logic = TableLogic(match, look_for(game))
    logic.auto = "heuristic" in seats
    logic.seat_all(seats)
    logic.sync()
    return logic


def test_your_turn_is_announced_once_and_the_bots_turns_before_it():
    """RA-T-CHOICE: after the player's move the bots play; the announcement tells
    their turns in order and then "Your turn", once."""
    logic = table_of("raiders", ["human", "heuristic", "heuristic"])
    heard = Announcer()
    first = heard.next(logic)
    assert first.startswith("Your turn: ")
    assert heard.next(logic) is None  # nothing new: nothing said again
    logic.choose(logic.legal[0].action)
    said = heard.next(logic)
    blue, green = logic.look.seat_name(1), logic.look.seat_name(2)
    assert said.index(f"{blue}:") < said.index(f"{green}:") < said.index("Your turn")
    assert heard.next(logic) is None


def test_your_own_roll_and_draw_are_said_back_to_you():
    """RA-T-CHOICE, RA-M-MOVE: a player who cannot see the board hears what
    their own move did ("You: rolled 4."), not only the others' turns."""
    logic = table_of("raiders", ["human", "heuristic"], seed=3)
    heard = Announcer()
    heard.next(logic)
    logic.choose("place USA")
    said = heard.next(logic)
    assert said.startswith("You: placed your token in United States."), said
    logic.choose("roll")
    said = heard.next(logic)
    assert said.startswith("You: rolled ") and "Your turn: " in said, said


def test_nothing_of_another_seats_hand_is_announced_between_two_humans():
    """TT-TURN: two humans at one laptop; behind the hand-over only whom to pass
    it to is said, and after the reveal no card of the other hand is named."""
    logic = table_of("pitfall", ["human", "human"])
    heard = Announcer()
    heard.next(logic)
    logic.reveal()
    heard.next(logic)
    logic.choose("roll")
    while logic.curtain is None and logic.to_move == 0:
        logic.choose(logic.legal[0].action)
    said = heard.next(logic)
    assert said.startswith("The laptop is being passed") and "Player 1" in said
    logic.reveal()
    said = heard.next(logic)
    hidden = logic.look.hand(logic.game.view(logic.state, 1), 0)
    assert isinstance(hidden, int) or set(hidden) <= {"?"}
    mine = logic.look.hand(logic.game.view(logic.state, 1), 1)
    names = {logic.look.face(k).name for k in mine}
    others = logic.look.hand(logic.state, 0)
    unseen = {logic.look.face(k).name for k in others} - names
    assert not any(name in said for name in unseen), said


def test_the_commands_answer_from_the_eyes_of_the_table():
    """The commands answer in words; ``hand`` names only the eyes' own cards,
    ``where`` every pawn, ``choices`` the buttons on offer, ``help`` them all."""
    logic = table_of("raiders", ["human", "human", "human"], moves=12)
    seat = logic.to_move
    logic.set_viewer(seat)
    look = logic.look
    own = look.hand(logic.view_state, seat)
    hand = logic.command("hand")
    assert all(look.face(k).name in hand for k in own)
    where = logic.command(" WHERE ")
    assert all(look.seat_name(s, you=s == seat) in where for s in range(3))
    assert f"Player {seat} (" in where and ", you)" in where
    assert ") (you)" not in where, "one bracket: 'Player 0 (red, you)'"
    heading, items = logic.menu()
    choices = logic.command("choices")
    assert choices.startswith("Your turn.") and heading in choices
    assert logic.command("who") == "who is ahead is not shown at this table"
    logic.who_is_ahead = lambda: "Player 1 (blue) leads with 40%"
    assert logic.command("who") == "Player 1 (blue) leads with 40%"
    assert all(name in logic.command("help") for name in COMMANDS)
    assert logic.command("roll") is None and command_of("Here") == "here"
    assert logic.command("here").startswith("You are on ")
    assert logic.command("last")


def test_the_notebook_table_says_each_moment_and_answers_commands():
    """The notebook: its live region says the bots' turns and "Your turn" after a
    move; the command field answers ``hand`` in words (and says it), and plays
    an action's words as before; the board in words lists the pawns and the
    spaces on offer."""
    from tabletop.ui import raiders_table

    table = raiders_table(players=3, seed=2, bots=2, autosave=False, evaluation=False)
    reader, actions = table.reader, table.widgets.actions
    assert "Your turn: " in reader.said.value
    actions.box.children[0].click()
    said = reader.said.value
    assert table.look.seat_name(1) in said and "Your turn" in said
    actions.notation.value = "hand"
    own = table.look.hand(table.model.view_state, 0)
    names = [table.look.face(k).name for k in own]
    assert all(name in actions.answer.value for name in names)
    assert actions.answer.value.replace("<p>", "") in reader.said.value
    reader.fold.selected_index = 0
    assert "Pawns" in reader.board.value and ", you)" in reader.board.value
    assert "a tap" in reader.board.value


def test_a_second_tap_on_the_card_pressed_puts_it_down():
    """RA-K-HOSTAGE: a card pressed lists its choices; pressed again, nothing is
    chosen any more (on the table, and in the page's frame)."""
    from tabletop.draw.pictures import moment
    from tabletop.table.frame import view_payload
    from tests.test_pick_cards import hostage_logic

    logic = hostage_logic()
    logic.play_card("hostage")
    assert str(logic.selection) == "card:hostage"
    logic.play_card("hostage")
    assert logic.selection is None
    seen = moment(logic.match, len(logic.match), 0, logic.look)
    frame = view_payload(logic.look, seen, 0, logic.match.explain(), ())
    assert frame["menus"][""]["cards"]["hostage"] == {"open": "card:hostage"}
    assert frame["menus"]["card:hostage"]["cards"]["hostage"] == {"open": ""}
