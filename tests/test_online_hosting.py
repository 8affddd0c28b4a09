"""Hosting a class: what the host reads matches what the server does.

The protocol version docs/online.md gives is the server's; a server listening on
every address hands out links a phone can open (never ``http://0.0.0.0``) and
warns that their address is a guess; ``room`` speaks of bots as every screen
does (Easy, Medium, Hard). Tests listen on 127.0.0.1 only: the links for other
hosts come from the functions that make them, with the network address given.
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

import pytest

from tabletop.online import address
from tabletop.online.address import LinkAddress, lan_address, link_address
from tabletop.online.cli import add_commands, startup_report
from tabletop.online.server import RoomSpecError, Server, check_room_spec
from tabletop.page.protocol import PROTOCOL_VERSION
from tests.online_wire import running_server

DOC = Path(__file__).resolve().parent.parent / "docs" / "online.md"


def test_the_doc_gives_the_server_s_protocol_version():
    said = re.findall(r"[Pp]rotocol version (\d+)", DOC.read_text())
    assert said and {int(n) for n in said} == {PROTOCOL_VERSION}, said


# -- links -------------------------------------------------------------------------


@pytest.mark.parametrize("host", ["0.0.0.0", "::", ""])
def test_a_server_on_every_address_links_to_its_network_address(host):
    found = link_address(host, network=lambda: "192.168.1.20")
    assert found == LinkAddress("192.168.1.20", "network")
    assert found.base(8765) == "http://192.168.1.20:8765"
    warning = found.warning(host, 8765)
    assert "192.168.1.20" in warning and "--public-url http://ADDRESS:8765" in warning


def test_without_a_network_address_the_links_name_the_machine():
    found = link_address("0.0.0.0", network=lambda: None, name=lambda: "hostbox")
    assert found.base(9000) == "http://hostbox:9000"
    assert "machine's name" in found.warning("0.0.0.0", 9000)


@pytest.mark.parametrize(
    ("host", "base"),
    [
        ("127.0.0.1", "http://127.0.0.1:8765"),
        ("192.168.1.20", "http://192.168.1.20:8765"),
        ("fe80::1", "http://[fe80::1]:8765"),
        ("games.local", "http://games.local:8765"),
    ],
)
def test_a_server_on_one_address_links_to_it_without_a_warning(host, base):
    found = link_address(host, network=pytest.fail)
    assert found.base(8765) == base and found.warning(host, 8765) == ""


def test_the_network_address_is_never_the_loopback_or_unspecified():
    found = lan_address()  # a UDP connect: a route looked up, nothing sent
    assert found is None or found.split(".")[0] not in ("127", "0"), found


@pytest.fixture
def on_every_address(monkeypatch):
    """A server made to listen on 0.0.0.0 (never listening here) on a machine
    whose network address is 192.0.2.7."""
    monkeypatch.setattr(address, "lan_address", lambda: "192.0.2.7")
    made = []

    def make(**options):
        server = Server(db=":memory:", host="0.0.0.0", port=8765, **options)
        made.append(server)
        return server

    yield make
    for server in made:
        server.store.close()


def test_serve_on_every_address_hands_out_reachable_links_and_warns(on_every_address):
    server = on_every_address()
    links = server.create_room("pitfall", players=2)
    every = [*links["seats"], links["spectator"], links["referee"]]
    assert all(link.startswith("http://192.0.2.7:8765/play/") for link in every)
    said, warning = startup_report(server, "rooms.sqlite")
    assert "0.0.0.0:" not in said and "links use http://192.0.2.7:8765" in said
    assert warning.startswith("warning:") and "--public-url" in warning


def test_a_server_on_one_address_says_it_as_a_link():
    """Scripts read the port from this line (tests/test_online_restart.py,
    benchmarks/server.py)."""
    server = Server(db=":memory:", host="127.0.0.1", port=8765)
    said, warning = startup_report(server, "rooms.sqlite")
    server.store.close()
    assert said.startswith("tabletop server on http://127.0.0.1:8765 (0 rooms")
    assert warning == ""


def test_a_public_url_is_used_as_given_without_a_warning(on_every_address):
    server = on_every_address(public_url="https://games.school.example")
    links = server.create_room("pitfall", players=2)
    assert links["referee"].startswith("https://games.school.example/play/")
    assert startup_report(server, "rooms.sqlite")[1] == ""


# -- bots by level -----------------------------------------------------------------


def room_parser() -> tuple[argparse.ArgumentParser, argparse.ArgumentParser]:
    """The command line's parser, and its ``room`` command's."""
    parser = argparse.ArgumentParser(prog="tabletop")
    commands = parser.add_subparsers()
    add_commands(commands)
    return parser, commands.choices["room"]


def test_room_help_names_the_levels_every_screen_shows():
    parser, room = room_parser()
    text = room.format_help()
    bot_help = text[text.index("--bot LEVEL") :]
    assert all(level in bot_help for level in ("Easy", "Medium", "Hard"))
    assert not re.search(r"heuristic|search|ismcts|flat-mc", text), text
    assert parser.parse_args(["room", "pitfall"]).bot == "Easy"
    assert parser.parse_args(["room", "pitfall", "--bot", "hard"]).bot == "Hard"


@pytest.mark.parametrize(
    ("bot", "kind"),
    [
        ("Easy", "heuristic"),
        ("medium", "ismcts"),
        ("HARD", "flat-mc"),
        ("random", "random"),
        ("heuristic", "heuristic"),  # the algorithms' names are still taken
        ("search", "search"),
    ],
)
def test_a_room_takes_a_level_and_keeps_its_algorithm(bot, kind):
    _, _, seats, _ = check_room_spec("pitfall", 3, 2, bot, None, None)
    assert seats == ["human", kind, kind]


def test_each_seat_may_name_a_level():
    _, _, seats, _ = check_room_spec(
        "raiders", 3, ["human", "Easy", "Hard"], "Easy", None, None
    )
    assert seats == ["human", "heuristic", "flat-mc"]


def test_an_unknown_bot_is_refused_naming_the_levels():
    with pytest.raises(RoomSpecError, match="Easy, Medium, Hard or random"):
        check_room_spec("pitfall", 2, 1, "expert", None, None)
    with pytest.raises(RoomSpecError, match="Easy, Medium, Hard or random"):
        check_room_spec("pitfall", 2, ["human", "expert"], "Easy", None, None)


def test_the_room_command_seats_the_level_asked_for(capsys):
    with running_server() as server:
        args = room_parser()[0].parse_args(
            [
                "room",
                "pitfall",
                "--players",
                "3",
                "--bots",
                "2",
                "--bot",
                "medium",
                "--server",
                server.url,
                "--admin-token",
                server.admin_token,
            ]
        )
        assert args.run(args) == 0
        links = json.loads(capsys.readouterr().out)
        seats = server.call(lambda: server.rooms[links["room"]].record.seats)
    assert seats == ("human", "ismcts", "ismcts")
