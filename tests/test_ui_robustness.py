"""Headless robustness tests of the Table: random gestures in any order, through the
widgets as the browser sends them (the board and hand canvases' mouse messages,
buttons, the slider, dropdowns, checkboxes, typed notation, tabs, page reloads).

After every gesture the table must show exactly the engine's state: the ``state``
trait is the match's state, ``legal`` is ``explain()`` of it, the buttons are those
entries (grouped as the panel groups them), the status line names the seat to move
(or the winner) and the step, the slider sits on the step, the hands of seats the
viewer may not see are counts only, and the log hides other seats' secret events.
No callback error may be swallowed: a gesture that fails shows its error in the
table's error area (conftest also fails any test that logs 'Exception in callback').
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.core import Match
from tabletop.games.pitfall import Pitfall
from tabletop.games.raiders import Raiders
from tabletop.table.choices import LIST_MAX, Fold
from tabletop.ui import Table
from tabletop.ui.hands import CARD_H, CARD_W, GAP
from tabletop.ui.panels import Group
from tabletop.ui.texts import action_words
from tests.props_strategies import props

GAMES = {"pitfall": (Pitfall, 3), "raiders": (Raiders, 4)}
SEAT_KINDS = ("human", "random", "heuristic")
SEAT_CHOICES = ("human", "Easy")  # what the Seats tab offers (the fast levels)


def make_table(name: str, seed: int, seats: list[str]) -> Table:
    cls, players = GAMES[name]
    return Table(Match(cls(players=players), seed=seed), seats=seats[:players])


def frontend(widget: Any, content: dict) -> None:
    """Deliver a message as the browser would send it to a widget's comm."""
    data = {"method": "custom", "content": content}
    widget.comm.handle_msg({"content": {"data": data}, "buffers": []})


# -- gestures: each takes the table and a seeded random source ----------------------


def click_board(t: Table, r: random.Random) -> None:
    """A press anywhere on the board, often right on a highlighted target (which
    plays a move, or shows the choice of a card to play there)."""
    targets = [s for e in t.model.shown_actions() for s in e.spaces if s in t.look.xy]
    if targets and r.random() < 0.6:
        x, y = t.look.xy[r.choice(targets)]
        x, y = x + r.uniform(-6, 6), y + r.uniform(-6, 6)
    else:
        x, y = r.uniform(-20, t.look.width + 20), r.uniform(-20, t.look.height)
    frontend(t.widgets.board.canvas, {"event": "mouse_up", "x": x, "y": y})


def click_hand(t: Table, r: random.Random) -> None:
    """A press on a hand: often on a card of the seat to move, else anywhere."""
    seat = t.model.to_move
    hand = (
        t.widgets.hands[seat]
        if seat is not None and r.random() < 0.7
        else r.choice(t.widgets.hands)
    )
    n = hand.cards if isinstance(hand.cards, int) else len(hand.cards)
    if n and r.random() < 0.8:
        x, y = GAP + r.randrange(n) * hand._step(n) + CARD_W / 2, 24 + CARD_H / 2
    else:
        x, y = r.uniform(0, hand.width), r.uniform(0, hand.height)
    frontend(hand.canvas, {"event": "mouse_up", "x": x, "y": y})


def press_button(t: Table, r: random.Random) -> None:
    buttons = list(t.widgets.actions.box.children)
    if buttons:
        r.choice(buttons).click()


def type_notation(t: Table, r: random.Random) -> None:
    legal = [str(e.action) for e in t.legal]
    junk = ["roll", "fly away", "P9: roll", "to S1", "play rope", "", "9: roll"]
    t.widgets.actions.notation.value = (
        r.choice(legal + junk) if legal else r.choice(junk)
    )


def timeline_button(t: Table, r: random.Random) -> None:
    r.choice(list(t.widgets.timeline.buttons.values())).click()


def drag_slider(t: Table, r: random.Random) -> None:
    t.widgets.timeline.slider.value = r.randint(0, t.widgets.timeline.slider.max)


def change_seat(t: Table, r: random.Random) -> None:
    r.choice(t.widgets.seat_controls.dropdowns).value = r.choice(SEAT_CHOICES)


def change_viewer(t: Table, r: random.Random) -> None:
    t.widgets.seat_controls.viewer.value = r.choice([-1, *range(t.model.game.players)])


def toggle(t: Table, r: random.Random) -> None:
    box = r.choice([t.widgets.seat_controls.hot_seat, t.widgets.seat_controls.auto])
    box.value = not box.value


def bots_play_now(t: Table, r: random.Random) -> None:
    t.widgets.seat_controls.play.click()


def show_all(t: Table, r: random.Random) -> None:
    t.widgets.actions.clear.click()


def switch_tab(t: Table, r: random.Random) -> None:
    t.widgets.tabs.selected_index = r.randint(0, 2)


def reveal(t: Table, r: random.Random) -> None:
    """The player the laptop was passed to presses "show my hand"."""
    t.widgets.handover.button.click()


