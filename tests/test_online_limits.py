"""What a stranger cannot do to the seat server: hold connections without a hello,
hold raw connections that say nothing, hold a websocket that stops answering pings,
open more connections than the caps allow (per client address, counted behind a
trusted proxy by the address it names), create a room from contradictory or
out-of-range fields, or read the database's seeds from another account."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import stat
import struct
import time
import urllib.error
import urllib.request

import pytest
import tornado.httpclient
from tornado.websocket import websocket_connect

from tabletop.online import PROTOCOL_VERSION, Server, Store, create_room, parse_link
from tabletop.online.server import MAX_SEED, RoomSpecError
from tests.online_wire import Peer, running_server
from tests.waits import until, until_async


def run(coro):
    return asyncio.run(coro)


def counts(server) -> tuple[dict, dict]:
    return server.call(lambda: (dict(server.sockets), dict(server.streams)))


def _wait(condition, seconds: float = 30) -> None:
    until(condition, seconds, "every connection closed")


# -- deadlines -----------------------------------------------------------------------
def _raw_websocket(port: int) -> socket.socket:
    """A websocket opened by hand: it never answers a ping."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    sock.sendall(
        f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
        "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    return sock


def _send_text(sock: socket.socket, text: str) -> None:
    data = text.encode()
    length = (
        bytes([0x80 | len(data)])
        if len(data) < 126
        else b"\xfe" + struct.pack(">H", len(data))
    )
    sock.sendall(b"\x81" + length + b"\0\0\0\0" + data)  # a zero mask


def _opcodes_until_closed(sock: socket.socket, seconds: float) -> list[int]:
    """The opcodes of the frames the server sends until its close frame (or
    until it closes, or time is up: ``-1``)."""
    sock.settimeout(seconds)
    data, opcodes = b"", []
    try:
        while chunk := sock.recv(65536):
            data += chunk
            while len(data) >= 2:
                length, start = data[1] & 0x7F, 2
                if length == 126:
                    length, start = struct.unpack(">H", data[2:4])[0], 4
                elif length == 127:
                    length, start = struct.unpack(">Q", data[2:10])[0], 10
                if len(data) < start + length:
                    break
                opcodes.append(data[0] & 0x0F)
                data = data[start + length :]
                if opcodes[-1] == 0x8:  # a close frame: stop (and close) here
                    return opcodes
    except TimeoutError:
        opcodes.append(-1)  # still open
    finally:
        sock.close()
    return opcodes


def test_silent_connections_are_closed_after_the_hello_deadline():
    """No hello within ``hello_timeout``: the websocket gets ``no_hello`` and is
    closed; a raw TCP connection that sends nothing is closed too; a websocket
    that said hello and answers pings stays open well past both deadlines."""
    with running_server(hello_timeout=0.5, ping_interval=0.2, ping_timeout=2) as server:
        links = create_room(server, game="raiders", players=2, seed=1)

        async def go():
            kept = await Peer.join(links["seats"][0])
            pings = []
            kept.conn.on_ping = pings.append  # the server's pings, answered
            await kept.until("view")
            silent = await Peer.join(links["seats"][1], hello=False)
            started = time.monotonic()
            error = await silent.until("error", timeout=3)
            assert error["code"] == "no_hello"
            assert await silent.read(timeout=3) is None
            assert time.monotonic() - started < 2.5
            # past the hello deadline (the silent one is closed): pinged, it answers
            await until_async(lambda: len(pings) >= 3, what="three pings")
            kept.send(t="ping", id="still")
            await kept.until("pong", id="still")
            kept.close()

        raw = socket.create_connection(("127.0.0.1", server.port), timeout=5)
        started = time.monotonic()
        assert raw.recv(1) == b""  # closed by the server
        assert time.monotonic() - started < 2.5
        raw.close()
        run(go())
        _wait(lambda: counts(server) == ({}, {}))


def test_a_websocket_that_stops_answering_pings_is_closed():
    with running_server(
        hello_timeout=30, ping_interval=0.2, ping_timeout=0.5
    ) as server:
        links = create_room(server, game="raiders", players=2, seed=1)
        _, room, token = parse_link(links["seats"][0])
        sock = _raw_websocket(server.port)
        hello = {"t": "hello", "protocol": PROTOCOL_VERSION, "room": room}
        _send_text(sock, json.dumps({**hello, "token": token}))
        started = time.monotonic()
        opcodes = _opcodes_until_closed(sock, 8)
        assert 0x9 in opcodes  # pinged
        assert 0x8 in opcodes  # then sent a close frame
        assert time.monotonic() - started < 8
        _wait(lambda: counts(server) == ({}, {}))
        assert server.call(lambda: server.rooms[room].connections) == []


