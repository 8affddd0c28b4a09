"""The game-independent core: the Game protocol, the match timeline, the
``MatchLike`` protocol a view uses (implemented by ``Match`` and by
``tabletop.online.RemoteMatch``), randomness, errors and board files. It knows no
game and no UI."""

from tabletop.core.boards import Problems, read_board
from tabletop.core.errors import (
    BoardError,
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
from tabletop.core.jsonio import strict_loads
from tabletop.core.match import Match, Step
from tabletop.core.matchlike import CAPABILITIES, MatchLike
from tabletop.core.registry import GameEntry, game_names, lookup, make_game, register
from tabletop.core.rng import ChanceNeeded, ChanceRng, Rng
from tabletop.core.rules import HIDDEN, GameRules, Rule, Seated, split_seat
from tabletop.core.scenarios import Scenario, ScenarioBook
from tabletop.core.viewers import PUBLIC, REFEREE, Viewer, as_viewer

__all__ = [
    "CAPABILITIES",
    "HIDDEN",
    "PUBLIC",
    "REFEREE",
    "BoardError",
    "ChanceNeeded",
    "ChanceRng",
    "GameEntry",
    "GameRules",
    "Rule",
    "Scenario",
    "ScenarioBook",
    "Seated",
    "Viewer",
    "as_viewer",
    "game_names",
    "lookup",
    "make_game",
    "register",
    "split_seat",
    "strict_loads",
    "EditResult",
    "Event",
    "Explanation",
    "Game",
    "IllegalActionError",
    "IllegalEditError",
    "Match",
    "MatchLike",
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
