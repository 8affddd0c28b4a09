"""``tabletop.ui.join(link)``: a Table per seat bound to one online room; each
sees only its own hand, moves made at one table reach the others without a click,
and what fair play forbids (fork, seat changes, another seat's eyes) is refused."""

from __future__ import annotations

import pytest

from tabletop.core import IllegalActionError
from tabletop.online import create_room
from tabletop.page.protocol import scrub
from tabletop.ui import join
from tests.online_wire import running_server, wait


def test_three_tables_play_one_raiders_room_each_seeing_only_its_hand():
    with running_server() as server:
        links = create_room(server, game="raiders", players=3, seed=31)
        tables = [join(link) for link in links["seats"]]
        watcher = join(links["spectator"])
        game = tables[0].model.game
        for _ in range(12):
            mover = next(t for t in tables if t.legal)
            alerts = [t.alerts for t in tables]
            mover.choose(mover.legal[0].action)
            wait(lambda m=mover: all(t.model.step == m.remote.latest for t in tables))
            for table, before in zip(tables, alerts, strict=True):
                # a turn that comes round raises an alert; nothing else does
                came = bool(table.legal) and table is not mover
                wait(lambda t=table, n=before + came: t.alerts == n)
                assert table.alerts == before + came
        truth = server.call(lambda: server.rooms[links["room"]].match.state)
        for seat, table in enumerate(tables):
            assert table.model.viewer == seat
            shown = game.state_to_json(table.model.view_state)
            assert shown == scrub(game.state_to_json(game.view(truth, seat)))
            for other in range(3):
                hand = table.look.hand(table.model.view_state, other)
                assert isinstance(hand, int) == (other != seat)  # a count: backs
            assert "Your turn" in table.bar.value or "waiting for" in table.bar.value
            # Every seat shows as connected, with a dot every common font draws.
            assert table.bar.value.count("title='connected'") == 3
            assert all(ord(c) <= 0xFFFF for c in table.bar.value)
        wait(lambda: watcher.model.step == tables[0].model.step)
        for seat in range(3):
            assert isinstance(watcher.look.hand(watcher.model.view_state, seat), int)
        # The spectator's status says what it sees: the public view, not everything.
        assert "showing the public view" in watcher.widgets.status.value
        assert "showing everything" not in watcher.widgets.status.value
        assert (
            f"showing {tables[1].look.seat_name(1)}" in tables[1].widgets.status.value
        )
        with pytest.raises(IllegalActionError):
            tables[0].model.fork()
        for refused in (
            lambda: tables[0].model.set_viewer(1),
            lambda: tables[0].model.set_seat(1, "random"),
            lambda: tables[0].model.new_game(),
            lambda: tables[0].match.save("x.json"),
        ):
            with pytest.raises(IllegalActionError, match="TT-ONLINE"):
                refused()
        for table in [*tables, watcher]:
            table.remote.close()


def test_a_refusal_shows_on_the_table_and_changes_nothing():
    with running_server() as server:
        links = create_room(server, game="pitfall", players=2, seed=32)
        tables = [join(link) for link in links["seats"]]
        waiting = next(t for t in tables if not t.legal)
        with pytest.raises(IllegalActionError, match="not your turn"):
            waiting.choose("roll")
        assert waiting.remote.latest == 0
        for table in tables:
            table.remote.close()


def test_timeline_and_undo_from_the_tables():
    with running_server() as server:
        links = create_room(server, game="pitfall", players=2, seed=33)
        tables = [join(link) for link in links["seats"]]
        game = tables[0].model.game
        for _ in range(4):
            mover = next(t for t in tables if t.legal)
            mover.choose(mover.legal[0].action)
            wait(lambda m=mover: all(t.model.step == m.remote.latest for t in tables))
        room = server.rooms[links["room"]]
        looker = tables[0]
        looker.model.step_back()  # a past step, as this seat saw it
        past = server.call(lambda: room.match.state_at(looker.model.step))
        assert game.state_to_json(looker.model.state) == scrub(
            game.state_to_json(game.view(past, 0))
        )
        with pytest.raises(IllegalActionError, match="latest step"):
            looker.match.play("roll")
        looker.goto(looker.model.length)
        # undo: asked at one table, accepted at the other
        mover = next(t for t in tables if t.legal)
        mover.choose(mover.legal[0].action)
        other = next(t for t in tables if t is not mover)
        wait(lambda: other.model.step == mover.remote.latest)
        latest = mover.remote.latest
        mover.ask_undo.click()
        wait(lambda: other.accept.layout.display == "")
        other.accept.click()
        wait(lambda: all(t.remote.latest == latest - 1 for t in tables))
        assert other.accept.layout.display == "none"
        for table in tables:
            table.remote.close()


