"""The seats of one device answered in the page's frames, in the browser.

The static site (``tabletop.site``) runs this object in the browser, in a Web
Worker under Pyodide; the seat page talks to it as it talks to the seat server
(``tabletop.online``), and both are answered by the page's one answerer
(``tabletop.page.answerer.Answerer``): the same welcome, views, stale and turn
checks and refusals. Everything a table decides (whose eyes, the hand-over
between two humans, the bots, what a tap means) is the table's own logic
(``tabletop.table.TableLogic``); this object adds what one device has:

- ``handover`` (to the page): the device is to be passed to ``seat``; nothing
  secret is shown until the page answers ``reveal``;
- frames as things happen: a tap is answered with the human's own move at once;
  each bot's move is then its own answer (``advance``, which the worker calls
  while ``busy``), the views saying who is thinking until the last;
- ``save`` (to the page): the match as the notebook saves it (``Match.to_json``)
  and the seats, once the table waits for a human, for the browser's storage
  and a download;
- ``load`` (from the page): a save's JSON text, checked as ``Match.from_json``
  checks a file; a corrupt one is refused in words and nothing changes.

It imports the standard library and ``tabletop`` only (no server, no widget).
"""

from __future__ import annotations

import json
from typing import Any

from tabletop.core import Match, Refusal, SaveError, make_game
from tabletop.core.jsonio import strict_loads
from tabletop.core.match import rules_version
from tabletop.core.opaque import Action
from tabletop.core.rng import fresh_seed
from tabletop.page.answerer import Answerer, with_id
from tabletop.page.protocol import ProtocolError, error_frame, parse_frame
from tabletop.table import TableLogic
from tabletop.table.seats import HUMAN
from tabletop.table.words.panels import pass_the_laptop

#: Frames only a device's own page sends, beside the protocol's.
LOCAL_FRAMES = ("reveal", "save", "load")
#: What a frame of the seat server's alone is told here.
NOT_HERE = (
    "this page plays on from where it is: undo and the referee's export are the "
    "notebook's and the seat server's"
)


class DevicePage:
    """The one page of this device: its eyes (the table's), what it has had,
    and the frames waiting to cross to it."""

    def __init__(self) -> None:
        self.role = "spectator"
        self.seat: int | None = None
        self.logged = 0
        self.render = "svg"
        self.board_sent = False
        self.outbox: list[dict[str, Any]] = []

    def send(self, frame: dict[str, Any]) -> None:
        self.outbox.append(frame)

    def take(self) -> list[dict[str, Any]]:
        frames, self.outbox = self.outbox, []
        return frames


