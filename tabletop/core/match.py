"""The match: a game's timeline that you can walk, fork, edit, save and load.

A ``Match`` keeps every state it has passed through (states are immutable and share
structure), so ``goto`` any step costs the same whatever the length of the game.
A save holds the game, its options, the seed and the list of actions and edits, with
digests of that record and of the final state; loading checks the record against its
digests, replays it through the rules and checks the result, so a damaged or
hand-altered save is refused rather than trusted (the digests are no signature:
anyone can recompute them).

Versions (the policy is written out in ``docs/saves.md``): a save records the save
format's version, the game's ``RULES_VERSION`` and the digest of the board file it was
played on. A save made under older rules or another board is migrated: its actions
are replayed by notation under today's rules and accepted when every one is still
legal and the final state keeps the game's invariants (the digest, which depends on
the old rules, is not compared then). A save from newer rules or a newer format is
refused, naming the version.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.core.errors import IllegalActionError, IllegalEditError, SaveError
from tabletop.core.game import Event, Explanation, Game, Outcome, Refusal
from tabletop.core.jsonio import NestingError, strict_loads
from tabletop.core.matchlike import check_capability
from tabletop.core.opaque import JSON, Action, Eyes, State
from tabletop.core.registry import lookup

SAVE_FORMAT = "tabletop.match"
SAVE_VERSION = 3
"""Version 2 added ``rules_version`` and ``board`` (version 1 saves are migrated);
version 3 added ``setup_digest`` and ``steps_digest`` (version 2 saves are read with
the final state's digest alone)."""

RECORD_DIGESTS = ("setup_digest", "steps_digest")
"""The digests of a save's record (from format version 3): its setup (every field
but the steps, the cursor and the digests) and its steps."""


@dataclass(frozen=True, slots=True)
class Step:
    """One move along the timeline: an action or an edit, and what it led to.

    Attributes:
        index: the step number (step 0 is the initial state; this is step >= 1).
        player: the seat that acted (``None`` for edits).
        action: the action object, or ``None`` for an edit.
        edit: the edit as ``{"op": ..., **args}``, or ``None`` for an action.
        events: what happened, in order.
        state: the state after this step.
    """

    index: int
    player: int | None
    action: Action
    edit: Mapping[str, Any] | None
    events: tuple[Event, ...]
    state: State

    @property
    def notation(self) -> str:
        if self.action is not None:
            return str(self.action)
        edit = self.edit or {}
        args = ", ".join(f"{k}={v!r}" for k, v in edit.items() if k != "op")
        return f"edit {edit.get('op')}({args})"


class Match:
    """A game in progress: the initial state plus the steps taken from it.

    It implements ``tabletop.core.MatchLike`` and allows every capability there.

    Args:
        game: a Game instance (any registered game).
        seed: the seed of every random thing in the game.
    """

    def __init__(self, game: Game, seed: int = 0) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, not {type(seed).__name__}")
        self.game = game
        self.seed = seed
        # A game may report what happened while setting up (deal, roll-off).
        setup = getattr(game, "setup", None)
        if setup is not None:
            self._initial, events = setup(seed)
            self.setup_events: tuple[Event, ...] = tuple(events)
        else:
            self._initial = game.initial_state(seed)
            self.setup_events = ()
        self._steps: list[Step] = []
        self._cursor = 0
        self._given_start = False
        self.migrated_from = ""
        """Why this match was migrated when loaded from an older save ("" if not)."""

    @classmethod
    def from_state(cls, game: Game, state: State, seed: int = 0) -> Match:
        """A match whose timeline starts at ``state`` (a scenario, a set position).

        Its save keeps that starting state, so loading replays from it.

        Raises:
            IllegalEditError: the state breaks the game's invariants.
        """
        problems = game.invariants(state)
        if problems:
            raise IllegalEditError("not a consistent state: " + "; ".join(problems))
        match = cls.__new__(cls)
        match.game, match.seed, match._initial = game, seed, state
        match._steps, match._cursor, match._given_start = [], 0, True
        match.setup_events = ()
        match.migrated_from = ""
        return match

    @classmethod
    def from_position(cls, game: Game, *, match_seed: int = 0, **fields: Any) -> Match:
        """A match starting from a position described in a few keywords.

        Every keyword but ``match_seed`` belongs to the game's position description
        (``positions``, ``hands``...; listed in ``docs/rules-<game>.md``), ``seed``
        included: a description's ``seed`` (in both shipped games, the order of the
        cards it does not name) goes to the position, never to the match.
        ``match_seed`` is the match's own ``seed`` attribute (``Match.from_state``),
        kept in its save. The position is checked like an edit, so one that breaks
        the game's invariants is refused with the reason.

        Raises:
            IllegalEditError: naming what is wrong with the description.
        """
        describe = getattr(game, "position", None)  # optional in a game
        if describe is None:
            raise IllegalEditError(f"{game.name} takes no position descriptions")
        try:
            state = describe(**fields)
        except (ValueError, TypeError, KeyError) as exc:
            raise IllegalEditError(f"not a position of {game.name}: {exc}") from None
        return cls.from_state(game, state, match_seed)

    # -- where we are -------------------------------------------------------------
    @property
    def state(self) -> State:
        """The state at the current step."""
        return self._steps[self._cursor - 1].state if self._cursor else self._initial

    @property
    def initial_state(self) -> State:
        return self._initial

    @property
    def cursor(self) -> int:
        """The current step number (0 = the initial state)."""
        return self._cursor

    @property
    def steps(self) -> tuple[Step, ...]:
        """Every step of the timeline, including those ahead of the cursor."""
        return tuple(self._steps)

    def __len__(self) -> int:
        return len(self._steps)

    def state_at(self, step: int) -> State:
        self._check_step(step)
        return self._steps[step - 1].state if step else self._initial

    def to_move(self) -> int | None:
        return self.game.to_move(self.state)

    def pending(self) -> str:
        return self.game.pending(self.state)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    @property
    def over(self) -> bool:
        return self.outcome() is not None

    def legal_actions(self) -> tuple[Action, ...]:
        return tuple(self.game.legal_actions(self.state))

    def explain(self) -> tuple[Explanation, ...]:
        """Every legal action now, with its clause and a sentence."""
        return tuple(self.game.explain(self.state))

    def check(self, action: Action) -> Refusal | None:
        """``None`` if the action (or notation) is legal now, else the refusal."""
        try:
            action = self._parse(action)
        except IllegalActionError as exc:
            return Refusal(exc.clause, exc.reason)
        return self.game.check(self.state, action)

    def view(self, viewer: Eyes = None) -> State:
        """The current state as ``viewer`` may see it (a seat, None, or a Viewer)."""
        return self.game.view(self.state, viewer)

    def log(self, viewer: Eyes = None) -> list[str]:
        """The event log up to the cursor, as a viewer may read it."""
        lines = [f"{0:>4}  {event.seen_by(viewer)}" for event in self.setup_events]
        for step in self._steps[: self._cursor]:
            for event in step.events:
                lines.append(f"{step.index:>4}  {event.seen_by(viewer)}")
        return lines

    # -- moving along -------------------------------------------------------------
    def play(self, action: Action) -> tuple[Event, ...]:
        """Play an action or its notation; raises ``IllegalActionError`` if illegal.

        Playing from an earlier step drops the steps ahead of it (like any undo).
        """
        action = self._parse(action)
        state = self.state
        player = self.game.to_move(state)
        # ``apply`` checks the action and raises the refusal; nothing changes then.
        new_state, events = self.game.apply(state, action)
        self._push(
            Step(self._cursor + 1, player, action, None, tuple(events), new_state)
        )
        return tuple(events)

    def play_until(
        self, seat: int | None, bots: Mapping[int, Any], *, max_steps: int = 1000
    ) -> int:
        """Let bots play until ``seat`` must decide or the game ends.

        Args:
            seat: the seat to stop for (``None``: play to the end).
            bots: seat -> bot (any object with ``choose(view)``, such as
                ``tabletop.bots.make_bot("heuristic", game)``) for every seat that
                may have to decide before ``seat`` does.
            max_steps: a safety cut.

        Returns:
            The number of steps played.

        Raises:
            ValueError: a seat other than ``seat`` must decide and has no bot, or the
                cut was reached; the steps played so far stay on the timeline.
        """
        played = 0
        while not self.over:
            mover = self.to_move()
            if mover is None or mover == seat:
                break
            if played >= max_steps:
                raise ValueError(f"seat {seat} was not reached in {max_steps} steps")
            bot = bots.get(mover)
            if bot is None or not hasattr(bot, "choose"):
                raise ValueError(f"seat {mover} must decide now and has no bot")
            self.play(bot.choose(self.game.view(self.state, mover)))
            played += 1
        return played

    def edit(self, op: str, **args: Any) -> tuple[Event, ...]:
        """Change the state in a validated way, recorded as a step of its own.

        Raises:
            IllegalEditError: the edit would break the game's invariants; nothing
                changes.
        """
        result = self.game.edit(self.state, op, args)
        problems = self.game.invariants(result.state)
        if problems:
            raise IllegalEditError(f"edit {op} refused: " + "; ".join(problems))
        spec = {"op": op, **args}
        self._push(
            Step(self._cursor + 1, None, None, spec, result.events, result.state)
        )
        return result.events

    def force_roll(self, *values: int) -> tuple[Event, ...]:
        """Force the next die roll(s), recorded as an edit."""
        return self.edit("force_roll", values=list(values))

    def undo(self, n: int = 1) -> int:
        """Step back n steps (not before the start); returns the new cursor."""
        return self.goto(max(0, self._cursor - n))

    def redo(self, n: int = 1) -> int:
        """Step forward n steps along the kept future; returns the new cursor."""
        return self.goto(min(len(self._steps), self._cursor + n))

    def goto(self, step: int) -> int:
        """Jump to any step of the timeline in constant time."""
        self._check_step(step)
        self._cursor = step
        return step

    # -- undo as a request, refusals (the ``MatchLike`` protocol) -------------------
    @property
    def undo_status(self) -> dict[str, JSON]:
        """Where an undo request stands: always ``{}`` locally, where an undo is
        never waiting for an answer (``request_undo`` takes the move back at once)."""
        return {}

    def request_undo(self) -> None:
        """Take back the last step at once: a local table asks nobody (this is
        ``undo()``; online, the other humans accept or decline the request)."""
        self.undo()

    def answer_undo(self, accept: bool) -> None:
        """Locally no undo is ever waiting for an answer.

        Raises:
            IllegalActionError: always (``TT-PHASE``).
        """
        raise IllegalActionError("TT-PHASE", "no undo was asked")

    def last_chance_step(self) -> int:
        """The last step of the timeline (to its end, not the cursor) that showed a
        chance outcome, or 0 when none did.

        A step shows one when it draws randomness (``drew_chance``): the rule that
        undo cannot go back past a shown outcome asks this, online (a room refuses
        an undo to a step before it) and at a local table of several humans (a new
        line may not start before it).
        """
        for step in reversed(self._steps):
            before = self.state_at(step.index - 1)
            if drew_chance(before, step):
                return step.index
        return 0

    def refusal(self, what: str) -> Refusal | None:
        """What this match may not do (one of ``CAPABILITIES``): a local match may
        do everything, so this is ``None``.

        Raises:
            ValueError: ``what`` is not one of ``tabletop.core.matchlike.CAPABILITIES``.
        """
        check_capability(what)
        return None

    def fork(self) -> Match:
        """A new match sharing this one's past up to the cursor (its future dropped)."""
        other = Match.__new__(Match)
        other.game = self.game
        other.seed = self.seed
        other._initial = self._initial
        other.setup_events = self.setup_events
        other._steps = self._steps[: self._cursor]
        other._cursor = self._cursor
        other._given_start = self._given_start
        other.migrated_from = self.migrated_from
        return other

    def _push(self, step: Step) -> None:
        del self._steps[self._cursor :]
        self._steps.append(step)
        self._cursor += 1

    def _check_step(self, step: int) -> None:
        if not isinstance(step, int) or isinstance(step, bool):
            raise TypeError(f"step must be an int, not {type(step).__name__}")
        if not 0 <= step <= len(self._steps):
            raise IndexError(
                f"step {step} is outside the timeline 0..{len(self._steps)}"
            )

    def _parse(self, action: Action) -> Action:
        if isinstance(action, str):
            return self.game.parse_action(action)
        return action

    # -- saving -------------------------------------------------------------------
    def to_json(self) -> dict[str, JSON]:
        """The whole timeline as JSON-able data (seed, actions, edits, cursor)."""
        steps: list[dict[str, Any]] = []
        for step in self._steps:
            if step.action is not None:
                steps.append({"action": str(step.action)})
            else:
                steps.append({"edit": dict(step.edit or {})})
        last = self._steps[-1].state if self._steps else self._initial
        start = {"start": self.game.state_to_json(self._initial)}
        data = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game.name,
            "rules_version": rules_version(self.game),
            "board": board_digest(self.game),
            "options": {"players": self.game.players, **dict(self.game.options)},
            "seed": self.seed,
            "steps": steps,
            "cursor": self._cursor,
            "digest": state_digest(self.game, last),
            **(start if self._given_start else {}),
        }
        return {**data, **record_digests(data)}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    @classmethod
    def from_json(cls, data: JSON) -> Match:
        """Rebuild a match from ``to_json`` data (or its JSON text), replaying it.

        Raises:
            SaveError: naming what is wrong; nothing is half-loaded.
        """
        return _load(data)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the match to a file atomically: a crash leaves the old file intact."""
        path = Path(path)
        text = self.dumps()
        fd, tmp = tempfile.mkstemp(dir=path.parent or ".", prefix=f".{path.name}.")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Match:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise SaveError(f"cannot read save {path}: {exc}") from None
        return cls.from_json(text)

    def __repr__(self) -> str:
        return (
            f"Match({self.game.name}, players={self.game.players}, seed={self.seed}, "
            f"step={self._cursor}/{len(self._steps)})"
        )

    def __str__(self) -> str:
        return str(self.state)

    # -- pictures (drawn by tabletop.draw, imported only when asked for) -------------
    def svg(self, *, viewer: Eyes | str = "public", step: int | None = None) -> str:
        """An SVG picture of ``step`` (default: the cursor) as ``viewer`` sees it."""
        from tabletop.draw import match_svg

        return match_svg(self, viewer, step)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, str]:
        # SVG, and a PNG for JupyterLab's untrusted notebooks (it draws no SVG there)
        from tabletop.draw.notebook import picture_formats

        return {**picture_formats(self.svg()), "text/plain": repr(self)}

    def _repr_svg_(self) -> str:
        return self.svg()

    def save_image(self, path: str | os.PathLike[str], **kwargs: Any) -> Path:
        """Write a picture (``.svg`` or ``.png``); see ``tabletop.draw.save_image``."""
        from tabletop.draw import save_image

        return save_image(self, path, **kwargs)

    def export_html(self, path: str | os.PathLike[str], **kwargs: Any) -> Path:
        """Write a self-contained HTML replay; see ``tabletop.draw.export_html``."""
        from tabletop.draw import export_html

        return export_html(self, path, **kwargs)

    def export_gif(self, path: str | os.PathLike[str], **kwargs: Any) -> Path:
        """Write an animated GIF of the timeline; see ``tabletop.draw.export_gif``."""
        from tabletop.draw import export_gif

        return export_gif(self, path, **kwargs)


def drew_chance(before: State, step: Step) -> bool:
    """Whether ``step``, played from the state ``before``, showed a chance outcome.

    It did when it drew randomness: the state's generator (its ``rng``) moved or
    used up a forced roll, whatever the game; or when an action's event is secret,
    showing a seat what was hidden (a card drawn from a pile shuffled earlier moves
    no generator, yet shows the card). An edit draws no chance: queuing forced rolls
    or giving a card is an experiment everyone at the table sees made.
    """
    old, new = getattr(before, "rng", None), getattr(step.state, "rng", None)
    if old is not None and new is not None and old != new:
        if getattr(old, "counter", None) != getattr(new, "counter", None):
            return True
        if len(getattr(new, "forced", ())) < len(getattr(old, "forced", ())):
            return True
    return step.action is not None and any(event.secret for event in step.events)


def state_digest(game: Game, state: State) -> str:
    """A short hash of a state's JSON form, to detect altered saves."""
    text = json.dumps(game.state_to_json(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def json_digest(value: JSON) -> str:
    """A short hash of JSON data as written (keys sorted, no spacing): the same
    data read back from a file hashes the same.

    Raises:
        TypeError, ValueError: ``value`` is not JSON data (or holds NaN).
    """
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), allow_nan=False)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def record_digests(data: Mapping[str, Any]) -> dict[str, str]:
    """The digests of a save's record, ``setup_digest`` and ``steps_digest``, as
    ``to_json`` writes them for ``data`` (anyone can recompute them: they catch
    damage and careless edits, and are no signature)."""
    return {
        "setup_digest": json_digest(save_setup(data)),
        "steps_digest": json_digest(data["steps"]),
    }


