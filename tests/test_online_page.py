"""The browser page a join link opens (``tabletop.page.template``), checked without a
browser: what ``GET /play/<room>`` serves, that only connections asking for it
(``"render": "svg"``) get pictures and words, that those carry nothing of another
seat (every frame checked against the seat's view with the shared leak harness:
RA-S-HIDDEN and Pitfall's hidden hands), and that a Python client's frames are
unchanged."""

from __future__ import annotations

import asyncio
import re
import urllib.request

import pytest

from tabletop.core import Rng
from tabletop.core.viewers import PUBLIC
from tabletop.online import PROTOCOL_VERSION, create_room
from tests.online_wire import Peer, check_page_frames, join_page, running_server

MOVES = 40


def fetch(url: str) -> tuple[dict[str, str], str]:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return dict(answer.headers), answer.read().decode("utf-8")


def test_the_join_link_serves_one_self_contained_page_that_holds_no_token():
    with running_server() as server:
        links = create_room(server, game="raiders", players=2, seed=3)
        page_url, token = links["seats"][0].split("#")
        headers, text = fetch(page_url)
        _, again = fetch(page_url)
    assert headers["Content-Type"].startswith("text/html")
    assert headers["Referrer-Policy"] == "no-referrer"
    policy = headers["Content-Security-Policy"]
    assert "default-src 'none'" in policy and "connect-src 'self'" in policy
    nonce = re.search(r"script-src 'nonce-([^']+)'", policy).group(1)
    assert f'<script nonce="{nonce}">' in text and f'<style nonce="{nonce}">' in text
    assert token not in text and links["room"] in text
    # nothing is fetched from anywhere: no script, style or image comes from a URL
    assert not re.search(r"""(src|href)=["'](?!data:)""", text)
    # the only address written in it is the SVG namespace's name
    assert re.findall(r"https?://[^\s\"']+", text) == ["http://www.w3.org/2000/svg"]
    assert again != text  # a fresh nonce each time
    assert f"const PROTOCOL = {PROTOCOL_VERSION}," in text


async def hello_answers(server, link: str, **extra) -> list[dict]:
    peer = await Peer.join(link, hello=False)
    peer.send(
        t="hello", protocol=PROTOCOL_VERSION, room=peer.room, token=peer.token, **extra
    )
    first = await peer.read()
    if first["t"] == "welcome":
        await peer.until("view")
    peer.close()
    return peer.frames


def test_pictures_go_only_to_connections_that_ask_and_a_bad_render_is_refused():
    with running_server() as server:
        links = create_room(server, game="pitfall", players=2, seed=4)
        plain = asyncio.run(hello_answers(server, links["seats"][0]))
        svg = asyncio.run(hello_answers(server, links["seats"][0], render="svg"))
        bad = asyncio.run(hello_answers(server, links["seats"][0], render="png"))
        room = server.rooms[links["room"]]
        assert room.answerer.look is not None
    assert [f["t"] for f in plain][:2] == ["welcome", "view"]
    assert all("page" not in frame for frame in plain)
    assert "page" in svg[0] and "page" in svg[1]
    for a, b in zip(plain[:2], svg[:2], strict=True):
        assert {k: v for k, v in b.items() if k != "page"} == a
    assert bad[0]["t"] == "error" and bad[0]["code"] == "bad_field"
    assert "render" in bad[0]["message"]


def test_a_room_only_python_clients_join_never_makes_a_picture():
    with running_server() as server:
        links = create_room(server, game="raiders", players=2, seed=5)
        asyncio.run(hello_answers(server, links["seats"][0]))
        look = server.rooms[links["room"]].look  # made for the log's words only
        assert look._board is None, "no picture was drawn"


async def play_pages(server, name: str, players: int, seed: int):
    links = create_room(server, game=name, players=players, seed=seed)
    room = server.rooms[links["room"]]
    game = room.game
    seats = [await join_page(link) for link in links["seats"]]
    watchers = [await join_page(links["spectator"]), await join_page(links["referee"])]
    plain = await Peer.join(links["seats"][0])  # a Python client beside the pages
    peers = [*seats, *watchers, plain]
    for peer in peers:
        await peer.until("view")
    rng = Rng.from_seed(seed)
    for step in range(MOVES):
        state = server.call(lambda: room.match.state)
        if game.outcome(state) is not None:
            break
        mover = game.to_move(state)
        view = [f for f in seats[mover].frames if f["t"] == "view"][-1]
        actions = view["page"]["actions"]
        assert [a["action"] for a in actions] == [e["action"] for e in view["legal"]]
        index, rng = rng.below(len(actions))
        # a stale tap (the step before) is refused in words, and changes nothing
        if step:
            seats[mover].send(t="play", action=actions[index]["action"], at=step - 1)
            refused = await seats[mover].until("refused")
            assert refused["clause"] == "TT-STALE" and refused["words"]
        seats[mover].send(t="play", action=actions[index]["action"], at=step, id=step)
        for peer in peers:
            await peer.until("view", step=step + 1)
    for peer in peers:
        peer.close()
    match = server.call(lambda: room.match)
    viewers = [*range(players), PUBLIC, None]
    checked = sum(
        check_page_frames(match, viewer, peer.frames)
        for peer, viewer in zip(peers, viewers, strict=False)
    )
    assert all("page" not in frame for frame in plain.frames)
    return checked


