"""Rooms and their actions in SQLite: the action log is the source of truth.

The database runs in WAL mode (readers never block the writer; a crash loses no
committed action) and carries a schema version. A room row holds the game, its
options, the seed, who sits where, the hashes of its tokens and the rules version it
was created under; the actions table holds each action's notation and the digest of
the state it led to. Loading a room replays its actions through the rules and checks
every digest, exactly like loading a save, so an altered database is refused.

The database holds every room's seed (which reveals every hand), so the file and
its ``-wal`` and ``-shm`` companions are readable by their owner only (0600): the
file is created with that mode before SQLite opens it, SQLite gives its companions
the database's mode, and an older, wider file is narrowed when opened.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.core import IllegalActionError, Match, SaveError
from tabletop.core.match import game_from_spec, rules_version, state_digest

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    seats TEXT NOT NULL,
    tokens TEXT NOT NULL,
    rules_version INTEGER NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    room TEXT NOT NULL REFERENCES rooms(id),
    idx INTEGER NOT NULL,
    notation TEXT NOT NULL,
    digest TEXT NOT NULL,
    PRIMARY KEY (room, idx)
);
"""


def _on_disk(path: str) -> bool:
    return path not in ("", ":memory:") and not path.startswith("file:")


def _owner_only(path: str) -> None:
    """Create ``path`` empty with mode 0600 if absent; narrow it to 0600 if not."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        if os.fstat(fd).st_mode & 0o077:
            os.fchmod(fd, 0o600)
    finally:
        os.close(fd)


@dataclass(frozen=True, slots=True)
class RoomRecord:
    """A room as stored: everything needed to rebuild it, except its actions."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    seats: tuple[str, ...]
    tokens: dict[str, str]
    rules_version: int


class Store:
    """The SQLite file holding every room (``":memory:"`` for a throwaway one)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if _on_disk(self.path):
            _owner_only(self.path)
        # The server uses it from its event loop thread only, one call at a time.
        self.db = sqlite3.connect(
            self.path, isolation_level=None, check_same_thread=False
        )
        self.db.execute("PRAGMA journal_mode=WAL")
        if _on_disk(self.path):
            for companion in ("-wal", "-shm"):
                if os.path.exists(self.path + companion):
                    _owner_only(self.path + companion)
        # With WAL, NORMAL keeps every commit through a process crash; only a power
        # cut may lose the last few, and the log stays consistent either way.
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(_SCHEMA)
        row = self.db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
        if row is None:
            self.db.execute(
                "INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),)
            )
        elif int(row[0]) > SCHEMA_VERSION:
            raise SaveError(
                f"database {self.path} has schema version {row[0]}, newer than this "
                f"tabletop reads ({SCHEMA_VERSION}); upgrade tabletop"
            )

    def close(self) -> None:
        self.db.close()

    def journal_mode(self) -> str:
        return self.db.execute("PRAGMA journal_mode").fetchone()[0]

    def add_room(self, record: RoomRecord) -> None:
        self.db.execute(
            "INSERT INTO rooms VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                record.id,
                record.game,
                json.dumps(record.options),
                record.seed,
                json.dumps(list(record.seats)),
                json.dumps(record.tokens),
                record.rules_version,
                time.time(),
            ),
        )

    def add_action(self, room: str, index: int, notation: str, digest: str) -> None:
        """Record action ``index`` (1-based) of a room; committed on return."""
        self.db.execute(
            "INSERT INTO actions VALUES (?, ?, ?, ?)", (room, index, notation, digest)
        )

    def truncate(self, room: str, keep: int) -> None:
        """Drop a room's actions after the first ``keep`` (an accepted undo)."""
        self.db.execute("DELETE FROM actions WHERE room=? AND idx>?", (room, keep))

    def rooms(self) -> list[RoomRecord]:
        rows = self.db.execute(
            "SELECT id, game, options, seed, seats, tokens, rules_version FROM rooms"
        ).fetchall()
        return [
            RoomRecord(
                row[0],
                row[1],
                json.loads(row[2]),
                row[3],
                tuple(json.loads(row[4])),
                json.loads(row[5]),
                row[6],
            )
            for row in rows
        ]

    def actions(self, room: str) -> list[tuple[int, str, str]]:
        return self.db.execute(
            "SELECT idx, notation, digest FROM actions WHERE room=? ORDER BY idx",
            (room,),
        ).fetchall()

    def replay(self, record: RoomRecord) -> Match:
        """The room's match, rebuilt from its seed and action log, digest-checked.

        Raises:
            SaveError: a newer rules version, a gap in the log, a refused action or
                a digest that does not match.
        """
        game = game_from_spec(record.game, dict(record.options))
        current = rules_version(game)
        if record.rules_version > current:
            raise SaveError(
                f"room {record.id} was created under {game.name} rules version "
                f"{record.rules_version}, newer than this tabletop's ({current})"
            )
        # Under older rules the digests cannot match: the actions are replayed by
        # notation and kept when every one is still legal (as saves are migrated).
        migrating = record.rules_version < current
        match = Match(game, record.seed)
        for expected, (index, notation, digest) in enumerate(
            self.actions(record.id), start=1
        ):
            if index != expected:
                raise SaveError(f"room {record.id}: action {expected} is missing")
            try:
                match.play(notation)
            except IllegalActionError as exc:
                raise SaveError(
                    f"room {record.id}: action {index} ({notation}) is refused: {exc}"
                ) from None
            if not migrating and state_digest(game, match.state) != digest:
                raise SaveError(
                    f"room {record.id}: the digest after action {index} does not "
                    "match its replay (the database was altered)"
                )
        if migrating:
            problems = game.invariants(match.state)
            if problems:
                raise SaveError(
                    f"room {record.id}: its replay under today's rules breaks them: "
                    + "; ".join(problems)
                )
            self._migrated(record, match, current)
        return match

    def _migrated(self, record: RoomRecord, match: Match, version: int) -> None:
        """Record a room replayed under newer rules: new digests, new version."""
        for step in match.steps:
            self.db.execute(
                "UPDATE actions SET digest=? WHERE room=? AND idx=?",
                (state_digest(match.game, step.state), record.id, step.index),
            )
        self.db.execute(
            "UPDATE rooms SET rules_version=? WHERE id=?", (version, record.id)
        )
