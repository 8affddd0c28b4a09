"""Autosave and resume: a table's match written after every move, offered again.

``Saves``, a part of the table's logic, writes the shown line to the autosave
file after every move, with two companion files beside it: every line of the
timeline (``<name>.lines.json``) and who sat at each seat
(``<name>.seats.json``). A table made for an existing file offers to resume it
(``resume_from``); ``resume_saved`` loads it through the strict loader
(``Match.load``: every step replayed through the rules), and ``dismiss_resume``
keeps it beside as ``*.previous.json``. Companion files are strict JSON with a
format and version, refused with ``SaveError`` naming what is wrong.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabletop.core import Match, MatchLike, SaveError
from tabletop.core.jsonio import strict_loads
from tabletop.table import words
from tabletop.table.changes import Changes
from tabletop.table.news import News
from tabletop.table.seats import HUMAN, MAX_AUTO_MOVES, Seating, bot_names
from tabletop.table.timeline import Timeline

if TYPE_CHECKING:
    from tabletop.table.logic import TableLogic

# The autosave's companion file: every line of the timeline, so a resume keeps them.
LINES_FORMAT = "tabletop-lines"
LINES_VERSION = 1
# The other companion: who sat at each seat, so a resume keeps the humans human.
SEATS_FORMAT = "tabletop-seats"
SEATS_VERSION = 1


class Saves:
    """Autosave and resume of a table.

    Args:
        table: the table whose ``autosave`` this part writes and whose
            ``resume_from`` (the saved game offered) it takes up or dismisses.
        changes: its batches of changes (one notice per gesture).
        seating: who sits (kept beside the save, seated again on resume).
        timeline: its lines (kept beside the save, loaded again on resume).
        news: the letters a resumed game tells again.
    """

    def __init__(
        self,
        table: TableLogic,
        changes: Changes,
        seating: Seating,
        timeline: Timeline,
        news: News,
    ) -> None:
        self.table = table
        self.changes = changes
        self.seating = seating
        self.timeline = timeline
        self.news = news
        #: What the lines file beside the autosave holds (written again on change).
        self.lines_saved: tuple[Any, ...] = ()
        #: What the seats file beside it holds.
        self.seats_saved: tuple[Any, ...] = ()

    def save_if_asked(self) -> None:
        """Write the shown line to the autosave, and its companions beside it
        (no autosave, a saved game still offered or nothing played: nothing)."""
        table = self.table
        path = table.autosave
        if path is None or table.resume_from is not None or len(table.match) == 0:
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        table.match.save(path)
        self.save_lines(path)
        self.save_seats(path)

    def save_seats(self, path: Path) -> None:
        """Beside the autosave, who sits at each seat: ``<name>.seats.json``
        ("human" or a bot's name) and whether bots move by themselves (``auto``),
        written again when either changes."""
        table = self.table
        kept = (path, table.seats, table.auto)
        if kept == self.seats_saved and seats_path(path).exists():
            return
        self.seats_saved = kept
        data = {
            "format": SEATS_FORMAT,
            "version": SEATS_VERSION,
            "seats": table.seats,
            "auto": table.auto,
        }
        _write_beside(seats_path(path), data)

    def save_lines(self, path: Path) -> None:
        """Beside the autosave (the shown line, a plain save), every line of the
        timeline in order, the shown one as ``null``: ``<name>.lines.json``. With
        one line there is no such file."""
        table = self.table
        beside = lines_path(path)
        # Only the shown line moves as the game is played (the autosave has it):
        # the file is written again when the lines or the shown one change.
        # The lines themselves (compared by identity), not their ids: a dropped
        # line's id may be taken by a new one.
        kept = (path, tuple(table.lines), table.match)
        if kept == self.lines_saved and beside.exists() == (len(table.lines) > 1):
            return
        self.lines_saved = kept
        shown = table.match
        others = [m for m in table.lines if m is not shown and isinstance(m, Match)]
        if not others:
            beside.unlink(missing_ok=True)
            return
        data = {
            "format": LINES_FORMAT,
            "version": LINES_VERSION,
            "lines": [
                None if m is shown else m.to_json()
                for m in table.lines
                if isinstance(m, Match)
            ],
        }
        _write_beside(beside, data)

    def resume_saved(self) -> MatchLike:
        """Load the offered autosave (through the strict loader) and play on, with
        the timeline's other lines when their file beside it reads back (else the
        shown line alone, and ``message`` says why). With no offer pending (it
        was taken: the second click of a double click) nothing changes."""
        table = self.table
        path = table.resume_from
        if path is None:
            return table.match
        match = Match.load(path)
        troubles = []
        try:
            lines: list[MatchLike] = list(load_lines(lines_path(path), match))
        except SaveError as exc:
            lines = [match]
            troubles.append(words.ONLY_SHOWN_LINE.format(exc))
        try:
            seats, auto = load_seats(seats_path(path), table.game.players)
        except SaveError as exc:
            seats, auto = None, None
            troubles.append(words.SEATS_NOT_RESTORED.format(exc))
        played = table.match if len(table.match) else None  # a table made mid-game
        table.resume_from = None
        with self.changes.batch():
            self.timeline.load_match(match)
            if played is not None:  # moves made before resuming stay a line
                lines = [*lines, played]
                troubles.append(words.KEPT_AS_LINE)
            table.lines = lines
            if seats is not None:
                self.seating.seat_all(seats)
            if auto is not None:
                table.auto = auto
            self.news.mail_again(self.seating.human_seats())
            if table.auto:
                self.timeline.play_bots(MAX_AUTO_MOVES)
            self.hand_over_on_resume()
            table.sync()
            if isinstance(table.viewer, int) and table.curtain is None:
                table.recent = self.news.missed_by(table.viewer)
        self.save_if_asked()
        if troubles:
            table.message = " ".join(troubles)
        return match

    def hand_over_on_resume(self) -> None:
        """Between human seats, a resumed game opens behind the hand-over screen
        of the human to move: whoever holds the laptop now may not be them. With a
        bot to move (waiting for a click), it opens behind the screen of the next
        human after that bot in seat order, so no hand shows while it plays."""
        table = self.table
        seat = table.game.to_move(table.match.state)
        humans = self.seating.human_seats()
        if not table.handover_on or len(humans) < 2 or seat is None:
            return
        table.hot_seat = True
        if seat in self.seating.bots:
            seat = self.seating.human_after(seat)
        table.curtain = seat
        if seat is not None:
            table.recent = self.news.missed_by(seat)

    def save_auto(self) -> None:
        """The seats file keeps whether bots move by themselves the moment it
        changes (a restart before the next move would otherwise bring it back)."""
        table = self.table
        path = table.autosave
        if path is not None and table.resume_from is None and len(table.match):
            self.save_seats(path)

    def dismiss_resume(self) -> None:
        """Start fresh: the old autosave (and its lines) are kept beside as
        ``*.previous.json`` (``*.previous.lines.json``)."""
        table = self.table
        path = table.resume_from
        table.resume_from = None
        if path is not None and path.exists():
            old = path.with_suffix(".previous.json")
            path.replace(old)
            for beside in (lines_path, seats_path):
                if beside(path).exists():
                    beside(path).replace(beside(old))
        with self.changes.batch():
            # The table under the offer waited: its bots move now, as they would
            # have when it was made, and the eyes follow the human seats again.
            if table.auto:
                self.timeline.play_bots(MAX_AUTO_MOVES)
            table.sync()


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
    """The lines kept in ``path`` (``Saves.save_lines``), ``shown`` in its place;
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