GAMES = [("raiders", 3, 21), ("pitfall", 3, 22)]


@pytest.mark.parametrize("name, players, seed", GAMES)
def test_every_page_frame_holds_only_the_viewers_own_view(name, players, seed):
    with running_server() as server:
        checked = asyncio.run(play_pages(server, name, players, seed))
    assert checked > 5 * MOVES


@pytest.mark.parametrize("name", ["raiders", "pitfall"])
def test_a_finished_game_reads_as_its_winner_on_every_page(name):
    from tabletop import Match
    from tabletop.bots import make_bot
    from tabletop.core import make_game
    from tabletop.draw import look_for
    from tabletop.draw.pictures import moment
    from tabletop.table import frame as page
    from tabletop.table.words import winner_words

    game = make_game(name, players=3)
    match = Match(game, seed=7)
    bots = [make_bot("heuristic", game, seat) for seat in range(3)]
    while game.outcome(match.state) is None and len(match) < 5000:
        seat = game.to_move(match.state)
        match.play(bots[seat].choose(game.view(match.state, seat)))
    outcome = game.outcome(match.state)
    assert outcome is not None
    look = look_for(game)
    wins, why = winner_words(look, outcome)
    for viewer in (0, 1, 2, PUBLIC, None):
        seen = moment(match, len(match), viewer, look=look)
        recent = page.recap_steps(match.steps, viewer if viewer in (0, 1, 2) else None)
        part = page.view_payload(look, seen, viewer, (), recent)
        assert part["headline"] == {
            "over": True,
            "mine": False,
            "text": f"\u2605 {wins}",
            "more": why,
            "said": f"Game over. {wins} {why}",
        }
        assert part["actions"] == [] and 'class="target"' not in part["svg"]


def test_a_page_hand_says_which_cards_a_press_stands_for():
    """RA-K-COUNTRY: any Country card flies, so each Country card in a seat's own
    hand lists the kinds a tap on it stands for (the page outlines it and lists
    every flight); other cards stand for nothing but themselves."""
    from tabletop.draw import look_for
    from tabletop.table.frame import hand_payload
    from tests.raiders_play import COUNTRY_CARDS_IN_EGYPT, position

    game, state = position(**COUNTRY_CARDS_IN_EGYPT)
    look = look_for(game)
    row = hand_payload(look, game.view(state, 0), 0, 0)
    assert all(set(c["alike"]) == set(game.country_cards) for c in row["cards"])
    other = hand_payload(look, game.view(state, 1), 1, 1)
    assert [c["alike"] for c in other["cards"]] == [[]]  # an Air Passage


def test_the_page_holds_no_gesture_rule_and_no_sentence_of_its_own():
    """The page draws the frame's menus and does its taps: no filtering of the
    actions by a selection, no rule of like cards, no look-up of a space among an
    action's spaces; its words come from ``PAGE_WORDS``."""
    from tabletop.page.template import PAGE_FILE, SCRIPT_FILE
    from tabletop.table.words import PAGE_WORDS

    script = SCRIPT_FILE.read_text(encoding="utf-8")
    for rule in (".filter((a)", "alike", "spaces.includes", "a.card ===",
                 "a.clause ===", "function shown", "tapSpace", "tapCard"):  # fmt: skip
        assert rule not in script, rule
    assert "const WORDS = {{WORDS}};" in script
    # every sentence the page used to hold is a word of PAGE_WORDS now
    for said in ("Your choices", "No cards", "can be played now", "Ask to undo",
                 "Undo asked by", "Watching:", "Referee:", "not connected",
                 "Last: ", "Your turn", "This link", "Bigger board", "Players",
                 "What just happened", "Buzz and beep"):  # fmt: skip
        assert said not in script, said
        assert any(said in words for words in PAGE_WORDS.values()), said
    text = PAGE_FILE.read_text(encoding="utf-8")
    body = text[text.index("<body>") : text.index("<script")]
    assert re.sub(r"<[^>]*>|\s", "", body) == "", "text written in the body"
