"""The static site in Chromium: built once (Pyodide from npm, checked), served on
127.0.0.1 with every request to another host aborted, each game played by taps
past twenty decisions against a bot, reloaded and resumed, and played again with
the network off; nothing is fetched from anywhere but the site."""

from __future__ import annotations

import json
import shutil
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser_harness import CHROMIUM, CHROMIUM_ARGS, need_browser
from tests.site_serve import pyodide_or_reason, served
from tests.waits import until

pytestmark = pytest.mark.browser
BUILT: list[Path] = []  # the module's build (its wheels serve a second build)
#: Run at the start of each document of a context it is added to: a promise kept
#: when a new service worker has taken the page and is activated (its cache
#: full, the old build's gone). The page's controller changes as the worker
#: starts activating; its state says "activated" once that is done.
#: The page's caches and its service workers' states, for a failure's message.
WORKERS = """async () => {
  const r = await navigator.serviceWorker.getRegistration();
  const s = (w) => w && w.state;
  return {caches: await caches.keys(), installing: s(r && r.installing),
          waiting: s(r && r.waiting), active: s(r && r.active),
          controller: s(navigator.serviceWorker.controller)};
}"""
#: Checks ``EXPR`` at every frame until it holds or ``MS`` pass. Playwright's
#: wait_for_function compiles its text inside the page, which the page's policy
#: forbids (no 'unsafe-eval'); a function given to evaluate is compiled by the
#: browser's debugging protocol instead.
UNTIL = """async (ms) => {
  const end = performance.now() + ms;
  while (!(EXPR)) {
    if (performance.now() > end) return false;
    await new Promise(requestAnimationFrame);
  }
  return true;
}"""
#: Resolves when the page is under a service worker's control (within ``ms``).
CONTROLLED = """async (ms) => navigator.serviceWorker.controller ? true : Promise.race([
  new Promise((r) => navigator.serviceWorker.addEventListener(
    "controllerchange", () => r(true), {once: true})),
  new Promise((r) => setTimeout(() => r(false), ms)),
])"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    need_browser()
    folder, reason = pyodide_or_reason()
    if folder is None:
        pytest.skip(reason)
    from tabletop.site import build_site

    out = tmp_path_factory.mktemp("site") / "site"
    build_site(out, pyodide=folder)
    BUILT.append(out)
    with served(out) as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


class SitePage:
    """One tab of the site, with every request to another host aborted and
    every request's address kept."""

    def __init__(self, browser: Any, base: str, route: bool = True) -> None:
        self.base = base
        self.context = browser.new_context()
        self.asked: list[str] = []
        self.aborted: list[str] = []
        self.errors: list[str] = []
        if route:  # (a route turns the browser's HTTP cache off)
            self.context.route("**/*", self._route)
        self.context.on("request", lambda r: self.asked.append(r.url))
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def _route(self, route: Any) -> None:
        url = route.request.url
        if url.startswith(self.base) or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            self.aborted.append(url)
            route.abort()

    def held(self, expr: str) -> Any:
        # page.evaluate runs outside the page's policy (no eval in the page).
        return self.page.evaluate(expr)

    def wait(self, expr: str, timeout: float = 60) -> None:
        """Wait until ``expr`` holds in the page (checked at every frame)."""
        if self.page.evaluate(UNTIL.replace("EXPR", expr), timeout * 1000):
            return
        state = self.held(
            "JSON.stringify([window.tabletopLocal && window.tabletopLocal.frames,"
            " document.getElementById('headline').textContent,"
            " document.getElementById('said').textContent])"
        )
        raise AssertionError(f"timed out on {expr}: {state} {self.errors}")

    def controlled(self, timeout: float = 120) -> None:
        """Wait until a service worker controls the page (its cache is full)."""
        assert self.page.evaluate(CONTROLLED, timeout * 1000), "no service worker"

    def playable(self) -> int:
        """Wait for a frame whose choices may be tapped; its step. (A first
        visit's Python starts once the service worker has every file: a busy
        machine may take a while.)"""
        self.wait(
            "!!(window.tabletopPage && tabletopPage.view && tabletopPage.page &&"
            " (tabletopPage.page.actions.length > 0 || tabletopPage.page.headline.over)"
            " && document.body.dataset.settled === String(tabletopPage.view.step))",
            timeout=180,
        )
        return self.held("tabletopPage.view.step")

    def tap_a_choice(self) -> None:
        """Tap the first choice on offer; a folded list is opened first."""
        step = self.held("tabletopPage.view.step")
        for _ in range(3):
            button = self.page.locator("#actions button:not([disabled])").first
            opens = button.get_attribute("data-open")
            button.click()
            if opens is None:
                break
            self.wait(
                f"document.body.dataset.settled === '{step}'"
                f" && tabletopPage.key === {json.dumps(opens)}"
            )
        moved = f"tabletopPage.view.step > {step}"
        self.wait(moved + " || !!tabletopPage.page.headline.over")

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def tab(browser: Any, site: str) -> Iterator[SitePage]:
    page = SitePage(browser, site)
    yield page
    page.close()