def test_evaluation_is_off_online_until_turned_on_and_then_uses_the_seats_view():
    """It would help one player against another: off by default in an online room;
    turned on, it deals the cards the seat cannot see afresh. A spectator knows no
    hand and gets none; the review is not offered (the moves live on the server)."""
    with running_server() as server:
        links = create_room(server, game="pitfall", players=2, seed=5)
        table = join(links["seats"][0])
        watcher = join(links["spectator"])
        for each in (table, watcher):
            each.widgets.echo.value = each.token  # shown by a page
            assert not each.evaluation.enabled and each.evaluation.evaluator.number == 0
        table.evaluation.evaluator.budget = 6
        table.evaluation.more_rounds = 0  # exactly the budget, even if too close
        table.evaluation.toggle.value = True
        result = table.evaluation.wait(60)
        assert result is not None and result.n == 6 and result.seat == 0
        watcher.evaluation.toggle.value = True
        assert "spectator" in watcher.evaluation.basis.value
        assert watcher.evaluation.evaluator.number == 0
        table.review.run_button.click()
        assert "online" in table.model.message
        assert table.review.quick_hint.layout.display == "none", "no hint button"
        table.close()
        watcher.close()


def test_a_dropped_connection_shows_a_plain_notice_and_grey_dots_then_resyncs():
    """The connection drops: one plain notice (no traceback), every dot grey, the
    turn line waits; a click is refused in words and changes nothing; once the
    seat has reconnected the notice goes and a click plays."""
    with running_server() as server:
        links = create_room(server, game="pitfall", players=2, bots=1, seed=5)
        table = join(links["seats"][0])
        remote = table.remote
        wait(lambda: bool(table.legal))
        remote._loop.call_soon_threadsafe(remote._conn.close)  # the network drops
        wait(lambda: not remote.connected and "lost" in table.model.message)
        assert (
            table.model.message == "Connection: the connection to the server is lost; "
            "reconnecting\u2026"
        )
        assert "color:#16a34a" not in table.bar.value, "no green dot while down"
        assert "waiting for the connection" in table.bar.value
        step = table.model.step
        table._guard(table.choose)(table.legal[0].action)
        assert (
            table.model.error == ""
            and "Traceback" not in table.widgets.error_area.value
        )
        assert table.model.step == step and "connection to the server is lost" in (
            table.model.message
        )
        wait(lambda: remote.connected and table.model.message == "", timeout=20)
        assert "color:#16a34a" in table.bar.value
        table.choose(table.legal[0].action)
        wait(lambda: table.model.step > step)
        remote.close()


def test_the_undo_button_shows_only_when_the_room_would_take_it():
    """TT-UNDO / TT-OVER: the button is hidden after a roll (an undo back past it
    is refused) and before any move of this seat, shown after a step that drew
    nothing."""
    with running_server() as server:
        links = create_room(server, game="pitfall", players=2, bots=1, seed=0)
        table = join(links["seats"][0])
        try:
            wait(lambda: bool(table.legal))
            assert table.ask_undo.layout.display == "none", "nothing to take back"
            table.choose("roll")
            wait(lambda: "forward" in [str(e.action) for e in table.legal])
            assert table.ask_undo.layout.display == "none", "a roll was shown"
            table.choose("forward")
            wait(lambda: table.ask_undo.layout.display == "")
            assert table.remote.may_undo
        finally:
            table.remote.close()


def test_a_closed_page_shows_its_seat_away_and_a_reopened_one_comes_back():
    """Presence means a person: the page's heartbeat (a hidden Play widget that
    counts in the browser) stops when the page closes, though the kernel lives
    on; the seat then leaves the room (shown not connected to the others) until
    the page beats again."""
    with running_server() as server:
        links = create_room(server, game="pitfall", players=2, seed=4)
        table, other = join(links["seats"][0]), join(links["seats"][1])
        now = [1000.0]
        beat = table.heartbeat
        beat.clock = lambda: now[0]
        beat.check()
        assert not table.remote.away, "no page has beaten yet: a script, not away"
        assert beat.widget.playing, "the page's count is (re)started"
        now[0] += 200
        beat.check()
        assert not table.remote.away
        beat.widget.value += 1  # the page beats
        now[0] += 30
        beat.check()
        assert not table.remote.away and table.remote.connected
        now[0] += 60  # 90 s without a beat: the page is gone
        beat.check()
        assert table.remote.away
        wait(lambda: not table.remote.connected)
        wait(lambda: not other.remote.seats[0]["connected"])
        assert "not connected" in other.bar.value
        beat.widget.value += 1  # the page is open again
        wait(lambda: table.remote.connected and not table.remote.away)
        wait(lambda: other.remote.seats[0]["connected"])
        table.remote.close()
        other.remote.close()


def test_an_online_seat_reads_the_log_in_the_tables_words():
    """RA-S-DEAL: the room words each log line as the notebook table would for
    that seat (its own cards named, another seat's counted), clause kept."""
    with running_server() as server:
        links = create_room(server, game="raiders", players=2, bots=1, seed=6)
        table = join(links["seats"][0])
        try:
            for _ in range(6):
                if any("was dealt" in line for line in table.remote.log()):
                    break
                wait(lambda: bool(table.legal))
                table.choose(table.legal[0].action)
            lines = table.remote.log()
            dealt = [line for line in lines if "was dealt" in line]
            assert any("Player 1 (blue) was dealt 6 cards" in line for line in dealt)
            mine = next(line for line in dealt if "Player 0 (red) was dealt" in line)
            assert "6 cards" not in mine and "(RA-S-DEAL)" in mine
            assert not any("player 0" in line for line in lines), "said in words"
        finally:
            table.remote.close()
