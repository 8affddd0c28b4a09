"""One seat page in Chromium, driven as a player drives it: open a link, wait for
the view, tap a ringed space, a card of the hand or a button, and read back what
the tap did (played, opened a menu, or said a refusal). Every wait is on what
the page holds (``window.tabletopPage``) or shows, never on time alone."""

from __future__ import annotations

import json
from typing import Any

CENTRE = "(e) => e.scrollIntoView({block: 'center'})"
#: What a tap can change: the menu on show, the words said, a play on its way,
#: the step shown.
SNAPSHOT = """() => {
  const S = window.tabletopPage;
  return JSON.stringify([S.key, document.getElementById('said').textContent, S.busy,
                         S.view ? S.view.step : -1, S.welcome && S.welcome.seat]);
}"""

#: Bring a ringed space into the board's view when it is out of it.
IN_VIEW = """(space) => {
  const ring = document.querySelector(`#moving .target[data-space="${space}"]`);
  const r = ring.getBoundingClientRect();
  const b = document.querySelector('#board svg').getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (x < b.left || x > b.right || y < b.top || y > b.bottom)
    window.tabletopPage.showSpace(space);
}"""


class SeatPage:
    """A page on a join link, with every websocket it opened and each play it sent."""

    def __init__(self, context: Any, link: str) -> None:
        self.sockets: list[Any] = []
        self.plays: list[str] = []
        self.page = context.new_page()
        self.page.on("websocket", self._socket)
        self.page.goto(link)

    def _socket(self, ws: Any) -> None:
        self.sockets.append(ws)
        ws.on("framesent", self._sent)

    def _sent(self, data: Any) -> None:
        frame = json.loads(data)
        if frame.get("t") == "play":
            self.plays.append(frame["action"])

    def held(self, expr: str) -> Any:
        """A value of what the page holds (``S`` is ``window.tabletopPage``)."""
        return self.page.evaluate(
            f"() => {{ const S = window.tabletopPage; return {expr}; }}"
        )

    def wait(self, expr: str, timeout: float = 20_000) -> None:
        self.page.wait_for_function(
            f"() => {{ const S = window.tabletopPage; return {expr}; }}",
            polling=50,
            timeout=timeout,
        )

    def wait_view(self, seat: int, step: int) -> None:
        """Until the page is seat ``seat``'s, connected, showing step ``step``, and
        its controls have settled (they take no tap for a moment after a redraw)."""
        self.wait(
            f"S.up && S.welcome && S.welcome.seat === {seat} && S.view "
            f"&& S.view.step === {step} && S.page"
        )
        self.settled()

    def settled(self) -> None:
        self.wait("S.view && document.body.dataset.settled === String(S.view.step)")

    def tap(self, kind: str, what: str) -> None:
        """Tap a ringed board space, a card of the hand, or an action button (by
        notation, or a folded button by clause; ``open``: a button by the menu
        it opens), or type words in the command field and press Enter
        (``type``), once the page has settled, and wait until the tap showed (a
        menu, words, a play sent)."""
        page = self.page
        self.settled()
        before = page.evaluate(SNAPSHOT)
        if kind == "space":
            ring = page.locator(f'#moving .target[data-space="{what}"]')
            page.evaluate(IN_VIEW, what)  # a player pans to a space out of view
            ring.evaluate(CENTRE)
            box = ring.bounding_box()
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        elif kind == "type":
            page.fill("#cmd", what)
            page.press("#cmd", "Enter")
        else:
            if kind == "card":
                target = page.locator(f'#hand button[data-card="{what}"]').first
            elif kind == "open":
                target = page.locator(f'#actions button[data-open="{what}"]').first
            else:
                target = page.locator(
                    f'#actions button[data-action="{what}"], '
                    f'#actions button[data-group="{what}"]'
                ).first
            target.evaluate(CENTRE)
            target.click()
        page.wait_for_function(
            f"() => ({SNAPSHOT})() !== {json.dumps(before)}", polling=50, timeout=20_000
        )

    def outcome(self, step: int, sent: int) -> dict[str, Any]:
        """What the taps from step ``step`` led to (``sent``: plays sent before
        them): the action played (once the next view came), the menu on show,
        the words said and the heading above the choices."""
        if len(self.plays) > sent:  # a play went: its view, or its refusal
            said = "!!document.getElementById('said').textContent"
            self.wait(f"S.view.step > {step} || {said}")
        played = self.plays[-1] if self.held(f"S.view.step > {step}") else None
        return {
            "played": played,
            "opened": self.held("S.key") or None,
            "said": self.page.inner_text("#said") or None,
            "heading": self.page.inner_text("#choices-h"),
        }
