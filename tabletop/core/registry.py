"""The game registry: every part of the tabletop finds a game here by its name.

A game declares itself once, as a ``GameEntry`` in its package's ``__init__``: its
name, the dotted path of its Game class, its player counts, and the dotted paths of
its optional parts (look, heuristic, lessons, action space, teach-mode examples,
scenarios). Paths are loaded on first use, so looking a game up imports its rules
and nothing else, and importing ``tabletop.core`` imports no game at all.

Installed games, the shipped ones included, are found through the
``tabletop.games`` entry point group: each entry names the ``GameEntry`` object
(``name = "package.of.the.game:ENTRY"``). ``register`` adds a game defined in a
notebook or a test, which has no entry point.

The parts a generic layer may ask for (``entry.part(name)``):

- ``look``: the ``tabletop.draw.Look`` subclass: how the game is drawn and where a
  click lands (the Table, pictures and replays).
- ``heuristic``: a module with ``HeuristicBot``, ``policy`` and ``evaluate``
  (``tabletop.bots``), and optionally ``SEARCH_SETTINGS`` (the search bots'
  settings measured stronger for this game) and ``EVALUATION_DEPTH`` (where the
  table's evaluation cuts its playouts, ``tabletop.analysis.value_search``).
- ``lessons``: a module with ``LESSONS``, ``CLAUSES`` and ``RULINGS``
  (``tabletop.learn``), and ``NOTEBOOK``, the lesson notebook's file name, if any.
- ``space``: ``space(game) -> tabletop.adapters.spaces.GameSpace``, the numbered
  actions and observation tensor of the adapters.
- ``teach``: ``candidates(game, state) -> list[str]``, notations a learner might
  try, for teach mode's "why not" list.
- ``scenarios``: a module with ``build_state(game, **description)`` and
  ``scenario(name)``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata
from typing import Any

ENTRY_POINT_GROUP = "tabletop.games"

PARTS = ("look", "heuristic", "lessons", "space", "teach", "scenarios")


def load_path(path: Any) -> Any:
    """The object a dotted path names (``"pkg.mod:Attr"`` or a module ``"pkg.mod"``);
    anything that is not a string is returned as it is."""
    if not isinstance(path, str):
        return path
    module_name, _, attr = path.partition(":")
    target: Any = importlib.import_module(module_name)
    for name in attr.split(".") if attr else ():
        target = getattr(target, name)
    return target


@dataclass(frozen=True)
class GameEntry:
    """One game, declared once.

    Attributes:
        name: the name saves, specs and links carry (an identifier).
        game: the Game class (or any factory taking the rule options), or its
            dotted path ``"pkg.rules:Class"``.
        players: the smallest and largest player counts.
        title: the game's name as people read it.
        look, heuristic, lessons, space, teach, scenarios: the optional parts
            (see the module docstring), each an object or a dotted path; "" when
            the game has none.
    """

    name: str
    game: Any
    players: tuple[int, int] = (2, 2)
    title: str = ""
    look: Any = ""
    heuristic: Any = ""
    lessons: Any = ""
    space: Any = ""
    teach: Any = ""
    scenarios: Any = ""

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.isidentifier():
            raise ValueError(f"a game name must be an identifier, not {self.name!r}")
        low, high = self.players
        if not (isinstance(low, int) and isinstance(high, int) and 1 <= low <= high):
            raise ValueError(f"players must be (low, high), not {self.players!r}")

    @property
    def factory(self) -> Callable[..., Any]:
        """The Game class (loaded on first use)."""
        factory: Callable[..., Any] = load_path(self.game)
        return factory

    @property
    def module(self) -> str:
        """The module that defines the game (simulation workers import it)."""
        if isinstance(self.game, str):
            return self.game.partition(":")[0]
        return getattr(self.game, "__module__", "") or ""

    def part(self, name: str) -> Any:
        """An optional part, loaded on first use; None when the game has none."""
        if name not in PARTS:
            raise KeyError(f"no part {name!r}; parts are {', '.join(PARTS)}")
        value = getattr(self, name)
        return load_path(value) if value else None

    def make(self, **options: Any) -> Any:
        """Build the game with ``options`` (``entry.make(players=3)``)."""
        return self.factory(**options)


class GameRegistry:
    """Names to games. One instance, ``REGISTRY``, serves the whole package."""

    def __init__(self) -> None:
        self._entries: dict[str, GameEntry] = {}
        self._points: dict[str, metadata.EntryPoint] = {}
        self._scanned = False

    def register(
        self, entry: GameEntry | str, game: Any = None, **fields: Any
    ) -> GameEntry:
        """Register (or re-register) a game: a ``GameEntry``, or a name, its Game
        class and the entry's other fields (``register("dash", Dash,
        players=(2, 4))``). For games defined in a notebook or a test; installed
        games are found by their entry point."""
        if not isinstance(entry, GameEntry):
            entry = GameEntry(entry, game, **fields)
        self._entries[entry.name] = entry
        return entry

    def lookup(self, name: str) -> GameEntry:
        """The entry for ``name``; raises ``KeyError`` naming the known games."""
        if not isinstance(name, str):
            raise KeyError(f"a game name is text, not {name!r}")
        if name not in self._entries:
            self._load(name)
        try:
            return self._entries[name]
        except KeyError:
            known = ", ".join(sorted(self.names())) or "none"
            raise KeyError(
                f"no game named {name!r} is registered (known: {known})"
            ) from None

    def names(self) -> list[str]:
        """Every game name known now (registered, or installed)."""
        self._scan_entry_points()
        return sorted(set(self._entries) | set(self._points))

    def entries(self) -> list[GameEntry]:
        """Every known game's entry, by name."""
        return [self.lookup(name) for name in self.names()]

    def _load(self, name: str) -> None:
        self._scan_entry_points()
        point = self._points.get(name)
        if point is None:
            return
        entry = point.load()
        if not isinstance(entry, GameEntry):
            raise TypeError(
                f"the entry point {point.value!r} of game {name!r} names "
                f"{type(entry).__name__}, not a GameEntry"
            )
        if entry.name != name:
            raise ValueError(f"the entry point {name!r} names the game {entry.name!r}")
        self._entries.setdefault(name, entry)

    def _scan_entry_points(self) -> None:
        if self._scanned:
            return
        for point in metadata.entry_points(group=ENTRY_POINT_GROUP):
            self._points.setdefault(point.name, point)
        self._scanned = True


REGISTRY = GameRegistry()
register = REGISTRY.register
lookup = REGISTRY.lookup


def game_names() -> list[str]:
    """The names of every known game."""
    return REGISTRY.names()


def make_game(name: str, **options: Any) -> Any:
    """Build the registered game ``name`` with ``options``."""
    return lookup(name).make(**options)


def entry_of(game: Any) -> GameEntry | None:
    """The registry entry of a Game object (by its ``name``), or None when the
    game is not registered or another game holds its name."""
    name = getattr(game, "name", None)
    if not isinstance(name, str):
        return None
    try:
        entry = lookup(name)
    except KeyError:
        return None
    return entry if isinstance(game, _classes(entry)) else None


def part_of(game: Any, name: str) -> Any:
    """The optional part ``name`` of a Game object's entry; None when absent."""
    entry = entry_of(game)
    return entry.part(name) if entry is not None else None


def _classes(entry: GameEntry) -> tuple[type, ...]:
    factory = entry.factory
    return (factory,) if isinstance(factory, type) else (object,)
