"""``join(link)``: the Table for a seat at an online room (``tabletop.online``).

The Table is bound to a ``RemoteMatch``, which holds only that seat's view: the
other hands show their backs and the log shows only what the seat may read. Moves
are sent to the server; updates it pushes redraw the table without a click. A bar
above the table says whose turn it is, who is connected, and carries the undo
request and its answer. What a seat may not do online (fork, edit, reseat, look
through another seat's eyes, start a new game, local bots...) the ``RemoteMatch``
refuses through ``MatchLike.refusal`` with the reason, and the Table says it.
"""

from __future__ import annotations

import html
import threading
import time
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from tabletop.online import RemoteMatch
from tabletop.ui.controller import CONNECTION_LOST, Table

TURN_SCRIPT = """
try {
  const mark = "\u25b6 Your turn \u00b7 ";
  if (!document.title.startsWith(mark)) document.title = mark + document.title;
  const clear = () => { document.title = document.title.replace(mark, ""); };
  window.addEventListener("focus", clear, {once: true});
  if (window.Notification && !document.hasFocus()) {
    const show = () => new Notification("tabletop", {body: "Your turn"});
    if (Notification.permission === "granted") show();
    else if (Notification.permission !== "denied")
      Notification.requestPermission().then((p) => p === "granted" && show());
  }
} catch (e) {}
"""


