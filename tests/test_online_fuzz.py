"""Arbitrary text in every field of every client frame (lone surrogates, NULs, long
strings included): the server answers each frame (an ``error`` frame whenever the
text is not valid or the field wants another type), logs no traceback, keeps the
connection, and the room does not change."""

from __future__ import annotations

import asyncio
import json
import logging

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core.match import state_digest
from tabletop.online import create_room
from tabletop.page import protocol as P
from tests.online_wire import Peer, running_server
from tests.waits import until_async

#: A frame of each type the protocol has, as a seat that is to move sends it; the
#: play names no legal action, so no example can change the room.
BASE = {
    "hello": {"protocol": P.PROTOCOL_VERSION, "room": "", "token": ""},
    "play": {"action": "no such move", "at": 0},
    "view_at": {"step": 0},
    "undo_request": {},
    "undo_answer": {"accept": True},
    "export": {},
    "ping": {},
}
assert set(BASE) == set(P.CLIENT_FRAMES)
#: What each type is answered with when every field is fine (seat 0 of a fresh
#: room: no action to undo, no undo waiting, not the referee).
NORMAL = {
    "hello": "welcome",
    "play": "refused",
    "view_at": "view_at",
    "undo_request": "refused",
    "undo_answer": "refused",
    "export": "error",
    "ping": "pong",
}
CASES = [(kind, field) for kind in BASE for field in ("t", "id", *BASE[kind])]

TEXT = st.characters(codec=None, exclude_categories=())  # surrogates included
VALUES = st.one_of(
    st.text(TEXT, max_size=12),
    st.text(TEXT, min_size=60, max_size=300),
    st.sampled_from(["\ud800", "a\udfffb", "\x00", "roll\ud83d"]),
)


def valid_text(value: str, longest: int) -> bool:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return "\x00" not in value and len(value) <= longest


def expected(kind: str, field: str, value: str) -> str:
    """The type of the frame that answers ``kind`` with ``value`` in ``field``."""
    if field == "t":
        return "error"  # unknown_type
    if field == "id":
        return NORMAL[kind] if valid_text(value, 64) else "error"
    if P.CLIENT_FRAMES[kind][field] is not str:
        return "error"  # bad_field: an int or a bool was expected
    if not valid_text(value, P.MAX_TEXT):
        return "error"
    return "error" if kind == "hello" else "refused"  # bad_token, or not legal


def test_arbitrary_text_in_any_field_is_answered_and_changes_nothing(caplog):
    caplog.set_level(logging.INFO)
    with running_server(hello_timeout=60) as server:
        links = create_room(server, game="raiders", players=2, seed=11)
        room = server.rooms[links["room"]]
        before = server.call(lambda: state_digest(room.game, room.match.state))
        loop = asyncio.new_event_loop()
        seat = loop.run_until_complete(Peer.join(links["seats"][0]))
        loop.run_until_complete(seat.until("view"))
        legal = set()

        async def answer_to(peer: Peer, text: str, sync: int) -> list[str]:
            """The types of the frames answering ``text``, up to a ``pong``."""
            peer.send_text(text)
            peer.send(t="ping", id=sync)
            kinds = []
            while True:
                frame = await peer.read()
                assert frame is not None, "the server closed the connection"
                if frame["t"] == "pong" and frame.get("id") == sync:
                    return kinds
                if frame["t"] not in ("view", "presence"):
                    kinds.append(frame["t"])

        async def hello_answer(text: str) -> str:
            peer = await Peer.join(links["seats"][0], hello=False)
            peer.send_text(text)
            frame = await peer.read()
            peer.close()
            return frame["t"]

        @settings(max_examples=60, deadline=None, database=None)
        @given(case=st.sampled_from(CASES), value=VALUES)
        def check(case, value):
            kind, field = case
            if field == "t" and value in BASE or value in legal:
                return
            frame = {"t": kind, **BASE[kind]}
            if kind == "hello":
                frame.update(room=seat.room, token=seat.token)
            frame[field] = value
            text = json.dumps(frame)  # ensure_ascii: surrogates as \ud800 escapes
            want = expected(kind, field, value)
            if kind == "hello" and field != "t":
                got = [loop.run_until_complete(hello_answer(text))]
            else:
                got = loop.run_until_complete(answer_to(seat, text, -7))
            assert got == [want], (frame, got)

        legal.update(
            server.call(
                lambda: {str(a) for a in room.game.legal_actions(room.match.state)}
            )
        )
        check()

        async def leave() -> None:
            seat.close()
            await until_async(
                lambda: server.call(lambda: not server.sockets), what="the close"
            )

        loop.run_until_complete(leave())
        loop.close()
        after = server.call(
            lambda: (
                len(room.match),
                room.undo,
                state_digest(room.game, room.match.state),
            )
        )
        assert after == (0, None, before)
    noisy = [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
    assert not noisy, [r.getMessage() for r in noisy]
