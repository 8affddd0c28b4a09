"""Two notebook seats in one JupyterLab at a room on a ``tabletop serve`` process:
the server is killed with SIGKILL mid-game (each page shows one plain notice and
grey dots, never a traceback) and started again (the notice goes by itself and the
next click plays); then one page is closed while its kernel lives on, and the other
page shows that seat as not connected (the page heartbeat, ``PageHeartbeat``)."""

from __future__ import annotations

import signal

import pytest

from tabletop.online import create_room
from tests.browser_harness import (
    CHROMIUM,
    CHROMIUM_ARGS,
    CURRENT,
    code_notebook,
    jupyter_lab,
    need_browser,
    open_and_run,
    shoot,
)
from tests.test_online_restart import TOKEN, start
from tests.waits import until

pytestmark = pytest.mark.browser
SEAT_NOTEBOOK = """\
import ipywidgets as w
import tabletop.ui

table = tabletop.ui.join({link!r})
# A quick heartbeat, so that a closed page shows as away within seconds here.
table.heartbeat.interval = 0.5
table.heartbeat.widget.interval = 500
table.heartbeat.away_after = 4
probe = w.Label()
probe.add_class("online-probe")


def show(*_):
    beats = "beating" if table.heartbeat.last is not None else "silent"
    probe.value = f"step {{table.remote.latest}} {{beats}}"


table.remote.on_change(show)
table.heartbeat.widget.observe(show, "value")
show()
w.VBox([probe, table])"""


def seat_notebook(path, link: str) -> None:
    code_notebook(path, SEAT_NOTEBOOK.format(link=link))


def bar(page) -> str:
    return page.inner_html(f"{CURRENT} .tabletop-online")


def test_a_server_restart_and_a_closed_page_as_the_other_seat_sees_them(tmp_path):
    need_browser()
    from playwright.sync_api import sync_playwright

    db = tmp_path / "rooms.sqlite"
    proc, url = start(db)
    port = int(url.rsplit(":", 1)[1])
    try:
        links = create_room(url, game="pitfall", players=2, seed=8, admin_token=TOKEN)
        with jupyter_lab(tmp_path, []) as lab, sync_playwright() as pw:
            for seat, link in enumerate(links["seats"]):
                seat_notebook(tmp_path / "work" / f"seat{seat}.ipynb", link)
            browser = pw.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            pages = [
                browser.new_page(viewport={"width": 1366, "height": 768})
                for _ in range(2)
            ]
            for seat, page in enumerate(pages):
                open_and_run(page, lab, f"seat{seat}.ipynb")
            for page in pages:  # each page's own front end beats
                page.wait_for_function(
                    f"() => (document.querySelector('{CURRENT} .online-probe') "
                    "|| {}).innerText?.includes('beating')",
                    timeout=60_000,
                )
            first = pages[0]
            first.locator(f"{CURRENT} .tabletop-action", has_text="Roll").click()
            first.wait_for_function(
                f"() => document.querySelector('{CURRENT} .online-probe')"
                ".innerText.startsWith('step 1')",
                timeout=20_000,
            )
            proc.send_signal(signal.SIGKILL)  # the server dies mid-game
            proc.wait(10)
            notice = f"{CURRENT} .tabletop-message"
            for page in pages:
                page.wait_for_function(
                    f"() => (document.querySelector('{CURRENT}')"
                    ".innerText || '').includes('connection to the server is lost')",
                    timeout=30_000,
                )
                page.wait_for_function(  # every dot grey while it is down
                    f"() => !document.querySelector('{CURRENT} .tabletop-online')"
                    ".innerHTML.includes('#16a34a')",
                    timeout=10_000,
                )
                text = page.inner_text(CURRENT)
                assert "Traceback" not in text and "Error" not in text
            shoot(first, "online_connection_lost.png")
            proc, _ = start(db, port)  # back on the same port and database
            for page in pages:
                page.wait_for_function(
                    f"() => !(document.querySelector('{CURRENT}')"
                    ".innerText || '').includes('connection to the server is lost')",
                    timeout=30_000,
                )
            shoot(first, "online_reconnected.png")
            # The first click after the resync plays (no tap needed to resync).
            action = first.locator(f"{CURRENT} .tabletop-action").first
            action.click()
            first.wait_for_function(
                f"() => document.querySelector('{CURRENT} .online-probe')"
                ".innerText.startsWith('step 2')",
                timeout=20_000,
            )
            assert first.locator(notice).count() == 0 or "lost" not in (
                first.locator(notice).first.inner_text()
            )
            # Seat 1 closes its page; its kernel lives on in the server.
            pages[1].close()
            until(
                lambda: "title='not connected'" in bar(first).replace('"', "'"),
                what="the closed page's seat shown as not connected",
            )
            shoot(first, "online_other_seat_away.png")
            browser.close()
    finally:
        proc.kill()
        proc.wait(10)
