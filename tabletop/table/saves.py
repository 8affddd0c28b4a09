"""Autosave and resume: a table's match written after every move, offered again.

``SavesMixin`` writes the shown line to the autosave file after every move, with
two companion files beside it: every line of the timeline (``<name>.lines.json``)
and who sat at each seat (``<name>.seats.json``). A table made for an existing
file offers to resume it (``resume_from``); ``resume_saved`` loads it through the
strict loader (``Match.load``: every step replayed through the rules), and
``dismiss_resume`` keeps it beside as ``*.previous.json``. Companion files are
strict JSON with a format and version, refused with ``SaveError`` naming what is
wrong.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from tabletop.core import Match, SaveError
from tabletop.core.jsonio import strict_loads
from tabletop.table import words
from tabletop.table.seats import HUMAN, MAX_AUTO_MOVES, bot_names

# The autosave's companion file: every line of the timeline, so a resume keeps them.
LINES_FORMAT = "tabletop-lines"
LINES_VERSION = 1
# The other companion: who sat at each seat, so a resume keeps the humans human.
SEATS_FORMAT = "tabletop-seats"
SEATS_VERSION = 1


class SavesMixin:
    """Autosave and resume of a table (``TableLogic``)."""

    def _save_if_asked(self) -> None:
        if self.autosave is None or self.resume_from is not None:
            return
        if len(self.match) == 0:
            return
        self.autosave.parent.mkdir(parents=True, exist_ok=True)
        self.match.save(self.autosave)
        self._save_lines(self.autosave)
        self._save_seats(self.autosave)

    def _save_seats(self, path: Path) -> None:
        """Beside the autosave, who sits at each seat: ``<name>.seats.json``
        ("human" or a bot's name) and whether bots move by themselves (``auto``),
        written again when either changes."""
        kept = (path, self.seats, self.auto)
        if kept == self._seats_saved and seats_path(path).exists():
            return
        self._seats_saved = kept
        data = {
            "format": SEATS_FORMAT,
            "version": SEATS_VERSION,
            "seats": self.seats,
            "auto": self.auto,
        }
        _write_beside(seats_path(path), data)

    def _save_lines(self, path: Path) -> None:
        """Beside the autosave (the shown line, a plain save), every line of the
        timeline in order, the shown one as ``null``: ``<name>.lines.json``. With
        one line there is no such file."""
        beside = lines_path(path)
        # Only the shown line moves as the game is played (the autosave has it):
        # the file is written again when the lines or the shown one change.
        # The lines themselves (compared by identity), not their ids: a dropped
        # line's id may be taken by a new one.
        kept = (path, tuple(self.lines), self.match)
        if kept == self._lines_saved and beside.exists() == (len(self.lines) > 1):
            return
        self._lines_saved = kept
        others = [m for m in self.lines if m is not self.match and isinstance(m, Match)]
        if not others:
            beside.unlink(missing_ok=True)
            return
        data = {
            "format": LINES_FORMAT,
            "version": LINES_VERSION,
            "lines": [None if m is self.match else m.to_json() for m in self.lines],
        }
        _write_beside(beside, data)

    def resume_saved(self) -> Match:
        """Load the offered autosave (through the strict loader) and play on, with
        the timeline's other lines when their file beside it reads back (else the
        shown line alone, and ``message`` says why). With no offer pending (it
        was taken: the second click of a double click) nothing changes."""
        path = self.resume_from
        if path is None:
            return self.match
        match = Match.load(path)
        troubles = []
        try:
            lines = load_lines(lines_path(path), match)
        except SaveError as exc:
            lines = [match]
            troubles.append(words.ONLY_SHOWN_LINE.format(exc))
        try:
            seats, auto = load_seats(seats_path(path), self.game.players)
        except SaveError as exc:
            seats, auto = None, None
            troubles.append(words.SEATS_NOT_RESTORED.format(exc))
        played = self.match if len(self.match) else None  # a table made mid-game
        self.resume_from = None
        with self.batch():
            self.load_match(match)
            if played is not None:  # moves made before resuming stay a line
                lines = [*lines, played]
                troubles.append(words.KEPT_AS_LINE)
            self.lines = lines
            if seats is not None:
                self.seat_all(seats)
            if auto is not None:
                self.auto = auto
            self._mail_again()
            if self.auto:
                self.play_bots(MAX_AUTO_MOVES)
            self._hand_over_on_resume()
            self.sync()
            if isinstance(self.viewer, int) and self.curtain is None:
                self.recent = self._missed_by(self.viewer)
        self._save_if_asked()
        if troubles:
            self.message = " ".join(troubles)
        return match

    def _hand_over_on_resume(self) -> None:
        """Between human seats, a resumed game opens behind the hand-over screen
        of the human to move: whoever holds the laptop now may not be them. With a
        bot to move (waiting for a click), it opens behind the screen of the next
        human after that bot in seat order, so no hand shows while it plays."""
        seat = self.game.to_move(self.match.state)
        humans = self.human_seats()
        if not self.handover_on or len(humans) < 2 or seat is None:
            return
        self.hot_seat = True
        if seat in self._bots:
            seat = self._human_after(seat)
        self.curtain = seat
        self.recent = self._missed_by(seat)

    def _save_auto(self) -> None:
        """The seats file keeps whether bots move by themselves the moment it
        changes (a restart before the next move would otherwise bring it back)."""
        if self.autosave is not None and self.resume_from is None and len(self.match):
            self._save_seats(self.autosave)

    def dismiss_resume(self) -> None:
        """Start fresh: the old autosave (and its lines) are kept beside as
        ``*.previous.json`` (``*.previous.lines.json``)."""
        path = self.resume_from
        self.resume_from = None
        if path is not None and path.exists():
            old = path.with_suffix(".previous.json")
            path.replace(old)
            for beside in (lines_path, seats_path):
                if beside(path).exists():
                    beside(path).replace(beside(old))
        with self.batch():
            # The table under the offer waited: its bots move now, as they would
            # have when it was made, and the eyes follow the human seats again.
            if self.auto:
                self.play_bots(MAX_AUTO_MOVES)
            self.sync()


def lines_path(save: Path) -> Path:
    """The file beside an autosave that keeps the timeline's lines."""
    return save.with_suffix(".lines.json")


