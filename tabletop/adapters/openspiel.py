"""OpenSpiel games for every registered game with an action space (extra
``tabletop[openspiel]``).

Importing this module registers ``tabletop_<name>`` with ``pyspiel`` for each game
of the registry whose entry has a ``space`` part; each takes the parameters
``players`` (the entry's player counts) and ``max_decisions`` (the length cap)::

    import pyspiel
    import tabletop.adapters.openspiel  # registers the games
    game = pyspiel.load_game(f"tabletop_{name}", {"players": 3})

A game registered later (in a notebook) is added with ``register(name)``.

What the games are, in OpenSpiel's terms:

- sequential, imperfect information, zero-sum, terminal rewards: the winner gets
  +1 and every other seat -1/(players-1); a game stopped by the length cap is a draw
  (0 each);
- explicit stochastic chance (``tabletop.adapters.chance``): the deal, every die
  roll, draw, reshuffle and random take is a chance node with uniform outcomes, so a
  history of action numbers replays a game exactly (serialisation, tree algorithms,
  resampling);
- actions are numbered by ``tabletop.adapters.spaces``: a fixed list of every
  notation of the game, read from its board and cards (``action_to_string`` gives
  the notation; ``TabletopState.action_of(n)`` the action object);
- observations are the seat's view, ``game.view(state, seat)``: the string is our
  text board of that view, the tensor its encoding (``spaces.py``); the information
  state string adds every event the seat has been told; nothing comes from the full
  state, so nothing hidden from the seat can appear;
- ``str(state)`` is the text board of the full state (the referee's);
- ``max_game_length`` is ``max_decisions`` (by default the game space's
  ``max_decisions``): random players may never end a game, and a capped game is a
  draw.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from tabletop.adapters.chance import SETUP, ChanceGame, Position
from tabletop.adapters.spaces import space_of, text_board
from tabletop.core import Rng, as_viewer, lookup, make_game
from tabletop.core.registry import REGISTRY


def short_name(name: str) -> str:
    """The OpenSpiel name of our game ``name``."""
    return f"tabletop_{name}"


def _game_type(name: str, default_cap: int) -> pyspiel.GameType:
    low, high = lookup(name).players
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"tabletop {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": low, "max_decisions": default_cap},
    )


class _Shared:
    """What every state of one game shares; copies and serialises by reference to the
    game's name and parameters, never by value."""

    __slots__ = ("game", "space", "chance", "key", "index", "outcomes")

    def __init__(self, name: str, players: int, max_decisions: int):
        self.key = (name, players, max_decisions)
        self.game = make_game(name, players=players)
        self.space = space_of(self.game)
        self.chance = ChanceGame(
            self.game, max_decisions, self.space.max_chance_outcomes
        )
        self.index = self.space.actions.index.__getitem__
        # n -> the n uniform outcomes of a chance node (at most one list per size).
        self.outcomes: dict[int, list[tuple[int, float]]] = {}

    def uniform(self, n: int) -> list[tuple[int, float]]:
        """The outcomes of a chance node with ``n`` (a fresh list each time)."""
        known = self.outcomes.get(n)
        if known is None:
            known = self.outcomes[n] = [(i, 1.0 / n) for i in range(n)]
        return list(known)

    def __deepcopy__(self, memo: dict) -> _Shared:
        return self

    def __reduce__(self) -> tuple:
        return (_shared, self.key)


def _shared(name: str, players: int, max_decisions: int) -> _Shared:
    """Build what a game's states share (also how an unpickled state gets it back:
    a fresh one, not a module-level cache; copies within a process keep theirs)."""
    return _Shared(name, players, max_decisions)