class PageHeartbeat:
    """Whether the page that shows a table is still open, told by the page itself.

    A kernel can outlive its page (Voila keeps the kernel of a closed page; a
    closed JupyterLab tab leaves its kernel running), so a live connection does
    not mean a person. The page's widget front end beats instead: a hidden
    ``ipywidgets.Play`` counts up every ``interval`` seconds in the browser and
    each count reaches the kernel. ``check`` (called every ``interval`` by a
    thread of its own) restarts the count while a beat is overdue, which a newly
    opened or reloaded page needs, and calls ``on_away`` once no beat came for
    ``away_after`` seconds, then ``on_back`` at the next beat. Before the first
    beat (no page has drawn the table yet: a script, a test) it never calls
    ``on_away``. A browser slows the timers of a tab hidden for minutes to about
    one a minute, so ``away_after`` is longer than a minute.
    """

    def __init__(
        self,
        on_away: Callable[[], None],
        on_back: Callable[[], None],
        interval: float = 10.0,
        away_after: float = 75.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.on_away, self.on_back = on_away, on_back
        self.interval, self.away_after, self.clock = interval, away_after, clock
        self.last: float | None = None  # the clock at the last beat
        self.away = False
        self.widget = w.Play(
            value=0,
            min=0,
            max=2**31 - 1,
            interval=int(interval * 1000),
            repeat=True,
            playing=False,
            layout=w.Layout(display="none"),
        )
        self.widget.add_class("tabletop-heartbeat")
        self.widget.observe(self._beat, "value")

    def _beat(self, _change: Any = None) -> None:
        self.last = self.clock()
        if self.away:
            self.away = False
            self.on_back()

    def check(self) -> None:
        now = self.clock()
        if self.last is None or now - self.last > 1.5 * self.interval:
            # Start the page's count again: a page opened since (or reloaded) has
            # not started it; a page that is gone ignores this.
            self.widget.playing = False
            self.widget.playing = True
        if (
            self.last is not None
            and not self.away
            and now - self.last > (self.away_after)
        ):
            self.away = True
            self.on_away()

    def run(self, stopped: Callable[[], bool]) -> threading.Thread:
        """Call ``check`` every ``interval`` seconds until ``stopped()``."""

        def loop() -> None:
            while not stopped():
                self.check()
                time.sleep(self.interval)

        thread = threading.Thread(target=loop, name="tabletop-heartbeat", daemon=True)
        thread.start()
        return thread


class RemoteTable(Table):
    """A Table whose match lives on a server; see ``join``."""

    def __init__(self, remote: RemoteMatch, **options: Any) -> None:
        super().__init__(
            remote,
            seats=["human"] * remote.game.players,
            auto=False,
            hot_seat=False,
            **options,
        )
        self.remote = remote
        self.model.viewer = remote.seat  # None for a spectator or the referee: the
        # remote state is already the public (or full) view.
        self.bar = w.HTML(layout=w.Layout(margin="0 0 4px 0"))
        self.bar.add_class("tabletop-online")
        self.ask_undo = w.Button(
            description="Ask to undo", tooltip="take back your last move"
        )
        self.accept = w.Button(description="Accept undo", button_style="success")
        self.decline = w.Button(description="Decline undo")
        self.ask_undo.on_click(self._guard(lambda _: remote.request_undo()))
        self.accept.on_click(self._guard(lambda _: remote.answer_undo(True)))
        self.decline.on_click(self._guard(lambda _: remote.answer_undo(False)))
        buttons = [self.ask_undo, self.accept, self.decline]
        if remote.role != "seat":
            buttons = []
        # Where the page runs scripts, a turn that comes round also shows in the
        # tab's title and, if the browser allows it, as a notification.
        self.alert = w.Output(layout=w.Layout(display="none"))
        self.alerts = 0
        self._my_turn = bool(remote.explain())
        # A seat whose page is closed shows as not connected within about a
        # minute and a quarter, even while this kernel lives on (PageHeartbeat).
        self.heartbeat = PageHeartbeat(
            on_away=lambda: remote.set_away(True),
            on_back=lambda: remote.set_away(False),
        )
        top = w.HBox([self.bar, *buttons, self.alert, self.heartbeat.widget])
        self.children = (top, *self.children)
        remote.on_change(self._pushed)
        self._pushed(remote)
        if remote.role == "seat":
            self.heartbeat.run(lambda: remote.closed)

    def _pushed(self, remote: RemoteMatch) -> None:
        """The server pushed something: follow it and redraw."""
        try:
            model = self.model
            model.seats = tuple(s["kind"] for s in remote.seats)
            moved = (model.step, model.length) != (remote.cursor, remote.latest)
            if moved or model.state is not remote.state:
                model.goto(remote.cursor)  # only a real change redraws the table
        except ConnectionError:
            pass  # said by the bar and the notice below; the resync redraws
        except Exception as exc:  # noqa: BLE001 - shown on the table
            self.model.error = f"{type(exc).__name__}: {exc}"
        self._say_connection(remote.connected)
        self.bar.value = self.status_bar()
        my_turn = bool(remote.explain())
        if my_turn and not self._my_turn:
            self._alert_turn()
        self._my_turn = my_turn
        undo = remote.undo_status
        asked = undo.get("status") == "requested"
        # Offered only when the room would take it: not past a roll or a draw
        # (TT-UNDO), not once the game is over (TT-OVER), not while one waits.
        self.ask_undo.layout.display = (
            "" if remote.may_undo and not asked and remote.connected else "none"
        )
        self.accept.layout.display = (
            "" if asked and remote.seat in undo.get("waiting", ()) else "none"
        )
        self.decline.layout.display = self.accept.layout.display

    def _say_connection(self, connected: bool) -> None:
        """One plain notice while the connection is lost; gone once it is back."""
        notice = f"Connection: {CONNECTION_LOST}"
        model = self.model
        if not connected:
            model.message = notice
        elif model.message in (notice, f"Not possible now: {CONNECTION_LOST}"):
            model.message = ""

    def _alert_turn(self) -> None:
        self.alerts += 1
        self.alert.outputs = (
            {
                "output_type": "display_data",
                "data": {
                    "application/javascript": TURN_SCRIPT,
                    "text/plain": f"your turn ({self.alerts})",
                },
                "metadata": {},
            },
        )

    def status_bar(self) -> str:
        remote = self.remote
        names = []
        up = remote.connected  # while it is down, nobody's presence is known
        for s in remote.seats:
            # A plain dot every common font draws, coloured (emoji dots show as
            # empty boxes where no emoji font is installed).
            dot = (
                "<span style='color:#16a34a' title='connected'>\u25cf</span>"
                if s["connected"] and up
                else "<span style='color:#9ca3af' title='not connected'>\u25cb</span>"
            )
            who = "you" if s["seat"] == remote.seat else s["kind"]
            names.append(f"{dot} {html.escape(self.look.seat_name(s['seat']))} ({who})")
        seat = remote.to_move() if remote.cursor == remote.latest else None
        if not up:
            turn = "<i>waiting for the connection to the server\u2026</i>"
        elif remote.over:
            turn = "<b>The game is over</b>"
        elif remote.cursor != remote.latest:
            turn = f"<i>looking back at step {remote.cursor} of {remote.latest}</i>"
        elif seat is not None and seat == remote.seat:
            turn = "<b style='color:#15803d'>Your turn!</b>"
        elif seat is not None:
            turn = f"waiting for {html.escape(self.look.seat_name(seat))}"
        else:
            turn = ""
        undo = remote.undo_status
        if undo.get("status") == "requested":
            turn += (
                f" · undo asked by seat {undo.get('by')}, "
                f"waiting for {undo.get('waiting')}"
            )
        elif undo.get("status") in ("declined", "accepted"):
            turn += f" · undo {undo['status']}"
        role = {
            "spectator": "<i>spectator: the public view, every hand face down</i> · ",
            "referee": "<i>referee: every hand face up</i> · ",
        }.get(remote.role, "")
        return f"{role}<span class='tabletop-turn'>{turn}</span> · " + " · ".join(names)

    def showing(self) -> str:
        """A spectator's state is already the public view, a referee's the whole
        game: say so (its viewer is ``None`` either way)."""
        if self.model.match.role == "spectator":
            return "the public view (every hand face down)"
        if self.model.match.role == "referee":
            return "everything (referee)"
        return super().showing()


def join(link: str, timeout: float = 10.0, **options: Any) -> RemoteTable:
    """The Table for the seat (or spectator, or referee) a join link opens.

    Args:
        link: the link from ``tabletop.online.create_room`` or ``tabletop room``.
        timeout: seconds to wait for the server.
        **options: passed to the Table (``teach=True``...).

    Raises:
        tabletop.online.JoinError: the server cannot be reached or refuses the link.
    """
    return RemoteTable(RemoteMatch(link, timeout=timeout), **options)
