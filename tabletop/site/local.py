"""A seat server for the seats of one device: the protocol's frames, answered here.

The static site (``tabletop.site``) runs this object in the browser, in a Web
Worker under Pyodide; the seat page talks to it as it talks to the seat server
(``tabletop.online``): it says ``hello``, sends ``play`` frames and draws the
``welcome`` and ``view`` frames it gets back. Everything a table decides (whose
eyes, the hand-over between two humans, the bots, what a tap means) is the
table's own logic (``tabletop.table.TableLogic``); this object only speaks for it
in frames. Frames it adds to the protocol, for a device that holds every seat:

- ``handover`` (to the page): the device is to be passed to ``seat``; nothing
  secret is shown until the page answers ``reveal``;
- ``save`` (to the page): the match as the notebook saves it (``Match.to_json``)
  and the seats, after every change, for the browser's storage and a download;
- ``load`` (from the page): a save's JSON text, checked as ``Match.from_json``
  checks a file; a corrupt one is refused in words and nothing changes.

It imports the standard library and ``tabletop`` only (no server, no widget).
"""

from __future__ import annotations

import json
from typing import Any

from tabletop.core import IllegalActionError, Match, SaveError, make_game
from tabletop.core.jsonio import strict_loads
from tabletop.core.rng import fresh_seed
from tabletop.page.protocol import PROTOCOL_VERSION, ProtocolError, parse_frame
from tabletop.table import TableLogic
from tabletop.table.frame import board_payload
from tabletop.table.seats import HUMAN
from tabletop.table.words.panels import pass_the_laptop

#: Frames only a device's own page sends, beside the protocol's.
LOCAL_FRAMES = ("reveal", "save", "load")


class LocalRoom:
    """One game on one device: its table logic, answered in protocol frames.

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
        self.logic.seat_all(seats)
        self.logic.auto_play()

    # -- frames in, frames out ----------------------------------------------------
    def answer(self, text: str) -> list[dict[str, Any]]:
        """The frames that answer one frame from the page (JSON text)."""
        try:
            frame = _parse(text)
        except ProtocolError as exc:
            return [{"t": "error", "code": exc.code, "message": exc.message}]
        kind, ident = frame["t"], frame.get("id")
        if kind == "hello":
            return self.show()
        if kind == "ping":
            return [_with_id({"t": "pong"}, ident)]
        if kind == "play":
            return self._play(frame["action"], frame["at"], ident)
        if kind == "reveal":
            self.logic.reveal()
            return self.show()
        if kind == "load":
            return self._load(frame.get("text"), ident)
        if kind == "save":
            return [self.save_frame()]
        # view_at, undo_request, undo_answer, export: the notebook's, not the site's.
        refused = (
            "this page plays on from where it is: looking back, undo and the "
            "referee's export are the notebook's"
        )
        return [_refused("TT-PHASE", refused, ident)]

    def show(self) -> list[dict[str, Any]]:
        """What the page shows now: the hand-over screen, or the welcome of the
        seat whose eyes the table uses and its view; then the save."""
        logic = self.logic
        if logic.curtain is not None:
            name = self.look.seat_name(logic.curtain)
            title, ask, button = pass_the_laptop(name)
            shown = {"t": "handover", "seat": logic.curtain}
            shown.update(title=title, ask=ask, button=button)
            return [shown, self.save_frame()]
        return [self.welcome(), self.view(), self.save_frame()]

    def welcome(self) -> dict[str, Any]:
        game = self.logic.game
        return {
            "t": "welcome",
            "protocol": PROTOCOL_VERSION,
            "room": "local",
            "role": "seat" if isinstance(self.logic.eyes, int) else "spectator",
            "seat": self.logic.eyes if isinstance(self.logic.eyes, int) else None,
            "game": game.name,
            "options": {"players": game.players, **dict(game.options)},
            "seats": self.seats_payload(),
            "page": board_payload(self.look),
        }

    def seats_payload(self) -> list[dict[str, Any]]:
        return [
            {"seat": seat, "kind": kind, "connected": True}
            for seat, kind in enumerate(self.logic.seats)
        ]

    def view(self) -> dict[str, Any]:
        """The view frame of the table's eyes: ``TableLogic.frame``."""
        logic = self.logic
        outcome = logic.game.outcome(logic.state)
        return {
            "t": "view",
            "step": logic.step,
            "to_move": logic.to_move,
            "log": [],
            "reset": True,
            "legal": [],
            "outcome": None
            if outcome is None
            else {"winner": outcome.winner, "clause": outcome.clause},
            "may_undo": False,
            "page": logic.frame(),
        }

    def save_frame(self) -> dict[str, Any]:
        """The match as the notebook saves it, and the seats."""
        return {
            "t": "save",
            "game": self.name,
            "seats": list(self.logic.seats),
            "match": self.logic.match.to_json(),
        }

    # -- gestures ------------------------------------------------------------------
    def _play(self, notation: str, at: int, ident: Any) -> list[dict[str, Any]]:
        logic = self.logic
        if at != logic.step:
            reason = f"the game has moved on to step {logic.step} (you acted on {at})"
            return [_refused("TT-STALE", reason, ident)]
        try:
            logic.choose(notation)
        except IllegalActionError as exc:
            return [_refused(exc.clause, exc.reason, ident)]
        return [_with_id({"t": "ok"}, ident), *self.show()]

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
        return [_with_id({"t": "ok"}, ident), *self.show()]


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


def _with_id(frame: dict[str, Any], ident: Any) -> dict[str, Any]:
    if ident is not None:
        frame["id"] = ident
    return frame


def _refused(clause: str, reason: str, ident: Any) -> dict[str, Any]:
    return _with_id({"t": "refused", "clause": clause, "reason": reason}, ident)


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
    times = []
    while len(times) <= count and match.game.outcome(match.state) is None:
        seat = match.game.to_move(match.state)
        view = match.game.view(match.state, seat)
        began = time.perf_counter()
        action = player.choose(view)
        times.append(time.perf_counter() - began)
        match.play(action)
    return json.dumps({"cold": times[0], "warm": times[1:]})
