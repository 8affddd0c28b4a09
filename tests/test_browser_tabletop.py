"""Real-browser tests: JupyterLab on 127.0.0.1 and Debian's Chromium via Playwright.

They open the play notebooks, run them, click an action button and a board space,
check that the state changed (the status line's step and the canvas pixels), reload
the page and check that the board is drawn again. Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import base64
import json
import re
import urllib.parse
import urllib.request

import pytest

from tests.browser_harness import (
    BOARD_PIXELS,
    CURRENT,
    KERNEL_READY,
    PLAY_SEED,
    chromium_page,
    click_board,
    code_notebook,
    jupyter_lab,
    need_browser,
    open_and_run,
    shoot,
    show_board,
    step_text,
)
from tests.waits import until

pytestmark = pytest.mark.browser
BOARD = f"{CURRENT} canvas.tabletop-board"
MIDGAME = """\
from tabletop import Match
from tabletop.games.{module} import {game}
from tabletop.ui import Table

match = Match({game}(players={players}), seed={seed})
table = Table(match, seats=["{bot}"] * {players}, auto=False, handover=False)
table.model.auto_play({moves})
for seat in range({players}):
    table.model.set_seat(seat, "human")
table.model.set_viewer(0)
table"""

SHOWN_PICTURES = """() => [...document.querySelectorAll('.jp-RenderedSVG')]
  .filter(e => e.getBoundingClientRect().height > 0).length"""


def _midgame_notebook(path, module, game, players, seed, moves, bot="random"):
    """A scratch notebook: bots play ``moves`` moves, then every seat is human
    (the hand-over off: one person looks through seat 0, as in a lesson)."""
    code = MIDGAME.format(
        module=module, game=game, players=players, seed=seed, moves=moves, bot=bot
    )
    code_notebook(path, code)


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    need_browser()
    tmp = tmp_path_factory.mktemp("lab")
    with jupyter_lab(tmp, ["play_pitfall.ipynb", "play_raiders.ipynb"]) as url:
        work = tmp / "work"
        _midgame_notebook(
            work / "mid_pitfall.ipynb", "pitfall", "Pitfall", 4, 11, 80, "heuristic"
        )
        _midgame_notebook(work / "mid_raiders.ipynb", "raiders", "Raiders", 4, 5, 60)
        yield url


@pytest.fixture
def page(lab):
    with chromium_page() as page:
        yield page


def _pixels(page) -> dict:
    return page.evaluate(BOARD_PIXELS, BOARD)


def _wait_drawn(page) -> None:
    """Wait until the board canvas is painted over (its background covers it all)."""
    page.wait_for_function(
        f"() => {{ const p = ({BOARD_PIXELS})('{BOARD}');"
        " return !!p && p.lit > 0.9 * p.total; }",
        timeout=30_000,
    )


def _wait_step_change(page, before: str) -> str:
    page.wait_for_function(
        f"(old) => document.querySelector('{CURRENT} .tabletop-status .tabletop-step')"
        ".textContent !== old",
        arg=before,
        timeout=30_000,
    )
    return step_text(page)


def _expected_target_after_roll() -> tuple[str, float, float]:
    """Replay the notebook's table headlessly: the first board target after Roll."""
    from tabletop.ui import pitfall_table

    table = pitfall_table(players=3, seed=PLAY_SEED, bots=2, bot="heuristic")
    table.choose("roll")
    space = next(s for e in table.legal for s in e.spaces)
    x, y = table.look.xy[space]
    return space, x, y


def _saved_pictures(page, lab) -> list[tuple[str, bool]]:
    """Save the notebook; each stored picture output's SVG and whether a PNG is
    beside it (the live widget's own output is not one of them)."""
    page.evaluate(  # done once the file is written
        "async () => { await window.jupyterapp.commands.execute('docmanager:save');"
        " return true; }"
    )
    with urllib.request.urlopen(f"{lab}api/contents/play_pitfall.ipynb") as resp:
        saved = json.load(resp)["content"]
    return [
        ("".join(out["data"]["image/svg+xml"]), "image/png" in out["data"])
        for cell in saved["cells"]
        for out in cell.get("outputs", [])
        if "image/svg+xml" in out.get("data", {})
        and "application/vnd.jupyter.widget-view+json" not in out["data"]
    ]


