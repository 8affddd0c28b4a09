"""The seat page in Chromium against a few of the gesture cases
(``tests/gesture_cases.py``) and two of its own (``PAGE_CASES``): each case's
position is set in a room of a server in this process, the page of the seat
whose eyes the case uses opens its link, taps the ringed spaces, the cards of
its hand and the buttons as a player does, and what follows is the case's: the
action played (sent by the page and stored by the room), the menu opened (the
frame's heading above the choices) or the refusal in words. The page looks each
tap up in the frame; these cases show it does so as the table's logic does."""

from __future__ import annotations

import pytest

from tabletop.online import create_room
from tests.browser_harness import CHROMIUM, CHROMIUM_ARGS, need_browser
from tests.gesture_cases import CASES, GestureCase, case_match
from tests.online_wire import running_server
from tests.raiders_play import AMBUSH_ON_PERU
from tests.seat_page import SeatPage

pytestmark = pytest.mark.browser
#: The shared cases the page plays, by name: a space that opens, a tap in the
#: menu it opened that plays from it, a card that lists its like then a button,
#: a country's places then a part of them, and a place's name typed.
SHARED = (
    "a tap that would spend a card shows the choice first",
    "the space shown, a tap on the card plays it",
    "a flight listed by a Country card, then its button",
    "the Hostage card, a country's places, their next part, then a place",
    "the Hostage card, then a place's name typed: the hostage plays",
)
#: Cases of the page's own: a space tapped in a menu that lists no taps on
#: spaces is looked up in the unselected one (the page's one lookup rule), and
#: a card of the page's own hand at another seat's turn says the refusal.
PAGE_CASES = (
    GestureCase(
        "a space tapped while another is shown opens its own choices",
        "RA-T-CHOICE",
        AMBUSH_ON_PERU,
        (("space", "PERU"), ("space", "ENGLAND")),
        opened="space:ENGLAND",
    ),
    GestureCase(
        "a card of the hand at another seat's turn is refused in words",
        "TT-TURN",
        AMBUSH_ON_PERU,
        (("card", "air"),),
        refused="not your turn",
        eyes=1,
    ),
)


def page_cases() -> list[GestureCase]:
    by_name = {case.name: case for case in CASES}
    missing = [name for name in SHARED if name not in by_name]
    assert not missing, f"no such gesture case: {missing}"
    return [by_name[name] for name in SHARED] + list(PAGE_CASES)


def seat_room(server, case) -> tuple[dict, object]:
    """A room whose match is the case's position (nobody has joined it yet)."""
    links = create_room(server, game="raiders", players=2, seed=1)
    room = server.rooms[links["room"]]
    match = case_match(case)

    def install() -> None:
        room.match, room.game = match, match.game

    server.call(install)
    return links, room


def test_the_page_taps_as_the_gesture_cases_say():
    need_browser()
    from playwright.sync_api import sync_playwright

    cases = page_cases()
    assert all(case.on_page and case.bot is None for case in cases)
    with running_server() as server, sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        context = browser.new_context(viewport={"width": 1366, "height": 768})
        for case in cases:
            links, room = seat_room(server, case)
            mover = server.call(lambda room=room: room.game.to_move(room.match.state))
            seat = mover if case.eyes is None else case.eyes
            seen = SeatPage(context, links["seats"][seat])
            seen.wait_view(seat, 0)
            for kind, what in case.taps:
                seen.tap(kind, what)
            got = seen.outcome(0, 0)
            where = (case.name, got)
            assert got["played"] == case.played, where
            assert got["opened"] == case.opened, where
            if case.played is not None:
                stored = server.call(lambda room=room: room.match.steps)
                assert [str(s.action) for s in stored] == [case.played], where
            if case.opened is not None:
                menu = seen.held(f"S.page.menus[{case.opened!r}]")
                assert got["heading"] == menu["heading"], where
            if case.refused is None:
                assert got["said"] is None, where
            else:
                said = (got["said"] or "").lower()
                assert case.refused.lower() in said, where
            seen.page.close()
        browser.close()
