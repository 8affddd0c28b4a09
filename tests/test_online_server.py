"""The seat server refuses bad input with a reason and changes nothing: wrong
tokens, protocol mismatch, junk, oversized and out-of-order frames, floods, two
seats acting at once; undo is a request the other humans answer; the store is a
WAL-mode SQLite file with a schema version."""

from __future__ import annotations

import asyncio
import json
import time

import pytest

from tabletop.online import (
    PROTOCOL_VERSION,
    SCHEMA_VERSION,
    JoinError,
    RemoteMatch,
    create_room,
)
from tabletop.page.protocol import MAX_FRAME, MAX_MESSAGE
from tests.online_wire import Peer, running_server, wait


def run(coro):
    return asyncio.run(coro)


@pytest.fixture
def server():
    with running_server() as server:
        yield server


def steps(server, links) -> int:
    return server.call(lambda: len(server.rooms[links["room"]].match))


def test_wrong_or_missing_token_is_refused_and_closed(server):
    links = create_room(server, game="raiders", players=2, seed=1)

    async def go():
        peer = await Peer.join(links["seats"][0], hello=False)
        peer.send(
            t="hello",
            protocol=PROTOCOL_VERSION,
            room=peer.room,
            token=peer.token[:-1] + "x",
        )
        error = await peer.until("error")
        assert error["code"] == "bad_token"
        assert await peer.read() is None  # closed by the server
        peer = await Peer.join(links["seats"][0], hello=False)
        peer.send(t="hello", protocol=PROTOCOL_VERSION, room="nope", token=peer.token)
        assert (await peer.until("error"))["code"] == "bad_token"
        peer = await Peer.join(links["seats"][0], hello=False)
        peer.send(t="hello", protocol=PROTOCOL_VERSION, room=peer.room)
        assert (await peer.until("error"))["code"] == "bad_field"

    run(go())
    with pytest.raises(JoinError, match="no room opens"):
        RemoteMatch(links["seats"][0].rsplit("#", 1)[0] + "#wrong", timeout=5)


def test_protocol_mismatch_is_refused_with_a_clear_message(server):
    links = create_room(server, game="pitfall", players=2, seed=1)

    async def go():
        peer = await Peer.join(links["seats"][0], hello=False)
        peer.send(t="hello", protocol=99, room=peer.room, token=peer.token)
        error = await peer.until("error")
        assert error["code"] == "protocol"
        assert f"speaks protocol {PROTOCOL_VERSION}" in error["message"]

    run(go())


def test_junk_oversized_and_out_of_order_frames_get_errors_and_change_nothing(
    server,
):
    links = create_room(server, game="raiders", players=2, seed=2)

    async def go():
        peer = await Peer.join(links["seats"][0], hello=False)
        peer.send(t="play", action="roll", at=0)  # before hello
        assert (await peer.until("error"))["code"] == "order"
        peer.send(
            t="hello", protocol=PROTOCOL_VERSION, room=peer.room, token=peer.token
        )
        await peer.until("view")
        junk = [
            ("not json {", "bad_json"),
            ("[1, 2]", "bad_frame"),
            ('{"t": "fly"}', "unknown_type"),
            ('{"t": "play", "action": 3, "at": 0}', "bad_field"),
            ('{"t": "play", "action": "x", "at": true}', "bad_field"),
            ('{"t": "play", "action": "x", "at": NaN}', "bad_json"),
            ('{"t": "ping", "id": {"a": 1}}', "bad_field"),
            ("[" * 5000, "too_large"),
            (json.dumps({"t": "ping", "pad": "x" * MAX_FRAME}), "too_large"),
            (b"\x00\x01", "binary"),
            ('{"t": "hello", "protocol": 1, "room": "r", "token": "t"}', "order"),
        ]
        for text, code in junk:
            peer.send_text(text)
            error = await peer.until("error")
            assert error["code"] == code, text
        peer.send(t="play", action="no such move", at=0, id=1)
        refused = await peer.until("refused")
        assert refused["clause"]
        peer.send(t="play", action="x", at=5, id=2)  # a step from the future
        assert (await peer.until("refused"))["clause"] == "TT-STALE"
        peer.send(t="view_at", step=99, id=3)
        assert (await peer.until("error"))["code"] == "bad_step"
        peer.send(t="ping", id=4)
        await peer.until("pong", id=4)
        # far over the websocket limit: the connection is closed
        peer.send_text("x" * (MAX_MESSAGE + 10))
        while await peer.read() is not None:
            pass

    run(go())
    assert steps(server, links) == 0