def test_play_pitfall_in_jupyterlab_button_board_click_and_reload(lab, page):
    """Run play_pitfall.ipynb, press Roll, click a highlighted space, reload."""
    open_and_run(page, lab, "play_pitfall.ipynb")
    _wait_drawn(page)
    start = step_text(page)
    first = _pixels(page)
    assert first["lit"] > 0.9 * first["total"], "the board is drawn"
    shoot(page, "pitfall_start.png")

    page.locator(f"{CURRENT} .tabletop-action", has_text="Roll").first.click()
    rolled = _wait_step_change(page, start)
    space, x, y = _expected_target_after_roll()
    click_board(page, x, y)
    moved = _wait_step_change(page, rolled)
    assert moved != rolled
    after = _pixels(page)
    assert after["hash"] != first["hash"], f"the board changed after moving to {space}"
    assert page.inner_text(f"{CURRENT} .tabletop-error") == ""
    shoot(page, "pitfall_after_move.png")
    assert page.locator(f"{CURRENT} .jp-RenderedSVG").count() == 1
    assert page.evaluate(SHOWN_PICTURES) == 0, "the live table hides its picture"

    # The saved file shows the position without a kernel: the picture output
    # after the table followed the clicks, with its PNG (for the notebook opened
    # untrusted), which follows once the table is still.
    step, length = re.search(r"step (\d+)/(\d+)", moved).groups()
    assert step == length != "0"

    def saved_the_last_step() -> bool:
        pictures = _saved_pictures(page, lab)
        assert len(pictures) == 1, "one picture follows the table"
        svg, png = pictures[0]
        return f"step {step} of {length}" in svg and png

    until(saved_the_last_step, 60, "the saved picture of the last step, with its PNG")
    page.reload()
    page.wait_for_function(KERNEL_READY, timeout=60_000)
    page.wait_for_selector(BOARD, state="visible", timeout=60_000)
    _wait_drawn(page)
    again = _pixels(page)
    assert again["hash"] == after["hash"], "the reloaded board shows the same position"
    assert step_text(page) == moved
    show_board(page)
    shoot(page, "pitfall_reloaded.png")

    # Without its kernel's widgets (a new kernel, the page opened again), the
    # widget cannot be shown; the saved picture of the last step is, in its place.
    page.evaluate(
        "() => window.jupyterapp.shell.currentWidget.sessionContext.session"
        ".kernel.restart()"
    )
    page.reload()
    page.wait_for_function(KERNEL_READY, timeout=60_000)
    picture = page.locator(f"{CURRENT} .jp-RenderedSVG img")
    picture.first.wait_for(state="visible", timeout=30_000)
    assert page.locator(f"{CURRENT} canvas.tabletop-board").count() == 0
    source = picture.first.get_attribute("src") or ""
    head, _, body = source.partition(",")
    shown = (
        base64.b64decode(body).decode("utf-8", "replace")
        if head.endswith(";base64")
        else urllib.parse.unquote(body)
    )
    assert f"step {step} of {length}" in shown, (
        page.locator(f"{CURRENT} .jp-RenderedSVG img").count(),
        page.locator(f"{CURRENT} .jp-RenderedImage img").count(),
        shown[shown.find("<title>") : shown.find("<title>") + 120],
    )
    picture.first.scroll_into_view_if_needed()
    shoot(page, "pitfall_saved_picture_no_kernel.png")


@pytest.mark.parametrize("name", ["mid_pitfall.ipynb", "mid_raiders.ipynb"])
def test_midgame_boards_are_drawn(lab, page, name):
    """Mid-game screenshots of both boards (to look at), with the hands drawn."""
    open_and_run(page, lab, name)
    _wait_drawn(page)
    hands = page.locator(f"{CURRENT} canvas.tabletop-hand")
    assert hands.count() == 4
    page.locator(BOARD).scroll_into_view_if_needed()
    shoot(page, name.replace(".ipynb", ".png"))
    assert page.inner_text(f"{CURRENT} .tabletop-error") == ""


def test_play_raiders_places_a_token_by_clicking_a_country(lab, page):
    """Run play_raiders.ipynb and place the first token by clicking a country."""
    from tabletop.ui import raiders_table

    table = raiders_table(players=4, seed=PLAY_SEED, bots=3, bot="heuristic")
    country = table.legal[0].spaces[0]
    x, y = table.look.xy[country]
    open_and_run(page, lab, "play_raiders.ipynb")
    _wait_drawn(page)
    start = step_text(page)
    before = _pixels(page)
    click_board(page, x, y)
    placed = _wait_step_change(page, start)
    assert placed != start
    assert _pixels(page)["hash"] != before["hash"]
    shoot(page, "raiders_after_placing.png")
