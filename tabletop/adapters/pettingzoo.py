"""PettingZoo AEC environments for our games (``pip install "tabletop[rl]"``).

::

    from tabletop.adapters.pettingzoo import env
    e = env(name, players=3, render_mode="ansi")     # name: a registered game
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else \\
            e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are ``player_0`` .. ``player_<n-1>`` (our seats). It is the turn of the seat
whose decision is pending, which is not always the next seat: a turn is a chain of
decisions. Each observation is a dict: ``observation``, the seat's view encoded as a
float vector (``tabletop.adapters.spaces``; the view hides what the seat may not see),
and ``action_mask``, 1 for the legal action numbers. ``info["notation"]`` lists the
legal actions in our notation (written on first reading), ``info["seat"]`` is the
agent's seat.

Rewards come at the end: +1 to the winner, -1/(players-1) to the others. A game
still running after ``max_decisions`` decisions is truncated (every agent
``truncated``, rewards 0): random players may never end a game (see
``docs/adapters.md``). ``reward="shaped"`` adds, at each step, the change of
every seat's win chance by the game's heuristic (``evaluate``) read from that
seat's own view: a potential-based shaping (the sum over a game is the last
chance minus the first), off by default (``reward="win"``).

``reset(seed=s)`` deals game ``s`` exactly as ``Match(game, seed=s)`` does (the
engine's own seeded generator; no chance nodes are needed here). Without a seed, the
next game's seed is drawn from the environment's generator (``np_random``).

Render modes: ``"ansi"`` returns our text board (the referee's: every hand shown;
pass ``render_viewer="public"`` or a seat to hide them), ``"rgb_array"`` the board
picture from ``tabletop.draw`` as an ``(H, W, 3)`` uint8 array, ``"human"`` shows
the board where the user is (the SVG picture in a notebook, the text board printed
in a terminal) and returns ``None``.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from tabletop.adapters.spaces import legal_parts_of, space_of, text_board
from tabletop.core import as_viewer, make_game


def env(
    game: str | Any,
    players: int = 2,
    render_mode: str | None = None,
    max_decisions: int | None = None,
    render_viewer: Any = None,
    reward: str = "win",
) -> TabletopEnv:
    """The AEC environment of ``game`` (a name, or one of our game objects)."""
    return TabletopEnv(game, players, render_mode, max_decisions, render_viewer, reward)


class TabletopEnv(AECEnv):
    """One of our games as a PettingZoo AEC environment (see the module docstring)."""

    metadata = {
        "render_modes": ["human", "ansi", "rgb_array"],
        "name": "tabletop_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str | Any,
        players: int = 2,
        render_mode: str | None = None,
        max_decisions: int | None = None,
        render_viewer: Any = None,
        reward: str = "win",
    ):
        super().__init__()
        self.game = make_game(game, players=players) if isinstance(game, str) else game
        self.space = space_of(self.game)
        self.max_decisions = max_decisions or self.space.max_decisions
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(
                f"render_mode must be one of {self.metadata['render_modes']}"
            )
        self.render_mode = render_mode
        self.render_viewer = render_viewer
        self.shaping = Shaping(self.game) if reward == "shaped" else None
        if reward not in ("win", "shaped"):
            raise ValueError(f"reward must be 'win' or 'shaped', not {reward!r}")
        self.metadata = {**self.metadata, "name": f"tabletop_{self.game.name}_v0"}
        n = self.game.players
        self.possible_agents = [f"player_{s}" for s in range(n)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        count = len(self.space.actions)
        obs = spaces.Dict(
            {
                "observation": spaces.Box(
                    -np.inf, np.inf, (self.space.tensor_size,), np.float32
                ),
                "action_mask": spaces.Box(0, 1, (count,), np.int8),
            }
        )
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(count) for a in self.possible_agents}
        self.state = None
        self._parts: Sequence[Sequence[Any]] = ()  # the mover's legal_parts
        self._legal_parts = legal_parts_of(self.game)
        self._numbers = self.space.actions.numbers_of_parts
        self.np_random, _ = seeding.np_random(None)

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # -- the game ---------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
            game_seed = int(seed)
        else:
            game_seed = int(self.np_random.integers(0, 2**63 - 1))
        self.seed_used = game_seed
        if hasattr(self.game, "setup"):
            self.state, _events = self.game.setup(game_seed)
        else:
            self.state = self.game.initial_state(game_seed)
        self.decisions = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        if self.shaping is not None:
            self._potential = self.shaping.potentials(self.state)
        self._select(self.game.to_move(self.state))

    def _select(self, seat: int | None) -> None:
        self._parts = ()
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
            self._parts = self._legal_parts(self.state)
        self._refresh_infos(seat)

    def _refresh_infos(self, mover: int | None) -> None:
        for agent in self.agents:
            seat = self._seat[agent]
            info: dict[str, Any] = {"seat": seat}
            if seat == mover:
                info["notation"] = Notations(self._parts)
            self.infos[agent] = info

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        view = self.game.view(self.state, seat)
        mask = np.zeros(len(self.space.actions), np.int8)
        if agent == self.agent_selection and not (
            self.terminations[agent] or self.truncations[agent]
        ):
            mask[self._numbers(self._parts)] = 1
        return {
            "observation": self.space.encode(self.game, view, seat),
            "action_mask": mask,
        }

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        move = self.space.actions.decode(int(action))
        self._cumulative_rewards[agent] = 0.0
        self.state, _events = self.game.apply(self.state, move)
        self.decisions += 1
        self.rewards = dict.fromkeys(self.agents, 0.0)
        mover = self.game.to_move(self.state)
        if mover is None:
            n = self.game.players
            outcome = self.game.outcome(self.state)
            winner = None if outcome is None else outcome.winner
            for a in self.agents:
                if winner is not None:
                    won = self._seat[a] == winner
                    self.rewards[a] = 1.0 if won else -1.0 / (n - 1)
                self.terminations[a] = True
        elif self.decisions >= self.max_decisions:
            for a in self.agents:
                self.truncations[a] = True
        if self.shaping is not None:
            now = self.shaping.potentials(self.state)
            for a in self.agents:
                seat = self._seat[a]
                self.rewards[a] += now[seat] - self._potential[seat]
            self._potential = now
        self._accumulate_rewards()
        self._select(mover)
        if self.terminations[agent] or self.truncations[agent]:
            # Every agent is done: hand the turn around so each sees its end.
            self.agent_selection = self.agents[0]

    # -- pictures -------------------------------------------------------------------
    def render(self) -> str | np.ndarray | None:
        if self.render_mode is None or self.state is None:
            return None
        viewer = as_viewer(self.render_viewer)
        view = self.game.view(self.state, viewer)
        if self.render_mode == "ansi":
            return text_board(self.game, view)
        if self.render_mode == "human":
            show_board(self.game, view, viewer)
            return None
        return _picture(self.game, view, viewer)

    def close(self) -> None:
        pass


class Shaping:
    """Every seat's win chance by the game's heuristic (``evaluate``), each read
    from that seat's own view (so no hidden card moves a reward)."""

    def __init__(self, game: Any):
        from tabletop.bots.registry import heuristic_module

        module = heuristic_module(game)
        if module is None or not hasattr(module, "evaluate"):
            raise ValueError(f"{game.name} has no heuristic to shape rewards with")
        self.game = game
        self.evaluate = module.evaluate

    def potentials(self, state: Any) -> list[float]:
        game = self.game
        if game.to_move(state) is None:  # the end: the win reward says it all
            return [0.0] * game.players
        return [
            float(self.evaluate(game, game.view(state, seat))[seat])
            for seat in range(game.players)
        ]


