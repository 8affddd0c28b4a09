"""OpenSpiel's ISMCTS against our bots, through the OpenSpiel adapter.

``ismcts_bot(game, seconds=0.2)`` is OpenSpiel's own ISMCTS bot
(``open_spiel.python.algorithms.ismcts``) with a time budget per decision instead of
a fixed number of simulations (the only change: its simulation loop stops at the
deadline), and with worlds sampled by our ``determinize`` of the current view
(``TabletopState.resample``: faster than ``resample_from_infostate``, which the
stock bot calls, and blind to what the seat learnt earlier and no longer sees); its
nodes are keyed by the seat's view (what the observation is drawn from). Its
leaves are scored either by OpenSpiel's ``RandomRolloutEvaluator`` (random play to
the end: weak in a game whose random games rarely end) or by our heuristic's
``evaluate`` (``evaluator="heuristic"``).

``play_game(game, players, seed)`` plays one game: ``players[seat]`` is an OpenSpiel
bot, or one of our bots (``tabletop.bots``), which decides from its own view and
whose action is numbered by the adapter. Chance nodes are drawn with a seeded
generator, so a seed and the bots replay the game.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from tabletop.adapters.openspiel import TabletopState
from tabletop.bots.registry import heuristic_module


class HeuristicEvaluator(mcts.Evaluator):
    """Leaf values from our heuristic's win chances: a seat with win chance ``w``
    is worth ``(w * n - 1) / (n - 1)``, the expected return (+1 to the winner,
    -1/(n-1) to each other seat). Priors are uniform."""

    def __init__(self, game: Any):
        self.game = game.tabletop_game
        self.evaluate_fn = heuristic_module(self.game).evaluate

    def evaluate(self, state: TabletopState) -> np.ndarray:
        if state.is_terminal():
            return np.array(state.returns())
        ours = state.tabletop_state
        n = self.game.players
        if ours is None:
            return np.zeros(n)
        chances = self.evaluate_fn(self.game, ours)
        return np.array([(w * n - 1.0) / (n - 1) for w in chances])

    def prior(self, state: TabletopState) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


class TimedISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's ISMCTS bot, searching for ``seconds`` per decision."""

    def __init__(self, game: Any, evaluator: Any, seconds: float, seed: int, **kw: Any):
        super().__init__(
            game,
            evaluator,
            uct_c=kw.pop("uct_c", 2.0),
            max_simulations=1,
            random_state=np.random.RandomState(seed),
            allow_inconsistent_action_sets=True,
            **kw,
        )
        self.seconds = seconds
        self.pace: Any = None  # optional: () -> this decision's budget
        self.simulations: list[int] = []
        self.seconds_spent: list[float] = []
        samples = np.random.RandomState(seed + 1)
        self.set_resampler(
            lambda state, seat: state.resample(seat, int(samples.randint(2**31)))
        )

    def get_state_key(self, state: TabletopState) -> tuple[int, Any]:
        # The seat's view itself rather than its text board: the same information
        # (the observation string is drawn from it), much cheaper to build.
        seat = state.current_player()
        return seat, state.get_game().tabletop_game.view(state.tabletop_state, seat)

    def run_search(self, state: Any) -> list[tuple[int, float]]:
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        self._root_node = self.create_new_node(state)
        start = time.perf_counter()
        deadline = start + (self.pace() if self.pace else self.seconds)
        count = 0
        while count < 2 or time.perf_counter() < deadline:
            self.run_simulation(self.sample_root_state(state))
            count += 1
        self.simulations.append(count)
        self.seconds_spent.append(time.perf_counter() - start)
        node = self.filter_illegals(self._root_node, legal)
        return self.get_final_policy(state, node)


def ismcts_bot(
    game: Any, seconds: float = 0.2, seed: int = 0, evaluator: str = "rollout"
) -> TimedISMCTSBot:
    """OpenSpiel's ISMCTS for a ``tabletop_*`` OpenSpiel game.

    Args:
        game: a game loaded through ``tabletop.adapters.openspiel``.
        seconds: the time budget per decision.
        seed: the bot's seed (its search and its sampled worlds).
        evaluator: ``"rollout"`` (OpenSpiel's random rollouts, one per leaf) or
            ``"heuristic"`` (our heuristic's position values).
    """
    if evaluator == "rollout":
        leaf: Any = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed + 2))
    elif evaluator == "heuristic":
        leaf = HeuristicEvaluator(game)
    else:
        raise ValueError(
            f"evaluator must be 'rollout' or 'heuristic', not {evaluator!r}"
        )
    return TimedISMCTSBot(game, leaf, seconds, seed)


class OurBot:
    """One of our bots (``tabletop.bots``) seated in an OpenSpiel game."""

    def __init__(self, bot: Any):
        self.bot = bot
        self.seconds: list[float] = []

    def step(self, state: TabletopState) -> int:
        game = state.get_game().tabletop_game
        seat = state.current_player()
        start = time.perf_counter()
        action = self.bot.choose(game.view(state.tabletop_state, seat))
        self.seconds.append(time.perf_counter() - start)
        return state.number_of(action)


