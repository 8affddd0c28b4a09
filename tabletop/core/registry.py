"""The game registry: every part of the tabletop finds a game here by its name.

Saves, simulation workers, bots and the Table look a game up by the name a save or a
spec carries, instead of building module names from strings. A game registers itself
when its package is imported (``register(...)`` in its ``__init__``); the games of
this package and games installed by other packages are found through the
``tabletop.games`` entry point group, whose entries name the registering module.

Besides the factory, an entry carries the optional parts other layers use, named by
what they are for: ``picture`` (the ``tabletop.draw.Drawing`` the Table's canvas and
the pictures draw), ``drawing`` (the Table's board adapter: clickable spaces, words),
``heuristic`` (the bot class), ``scenarios`` (a ``ScenarioBook``). Parts that need a
heavy import are given as zero-argument callables, so the engine never imports the
UI.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any

ENTRY_POINT_GROUP = "tabletop.games"


@dataclass(frozen=True)
class GameEntry:
    """A registered game.

    Attributes:
        name: the name saves and specs carry.
        factory: builds the Game from its options (``factory(players=3, ...)``).
        module: the module that registers it (simulation workers import it).
        parts: optional parts by name (``drawing``, ``heuristic``, ...).
    """

    name: str
    factory: Callable[..., Any]
    module: str
    parts: dict[str, Any] = field(default_factory=dict)

    def part(self, name: str) -> Any:
        """An optional part, loaded if it was given as a callable; None if absent."""
        value = self.parts.get(name)
        if callable(value) and not isinstance(value, type):
            value = value()
        return value


class GameRegistry:
    """Names to games. One instance, ``REGISTRY``, serves the whole package."""

    def __init__(self) -> None:
        self._entries: dict[str, GameEntry] = {}
        self._points: dict[str, str] = {}
        self._scanned = False

    def register(
        self, name: str, factory: Callable[..., Any], **parts: Any
    ) -> GameEntry:
        """Register (or re-register) a game under ``name``."""
        if not isinstance(name, str) or not name.isidentifier():
            raise ValueError(f"a game name must be an identifier, not {name!r}")
        module = getattr(factory, "__module__", "") or ""
        entry = GameEntry(name, factory, module, dict(parts))
        self._entries[name] = entry
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
        """Every game name known now (built in, registered, or by entry point)."""
        self._scan_entry_points()
        return sorted(set(self._entries) | set(self._points))

    def _load(self, name: str) -> None:
        self._scan_entry_points()
        module = self._points.get(name)
        if module is not None:
            importlib.import_module(module)

    def _scan_entry_points(self) -> None:
        if self._scanned:
            return
        for point in metadata.entry_points(group=ENTRY_POINT_GROUP):
            self._points[point.name] = point.value.split(":")[0]
        self._scanned = True


REGISTRY = GameRegistry()
register = REGISTRY.register
lookup = REGISTRY.lookup


def game_names() -> list[str]:
    """The names of every known game."""
    return REGISTRY.names()


def make_game(name: str, **options: Any) -> Any:
    """Build the registered game ``name`` with ``options``."""
    return lookup(name).factory(**options)
