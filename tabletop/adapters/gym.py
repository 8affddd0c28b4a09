"""One seat of our games as a Gymnasium environment, the others played by our bots
(``pip install "tabletop[rl]"``).

::

    from tabletop.adapters.gym import SeatEnv
    e = SeatEnv(name, players=2, seat=0, opponents="heuristic")
    obs, info = e.reset(seed=3)
    while True:
        action = e.action_space.sample(e.action_masks().astype(np.int8))
        obs, reward, terminated, truncated, info = e.step(action)
        if terminated or truncated:
            break

The learner's seat sees what that seat may see: the observation is its view encoded
as a float vector (``tabletop.adapters.spaces``), and ``action_masks()`` gives the
legal action numbers as booleans, the convention of sb3-contrib's masked algorithms
(``MaskablePPO``); ``info["action_mask"]`` holds the same mask. The other seats are
our bots (``"random"``, ``"heuristic"``, ``"search"``, or a list of bot objects with
``choose(view)``), each deciding from its own view; they play between the learner's
decisions. Rewards are those of the PettingZoo environment (+1 for a win,
-1/(players-1) for a loss, 0 for no winner or the length cap; ``reward="shaped"``
adds the change of the seat's heuristic win chance at each step), all counted
for the learner's seat. An illegal action raises ``IllegalActionError`` and changes
nothing.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from tabletop.adapters.pettingzoo import Shaping, show_board
from tabletop.adapters.spaces import legal_parts_of, space_of, text_board
from tabletop.core import make_game


class SeatEnv(gymnasium.Env):
    """Seat ``seat`` of ``game`` against our bots (see the module docstring).

    Args:
        game: a registered game's name, or one of our game objects.
        players: the number of seats.
        seat: the learner's seat.
        opponents: a bot name for every other seat, or a list of bot objects (one
            per other seat, in seat order).
        max_decisions: the length cap (all seats' decisions), by default the game
            space's.
        reward: ``"win"`` (at the end only) or ``"shaped"``.
        render_mode: ``"ansi"`` (the seat's text board) or ``"human"`` (shown).
    """

    metadata = {"render_modes": ["human", "ansi"]}

    def __init__(
        self,
        game: str | Any,
        players: int = 2,
        seat: int = 0,
        opponents: str | list[Any] = "random",
        max_decisions: int | None = None,
        reward: str = "win",
        render_mode: str | None = None,
    ):
        self.game = make_game(game, players=players) if isinstance(game, str) else game
        if not 0 <= seat < self.game.players:
            raise ValueError(f"seat must be 0..{self.game.players - 1}, not {seat}")
        if reward not in ("win", "shaped"):
            raise ValueError(f"reward must be 'win' or 'shaped', not {reward!r}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            modes = self.metadata["render_modes"]
            raise ValueError(f"render_mode must be one of {modes}")
        self.seat = seat
        self.space = space_of(self.game)
        self.max_decisions = max_decisions or self.space.max_decisions
        self.shaping = Shaping(self.game) if reward == "shaped" else None
        self.render_mode = render_mode
        self._opponents = opponents
        self.observation_space = spaces.Box(
            -np.inf, np.inf, (self.space.tensor_size,), np.float32
        )
        self.action_space = spaces.Discrete(len(self.space.actions))
        self.state: Any = None
        self._bots: dict[int, Any] = {}

    def _make_bots(self, seed: int) -> dict[int, Any]:
        others = [s for s in range(self.game.players) if s != self.seat]
        if isinstance(self._opponents, str):
            from tabletop.bots import make_bot

            return {
                s: make_bot(self._opponents, self.game, seed * 31 + s) for s in others
            }
        if len(self._opponents) != len(others):
            raise ValueError(f"{len(others)} opponents are needed")
        return dict(zip(others, self._opponents, strict=True))

    def reset(
        self, *, seed: int | None = None, options: dict | None = None
    ) -> tuple[np.ndarray, dict]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**63 - 1))
        self._bots = self._make_bots(game_seed % 2**31)
        if hasattr(self.game, "setup"):
            self.state, _events = self.game.setup(game_seed)
        else:
            self.state = self.game.initial_state(game_seed)
        self.decisions = 0
        self._potential = self._chance()
        self._play_others()
        return self._observe(), self._info()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict]:
        if self.state is None or self.game.to_move(self.state) != self.seat:
            raise RuntimeError("the game is over: call reset()")
        move = self.space.actions.decode(int(action))
        self.state, _events = self.game.apply(self.state, move)  # checks it
        self.decisions += 1
        self._play_others()
        terminated = self.game.to_move(self.state) is None
        truncated = not terminated and self.decisions >= self.max_decisions
        reward = 0.0
        if terminated:
            outcome = self.game.outcome(self.state)
            if outcome is not None and outcome.winner is not None:
                n = self.game.players
                reward = 1.0 if outcome.winner == self.seat else -1.0 / (n - 1)
        now = self._chance()
        reward += now - self._potential
        self._potential = now
        return self._observe(), reward, terminated, truncated, self._info()

    def _play_others(self) -> None:
        """Our bots' decisions until the learner's turn, the end or the cap."""
        game = self.game
        while self.decisions < self.max_decisions:
            mover = game.to_move(self.state)
            if mover is None or mover == self.seat:
                return
            choice = self._bots[mover].choose(game.view(self.state, mover))
            self.state, _events = game.apply(self.state, choice)
            self.decisions += 1

    def _chance(self) -> float:
        if self.shaping is None:
            return 0.0
        return self.shaping.potentials(self.state)[self.seat]

    def action_masks(self) -> np.ndarray:
        """The legal action numbers of the learner's seat now, as booleans (all
        False when it is not its turn)."""
        mask = np.zeros(len(self.space.actions), bool)
        if self.state is not None and self.game.to_move(self.state) == self.seat:
            parts = legal_parts_of(self.game)(self.state)
            mask[self.space.actions.numbers_of_parts(parts)] = True
        return mask

    def _observe(self) -> np.ndarray:
        view = self.game.view(self.state, self.seat)
        return self.space.encode(self.game, view, self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "decisions": self.decisions}

    def render(self) -> str | None:
        if self.render_mode is None or self.state is None:
            return None
        view = self.game.view(self.state, self.seat)
        if self.render_mode == "ansi":
            return text_board(self.game, view)
        show_board(self.game, view, self.seat)
        return None
