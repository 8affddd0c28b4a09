"""Where the join links point: an address the players' devices can open.

A server listening on every address (``--host 0.0.0.0``) has no address of its
own to put in a link: ``http://0.0.0.0:8765`` opens nothing on a phone. Without a
``--public-url`` the links then name this machine's address on its local network,
found without sending anything (a UDP socket's ``connect`` only asks the routing
table which address would be used), else the machine's name, and the host is
warned that this is a guess.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable
from dataclasses import dataclass

EVERY_ADDRESS = frozenset({"", "0.0.0.0", "::", "*"})
"""Hosts that mean "listen on every address of this machine"."""

# TEST-NET-1 (RFC 5737): a route to it is looked up, nothing is ever sent there.
_ROUTE_PROBE = ("192.0.2.1", 9)


def lan_address() -> str | None:
    """This machine's IPv4 address on its network (the one its default route
    leaves by), or ``None`` when it has none but the loopback. Sends nothing."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_ROUTE_PROBE)
            address = probe.getsockname()[0]
    except OSError:
        return None
    if _usable(address):
        return address
    return None


def _usable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_unspecified)


@dataclass(frozen=True)
class LinkAddress:
    """The host part of the join links, and how it was chosen.

    Attributes:
        host: as it goes in a URL (an IPv6 address in brackets).
        guessed: ``""`` when the server listens on exactly this address;
            ``"network"`` when it is this machine's address on its network, and
            ``"name"`` when it is the machine's name (for a server listening on
            every address).
    """

    host: str
    guessed: str = ""

    def base(self, port: int) -> str:
        """The links' base URL for a server on ``port``."""
        return f"http://{self.host}:{port}"

    def warning(self, listening: str, port: int) -> str:
        """A sentence for the host when the links name a guessed address, else
        ``""``."""
        if not self.guessed:
            return ""
        found = (
            "this machine's address on its network"
            if self.guessed == "network"
            else "this machine's name (it found no network address; phones often "
            "cannot look a name up)"
        )
        every = f"every address ({listening or 'all'})"
        return (
            f"warning: the server listens on {every} and no --public-url was "
            f"given, so the links name {self.host}, {found}. If a phone cannot open "
            f"one, start again with --public-url http://ADDRESS:{port}, ADDRESS "
            "being how the players' devices reach this machine (its Wi-Fi "
            "address, or your TLS proxy's https:// name for a class)."
        )


def link_address(
    host: str,
    *,
    network: Callable[[], str | None] | None = None,
    name: Callable[[], str] | None = None,
) -> LinkAddress:
    """The address the join links name for a server listening on ``host``.

    Args:
        host: what the server listens on.
        network: finds this machine's network address (default ``lan_address``).
        name: this machine's name (default ``socket.gethostname``).
    """
    if host.strip() not in EVERY_ADDRESS:
        return LinkAddress(f"[{host}]" if ":" in host else host)
    found = (network or lan_address)()
    if found:
        return LinkAddress(f"[{found}]" if ":" in found else found, "network")
    return LinkAddress((name or socket.gethostname)() or "localhost", "name")
