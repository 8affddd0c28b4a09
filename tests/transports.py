"""Both transports of the seat page, driven with the same frames.

The seat server's room (``tabletop.online.room.Room``, with a throwaway store, its
bots' moves run when the walk says so) and the static site's room of one device
(``tabletop.site.local.LocalRoom``, its bots' moves by ``advance``) are given the
same deal, the same seats (one human, bots) and the same frames, and must answer
alike: the welcome, every view (the page's pictures and words included), ``ok``,
refusals with their clause and words (stale and out-of-turn taps included) and
errors. What only one transport has is left out of the comparison: the server's
presence and undo frames, the site's saves, ``may_undo`` (the site has no undo).

``walk`` makes seeded random gestures and returns the first difference (none:
``None``); ``tests/test_page_transports.py`` runs it in CI and
``benchmarks/explore.py --transports`` long.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from tabletop.core import Match, make_game
from tabletop.core.match import rules_version
from tabletop.online.room import Room
from tabletop.online.store import RoomRecord, Store
from tabletop.page.protocol import ProtocolError, error_frame, parse_frame
from tabletop.site.local import LocalRoom

#: Frames one transport sends that the other has no counterpart of.
ONE_SIDED = {"presence", "undo", "save"}
GESTURES = (
    "play",
    "play",
    "play",
    "stale",
    "early",
    "nonsense",
    "malformed",
    "ping",
    "view_at",
    "bot",
    "bot",
)


@dataclass
class Page:
    """A seat page's connection to the server's room (``Eyes``)."""

    role: str = "seat"
    seat: int | None = 0
    logged: int = 0
    render: str = "svg"
    board_sent: bool = False
    outbox: list[dict[str, Any]] = field(default_factory=list)

    def send(self, frame: dict[str, Any]) -> None:
        self.outbox.append(frame)

    def take(self) -> list[dict[str, Any]]:
        frames, self.outbox = self.outbox, []
        return frames


class ServerSide:
    """A room of the seat server, its page joined at seat 0."""

    def __init__(self, game: str, seats: list[str], seed: int) -> None:
        made = make_game(game, players=len(seats))
        record = RoomRecord(
            "alike", made.name, {}, seed, tuple(seats), {}, rules_version(made)
        )
        self.store = Store(":memory:")
        self.store.add_room(record)
        self.waiting: list[Any] = []
        self.room = Room(
            record,
            Match(made, seed),
            self.store,
            lambda delay, call: self.waiting.append(call),
            bot_delay=0,
        )
        self.room.kick_bots()  # as the server does once a room is made
        self.page = Page()
        self.room.join(self.page)

    def hello(self) -> list[dict[str, Any]]:
        return self.page.take()

    def send(self, frame: dict[str, Any]) -> list[dict[str, Any]]:
        try:
            self.room.answer(self.page, parse_frame(json.dumps(frame)))
        except ProtocolError as exc:
            self.page.send(error_frame(exc.code, exc.message, frame.get("id")))
        return self.page.take()

    def busy(self) -> bool:
        return bool(self.waiting)

    def advance(self) -> list[dict[str, Any]]:
        self.waiting.pop(0)()
        return self.page.take()

    @property
    def match(self) -> Match:
        return self.room.match


class SiteSide:
    """The static site's room of one device (its Python, here in CPython)."""

    def __init__(self, game: str, seats: list[str], seed: int) -> None:
        self.room = LocalRoom(game, seats, seed=seed)

    def hello(self) -> list[dict[str, Any]]:
        return self.room.answer(json.dumps({"t": "hello"}))

    def send(self, frame: dict[str, Any]) -> list[dict[str, Any]]:
        return self.room.answer(json.dumps(frame))

    def busy(self) -> bool:
        return self.room.busy()

    def advance(self) -> list[dict[str, Any]]:
        return self.room.advance()

    @property
    def match(self) -> Match:
        return self.room.match