def save_setup(data: Mapping[str, Any]) -> dict[str, Any]:
    """The part of a save ``setup_digest`` covers: every field but the steps, the
    cursor (where the reader stands, any step of the timeline) and the digests."""
    left_out = {"steps", "cursor", "digest", *RECORD_DIGESTS}
    return {key: value for key, value in data.items() if key not in left_out}


def rules_version(game: Game) -> int:
    """The version of the rules a game plays by (``RULES_VERSION``, default 1)."""
    return int(getattr(game, "RULES_VERSION", 1))


def board_digest(game: Game) -> str:
    """The digest of the board file a game plays on ("" when it has none)."""
    return str(getattr(game, "board_digest", "") or "")


def game_from_spec(name: Any, options: Any) -> Game:
    """Build a registered game from its name and options (as saved)."""
    if not isinstance(name, str) or not name.isidentifier():
        raise SaveError(f"save names no known game: {name!r}")
    try:
        factory = lookup(name).factory
    except KeyError:
        raise SaveError(f"save names an unknown game {name!r}") from None
    if not isinstance(options, dict):
        raise SaveError("save field 'options' must be an object")
    try:
        game: Game = factory(**options)
        return game
    except (TypeError, ValueError) as exc:
        raise SaveError(f"save has bad options for {name}: {exc}") from None


