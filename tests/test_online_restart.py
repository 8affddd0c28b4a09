"""Killing the server mid-game loses nothing: ``tabletop serve`` is killed with
SIGKILL and started again on the same database; every room comes back with the
identical state (replayed from the action log and digest-checked), and the
same links seat the same players."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.core import SaveError
from tabletop.online import RemoteMatch, Store, create_room
from tests.waits import until

ROOT = Path(__file__).resolve().parent.parent
TOKEN = "test-admin-token"


def start(db: Path, port: int = 0) -> tuple[subprocess.Popen, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tabletop",
            "serve",
            "--port",
            str(port),
            "--db",
            str(db),
            "--bot-delay",
            "0",
            "--admin-token",
            TOKEN,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    seen = []
    while not (
        found := re.search(
            r"server on http://127\.0\.0\.1:(\d+)", seen[-1] if seen else ""
        )
    ):
        line = proc.stdout.readline()
        assert line, seen
        seen.append(line)
    proc.seen = seen
    return proc, f"http://127.0.0.1:{found.group(1)}"


def referee_state(link: str) -> tuple[int, dict]:
    ref = RemoteMatch(link)
    try:
        return ref.latest, ref.game.state_to_json(ref.state)
    finally:
        ref.close()


def _to_move(seats: list[RemoteMatch]) -> RemoteMatch | None:
    return next((seat for seat in seats if seat.explain()), None)


def _waiting_for_a_human(seats: list[RemoteMatch]) -> bool:
    """Every seat has the room's latest step, and a human is to move there (the
    bots have moved), or the game is over."""
    to_move = _to_move(seats)  # a RemoteMatch is as long as its steps: not bool()
    return len({s.latest for s in seats}) == 1 and (
        to_move is not None or seats[0].over
    )


def play(seats: list[RemoteMatch], moves: int) -> None:
    for _ in range(moves):
        until(lambda: _waiting_for_a_human(seats), what="a human seat to move")
        seat = _to_move(seats)
        if seat is None:  # the game is over
            return
        seat.play(seat.legal_actions()[-1])


@pytest.mark.parametrize("game, players", [("raiders", 3), ("pitfall", 3)])
def test_kill_and_restart_mid_game_restores_identical_states(tmp_path, game, players):
    db = tmp_path / "rooms.sqlite"
    proc, url = start(db)
    try:
        links = create_room(
            url, game=game, players=players, bots=1, seed=21, admin_token=TOKEN
        )
        seats = [RemoteMatch(link) for link in links["seats"] if link]
        play(seats, 25)
        until(lambda: _waiting_for_a_human(seats), what="the bot's move")
        before = referee_state(links["referee"])
        views = [(s.latest, s.game.state_to_json(s.state)) for s in seats]
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        for seat in seats:
            seat.close()
        proc, url2 = start(db)
        # the port changed: rewrite the links' address
        relink = {
            k: v.replace(url, url2) if isinstance(v, str) else v
            for k, v in links.items()
        }
        assert referee_state(relink["referee"]) == before
        again = [
            RemoteMatch(link.replace(url, url2)) for link in links["seats"] if link
        ]
        assert [(s.latest, s.game.state_to_json(s.state)) for s in again] == views
        play(again, 5)
        assert again[0].latest > before[0]
        for seat in again:
            seat.close()
    finally:
        proc.kill()
        proc.wait(10)
    store = Store(db)
    record = store.rooms()[0]
    assert len(store.replay(record)) == len(store.actions(record.id))


def test_an_altered_action_log_is_refused_on_load(tmp_path):
    db = tmp_path / "rooms.sqlite"
    proc, url = start(db)
    try:
        links = create_room(
            url, game="raiders", players=2, bots=2, seed=5, admin_token=TOKEN
        )
        referee = RemoteMatch(links["referee"])
        try:  # the bots have played (and stored) a few actions
            until(lambda: referee.latest >= 3, what="three actions")
        finally:
            referee.close()
    finally:
        proc.kill()
        proc.wait(10)
    store = Store(db)
    store.db.execute("UPDATE actions SET digest='0' WHERE idx=2")
    with pytest.raises(SaveError, match="digest after action 2"):
        store.replay(store.rooms()[0])
    store.close()
    proc, url = start(db)
    try:
        assert "digest after action 2" in "".join(proc.seen)
        with pytest.raises(ConnectionError, match="no room opens"):
            RemoteMatch(
                links["referee"].replace(links["referee"].split("/play")[0], url)
            )
    finally:
        proc.kill()
        proc.wait(10)


def test_a_connected_seat_resyncs_by_itself_after_a_restart(tmp_path):
    db = tmp_path / "rooms.sqlite"
    proc, url = start(db)
    port = int(url.rsplit(":", 1)[1])
    try:
        links = create_room(
            url, game="raiders", players=2, bots=1, seed=9, admin_token=TOKEN
        )
        seat = RemoteMatch(links["seats"][0])
        seat.wait_for_turn(timeout=20)
        seat.play(seat.legal_actions()[0])
        before = seat.latest
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        until(lambda: not seat.connected, what="the drop to be noticed")
        with pytest.raises(ConnectionError):
            seat.play("roll")
        proc, _ = start(db, port)
        until(
            lambda: seat.connected and seat.latest >= before,
            what="the seat to reconnect",
        )
        seat.wait_for_turn(timeout=20)
        seat.play(seat.legal_actions()[0])
        assert seat.latest > before
        seat.close()
    finally:
        proc.kill()
        proc.wait(10)
