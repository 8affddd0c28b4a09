"""The game-independent core: the Game protocol, the match timeline, randomness,
errors and board files. It knows no game and no UI."""

from tabletop.core.boards import BoardError, Problems, read_board
from tabletop.core.errors import (
    IllegalActionError,
    IllegalEditError,
    SaveError,
    TabletopError,
)
from tabletop.core.game import (
    EditResult,
    Event,
    Explanation,
    Game,
    Outcome,
    Refusal,
    force_roll_edit,
)
from tabletop.core.match import Match, Step
from tabletop.core.rng import Rng

__all__ = [
    "BoardError",
    "EditResult",
    "Event",
    "Explanation",
    "Game",
    "IllegalActionError",
    "IllegalEditError",
    "Match",
    "Outcome",
    "Problems",
    "Refusal",
    "Rng",
    "SaveError",
    "Step",
    "TabletopError",
    "force_roll_edit",
    "read_board",
]