class LocalRoom:
    """One game on one device: its table logic, answered in the page's frames.

    Args:
        game: a registered game's name.
        seats: ``"human"`` or a bot's name per seat (their count: the players).
        seed: the deal (``None``: a fresh one).
        saved: a save's JSON text (``Match.to_json``) to play on from.

    Raises:
        SaveError: ``saved`` is not a save of this game (nothing is made).
        ValueError: a seat names no bot.
    """

    def __init__(
        self,
        game: str,
        seats: list[str],
        seed: int | None = None,
        saved: str | None = None,
    ) -> None:
        from tabletop.draw import look_for

        if saved is not None:
            match = Match.from_json(saved)
            if match.game.name != game:
                raise SaveError(
                    f"this save is a game of {match.game.name}, not of {game}"
                )
            seats = _seats_for(seats, match.game.players)
        else:
            seed = fresh_seed(pinned=False) if seed is None else seed
            match = Match(make_game(game, players=len(seats)), seed=seed)
        self.name = game
        self.look = look_for(match.game)
        self.logic = TableLogic(match, self.look)
        self.logic.auto = False  # the bots move one by one: ``advance``
        self.logic.seat_all(seats)
        self.logic.sync()
        self.page = DevicePage()
        self.answerer = Answerer(self, self.look, "local", rules_version(match.game))
        self.extra = {
            kind: lambda eyes, frame: Refusal("TT-PHASE", NOT_HERE)
            for kind in ("undo_request", "undo_answer", "export")
        }

    # -- what the answerer asks of this device -------------------------------------
    @property
    def match(self) -> Any:
        return self.logic.match

    def seats_payload(self) -> list[dict[str, Any]]:
        return [
            {"seat": seat, "kind": kind, "connected": True}
            for seat, kind in enumerate(self.logic.seats)
        ]

    def thinking(self) -> int | None:
        """The seat whose bot moves next (``advance``), if one does."""
        seat = self.logic.to_move
        if (
            seat in self.logic.bot_seats
            and self.logic.game.outcome(self.logic.state) is None
        ):
            return seat
        return None

    def may_undo(self, seat: int) -> bool | None:
        return None  # no undo on this page

    def apply(self, seat: int, action: Action) -> None:
        """The human's move, on the table's logic, and what the page shows
        after it, as the seat server sends a view before its ``ok``; the bots'
        moves come one by one after (``advance``). Whose turn it is the answerer
        has asked for the page's seat; the table asks only what is its own (the
        hand-over, a new line)."""
        self.logic.choose_for_seat(action)
        for frame in self.show():
            self.page.send(frame)

    # -- frames in, frames out ----------------------------------------------------
    def answer(self, text: str) -> list[dict[str, Any]]:
        """The frames that answer one frame from the page (JSON text)."""
        try:
            frame = _parse(text)
            kind = frame["t"]
            if kind == "hello":
                self.page = DevicePage()  # a page that greets has nothing yet
                return self.show(save=True)
            if kind == "reveal":
                self.logic.reveal()
                return self.show()
            if kind == "load":
                return self._load(frame.get("text"), frame.get("id"))
            if kind == "save":
                return [self.save_frame()]
            self.answerer.answer(self.page, frame, self.extra)
            return self.page.take()
        except ProtocolError as exc:
            return [error_frame(exc.code, exc.message)]

    def busy(self) -> bool:
        """Whether a bot is to move (the worker then calls ``advance``)."""
        return self.thinking() is not None and self.logic.curtain is None

    def advance(self) -> list[dict[str, Any]]:
        """One bot's move, and what the page shows after it."""
        if not self.busy():
            return []
        logic = self.logic
        with logic.batch():
            logic.play_bots(1)
            logic.sync()
        return self.show()

    def show(self, save: bool = False) -> list[dict[str, Any]]:
        """What the page shows now: the hand-over screen, or the view through
        the table's eyes (after a welcome when those eyes changed); then the
        save, once the table waits for a human (or when ``save``)."""
        logic, page = self.logic, self.page
        if logic.curtain is not None:
            name = self.look.seat_name(logic.curtain)
            title, ask, button = pass_the_laptop(name)
            shown = {"t": "handover", "seat": logic.curtain}
            shown.update(title=title, ask=ask, button=button)
            frames = [shown]
        else:
            eyes = logic.eyes
            seat = eyes if isinstance(eyes, int) else None
            role = "seat" if seat is not None else "spectator"
            frames = []
            if (role, seat) != (page.role, page.seat) or not page.board_sent:
                page.role, page.seat, page.logged = role, seat, 0
                frames.append(self.answerer.welcome(page))
            frames.append(self.answerer.view(page, reset=page.logged == 0))
        if save or not self.busy():
            frames.append(self.save_frame())
        return frames

    def welcome(self) -> dict[str, Any]:
        return self.answerer.welcome(self.page)

    def save_frame(self) -> dict[str, Any]:
        """The match as the notebook saves it, and the seats."""
        match = self.logic.match
        if not isinstance(match, Match):  # a device's table plays its own match
            raise TypeError(f"a local room saves a Match, not {type(match).__name__}")
        return {
            "t": "save",
            "game": self.name,
            "seats": list(self.logic.seats),
            "match": match.to_json(),
        }

    def _load(self, text: Any, ident: Any) -> list[dict[str, Any]]:
        """Play on from a save (the notebook's file): refused in words when it is
        not a save of this game; nothing changes then."""
        if not isinstance(text, str):
            return [_refused("TT-SAVE", "a save is JSON text", ident)]
        try:
            room = LocalRoom(self.name, list(self.logic.seats), saved=text)
        except (SaveError, ValueError) as exc:
            return [_refused("TT-SAVE", f"this file cannot be opened: {exc}", ident)]
        self.logic = room.logic
        self.page = DevicePage()
        return [with_id({"t": "ok", "step": len(self.match)}, ident), *self.show()]