@pytest.mark.parametrize("game", ["pitfall", "raiders", "race"])
def test_a_game_plays_by_taps_with_a_bot_resumes_and_fetches_nothing_else(tab, game):
    deal = tab.base + f"play-{game}.html?s0=human&s1=heuristic"
    tab.page.goto(deal)
    step = tab.playable()
    taps = decisions = 0
    while decisions + step < 20:
        if tab.held("tabletopPage.page.headline.over"):
            decisions += step  # a short game (race): deal again and go on
            tab.page.goto(deal)
            step = tab.playable()
            continue
        tab.tap_a_choice()
        taps += 1
        step = tab.playable()
    assert decisions + step >= 20 and taps >= 8, (decisions, step, taps)
    # The bot's seat played too; the human sees only their own hand's faces.
    assert tab.held("tabletopPage.welcome.seats[1].kind") == "heuristic"
    hands = tab.held("tabletopPage.page.hands")
    assert all(not any(h["cards"]) for h in hands if not h["you"])
    saved = tab.held(f"JSON.parse(localStorage.getItem('tabletop-site:{game}'))")
    assert len(saved["match"]["steps"]) == step
    tab.page.reload()
    assert tab.playable() == step  # the game in progress, not a new deal
    if not tab.held("tabletopPage.page.headline.over"):
        tab.tap_a_choice()
        assert tab.playable() > step
    assert tab.aborted == [] and tab.errors == []
    assert all(url.startswith((tab.base, "data:", "blob:")) for url in tab.asked)


def test_a_fresh_browser_deals_without_a_word_of_a_lost_game(tab):
    tab.page.goto(tab.base + "play-race.html?s0=human&s1=heuristic")
    tab.playable()
    tab.tap_a_choice()  # its answer comes after every frame of the deal
    tab.playable()
    said = tab.held("document.getElementById('said').textContent")
    assert "refused" not in tab.held("tabletopLocal.frames"), said
    assert "could not go on" not in said
    assert tab.aborted == [] and tab.errors == []


def test_the_second_visit_plays_offline_and_a_save_opens(tab, tmp_path):
    from tabletop import Match

    tab.page.goto(tab.base + "index.html")
    resume = tab.page.locator("#game-raiders [data-resume]")
    assert resume.is_hidden(), "no game kept yet: nothing to go on with"
    tab.page.locator("#game-raiders button[type=submit]").click()
    tab.playable()
    tab.controlled()
    tab.tap_a_choice()
    step = tab.playable()
    with tab.page.expect_download() as download:
        tab.page.locator("#download").click()
    saved = tmp_path / "raiders.json"
    download.value.save_as(saved)
    match = Match.load(saved)  # the notebook opens the page's save
    assert len(match) == step and match.game.name == "raiders"
    tab.context.set_offline(True)
    tab.page.goto(tab.base)  # the folder itself: its index, from the cache
    assert tab.page.locator("#game-raiders").is_visible()
    resume.wait_for(state="visible")  # the game kept now: "go on" is offered
    assert tab.page.locator("#game-pitfall [data-resume]").is_hidden()
    tab.page.goto(tab.base + "play-raiders.html")
    assert tab.playable() == step
    tab.tap_a_choice()
    assert tab.playable() > step
    # A notebook's save opens in the page; a corrupt one is refused in words.
    tab.page.locator("#openfile").set_input_files(str(saved))
    tab.wait(f"tabletopPage.view.step === {step}")
    bad = tmp_path / "bad.json"
    bad.write_text("{not a save")
    tab.page.locator("#openfile").set_input_files(str(bad))
    tab.wait("document.getElementById('said').textContent.includes('cannot be opened')")
    assert tab.held("tabletopPage.view.step") == step
    assert tab.aborted == [] and tab.errors == []


