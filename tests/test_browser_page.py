"""A phone is enough: three Chromium pages emulating phones (touch, 390x844) open
their join links to one Raiders room and one Pitfall room and play by tapping the
board and the action buttons, while a fourth page watches each room as spectator.
Every websocket frame each page receives is recorded and checked against that
seat's view (``check_page_frames``, the shared leak harness). The server is
killed mid-game and started again: every page says the connection is lost and
comes back to the same step without a tap. Screenshots at phone and laptop sizes
at phone, tablet and laptop sizes go to ``test-artifacts/``; at phone and tablet
sizes nothing scrolls sideways and every button is at least 44 px."""

from __future__ import annotations

import json
import signal

import pytest

from tabletop.core.viewers import PUBLIC
from tabletop.online import Store, create_room
from tests.browser_harness import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, need_browser
from tests.online_wire import check_page_frames
from tests.test_online_restart import TOKEN, start
from tests.waits import until

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}
TABLET = {"width": 768, "height": 1024}
ROOMS = [("raiders", 41), ("pitfall", 42)]
CENTRE = "(e) => e.scrollIntoView({block: 'center'})"
# Every click the page took (a tap ends in one) and every key: counted as each
# starts, so once a count has grown the page's own handlers for it have run.
COUNT_TAPS = """window.addEventListener('click', () => {
  window.tabletopTaps = (window.tabletopTaps || 0) + 1; }, {capture: true});
window.addEventListener('keydown', () => {
  window.tabletopKeys = (window.tabletopKeys || 0) + 1; }, {capture: true});"""
MOVES = 12  # taps that play, per room (half before the restart, half after)
ANSWERS = ("ok", "refused", "error")


class Watched:
    """One page on one link, and every frame its websockets received."""

    def __init__(self, context, link: str, viewer) -> None:
        self.viewer = viewer
        self.frames: list[dict] = []
        self.plays = 0  # play frames the page sent
        self.sent: list[int] = []  # the ids of the frames the page sent
        self.page = context.new_page()
        self.page.add_init_script(COUNT_TAPS)
        self.page.on("websocket", self._socket)
        self.page.goto(link)

    def _socket(self, ws) -> None:
        ws.on("framereceived", lambda data: self.frames.append(json.loads(data)))
        ws.on("framesent", self._sent)

    def _sent(self, data) -> None:
        frame = json.loads(data)
        if frame.get("t") == "play":
            self.plays += 1
        if "id" in frame:
            self.sent.append(frame["id"])

    def taps(self) -> int:
        return self.page.evaluate("() => window.tabletopTaps || 0")

    def tap(self, x: float, y: float, times: int = 1) -> None:
        """Tap at (x, y) ``times`` in a row, and wait until the page has handled
        them: the first tap's click has come, and a key pressed after the taps has
        reached the page (input reaches a page in order, so the click each tap
        made, if any, came before: two quick taps may make one)."""
        taps = self.taps()
        for _ in range(times):
            self.page.touchscreen.tap(x, y)
        keys = self.page.evaluate("() => window.tabletopKeys || 0")
        self.page.keyboard.press("Shift")
        self.page.wait_for_function(
            "([t, k]) => (window.tabletopTaps || 0) > t"
            " && (window.tabletopKeys || 0) > k",
            arg=[taps, keys],
            timeout=30_000,
        )

    def answered(self) -> bool:
        """Every frame the page sent (each carries an id) went out and has its
        answer from the server (``ok``, ``refused`` or ``error``)."""
        ids = self.page.evaluate("() => window.tabletopPage.ids")
        answers = {f.get("id") for f in self.frames if f["t"] in ANSWERS}
        return len(self.sent) == ids and set(self.sent) <= answers

    def step(self) -> int:
        return self.page.evaluate(
            "() => window.tabletopPage.view ? window.tabletopPage.view.step : -1"
        )

    def wait_step(self, step: int, timeout: float = 15_000) -> None:
        self.page.wait_for_function(
            "(n) => window.tabletopPage.view && window.tabletopPage.view.step >= n "
            "&& window.tabletopPage.up",
            arg=step,
            polling=50,
            timeout=timeout,
        )

    def settled(self, step: int) -> None:
        self.page.wait_for_function(
            "(n) => document.body.dataset.settled === String(n)",
            arg=step,
            polling=50,
            timeout=15_000,
        )

    def shoot(self, name: str) -> None:
        ARTIFACTS.mkdir(exist_ok=True)
        self.page.bring_to_front()
        self.page.screenshot(path=str(ARTIFACTS / name))


