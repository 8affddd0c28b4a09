"""What the seat page's live region says, in Chromium: each event once per eyes.

A seat and a spectator watch a Pitfall room where a bot takes turns of several
steps (a roll, a walk, a card). Every text written to each page's live region
(``#heard``) is recorded as it is written. Cut into its phrases, what was said
holds no phrase more often than the steps since the page opened hold it (a step
told alone, in that page's eyes' words), beside what the page's first view
recapped: an opponent's turn was said again in growing pieces ("rolled 3." then
"rolled 3, went forward, ..."), and the spectator heard the whole recap again
at every step. Who is thinking shows on the headline while a bot is to move and
is said at most once per bot turn.
"""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from tabletop.core.viewers import PUBLIC
from tabletop.online import create_room
from tests.browser_harness import CHROMIUM, CHROMIUM_ARGS, need_browser
from tests.online_wire import running_server
from tests.seat_page import SeatPage

pytestmark = pytest.mark.browser
#: Every text the live region and the headline's second line are given, kept as
#: it is written, with what the page held then.
RECORD = """
window.tabletopHeard = []; window.tabletopMore = [];
document.addEventListener("DOMContentLoaded", () => {
  const heard = document.getElementById("heard");
  const more = document.getElementById("more");
  const changes = {childList: true, characterData: true, subtree: true};
  new MutationObserver(() => {
    const S = window.tabletopPage;
    window.tabletopHeard.push({text: heard.textContent,
      step: S.view ? S.view.step : -1,
      head: S.page ? S.page.headline.said : "",
      thinking: (S.view && S.view.thinking) || "",
      recap: S.page ? S.page.recap : []});
  }).observe(heard, changes);
  new MutationObserver(() => window.tabletopMore.push(more.textContent))
    .observe(more, changes);
});
"""
BOT_STEPS = 6  # the bot's steps to hear (two turns or more)


def fragments(text: str, names: re.Pattern) -> list[str]:
    """A said text's phrases: without who said them ("Player 1 (blue): "), cut
    at commas and full stops."""
    found = []
    for piece in names.split(text):
        for part in re.split(r", |\. ", piece):
            part = part.strip().rstrip(".").strip()
            if part:
                found.append(part)
    return found


def heard_phrases(records: list[dict], names: re.Pattern) -> Counter:
    """The phrases every text said holds, without "Your turn", the end and who
    is thinking (said as each comes, not events)."""
    apart = {r["head"] for r in records} | {r["thinking"] for r in records}
    said: Counter = Counter()
    for record in records:
        text = record["text"]
        for sentence in sorted(filter(None, apart), key=len, reverse=True):
            text = text.replace(sentence, " ")
        said.update(fragments(text, names))
    return said


def may_say(match, look, viewer, first: dict, names: re.Pattern) -> Counter:
    """The phrases a page may say, each as often as it happened: its ``first``
    view's recap, then every step after that view, told alone in the viewer's
    words."""
    from tabletop.table.words import recap_turns

    may: Counter = Counter()
    for who, what in first["recap"]:
        may.update(fragments(f"{who}: {what}.", names))
    for step in match.steps[first["step"] :]:
        for who, what in recap_turns(look, (step,), viewer, own=True):
            may.update(fragments(f"{who}: {what}.", names))
    return may


def play_first_choice(seen: SeatPage) -> None:
    """Press the seat's first choice (a folded list: open it) once the page is
    ready for it, and wait until the press showed."""
    seen.wait("S.up && !S.busy && S.view && S.page && S.page.headline.mine", 30_000)
    seen.settled()
    step = seen.held("S.view.step")
    button = seen.page.locator("#actions button:not([disabled])").first
    opens = button.get_attribute("data-open")
    button.click()
    if opens is not None:
        seen.wait(f"S.key === {json.dumps(opens)}")
    else:
        said = "!!document.getElementById('said').textContent"
        seen.wait(f"S.view.step > {step} || {said}", 30_000)


def test_each_event_is_said_once_to_a_seat_and_to_a_spectator():
    need_browser()
    from playwright.sync_api import sync_playwright

    with running_server() as server, sync_playwright() as pw:
        links = create_room(server, game="pitfall", players=2, bots=1, seed=4)
        room = server.rooms[links["room"]]
        browser = pw.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        context = browser.new_context(viewport={"width": 1366, "height": 900})
        context.add_init_script(RECORD)
        seat = SeatPage(context, links["seats"][0])
        watcher = SeatPage(context, links["spectator"])
        seat.wait("S.up && S.view && S.page")
        watcher.wait("S.up && S.view && S.page")
        # nothing moves before the seat's first choice: each page's first view
        first = {
            page: page.held("({step: S.view.step, recap: S.page.recap})")
            for page in (seat, watcher)
        }

        def bot_steps() -> int:
            return server.call(lambda: sum(s.player == 1 for s in room.match.steps))

        for _ in range(60):
            if bot_steps() >= BOT_STEPS:
                break
            play_first_choice(seat)
        assert bot_steps() >= BOT_STEPS, "the bot took its turns"
        last = server.call(lambda: len(room.match.steps))
        for page in (seat, watcher):  # every view has come and been said
            page.wait(f"S.view && S.view.step === {last}", 30_000)
        match, look = room.match, room.look
        names = re.compile(
            "(?:" + "|".join(re.escape(look.seat_name(s)) for s in range(2)) + "|You): "
        )
        for page, viewer in ((seat, 0), (watcher, PUBLIC)):
            records = page.page.evaluate("window.tabletopHeard")
            said = heard_phrases(records, names)
            may = may_say(match, look, viewer, first[page], names)
            again = {p: n for p, n in said.items() if n > may[p]}
            assert not again, (viewer, again, [r["text"] for r in records])
            assert sum(said.values()) >= BOT_STEPS, (viewer, records)
        # who is thinking shows while the bot is to move, said once a bot turn
        shown = seat.page.evaluate("window.tabletopMore")
        assert any("is thinking" in text for text in shown), shown
        records = seat.page.evaluate("window.tabletopHeard")
        thinking = sum(r["text"].count("is thinking") for r in records)
        players = [s.player for s in match.steps]
        turns = sum(
            1
            for k, p in enumerate(players)
            if p == 1 and (k == 0 or players[k - 1] != 1)
        )
        assert 1 <= thinking <= turns, (thinking, turns)
        browser.close()