# -- caps ----------------------------------------------------------------------------
async def _connect(port: int, forwarded: str | None = None):
    headers = {"X-Forwarded-For": forwarded} if forwarded else {}
    request = tornado.httpclient.HTTPRequest(
        f"ws://127.0.0.1:{port}/ws", headers=headers
    )
    return await websocket_connect(request)


async def _refused(port: int, forwarded: str | None = None) -> int:
    with pytest.raises(tornado.httpclient.HTTPClientError) as refused:
        await _connect(port, forwarded)
    return refused.value.code


def test_connections_per_address_and_in_all_are_capped():
    with running_server(max_per_address=3, max_connections=4) as server:

        async def go():
            held = [await _connect(server.port) for _ in range(3)]
            # X-Forwarded-For from an untrusted peer changes nothing
            assert await _refused(server.port, forwarded="10.0.0.9") == 429
            # raw connections from the same address are turned away too
            raw = socket.create_connection(("127.0.0.1", server.port), timeout=5)
            raw.sendall(b"GET /play/x HTTP/1.1\r\nHost: h\r\n\r\n")
            answer = raw.recv(4096)
            assert answer.startswith(b"HTTP/1.1 429"), answer
            raw.close()
            for conn in held:
                conn.close()
            await until_async(lambda: counts(server) == ({}, {}), what="they left")
            again = await _connect(server.port)  # room again once they left
            again.close()

        run(go())
        _wait(lambda: counts(server) == ({}, {}))


def test_behind_a_trusted_proxy_the_forwarded_address_is_the_client():
    with running_server(
        max_per_address=2, max_connections=4, trusted_proxies=["127.0.0.1"]
    ) as server:

        async def go():
            held = [await _connect(server.port, "10.0.0.1") for _ in range(2)]
            assert await _refused(server.port, "10.0.0.1") == 429
            # the proxy appends the address it saw: the last entry counts
            assert await _refused(server.port, "192.0.2.7, 10.0.0.1") == 429
            held.append(await _connect(server.port, "10.0.0.1, 10.0.0.2"))
            held.append(await _connect(server.port, "10.0.0.3"))
            assert await _refused(server.port, "10.0.0.4") == 503  # full
            assert counts(server)[0] == {"10.0.0.1": 2, "10.0.0.2": 1, "10.0.0.3": 1}
            for conn in held:
                conn.close()

        run(go())
        _wait(lambda: counts(server) == ({}, {}))


# -- room creation -------------------------------------------------------------------
BAD_ROOMS = [
    ({"game": "nope"}, "game"),
    ({"game": 3}, "game"),
    ({"game": "raiders", "players": 9}, "players"),
    ({"game": "raiders", "players": 1}, "players"),
    ({"game": "raiders", "players": "2"}, "players"),
    ({"game": "raiders", "players": True}, "players"),
    ({"game": "raiders", "bots": 3}, "bots"),
    ({"game": "raiders", "bots": -1}, "bots"),
    ({"game": "raiders", "bots": ["human"]}, "bots"),
    ({"game": "raiders", "bots": ["human", "wizard"]}, "bots"),
    ({"game": "raiders", "bots": "1"}, "bots"),
    ({"game": "raiders", "bots": 1, "bot": "wizard"}, "bot"),
    ({"game": "raiders", "seed": 2**70}, "seed"),
    ({"game": "raiders", "seed": MAX_SEED + 1}, "seed"),
    ({"game": "raiders", "seed": -1}, "seed"),
    ({"game": "raiders", "seed": 1.5}, "seed"),
    ({"game": "raiders", "seed": "7"}, "seed"),
    ({"game": "raiders", "players": 2, "options": {"players": 4}}, "options"),
    ({"game": "raiders", "options": {"no_such_rule": 1}}, "options"),
    ({"game": "raiders", "options": [1]}, "options"),
]


@pytest.mark.parametrize(("spec", "field"), BAD_ROOMS)
def test_room_creation_refuses_each_bad_field_in_process(spec, field):
    server = Server(db=":memory:")
    try:
        with pytest.raises(RoomSpecError) as refused:
            server.create_room(**spec)
        assert refused.value.field == field
        assert str(refused.value).startswith(f"{field}: ")
        assert server.rooms == {}
    finally:
        server.store.close()


