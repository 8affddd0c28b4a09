"""The table fits a laptop, and a double-click or Enter plays nothing nobody chose.

JupyterLab with its file browser open, in a 1366x768 and a 1920x1080 viewport:
with the table scrolled to the top of the notebook, the board, the player's own hand
and every action button are inside the viewport, no button text is clipped, and the
board is scaled to the cell (larger on the larger screen); the evaluation bar, once
filled, keeps it so. Screenshots go to test-artifacts/
(layout_<game>_<width>x<height>.png, hot_seat_*.png, double_click_roll.png,
evaluation_bar.png).
"""

from __future__ import annotations

import nbformat
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
  const seen = (b) => { const r = b.getBoundingClientRect();
    const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!e && (e === b || b.contains(e)); };
  const buttons = [...root.querySelectorAll('.tabletop-action')].map((b) => ({
    ...box(b), text: b.textContent, clipped: b.scrollWidth > b.clientWidth + 1,
    seen: seen(b)}));
  return {board: box(board), boardPixels: board.width, hand: box(hand),
          buttons: buttons, vw: window.innerWidth, vh: window.innerHeight};
}""".replace("CURRENT", CURRENT)


SEEN = """(selector) => { const b = document.querySelector(selector);
  const r = b.getBoundingClientRect();
  const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !!e && b.contains(e); }"""

HOT_SEAT = """\
from tabletop.ui import pitfall_table

table = pitfall_table(players=3, seed=5, name="family")  # three humans, one laptop
table"""

# How much of the hand canvases is card-face cream (a face's body is #fffdf5; the
# backs are brown with a white frame).
FACE_PIXELS = """() => {
  let white = 0;
  for (const c of document.querySelectorAll('%s canvas.tabletop-hand')) {
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    for (let i = 0; i < d.length; i += 4)
      if (d[i] === 255 && d[i + 1] === 253 && d[i + 2] === 245) white += 1;
  }
  return white;
}""".replace("%s", CURRENT)


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    need_browser()
    tmp = tmp_path_factory.mktemp("lab")
    with jupyter_lab(tmp, ["play_pitfall.ipynb", "play_raiders.ipynb"]) as url:
        nb = nbformat.v4.new_notebook()
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
        nb.cells = [nbformat.v4.new_code_cell(HOT_SEAT)]
        nbformat.write(nb, tmp / "work" / "hot_seat.ipynb")
        yield url


def _open_with_file_browser(page, lab, notebook: str = "play_pitfall.ipynb") -> dict:
    open_and_run(page, lab, notebook)
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
        assert b["seen"], f"button hidden (covered or scrolled away): {b['text']!r}"


@pytest.mark.parametrize(
    ("game", "width", "height"),
    [("pitfall", 1366, 768), ("pitfall", 1920, 1080), ("raiders", 1366, 768)],
)
def test_the_table_fits_beside_the_file_browser(lab, game, width, height):
    with chromium_page(width, height) as page:
        m = _open_with_file_browser(page, lab, f"play_{game}.ipynb")
        shoot(page, f"layout_{game}_{width}x{height}.png")
        _check_fits(m)
        if width == 1366:
            assert m["board"]["width"] < m["boardPixels"], "the board is scaled down"
        else:
            assert m["board"]["height"] > 550, "a larger screen, a larger board"


def test_the_evaluation_bar_fills_beside_the_board_and_the_table_still_fits(lab):
    """One human against two bots: the bar is on, computes once the page shows the
    table, and shows three seats' chances under the choices; the actions stay on
    screen."""
    with chromium_page(1366, 768) as page:
        _open_with_file_browser(page, lab, "play_pitfall.ipynb")
        bar = f"{CURRENT} .tabletop-side .tabletop-evaluation"
        page.wait_for_function(
            f"() => (document.querySelector('{bar} .tabletop-evaluation-basis')"
            " || {textContent: ''}).textContent.includes('playouts')",
            timeout=60_000,
        )
        page.wait_for_timeout(1500)  # the full budget's answer has arrived
        assert page.locator(f"{bar} .tabletop-eval-row").count() == 3
        assert page.locator(f"{bar} input[type=checkbox]").is_checked()
        box = page.locator(bar).bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 768, box
        assert page.evaluate(SEEN, bar), "the bar is on screen, not scrolled away"
        shoot(page, "evaluation_bar.png")
        _check_fits(page.evaluate(MEASURE))


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


def _press_first_action(page) -> None:
    """Press Roll or Forward when offered, else the first button that plays (not
    a folded group)."""
    page.wait_for_timeout(700)  # the buttons of the last move have arrived
    buttons = page.locator(f"{CURRENT} .tabletop-action")
    texts = buttons.all_inner_texts()
    pick = next((t for t in texts if t in ("Roll", "Forward")), None) or next(
        (t for t in texts if "\u2026" not in t), None
    )
    if pick is None:  # nothing to press (the hand-over screen is coming)
        return
    button = buttons.filter(has_text=pick).first
    page.wait_for_function(
        f"() => {{ const b = document.querySelector('{CURRENT} .tabletop-action');"
        " return !!b && getComputedStyle(b).pointerEvents !== 'none'; }",
        timeout=10_000,
    )
    before = step_text(page)
    button.click()
    page.wait_for_function(
        f"(old) => document.querySelector('{CURRENT} .tabletop-status "
        ".tabletop-step').textContent !== old",
        arg=before,
        timeout=30_000,
    )


def test_three_humans_pass_the_laptop_without_seeing_each_others_cards(lab):
    """Player 0 plays until the turn passes: the hand-over screen shows, no card
    face is on screen and no action is offered; Player 1 reveals and plays on."""
    with chromium_page(1366, 768) as page:
        open_and_run(page, lab, "hot_seat.ipynb")
        handover = page.locator(f"{CURRENT} .tabletop-handover")
        assert page.evaluate(FACE_PIXELS) > 1000, "Player 0 sees their own cards"
        for _ in range(12):
            page.wait_for_timeout(700)
            if handover.is_visible():
                break
            _press_first_action(page)
        assert handover.is_visible(), "the turn passed to another human"
        assert "Pass the laptop to Player 1" in handover.inner_text()
        page.wait_for_timeout(800)
        assert page.evaluate(FACE_PIXELS) == 0, "no card face while passing"
        assert page.locator(f"{CURRENT} .tabletop-action").count() == 0 or not (
            page.locator(f"{CURRENT} .tabletop-actions").is_visible()
        )
        show_board(page)
        shoot(page, "hot_seat_pass.png")
        page.locator(f"{CURRENT} .tabletop-reveal").click()
        page.wait_for_function(
            f"() => !document.querySelector('{CURRENT} .tabletop-handover')"
            ".offsetParent",
            timeout=30_000,
        )
        page.wait_for_function(
            f"() => ({FACE_PIXELS})() > 1000".replace("%s", CURRENT), timeout=30_000
        )
        assert "showing Player 1 (blue)" in page.inner_text(
            f"{CURRENT} .tabletop-status"
        )
        shoot(page, "hot_seat_revealed.png")