class TabletopGame(pyspiel.Game):
    """One of our games as an OpenSpiel Python game (see the module docstring)."""

    NAME = ""
    DEFAULT_CAP = 1500

    def __init__(self, params: dict[str, Any] | None = None):
        params = dict(params or {})
        low, high = lookup(self.NAME).players
        players = int(params.get("players", low))
        cap = int(params.get("max_decisions", self.DEFAULT_CAP))
        if not low <= players <= high:
            raise ValueError(f"{self.NAME}: {low} to {high} players, not {players}")
        if cap < 1:
            raise ValueError(f"max_decisions must be positive, not {cap}")
        self.shared = _shared(self.NAME, players, cap)
        space = self.shared.space
        info = pyspiel.GameInfo(
            num_distinct_actions=len(space.actions),
            max_chance_outcomes=space.max_chance_outcomes,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=cap,
        )
        super().__init__(
            _game_type(self.NAME, self.DEFAULT_CAP),
            info,
            {"players": players, "max_decisions": cap},
        )

    def new_initial_state(self) -> TabletopState:
        return TabletopState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Any = None
    ) -> TabletopObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return TabletopObserver(self.shared, iig_obs_type)

    def max_chance_nodes_in_history(self) -> int:
        # A loose bound: a deck's worth of shuffle draws for every decision and the
        # deal (the roll-off for the first player can in principle tie forever).
        return (self.max_game_length() + 1) * (self.shared.space.max_chance_outcomes)

    def state_from(self, tabletop_state: Any) -> TabletopState:
        """An OpenSpiel state at one of our game states (a scenario, an edited
        state with forced rolls...): the tree goes on from there, in chance mode,
        with forced rolls used first. Its OpenSpiel history starts empty."""
        out = self.new_initial_state()
        start = Position(tabletop_state, None, (), 0, 0, None)
        out._pos = self.shared.chance.with_state(start, tabletop_state)
        return out

    @property
    def tabletop_game(self) -> Any:
        """Our game object (``make_game(name, players=3)``)."""
        return self.shared.game


class TabletopState(pyspiel.State):
    """A position of one of our games (see the module docstring).

    ``tabletop_state`` is our game state (``None`` while the deal is being drawn);
    ``action_of(n)`` and ``number_of(action)`` convert between OpenSpiel action
    numbers and our action objects.
    """

    def __init__(self, game: TabletopGame):
        super().__init__(game)
        self._shared = game.shared
        self._pos: Position = game.shared.chance.initial()

    # -- the tree ---------------------------------------------------------------------
    def current_player(self) -> int:
        pos = self._pos
        if pos.mover is not None:
            return pos.mover
        if pos.need:
            return pyspiel.PlayerId.CHANCE
        return pyspiel.PlayerId.TERMINAL

    def _legal_actions(self, player: int) -> list[int]:
        legal = self._shared.game.legal_actions(self._pos.state)
        return sorted(map(self._shared.index, legal))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._shared.uniform(self._pos.need)

    def _apply_action(self, action: int) -> None:
        pos = self._pos
        chance = self._shared.chance
        if pos.need:
            self._pos = chance.choose(pos, action)
        else:
            self._pos = chance.act(pos, self._shared.space.actions.actions[action])

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            what = "deal" if self._pos.pending is SETUP else str(self._pos.pending)
            return f"chance {action} (of {self._pos.need}, {what})"
        return self._shared.space.actions.notations[action]

    def is_terminal(self) -> bool:
        return self._pos.ended

    def returns(self) -> list[float]:
        return self._shared.chance.returns(self._pos)

    def __str__(self) -> str:
        pos = self._pos
        if pos.state is None:
            return f"dealing: {len(pos.drawn)} chance outcomes drawn"
        text = text_board(self._shared.game, pos.state)
        if pos.need:
            text += f"\nresolving {pos.pending}: {len(pos.drawn)} outcomes drawn"
        if self._shared.chance.capped(pos):
            text += f"\nstopped by the length cap ({pos.decisions} decisions)"
        return text

    # -- our side ---------------------------------------------------------------------
    @property
    def tabletop_state(self) -> Any:
        """Our game state at this node (``None`` while the deal is drawn)."""
        return self._pos.state

    @property
    def decisions(self) -> int:
        """How many player decisions led here (the length cap counts these)."""
        return self._pos.decisions

    def action_of(self, number: int) -> Any:
        """Our action object for OpenSpiel action ``number``."""
        return self._shared.space.actions.decode(number)

    def number_of(self, action: Any) -> int:
        """The OpenSpiel action number of our action object (or its notation)."""
        if isinstance(action, str):
            action = self._shared.game.parse_action(action)
        return self._shared.space.actions.encode(action)

    def resample(self, seat: int, seed: int) -> TabletopState:
        """A copy of this state with what ``seat`` cannot see dealt again at random
        (``game.determinize`` of the seat's view): same view, same information
        state string for ``seat``. ISMCTS samples worlds with it."""
        pos = self._pos
        if pos.need or pos.state is None:
            raise ValueError("resample is for decision nodes")
        game = self._shared.game
        world = game.determinize(game.view(pos.state, seat), seat, Rng.from_seed(seed))
        out = self.clone()
        out._pos = self._shared.chance.with_state(
            pos, world, tuple(game.forced_rolls(pos.state))
        )
        return out


