"""Where the seat page's keyboard focus is, and that it shows, in Chromium.

- A card of the hand that can be played now, focused by Tab, shows the focus
  ring (WCAG 2.4.7): ``.card.playable`` (0,2,0) outranked ``button:focus-visible``
  (0,1,1), so a focused playable card kept its unfocused outline.
"""

from __future__ import annotations

import pytest

from tabletop.online import create_room
from tests.browser_harness import CHROMIUM, CHROMIUM_ARGS, need_browser
from tests.online_wire import running_server
from tests.seat_page import SeatPage

pytestmark = pytest.mark.browser
#: A card's outline and rings as the browser computes them.
OUTLINE = """(e) => { const s = getComputedStyle(e);
  return [s.outlineStyle, s.outlineColor, s.outlineWidth, s.outlineOffset,
          s.boxShadow]; }"""
#: Whether the focus is on a playable card of the hand.
ON_PLAYABLE = """() => !!document.activeElement &&
  document.activeElement.matches('#hand .card.playable')"""
FOCUS_RING = "rgb(26, 35, 126)"  # the page's focus outline, #1a237e


def open_seat(pw, link: str, width: int = 1366, height: int = 900):
    browser = pw.chromium.launch(
        executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
    )
    context = browser.new_context(viewport={"width": width, "height": height})
    return browser, SeatPage(context, link)


def test_a_playable_card_focused_by_tab_shows_the_focus_ring():
    need_browser()
    from playwright.sync_api import sync_playwright

    with running_server() as server, sync_playwright() as pw:
        links = create_room(server, game="race", players=2, bots=1, seed=4)
        browser, seen = open_seat(pw, links["seats"][0])
        seen.wait("S.up && S.view && S.page && S.page.headline.mine")
        seen.settled()
        page = seen.page
        cards = page.locator("#hand .card.playable")
        assert cards.count() >= 2, "two cards to play: one focused, one not"
        unfocused = cards.nth(1).evaluate(OUTLINE)
        for _ in range(60):  # by the keyboard, as a player reaches it
            page.keyboard.press("Tab")
            if page.evaluate(ON_PLAYABLE):
                break
        assert page.evaluate(ON_PLAYABLE), "Tab reaches a playable card"
        focused = page.evaluate(f"({OUTLINE})(document.activeElement)")
        other = page.evaluate(
            "() => [...document.querySelectorAll('#hand .card.playable')]"
            ".find((e) => e !== document.activeElement)"
        )
        assert other is not None
        assert focused != unfocused, ("the focus shows", focused)
        assert focused[1] == FOCUS_RING and focused[0] == "solid", focused
        # the card's own light-on-dark ring stays inside the focus ring
        assert "rgb(77, 243, 255)" in focused[4], focused
        browser.close()
