"""The gesture cases (``tests/gesture_cases.py``) on every screen's logic: the
table's logic itself, the notebook Table through its canvas and button gestures,
and the frame a page draws (its tap tables, looked up as the page looks them
up). The seat page in Chromium runs some of them too
(``tests/test_browser_seat_page_cases.py``)."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.core import IllegalActionError
from tabletop.draw import look_for
from tabletop.draw.pictures import moment
from tabletop.table import TableLogic
from tabletop.table.frame import view_payload
from tests.gesture_cases import CASES, GestureCase, case_match, case_seats

IDS = [case.name for case in CASES]


class Outcome:
    """What the taps led to, said the same way for every screen."""

    def __init__(self) -> None:
        self.played: str | None = None
        self.opened: str | None = None
        self.refused: str | None = None

    def check(self, case: GestureCase) -> None:
        assert self.played == case.played, (case.clause, vars(self))
        assert self.opened == case.opened, (case.clause, vars(self))
        if case.refused is None:
            assert self.refused is None, (case.clause, vars(self))
        else:
            assert self.refused is not None and case.refused in self.refused, (
                case.clause,
                vars(self),
            )


def logic_for(case: GestureCase) -> TableLogic:
    match = case_match(case)
    logic = TableLogic(match, look_for(match.game))
    logic.auto = False
    logic.seat_all(case_seats(case))
    logic.sync()
    if case.eyes is not None:
        logic.set_viewer(case.eyes)
    return logic


def opens(item: Any) -> str | None:
    """The key of the menu a folded button opens (None: not a folded button)."""
    from tabletop.table.choices import Fold, Group, tap_group

    if not isinstance(item, Fold | Group):
        return None
    selection = tap_group(item).selection
    return "" if selection is None else str(selection)


def tap_logic(logic: TableLogic, kind: str, what: str) -> None:
    if kind == "space":
        logic.click_space(what)
    elif kind == "card":
        logic.play_card(what)
    elif kind == "type":
        logic.enter(what)
    elif kind == "open":
        (item,) = [i for i in logic.menu()[1] if opens(i) == what]
        logic.press(item)
    else:
        (entry,) = [e for e in logic.shown_actions() if str(e.action) == what]
        logic.press(entry)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_gesture_cases_on_the_table_logic(case):
    logic = logic_for(case)
    before = len(logic.match)
    outcome = Outcome()
    for kind, what in case.taps:
        try:
            tap_logic(logic, kind, what)
        except IllegalActionError as exc:
            outcome.refused = exc.reason
    if len(logic.match) > before:
        outcome.played = str(logic.match.steps[-1].action)
        assert len(logic.match) == before + 1
    outcome.opened = None if logic.selection is None else str(logic.selection)
    outcome.check(case)


def frame_for(logic: TableLogic, seat: int) -> dict[str, Any]:
    """The page's frame for ``seat`` (its actions only when it is to move)."""
    match = logic.match
    legal = match.explain() if logic.to_move == seat else ()
    seen = moment(match, len(match), seat, logic.look)
    return view_payload(logic.look, seen, seat, legal, ())


def page_tap(frame: dict[str, Any], key: str, kind: str, what: str) -> dict:
    """The tap a page makes: the refusal every tap says, or the menu's own tap
    table, else the unselected one's (the page's one lookup rule)."""
    if frame["refusal"]:
        return {"say": frame["refusal"]}
    if kind == "open":
        (button,) = [b for b in frame["menus"][key]["buttons"] if b.get("open") == what]
        return {"open": button["open"]}
    if kind == "type":  # not a choice's words here: a space's name
        space = frame["named"][" ".join(what.lower().split())]
        kind, what = "space", space
    if kind == "button":
        shown = frame["menus"][key]["buttons"]
        actions = [
            frame["actions"][b["index"]]["action"] for b in shown if "index" in b
        ]
        assert what in actions
        return {"play": what}
    table = "spaces" if kind == "space" else "cards"
    menu = frame["menus"][key]
    if "taps_from" in menu:  # a part or an area of a list: its list's taps
        menu = frame["menus"][menu["taps_from"]]
    tap = menu.get(table, {}).get(what) or frame["menus"][""][table].get(what)
    assert tap is not None, f"the page has no target {what} to tap"
    return tap