def test_two_humans_pass_the_device_behind_the_hand_over_screen(tab):
    tab.page.goto(tab.base + "play-race.html?s0=human&s1=human")
    tab.playable()
    assert tab.held("tabletopPage.welcome.seat") == 0
    for _ in range(10):
        step = tab.playable()
        tab.page.locator("#actions button:not([disabled])").first.click()
        tab.wait(
            "!document.getElementById('handover').hidden ||"
            f" tabletopPage.view.step > {step}"
        )
        if not tab.held("document.getElementById('handover').hidden"):
            break
    cover = tab.page.locator("#handover")
    assert cover.is_visible() and "Pass the laptop" in cover.inner_text()
    assert not tab.page.locator("main").is_visible()  # no hand shows behind it
    # nor is anything said to the last player left in the live region
    assert tab.held("document.getElementById('heard').textContent") == ""
    tab.page.locator("#reveal").click()
    tab.wait("tabletopPage.welcome.seat === 1 && !!tabletopPage.view")
    assert tab.page.locator("main").is_visible()
    hands = tab.held("tabletopPage.page.hands")
    assert [h["you"] for h in hands] == [False, True]
    assert tab.aborted == [] and tab.errors == []


def test_a_new_build_reaches_a_returning_visitor(browser, site, tmp_path, monkeypatch):
    from tabletop.site import build_site
    from tabletop.site.words import SITE_WORDS

    folder, _ = pyodide_or_reason()
    wheels = tmp_path / "wheels"
    out = tmp_path / "site"
    first = build_site(out, pyodide=folder, wheels=_wheels_of_a_build(wheels))
    hits: list[tuple[str, Any]] = []
    with served(out, hits) as base:
        tab = SitePage(browser, base)
        try:
            tab.page.goto(base + "index.html")
            tab.controlled()
            names = tab.page.evaluate("caches.keys()")
            assert names == ["tabletop-" + first["version"]]
            monkeypatch.setitem(SITE_WORDS, "title", "Board games, built again")
            # A later build: a host's Last-Modified counts whole seconds, and a
            # sw.js written again within the second the browser fetched the
            # first one is answered "304 Not Modified" (the browser keeps the old
            # worker). Real builds are seconds apart; here they may not be.
            _wait_past_the_second_of(out / "sw.js")
            second = build_site(out, pyodide=folder, wheels=wheels)
            assert second["version"] != first["version"]
            tab.page.reload()  # served from the old cache; the browser sees sw.js
            # The new build's worker is activated once its cache is full, and its
            # activation drops the old cache: wait for that, however long the
            # files take. (Polled: the new worker may take over before the
            # reloaded page exists, and then no controllerchange reaches it.)
            want = ["tabletop-" + second["version"]]
            try:
                until(
                    lambda: tab.page.evaluate("caches.keys()") == want,
                    300,
                    "the new build's cache alone",
                )
            except AssertionError as failed:
                raise AssertionError((tab.page.evaluate(WORKERS), hits)) from failed
            tab.page.reload()
            assert tab.page.title() == "Board games, built again"
            assert tab.aborted == [] and tab.errors == []
        finally:
            tab.close()


def _wait_past_the_second_of(path: Path) -> None:
    """Sleep (at most a second) until the clock is past the whole second in
    which ``path`` was last written."""
    later = int(path.stat().st_mtime) + 1
    until(lambda: time.time() >= later, 5, "the next second")


def _wheels_of_a_build(into: Path) -> Path:
    """The wheels of the module's build, copied (no second pip run)."""
    shutil.copytree(BUILT[0] / "wheels", into)
    return into


#: Keeps every frame the page gets (its kind, step, who is thinking and when it
#: came) and the time of every click, from now on.
RECORD_FRAMES = """() => {
  const socket = tabletopLocal.socket, deliver = socket.onmessage;
  window.tabletopTestFrames = [];
  window.tabletopTestClicks = [];
  socket.onmessage = (m) => {
    const f = JSON.parse(m.data);
    tabletopTestFrames.push({t: f.t, step: f.step === undefined ? null : f.step,
                             thinking: f.thinking || null, at: performance.now()});
    deliver.call(socket, m);
  };
  document.addEventListener("click", () => tabletopTestClicks.push(performance.now()),
                            true);
}"""