def test_spectators_and_the_referee_cannot_act(server):
    links = create_room(server, game="pitfall", players=2, seed=3)

    async def go():
        for link in (links["spectator"], links["referee"]):
            peer = await Peer.join(link)
            welcome = await peer.until("welcome")
            assert welcome["seat"] is None
            peer.send(t="play", action="roll", at=0, id=1)
            assert (await peer.until("error"))["code"] == "not_a_seat"
            peer.send(t="export", id=2)
            assert (await peer.until("error"))["code"] in ("not_referee", "not_over")

    run(go())
    assert steps(server, links) == 0


def test_two_seats_acting_at_once_exactly_one_applies(server):
    """Both the seat to move (from two tabs) and another seat send at once."""
    links = create_room(server, game="raiders", players=3, seed=4)

    async def go():
        a1, a2, b = [
            await Peer.join(links["seats"][s]) for s in (0, 0, 1)
        ]  # seat 0 twice
        view = await a1.until("view")
        await a2.until("view")
        await b.until("view")
        mover = view["to_move"]
        assert mover == 0
        first, second = view["legal"][0]["action"], view["legal"][-1]["action"]
        a1.send(t="play", action=first, at=0, id="a1")
        a2.send(t="play", action=second, at=0, id="a2")
        b.send(t="play", action=first, at=0, id="b")
        answers = []
        for peer, ident in ((a1, "a1"), (a2, "a2"), (b, "b")):
            while True:
                frame = await peer.read()
                if frame.get("id") == ident:
                    answers.append(frame)
                    break
        kinds = [f["t"] for f in answers]
        assert kinds.count("ok") == 1, answers
        assert {f.get("clause") for f in answers if f["t"] == "refused"} <= {
            "TT-STALE",
            "TT-TURN",
        }

    run(go())
    assert steps(server, links) == 1


def test_a_flood_is_rate_limited_without_hurting_another_room():
    # A slow refill keeps the count of answered pings independent of how fast
    # a loaded machine works through the flood: the burst, plus one a second.
    with running_server(rate=1, burst=20) as server:
        flood = create_room(server, game="raiders", players=2, seed=5)
        calm = create_room(server, game="raiders", players=2, seed=6)

        async def go():
            noisy = await Peer.join(flood["seats"][1])
            await noisy.until("view")
            flooded = time.monotonic()
            for i in range(300):
                noisy.send(t="ping", id=i)
            seat = RemoteMatch(calm["seats"][0])
            started = time.perf_counter()
            await asyncio.to_thread(seat.play, seat.legal_actions()[0])
            took = time.perf_counter() - started
            seat.close()
            codes = []
            while (frame := await noisy.read()) is not None:
                codes.append(frame.get("code"))
            return codes, took, time.monotonic() - flooded

        codes, took, flood_seconds = run(go())
        assert "rate_limited" in codes
        # pongs for the burst and the refill only, then closed
        assert codes.count(None) <= 20 + int(flood_seconds) + 1
        assert took < 2.0
        assert steps(server, calm) == 1


def test_undo_is_a_request_the_other_humans_answer(server):
    links = create_room(server, game="pitfall", players=3, bots=1, seed=7)
    a, b = RemoteMatch(links["seats"][0]), RemoteMatch(links["seats"][1])
    try:
        # Seed 7 opens with the bot's seat (2): wait until the bot has moved and
        # a human holds the turn, whatever the machine's load.
        wait(lambda: a.legal_actions() or b.legal_actions())
        mover = a if a.legal_actions() else b
        # The roll is shown at once and can never be taken back; the direction
        # chosen after it draws nothing, and its undo is a request.
        mover.play("roll")
        wait(lambda: [str(x) for x in mover.legal_actions()] == ["forward"])
        before = mover.latest
        mover.play("forward")
        after = mover.latest
        assert after > before
        other = b if mover is a else a
        with pytest.raises(Exception, match="no undo is waiting"):
            other.answer_undo(True)
        mover.request_undo()
        wait(lambda: other.undo_status.get("status") == "requested")
        assert steps(server, links) == after  # nothing changes yet
        other.answer_undo(False)
        wait(lambda: mover.undo_status.get("status") == "declined")
        assert steps(server, links) == after
        mover.request_undo()
        wait(lambda: other.undo_status.get("status") == "requested")
        other.answer_undo(True)
        wait(lambda: mover.latest == before and other.latest == before)
        assert steps(server, links) == before
        assert server.store.actions(links["room"])[before:] == []
    finally:
        a.close()
        b.close()


