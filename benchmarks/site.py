"""The static site's figures: its size, a cold start to a playable board, and a
bot's decision time in the browser (Pyodide in the site's worker) next to the
same bot in CPython.

The site is built once (``tabletop.site.build_site``, Pyodide from npm, kept in
``~/.cache/tabletop-pyodide``), served on 127.0.0.1 and opened in Chromium
(``/usr/bin/chromium``) with every request to another host aborted.

- cold start: a fresh browser profile (nothing cached) from opening a game's
  page to a frame whose choices may be tapped; then a second visit (the service
  worker's cache) the same way. Each includes Pyodide's start, unpacking the
  wheels and importing the game.
- frames as things happen: against two Hard bots (``flat-mc``), ``--taps``
  taps on the first choice on offer; for each, the wall time from the click to
  the view of the player's own move reaching the page, and from one bot move's
  view to the next (each bot's decision and its answer in the worker);
- a bot's decision: ``tabletop.site.local.bot_timings`` (a seeded two-player
  game; the first decision apart, as cold, the next ``--count`` as warm: median
  and worst), run in the site's worker after the page is playable and in a fresh
  CPython process after the same room is made.

Run: ``python benchmarks/site.py`` (``--game raiders --bot ismcts --count 10``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.browser_harness import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.site_serve import pyodide_or_reason, served  # noqa: E402

CPYTHON = """
import json, sys
from tabletop.site.local import LocalRoom, bot_timings
LocalRoom(sys.argv[1], ["human", sys.argv[2]], seed=1).answer('{"t": "hello"}')
print(bot_timings(sys.argv[1], sys.argv[2], int(sys.argv[3])))
"""


def size(folder: Path) -> str:
    total = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
    parts = {
        name: sum(p.stat().st_size for p in (folder / name).rglob("*") if p.is_file())
        for name in ("pyodide", "wheels")
    }
    rest = total - sum(parts.values())
    return (
        f"{total / 1e6:.1f} MB (pyodide {parts['pyodide'] / 1e6:.1f} MB, wheels "
        f"{parts['wheels'] / 1e6:.1f} MB, pages and scripts {rest / 1e3:.0f} kB)"
    )


def playable(page, timeout: float = 120) -> float:
    """Seconds until the page's frame may be tapped."""
    began = time.perf_counter()
    while time.perf_counter() - began < timeout:
        if page.evaluate(
            "!!(window.tabletopPage && tabletopPage.page && tabletopPage.view &&"
            " tabletopPage.page.actions.length > 0)"
        ):
            return time.perf_counter() - began
        time.sleep(0.02)
    raise TimeoutError("the page never became playable")


def summary(times: dict) -> str:
    warm = times["warm"]
    return (
        f"cold {times['cold'] * 1e3:.2f} ms; warm median "
        f"{statistics.median(warm) * 1e3:.3f} ms, worst {max(warm) * 1e3:.2f} ms "
        f"({len(warm)} decisions)"
    )


#: Keeps the time every view reaches the page and every click is made.
RECORD = """() => {
  const socket = tabletopLocal.socket, deliver = socket.onmessage;
  window.benchViews = []; window.benchClicks = [];
  socket.onmessage = (m) => {
    const f = JSON.parse(m.data);
    if (f.t === "view") benchViews.push({step: f.step, at: performance.now()});
    deliver.call(socket, m);
  };
  document.addEventListener("click", () => benchClicks.push(performance.now()), true);
}"""


