"""Bots by name: ``make_bot("heuristic", game, seed)``.

Names: ``random``, ``heuristic``, ``ismcts`` (information-set MCTS,
``tabletop.bots.ismcts``), ``flat-mc`` (paired flat Monte Carlo around the
heuristic, ``tabletop.bots.search``) and ``search``, which saves, scripts and
command lines may still name: it builds the same bot as ``flat-mc``.

A game's heuristic is the ``heuristic`` part of its registry entry: a module that
defines ``HeuristicBot`` (the bot), ``policy(game, state, rng) -> (action, rng)``
(the same choices as a fast rollout policy for search) and ``evaluate(game,
state)`` (one win chance per seat, for search rollouts cut off before the end).
A game without one has no ``heuristic`` bot; its search bots roll out at random.

The module may also define ``SEARCH_SETTINGS``: per search bot's name, settings
that measured stronger for this game than the shared ones below (for example
``{"ismcts": {"evaluate": "model", "depth": 100}}``: the value model at the
leaves). They are applied before the shared ones, and a caller's options win over
both. Settings that need the value model are dropped, the shared ones kept, when
the game's weights do not load (no weights, or weights trained for other rules,
options or board) or numpy is missing (the static site's browser Python).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from tabletop.bots.ismcts import ISMCTSBot
from tabletop.bots.protocol import Bot
from tabletop.bots.random import RandomBot
from tabletop.bots.search import SearchBot, even_evaluation, random_policy
from tabletop.core import Game
from tabletop.core.registry import part_of

BOT_NAMES = ("random", "heuristic", "ismcts", "flat-mc", "search")

#: The bots a player picks by how hard they are to beat, weakest first, each with
#: the algorithm it plays (measured in ``docs/analysis.md``, "Strength": at 1 CPU s
#: a decision ``ismcts`` beats the heuristic in both games measured, and ``flat-mc``
#: beats ``ismcts`` at equal time in one and is even with it in the other).
#: ``make_bot`` takes a level's name as well as the algorithm's.
BOT_LEVELS = (("Easy", "heuristic"), ("Medium", "ismcts"), ("Hard", "flat-mc"))

#: ISMCTS settings used with a game's heuristic (benchmarks/strength.py): heuristic
#: rollouts to the end (cutting them at 60 actions and scoring the position with
#: the heuristic's evaluation misled the search: its departures from the heuristic
#: lost in full playouts), a paired root comparing the heuristic's move and the
#: next three by one-step evaluation in shared worlds, and the heuristic's move
#: kept unless another passes the paired sign test by 2 (see ``ismcts``).
ISMCTS_WITH_HEURISTIC = {
    "iterations": 150,
    "depth": 400,
    "margin": 2.0,
    "paired": True,
    "width": 4,
}

#: Flat Monte Carlo settings used with a game's heuristic (benchmarks/strength.py):
#: paired playouts to the end that replace the heuristic's move only on evidence.
SEARCH_WITH_HEURISTIC = {
    "flat": True,
    "iterations": 120,
    "depth": 400,
    "margin": 2.0,
    "width": 6,
}


def heuristic_module(game: Game) -> ModuleType | None:
    """The game's heuristic module, or ``None`` if it has none."""
    return part_of(game, "heuristic")


def game_search_settings(
    game: Game, module: ModuleType | None, name: str, options: dict[str, Any]
) -> dict[str, Any]:
    """The settings ``module.SEARCH_SETTINGS`` declares for the search bot ``name``
    in ``game`` (``{}`` when none), less the ones ``options`` sets. A leaf
    evaluation and its ``depth`` go together: both are left out when ``options``
    sets either, or when the evaluation is the value model (``"model"``, returned
    loaded) and the game's weights do not load or numpy is missing."""
    name = "flat-mc" if name == "search" else name
    settings = dict(getattr(module, "SEARCH_SETTINGS", {}).get(name, {}))
    if "evaluate" in options or "depth" in options:
        settings.pop("evaluate", None)
        settings.pop("depth", None)
    if settings.get("evaluate") == "model":
        try:  # numpy: not in every Python (a browser's has none)
            from tabletop.analysis.value import ValueModelError, refusal_words
            from tabletop.analysis.value_search import model_evaluation
        except ImportError:
            loaded, why = None, "numpy is missing"
        else:
            try:
                loaded, why = model_evaluation(game), ""
            except ValueModelError as exc:  # a house rule's game, say
                loaded, why = None, refusal_words(exc)
        if loaded is None:
            settings.pop("evaluate")
            settings.pop("depth", None)
            settings[FALLBACK] = why
        else:
            settings["evaluate"] = loaded
    return {key: value for key, value in settings.items() if key not in options}