def test_reconnect_resyncs_and_presence_is_shown(server):
    links = create_room(server, game="raiders", players=2, seed=8)
    a = RemoteMatch(links["seats"][0])
    b = RemoteMatch(links["seats"][1])
    wait(lambda: all(s["connected"] for s in a.seats))
    a.play(a.legal_actions()[0])
    log = a.log()
    a.close()
    wait(lambda: not b.seats[0]["connected"])
    again = RemoteMatch(links["seats"][0])
    try:
        assert again.latest == 1 and again.log() == log
        assert again.game.state_to_json(again.state) == a.game.state_to_json(a.state)
    finally:
        again.close()
        b.close()


def test_online_match_offers_no_edit_fork_or_save(server):
    links = create_room(server, game="pitfall", players=2, seed=9)
    seat = RemoteMatch(links["seats"][0])
    try:
        assert seat.seed is None
        for attempt in (seat.fork, seat.to_json, lambda: seat.force_roll(6)):
            with pytest.raises(ValueError, match="TT-ONLINE|online|save"):
                attempt()
    finally:
        seat.close()


def test_the_store_is_wal_with_a_schema_version(tmp_path):
    with running_server(db=tmp_path / "rooms.sqlite") as server:
        assert server.store.journal_mode() == "wal"
        schema = server.store.db.execute("SELECT value FROM meta").fetchone()[0]
        assert int(schema) == SCHEMA_VERSION


def test_room_creation_and_stats_need_the_admin_token(server):
    import urllib.error
    import urllib.request

    with pytest.raises(urllib.error.HTTPError, match="403"):
        create_room(server.url, game="raiders", players=2, admin_token="wrong")
    links = create_room(
        server.url, game="raiders", players=2, seed=3, admin_token=server.admin_token
    )
    seat = RemoteMatch(links["seats"][0])
    try:
        seat.play(seat.legal_actions()[0])
    finally:
        seat.close()
    request = urllib.request.Request(
        server.url + "/api/stats",
        headers={"Authorization": f"Bearer {server.admin_token}"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        stats = json.load(answer)
    assert stats["rooms"] == 1 and stats["actions"] == 1
    assert stats["handle_ms"]["p99"] > 0


def test_a_failing_bot_does_not_stall_its_room(server, caplog):
    links = create_room(server, game="pitfall", players=2, bots=1, bot="random", seed=5)
    room = server.rooms[links["room"]]

    class Broken:
        def choose(self, view):
            raise RuntimeError("out of ideas")

    server.call(lambda: room.bots.update({1: Broken()}))
    seat = RemoteMatch(links["seats"][0])
    try:
        for _ in range(6):
            seat.wait_for_turn(timeout=10)
            seat.play(seat.legal_actions()[0])
        wait(lambda: any(s.player == 1 for s in room.match.steps))
    finally:
        seat.close()
    assert "out of ideas" in caplog.text


def test_the_referee_exports_a_finished_game_that_replays_exactly(server):
    from tabletop.core import Match
    from tabletop.core.match import state_digest

    links = create_room(server, game="pitfall", players=2, bots=2, bot="random", seed=4)
    room = server.rooms[links["room"]]
    wait(lambda: server.call(lambda: room.match.over), timeout=60)
    referee = RemoteMatch(links["referee"])
    try:
        saved = referee.export()
    finally:
        referee.close()
    replayed = Match.from_json(saved)
    truth = server.call(lambda: room.match.state)
    assert state_digest(replayed.game, replayed.state) == state_digest(
        replayed.game, truth
    )


def test_a_seat_stops_reconnecting_quietly_when_python_is_exiting(monkeypatch):
    """While Python exits, the connection attempt fails with RuntimeError (its name
    lookup has no executor left): the seat stops trying and says it cannot reach
    the server, instead of an unretrieved task error printed at exit."""
    import tornado.websocket

    async def exiting(*args, **kwargs):
        raise RuntimeError("cannot schedule new futures after shutdown")

    monkeypatch.setattr(tornado.websocket, "websocket_connect", exiting)
    with pytest.raises(JoinError, match="cannot reach"):
        RemoteMatch("http://127.0.0.1:9/play/room1#token", timeout=5)


def test_tabletop_room_without_a_server_says_how_to_start_one(capsys):
    """The README's `tabletop room ...` with no server there: one plain sentence
    naming the address and `tabletop serve`, exit code 2, no traceback."""
    from tabletop.__main__ import main

    code = main(["room", "raiders", "--players", "3", "--server", "http://127.0.0.1:9"])
    err = capsys.readouterr().err
    assert code == 2
    assert "cannot reach a seat server at http://127.0.0.1:9" in err
    assert "tabletop serve" in err and "Traceback" not in err
