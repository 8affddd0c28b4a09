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
        self.viewer = remote.seat  # None for a spectator or the referee: the
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
        top = w.HBox([self.bar, *buttons, self.alert])
        self.children = (top, *self.children)
        remote.on_change(self._pushed)
        self._pushed(remote)

    def _pushed(self, remote: RemoteMatch) -> None:
        """The server pushed something: follow it and redraw."""
        try:
            self.seats = tuple(s["kind"] for s in remote.seats)
            moved = (self.step, self.length) != (remote.cursor, remote.latest)
            if moved or self.state is not remote.state:
                self.goto(remote.cursor)  # only a real change redraws the table
        except ConnectionError:
            pass  # said by the bar and the notice below; the resync redraws
        except Exception as exc:  # noqa: BLE001 - shown on the table
            self.error = f"{type(exc).__name__}: {exc}"
        self._say_connection(remote.connected)
        self.bar.value = self.status_bar()
        my_turn = bool(remote.explain())
        if my_turn and not self._my_turn:
            self._alert_turn()
        self._my_turn = my_turn
        undo = remote.undo_status
        asked = undo.get("status") == "requested"
        self.accept.layout.display = (
            "" if asked and remote.seat in undo.get("waiting", ()) else "none"
        )
        self.decline.layout.display = self.accept.layout.display

    def _say_connection(self, connected: bool) -> None:
        """One plain notice while the connection is lost; gone once it is back."""
        notice = f"Connection: {CONNECTION_LOST}"
        if not connected:
            self.message = notice
        elif self.message in (notice, f"Not possible now: {CONNECTION_LOST}"):
            self.message = ""

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
        if self.match.role == "spectator":
            return "the public view (every hand face down)"
        if self.match.role == "referee":
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
