"""Named positions, one registry shape for every game.

A game keeps one ``ScenarioBook``: each scenario is a short description (the
keyword arguments of the game's ``build_state``) with a summary, the clauses it
shows and the actions worth trying there. ``book.get(name)`` builds it fresh.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tabletop.core.opaque import State


@dataclass(frozen=True)
class Scenario:
    """A named situation: what it shows, the game and the state to start from."""

    name: str
    summary: str
    clauses: tuple[str, ...]
    game: Any
    state: State
    try_actions: tuple[str, ...]


@dataclass(frozen=True)
class _Entry:
    summary: str
    clauses: tuple[str, ...]
    players: int
    description: Mapping[str, Any]
    try_actions: tuple[str, ...]


class ScenarioBook:
    """The named scenarios of one game.

    Args:
        make_game: builds the game (``make_game(players=3, **rule_options)``).
        build_state: builds a state from a description (``build_state(game, **d)``).
    """

    def __init__(
        self,
        make_game: Callable[..., Any],
        build_state: Callable[..., Any],
    ) -> None:
        self._make_game = make_game
        self._build_state = build_state
        self._entries: dict[str, _Entry] = {}

    def register(
        self,
        name: str,
        summary: str,
        clauses: tuple[str, ...],
        players: int,
        description: Mapping[str, Any],
        try_actions: tuple[str, ...] = (),
    ) -> None:
        """Add a named scenario."""
        self._entries[name] = _Entry(
            summary, tuple(clauses), players, dict(description), tuple(try_actions)
        )

    def names(self) -> list[str]:
        return sorted(self._entries)

    def __contains__(self, name: object) -> bool:
        return name in self._entries

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, name: str, **rule_options: Any) -> Scenario:
        """The named scenario, freshly built.

        Raises:
            KeyError: no scenario of that name (the message lists them).
        """
        if name not in self._entries:
            raise KeyError(f"no scenario {name!r}; known: {', '.join(self.names())}")
        entry = self._entries[name]
        game = self._make_game(players=entry.players, **rule_options)
        state = self._build_state(game, **entry.description)
        return Scenario(
            name, entry.summary, entry.clauses, game, state, entry.try_actions
        )

    def described(
        self, name: str
    ) -> tuple[str, tuple[str, ...], int, dict[str, Any], tuple[Any, ...]]:
        """(summary, clauses, players, description, try actions) of a scenario."""
        e = self._entries[name]
        return e.summary, e.clauses, e.players, dict(e.description), e.try_actions