def _write_beside(path: Path, data: dict[str, Any]) -> None:
    """Write a companion file of the autosave whole or not at all."""
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data), encoding="utf-8")
    tmp.replace(path)


def _read_beside(path: Path, what: str, fmt: str, version: int) -> dict[str, Any]:
    """A companion file of the autosave (strict JSON, its format and version
    checked); ``SaveError`` names what is wrong."""
    try:
        data = strict_loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise SaveError(f"the {what} file {path.name} cannot be read: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise SaveError(f"{path.name} is not a tabletop {what} file")
    if data.get("version") != version:
        raise SaveError(
            f"{path.name} has {what} version {data.get('version')!r}; this tabletop "
            f"reads version {version}"
        )
    return data


def saved_summary(path: Path) -> str:
    """A few words on a saved game for the offer to resume it: its steps and when
    it was saved ("46 steps, saved 2 Dec 08:15"); what cannot be read is left out
    (Resume itself names what is wrong with the file)."""
    parts = []
    try:
        data = strict_loads(path.read_text(encoding="utf-8"))
        steps = data.get("steps") if isinstance(data, dict) else None
        if isinstance(steps, list):
            parts.append(f"{len(steps)} step{'s' if len(steps) != 1 else ''}")
        saved = time.localtime(path.stat().st_mtime)
        parts.append(f"saved {saved.tm_mday} {time.strftime('%b %H:%M', saved)}")
    except (OSError, UnicodeDecodeError, ValueError):
        pass
    return ", ".join(parts)


def seats_path(save: Path) -> Path:
    """The file beside an autosave that keeps who sits at each seat."""
    return save.with_suffix(".seats.json")


def load_seats(path: Path, players: int) -> tuple[tuple[str, ...] | None, bool | None]:
    """The seats kept beside an autosave and whether bots moved by themselves
    (``None`` for what the file does not say: no such file, an older save).

    Raises:
        SaveError: the file is not a seats file of this table, naming why.
    """
    if not path.exists():
        return None, None
    data = _read_beside(path, "seats", SEATS_FORMAT, SEATS_VERSION)
    seats, auto = data.get("seats"), data.get("auto")
    if auto is not None and not isinstance(auto, bool):
        raise SaveError(f"{path.name}: 'auto' must be true or false, not {auto!r}")
    known = (HUMAN, *bot_names())
    if not isinstance(seats, list) or len(seats) != players:
        raise SaveError(f"{path.name} does not list {players} seats")
    for kind in seats:
        if kind not in known:
            raise SaveError(
                f"{path.name} names {kind!r}, not 'human' or a bot "
                f"({', '.join(bot_names())})"
            )
    return tuple(seats), auto


def load_lines(path: Path, shown: Match) -> list[Match]:
    """The lines kept in ``path`` (``_save_lines``), ``shown`` in its place;
    ``[shown]`` when there is no such file.

    Raises:
        SaveError: naming what is wrong (not JSON, another format or version, a
            line that does not load or is another game); nothing is half-loaded.
    """
    if not path.exists():
        return [shown]
    entries = _read_beside(path, "lines", LINES_FORMAT, LINES_VERSION).get("lines")
    if not isinstance(entries, list) or entries.count(None) != 1:
        raise SaveError(f"{path.name}: 'lines' must list the lines, one of them null")
    lines: list[Match] = []
    for number, entry in enumerate(entries, 1):
        if entry is None:
            lines.append(shown)
            continue
        try:
            line = Match.from_json(entry)
        except SaveError as exc:
            raise SaveError(f"{path.name}: line {number}: {exc}") from None
        if line.game.name != shown.game.name or line.game.players != (
            shown.game.players
        ):
            raise SaveError(f"{path.name}: line {number} is another game")
        lines.append(line)
    return lines
