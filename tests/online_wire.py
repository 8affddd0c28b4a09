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