def fits_a_phone(page, width: int) -> None:
    """No sideways scrolling, and every button shown at least 44 px each way."""
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    small = page.evaluate(
        "() => [...document.querySelectorAll('button')].filter((b) => "
        "b.offsetParent && (b.offsetHeight < 44 || b.offsetWidth < 44))"
        ".map((b) => b.textContent)"
    )
    assert small == []


def mover_page(seats: list[Watched], watcher: Watched) -> Watched:
    mover = watcher.page.evaluate("() => window.tabletopPage.view.to_move")
    return seats[mover]


# The middle of the first ringed space on show (a zoomed board shows part of the
# map: its other spaces lie outside the page), or null.
TARGET_SHOWN = """() => {
  for (const c of document.querySelectorAll('#moving .target')) {
    const r = c.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    if (hit && hit.closest('#board')) return [x, y];
  }
  return null;
}"""


def tap_to_play(seat: Watched, step: int, board: bool) -> None:
    """Play one move on ``seat``'s page by touch: a ringed space on the board
    on show (when ``board``; a tap that only narrows the choices is followed by
    a button), else the first action button (a folded group's first action)."""
    page = seat.page
    page.bring_to_front()  # each phone has both rooms open: the player looks at one
    seat.settled(step)
    if board:
        page.locator("#board").evaluate(CENTRE)
    point = page.evaluate(TARGET_SHOWN) if board else None
    if point:
        seat.tap(*point)
        played = page.evaluate(
            "(n) => window.tabletopPage.busy || window.tabletopPage.view.step > n",
            step,
        )
        if played:  # else the tap narrowed the choices (or hit no target)
            return
        seat.settled(step)
    for _ in range(3):  # a folded group's button first lists its actions
        button = page.locator("#actions button").first
        button.evaluate(CENTRE)  # not under the header that stays on top
        folded = button.get_attribute("data-group") is not None
        button.tap()
        if not folded:
            return
        seat.settled(step)


def play(seats: list[Watched], watcher: Watched, moves: int) -> None:
    # Buttons first: after the undo, the first move is the double tap's again
    # (the first button), so the frames sent for the step taken back still
    # describe the room's line; then the board and the buttons in turn.
    for k in range(moves):
        step = watcher.step()
        tap_to_play(mover_page(seats, watcher), step, board=k % 2 == 1)
        for page in (*seats, watcher):
            page.wait_step(step + 1)