def comparable(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The frames both transports send, without what only one has."""
    out = []
    for frame in frames:
        if frame["t"] in ONE_SIDED:
            continue
        frame = {k: v for k, v in frame.items() if k not in ("may_undo", "room")}
        if frame["t"] == "error":  # a server's error may echo an id; same words
            frame.pop("id", None)
        out.append(frame)
    return out


def difference(a: Any, b: Any, where: str = "") -> str | None:
    """Where two JSON values first differ, in words (None: they do not)."""
    if type(a) is not type(b):
        return f"{where}: {type(a).__name__} != {type(b).__name__}"
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b)):
            if key not in a or key not in b:
                return f"{where}.{key}: only on the {'server' if key in a else 'site'}"
            found = difference(a[key], b[key], f"{where}.{key}")
            if found:
                return found
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{where}: {len(a)} items != {len(b)}"
        for k, (x, y) in enumerate(zip(a, b, strict=True)):
            found = difference(x, y, f"{where}[{k}]")
            if found:
                return found
        return None
    return None if a == b else f"{where}: {str(a)[:80]!r} != {str(b)[:80]!r}"


@dataclass
class Finding:
    """A gesture the transports answered differently."""

    game: str
    seats: list[str]
    seed: int
    gestures: list[str]
    what: str

    def __str__(self) -> str:
        return (
            f"{self.game} {self.seats} seed {self.seed}, after "
            f"{' '.join(self.gestures[-6:])}: {self.what}"
        )


def walk(
    game: str, seats: list[str], seed: int, count: int
) -> tuple[Finding | None, int, int]:
    """``count`` seeded gestures on both transports (fewer if the game ends):
    the first difference (or None), how many frames were compared and how many
    gestures were made."""
    rng = random.Random(seed)
    server, site = ServerSide(game, seats, seed), SiteSide(game, seats, seed)
    done: list[str] = []
    compared = 0

    def check(a: list[dict], b: list[dict], what: str) -> Finding | None:
        nonlocal compared
        a, b = comparable(a), comparable(b)
        compared += len(a)
        found = difference(a, b, what)
        return None if found is None else Finding(game, seats, seed, done, found)

    found = check(server.hello(), site.hello(), "hello")
    if found:
        return found, compared, len(done)
    ident = 0
    for _ in range(count):
        if server.busy() != site.busy():
            return (
                Finding(game, seats, seed, done, "one transport waits for a bot"),
                compared,
                len(done),
            )
        match = server.match
        step, state = len(match), match.state
        over = match.game.outcome(state) is not None
        if over:
            break
        gesture = rng.choice(GESTURES)
        if gesture == "bot" and not server.busy():
            gesture = "play"
        mover = match.game.to_move(state)
        legal = [str(a) for a in match.game.legal_actions(state)]
        ident += 1
        frame: dict[str, Any]
        if gesture == "bot":
            done.append("bot")
            found = check(server.advance(), site.advance(), "bot move")
            if found:
                return found, compared, len(done)
            continue
        if gesture == "play":
            if mover != 0 or server.busy():
                gesture = "early"
            frame = {"t": "play", "action": rng.choice(legal), "at": step}
        if gesture == "early":
            frame = {"t": "play", "action": rng.choice(legal), "at": step}
        elif gesture == "stale":
            frame = {
                "t": "play",
                "action": rng.choice(legal),
                "at": step - rng.choice((1, -2)),
            }
        elif gesture == "nonsense":
            frame = {
                "t": "play",
                "action": rng.choice(("fly to the moon", "roll 7", "")),
                "at": step,
            }
        elif gesture == "malformed":
            frame = rng.choice(
                ({"t": "play"}, {"t": "play", "action": 3, "at": step}, {"t": "dance"})
            )
        elif gesture == "ping":
            frame = {"t": "ping"}
        elif gesture == "view_at":
            frame = {"t": "view_at", "step": rng.randint(-1, step + 1)}
        frame["id"] = ident
        done.append(json.dumps(frame))
        found = check(server.send(frame), site.send(frame), gesture)
        if found:
            return found, compared, len(done)
        if server.match.steps and site.match.steps:
            if str(server.match.steps[-1].action) != str(site.match.steps[-1].action):
                return (
                    Finding(game, seats, seed, done, "the matches differ"),
                    compared,
                    len(done),
                )
    return None, compared, len(done)