def play_game(game: Any, players: list[Any], seed: int) -> TabletopState:
    """Play one game of ``game`` (OpenSpiel) with one bot per seat; the end state.

    ``players[seat]`` has ``step(state) -> action number`` (an OpenSpiel bot, or
    ``OurBot``). Chance outcomes come from a generator seeded with ``seed``.
    """
    chance = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(int(chance.randint(len(outcomes))))
            continue
        seat = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
            continue
        action = players[seat].step(state)
        if action not in legal:
            raise pyspiel.SpielError(f"seat {seat} chose an illegal action {action}")
        state.apply_action(action)
    return state


@dataclass(frozen=True, slots=True)
class Duel:
    """One game of OpenSpiel's ISMCTS against one of our bots.

    Attributes:
        seed: the game's seed (chance outcomes, both bots' seeds).
        ismcts_seat: the seat ISMCTS played.
        winner: the winning seat, or ``None`` (the length cap).
        decisions: player decisions in the game.
        ismcts_seconds, our_seconds: mean seconds per decision that had a choice.
        simulations: ISMCTS's mean simulations per such decision.
    """

    seed: int
    ismcts_seat: int
    winner: int | None
    decisions: int
    ismcts_seconds: float
    our_seconds: float
    simulations: float


def duel(
    name: str,
    opponent: str,
    seed: int,
    seconds: float = 0.05,
    evaluator: str = "heuristic",
    players: int = 2,
    opponent_seconds: float | None = None,
    match_time: bool = False,
) -> Duel:
    """One game: ISMCTS (``seconds`` per decision) against our ``opponent`` bot
    (``"heuristic"``, ``"random"``, or ``"search"`` with ``opponent_seconds`` per
    decision, by default ``seconds``); ISMCTS sits in seat ``seed % players``, our
    bot in the others. Our search bot checks its clock between iterations and
    overruns its budget: for equal time, ``match_time`` makes ISMCTS keep pace with
    the time search actually takes (``seconds`` is then only its first budget;
    ``search_seconds`` measures a good one)."""
    from tabletop.adapters.openspiel import load
    from tabletop.bots import make_bot

    game = load(name, players)
    ours = game.tabletop_game
    me = seed % players
    bot = ismcts_bot(game, seconds, seed, evaluator)
    options = {}
    if opponent == "search":
        options["seconds"] = seconds if opponent_seconds is None else opponent_seconds
    seats: list[Any] = [
        bot if s == me else OurBot(make_bot(opponent, ours, seed + s, **options))
        for s in range(players)
    ]
    if opponent == "search" and match_time:
        # Our search's time depends on the position (its rollouts run to the end),
        # so ISMCTS keeps pace with it: each budget brings ISMCTS's total so far to
        # search's mean per decision so far times ISMCTS's decisions.
        ours_seen = [s.seconds for s in seats if isinstance(s, OurBot)]

        def pace() -> float:
            theirs = [t for ts in ours_seen for t in ts]
            mean = _mean(theirs) if theirs else seconds
            owed = mean * (len(bot.seconds_spent) + 1) - sum(bot.seconds_spent)
            return min(max(owed, 0.2 * mean), 5 * mean)

        bot.pace = pace
    end = play_game(game, seats, seed)
    outcome = ours.outcome(end.tabletop_state)
    theirs = [t for s in seats if isinstance(s, OurBot) for t in s.seconds]
    return Duel(
        seed,
        me,
        None if outcome is None else outcome.winner,
        end.decisions,
        _mean(bot.seconds_spent),
        _mean(theirs),
        _mean(bot.simulations),
    )


def _mean(values: list[float] | list[int]) -> float:
    return sum(values) / len(values) if values else 0.0


def search_seconds(
    name: str, seconds: float, samples: int = 20, seed: int = 5
) -> float:
    """The mean time our search bot, given ``seconds``, actually takes per decision
    (on decisions with a choice, from a 2-player game between heuristic bots)."""
    from tabletop.bots import make_bot, play_out
    from tabletop.core import make_game

    game = make_game(name, players=2)
    views = []

    def keep(state: Any, action: Any) -> None:
        if game.to_move(state) == 0 and len(game.legal_actions(state)) > 1:
            views.append(game.view(state, 0))

    heuristic = [make_bot("heuristic", game, s) for s in (2, 3)]
    play_out(game, game.initial_state(seed), heuristic, on_step=keep)
    search = make_bot("search", game, 1, seconds=seconds)
    chosen = views[:: max(1, len(views) // samples)][:samples]
    start = time.perf_counter()
    for view in chosen:
        search.choose(view)
    return (time.perf_counter() - start) / max(1, len(chosen))
