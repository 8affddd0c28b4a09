"""The adapters' speed beside the native engine: random play, information states,
OpenSpiel's conformance test.

Run ``python benchmarks/adapters.py [--games N] [--players 2 4] [--only NAME]``;
``--compare REV`` runs the same figures for the code of git revision ``REV`` (its
``tabletop`` package exported to a temporary directory) and for this checkout,
alternated ``--rounds`` times in fresh processes, so both see the same machine load.
Figures only; nothing here is asserted.

What each figure times, exactly (CPU time, ``time.process_time``, of the whole loop,
the game object's construction included, module imports not; each loop chooses
uniformly with ``random.Random(seed)``):

- ``native``: ``state = game.initial_state(seed)``, then per decision
  ``game.legal_actions(state)``, ``rng.choice``, ``game.apply``; the engine's own
  generator draws every chance outcome inside ``apply``.
- ``openspiel``: ``game.new_initial_state()``, then per node: at a chance node
  ``chance_outcomes()`` and ``apply_action`` of a uniform outcome; at a decision
  ``legal_actions()`` and ``apply_action`` of a uniform action number. Only player
  decisions are counted (chance nodes are part of their cost).
- ``pettingzoo``: ``env.reset(seed)``, then ``agent_iter``: ``last()`` (observation
  vector and action mask), a uniform choice among the mask's ones, ``step``; the
  agents' end steps (``step(None)``) are included, not counted.
- ``ratio``: decisions per CPU second against native's, same games, same cap.
- ``floor`` (``--floors``): OpenSpiel's own per-move cost for a Python game with
  no logic (one legal action, ``legal_actions`` + ``apply_action``), gymnasium's
  masked ``Discrete.sample`` for one of our masks, and the ``pettingzoo`` loop on
  an AEC environment with no game (the bookkeeping every AEC environment does).
  Per game: the best ratio an adapter could reach if its own code cost nothing,
  ``native / (native + OpenSpiel's move cost x (1 + chance nodes per decision))``
  (OpenSpiel asks for each chance outcome as a move of its own) and
  ``native / (native + the empty AEC loop)``, then with our observation vector
  (``space.encode``, which PettingZoo's ``last()`` returns at every step) added.
- ``info state``: microseconds of one ``information_state_string(0)`` call when it
  is asked at every decision of a random game (at the most players), over the
  decisions within the last 10% of entries before depth ``k``, and its length.
- ``random_sim_test``: ``pyspiel.random_sim_test(game, num_sims, serialize=...)``
  on Raiders with 6 players, CPU seconds (``--sim-games``, 0 to skip;
  ``--serialize`` also serialises and deserialises every state).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CAP = 1500  # decisions per game at most, the same for every loop


def native(name: str, players: int, games: int) -> tuple[int, float]:
    from tabletop.core import make_game

    decisions, cpu = 0, time.process_time()
    game = make_game(name, players=players)
    for seed in range(games):
        rng = random.Random(seed)
        state = game.initial_state(seed)
        for _ in range(CAP):
            legal = game.legal_actions(state)
            if not legal:
                break
            state, _ = game.apply(state, rng.choice(legal))
            decisions += 1
    return decisions, time.process_time() - cpu


def openspiel(name: str, players: int, games: int) -> tuple[int, float, int]:
    """(decisions, CPU s, chance nodes met): the chance nodes are for the floor."""
    from tabletop.adapters.openspiel import load

    decisions, chances, cpu = 0, 0, time.process_time()
    game = load(name, players, max_decisions=CAP)
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                chances += 1
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
    return decisions, time.process_time() - cpu, chances


def pettingzoo(name: str, players: int, games: int) -> tuple[int, float]:
    import numpy as np

    from tabletop.adapters.pettingzoo import env

    decisions, cpu = 0, time.process_time()
    e = env(name, players, max_decisions=CAP)
    for seed in range(games):
        rng = random.Random(seed)
        e.reset(seed=seed)
        for _agent in e.agent_iter():
            obs, _reward, terminated, truncated, _info = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
            decisions += 1
    return decisions, time.process_time() - cpu


def floors(name: str, players: int) -> tuple[float, float]:
    """(us per move of an OpenSpiel Python game with no logic, us per masked
    ``Discrete.sample`` of one of our masks)."""
    import numpy as np
    import pyspiel

    from tabletop.adapters.pettingzoo import env

    class Empty(pyspiel.Game):
        def __init__(self, params=None):
            super().__init__(_EMPTY_TYPE, _EMPTY_INFO, params or {})

        def new_initial_state(self):
            return EmptyState(self)

    class EmptyState(pyspiel.State):
        def __init__(self, game):
            super().__init__(game)
            self.moves = 0

        def current_player(self):
            return 0 if self.moves < 10**9 else pyspiel.PlayerId.TERMINAL

        def _legal_actions(self, player):
            return [0]

        def _apply_action(self, action):
            self.moves += 1

        def is_terminal(self):
            return False

        def returns(self):
            return [0.0]

    _EMPTY_TYPE = pyspiel.GameType(
        short_name="benchmark_empty",
        long_name="benchmark empty",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=1,
        min_num_players=1,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification={},
    )
    _EMPTY_INFO = pyspiel.GameInfo(
        num_distinct_actions=1,
        max_chance_outcomes=0,
        num_players=1,
        min_utility=0.0,
        max_utility=0.0,
        utility_sum=0.0,
        max_game_length=10**9,
    )
    state = Empty().new_initial_state()
    moves = 20_000
    cpu = time.process_time()
    for _ in range(moves):
        state.legal_actions()
        state.apply_action(0)
    move = (time.process_time() - cpu) / moves * 1e6

    e = env(name, players)
    e.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    space = e.action_space(e.agent_selection)
    space.seed(1)
    cpu = time.process_time()
    for _ in range(moves):
        space.sample(mask)
    sample = (time.process_time() - cpu) / moves * 1e6
    del np
    return move, sample


def pettingzoo_step_floor(players: int) -> float:
    """us per decision of the benchmark's PettingZoo loop (``last``, a choice from
    the mask, ``step``) on an AEC environment with no game: its observation is a
    prebuilt dict, its step does only the bookkeeping every AEC environment does
    (rewards reset and accumulated, the next agent selected)."""
    import numpy as np
    from pettingzoo import AECEnv

    class Empty(AECEnv):
        metadata = {"name": "benchmark_empty_v0", "is_parallelizable": False}

        def __init__(self):
            super().__init__()
            self.possible_agents = [f"player_{i}" for i in range(players)]
            self.obs = {"observation": np.zeros(4, np.float32),
                        "action_mask": np.ones(4, np.int8)}  # fmt: skip

        def reset(self, seed=None, options=None):
            self.agents = list(self.possible_agents)
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
            self.terminations = dict.fromkeys(self.agents, False)
            self.truncations = dict.fromkeys(self.agents, False)
            self.infos = {a: {} for a in self.agents}
            self.agent_selection = self.agents[0]
            self.moves = 0

        def observe(self, agent):
            return self.obs

        def step(self, action):
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)
                return
            self._cumulative_rewards[agent] = 0.0
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.moves += 1
            if self.moves >= steps:
                for a in self.agents:
                    self.truncations[a] = True
            self._accumulate_rewards()
            self.agent_selection = self.agents[self.moves % players]

    steps = 20_000
    e = Empty()
    e.reset()
    rng = random.Random(1)
    cpu = time.process_time()
    for _agent in e.agent_iter():
        obs, _reward, terminated, truncated, _info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    return (time.process_time() - cpu) / steps * 1e6


def encode_cost(name: str, players: int, views: int = 300) -> float:
    """us per observation vector (``space.encode``) over the views of one random
    game (every seat's view at each of its first ``views`` decisions)."""
    from tabletop.adapters.spaces import space_of
    from tabletop.core import make_game

    game = make_game(name, players=players)
    space = space_of(game)
    rng = random.Random(1)
    state = game.initial_state(1)
    seen = []
    for _ in range(views):
        legal = game.legal_actions(state)
        if not legal:
            break
        seen.append((game.view(state, game.to_move(state)), game.to_move(state)))
        state, _ = game.apply(state, rng.choice(legal))
    cpu = time.process_time()
    for view, seat in seen:
        space.encode(game, view, seat)
    return (time.process_time() - cpu) / len(seen) * 1e6


def info_state_cost(name: str, players: int, depths: list[int]) -> list[str]:
    """One line per depth: us per information_state_string(0) call when it is
    asked at every decision along a game (as tree searches and CFR walk), over the
    decisions of the last 10% of entries before that depth, and its length (in the
    first of a few seeded random games that gets that deep)."""
    from tabletop.adapters.openspiel import load

    game = load(name, players, max_decisions=100_000)
    deepest = max(depths)
    for seed in range(12):
        calls, reached = _walk_asking(game, seed, deepest)
        if reached:
            break
    lines = []
    for depth in sorted(depths):
        window = [c for c in calls if 0.9 * depth <= c[0] <= depth]
        if not reached or not window:
            lines.append(f"  info state at {depth:>5} entries: every game ended first")
            continue
        spent = sum(c[1] for c in window) / len(window)
        lines.append(
            f"  info state at {depth:>5} entries: {spent * 1e6:>9.1f} us CPU per "
            f"call ({len(window)} calls), {window[-1][2]:>7} characters"
        )
    return lines


def _walk_asking(game, seed: int, depth: int) -> tuple[list, bool]:
    """(history length, CPU seconds, length) of information_state_string(0) at
    each decision of a random game, until ``depth`` entries or its end; and
    whether it got that deep."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    out = [(0, 0.0, 0)]
    while len(state.history()) < depth and not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            continue
        cpu = time.process_time()
        text = state.information_state_string(0)
        out.append((len(state.history()), time.process_time() - cpu, len(text)))
        state.apply_action(rng.choice(state.legal_actions()))
    return out, len(state.history()) >= depth


def sim_test(games: int, serialize: bool) -> str:
    import pyspiel

    from tabletop.adapters.openspiel import load

    game = load("raiders", 6)
    cpu, wall = time.process_time(), time.perf_counter()
    pyspiel.random_sim_test(game, num_sims=games, serialize=serialize, verbose=False)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return (
        f"  random_sim_test raiders 6 players, {games} games, "
        f"serialize={serialize}: {cpu:.1f} s CPU, {wall:.1f} s wall"
    )


def measure(args: argparse.Namespace) -> None:
    from tabletop.core.registry import REGISTRY

    names = [e.name for e in REGISTRY.entries() if e.space]
    if args.only:
        names = [n for n in names if n in args.only]
    # Imports and registration happen once, before any clock starts.
    import tabletop.adapters.openspiel
    import tabletop.adapters.pettingzoo  # noqa: F401

    for name in names:
        REGISTRY.lookup(name).make(players=REGISTRY.lookup(name).players[0])
    print(f"load average before: {_load()}")
    if args.floors:
        move, sample = floors(names[0], 2)
        step = {n: pettingzoo_step_floor(n) for n in args.players}
        print(
            f"  floor: OpenSpiel Python game with no logic {move:.2f} us per move; "
            f"gymnasium masked sample {sample:.2f} us per call; PettingZoo AEC "
            "loop with no game "
            + ", ".join(f"{n}p {us:.2f}" for n, us in step.items())
            + " us per decision"
        )
    for name in names:
        for players in args.players:
            row = {}
            for label, loop in (
                ("native", native),
                ("openspiel", openspiel),
                ("pettingzoo", pettingzoo),
            ):
                decisions, cpu, *chance_nodes = loop(name, players, args.games)
                row[label] = decisions / cpu if cpu else 0.0
                ratio = row[label] / row["native"] if row["native"] else 0.0
                print(
                    f"  {name} {players}p {label:<10} {decisions:>7} decisions "
                    f"{cpu:>6.2f} s CPU {row[label]:>9.0f}/s CPU  ratio {ratio:.2f}"
                )
                if label == "openspiel":
                    chances = chance_nodes[0] / decisions if decisions else 0.0
                if label == "pettingzoo" and args.floors and row["native"]:
                    us = 1e6 / row["native"]
                    spiel = us / (us + (1 + chances) * move)
                    encode = encode_cost(name, players)
                    zoo = us / (us + step[players])
                    zoo_obs = us / (us + step[players] + encode)
                    print(
                        f"  {name} {players}p floors: native {us:.1f} us per "
                        f"decision; OpenSpiel {1 + chances:.2f} moves per decision "
                        f"(decision + chance nodes) -> at most {spiel:.2f}; "
                        f"PettingZoo's loop -> at most {zoo:.2f}, with our "
                        f"observation vector every step ({encode:.1f} us) "
                        f"{zoo_obs:.2f}"
                    )
    for name in names:
        most = REGISTRY.lookup(name).players[1]  # the longest games
        for line in info_state_cost(name, most, args.depths):
            print(f"  {name} {most}p" + line[1:])
    if args.sim_games and "raiders" in names:
        print(sim_test(args.sim_games, args.serialize))
    print(f"load average after: {_load()}")


def _load() -> str:
    return Path("/proc/loadavg").read_text().split(" ", 3)[:3].__str__()


def compare(args: argparse.Namespace, argv: list[str]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", args.compare, "tabletop", "boards"],
            check=True,
            capture_output=True,
        ).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        rest = []
        skip = False
        for a in argv:
            if skip:
                skip = False
                continue
            if a in ("--compare", "--rounds"):
                skip = True
                continue
            rest.append(a)
        for k in range(args.rounds):
            for label, path in ((args.compare, tmp), ("this checkout", str(ROOT))):
                print(f"== round {k + 1}: {label}", flush=True)
                env = {**os.environ, "PYTHONPATH": path}
                subprocess.run(
                    [sys.executable, __file__, "--no-path", *rest], env=env, check=True
                )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--only", nargs="+", default=None)
    parser.add_argument("--depths", type=int, nargs="+", default=[500, 4000])
    parser.add_argument("--sim-games", type=int, default=0)
    parser.add_argument("--floors", action="store_true")
    parser.add_argument(
        "--serialize", action="store_true", help="random_sim_test with serialize=True"
    )
    parser.add_argument("--compare", default="")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--no-path", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.compare:
        compare(args, sys.argv[1:])
        return
    if not args.no_path:
        sys.path.insert(0, str(ROOT))
    import tabletop

    print(f"tabletop from {Path(tabletop.__file__).parent}")
    measure(args)


if __name__ == "__main__":
    main()
