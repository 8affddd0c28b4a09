"""Real-browser tests of the standalone pages: Voila on 127.0.0.1, Debian's Chromium.

``voila`` serves copies of the play and learn notebooks from a temporary folder with
its own config, data and runtime folders. The tests open ``play_pitfall.ipynb`` as a
page, check that the board is drawn (canvas pixels) and play a move with an action
button (the status line's step changes), then open ``learn_pitfall.ipynb`` (its
opening and first lesson: Voila runs a notebook whole before it shows it, and every
lesson runs in a kernel in ``tests/test_lesson_outputs.py``) and press a teach-mode
*explain* button (the explanation appears). Screenshots go to
test-artifacts/. Without Chromium they are skipped, unless TABLETOP_REQUIRE_BROWSER
is set (CI), when they fail.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest

from tests.browser_harness import (
    BOARD_PIXELS,
    chromium_page,
    free_port,
    hold_still,
    need_browser,
    serve,
    server_folder,
)

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
BOARD = "canvas.tabletop-board"
STEP = ".tabletop-status .tabletop-step"

SHOWN_PICTURES = """() => [...document.querySelectorAll('.jp-RenderedSVG')]
  .filter(e => e.getBoundingClientRect().height > 0).length"""


@pytest.fixture(scope="module")
def voila(tmp_path_factory) -> Iterator[str]:
    """A Voila server on copies of the notebooks; yields its base URL."""
    need_browser()
    tmp = tmp_path_factory.mktemp("voila")
    work, env = server_folder(tmp, ["play_pitfall.ipynb", "learn_pitfall.ipynb"])
    _first_lesson_only(work / "learn_pitfall.ipynb")
    port = free_port()
    cmd = [sys.executable, "-m", "voila", "--no-browser", f"--port={port}",
           "--Voila.ip=127.0.0.1", "--show_tracebacks=True",
           "--ServerApp.allow_root=True"]  # fmt: skip
    url = f"http://127.0.0.1:{port}/"
    with serve("Voila", cmd, work, env, url, tmp / "voila.log"):
        yield url


def _first_lesson_only(path: Path) -> None:
    """Keep the notebook's cells up to its first lesson's table: the page shows
    before the other 27 lessons have been run (minutes on two busy cores)."""
    notebook = nbformat.read(path, as_version=4)
    first = next(i for i, cell in enumerate(notebook.cells) if "lesson(" in cell.source)
    notebook.cells = notebook.cells[: first + 1]
    nbformat.write(notebook, path)


@pytest.fixture
def page(voila):
    with chromium_page() as page:
        yield page


def _open(page, voila: str, notebook: str) -> None:
    # Voila runs the whole notebook before it shows the page: a lesson notebook on
    # a machine whose cores are both busy took over two minutes (a deadline, not a
    # wait: the page is used as soon as the table shows).
    page.goto(f"{voila}voila/render/{notebook}", timeout=300_000)
    page.wait_for_selector(STEP, timeout=300_000)
    page.wait_for_function(
        f"() => {{ const p = ({BOARD_PIXELS})('{BOARD}');"
        " return !!p && p.lit > 0.9 * p.total; }",
        timeout=60_000,
    )


def _shoot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name))


def test_voila_play_pitfall_draws_the_board_and_plays_a_move(voila, page):
    """The play notebook as a standalone page: board drawn, Roll pressed, step +1."""
    _open(page, voila, "play_pitfall.ipynb")
    before = page.evaluate(BOARD_PIXELS, BOARD)
    assert before["lit"] == before["total"], "the whole board is painted"
    start = page.inner_text(STEP)
    _shoot(page, "voila_play_pitfall.png")
    page.locator(".tabletop-action", has_text="Roll").first.click()
    page.wait_for_function(
        "([sel, old]) => document.querySelector(sel).textContent !== old",
        arg=[STEP, start],
        timeout=30_000,
    )
    assert page.inner_text(STEP) != start
    assert page.inner_text(".tabletop-error") == ""
    _shoot(page, "voila_play_pitfall_rolled.png")
    # The picture that follows the table (for saved notebooks) stays hidden while
    # the table is live: the board is not shown twice.
    assert page.locator(".jp-RenderedSVG").count() == 1
    assert page.evaluate(SHOWN_PICTURES) == 0


def test_voila_learn_pitfall_teach_mode_explains_after_a_click(voila, page):
    """The tutorial as a page: its first lesson's table (at the teaching moment)
    explains an action after a click on the teach panel's explain button, and says
    why a tempting action is refused, in words (clause IDs are rules details)."""
    _open(page, voila, "learn_pitfall.ipynb")
    detail = page.locator(".tabletop-teach-detail").first
    assert detail.inner_text() == ""
    button = page.locator(".tabletop-teach-explain").first
    button.scroll_into_view_if_needed()
    button.click()
    page.wait_for_function(
        "() => (document.querySelector('.tabletop-teach-detail') || {})"
        ".textContent?.includes('is legal')",
        timeout=30_000,
    )
    assert "PH-" not in detail.inner_text(), "no clause ID without rules details"
    _shoot(page, "voila_learn_pitfall_teach.png")
    page.locator(".tabletop-teach-ask input").first.fill("climb")
    page.locator(".tabletop-teach-whynot").first.click()
    page.wait_for_function(
        "() => document.querySelector('.tabletop-teach-detail')"
        ".textContent.includes('Why not')",
        timeout=30_000,
    )
    said = detail.inner_text()
    assert "TT-" not in said and len(said) > len("Why not climb? ")


def test_voila_play_pitfall_fits_a_laptop_screen(voila):
    """The standalone page at 1366x768: board, own hand and buttons on screen."""
    with chromium_page(1366, 768) as page:
        _open(page, voila, "play_pitfall.ipynb")
        page.locator(".tabletop-table").evaluate(
            "(e) => e.scrollIntoView({block: 'start'})"
        )
        boxes = hold_still(
            page,
            "() => ['canvas.tabletop-board', 'canvas.tabletop-hand', "
            "'.tabletop-action'].map((s) => document.querySelector(s)"
            ".getBoundingClientRect().bottom)",
        )
        _shoot(page, "voila_1366x768.png")
        assert all(bottom <= 768 for bottom in boxes), boxes


def _wait_text(page, selector: str, text: str, timeout: int = 30_000) -> None:
    """Wait until the first element matching ``selector`` contains ``text``."""
    page.wait_for_function(
        "([sel, text]) => (document.querySelector(sel) || {})"
        ".textContent?.includes(text)",
        arg=[selector, text],
        timeout=timeout,
    )


def test_voila_keeps_a_visitors_game_under_their_link(voila, page):
    """A visitor's page shows their game's link (and its address takes it on);
    after a move, the page loaded again with the link offers the game and resumes
    it at the same step, the summary under the table following it. A visit
    without the link deals a new game, with a link of its own."""
    render = f"{voila}voila/render/play_pitfall.ipynb"
    _open(page, voila, "play_pitfall.ipynb")
    href = page.locator("a.tabletop-link").get_attribute("href")
    assert href.startswith("?game=") and len(href) == len("?game=") + 22, href
    page.wait_for_function("(q) => location.search === q", arg=href, timeout=30_000)
    _wait_text(page, "a.tabletop-link", render + href)  # the whole address shown
    start = page.inner_text(STEP)
    assert "step 0 of 0" in page.inner_text(".tabletop-summary")
    page.locator(".tabletop-action", has_text="Roll").first.click()
    page.wait_for_function(
        "([sel, old]) => document.querySelector(sel).textContent !== old",
        arg=[STEP, start],
        timeout=30_000,
    )
    played = page.inner_text(STEP)
    _wait_text(page, ".tabletop-summary", "step 1 of 1")

    page.goto(render + href, timeout=120_000)
    page.wait_for_selector(".tabletop-resume", state="visible", timeout=120_000)
    page.locator(".tabletop-resume").click()
    _wait_text(page, STEP, played)
    assert page.inner_text(".tabletop-error") == ""
    _wait_text(page, ".tabletop-summary", "step 1 of 1")
    assert page.locator("a.tabletop-link").get_attribute("href") == href
    _shoot(page, "voila_resumed_by_link.png")

    page.goto(render, timeout=120_000)
    page.wait_for_selector(STEP, timeout=120_000)
    fresh = page.locator("a.tabletop-link").get_attribute("href")
    assert fresh != href and fresh.startswith("?game=")
    assert page.inner_text(STEP) == start
    assert not page.locator(".tabletop-resume").is_visible()
    assert "step 0 of 0" in page.inner_text(".tabletop-summary")


OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const cut = [...document.querySelectorAll(
      '.tabletop-table button, .tabletop-table canvas, .tabletop-table input')]
    .filter((e) => {
      const r = e.getBoundingClientRect();
      return r.width > 0 && (r.left < -1 || r.right > width + 1);
    })
    .map((e) => (e.textContent || e.className || e.tagName).trim().slice(0, 40));
  const tabs = [...document.querySelectorAll('.tabletop-table .lm-TabBar-tab')]
    .filter((t) => t.getBoundingClientRect().width > 0
      && (t.scrollWidth > t.clientWidth + 1
        || t.getBoundingClientRect().right > width + 1))
    .map((t) => t.textContent.trim());
  const board = document.querySelector('canvas.tabletop-board')
    .getBoundingClientRect().width;
  return {scroll: document.scrollingElement.scrollWidth, width, cut, tabs, board};
}"""


@pytest.mark.parametrize("width", [640, 320])
def test_voila_reflows_at_200_and_400_percent_zoom(voila, width):
    """WCAG 1.4.10 (reflow): a 1280 px wide window at 200% and 400% zoom is 640
    and 320 CSS px wide. The standalone page then scrolls only down: no control
    or canvas of the table is cut at the sides, no tab's title is cut short,
    the board keeps the page's width (the side panel goes under it), and a move
    still plays by its button."""
    with chromium_page(width, 720) as page:
        _open(page, voila, "play_pitfall.ipynb")
        seen = hold_still(page, OVERFLOW)
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator(".tabletop-table").screenshot(
            path=str(ARTIFACTS / f"voila_reflow_{width}.png")
        )
        assert seen["scroll"] <= seen["width"] + 1, seen
        assert seen["cut"] == [] and seen["tabs"] == [], seen
        assert seen["board"] >= min(250, 0.8 * (width - 40)), (
            f"the board shrank: {seen}"
        )
        step = page.locator(STEP).inner_text()
        page.locator(".tabletop-action button, button.tabletop-action").first.click()
        page.wait_for_function(
            "([sel, old]) => document.querySelector(sel).textContent !== old",
            arg=[STEP, step],
            timeout=30_000,
        )