def tap_figures(page, base: str, game: str, taps: int) -> tuple[list, list]:
    """Milliseconds from each tap to its own move's view, and between bot moves."""
    page.goto(base + f"play-{game}.html?s0=human&s1=flat-mc&s2=flat-mc")
    playable(page)
    page.evaluate(RECORD)
    own, bots = [], []
    for _ in range(taps):
        if page.evaluate("tabletopPage.page.headline.over"):
            break
        step = page.evaluate("tabletopPage.view.step")
        page.evaluate("benchViews.length = 0")
        page.locator("#actions button:not([disabled])").first.click()
        began = time.perf_counter()
        while time.perf_counter() - began < 120 and not page.evaluate(
            f"tabletopPage.view.step > {step} && tabletopPage.page.actions.length > 0"
            " || tabletopPage.page.headline.over"
        ):
            time.sleep(0.02)
        views = page.evaluate("benchViews")
        clicked = page.evaluate("benchClicks[benchClicks.length - 1]")
        if not views or views[0]["step"] != step + 1:
            continue  # a button that opened a list: no move yet
        own.append(views[0]["at"] - clicked)
        bots += [b["at"] - a["at"] for a, b in zip(views, views[1:], strict=False)]
    return own, bots


def browser_figures(base: str, game: str, bot: str, count: int, taps: int) -> dict:
    from playwright.sync_api import sync_playwright

    figures = {}
    with sync_playwright() as p, tempfile.TemporaryDirectory() as profile:
        context = p.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS
        )
        other = []

        def route(r):
            if r.request.url.startswith(base):
                r.continue_()
            else:
                other.append(r.request.url)
                r.abort()

        context.route("**/*", route)
        page = context.new_page()
        began = time.perf_counter()
        page.goto(base + f"play-{game}.html?s0=human&s1={bot}")
        playable(page)
        figures["cold"] = time.perf_counter() - began
        figures["worker"] = page.evaluate("tabletopLocal.started.ms")
        while not page.evaluate("!!navigator.serviceWorker.controller"):
            time.sleep(0.1)
        page.evaluate(
            "tabletopLocal.worker.postMessage("
            f"{{t: 'bench', game: {json.dumps(game)}, bot: {json.dumps(bot)},"
            f" count: {count}}})"
        )
        while not page.evaluate("!!tabletopLocal.bench"):
            time.sleep(0.05)
        figures["bot"] = page.evaluate("tabletopLocal.bench")
        page.goto("about:blank")
        page.goto(base + f"play-{game}.html")
        figures["second"] = playable(page)
        figures["own"], figures["bots"] = tap_figures(page, base, game, taps)
        figures["other_hosts"] = other
        context.close()
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="pitfall")
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--taps", type=int, default=12)
    args = parser.parse_args()
    folder, reason = pyodide_or_reason()
    if folder is None:
        print(f"cannot run: {reason}")
        return 2
    from tabletop.site import build_site

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "site"
        began = time.perf_counter()
        build_site(out, pyodide=folder)
        print(f"build: {time.perf_counter() - began:.1f} s (wheels with pip)")
        print(f"folder: {size(out)}")
        with served(out) as base:
            seen = browser_figures(base, args.game, args.bot, args.count, args.taps)
    print(
        f"cold start to a playable board ({args.game}, fresh profile): "
        f"{seen['cold']:.2f} s (in the worker: Pyodide "
        f"{seen['worker']['pyodide'] / 1e3:.2f} s, then the wheels unpacked and "
        f"tabletop imported {seen['worker']['wheels_and_import'] / 1e3:.2f} s)"
    )
    print(f"second visit (service worker's cache): {seen['second']:.2f} s")
    own, bots = seen["own"], seen["bots"]
    if own:
        print(
            f"tap to the own move's view, against two Hard bots ({len(own)} taps): "
            f"median {statistics.median(own):.0f} ms, worst {max(own):.0f} ms"
        )
    if bots:
        print(
            f"one Hard bot move's view to the next ({len(bots)}): median "
            f"{statistics.median(bots):.0f} ms, worst {max(bots):.0f} ms"
        )
    print(f"requests to other hosts: {len(seen['other_hosts'])}")
    print(f"{args.bot} bot, browser (Pyodide): {summary(seen['bot'])}")
    run = subprocess.run(
        [sys.executable, "-c", CPYTHON, args.game, args.bot, str(args.count)],
        capture_output=True,
        text=True,
        check=True,
    )
    print(
        f"{args.bot} bot, CPython {sys.version.split()[0]}: "
        f"{summary(json.loads(run.stdout))}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
