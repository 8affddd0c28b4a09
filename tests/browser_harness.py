"""A JupyterLab server and a Chromium page for the real-browser tests.

The server binds 127.0.0.1 on a free port with an empty token, runs from a temporary
folder holding copies of the notebooks (so running them never rewrites the
checkout), and gets its own config, data, runtime, workspace and settings folders.
The settings turn off the news toast (it would cover the board in screenshots) and
notebook windowing (offscreen cells would not render).
"""

from __future__ import annotations

import itertools
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.waits import poll_pause

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
PLAY_SEED = 5
"""The seed every table made without one deals in the servers these tests start
(``TABLETOP_SEED``): the play notebooks deal a fresh game each run, and the tests
replay the same one (``notebooks/conftest.py`` pins it for nbval too)."""
ARTIFACTS = ROOT / "test-artifacts"
# The notebook on show (JupyterLab keeps other open notebooks in hidden panels).
CURRENT = ".jp-NotebookPanel:not(.lm-mod-hidden)"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {
        "windowingMode": "none",
    },
}


def need_browser() -> None:
    """Skip without Chromium, unless CI asked for the browser tests (then fail)."""
    if Path(CHROMIUM).exists():
        return
    message = f"the browser tests need Chromium at {CHROMIUM}"
    if os.environ.get("TABLETOP_REQUIRE_BROWSER"):
        pytest.fail(message + " (TABLETOP_REQUIRE_BROWSER is set)", pytrace=False)
    pytest.skip(message + "; on Debian: apt-get install chromium")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _write_settings(folder: Path) -> None:
    for name, values in SETTINGS.items():
        plugin, _, file = name.rpartition("/")
        target = folder / plugin / file
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(values))


def server_folder(tmp: Path, notebooks: list[str]) -> tuple[Path, dict[str, str]]:
    """A work folder with copies of ``notebooks`` and an environment whose Jupyter
    config, data and runtime folders live under ``tmp``."""
    work = tmp / "work"
    work.mkdir()
    for name in notebooks:
        shutil.copy(ROOT / "notebooks" / name, work / name)
    env = dict(os.environ, JUPYTER_PLATFORM_DIRS="1", TABLETOP_SEED=str(PLAY_SEED))
    for var in ("CONFIG", "DATA", "RUNTIME"):
        (tmp / var.lower()).mkdir()
        env[f"JUPYTER_{var}_DIR"] = str(tmp / var.lower())
    return work, env


@contextmanager
def serve(
    name: str, cmd: list[str], work: Path, env: dict[str, str], ready: str, log: Path
) -> Iterator[None]:
    """Run a server process until the block ends, once ``ready`` answers 200."""
    with log.open("w") as out:
        proc = subprocess.Popen(cmd, env=env, stdout=out, stderr=subprocess.STDOUT,
                                cwd=work)  # fmt: skip
        try:
            _wait_up(name, ready, proc, log)
            yield
        finally:
            proc.terminate()
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()


@contextmanager
def jupyter_lab(tmp: Path, notebooks: list[str]) -> Iterator[str]:
    """Run JupyterLab on copies of ``notebooks``; yields its base URL."""
    work, env = server_folder(tmp, notebooks)
    settings = tmp / "settings"
    _write_settings(settings)
    port = free_port()
    cmd = [
        sys.executable, "-m", "jupyterlab", "--no-browser",
        "--ip=127.0.0.1", f"--port={port}", "--ServerApp.token=",
        "--ServerApp.password=", "--ServerApp.allow_root=True",
        "--LabApp.expose_app_in_browser=True",
        f"--LabApp.workspaces_dir={tmp / 'workspaces'}",
        f"--LabApp.user_settings_dir={settings}",
        f"--ServerApp.root_dir={work}",
    ]  # fmt: skip
    url = f"http://127.0.0.1:{port}/"
    with serve("JupyterLab", cmd, work, env, url + "api/status", tmp / "jupyter.log"):
        yield url


