"""A replay file in a real browser: no server, no kernel, no network.

A seeded Raiders game is exported as seat 1 saw it and opened from disk in Debian's
Chromium. Moving the slider, the buttons and the arrow keys must change the picture
(the pixels of the board) and the step shown; the log grows with the steps; the page
asks for nothing beyond its own file. Screenshots of the replay and of a static SVG
go to test-artifacts/.
"""

from __future__ import annotations

import random

import pytest

from tabletop import Match
from tabletop.games.pitfall import Pitfall
from tabletop.games.raiders import Raiders
from tests.browser_harness import ARTIFACTS, chromium_page, need_browser

pytestmark = pytest.mark.browser


def _played(game, seed: int, steps: int) -> Match:
    match = Match(game, seed=seed)
    rnd = random.Random(seed)
    while not match.over and len(match) < steps:
        match.play(rnd.choice(match.legal_actions()))
    return match


def _board_png(page) -> bytes:
    return page.locator("#board svg").screenshot()


def test_replay_steps_through_the_game_offline(tmp_path):
    need_browser()
    match = _played(Raiders(players=3), 5, 120)
    path = match.export_html(tmp_path / "game.html", viewer=1)
    ARTIFACTS.mkdir(exist_ok=True)
    with chromium_page(1400, 1000) as page:
        asked: list[str] = []
        page.on("request", lambda r: asked.append(r.url))
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(path.as_uri())
        page.wait_for_selector("#board svg[data-step]")
        assert page.get_attribute("#board svg", "data-step") == str(len(match))
        last = _board_png(page)
        end_html = page.inner_html("#board svg")
        page.screenshot(path=str(ARTIFACTS / "replay-raiders-end.png"))

        page.locator("#slider").fill("30")
        assert page.get_attribute("#board svg", "data-step") == "30"
        at_30 = _board_png(page)
        assert at_30 != last
        assert page.inner_text("#step") == f"step 30 of {len(match)}"
        rows = page.locator("#log div:not([hidden])").count()
        page.screenshot(path=str(ARTIFACTS / "replay-raiders-step30.png"))

        page.click("#forward")
        assert page.get_attribute("#board svg", "data-step") == "31"
        assert page.locator("#log div:not([hidden])").count() > rows
        page.click("#back")
        page.click("#back")
        assert page.get_attribute("#board svg", "data-step") == "29"
        page.keyboard.press("Home")
        assert page.get_attribute("#board svg", "data-step") == "0"
        assert _board_png(page) not in (at_30, last)
        page.keyboard.press("End")
        assert page.get_attribute("#board svg", "data-step") == str(len(match))
        assert page.inner_html("#board svg") == end_html
        assert errors == []
        assert all(url.startswith("file://") for url in asked), asked


def test_static_svg_shows_in_the_browser(tmp_path):
    need_browser()
    match = _played(Pitfall(players=3), 5, 60)
    svg = match.save_image(tmp_path / "pos.svg", viewer=0)
    with chromium_page(900, 900) as page:
        page.goto(svg.as_uri())
        box = page.locator("svg").bounding_box()
        assert box["width"] > 800 and box["height"] > 800
        page.screenshot(path=str(ARTIFACTS / "svg-pitfall-seat0.png"))
