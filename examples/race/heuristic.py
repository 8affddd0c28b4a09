"""A Race bot that plays the obvious good moves.

- A card that reaches Goal (RC-WIN: passing it counts) is played, the smallest such.
- A card that ends exactly on a bonus space (RC-BONUS) is played: it moves and draws
  two cards.
- A 4 is played rather than rolling (4 beats the die's 3.5 on average, and the card
  played is replaced, RC-PLAY); otherwise the bot rolls (RC-ROLL) and keeps its
  cards for later.

``policy`` is the same play on a full state (search rollouts); ``evaluate`` turns a
position into win chances for search cut-offs. Bots see only their own hand.
"""

from __future__ import annotations

import math
from typing import Any

from tabletop.core import Rng

from .actions import Play, Roll

#: What a card in hand is worth in spaces (a move to come, beyond the die's).
CARD_WORTH = 0.6
#: The spread of the win chances (spaces): a lead of this many is e to 1.
SPREAD = 3.0


class HeuristicBot:
    """The Race heuristic bot (see the module docstring).

    Args:
        game: a ``Race`` game.
        seed: unused (the bot is deterministic); kept for the registry.
    """

    name = "heuristic"

    def __init__(self, game: Any, seed: int = 0) -> None:
        self.game = game
        self.seed = seed

    def choose(self, view: Any) -> Any:
        return decide(self.game, view, self.game.legal_actions(view))

    def choose_state(self, state: Any) -> Any:
        """``choose`` of the mover's view of ``state``, without building it:
        ``decide`` reads the mover's position and the legal plays of its own hand,
        which the view shows (``tabletop.bots.protocol``)."""
        return decide(self.game, state, self.game.legal_actions(state))


def policy(game: Any, state: Any, rng: Rng) -> tuple[Any, Rng]:
    """The heuristic's choice on a full state (a search rollout step)."""
    return decide(game, state, game.legal_actions(state)), rng


# ``decide`` answers with an item of the legal actions it is given (rolling is always
# legal on one's turn), so playouts resolve ``policy``'s actions with
# ``game.next_state``, without asking for the verdict again (``search.advance``).
policy.picks_legal = True  # type: ignore[attr-defined]


def evaluate(game: Any, state: Any) -> tuple[float, ...]:
    """Win chances from how far each pawn has come and the cards it holds."""
    n = len(state.positions)
    if state.winner >= 0:
        return tuple(float(q == state.winner) for q in range(n))
    values = [
        (state.positions[q] + CARD_WORTH * len(state.hands[q])) / SPREAD
        for q in range(n)
    ]
    top = max(values)
    weights = [math.exp(v - top) for v in values]
    total = sum(weights)
    return tuple(w / total for w in weights)


def decide(game: Any, state: Any, legal: Any) -> Any:
    """The heuristic's action for the decision pending in ``state``."""
    if len(legal) == 1:
        return legal[0]
    here = state.positions[state.to_move]
    plays = [a for a in legal if isinstance(a, Play)]
    winning = [a for a in plays if here + a.value >= game.goal]
    if winning:
        return min(winning, key=lambda a: a.value)
    for action in sorted(plays, key=lambda a: -a.value):
        if game.board.spaces[game.track[here + action.value]].kind == "bonus":
            return action
    fours = [a for a in plays if a.value == 4]
    if fours:
        return fours[0]
    return next(a for a in legal if isinstance(a, Roll))
