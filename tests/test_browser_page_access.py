"""The seat page for every player, in Chromium: axe-core finds nothing serious
or critical on the page of the seat to move, the seat waiting, a spectator and
the referee, in both games; Tab walks the page and never stays on one element;
a whole turn of each game is played with the keyboard only (Tab and Enter),
and the live region says the turns that follow and "Your turn", in the seat's
own words (every sentence it says is in that seat's own frame)."""

from __future__ import annotations

import json

import pytest

from tabletop.online import create_room
from tests.browser_harness import CHROMIUM, CHROMIUM_ARGS, need_browser
from tests.online_wire import running_server
from tests.seat_page import SeatPage

pytestmark = pytest.mark.browser
GAMES = ("pitfall", "raiders")
SERIOUS = ("serious", "critical")


def axe_findings(page) -> tuple[list[str], list[str]]:
    """axe-core's violations on ``page``: (serious or critical, the rest), each
    as "rule: how many nodes"."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page).response["violations"]
    said = [
        (v["impact"], f"{v['id']}: " + "; ".join(n["html"][:80] for n in v["nodes"]))
        for v in found
    ]
    return [s for i, s in said if i in SERIOUS], [
        s for i, s in said if i not in SERIOUS
    ]


def open_browser(pw, width: int = 1366, height: int = 768):
    browser = pw.chromium.launch(
        executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
    )
    return browser, browser.new_context(viewport={"width": width, "height": height})


def test_axe_finds_nothing_serious_on_any_page_of_either_game():
    need_browser()
    from playwright.sync_api import sync_playwright

    minor: dict[str, list[str]] = {}
    with running_server() as server, sync_playwright() as pw:
        browser, context = open_browser(pw)
        for name in GAMES:
            links = create_room(server, game=name, players=2, seed=3)
            room = server.rooms[links["room"]]
            mover = server.call(lambda room=room: room.game.to_move(room.match.state))
            roles = {
                "seat to move": (links["seats"][mover], mover),
                "seat waiting": (links["seats"][1 - mover], 1 - mover),
                "spectator": (links["spectator"], None),
                "referee": (links["referee"], None),
            }
            for role, (link, seat) in roles.items():
                seen = SeatPage(context, link)
                if seat is None:
                    seen.wait("S.up && S.view && S.page")
                else:
                    seen.wait_view(seat, 0)
                serious, rest = axe_findings(seen.page)
                assert serious == [], (name, role, serious)
                minor[f"{name}, {role}"] = rest
                seen.page.close()
        browser.close()
    print("axe-core, minor findings:", minor)


# The focused element, named once by a number of its own.
WALK_MARK = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return 'body';
  if (!e.dataset.walk) e.dataset.walk = String((window.walked = (window.walked|0) + 1));
  return e.tagName + ' ' + e.dataset.walk + ' ' + (e.textContent || '').slice(0, 20);
}"""
SETTLED = (
    "() => document.body.dataset.settled === String(window.tabletopPage.view.step)"
)
SHOWED = (
    "S.view.step > {} || S.key !== '' || !!document.getElementById('said').textContent"
)


def sentences(frame: dict) -> set[str]:
    """The sentences a page may announce from one of its frames: its recap's
    turns, each step told alone ("You: rolled 4.", "Player 1 (blue): rolled
    6."), "Your turn: ..." and the end."""
    head = frame["headline"]
    said = {f"{who}: {what}." for who, what in frame["recap"]}
    return said | {t["said"] for t in frame["told"]} | {head["said"]}


def tab_walk(page, presses: int) -> list[str]:
    """Press Tab ``presses`` times; the element focused after each, named."""
    walked = []
    for _ in range(presses):
        page.keyboard.press("Tab")
        walked.append(page.evaluate(WALK_MARK))
    return walked


@pytest.mark.parametrize("name", GAMES)
def test_a_whole_turn_by_keyboard_alone_and_what_the_live_region_says(name):
    need_browser()
    from playwright.sync_api import sync_playwright

    with running_server() as server, sync_playwright() as pw:
        links = create_room(server, game=name, players=2, bots=1, seed=4)
        room = server.rooms[links["room"]]
        browser, context = open_browser(pw, 390, 844)
        seen = SeatPage(context, links["seats"][0])
        own_words: set[str] = set()  # every sentence this seat's frames hold

        def took(data: str) -> None:
            frame = json.loads(data)
            if frame.get("t") == "view" and "page" in frame:
                own_words.update(sentences(frame["page"]))
            if frame.get("thinking"):  # who is thinking: said once per bot turn
                own_words.add(frame["thinking"])

        seen.wait("S.up && S.view && S.page && S.page.headline.mine")
        assert seen.sockets, "the page's socket is open"
        for socket in seen.sockets:  # from here on, every frame's sentences
            socket.on("framereceived", took)
        seen.settled()
        page = seen.page
        own_words.update(sentences(seen.held("S.page")))
        # Tab walks the page: never the same element twice in a row, many met
        walked = tab_walk(page, 30)
        assert all(a != b for a, b in zip(walked, walked[1:], strict=False)), walked
        assert len(set(walked)) > 10
        played = 0
        began = server.call(lambda: len(room.match.steps))

        def bot_moved() -> bool:
            moves = server.call(lambda: [s.player for s in room.match.steps])
            return 1 in moves[began:]

        for _ in range(400):
            # every key once the page is ready for it (a busy machine is slow)
            seen.wait("S.up && !S.busy && S.view && S.page")
            if played and bot_moved():
                break
            if not seen.held("S.page.headline.mine"):
                continue  # the bot is to play: it answers by itself
            on_choice = page.evaluate(
                "() => !!document.activeElement &&"
                " document.getElementById('actions').contains(document.activeElement)"
            )
            if on_choice:
                seen.settled()
                step = seen.held("S.view.step")
                page.keyboard.press("Enter")
                seen.wait(SHOWED.format(step))
                seen.wait("!S.busy")
                # the focus stays near: never left on the page's body
                assert page.evaluate(WALK_MARK) != "body", played
                played += 1
            else:
                page.keyboard.press("Tab")
        assert played and bot_moved(), ("a turn played by the keyboard", played)
        # the turn comes back: said in the live region
        last = server.call(lambda: len(room.match.steps))
        seen.wait(f"S.view.step >= {last} && S.page.headline.mine && S.heardMine")
        heard = page.inner_text("#heard")
        assert "Your turn: " in heard
        own_words.update(sentences(seen.held("S.page")))
        rest = heard
        for line in sorted(own_words, key=len, reverse=True):
            rest = rest.replace(line, "")
        assert rest.strip() == "", rest  # nothing but the seat's own words
        moved = server.call(lambda: [s.player for s in room.match.steps])
        assert 1 in moved  # the bot's turn came between
        browser.close()