def show_board(game: Any, view: Any, viewer: Any) -> None:
    """Show the board where the user is: the SVG picture in a notebook (an IPython
    kernel), else the text board printed."""
    if _in_notebook():
        from IPython.display import SVG, display

        from tabletop.draw.scenes import Moment, scene
        from tabletop.draw.svg import scene_svg

        display(SVG(scene_svg(scene(game, Moment(view, None, 0, 0, ()), viewer))))
    else:
        print(text_board(game, view))


def _in_notebook() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and hasattr(shell, "kernel")


class Notations(Sequence):
    """The legal actions' notations, written on first reading (``info["notation"]``:
    most steps never read them), from the game's ``legal_parts``."""

    def __init__(self, parts: Sequence[Sequence[Any]]):
        self._parts = parts
        self._texts: list[str] | None = None

    def _written(self) -> list[str]:
        if self._texts is None:
            self._texts = [str(a) for part in self._parts for a in part]
        return self._texts

    def __getitem__(self, i: Any) -> Any:
        return self._written()[i]

    def __len__(self) -> int:
        return sum(map(len, self._parts))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return self._written() == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self._written())


def _picture(game: Any, view: Any, viewer: Any) -> np.ndarray:
    """The board picture of ``view`` (``tabletop.draw``) as an RGB array."""
    from PIL import Image

    from tabletop.draw.pictures import svg_to_png
    from tabletop.draw.scenes import Moment, scene
    from tabletop.draw.svg import scene_svg

    svg = scene_svg(scene(game, Moment(view, None, 0, 0, ()), viewer))
    image = Image.open(io.BytesIO(svg_to_png(svg))).convert("RGB")
    return np.asarray(image, dtype=np.uint8)