def _load(data: JSON) -> Match:
    if isinstance(data, bytes | str):
        try:
            data = strict_loads(data)
        except NestingError as exc:
            raise SaveError(
                f"save nests arrays and objects deeper than {exc.limit} levels (level "
                f"{exc.limit + 1} opens at character {exc.position}); a save is only "
                "a few levels deep"
            ) from None
        except (ValueError, UnicodeDecodeError) as exc:
            raise SaveError(
                f"save is not valid JSON (truncated or damaged?): {exc}"
            ) from None
    if not isinstance(data, dict):
        raise SaveError("save must be a JSON object")
    expected = {
        "format",
        "version",
        "game",
        "options",
        "seed",
        "steps",
        "cursor",
        "digest",
    }
    missing = sorted(expected - set(data))
    if missing:
        raise SaveError(f"save is missing field(s): {', '.join(missing)}")
    optional = {"start", "rules_version", "board", *RECORD_DIGESTS}
    extra = sorted(set(data) - expected - optional)
    if extra:
        raise SaveError(f"save has unknown field(s): {', '.join(extra)}")
    if data["format"] != SAVE_FORMAT:
        raise SaveError(f"not a tabletop save (format {data['format']!r})")
    version = data["version"]
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(f"save version must be an integer, not {version!r}")
    if version > SAVE_VERSION:
        raise SaveError(
            f"save is format version {version}, newer than this tabletop reads "
            f"({SAVE_VERSION}); upgrade tabletop to load it"
        )
    if version < 1:
        raise SaveError(f"save version {version} does not exist")
    _check_record_fields(data, version)
    seed = data["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SaveError(f"save field 'seed' must be an integer, not {seed!r}")
    steps = data["steps"]
    if not isinstance(steps, list):
        raise SaveError("save field 'steps' must be a list")
    cursor = data["cursor"]
    if not isinstance(cursor, int) or isinstance(cursor, bool):
        raise SaveError("save field 'cursor' must be an integer")
    if not 0 <= cursor <= len(steps):
        raise SaveError(f"save cursor {cursor} is outside its {len(steps)} steps")
    if not isinstance(data["digest"], str):
        raise SaveError("save field 'digest' must be a string")
    options = data["options"]
    if isinstance(options, dict):
        players = options.get("players")
        if not isinstance(players, int) or isinstance(players, bool):
            raise SaveError(
                f"save option 'players' must be an integer, not {players!r}"
            )
    game = game_from_spec(data["game"], options)
    migrating = _needs_migration(game, data, version)
    _check_setup(data, version)
    match = _start(game, seed, data.get("start"))
    for number, entry in enumerate(steps, start=1):
        try:
            _replay_step(match, number, entry)
        except SaveError as exc:
            if migrating:
                raise SaveError(
                    f"{migrating}, and it cannot be migrated: {exc}"
                ) from None
            raise
    _check_steps(data, version)
    if migrating:
        problems = game.invariants(match.state)
        if problems:
            raise SaveError(
                f"{migrating}, and its replay breaks the rules: " + "; ".join(problems)
            )
        match.migrated_from = migrating
    elif state_digest(game, match.state) != data["digest"]:
        raise SaveError(
            "save digest does not match its replayed actions: the file was altered "
            "or is inconsistent with its seed"
        )
    match.goto(cursor)
    return match


def _check_record_fields(data: Mapping[str, Any], version: int) -> None:
    """The record digests are there, as text, exactly from format version 3."""
    present = [name for name in RECORD_DIGESTS if name in data]
    if version < 3 and present:
        raise SaveError(
            f"save field(s) {', '.join(present)} came with format version 3, and "
            f"this save says version {version}: the version was changed"
        )
    if version < 3:
        return
    missing = [name for name in RECORD_DIGESTS if name not in data]
    if missing:
        raise SaveError(f"save is missing field(s): {', '.join(missing)}")
    for name in RECORD_DIGESTS:
        if not isinstance(data[name], str):
            raise SaveError(f"save field {name!r} must be a string")


def _check_setup(data: Mapping[str, Any], version: int) -> None:
    """Compare the save's setup, as written, with its digest, before any replay:
    a changed seed or option is named as such, not as the step it makes illegal.
    The record digests do not depend on the rules, so a migrated save is checked
    too."""
    if version >= 3 and _digest_of(save_setup(data)) != data["setup_digest"]:
        raise SaveError(
            "save setup_digest does not match its game, options, seed, rules or "
            "start: one of them was changed after the save was written"
        )


def _check_steps(data: Mapping[str, Any], version: int) -> None:
    """Compare the save's steps, as written, with their digest (after the replay,
    which names a step the rules refuse): a step changed for another legal one is
    refused even where the final state comes out the same."""
    if version >= 3 and _digest_of(data["steps"]) != data["steps_digest"]:
        raise SaveError(
            "save steps_digest does not match its steps: a step was changed, "
            "added, removed or moved after the save was written"
        )


def _digest_of(value: Any) -> str:
    try:
        return json_digest(value)
    except (TypeError, ValueError) as exc:
        raise SaveError(f"save holds something that is not JSON data: {exc}") from None


def _needs_migration(game: Game, data: Mapping[str, Any], version: int) -> str:
    """Why this save must be migrated ("" when it replays as it is).

    Raises:
        SaveError: the save comes from newer rules than this tabletop knows.
    """
    current = rules_version(game)
    saved = data.get("rules_version", 1 if version < 2 else None)
    if not isinstance(saved, int) or isinstance(saved, bool) or saved < 1:
        raise SaveError(
            f"save field 'rules_version' must be a positive integer, not {saved!r}"
        )
    if saved > current:
        raise SaveError(
            f"save was made under {game.name} rules version {saved}, newer than this "
            f"tabletop's ({current}); upgrade tabletop to load it"
        )
    board = data.get("board", "")
    if not isinstance(board, str):
        raise SaveError("save field 'board' must be a string")
    if saved < current:
        return f"save was made under {game.name} rules version {saved} (now {current})"
    if version < 2:
        return f"save is format version {version} (now {SAVE_VERSION})"
    if board and board_digest(game) and board != board_digest(game):
        return "save was made on another version of the board file"
    return ""


def _start(game: Game, seed: int, start: JSON) -> Match:
    """The match a save replays from: the seed's deal, or its saved start state."""
    if start is None:
        return Match(game, seed)
    try:
        return Match.from_state(game, game.state_from_json(start), seed)
    except (ValueError, TypeError, KeyError) as exc:
        raise SaveError(f"save field 'start' is not a valid state: {exc}") from None


def _replay_step(match: Match, number: int, entry: JSON) -> None:
    if not isinstance(entry, dict) or len(entry) != 1:
        raise SaveError(
            f"save step {number} must be {{'action': ...}} or {{'edit': ...}}"
        )
    ((kind, body),) = entry.items()
    try:
        if kind == "action":
            if not isinstance(body, str):
                raise SaveError(f"save step {number}: action must be notation text")
            match.play(body)
        elif kind == "edit":
            if not isinstance(body, dict) or not isinstance(body.get("op"), str):
                raise SaveError(f"save step {number}: edit must be an object with 'op'")
            args = {k: v for k, v in body.items() if k != "op"}
            match.edit(body["op"], **args)
        else:
            raise SaveError(f"save step {number}: unknown step kind {kind!r}")
    except (IllegalActionError, IllegalEditError) as exc:
        raise SaveError(
            f"save step {number} ({kind} {body!r}) is refused: {exc}"
        ) from None
    except TypeError as exc:
        raise SaveError(f"save step {number} ({kind}) is malformed: {exc}") from None
