"""The table fits a laptop, and a double-click or Enter plays nothing nobody chose.

JupyterLab with its file browser open, in a 1366x768 and a 1920x1080 viewport:
with the table scrolled to the top of the notebook, the board, the player's own hand
and every action button are inside the viewport, no button text is clipped, and the
board is scaled to the cell (larger on the larger screen). Screenshots go to
test-artifacts/ (layout_1366x768.png, layout_1920x1080.png).
"""

from __future__ import annotations

import pytest

from tests.browser_harness import (
    CURRENT,
    chromium_page,
    jupyter_lab,
    need_browser,
    open_and_run,
    shoot,
    show_board,
    step_text,
)

pytestmark = pytest.mark.browser

MEASURE = """() => {
  const root = document.querySelector('CURRENT .tabletop-table');
  const box = (e) => { const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
            width: r.width, height: r.height}; };
  const board = root.querySelector('canvas.tabletop-board');
  const hand = root.querySelector('canvas.tabletop-hand');
  const buttons = [...root.querySelectorAll('.tabletop-action')].map((b) => ({
    ...box(b), text: b.textContent, clipped: b.scrollWidth > b.clientWidth + 1}));
  return {board: box(board), boardPixels: board.width, hand: box(hand),
          buttons: buttons, vw: window.innerWidth, vh: window.innerHeight};
}""".replace("CURRENT", CURRENT)


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    need_browser()
    tmp = tmp_path_factory.mktemp("lab")
    with jupyter_lab(tmp, ["play_pitfall.ipynb"]) as url:
        yield url


def _open_with_file_browser(page, lab) -> dict:
    open_and_run(page, lab, "play_pitfall.ipynb")
    page.evaluate("() => window.jupyterapp.commands.execute('filebrowser:activate')")
    page.wait_for_selector(".jp-FileBrowser", state="visible", timeout=30_000)
    page.wait_for_timeout(800)  # the notebook reflows beside the file browser
    show_board(page)
    page.wait_for_timeout(300)
    return page.evaluate(MEASURE)


def _check_fits(m: dict) -> None:
    vw, vh = m["vw"], m["vh"]
    for name in ("board", "hand"):
        r = m[name]
        assert r["top"] >= 0 and r["bottom"] <= vh, (name, r, vh)
        assert r["right"] <= vw, (name, r, vw)
    assert m["buttons"], "the actions are shown"
    for b in m["buttons"]:
        assert 0 <= b["top"] and b["bottom"] <= vh and b["right"] <= vw, b
        assert not b["clipped"], f"button text clipped: {b['text']!r}"


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (1920, 1080)])
def test_the_table_fits_beside_the_file_browser(lab, width, height):
    with chromium_page(width, height) as page:
        m = _open_with_file_browser(page, lab)
        shoot(page, f"layout_{width}x{height}.png")
        _check_fits(m)
        if width == 1366:
            assert m["board"]["width"] < m["boardPixels"], "the board is scaled down"
        else:
            assert m["board"]["height"] > 550, "a larger screen, a larger board"


def test_double_click_on_roll_and_enter_play_one_move_only(lab):
    with chromium_page(1366, 768) as page:
        open_and_run(page, lab, "play_pitfall.ipynb")
        start = step_text(page)
        roll = page.locator(f"{CURRENT} .tabletop-action", has_text="Roll").first
        roll.wait_for(state="visible")
        page.wait_for_function(  # a fresh button ignores the pointer a moment
            f"() => getComputedStyle(document.querySelector('{CURRENT} "
            ".tabletop-action')).pointerEvents !== 'none'",
            timeout=10_000,
        )
        roll.dblclick()
        page.wait_for_function(
            f"(old) => document.querySelector('{CURRENT} .tabletop-status "
            ".tabletop-step').textContent !== old",
            arg=start,
            timeout=30_000,
        )
        page.wait_for_timeout(1500)  # anything a second click did has arrived
        after_double = step_text(page)
        page.keyboard.press("Enter")
        page.wait_for_timeout(1500)
        assert step_text(page) == after_double, "Enter pressed no fresh button"
        first, total = (int(x) for x in start.split()[1].split("/"))
        now, _ = (int(x) for x in after_double.split()[1].split("/"))
        assert now == first + 1, (start, after_double)
        shoot(page, "double_click_roll.png")
