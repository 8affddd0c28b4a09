"""The page follows the link it was opened with: seat 0's link is open in a tab,
and seat 1's link is opened in the same tab (only the ``#`` part changes, so the
page is not loaded again). The page drops everything of seat 0 at once (its
hand, choices, recap, pieces), closes seat 0's connection for good (it does not
come back) and joins as seat 1: its role, its hand as the room's match holds
it, and a tap plays for seat 1 at seat 1's turn."""

from __future__ import annotations

import pytest

from tabletop.draw import look_for
from tabletop.online import create_room
from tests.browser_harness import CHROMIUM, CHROMIUM_ARGS, need_browser
from tests.online_wire import running_server
from tests.seat_page import SeatPage

pytestmark = pytest.mark.browser
HAND = "[...document.querySelectorAll('#hand button')].map((b) => b.dataset.card)"


def test_a_tab_given_another_seats_link_becomes_that_seat():
    need_browser()
    from playwright.sync_api import sync_playwright

    with running_server() as server, sync_playwright() as pw:
        links = create_room(server, game="pitfall", players=2, seed=42)
        room = server.rooms[links["room"]]
        game = room.game
        look = look_for(game)

        def hand(seat: int) -> list[str]:
            state = server.call(lambda: room.match.state)
            return list(look.hand(game.view(state, seat), seat))

        mover = server.call(lambda: game.to_move(room.match.state))
        assert mover == 1  # seat 1 moves first in this deal
        assert sorted(hand(0)) != sorted(hand(1))
        browser = pw.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        context = browser.new_context(viewport={"width": 390, "height": 844})
        tab = SeatPage(context, links["seats"][0])
        tab.wait_view(0, 0)
        page = tab.page
        assert page.evaluate(HAND) == hand(0)
        first = tab.sockets[0]

        other = "#" + links["seats"][1].split("#")[1]
        page.evaluate("h => { location.hash = h; }", other)
        tab.wait_view(1, 0)
        assert page.evaluate(HAND) == hand(1)  # seat 1's cards, none of seat 0's
        assert tab.held("S.page.hands.find((h) => h.you).seat") == 1
        assert page.locator("#seatlist li").nth(1).inner_text().count("(you)") == 1
        assert "(you)" not in page.locator("#seatlist li").nth(0).inner_text()
        assert page.inner_text("#headline") == tab.held("S.page.headline.text")
        # the old connection is closed and the server no longer counts seat 0 in
        assert first.is_closed()
        tab.wait("S.seats.find((s) => s.seat === 0).connected === false")
        sockets = len(tab.sockets)
        assert sockets == 2

        # seat 1's turn: a tap on a card that plays plays for seat 1
        menu = tab.held("S.page.menus['']")
        kind, tap = next((k, t) for k, t in menu["cards"].items() if "play" in t)
        tab.tap("card", kind)
        tab.wait_view(1, 1)
        steps = server.call(lambda: room.match.steps)
        assert [(s.player, str(s.action)) for s in steps] == [(1, tap["play"])]
        assert tab.plays == [tap["play"]]
        # seat 0's connection never came back (the page joined once more, as seat 1)
        assert len(tab.sockets) == sockets
        assert tab.held("S.welcome.seat") == 1
        browser.close()
