"""Test helpers for the seat server: an in-process server on 127.0.0.1 and a raw
websocket peer that records every frame it receives."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from tornado.websocket import websocket_connect

from tabletop.online import PROTOCOL_VERSION, Server, parse_link
from tests.waits import until


@contextmanager
def running_server(db: Any = ":memory:", **options: Any) -> Iterator[Server]:
    options.setdefault("bot_delay", 0)
    # Tests act without thinking; the rate limit has a test of its own.
    options.setdefault("rate", 1000)
    options.setdefault("burst", 1000)
    server = Server(db=db, host="127.0.0.1", port=0, **options).start_in_thread()
    try:
        yield server
    finally:
        server.stop()


class Peer:
    """One raw connection: send frames, read them, keep every one received."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn
        self.frames: list[dict[str, Any]] = []

    @classmethod
    async def join(cls, link: str, hello: bool = True) -> Peer:
        url, room, token = parse_link(link)
        peer = cls(await websocket_connect(url))
        peer.room, peer.token = room, token
        if hello:
            peer.send(t="hello", protocol=PROTOCOL_VERSION, room=room, token=token)
        return peer

    def send(self, **frame: Any) -> None:
        self.conn.write_message(json.dumps(frame))

    def send_text(self, text: str | bytes) -> None:
        self.conn.write_message(text, binary=isinstance(text, bytes))

    async def read(self, timeout: float = 10) -> dict[str, Any] | None:
        text = await asyncio.wait_for(self.conn.read_message(), timeout)
        if text is None:
            return None
        frame = json.loads(text)
        self.frames.append(frame)
        return frame

    async def until(self, kind: str, timeout: float = 10, **match: Any) -> dict:
        """Read frames until one of type ``kind`` (with fields ``match``) arrives."""
        while True:
            frame = await self.read(timeout)
            if frame is None:
                raise ConnectionError(f"closed while waiting for {kind}")
            if frame["t"] == kind and all(frame.get(k) == v for k, v in match.items()):
                return frame

    def close(self) -> None:
        self.conn.close()


def no_secret_keys(frame: Any) -> None:
    """No seed and no live generator anywhere in a frame."""
    if isinstance(frame, dict):
        assert "seed" not in frame, frame.keys()
        if set(frame) == {"counter", "forced"}:
            assert frame == {"counter": 0, "forced": []}
        for value in frame.values():
            no_secret_keys(value)
    elif isinstance(frame, list):
        for value in frame:
            no_secret_keys(value)


async def join_page(link: str) -> Peer:
    """A raw connection that says hello as the browser page does (``render``)."""
    peer = await Peer.join(link, hello=False)
    peer.send(
        t="hello",
        protocol=PROTOCOL_VERSION,
        room=peer.room,
        token=peer.token,
        render="svg",
    )
    return peer


def check_page_frames(match: Any, viewer: Any, frames: list[dict[str, Any]]) -> int:
    """Check every frame a browser page received against ``viewer``'s view (a
    seat, ``PUBLIC`` or ``None`` for the referee); returns how many were checked.

    A view's state is the viewer's view, scrubbed; its page part (pictures, hands,
    words) is exactly what ``tabletop.page.template`` builds from the viewer's views
    and the events as the viewer reads them; the view itself passes the shared
    leak checks (``tests.leaks``: it does not change when what the viewer may not
    see is dealt anew, and the other hands read as the public's); the hands the
    page shows face up are the viewer's own only; the board sent with the welcome
    is the same for every deal.
    """
    from tabletop.draw import look_for
    from tabletop.draw.pictures import moment
    from tabletop.page.protocol import scrub
    from tabletop.table import frame as page
    from tests.leaks import check_events, check_hands, check_view

    game = match.game
    look = look_for(game)
    seat = viewer if isinstance(viewer, int) else None
    checked = 0
    for frame in frames:
        no_secret_keys(frame)
        checked += 1
        if frame["t"] == "welcome":
            assert frame["page"] == page.board_payload(look)
            continue
        if frame["t"] == "refused":
            assert set(frame) <= {"t", "id", "clause", "reason", "words"}
        if frame["t"] != "view":
            continue
        step = frame["step"]
        truth = match.state_at(step)
        shown = game.view(truth, viewer) if viewer is not None else truth
        assert frame["state"] == scrub(game.state_to_json(shown))
        legal = ()
        if seat is not None and game.to_move(shown) == seat:
            legal = game.explain(shown)
        seen = moment(match, step, viewer, look=look)
        recent = page.recap_steps(match.steps[:step], seat)
        own = page.own_last_step(match.steps[:step], seat)
        assert frame["page"] == page.view_payload(
            look, seen, viewer, legal, recent, own=own
        )
        if viewer is not None:
            check_view(game, truth, viewer, samples=2)
            check_hands(game, truth, viewer)
            for past in match.steps[:step][-3:]:
                check_events(past.events, viewer)
        # every action is on a button, or in a folded group that lists it
        fold, actions = frame["page"]["fold"], frame["page"]["actions"]
        listed = {f["index"] for f in fold if "index" in f}
        groups = {f["group"] for f in fold if "group" in f}
        assert all(k in listed or a["clause"] in groups for k, a in enumerate(actions))
        for hand in frame["page"]["hands"]:
            if viewer is not None and hand["seat"] != seat:
                assert all(card is None for card in hand["cards"]), hand
    return checked


def wait(condition: Any, timeout: float = 30) -> None:
    """Poll ``condition()`` until it is true; fail the test after ``timeout`` s."""
    until(condition, timeout)