def reload_page(t: Table, r: random.Random) -> None:
    frontend(
        r.choice([t.widgets.board.canvas, t.widgets.hands[0].canvas]),
        {"event": "client_ready"},
    )


GESTURES = [
    click_board,
    click_board,
    click_hand,
    click_hand,
    press_button,
    press_button,
    press_button,
    type_notation,
    timeline_button,
    drag_slider,
    change_seat,
    change_viewer,
    toggle,
    bots_play_now,
    show_all,
    switch_tab,
    reload_page,
    reveal,
    reveal,
]


# -- what the table must show after every gesture -------------------------------------


def expected_labels(t: Table) -> list[str]:
    """The buttons the table's logic offers (``TableLogic.menu``), never more
    than ``LIST_MAX``."""
    _heading, items = t.model.menu()
    assert len(items) <= LIST_MAX
    return [
        i.title if isinstance(i, Group | Fold) else action_words(t.model, i)
        for i in items
    ]


def check_shows_the_engine(t: Table, gesture: str) -> None:
    m = t.match
    where = f"after {gesture}"
    assert t.model.error == "" and t.widgets.error_area.value == "", (
        where,
        t.model.error,
    )
    assert t.model.state is m.state, where
    assert (t.model.step, t.model.length) == (m.cursor, len(m)), where
    assert t.legal == m.explain(), where
    assert set(t.model.shown_actions()) <= set(t.legal), where
    assert [b.description for b in t.widgets.actions.box.children] == expected_labels(
        t
    ), where
    assert (t.widgets.timeline.slider.value, t.widgets.timeline.slider.max) == (
        m.cursor,
        len(m),
    )
    status = t.widgets.status.value
    assert f"step {m.cursor}/{len(m)}" in status, (where, status)
    outcome = m.outcome()
    if outcome is not None:
        winner = outcome.winner
        winner = "nobody" if winner is None else t.look.seat_name(winner)
        assert "Game over" in status and winner in status, (where, status)
    else:
        assert t.look.seat_name(m.to_move()) + "</b>" in status, (where, status)
        if t.model.hot_seat and m.to_move() not in t.model.bot_seats:
            # the seat to move looks, or the laptop is being passed to it
            assert m.to_move() in (t.model.viewer, t.model.curtain), where
    check_secrets_stay_hidden(t, where)


def check_secrets_stay_hidden(t: Table, where: str) -> None:
    if t.model.viewer is None and t.model.curtain is None:
        return
    looking = t.model.viewer if t.model.curtain is None else "the public (hand-over)"
    for hand in t.widgets.hands:
        if hand.seat != looking:  # a count (or nothing at all: no cards dealt)
            assert isinstance(hand.cards, int) or hand.cards == (), (where, hand.cards)
    if t.widgets.tabs.selected_index == 0:
        log = t.widgets.log_view.value
        events = [*t.match.setup_events]
        for step in t.match.steps[: t.match.cursor]:
            events += step.events
        for e in events:
            if e.secret and e.player != looking and e.text != e.public:
                assert e.text not in log, (where, e.text)


@pytest.mark.parametrize("name", sorted(GAMES))
@props(40)
@given(
    seed=st.integers(0, 2**16),
    seats=st.lists(st.sampled_from(SEAT_KINDS), min_size=6, max_size=6),
    gestures=st.lists(st.integers(0, 10**6), min_size=10, max_size=60),
)
def test_random_gestures_keep_the_table_showing_the_engine(name, seed, seats, gestures):
    table = make_table(name, seed, seats)
    check_shows_the_engine(table, "the first render")
    for number in gestures:
        r = random.Random(number)
        gesture = GESTURES[number % len(GESTURES)]
        gesture(table, r)
        check_shows_the_engine(table, gesture.__name__)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_long_seeded_gesture_storm(name):
    """One long sequence (400 gestures) in a seeded order, bots and humans mixed."""
    r = random.Random(f"storm-{name}")
    table = make_table(name, 7, ["human", "heuristic", "random", "human"])
    for i in range(400):
        gesture = r.choice(GESTURES)
        gesture(table, random.Random(r.random()))
        check_shows_the_engine(table, f"{gesture.__name__} (gesture {i})")


# -- auto-play interrupted: errors shown, never a stale table -------------------------


class FailingBot:
    """Plays the first legal action from its view, and raises on its n-th move."""

    name = "failing"

    def __init__(self, game: Any, fail_on: int) -> None:
        self.game, self.fail_on, self.moves = game, fail_on, 0

    def choose(self, view: Any) -> Any:
        self.moves += 1
        if self.moves == self.fail_on:
            raise RuntimeError("bot lost its connection")
        return self.game.legal_actions(view)[0]


