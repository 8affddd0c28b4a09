"""Work units for simulations: plain, serialisable descriptions, never live objects.

A ``GameSpec`` names a game (registry name and options, or ``module:Class`` for a
game outside ``tabletop.games``); a ``BotSpec`` names a bot. A ``Chunk`` is the work
sent to a worker process or cluster node: specs, a base seed and game indices, and
the start state as JSON. Each game is seeded from the base seed and its index only,
so the results are the same whichever executor runs the chunks.
"""

from __future__ import annotations

import functools
import importlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletop.core import Game
from tabletop.core.match import game_from_spec
from tabletop.core.registry import lookup


@dataclass(frozen=True, slots=True)
class GameSpec:
    """A game to build in a worker.

    Attributes:
        name: the game's registry name (``"race"``).
        players: the number of seats.
        options: the rule options as canonical JSON text.
        source: where a worker finds the game when the registry does not know it
            yet: the module that registers it (a game registered at run time,
            such as one from ``examples/``), or ``"module:Class"`` for a game
            class that is not registered at all.
    """

    name: str
    players: int
    options: str = "{}"
    source: str = ""

    def build(self) -> Game:
        """The game (built once per process and reused)."""
        return _build(self)

    @classmethod
    def of(cls, game: Any, players: int | None = None, **options: Any) -> GameSpec:
        """A spec from a spec, a registry name, a Game, a Game class, or a
        function that returns a Game (called once, here)."""
        if isinstance(game, GameSpec):
            return game
        if callable(game) and not isinstance(game, type) and not hasattr(game, "apply"):
            game = game()
        if isinstance(game, str) and ":" in game:
            name = game.rpartition(":")[2].lower()
            return cls(name, players or 2, _canonical(options), game)
        if isinstance(game, str):
            return cls(game, players or 2, _canonical(options))
        if isinstance(game, type):
            built = game(players=players or 2, **options)
            return cls.of(built)
        return cls(
            game.name, game.players, _canonical(dict(game.options)), _source(game)
        )


@dataclass(frozen=True, slots=True)
class BotSpec:
    """A bot to build in a worker: its registry name and options (JSON text)."""

    name: str
    options: str = "{}"

    @classmethod
    def parse(cls, bots: Any, players: int) -> tuple[BotSpec, ...]:
        """One spec per seat from a name, ``"a,b"``, or a list of names/specs.

        A single name plays every seat; a shorter list is repeated over the seats.
        """
        if isinstance(bots, str):
            bots = [b.strip() for b in bots.split(",") if b.strip()]
        if isinstance(bots, BotSpec):
            bots = [bots]
        specs = [b if isinstance(b, BotSpec) else cls(str(b)) for b in bots]
        if not specs:
            raise ValueError("name at least one bot")
        return tuple(specs[seat % len(specs)] for seat in range(players))

    @classmethod
    def with_options(cls, name: str, **options: Any) -> BotSpec:
        return cls(name, _canonical(options))


@dataclass(frozen=True, slots=True)
class Chunk:
    """Games (or playouts) for one worker to play.

    Attributes:
        game: the game to build.
        bots: one bot spec per seat (before rotation).
        seed: the base seed of the whole run.
        indices: which games of the run to play.
        max_steps: the safety cut per game.
        rotate: seat s of game i gets bot ``(s + i) % players``.
        start: a start state as JSON (playouts), or ``None`` for fresh games.
        viewer: with a start state, sample the hidden parts from this seat's view.
    """

    game: GameSpec
    bots: tuple[BotSpec, ...]
    seed: int
    indices: tuple[int, ...]
    max_steps: int = 10_000
    rotate: bool = False
    start: Mapping[str, Any] | None = field(default=None)
    viewer: int | None = None


def _canonical(options: Mapping[str, Any]) -> str:
    return json.dumps(dict(options), sort_keys=True, separators=(",", ":"))


def _source(game: Any) -> str:
    """How a worker finds ``game``: "" when the registry finds it by name."""
    try:
        entry = lookup(game.name)
    except KeyError:
        entry = None
    if entry is not None and entry.factory is type(game):
        return entry.module
    return f"{type(game).__module__}:{type(game).__qualname__}"


@functools.lru_cache(maxsize=16)
def _build(spec: GameSpec) -> Game:
    options = json.loads(spec.options)
    if ":" not in spec.source:
        if spec.source:
            importlib.import_module(spec.source)  # registers the game
        return game_from_spec(spec.name, {"players": spec.players, **options})
    module_name, _, qualname = spec.source.partition(":")
    target: Any = importlib.import_module(module_name)
    for part in qualname.split("."):
        target = getattr(target, part)
    return target(players=spec.players, **options)


def seat_bots(bots: Sequence[BotSpec], index: int, rotate: bool) -> tuple[BotSpec, ...]:
    """The bots seated in game ``index`` (rotated by the index when asked)."""
    if not rotate:
        return tuple(bots)
    n = len(bots)
    return tuple(bots[(seat + index) % n] for seat in range(n))
