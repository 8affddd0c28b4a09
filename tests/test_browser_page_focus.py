"""Where the seat page's keyboard focus is, and that it shows, in Chromium.

- A card of the hand that can be played now, focused by Tab, shows the focus
  ring (WCAG 2.4.7): ``.card.playable`` (0,2,0) outranked ``button:focus-visible``
  (0,1,1), so a focused playable card kept its unfocused outline.
- After a choice pressed by the keyboard, the focus goes to the first new choice
  where one is on offer (the notebook table does the same), after the player's
  own move and after the bots' turns: it stayed on the heading of the choices
  (or the turn line), where it had waited while the move was on its way.
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
#: What has the focus: the first choice on offer, or what else (for a message).
FOCUS = """() => {
  const e = document.activeElement;
  const first = document.querySelector('#actions button:not([disabled])');
  return {first: !!first && e === first,
          on: e ? e.tagName + '#' + e.id + ' ' + (e.textContent || '').slice(0, 30)
                : ''};
}"""
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


def test_after_a_choice_the_focus_goes_to_the_first_new_choice():
    need_browser()
    from playwright.sync_api import sync_playwright

    with running_server() as server, sync_playwright() as pw:
        links = create_room(server, game="pitfall", players=2, bots=1, seed=4)
        room = server.rooms[links["room"]]
        browser, seen = open_seat(pw, links["seats"][0])
        page = seen.page
        began = server.call(lambda: len(room.match.steps))

        def bot_moved() -> bool:
            moves = server.call(lambda: [s.player for s in room.match.steps])
            return 1 in moves[began:]

        seen.wait("S.up && S.view && S.page && S.page.headline.mine")
        seen.settled()
        page.locator("#actions button:not([disabled])").first.focus()
        pressed = 0
        while pressed < 40 and not (pressed >= 2 and bot_moved()):
            step = seen.held("S.view.step")
            assert page.evaluate(FOCUS)["first"], (pressed, page.evaluate(FOCUS))
            page.keyboard.press("Enter")
            pressed += 1
            # the move's view came, and (after the bots' turns) the choices are
            # the player's again: the focus is on the first new one
            seen.wait(
                f"S.view.step > {step} && S.page.headline.mine && !S.busy"
                " && !!document.querySelector('#actions button:not([disabled])')",
                timeout=30_000,
            )
            seen.settled()
            where = page.evaluate(FOCUS)
            assert where["first"], f"after choice {pressed}: the focus is on {where}"
        assert pressed >= 2 and bot_moved(), ("choices, then the bot's turn", pressed)
        browser.close()
