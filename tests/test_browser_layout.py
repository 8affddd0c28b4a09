"""The table fits a laptop, and a double-click or Enter plays nothing nobody chose.

JupyterLab with its file browser open, in a 1366x768 and a 1920x1080 viewport:
with the table scrolled to the top of the notebook, the board, the player's own hand
and every action button are inside the viewport, no button text is clipped, and the
board is scaled to the cell (larger on the larger screen) and the side panel starts
right beside it. "Who is ahead", once filled, is on screen above the choices without
scrolling the side panel (also at the Raiders opening, with its nine choices), shows
every seat's full name, and the table still fits. Screenshots go to test-artifacts/
(layout_<game>_<width>x<height>.png, hot_seat_*.png, double_click_roll.png,
evaluation_bar*.png).
"""

from __future__ import annotations

import pytest

from tests.browser_harness import (
    BOARD_VIEW,
    CURRENT,
    KERNEL_READY,
    PLAY_SEED,
    chromium_page,
    click_board,
    code_notebook,
    hold_still,
    jupyter_lab,
    kernel_caught_up,
    need_browser,
    open_and_run,
    settle,
    shoot,
    show_board,
    step_text,
    waited,
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
  return {board: box(board), boardPixels: board.width, hand: hand && box(hand),
          buttons: buttons, vw: window.innerWidth, vh: window.innerHeight};
}""".replace("CURRENT", CURRENT)


SEEN = """(selector) => { const b = document.querySelector(selector);
  const r = b.getBoundingClientRect();
  const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !!e && b.contains(e); }"""

# Who is ahead: where it is, whether the side panel must scroll to show it, and each
# seat's name as shown (clipped when its box is narrower than its text).
BAR = """() => {
  const root = document.querySelector('CURRENT .tabletop-table');
  const side = root.querySelector('.tabletop-side');
  const bar = side.querySelector('.tabletop-evaluation');
  const box = (e) => { const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  const seen = (e) => { const r = e.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && (hit === e || e.contains(hit)); };
  const names = [...bar.querySelectorAll('.tabletop-eval-name')].map((n) => ({
    text: n.textContent, clipped: n.scrollWidth > n.clientWidth + 1,
    lines: n.getBoundingClientRect().height
      / parseFloat(getComputedStyle(n).lineHeight),
    seen: seen(n)}));
  const board = root.querySelector('canvas.tabletop-board');
  return {bar: box(bar), side: box(side), sideScroll: side.scrollTop,
          board: box(board), ratio: board.width / board.height,
          names: names, vw: window.innerWidth, vh: window.innerHeight};
}""".replace("CURRENT", CURRENT)

TWO_PLAYERS = """\
from tabletop.ui import raiders_table

table = raiders_table(players=2, seed=7, bots=1, bot="heuristic")
table"""

REFUSAL = """\
from tabletop.ui import pitfall_table

table = pitfall_table(players=3, seed=5, bots=2, autosave=False)
table"""

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
        code_notebook(tmp / "work" / "hot_seat.ipynb", HOT_SEAT)
        code_notebook(tmp / "work" / "raiders_two.ipynb", TWO_PLAYERS)
        code_notebook(tmp / "work" / "refusal.ipynb", REFUSAL)
        yield url


BESIDE_FILE_BROWSER = """() => {
  const browser = document.querySelector('.jp-FileBrowser');
  const notebook = document.querySelector('CURRENT');
  return !!browser && !!notebook && browser.getBoundingClientRect().width > 0
    && notebook.getBoundingClientRect().left
      >= browser.getBoundingClientRect().right - 1;
}""".replace("CURRENT", CURRENT)


def _open_with_file_browser(page, lab, notebook: str = "play_pitfall.ipynb") -> dict:
    open_and_run(page, lab, notebook)
    page.evaluate("() => window.jupyterapp.commands.execute('filebrowser:activate')")
    page.wait_for_selector(".jp-FileBrowser", state="visible", timeout=30_000)
    # the notebook reflows beside the file browser; the board's new size goes to
    # the kernel, whose answer is drawn
    page.wait_for_function(BESIDE_FILE_BROWSER, timeout=30_000)
    settle(page, f"() => [({MEASURE})(), ({BOARD_VIEW})()]")
    show_board(page)
    return settle(page, f"() => [({MEASURE})(), ({BOARD_VIEW})()]")[0]


def _check_fits(m: dict) -> None:
    """The board whole in view; the player's hand starting above the fold (whole
    at 1920x1080: at 1366x768 the board's readable size comes first)."""
    vw, vh = m["vw"], m["vh"]
    for name in ("board", "hand"):
        r = m[name]
        if r is None:  # no hand rows before the deal (Raiders' opening)
            continue
        bottom = r["bottom"] if name == "board" or vh >= 1000 else r["top"] + 40
        assert r["top"] >= 0 and bottom <= vh, (name, r, vh)
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
        # The hands follow the board: a long list of choices beside it scrolls in
        # its panel instead of leaving a gap under the board.
        if game == "raiders":  # its opening deals nothing yet: no empty hand rows
            assert m["hand"] is None, "no '0 cards' rows before the deal"
            return
        gap = m["hand"]["top"] - m["board"]["bottom"]
        assert gap <= 60, f"{gap:.0f}px between the board and the hands"


@pytest.mark.parametrize(
    ("game", "width", "height"),
    [("pitfall", 1366, 768), ("raiders", 1920, 1080)],
)
def test_run_all_lands_on_a_readable_board(lab, game, width, height):
    """After Run all (file browser open, nothing scrolled by hand) the board is in
    view, its space numbers at least 11 px high on screen, and the player's hand
    starts above the fold; the mouse wheel over the board scrolls the page."""
    from tabletop.core.registry import make_game
    from tabletop.draw.look import look_for

    with chromium_page(width, height) as page:
        page.goto(f"{lab}lab/tree/play_{game}.ipynb?reset")
        page.wait_for_function(KERNEL_READY, timeout=90_000)
        page.evaluate(
            "() => window.jupyterapp.commands.execute('filebrowser:activate')"
        )
        page.wait_for_selector(".jp-FileBrowser", state="visible", timeout=30_000)
        page.evaluate(
            "() => window.jupyterapp.commands.execute('notebook:run-all-cells')"
        )
        page.wait_for_selector(
            f"{CURRENT} canvas.tabletop-board", state="visible", timeout=90_000
        )
        page.wait_for_function(
            f"() => document.querySelector('{CURRENT} .tabletop-table')"
            "?.dataset.landed === '1'",
            timeout=30_000,
        )
        kernel_caught_up(page)  # the summary cell runs after the table
        m = hold_still(page, MEASURE)
        shoot(page, f"landed_{game}_{width}x{height}.png")
        # The wheel over the board scrolls the page (ipycanvas alone cancels it).
        box = m["board"]
        page.mouse.move(box["left"] + box["width"] / 2, box["top"] + box["height"] / 2)
        page.mouse.wheel(0, 200)
        waited(page, f"(top) => ({MEASURE})().board.top < top - 50", box["top"])
        after = page.evaluate(MEASURE)["board"]["top"]
        assert after < box["top"] - 50, ("the wheel did not scroll", box["top"], after)
    board = m["board"]
    assert board["top"] >= 0 and board["bottom"] <= m["vh"], board
    if m["hand"] is not None:
        assert m["hand"]["top"] < m["vh"] - 40, "the hand starts below the fold"
    look = look_for(make_game(game, players=3 if game == "pitfall" else 4))
    if look.label_size:  # a board that prints space labels: they must be readable
        on_screen = look.label_size * look.scale * board["width"] / m["boardPixels"]
        assert on_screen >= 11, f"space labels {on_screen:.1f} px high on screen"


def _check_bar(m: dict, seats: list[str]) -> None:
    """Who is ahead is on screen without scrolling, each name in full, and the side
    panel starts right beside the board, which keeps its aspect ratio."""
    bar, side, board = m["bar"], m["side"], m["board"]
    assert 0 <= bar["top"] and bar["bottom"] <= m["vh"], (bar, m["vh"])
    assert m["sideScroll"] == 0 and bar["bottom"] <= side["bottom"], (
        "the side panel must be scrolled to see who is ahead",
        bar,
        side,
    )
    assert [n["text"] for n in m["names"]] == seats
    for n in m["names"]:
        assert not n["clipped"], f"seat name cut: {n['text']!r}"
        assert n["lines"] < 1.5, f"seat name broken over lines: {n['text']!r}"
        assert n["seen"], f"seat name covered or off screen: {n['text']!r}"
    gap = side["left"] - board["right"]
    assert 0 <= gap <= 16, f"{gap:.0f}px between the board and the side panel"
    shown = (board["right"] - board["left"]) / (board["bottom"] - board["top"])
    assert abs(shown - m["ratio"]) < 0.02 * m["ratio"], "the board is not distorted"


@pytest.mark.parametrize(
    ("notebook", "seats", "width", "height", "picture"),
    [
        ("play_pitfall", 3, 1366, 768, "evaluation_bar.png"),
        ("play_raiders", 4, 1366, 768, "evaluation_bar_raiders_1366x768.png"),
        ("play_raiders", 4, 1920, 1080, "evaluation_bar_raiders_1920x1080.png"),
        ("raiders_two", 2, 1920, 1080, "evaluation_bar_raiders_two_1920x1080.png"),
    ],
)
def test_who_is_ahead_shows_above_the_choices_with_full_names(
    lab, notebook, seats, width, height, picture
):
    """One human against bots: the bar is on, computes once the page shows the
    table, and shows every seat's chance above the choices (at the Raiders opening
    too, with its nine choices) with no scrolling; the actions stay on screen."""
    colours = ("red", "blue", "green", "yellow")
    names = [f"Player {s} ({colours[s]})" for s in range(seats)]
    with chromium_page(width, height) as page:
        _open_with_file_browser(page, lab, f"{notebook}.ipynb")
        bar = f"{CURRENT} .tabletop-side .tabletop-evaluation"
        page.wait_for_function(
            f"() => (document.querySelector('{bar} .tabletop-evaluation-basis')"
            " || {textContent: ''}).textContent.includes('simulated games')",
            timeout=60_000,
        )
        page.wait_for_function(  # the last round's answer: no "..." still coming
            f"() => {{ const t = document.querySelector('{bar}').textContent;"
            " return t.includes('simulated games') && !t.includes('\\u2026'); }",
            timeout=120_000,
        )
        hold_still(page, BAR)
        assert page.locator(f"{bar} .tabletop-eval-row").count() == seats
        assert page.locator(f"{bar} input[type=checkbox]").is_checked()
        assert page.evaluate(SEEN, bar), "the bar is on screen, not scrolled away"
        shoot(page, picture)
        _check_bar(page.evaluate(BAR), names)
        _check_fits(page.evaluate(MEASURE))


# What the next key goes down on: a choice of the table (shown), or what else.
ENTER_ON = """() => window.addEventListener('keydown', () => {
  const now = document.activeElement;
  window.tabletopEnterOn = {text: now ? now.textContent : null,
    choice: !!now && now.classList.contains('tabletop-action')
      && now.offsetParent !== null};
}, {capture: true, once: true})"""


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
        kernel_caught_up(page)  # no render of the table is still on its way
        roll.dblclick()
        page.wait_for_function(
            f"(old) => document.querySelector('{CURRENT} .tabletop-status "
            ".tabletop-step').textContent !== old",
            arg=start,
            timeout=60_000,
        )
        kernel_caught_up(page)  # anything a second click did has arrived
        after_double = step_text(page)
        first, total = (int(x) for x in start.split()[1].split("/"))
        now, _ = (int(x) for x in after_double.split()[1].split("/"))
        assert now == first + 1, (start, after_double)
        # Enter plays nothing nobody chose: a move only when the key went down on
        # a choice on show (after a choice the focus goes to the first new one,
        # once the page has redrawn); on Hint or the page, none.
        page.evaluate(ENTER_ON)
        page.keyboard.press("Enter")
        kernel_caught_up(page)  # the table has handled the key
        on = page.evaluate("() => window.tabletopEnterOn")
        if step_text(page) != after_double:
            assert on["choice"], f"Enter on {on} played a move"
        shoot(page, "double_click_roll.png")


def _press_first_action(page) -> None:
    """Press Roll or Forward when offered, else the first button that plays (not
    a folded group)."""
    kernel_caught_up(page)  # the buttons of the last move have arrived
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
            kernel_caught_up(page)  # the answer to the last press has arrived
            if handover.is_visible():
                break
            _press_first_action(page)
        assert handover.is_visible(), "the turn passed to another human"
        assert "Pass the laptop to Player 1" in handover.inner_text()
        kernel_caught_up(page)
        waited(page, f"() => ({FACE_PIXELS})() === 0")  # the hands' last drawing
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


DISCONNECTED_VIEW = """() => {
  const root = document.querySelector('CURRENT .tabletop-table');
  const button = root.querySelector('.tabletop-action');
  const icons = [...root.querySelectorAll('.jupyter-widgets-disconnected')]
    .filter((e) => getComputedStyle(e, '::before').display !== 'none');
  const shown = (e) => e.getClientRects().length > 0;
  const kept = [...document.querySelectorAll('CURRENT .jp-RenderedSVG')];
  return {said: getComputedStyle(root, '::before').content,
          icons: icons.length, clicks: getComputedStyle(button).pointerEvents,
          parts: [...root.querySelectorAll('*')].filter(shown).length,
          pictures: kept.length,
          pictureShown: kept.some(shown)};
}""".replace("CURRENT", CURRENT)


def test_a_table_whose_kernel_restarted_says_to_run_the_cell_again(lab):
    """After a kernel restart the old table's views are disconnected: instead of a
    broken-link icon on every widget and buttons that silently do nothing, the
    table says what happened and what to do, takes no clicks and shows no hand
    (the kept board picture shows instead)."""
    with chromium_page(1366, 768) as page:
        open_and_run(page, lab, "raiders_two.ipynb")
        page.evaluate(
            "() => { window.jupyterapp.commands.execute('notebook:restart-kernel');"
            " return 0; }"
        )
        page.locator(".jp-Dialog .jp-mod-accept").first.click(timeout=30_000)
        page.wait_for_selector(
            f"{CURRENT} .tabletop-table.jupyter-widgets-disconnected",
            state="attached",
            timeout=60_000,
        )
        show_board(page)
        seen = hold_still(page, DISCONNECTED_VIEW)
        shoot(page, "kernel_restarted.png")
        assert "Run its cell again" in seen["said"], seen
        assert seen["icons"] == 0, "no broken-link icon on each widget"
        assert seen["clicks"] == "none", "a dead table takes no clicks"
        # A dead view would go on showing the hand it last showed: nothing of it
        # shows, and the board picture kept in the notebook shows instead.
        assert seen["parts"] == 0, seen
        assert seen["pictures"] and seen["pictureShown"], seen


NOTICE = """() => {
  const root = document.querySelector('CURRENT .tabletop-table');
  const notice = root.querySelector('.tabletop-notice');
  const r = notice.getBoundingClientRect();
  return {board: root.querySelector('canvas.tabletop-board')
            .getBoundingClientRect().top,
          text: notice.textContent, top: r.top, bottom: r.bottom,
          cut: notice.scrollHeight > notice.clientHeight + 1
            || notice.scrollWidth > notice.clientWidth + 1};
}""".replace("CURRENT", CURRENT)


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (1920, 1080)])
def test_a_refusal_is_read_in_full_and_does_not_move_the_board(lab, width, height):
    """A typed action refused (TT-PHASE, Enter in the field) shows its reason in
    the notice line, whole and on screen, and the board does not jump: the line
    keeps room for a refusal before there is one."""
    with chromium_page(width, height) as page:
        before = _open_with_file_browser(page, lab, "refusal.ipynb")
        first = page.evaluate(NOTICE)
        assert first["text"] == ""
        field = page.locator(f"{CURRENT} .tabletop-notation input")
        field.fill("give 2")  # a decision of another kind than the one pending
        field.press("Enter")
        page.wait_for_function(
            f"() => document.querySelector('{CURRENT} .tabletop-notice')"
            ".textContent.length > 0",
            timeout=30_000,
        )
        after = hold_still(page, NOTICE)
        shoot(page, f"refusal_{width}x{height}.png")
        assert after["text"].startswith("Not possible: 'give 2'"), after["text"]
        assert not after["cut"], f"the refusal is cut: {after['text']!r}"
        assert 0 <= after["top"] and after["bottom"] <= height, after
        assert abs(after["board"] - first["board"]) <= 1, (
            f"the board moved {after['board'] - first['board']:.0f}px",
            after["text"],
        )
        assert before["board"]["top"] == pytest.approx(first["board"], abs=1)


