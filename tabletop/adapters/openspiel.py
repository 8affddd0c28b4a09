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
- observations are the seat's view, ``game.view(state, seat)``: the tensor is its
  encoding (``spaces.py``), the string lists the tensor's non-zero entries (so
  the two say the same), ``observation_board(seat)`` is our text board of it; the
  information state string adds a digest of every event the seat has been told
  (bounded size; ``information_state_history(seat)`` is the readable one), the
  information state tensor those events counted by clause; nothing comes from the
  full state, so nothing hidden from the seat can appear; strings and tensors are
  worked out when asked, once per game state and seat (a node, its copies and
  its chance nodes share them);
- ``str(state)`` is the text board of the full state (the referee's);
- ``max_game_length`` is ``max_decisions`` (by default the game space's
  ``max_decisions``): random players may never end a game, and a capped game is a
  draw.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel

from tabletop.adapters.chance import (
    CLAUSE_BUCKETS,
    SETUP,
    ChanceGame,
    Position,
    told_to,
)
from tabletop.adapters.spaces import legal_parts_of, space_of, text_board
from tabletop.adapters.worlds import sample_world, seen_trail, truth_positions
from tabletop.core import Rng, as_viewer, lookup, make_game
from tabletop.core.registry import REGISTRY

# OpenSpiel's player ids as plain ints: OpenSpiel's C++ asks for the current
# player at every move, and an int crosses to C++ faster than the enum member.
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)


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
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": low, "max_decisions": default_cap},
    )


class _Answers:
    """What depends on a game state alone (observation vectors and strings per
    viewer, the text board), for the last ``size`` game states asked about, keyed
    by the state object itself (kept alive here, so its ``id`` cannot be reused
    while it is remembered). OpenSpiel's tools ask the same questions of a node,
    its copies and its chance nodes, which share one game state object."""

    __slots__ = ("size", "entries")

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self.entries: dict[int, tuple[Any, dict[Any, Any]]] = {}

    def of(self, state: Any) -> dict[Any, Any]:
        """The answers kept for ``state`` (an empty dict to fill when new)."""
        entry = self.entries.get(id(state))
        if entry is not None and entry[0] is state:
            return entry[1]
        if len(self.entries) >= self.size:
            del self.entries[next(iter(self.entries))]  # the oldest
        answers: dict[Any, Any] = {}
        self.entries[id(state)] = (state, answers)
        return answers


class _Shared:
    """What every state of one game shares; copies and serialises by reference to the
    game's name and parameters, never by value."""

    __slots__ = (
        "game", "space", "chance", "key", "legal_parts", "numbers", "actions",
        "outcomes", "answers",
    )  # fmt: skip

    def __init__(self, name: str, players: int, max_decisions: int):
        self.key = (name, players, max_decisions)
        self.game = make_game(name, players=players)
        self.space = space_of(self.game)
        self.chance = ChanceGame(
            self.game, max_decisions, self.space.max_chance_outcomes
        )
        self.legal_parts = legal_parts_of(self.game)
        self.numbers = self.space.actions.numbers_of_parts
        self.actions = self.space.actions.actions  # number -> action object
        # n -> the n uniform outcomes of a chance node (one tuple per size).
        self.outcomes: dict[int, tuple[tuple[int, float], ...]] = {}
        self.answers = _Answers()

    def uniform(self, n: int) -> tuple[tuple[int, float], ...]:
        """The outcomes of a chance node with ``n``: the same tuple of
        ``(outcome, probability)`` pairs every time (immutable, so a caller cannot
        spoil it for the next; a node of 840 outcomes is not copied at every
        asking)."""
        known = self.outcomes.get(n)
        if known is None:
            known = self.outcomes[n] = tuple((i, 1.0 / n) for i in range(n))
        return known

    def __deepcopy__(self, memo: dict) -> _Shared:
        return self

    def __reduce__(self) -> tuple:
        return (_shared, self.key)


#: (name, players, max_decisions) -> (the registry entry it was built from, what
#: the states of that game share).
_SHARED: dict[tuple[str, int, int], tuple[Any, _Shared]] = {}