class MeddlingBot(FailingBot):
    """A bot during whose thinking a gesture slips in (a click during auto-play)."""

    def __init__(self, game: Any, table_box: list, gesture: Any) -> None:
        super().__init__(game, fail_on=-1)
        self.box, self.gesture = table_box, gesture

    def choose(self, view: Any) -> Any:
        self.moves += 1
        if self.moves == 3 and self.box:
            self.gesture(self.box[0], random.Random(self.moves))
        return self.game.legal_actions(view)[0]


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("fail_on", [1, 4, 9])
def test_a_bot_failing_mid_auto_play_shows_the_error_and_the_reached_state(
    name, fail_on
):
    cls, players = GAMES[name]
    game = cls(players=players)
    table = Table(Match(game, seed=3), seats=["human"] * players, auto=False)
    table.model.set_seat(1, FailingBot(game, fail_on))
    for seat in range(players):
        if seat != 1:
            table.model.set_seat(seat, "random")
    table.widgets.seat_controls.play.click()
    assert "bot lost its connection" in table.model.error
    assert "bot lost its connection" in table.widgets.error_area.value
    assert table.model.state is table.match.state, "the table shows where play stopped"
    assert (table.model.step, table.model.length) == (
        table.match.cursor,
        len(table.match),
    )
    assert table.legal == table.match.explain()
    table.widgets.timeline.buttons["back"].click()  # the next gesture clears the error
    check_shows_the_engine(table, "back after the failure")


def jump_to_start(t: Table, r: random.Random) -> None:
    t.widgets.timeline.buttons["start"].click()


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize(
    "gesture",
    [jump_to_start, drag_slider, press_button, change_seat, change_viewer, click_board],
)
def test_a_gesture_during_auto_play_leaves_a_consistent_table(name, gesture):
    """A timeline jump, a button, a seat or viewer change or a board click arriving
    while the bots play: the bot's move may then be refused (it was chosen for
    another position) or play on; either way the table shows the match as it is."""
    cls, players = GAMES[name]
    game = cls(players=players)
    box: list[Table] = []
    table = Table(Match(game, seed=5), seats=["human"] * players, auto=False)
    box.append(table)
    for seat in range(players):
        bot = MeddlingBot(game, box, gesture) if seat == 1 else "random"
        table.model.set_seat(seat, bot)
    table.widgets.seat_controls.play.click()
    table.model.clear_selection()
    assert table.model.error == "", table.model.error
    assert table.model.state is table.match.state
    assert (table.model.step, table.model.length) == (
        table.match.cursor,
        len(table.match),
    )
    assert table.legal == table.match.explain()
    table.widgets.timeline.buttons["back"].click()
    check_shows_the_engine(table, "back after the meddling")


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize(
    "gesture", [press_button, type_notation, click_board, bots_play_now, change_seat]
)
def test_an_engine_failure_inside_any_gesture_reaches_the_error_area(
    name, gesture, monkeypatch
):
    """A bug in the engine while a gesture runs is shown, not swallowed or logged
    only: the error area holds it and the table still shows the engine's state."""
    table = make_table(name, 11, ["human", "random", "random", "random"])
    table.model.auto = False
    # A change of seat makes a bot of the human seat (bots ticked on play at once).
    table.model.set_seat(0, "random" if gesture is bots_play_now else "human")
    table.model.auto = gesture is not bots_play_now
    table.model.set_viewer(None)
    if gesture is click_board:  # a click plays only a move: reach one to click
        r = random.Random(2)
        while not any(
            table.model.click_plays(s)
            for e in table.model.shown_actions()
            for s in e.spaces
            if s in table.look.xy
        ):
            table.choose(r.choice(table.legal).action)
    state = table.match.state

    def broken(*args):
        raise ZeroDivisionError("engine bug in apply")

    monkeypatch.setattr(table.model.game, "apply", broken)
    r = random.Random(1)
    for _ in range(40):
        gesture(table, r)
        if table.model.error:
            break
    assert "engine bug in apply" in table.model.error, gesture.__name__
    assert "engine bug in apply" in table.widgets.error_area.value
    assert table.match.state is state and table.model.state is state
    assert table.legal == table.match.explain()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_seat_turned_bot_mid_turn_finishes_the_turn(name):
    """A human seat handed to a bot halfway through its turn (after the roll): the
    bot takes the pending decision, and the table shows every move it made."""
    table = make_table(name, 4, ["human", "heuristic", "heuristic", "heuristic"])
    for _ in range(30):  # play the human seat until it is mid-turn
        table.choose(table.legal[0].action)
        if (
            table.model.to_move == 0
            and table.model.step > 0
            and "roll" not in {str(e.action) for e in table.legal}
        ):
            break
    seat, before = table.model.to_move, table.model.step
    assert seat == 0, "the human seat is mid-turn"
    table.widgets.seat_controls.dropdowns[0].value = "Easy"
    assert table.model.step > before, "the new bot moved at once"
    assert table.model.seats[0] == "heuristic"
    check_shows_the_engine(table, "the seat change")