FALLBACK = "_model_fallback"
"""The key under which ``game_search_settings`` says why the value model asked
for was not used (``make_bot`` turns it into the bot's ``leaf_evaluation``)."""


def leaf_evaluation(options: dict[str, Any], fallback: str) -> str:
    """How a search bot scores a rollout it cuts short, in words: where a game
    asked for the value model and it does not answer (no weights, or weights
    trained for other rules: a game of house rules), the heuristic's
    evaluation, and why."""
    depth = options.get("depth")
    evaluate = options.get("evaluate")
    if getattr(evaluate, "__qualname__", "").startswith("model_evaluation"):
        return f"the value model, after {depth} actions"
    words = f"the heuristic's rollouts to the end (at most {depth} actions)"
    if fallback:
        words += f"; the value model does not answer for this game ({fallback})"
    return words


def make_bot(name: str, game: Game, seed: int = 0, **options: Any) -> Bot:
    """A bot by registry name.

    Args:
        name: one of ``BOT_NAMES`` (``"search"`` is ``"flat-mc"``), or a level
            of ``BOT_LEVELS`` ("Easy", "Medium", "Hard": the bot it names).
        game: the rules the bot plays.
        seed: the bot's seed (same seed, same decisions).
        **options: passed to the bot (``iterations=``, ``seconds=`` for the search
            bots, ``evaluate="model"`` to score the rollouts they cut at
            ``depth`` by the game's value model; they use the game's heuristic
            for rollouts, with
            ``ISMCTS_WITH_HEURISTIC`` / ``SEARCH_WITH_HEURISTIC`` settings, unless
            ``rollout="random"``).

    Raises:
        ValueError: an unknown name, or no heuristic for this game.
    """
    name = dict(BOT_LEVELS).get(name, name)
    if name == "random":
        return RandomBot(game, seed)
    module = heuristic_module(game)
    if name == "heuristic":
        if module is None:
            raise ValueError(f"no heuristic bot for the game {game.name!r}")
        return module.HeuristicBot(game, seed, **options)
    if name in ("flat-mc", "search", "ismcts"):
        defaults = ISMCTS_WITH_HEURISTIC if name == "ismcts" else SEARCH_WITH_HEURISTIC
        fallback = ""
        if options.get("rollout", "heuristic") == "heuristic":
            options.update(game_search_settings(game, module, name, options))
            fallback = options.pop(FALLBACK, "")
        if options.get("evaluate") == "model":  # the value model at the leaves
            from tabletop.analysis.value_search import model_evaluation

            options["evaluate"] = model_evaluation(game)
        rollout = options.pop("rollout", "heuristic")
        if callable(rollout):
            options["rollout"] = rollout
        elif rollout == "heuristic" and module is not None:
            for key, default in defaults.items():
                options.setdefault(key, default)
            options.setdefault("rollout", module.policy)
            options.setdefault("evaluate", module.evaluate)
        else:
            options.setdefault("rollout", random_policy)
            options.setdefault("evaluate", even_evaluation)
        words = leaf_evaluation(options, fallback)
        if name == "ismcts":
            bot = ISMCTSBot(game, seed, **options)
        else:
            options.setdefault("flat", True)  # flat Monte Carlo, whatever the rollout
            bot = SearchBot(game, seed, **options)
            bot.name = name
        bot.leaf_evaluation = words
        return bot
    raise ValueError(f"unknown bot {name!r}; choose one of {', '.join(BOT_NAMES)}")