def _shared(name: str, players: int, max_decisions: int) -> _Shared:
    """What a game's states share (also how an unpickled state gets it back).

    Built once per process for each name, player count and length cap, and built
    again when the registry's entry for the name is another one (a game registered
    again in a notebook): OpenSpiel deserialises states often (``random_sim_test``
    with ``serialize=True`` at every step), and building a game with its action
    space costs tens of milliseconds. What is shared holds only the rules and
    caches of answers that depend on the game state alone."""
    key = (name, players, max_decisions)
    entry = lookup(name)
    known = _SHARED.get(key)
    if known is not None and known[0] is entry:
        return known[1]
    shared = _Shared(name, players, max_decisions)
    _SHARED[key] = (entry, shared)
    return shared


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
        self._cache = _NodeCache()
        self.last_redeals = 0

    # -- the tree ---------------------------------------------------------------------
    def current_player(self) -> int:
        pos = self._pos
        if pos.mover is not None:
            return pos.mover
        if pos.need:
            return _CHANCE
        return _TERMINAL

    def _legal_actions(self, player: int) -> list[int]:
        shared = self._shared
        return shared.numbers(shared.legal_parts(self._pos.state))

    # Python callers (OpenSpiel's Python algorithms) skip the round trip through
    # C++ for these two; C++ callers get the same answers from the methods above.
    def legal_actions(self, player: int | None = None) -> list[int]:
        pos = self._pos
        if pos.need:  # the outcomes, whoever asks (as OpenSpiel's own answer)
            return list(range(pos.need))
        if pos.mover is None or player not in (None, pos.mover):
            return []
        return self._legal_actions(pos.mover)

    def is_chance_node(self) -> bool:
        return self._pos.need > 0

    def chance_outcomes(self) -> tuple[tuple[int, float], ...]:
        """The ``(outcome, probability)`` pairs of this chance node, uniform (a
        tuple: it reads as OpenSpiel's list does, and is shared, not copied)."""
        return self._shared.uniform(self._pos.need)

    def _apply_action(self, action: int) -> None:
        pos = self._pos
        shared = self._shared
        if self._cache.used:
            self._cache = _NodeCache()
        if pos.need:
            self._pos = shared.chance.choose(pos, action)
        else:
            self._pos = shared.chance.act(pos, shared.actions[action])

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
        known = self._shared.answers.of(pos.state)
        text = known.get("board")
        if text is None:
            text = known["board"] = text_board(self._shared.game, pos.state)
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
        """A copy of this state with what ``seat``'s current view hides dealt again
        at random (``game.determinize`` of the view): same view, same information
        state string for ``seat``; other seats' secrets in its log are removed.
        Fast, but it forgets what the seat learnt earlier and no longer sees
        (``resample_from_infostate`` keeps it). Our ISMCTS samples worlds with it."""
        pos = self._pos
        if pos.need or pos.state is None:
            raise ValueError("resample is for decision nodes")
        game = self._shared.game
        world = game.determinize(game.view(pos.state, seat), seat, Rng.from_seed(seed))
        out = self.clone()
        trail = seen_trail(pos.trail, seat)  # kept along the trail
        seen = Position(world, None, (), 0, pos.decisions, trail)
        out._pos = self._shared.chance.with_state(
            seen, world, tuple(game.forced_rolls(pos.state))
        )
        return out

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Any = None
    ) -> TabletopState:
        """A world ``player_id`` cannot tell from this one by anything it has
        observed, its own past included (``tabletop.adapters.worlds``): the real
        history replayed with fresh chance outcomes that agree with the seat's
        observation after every action. ``probability_sampler`` (OpenSpiel's: a
        callable giving a float in [0, 1)) seeds the draws. The world is a new state
        whose OpenSpiel history is empty (its own chance outcomes are not a history
        of action numbers once it was dealt again), so serialise the real state,
        not a sample; ``last_redeals`` says how often the world had to be dealt
        again from the seat's view."""
        pos = self._pos
        if pos.need or pos.state is None:
            raise ValueError("resample_from_infostate is for decision nodes")
        if not 0 <= player_id < self._shared.game.players:
            raise ValueError(f"player_id must be a seat, not {player_id!r}")
        u = probability_sampler() if probability_sampler is not None else 0.5
        rng = random.Random(int(float(u) * 2**53))
        cache = self._cache
        if cache.truth is None:
            history = self._our_history()
            cache.truth = (history, truth_positions(self._shared.chance, history))
            cache.used = True
        history, truth = cache.truth
        world = sample_world(self._shared.chance, truth, history, player_id, rng)
        out = self.get_game().new_initial_state()
        out._pos = world.position
        self.last_redeals = world.redeals
        return out

    def _our_history(self) -> list[tuple[bool, Any]]:
        """The history as (is_chance, outcome or our action object) entries."""
        decode = self._shared.space.actions.actions
        chance = pyspiel.PlayerId.CHANCE
        return [
            (True, a.action) if a.player == chance else (False, decode[a.action])
            for a in self.full_history()
        ]

    def information_state_history(self, player: int) -> str:
        """The readable information state of ``player``: every event it has been
        told, as its log reads, then its text board and its observation string
        (what ``information_state_string`` digests; it grows with the game)."""
        trail = self._pos.trail
        told = trail.lines(player) if trail is not None else []
        observer = TabletopObserver(self._shared, None)
        board = observer.board(self, player)
        vector = observer.string_from(self, player)
        return "\n".join([f"seat {player}", *told, board, vector])

    def observation_board(self, player: int) -> str:
        """Our text board of ``player``'s view (what ``observation_string`` says,
        for people)."""
        return TabletopObserver(self._shared, None).board(self, player)