def test_phones_play_a_raiders_and_a_pitfall_room_by_tapping(tmp_path):
    need_browser()
    from playwright.sync_api import sync_playwright

    db = tmp_path / "rooms.sqlite"
    proc, url = start(db)
    port = int(url.rsplit(":", 1)[1])
    try:
        rooms = [
            create_room(url, game=g, players=3, seed=s, admin_token=TOKEN)
            for g, s in ROOMS
        ]
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            phones = [
                browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
                for _ in range(3)
            ]
            laptop = browser.new_context(viewport=LAPTOP)
            tables, referees = [], []
            for links in rooms:
                seats = [
                    Watched(phone, links["seats"][seat], seat)
                    for seat, phone in enumerate(phones)
                ]
                watcher = Watched(laptop, links["spectator"], PUBLIC)
                referees.append(Watched(laptop, links["referee"], None))
                for page in (*seats, watcher):
                    page.wait_step(0)
                tables.append((seats, watcher))
            (r_seats, r_watch), (p_seats, p_watch) = tables

            # A double tap on a button acts once: the second lands on a disabled
            # or still-settling control.
            mover = mover_page(r_seats, r_watch)
            mover.page.bring_to_front()
            mover.settled(0)
            first = mover.page.locator("#actions button").first
            first.evaluate(CENTRE)
            box = first.bounding_box()
            x, y = box["x"] + 20, box["y"] + box["height"] / 2
            mover.tap(x, y, times=2)
            for page in (*r_seats, r_watch):
                page.wait_step(1)
            # the page took both taps, and the server answered all it sent
            until(mover.answered, what="the server's answer to each frame sent")
            assert mover.plays == 1 and r_watch.step() == 1

            # Undo as in the notebook: asked by the seat that moved, accepted by
            # the two others, and every page is back at the start.
            mover.settled(1)  # fresh controls take no tap for a moment
            mover.page.locator("#askundo").tap()
            for other in r_seats:
                if other is not mover:
                    other.page.bring_to_front()
                    accept = other.page.locator("#accept")
                    accept.wait_for(state="visible", timeout=15_000)
                    assert "Undo asked by" in other.page.inner_text("#undotext")
                    accept.tap()
            for page in (*r_seats, r_watch):
                page.page.wait_for_function(
                    "() => window.tabletopPage.view.step === 0", polling=50
                )

            for seats, watcher in tables:
                play(seats, watcher, MOVES // 2)
            r_seats[0].shoot("page-raiders-phone.png")
            p_seats[0].shoot("page-pitfall-phone.png")
            for seat in (r_seats[0], p_seats[0]):
                fits_a_phone(seat.page, PHONE["width"])
            p_watch.shoot("page-pitfall-spectator-laptop.png")

            before = [watcher.step() for _, watcher in tables]
            proc.send_signal(signal.SIGKILL)
            proc.wait(10)
            for seats, watcher in tables:
                for page in (*seats, watcher):
                    page.page.wait_for_selector("#notice:not([hidden])", timeout=15_000)
            notice = p_seats[1].page.inner_text("#notice")
            assert "connection to the server is lost" in notice
            p_seats[1].shoot("page-pitfall-phone-reconnecting.png")
            proc, _ = start(db, port)
            # Back by themselves: nobody taps anything.
            for (seats, watcher), step in zip(tables, before, strict=True):
                for page in (*seats, watcher):
                    page.wait_step(step, timeout=30_000)
                    page.page.wait_for_selector(
                        "#notice[hidden]", state="attached", timeout=15_000
                    )
                    assert page.step() == step

            for seats, watcher in tables:
                play(seats, watcher, MOVES - MOVES // 2)
            p_seats[1].shoot("page-pitfall-phone-after-restart.png")
            for seats, _ in tables:
                seats[0].page.set_viewport_size(LAPTOP)
            r_seats[0].shoot("page-raiders-laptop.png")
            p_seats[0].shoot("page-pitfall-laptop.png")
            r_watch.page.set_viewport_size(PHONE)
            r_watch.shoot("page-raiders-spectator-phone.png")
            p_seats[2].page.set_viewport_size(TABLET)
            p_seats[2].shoot("page-pitfall-tablet.png")
            fits_a_phone(p_seats[2].page, TABLET["width"])
            for referee, (_, watcher) in zip(referees, tables, strict=True):
                referee.wait_step(watcher.step())
                assert "Referee" in referee.page.inner_text("#role")
            referees[1].shoot("page-pitfall-referee-laptop.png")
            # the spectator sees no face; the referee every seat's
            assert not p_watch.page.evaluate(
                "() => window.tabletopPage.page.hands.some((h) => h.cards.length)"
            )
            assert referees[1].page.evaluate(
                "() => window.tabletopPage.page.hands.every("
                "(h) => h.cards.length === h.count && h.cards.every(Boolean))"
            )
            for seats, _ in tables:  # each phone shows its own hand face up
                for seat in seats:
                    held = seat.page.evaluate(
                        "() => window.tabletopPage.page.hands.find((h) => h.you)"
                    )
                    faces = seat.page.locator("#hand .card:not(.back)")
                    assert faces.count() == held["count"] == len(held["cards"])
            browser.close()
    finally:
        proc.kill()
        proc.wait(10)

    store = Store(db)
    try:
        for links, (seats, watcher), referee in zip(
            rooms, tables, referees, strict=True
        ):
            record = next(r for r in store.rooms() if r.id == links["room"])
            match = store.replay(record)
            assert len(match) >= MOVES
            checked = 0
            for page in (*seats, watcher):
                checked += check_page_frames(match, page.viewer, page.frames)
            checked += check_page_frames(match, None, referee.frames)
            assert checked > 4 * MOVES
    finally:
        store.close()