def test_the_raiders_map_reads_at_12_px_and_a_click_still_places(lab):
    """At 1366x768 beside the file browser the table shows part of the Raiders
    map enlarged until its labels read at 12 CSS px (their median size times the
    view's zoom times the canvas's scale on screen), around the pawn and the
    spaces on offer; a click on a country places the token; "Whole map" shows
    the whole board (aria-pressed) and another press goes back."""
    from tabletop.ui import raiders_table
    from tabletop.ui.board_area import median_label

    table = raiders_table(players=4, seed=PLAY_SEED, bots=3, bot="heuristic")
    label = median_label(table.look)
    zoomed = f"() => ({BOARD_VIEW})().zoom > 1"
    with chromium_page(1366, 768) as page:
        _open_with_file_browser(page, lab, "play_raiders.ipynb")
        page.wait_for_function(zoomed, timeout=30_000)
        view = page.evaluate(BOARD_VIEW)
        shoot(page, "board_view_raiders_1366x768.png")
        on_screen = label * view["zoom"] * view["css"]
        assert on_screen >= 12, f"labels {on_screen:.1f} px ({view})"
        assert view["pressed"] == "false", view
        start = step_text(page)
        # the country on offer nearest the middle of the view
        ax, ay, aw, ah = view["area"]
        xy = table.look.xy
        country = min(
            (s for e in table.legal for s in e.spaces),
            key=lambda s: abs(xy[s][0] - ax - aw / 2) + abs(xy[s][1] - ay - ah / 2),
        )
        assert ax < xy[country][0] < ax + aw and ay < xy[country][1] < ay + ah
        click_board(page, *xy[country])
        page.wait_for_function(
            f"(s) => document.querySelector('{CURRENT} .tabletop-step')"
            "?.textContent !== s",
            arg=start,
            timeout=30_000,
        )
        whole = f"{CURRENT} .tabletop-view-whole"
        page.click(whole)
        page.wait_for_function(f"() => ({BOARD_VIEW})().pressed === 'true'")
        view = page.evaluate(BOARD_VIEW)
        assert view["zoom"] == 1 and view["area"] == [0, 0, 900, 504], view
        page.click(whole)
        page.wait_for_function(zoomed)
