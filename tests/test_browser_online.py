"""Three Chromium pages in one JupyterLab join one Raiders room as three seats and
play by clicking action buttons; each page's kernel holds only its own seat's view
(its own hand face up, the others' backs), and every page follows every move."""

from __future__ import annotations

import pytest

from tabletop.online import create_room
from tests.browser_harness import (
    ARTIFACTS,
    CHROMIUM,
    CHROMIUM_ARGS,
    CURRENT,
    code_notebook,
    jupyter_lab,
    kernel_caught_up,
    need_browser,
    open_and_run,
    shoot,
)
from tests.online_wire import running_server

pytestmark = pytest.mark.browser
MOVES = 10
SEAT_NOTEBOOK = """\
import ipywidgets as w
import tabletop.ui

table = tabletop.ui.join({link!r})
probe = w.Label()
probe.add_class("online-probe")


def show(remote):
    faces = [
        "back" if isinstance(table.look.hand(remote.state, s), int) else "face"
        for s in range(remote.game.players)
    ]
    probe.value = f"step {{remote.latest}}: " + " ".join(faces)


table.remote.on_change(show)
show(table.remote)
w.VBox([probe, table])"""


def seat_notebook(path, link: str) -> None:
    code_notebook(path, SEAT_NOTEBOOK.format(link=link))


def probe(page) -> str:
    return page.inner_text(f"{CURRENT} .online-probe")


def test_three_browsers_play_one_raiders_room_each_seeing_only_its_hand(tmp_path):
    need_browser()
    from playwright.sync_api import sync_playwright

    with running_server() as server:
        links = create_room(server, game="raiders", players=3, seed=41)
        room = server.rooms[links["room"]]
        steps = lambda: server.call(lambda: len(room.match))  # noqa: E731
        with jupyter_lab(tmp_path, []) as url, sync_playwright() as pw:
            for seat, link in enumerate(links["seats"]):
                seat_notebook(tmp_path / "work" / f"seat{seat}.ipynb", link)
            browser = pw.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            pages = [
                browser.new_page(viewport={"width": 1400, "height": 1000})
                for _ in range(3)
            ]
            for seat, page in enumerate(pages):
                open_and_run(page, url, f"seat{seat}.ipynb")
                page.wait_for_function(
                    f"() => (document.querySelector('{CURRENT} .online-probe') "
                    "|| {}).innerText?.startsWith('step')",
                    timeout=60_000,
                )
            titles = []
            for _ in range(MOVES):
                before = steps()
                mover = server.call(lambda: room.game.to_move(room.match.state))
                page = pages[mover]
                titles.append(page.title())
                for _click in range(4):  # a group of actions opens on the first
                    page.locator(f"{CURRENT} .tabletop-action").first.click()
                    # the page's kernel has handled the click: a play waits there
                    # for the server's answer
                    kernel_caught_up(page)
                    if steps() > before:
                        break
                if steps() == before:
                    shoot(page, "online_stuck.png")
                    buttons = page.locator(
                        f"{CURRENT} .tabletop-action"
                    ).all_inner_texts()
                    notice = page.locator(f"{CURRENT} .jp-Cell").inner_text()
                    (ARTIFACTS / "online_stuck.txt").write_text(notice)
                    pytest.fail(
                        f"a click did not play a move: {buttons} {notice[:1500]}"
                    )
                now = steps()
                for other in pages:
                    other.wait_for_function(
                        f"() => document.querySelector('{CURRENT} .online-probe')"
                        f".innerText.startsWith('step {now}:')",
                        timeout=30_000,
                    )
            for seat, page in enumerate(pages):
                faces = probe(page).split(": ")[1].split()
                assert faces == ["face" if s == seat else "back" for s in range(3)]
                shoot(page, f"online_seat{seat}.png")
            assert steps() >= MOVES
            # a turn that came round marked the tab (the page ran the alert)
            assert any(t.startswith("\u25b6 Your turn") for t in titles), titles
            browser.close()