def _seats_for(seats: list[str], players: int) -> list[str]:
    """The seats for a save of ``players`` players: these seats where the count
    matches, else every seat human."""
    return list(seats) if len(seats) == players else [HUMAN] * players


def _parse(text: str) -> dict[str, Any]:
    """A page's frame: the protocol's (checked as the server checks them), or one
    of this device's own (``LOCAL_FRAMES``; a save may be larger than a frame)."""
    try:
        frame = strict_loads(text)  # nesting bounded: Pyodide's stack is short
    except ValueError:
        raise ProtocolError("bad_json", "the frame is not valid JSON") from None
    if isinstance(frame, dict) and frame.get("t") in LOCAL_FRAMES:
        return frame
    if isinstance(frame, dict) and frame.get("t") == "hello":
        return frame  # no room or token on one device: nothing to check
    return parse_frame(text)


def _refused(clause: str, reason: str, ident: Any) -> dict[str, Any]:
    return with_id({"t": "refused", "clause": clause, "reason": reason}, ident)


# -- what the worker calls ------------------------------------------------------------
class _Frames:
    """A room the worker speaks to in JSON text (no Python object crosses)."""

    def __init__(self, room: LocalRoom) -> None:
        self.room = room

        self.lost = ""  # why the game kept in the browser could not go on

    def answer_all(self, text: str) -> str:
        frames = self.room.answer(text)
        if self.lost:  # said once, with the new deal's first frames
            frames.append({"t": "refused", "clause": "TT-SAVE", "reason": self.lost})
            self.lost = ""
        return json.dumps(frames)

    def busy(self) -> bool:
        """Whether a bot is to move: the worker asks ``advance_all`` next."""
        return self.room.busy()

    def advance_all(self) -> str:
        """One bot's move and what the page shows after it, as JSON."""
        return json.dumps(self.room.advance())


def start(game: str, seats: str, saved: Any = None) -> _Frames:
    """The worker's room: a new deal for ``seats`` (JSON list), or a save played
    on; a save this game cannot open (another rules version, a damaged one)
    starts a new deal, and the page is told why.

    ``saved`` is a save's JSON text; anything else is no save: JavaScript's
    ``null`` reaches Python as Pyodide's ``jsnull``, which is not ``None``.
    """
    kinds = json.loads(seats)
    lost = ""
    if isinstance(saved, str):
        try:
            return _Frames(LocalRoom(game, kinds, saved=saved))
        except (SaveError, ValueError) as exc:
            lost = f"the game kept in this browser could not go on ({exc}): a new deal"
    frames = _Frames(LocalRoom(game, kinds))
    frames.lost = lost
    return frames


def bot_timings(game: str, bot: str, count: int = 20, seed: int = 1) -> str:
    """Seconds a bot takes to decide, as JSON: its first decision (cold: the
    bot and the game's caches made) and ``count`` more along a seeded game."""
    import time

    from tabletop.bots import make_bot

    match = Match(make_game(game, players=2), seed=seed)
    player = make_bot(bot, match.game, seed)
    times: list[float] = []
    while len(times) <= count and match.game.outcome(match.state) is None:
        seat = match.game.to_move(match.state)
        view = match.game.view(match.state, seat)
        began = time.perf_counter()
        action = player.choose(view)
        times.append(time.perf_counter() - began)
        match.play(action)
    return json.dumps({"cold": times[0], "warm": times[1:]})
