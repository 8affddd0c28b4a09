"""The random bot: a uniformly random legal action, seeded and deterministic."""

from __future__ import annotations

from typing import Any

from tabletop.core import Game, Rng


class RandomBot:
    """Plays a uniformly random legal action from its own view.

    Args:
        game: the rules.
        seed: the seed of the bot's own generator (same seed, same choices).
    """

    name = "random"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game
        self.rng = Rng.from_seed(seed)

    def choose(self, view: Any) -> Any:
        legal = self.game.legal_actions(view)
        if not legal:
            raise ValueError("no legal action: the game is over or not this bot's turn")
        index, self.rng = self.rng.below(len(legal))
        return legal[index]

    def choose_state(self, state: Any) -> Any:
        """``choose`` of the mover's view of ``state``, without building it: the
        view lists the same legal actions as the state (``tests/harness.py``
        checks it for every game; ``tabletop.bots.protocol``)."""
        return self.choose(state)

    def __repr__(self) -> str:
        return f"RandomBot({self.game.name})"