def _viewer_for(iig_obs_type: Any) -> str:
    """'seat', 'public' or 'referee': whose view an observer reports."""
    if iig_obs_type is None:
        return "seat"
    private = iig_obs_type.private_info
    if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
        return "referee"
    if private == pyspiel.PrivateInfoType.NONE:
        return "public"
    return "seat"


class TabletopObserver:
    """Observations from a seat's view (OpenSpiel's ``PyObserver`` interface).

    The default observer (``observation_string``/``observation_tensor``) reports
    ``game.view(state, seat)``; a perfect-recall observer (the information state)
    adds every event the seat has been told, as the seat's log reads. Public
    observers report the public view, all-players observers the referee's.
    """

    def __init__(self, shared: _Shared, iig_obs_type: Any):
        self._shared = shared
        self._who = _viewer_for(iig_obs_type)
        self._recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        size = 0 if self._recall else shared.space.tensor_size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def _view(self, pos: Position, seat: int) -> Any:
        viewer: Any = {"seat": seat, "public": "public", "referee": None}[self._who]
        return self._shared.game.view(pos.state, as_viewer(viewer))

    def set_from(self, state: TabletopState, player: int) -> None:
        if self._recall:
            return
        pos = state._pos
        if pos.state is None:
            self.tensor.fill(0.0)
            return
        encoded = self._shared.space.encode(
            self._shared.game, self._view(pos, player), player
        )
        self.tensor[:] = encoded

    def string_from(self, state: TabletopState, player: int) -> str:
        pos = state._pos
        if pos.state is None:
            board = "dealing"
        else:
            board = text_board(self._shared.game, self._view(pos, player))
        if not self._recall:
            return board
        told = pos.trail.lines(player) if pos.trail is not None else []
        return "\n".join([f"seat {player}", *told, board])


def random_episode(game: Any, seed: int) -> TabletopState:
    """One game of uniformly random play (chance and decisions) from a seed; the
    last state (``returns()``, ``decisions``, ``str``)."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rng.randint(len(state.chance_outcomes()))))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def load(name: str, players: int = 2, max_decisions: int | None = None) -> Any:
    """``pyspiel.load_game`` for our game ``name`` (registered with OpenSpiel here
    first if it is not yet)."""
    if short_name(name) not in pyspiel.registered_names():
        register(name)
    params: dict[str, Any] = {"players": players}
    if max_decisions is not None:
        params["max_decisions"] = max_decisions
    return pyspiel.load_game(short_name(name), params)


def register(name: str) -> type[TabletopGame]:
    """Register our game ``name`` with OpenSpiel as ``tabletop_<name>``; returns its
    ``pyspiel.Game`` class. Its default length cap is its space's
    ``max_decisions``."""
    entry = lookup(name)
    cap = space_of(entry.make(players=entry.players[0])).max_decisions
    cls = type(
        f"Tabletop_{name}",
        (TabletopGame,),
        {"NAME": name, "DEFAULT_CAP": cap, "__doc__": f"``{short_name(name)}``."},
    )
    pyspiel.register_game(_game_type(name, cap), cls)
    return cls


for _entry in REGISTRY.entries():
    if _entry.space and short_name(_entry.name) not in pyspiel.registered_names():
        register(_entry.name)
