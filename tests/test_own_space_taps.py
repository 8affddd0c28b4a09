"""A tap on your own space (PH-4-OPTIONAL): where every choice on offer is a
place on the board (play a card to pass the obstacle ahead, or play no card and
stop where you stand), one tap on your own space stops there, on every screen;
where some choice is not a place (a roll beside cards), a tap on your own piece
still only shows what you can do there (RA-T-CHOICE, in tests/gesture_cases.py).
"""

from __future__ import annotations

from tabletop import Match
from tabletop.draw import look_for
from tabletop.draw.pictures import moment
from tabletop.games.pitfall.scenarios import build_state, scenario
from tabletop.table import TableLogic
from tabletop.table.frame import view_payload


def before_the_croc() -> TableLogic:
    """Player 0 on A5, two steps to go, a crocodile ahead and a Croc card held."""
    game = scenario("croc-ahead").game
    state = build_state(
        game,
        phase="direction",
        roll=2,
        positions={0: "A5"},
        hands={0: "CR JU JU RO RO LA LA"},
    )
    match = Match.from_state(game, state, seed=1)
    match.play("forward")
    logic = TableLogic(match, look_for(game))
    logic.auto = False
    logic.seat_all(["human", "human"])
    logic.sync()
    return logic


def test_one_tap_on_your_own_space_plays_no_card_and_stops_there():
    logic = before_the_croc()
    assert sorted(str(e.action) for e in logic.legal) == ["decline", "play croc"]
    decline = next(e for e in logic.legal if str(e.action) == "decline")
    (here,) = decline.spaces
    assert here == logic.state.positions[0]
    logic.click_space(here)
    assert str(logic.match.steps[-1].action) == "decline"
    assert logic.state.positions[0] == "A5"


def test_the_page_stops_on_your_own_space_in_one_tap_too():
    logic = before_the_croc()
    match = logic.match
    seen = moment(match, len(match), 0, logic.look)
    frame = view_payload(logic.look, seen, 0, match.explain(), ())
    here = logic.state.positions[0]
    assert frame["menus"][""]["spaces"][here] == {"play": "decline"}
