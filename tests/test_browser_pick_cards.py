"""Cards picked by clicks on the seat page in Chromium (PH-2B-DISCARD): the
folded Discard button asks for the cards, each card clicked in the hand is
picked (pressed, marked) or put back, and four picked offer their discard in one
button, which plays it. The page looks every click up in its frame's tap tables
(``tabletop.table.frame.menus``); it has no rule of its own."""

from __future__ import annotations

import pytest

from tabletop import Match
from tabletop.games.pitfall import Pitfall
from tabletop.online import create_room
from tests.browser_harness import CHROMIUM, CHROMIUM_ARGS, need_browser
from tests.online_wire import running_server
from tests.seat_page import CENTRE, SNAPSHOT, SeatPage

pytestmark = pytest.mark.browser
HAND = "RO RO JU CO CR CR LA"  # shown in order: croc croc rope rope jump ladder cobra


def click_and_wait(seen: SeatPage, selector: str) -> None:
    """Click ``selector`` once the page settled; wait until the click showed."""
    page = seen.page
    seen.settled()
    before = page.evaluate(SNAPSHOT)
    target = page.locator(selector)
    target.evaluate(CENTRE)
    target.click()
    page.wait_for_function(
        f"() => ({SNAPSHOT})() !== {before!r}", polling=50, timeout=20_000
    )


def pressed(seen: SeatPage) -> list[str]:
    return seen.page.eval_on_selector_all(
        "#hand button.card", "bs => bs.map(b => b.getAttribute('aria-pressed'))"
    )


def test_cards_are_picked_by_clicks_and_their_discard_plays():
    need_browser()
    from playwright.sync_api import sync_playwright

    game = Pitfall(players=3)
    match = Match.from_state(game, game.position(hands={0: HAND}), seed=1)
    with running_server() as server, sync_playwright() as pw:
        links = create_room(server, game="pitfall", players=3, seed=1)
        room = server.rooms[links["room"]]

        def install() -> None:
            room.match, room.game = match, match.game

        server.call(install)
        browser = pw.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        context = browser.new_context(viewport={"width": 390, "height": 844})
        seen = SeatPage(context, links["seats"][0])
        seen.wait_view(0, 0)
        buttons = seen.page.locator("#actions button").count()
        assert buttons == 3  # Roll, Discard..., Swap...
        click_and_wait(seen, '#actions button[data-group="PH-2B-DISCARD"]')
        assert seen.page.inner_text("#choices-h").startswith("Pick the cards")
        assert seen.page.locator("#actions button").count() == 0
        assert pressed(seen) == ["false"] * 7
        for place in (0, 2, 3):  # a Croc, both Ropes
            click_and_wait(seen, f"#hand li:nth-child({place + 1}) button")
        assert pressed(seen)[:4] == ["true", "false", "true", "true"]
        assert "pick 1 more card" in seen.page.inner_text("#choices-h")
        click_and_wait(seen, "#hand li:nth-child(3) button")  # a Rope put back
        assert pressed(seen)[:4] == ["true", "false", "true", "false"]
        for place in (1, 3):  # the other Croc, the Rope again
            click_and_wait(seen, f"#hand li:nth-child({place + 1}) button")
        assert pressed(seen)[:4] == ["true"] * 4
        # the name read out: the words shown, then "picked" (a hidden part)
        name = seen.page.locator("#hand li:nth-child(1) button").text_content()
        assert name.startswith("Crocodile") and "picked" in name
        actions = seen.page.eval_on_selector_all(
            "#actions button", "bs => bs.map(b => b.dataset.action)"
        )
        assert actions == ["discard CR CR RO RO", "swap 1 CR CR RO RO",
                           "swap 2 CR CR RO RO"]  # fmt: skip
        click_and_wait(seen, '#actions button[data-action="discard CR CR RO RO"]')
        seen.wait("S.view.step === 1")
        stored = server.call(lambda: [str(s.action) for s in room.match.steps])
        assert stored == ["discard CR CR RO RO"]
        browser.close()