class _NodeCache:
    """What a state works out for its node on demand (the real positions along
    its history); a copy (or one sent to another process) starts empty, and
    applying an action empties it. What depends on the game state alone (vectors,
    strings, the text board) is kept in ``_Answers``; a trail as a seat reads it,
    along the trail (``Trail.as_read_by``)."""

    __slots__ = ("truth", "used")

    def __init__(self) -> None:
        self.truth: Any = None
        self.used = False

    def __deepcopy__(self, memo: dict) -> _NodeCache:
        return _NodeCache()

    def __reduce__(self) -> tuple:
        return (_NodeCache, ())


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

    The default observer reports ``game.view(state, seat)``: the tensor is its
    encoding (``spaces.py``), the string lists the tensor's non-zero entries
    (``vector i=v ...``), so equal strings mean equal tensors and the other way
    round; ``board`` (``TabletopState.observation_board``) is our text board of the
    same view, for people (rendering it costs more than the rest together). The
    perfect-recall observer (the information state) adds
    what the seat has been told: the string names how many lines and their digest
    (blake2b-128 chained line by line, ``tabletop.adapters.chance.Told``), the
    tensor appends their counts by clause (``CLAUSE_BUCKETS`` counters). Public
    observers report the public view, all-players observers the referee's.
    """

    def __init__(self, shared: _Shared, iig_obs_type: Any):
        self._shared = shared
        self._who = _viewer_for(iig_obs_type)
        self._recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        size = shared.space.tensor_size + (CLAUSE_BUCKETS if self._recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def _viewer(self, seat: int) -> Any:
        return {"seat": seat, "public": "public", "referee": None}[self._who]

    def _vector(self, state: TabletopState, seat: int) -> np.ndarray:
        """The vector of ``seat``'s view at ``state`` (read-only), worked out
        once per game state (both kinds of observer, every copy of a node and
        every chance node of one action share it)."""
        known = self._shared.answers.of(state._pos.state)
        key = (self._who, seat)
        vector = known.get(key)
        if vector is None:
            game = self._shared.game
            view = game.view(state._pos.state, as_viewer(self._viewer(seat)))
            vector = known[key] = self._shared.space.encode(game, view, seat)
            vector.flags.writeable = False
        return vector

    def _facts(self, state: TabletopState, seat: int) -> str:
        """The observation string: the vector's non-zero entries, ``vector i=v
        ...`` (worked out once per game state, only when a string is asked)."""
        known = self._shared.answers.of(state._pos.state)
        key = ("string", self._who, seat)
        text = known.get(key)
        if text is None:
            vector = self._vector(state, seat)
            at = np.flatnonzero(vector).tolist()
            values = vector[at].tolist()
            facts = " ".join(f"{i}={v:g}" for i, v in zip(at, values, strict=True))
            text = known[key] = f"vector {facts}"
        return text

    def board(self, state: TabletopState, seat: int) -> str:
        """Our text board of the view this observer reports."""
        pos = state._pos
        if pos.state is None:
            return "dealing"
        view = self._shared.game.view(pos.state, as_viewer(self._viewer(seat)))
        return text_board(self._shared.game, view)

    def set_from(self, state: TabletopState, player: int) -> None:
        pos = state._pos
        size = self._shared.space.tensor_size
        if pos.state is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:size] = self._vector(state, player)
        if self._recall:
            told = told_to(pos.trail, self._viewer(player))
            self.tensor[size:] = told.clauses

    def string_from(self, state: TabletopState, player: int) -> str:
        pos = state._pos
        board = "dealing" if pos.state is None else self._facts(state, player)
        if not self._recall:
            return board
        told = told_to(pos.trail, self._viewer(player))
        return (
            f"seat {player}\ntold {told.lines} lines, digest {told.digest.hex()}"
            f"\n{board}"
        )


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