def test_against_hard_bots_the_own_move_shows_first_then_each_bot_move(tab):
    """Frames as things happen on the site: after a tap the human's own move
    comes as a view of its own, before any bot has decided; then each Hard
    bot's move comes as its own view, one step each, saying who is thinking
    until the last. (The times are printed; benchmarks/site.py measures them.)"""
    tab.page.goto(tab.base + "play-pitfall.html?s0=human&s1=flat-mc&s2=flat-mc")
    step = tab.playable()
    tab.held(RECORD_FRAMES)
    seen_bots = 0
    for _ in range(12):
        if seen_bots >= 2 or tab.held("tabletopPage.page.headline.over"):
            break
        tab.held("tabletopTestFrames.length = 0")
        tab.tap_a_choice()
        after = tab.playable()
        frames = tab.held("tabletopTestFrames")
        tapped = tab.held("tabletopTestClicks[tabletopTestClicks.length - 1]")
        views = [f for f in frames if f["t"] == "view"]
        assert views and views[0]["step"] == step + 1, frames
        steps = [v["step"] for v in views]
        assert steps == list(range(step + 1, after + 1)), frames  # one by one
        if len(views) > 1:
            seen_bots += 1
            assert views[0]["thinking"], "the view of the own move says who thinks"
            assert all(v["thinking"] for v in views[:-1]) and not views[-1]["thinking"]
            times = [v["at"] for v in views]
            assert times == sorted(times)
            print(
                f"own move after {views[0]['at'] - tapped:.0f} ms; bot moves after "
                + ", ".join(
                    f"{b - a:.0f}" for a, b in zip(times, times[1:], strict=False)
                )
                + " ms more"
            )
        step = after
    assert seen_bots >= 1
    assert tab.errors == []


def test_under_the_hand_over_cover_the_page_holds_nothing_of_the_last_seat(tab):
    """Two humans at one device: once the first has played, the page under the
    cover holds none of their hand or choices (emptied, not hidden: the DOM, as a
    script reads it), and the header and the tab's title name the next seat."""
    tab.page.goto(tab.base + "play-pitfall.html?s0=human&s1=human")
    cards: list[dict] = []
    actions: list[dict] = []
    tab.playable()
    first = tab.held("tabletopPage.welcome.seat")  # who starts is dealt (a roll)
    after = 1 - first
    for _ in range(12):
        step = tab.playable()
        cards = [c for h in tab.held("tabletopPage.page.hands") if h["you"]
                 for c in h["cards"] if c]  # fmt: skip
        actions = tab.held("tabletopPage.page.actions")
        tab.page.locator("#actions button:not([disabled])").first.click()
        tab.wait(
            "!document.getElementById('handover').hidden ||"
            f" tabletopPage.view.step > {step}"
        )
        if tab.held("!document.getElementById('handover').hidden"):
            break
    assert tab.page.locator("#handover").is_visible()
    assert cards and actions, "the first seat had a hand and choices"
    html = tab.page.content()
    assert tab.page.locator("#hand li, #actions button, [data-card]").count() == 0
    for card in cards:
        assert f'data-card="{card["kind"]}"' not in html, card
        assert card["text"] not in html, card
    for action in actions:
        assert f"{action['words']}: {action['why']}" not in html, action
    names = tab.held("tabletopPage.board.names")
    title = tab.page.title()
    assert names[after] in title and "Your turn" not in title, title
    assert names[first] not in title, title
    head = tab.page.inner_text("#top")
    assert names[after] in head and "Your turn" not in head, head
    assert tab.held("tabletopPage.page") is None
    tab.page.locator("#reveal").click()
    tab.wait(f"tabletopPage.welcome.seat === {after} && !!tabletopPage.page")
    assert tab.page.locator("#hand [data-card]").count() > 0  # the new seat's hand
    assert tab.aborted == [] and tab.errors == []


def test_a_first_visit_downloads_each_file_once(browser, site):
    """A first visit fetches every file of the site once: the page's Python
    waits until the service worker, whose install fetches every file into its
    cache, controls the page, and then reads its files from there. (Python and
    the install each fetched everything: 37 MB for an 18 MB site.) No route
    here: Playwright's routes turn the browser's HTTP cache off, which spares
    the install the files the page itself has just loaded."""
    folder = BUILT[0]
    files = json.loads((folder / "site.json").read_text())["files"]
    hits: list[tuple[str, Any]] = []
    with served(folder, hits) as base:  # a new address: nothing kept for it
        tab = SitePage(browser, base, route=False)
        try:
            tab.page.goto(base + "play-race.html")
            tab.playable()
            tab.controlled()
            tab.tap_a_choice()
            tab.playable()
            assert tab.errors == []
            assert all(url.startswith((base, "data:", "blob:")) for url in tab.asked)
        finally:
            tab.close()
    bodies = Counter(path.split("?")[0].lstrip("/") for path, code in hits
                     if code == 200)  # fmt: skip
    big = [f for f in files if f.startswith(("pyodide/", "wheels/"))]
    assert any(f.endswith("pyodide.asm.wasm") for f in big)
    assert {f: bodies[f] for f in big} == dict.fromkeys(big, 1), hits
    assert all(bodies[f] <= 1 for f in files), bodies
