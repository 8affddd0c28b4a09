"""The notebook table for every player, in JupyterLab in Chromium: a board
clicked with the mouse does not keep the keyboard (ipycanvas cancels every key
on a focused canvas: Tab stayed there), Tab walks the table and never stays on
one element nor stops on a canvas; the live region says "Your turn"; the command
field answers ``hand``; axe-core finds nothing serious or critical in the
table's output."""

from __future__ import annotations

import pytest

from tests.browser_harness import (
    CURRENT,
    chromium_page,
    code_notebook,
    jupyter_lab,
    need_browser,
    open_and_run,
)
from tests.test_browser_page_access import SERIOUS, WALK_MARK

pytestmark = pytest.mark.browser
TABLE = f"{CURRENT} .tabletop-table"


def test_the_keyboard_walks_the_notebook_table_and_a_reader_hears_it(tmp_path):
    need_browser()
    from axe_playwright_python.sync_playwright import Axe

    with jupyter_lab(tmp_path, []) as url, chromium_page(1366, 768) as page:
        code_notebook(
            tmp_path / "work" / "access.ipynb",
            "from tabletop.ui import pitfall_table\n"
            "t = pitfall_table(players=3, seed=2, bots=2, autosave=False,"
            " evaluation=False)\nt",
        )
        open_and_run(page, url, "access.ipynb")
        page.wait_for_selector(f"{TABLE} .tabletop-announce[aria-live=polite]")
        said = page.locator(f"{TABLE} .tabletop-announce")
        assert "Your turn" in said.inner_text()
        # a mouse user clicks the board, then presses Tab: the focus moves on
        board = page.locator(f"{TABLE} canvas.tabletop-board")
        assert board.get_attribute("tabindex") == "-1"
        board.click(position={"x": 5, "y": 5})
        before = page.evaluate(WALK_MARK)
        page.keyboard.press("Tab")
        after = page.evaluate(WALK_MARK)
        assert after != before and not after.startswith("CANVAS"), (before, after)
        # Tab from the first choice: never the same element twice, never a canvas
        page.locator(f"{TABLE} button.tabletop-action").first.focus()
        walked = []
        for _ in range(25):
            page.keyboard.press("Tab")
            walked.append(page.evaluate(WALK_MARK))
        assert all(a != b for a, b in zip(walked, walked[1:], strict=False)), walked
        assert not any(w.startswith("CANVAS") for w in walked), walked
        # the command field answers in words
        field = page.locator(f"{TABLE} .tabletop-notation input")
        field.fill("where")
        field.press("Enter")
        page.wait_for_function(
            "(s) => (document.querySelector(s) || {}).textContent"
            " && document.querySelector(s).textContent.includes('Player 1')",
            arg=f"{TABLE} .tabletop-answer",
        )
        found = Axe().run(page, context=TABLE).response["violations"]
        serious = [
            f"{v['id']}: {v['nodes'][0]['html'][:80]}"
            for v in found
            if v["impact"] in SERIOUS
        ]
        assert serious == [], serious
        print("axe-core, minor findings:", [v["id"] for v in found])
        # "The board in words" opens by the keyboard
        head = page.locator(f"{TABLE} .jupyter-widget-Collapse-header").first
        assert head.get_attribute("role") == "button"
        head.focus()
        page.keyboard.press("Enter")
        page.wait_for_function(
            "(s) => document.querySelector(s).getAttribute('aria-expanded') === 'true'",
            arg=f"{TABLE} .jupyter-widget-Collapse-header",
        )
        page.wait_for_function(  # the kernel writes it once it is open
            "(s) => (document.querySelector(s).textContent || '').includes('Pawns')",
            arg=f"{TABLE} .tabletop-board-words",
        )
        # a choice pressed by the keyboard is redrawn away: the focus stays in
        # the table (on the first new choice), never on the page's body
        step = page.locator(f"{TABLE} .tabletop-step").inner_text()
        roll = page.locator(f"{TABLE} button.tabletop-action", has_text="Roll")
        roll.focus()
        page.keyboard.press("Enter")
        page.wait_for_function(
            "([s, old]) => document.querySelector(s).textContent !== old",
            arg=[f"{TABLE} .tabletop-step", step],
        )
        page.wait_for_function(
            "(t) => { const a = document.activeElement;"
            " return a && a !== document.body && a.closest(t) !== null"
            " && a.tagName === 'BUTTON'; }",
            arg=TABLE,
            timeout=10_000,
        )
