"""The seat page's board reads on a phone (WCAG 1.4.4 and 1.4.10): its view shows
part of the map at a scale where the board's labels are at least 12 CSS px (the
median of every label's font size times its scale on screen), around the seat's
pawn; a tap on a ringed space in that view plays; "Whole map" shows the whole
board and says so (aria-pressed); and at 400% zoom (a 341 px wide window) the page
reflows: nothing wider than the window, every control of the view in it.
"""

from __future__ import annotations

import pytest

from tabletop.online import create_room
from tests.browser_harness import CHROMIUM, CHROMIUM_ARGS, need_browser
from tests.online_wire import running_server
from tests.seat_page import SeatPage

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}
LEGIBLE = 12  # CSS px

#: The board's labels as shown: the median of their font size times the scale
#: from their own units to CSS px (what getScreenCTM says), and how many there are.
LABELS = """() => {
  const svg = document.querySelector('#board svg');
  const sizes = [...svg.querySelectorAll('svg > g:first-child text')].map((t) =>
    parseFloat(t.getAttribute('font-size')) * t.getScreenCTM().a);
  sizes.sort((a, b) => a - b);
  return {median: sizes[sizes.length >> 1], count: sizes.length};
}"""

#: Whether the whole board is in the SVG's box, and that box in the window.
WHOLE = """() => {
  const svg = document.querySelector('#board svg'), r = svg.getBoundingClientRect();
  const vb = svg.viewBox.baseVal, S = window.tabletopPage;
  return {whole: vb.x === 0 && vb.y === 0 && vb.width === S.board.width
                 && vb.height === S.board.height,
          inside: r.left >= 0 && r.right <= window.innerWidth + 0.5,
          pressed: document.getElementById('whole').getAttribute('aria-pressed')};
}"""

#: What sticks out of the window sideways, and the view's controls not shown.
REFLOW = """() => {
  const w = document.documentElement.clientWidth, out = [];
  for (const e of document.querySelectorAll('main *, header *')) {
    if (!e.offsetParent && e.tagName !== 'svg') continue;
    const r = e.getBoundingClientRect();
    if (r.width && (r.right > w + 0.5 || r.left < -0.5)) out.push(e.id || e.tagName);
  }
  const bar = [...document.querySelectorAll('#viewbar button')];
  return {out: out, scroll: document.documentElement.scrollWidth - w,
          bar: bar.length, hidden: bar.filter((b) => !b.offsetParent).map((b) => b.id)};
}"""


@pytest.fixture(scope="module")
def phone():
    need_browser()
    from playwright.sync_api import sync_playwright

    with running_server() as server, sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
        yield server, context
        browser.close()


def _seat_page(server, context, game: str) -> SeatPage:
    links = create_room(server, game=game, players=2, seed=3)
    room = server.rooms[links["room"]]
    mover = server.call(lambda: room.game.to_move(room.match.state))
    seen = SeatPage(context, links["seats"][mover])
    seen.wait_view(mover, 0)
    return seen


@pytest.mark.parametrize("game", ["raiders", "pitfall"])
def test_the_board_reads_at_12_px_on_a_phone_and_a_ringed_tap_plays(phone, game):
    server, context = phone
    seen = _seat_page(server, context, game)
    page = seen.page
    labels = page.evaluate(LABELS)
    assert labels["count"] > 10
    assert labels["median"] >= LEGIBLE, f"{game}: labels {labels['median']:.1f} px"
    assert page.evaluate(WHOLE)["pressed"] == "false"
    # A ringed space in the view plays (or opens its choices) as before.
    space = seen.held("S.page.actions.flatMap((a) => a.spaces)[0]")
    seen.tap("space", space)
    assert seen.plays or seen.held("S.key"), "the tap on a ringed space did nothing"
    # One press shows the whole map, and says so; another goes back near.
    page.click("#whole")
    whole = page.evaluate(WHOLE)
    assert whole == {"whole": True, "inside": True, "pressed": "true"}
    page.click("#whole")
    assert page.evaluate(WHOLE)["pressed"] == "false"
    assert page.evaluate(LABELS)["median"] >= LEGIBLE
    page.close()


def test_the_page_reflows_at_400_percent(phone):
    server, context = phone
    seen = _seat_page(server, context, "raiders")
    page = seen.page
    page.set_viewport_size({"width": 341, "height": 192})  # 1366x768 at 400%
    page.wait_for_function(
        "() => document.querySelector('#board svg').getBoundingClientRect().right"
        " <= document.documentElement.clientWidth"
    )
    reflow = page.evaluate(REFLOW)
    assert reflow["out"] == [] and reflow["scroll"] <= 0, reflow
    assert reflow["bar"] == 7 and reflow["hidden"] == [], reflow
    assert page.evaluate(LABELS)["median"] >= LEGIBLE
    page.close()