def test_room_creation_over_http_answers_400_naming_the_field():
    with running_server() as server:

        def post(spec) -> tuple[int, dict]:
            request = urllib.request.Request(
                server.url + "/api/rooms",
                data=json.dumps(spec).encode(),
                headers={"Authorization": f"Bearer {server.admin_token}"},
                method="POST",
            )
            try:
                with urllib.request.urlopen(request, timeout=10) as answer:
                    return answer.status, json.load(answer)
            except urllib.error.HTTPError as exc:
                return exc.code, json.load(exc)

        for spec, field in [
            *BAD_ROOMS,
            ({"players": 2}, "game"),
            ({"game": "raiders", "colour": "red"}, "colour"),
            ([1, 2], "body"),
        ]:
            status, answer = post(spec)
            assert (status, answer["field"]) == (400, field), (spec, answer)
            assert answer["error"].startswith(f"{field}: ")
        assert server.call(lambda: len(server.rooms)) == 0
        # the largest seed, and options that agree with the seat count, are fine
        spec = {"game": "raiders", "players": 4, "seed": MAX_SEED}
        status, links = post({**spec, "options": {"players": 4}})
        assert status == 200 and len(links["seats"]) == 4
        assert server.call(lambda: server.rooms[links["room"]].game.players) == 4


# -- the database --------------------------------------------------------------------
def _mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_the_database_and_its_companions_are_owner_only(tmp_path):
    old = os.umask(0o022)
    try:
        db = tmp_path / "rooms.sqlite"
        with running_server(db=db) as server:
            create_room(server, game="raiders", players=2, seed=1)
            for suffix in ("", "-wal", "-shm"):
                assert _mode(f"{db}{suffix}") == 0o600, suffix
        # an older, wider file is narrowed when opened
        wide = tmp_path / "old.sqlite"
        Store(wide).close()
        os.chmod(wide, 0o644)
        store = Store(wide)
        assert _mode(wide) == 0o600
        store.close()
    finally:
        os.umask(old)


def test_tabletop_serve_passes_every_limit_to_the_server(tmp_path):
    import argparse

    from tabletop.online.cli import add_commands, server_from_args

    parser = argparse.ArgumentParser()
    add_commands(parser.add_subparsers())
    base = ["serve", "--db", str(tmp_path / "r.sqlite"), "--admin-token", "t"]
    server = server_from_args(parser.parse_args(base))
    default = Server(db=":memory:")
    for name in ("hello_timeout", "ping_interval", "ping_timeout", "max_connections"):
        assert getattr(server, name) == getattr(default, name), name
    assert (server.max_per_address, server.trusted_proxies) == (64, frozenset())
    server.store.close()
    default.store.close()
    args = parser.parse_args(
        [
            *base,
            *("--hello-timeout", "1.5", "--ping-interval", "3", "--ping-timeout", "4"),
            *("--max-connections", "100", "--max-per-address", "2"),
            *("--trusted-proxy", "127.0.0.1", "--trusted-proxy", "::ffff:10.0.0.1"),
        ]
    )
    server = server_from_args(args)
    assert (server.hello_timeout, server.ping_interval, server.ping_timeout) == (
        1.5,
        3,
        4,
    )
    assert (server.max_connections, server.max_per_address) == (100, 2)
    assert server.trusted_proxies == {"127.0.0.1", "10.0.0.1"}
    server.store.close()


def test_stats_count_only_the_actions_after_a_mark():
    """``GET /api/stats?after=N`` (the load benchmark's measured window)."""
    with running_server() as server:
        links = create_room(server, game="raiders", players=2, bots=1, seed=3)

        def stats(query: str = "") -> dict:
            request = urllib.request.Request(
                f"{server.url}/api/stats{query}",
                headers={"Authorization": f"Bearer {server.admin_token}"},
            )
            with urllib.request.urlopen(request, timeout=10) as answer:
                return json.load(answer)

        async def play(n: int) -> None:
            peer = await Peer.join(links["seats"][0])
            view = await peer.until("view")
            for _ in range(n):
                while not view["legal"]:
                    view = await peer.until("view")
                peer.send(t="play", action=view["legal"][0]["action"], at=view["step"])
                await peer.until("ok")
                view = [f for f in peer.frames if f["t"] == "view"][-1]
            peer.close()

        run(play(2))
        first = stats()
        assert first["actions"] == first["actions_total"] == 2
        run(play(1))
        later = stats(f"?after={first['actions_total']}")
        assert (later["actions"], later["actions_total"]) == (1, 3)
        assert stats("?after=99")["actions"] == 0