def _wait_up(
    name: str, url: str, proc: subprocess.Popen, log: Path, timeout: float = 90
) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{name} exited:\n" + log.read_text()[-3000:])
        try:
            with urllib.request.urlopen(url, timeout=2) as resp:
                if resp.status == 200:
                    return
        except OSError:
            poll_pause()
    raise RuntimeError(f"{name} did not start:\n" + log.read_text()[-3000:])


@contextmanager
def chromium_page(width: int = 1500, height: int = 1100) -> Iterator[object]:
    """A fresh headless Chromium page (Debian's binary)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        try:
            page = browser.new_page(viewport={"width": width, "height": height})
            yield page
        finally:
            browser.close()


KERNEL_READY = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session
      && w.sessionContext.session.kernel;
  return !!k && k.connectionStatus === 'connected' && k.status === 'idle';
}"""

BOARD_PIXELS = """(selector) => {
  const c = document.querySelector(selector);
  if (!c) return null;
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let lit = 0, hash = 0;
  for (let i = 0; i < d.length; i += 4) {
    if (d[i + 3] > 0) lit += 1;
    hash = (hash * 31 + d[i] + 7 * d[i + 1] + 13 * d[i + 2]) % 1000000007;
  }
  return {lit: lit, total: d.length / 4, hash: hash, w: c.width, h: c.height};
}"""


def open_and_run(page, url: str, notebook: str) -> None:
    """Open a notebook, wait for its kernel, run every cell."""
    page.goto(f"{url}lab/tree/{notebook}?reset")
    page.wait_for_function(KERNEL_READY, timeout=90_000)
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_selector(
        f"{CURRENT} canvas.tabletop-board", state="visible", timeout=90_000
    )
    page.wait_for_selector(f"{CURRENT} .tabletop-status .tabletop-step", timeout=60_000)
    show_board(page)


def show_board(page) -> None:
    """Scroll so the status line and the board are at the top of the viewport."""
    page.locator(f"{CURRENT} .tabletop-table").evaluate(
        "(e) => e.scrollIntoView({block: 'start'})"
    )


#: The board's view as the table last drew it: the board area shown (x, y, w, h
#: in board pixels), canvas pixels per board pixel, and CSS px per canvas pixel.
BOARD_VIEW = """() => {
  const root = document.querySelector('CURRENT .tabletop-table');
  const span = root.querySelector('.tabletop-view-area span');
  const c = root.querySelector('canvas.tabletop-board');
  const whole = root.querySelector('.tabletop-view-whole');
  return {area: span ? span.dataset.area.split(' ').map(Number) : null,
          zoom: span ? +span.dataset.zoom : 1,
          css: c.getBoundingClientRect().width / c.width,
          shown: +root.querySelector('.tabletop-shown input').value,
          pressed: whole && whole.getAttribute('aria-pressed')};
}""".replace("CURRENT", CURRENT)


def click_board(page, x: float, y: float) -> None:
    """Click at board pixel (x, y): the canvas shows the board's view (a part of
    it, enlarged, once the page has said how big the board is) scaled to the
    cell, so the position on the page follows both (a point out of the view is
    clicked on the whole map); a freshly drawn board ignores the pointer for a
    moment (against double clicks), so wait for it to take clicks."""
    board = f"{CURRENT} canvas.tabletop-board"
    canvas = page.locator(board)
    canvas.focus()
    page.wait_for_function(
        f"() => +document.querySelector('{CURRENT} .tabletop-shown input')?.value > 0"
    )
    page.wait_for_function(
        f"() => getComputedStyle(document.querySelector('{board}')).pointerEvents"
        " !== 'none'",
        timeout=10_000,
    )
    view = page.evaluate(BOARD_VIEW)
    ax, ay, aw, ah = view["area"]
    if not (ax + 10 <= x <= ax + aw - 10 and ay + 10 <= y <= ay + ah - 10):
        # out of the view: a player shows the whole map first
        page.click(f"{CURRENT} .tabletop-view-whole")
        page.wait_for_function(f"() => ({BOARD_VIEW})().zoom === 1")
        page.wait_for_function(
            f"() => getComputedStyle(document.querySelector('{board}'))"
            ".pointerEvents !== 'none'"
        )
        view = page.evaluate(BOARD_VIEW)
        ax, ay = view["area"][:2]
    for _ in range(20):  # the view may still be settling (the board follows
        # the size the page reported): click only on a view that held still
        # after the kernel answered everything the page had sent
        kernel_caught_up(page)
        again = hold_still(page, BOARD_VIEW)
        if again == view:
            break
        view = again
        ax, ay = view["area"][:2]
    page.wait_for_function(
        f"() => getComputedStyle(document.querySelector('{board}')).pointerEvents"
        " !== 'none'",
        timeout=10_000,
    )
    box = canvas.bounding_box()
    scale = view["zoom"] * view["css"]
    page.mouse.click(box["x"] + (x - ax) * scale, box["y"] + (y - ay) * scale)