def taps_on_frame(frame: dict[str, Any], key: str, case: GestureCase) -> Outcome:
    """The case's taps on a frame, starting at menu ``key``, as a page makes them."""
    outcome = Outcome()
    for kind, what in case.taps:
        tap = page_tap(frame, key, kind, what)
        if "play" in tap:
            outcome.played = tap["play"]
            key = ""
        elif "open" in tap:
            key = tap["open"]
            assert key in frame["menus"], "every menu a tap opens is in the frame"
        else:
            outcome.refused = tap["say"]
    outcome.opened = key or None
    return outcome


ON_PAGE = [case for case in CASES if case.on_page]


@pytest.mark.parametrize("case", ON_PAGE, ids=[case.name for case in ON_PAGE])
def test_gesture_cases_on_the_frame_a_page_draws(case):
    logic = logic_for(case)
    seat = logic.to_move if case.eyes is None else case.eyes
    if case.bot is not None:  # the page of the human seat, at the bot's turn
        seat = 1 - case.bot
    taps_on_frame(frame_for(logic, seat), "", case).check(case)


@pytest.mark.parametrize("case", ON_PAGE, ids=[case.name for case in ON_PAGE])
def test_gesture_cases_on_the_frame_of_a_local_table(case):
    """The table's own frame (``TableLogic.frame``, what a screen with Python at
    hand draws) says what its gestures do."""
    frame = logic_for(case).frame()
    taps_on_frame(frame, frame["key"], case).check(case)


def test_the_frame_rings_and_outlines_what_the_logic_does():
    """A menu's outlined cards and ringed space are the notebook's: the cards of
    the actions on offer and those like them (RA-K-COUNTRY), the space chosen."""
    from tabletop.table.choices import outlined_cards

    case = next(c for c in CASES if c.opened == "space:PERU")
    logic = logic_for(case)
    frame = frame_for(logic, 0)
    logic.click_space("PERU")
    menu = frame["menus"]["space:PERU"]
    hand = logic.look.hand(logic.view_state, 0)
    offered = logic.shown_actions()
    assert set(menu["outlined"]) == outlined_cards(logic.look, hand, offered)
    assert menu["ringed"] == "PERU" and menu["chosen"] is None
    assert menu["heading"].endswith(logic.selection.words)


def frontend(widget: Any, content: dict) -> None:
    """Deliver a message as the browser would send it to a widget's comm."""
    data = {"method": "custom", "content": content}
    widget.comm.handle_msg({"content": {"data": data}, "buffers": []})


def tap_notebook(table: Any, kind: str, what: str) -> None:
    """A tap as the notebook gets it from the page: a mouse press on the board
    canvas or on a card of the mover's hand, or a button's click."""
    from tabletop.ui.hands import CARD_H, CARD_W, GAP

    ui, model = table.widgets, table.model
    if kind == "space":
        x, y = table.look.xy[what]
        area = ui.board.area
        frontend(
            ui.board.canvas, {"event": "mouse_up", "x": x - area[0], "y": y - area[1]}
        )
    elif kind == "card":
        seat = model.viewer if model.viewer is not None else model.to_move
        (hand,) = [h for h in ui.hands if h.seat == seat]
        kinds = table.look.hand(model.view_state, seat)
        i = list(kinds).index(what)
        x = GAP + i * hand._step(len(kinds)) + CARD_W / 2
        frontend(hand.canvas, {"event": "mouse_up", "x": x, "y": 24 + CARD_H / 2})
    elif kind == "type":
        ui.actions.notation.value = what
    else:
        buttons = ui.actions.buttons
        (button,) = [b for b, e in zip(buttons, ui.actions.items, strict=False)
                     if (opens(e) if kind == "open"
                         else str(getattr(e, "action", ""))) == what]  # fmt: skip
        button.click()


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_gesture_cases_on_the_notebook_table(case):
    from tabletop.ui import Table

    match = case_match(case)
    table = Table(match, seats=case_seats(case), auto=False)
    if case.eyes is not None:
        table.model.set_viewer(case.eyes)
    before = len(match)
    outcome = Outcome()
    for kind, what in case.taps:
        tap_notebook(table, kind, what)
        assert table.model.error == "", table.model.error
        if table.model.message:
            outcome.refused = table.model.message
    model = table.model
    if len(model.match) > before:
        outcome.played = str(model.match.steps[-1].action)
    outcome.opened = None if model.selection is None else str(model.selection)
    outcome.check(case)
    table.close()