#: Everything the page sent the kernel before now (clicks, keys, the board's
#: measure) has been handled, and the kernel's answers have reached the page: an
#: empty execute request queues behind them (the kernel handles its shell messages
#: in order) and is done once the kernel is idle again after it.
KERNEL_CAUGHT_UP = """async () => {
  const w = window.jupyterapp.shell.currentWidget;
  const kernel = w.sessionContext.session.kernel;
  await kernel.requestExecute({code: '', silent: true, store_history: false}).done;
  // the widgets apply what arrived in promise callbacks: let them run
  for (let i = 0; i < 3; i++) await new Promise((r) => setTimeout(r, 0));
  return true;
}"""


def kernel_caught_up(page, timeout: float = 60_000) -> None:
    """Wait until the notebook's kernel has handled everything the page sent
    before now and its answers have reached the page: the table's acknowledgement
    of a gesture, before a check that the gesture did nothing more."""
    page.wait_for_function(KERNEL_CAUGHT_UP, timeout=timeout, polling=100)


def hold_still(page, measure: str, frames: int = 3, timeout: float = 30_000) -> Any:
    """Wait until ``measure`` (a JavaScript function's source, its answer JSON)
    answers the same on ``frames`` animation frames in a row (the layout has
    settled); returns that answer."""
    key = f"tabletopStill{next(_STILL)}"
    answer = page.wait_for_function(
        f"""() => {{
  const s = window.{key} || (window.{key} = {{last: null, count: 0}});
  const now = JSON.stringify(({measure})());
  if (now === s.last) s.count += 1; else {{ s.last = now; s.count = 0; }}
  return s.count >= {frames} && now;
}}""",
        polling="raf",
        timeout=timeout,
    ).json_value()
    page.evaluate(f"() => {{ delete window.{key}; }}")
    return json.loads(answer)


_STILL = itertools.count()


def settle(page, measure: str, rounds: int = 10) -> Any:
    """Wait until ``measure`` (as for ``hold_still``) holds still through the
    kernel's answer to everything the page sent (a new size of the board is
    sent, and answered with a new view); returns it."""
    seen = hold_still(page, measure)
    for _ in range(rounds):
        kernel_caught_up(page)
        again = hold_still(page, measure)
        if again == seen:
            return again
        seen = again
    raise AssertionError(f"the table did not settle: {seen}")


def waited(page, expression: str, arg: Any = None, timeout: float = 10_000) -> bool:
    """Wait for ``expression`` as ``page.wait_for_function`` does; False when the
    time is up (the test's own assert then says what did not happen)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(expression, arg=arg, timeout=timeout)
    except PlaywrightTimeout:
        return False
    return True


def step_text(page) -> str:
    return page.inner_text(f"{CURRENT} .tabletop-status .tabletop-step")


def code_notebook(path: Path, *cells: str) -> Path:
    """Write a notebook of these code cells (Python 3 kernel) to ``path``."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nb.cells = [nbformat.v4.new_code_cell(code) for code in cells]
    nbformat.write(nb, path)
    return path


def shoot(page, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / name
    page.screenshot(path=str(path), full_page=False)
    return path
