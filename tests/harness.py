"""The checks every installed game passes, written once (``tests/test_games_harness.py``
runs them for each game; the per-game conformance tests reuse them).

A game is found through the ``tabletop.games`` entry points, so every installed game,
the shipped ones and any added later, is checked without being named here. Games a
test registers at run time are test doubles and are not part of this list.

- ``check_state``: the contract on one state (who moves, legal actions, ``check``
  agreeing with them, notation and JSON round trips, views, ``explain``, invariants).
- ``check_step``: one transition (``apply`` leaves its input alone, events are
  events, the new state passes ``check_state``).
- ``rule_lists``: the one source of legality: every rule's own fast ``legal`` equals
  its candidates filtered by its verdict (``Rule.legal``), in order.
- ``playout``: a seeded random game with those checks at every step.
- ``transcript``: the golden transcript of a seeded game (``tests/golden/<name>.txt``).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

from tabletop.core import Event, GameRules, Match, Rng, Rule, Seated
from tabletop.core.game import Game
from tabletop.core.options import options_of
from tabletop.core.registry import ENTRY_POINT_GROUP, REGISTRY, GameEntry
from tabletop.draw.look import look_for

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
REGENERATE = "TABLETOP_REGENERATE_GOLDEN"
"""Set to 1 to rewrite the golden transcripts (see ``tests/test_games_harness.py``)."""


def installed_entries() -> list[GameEntry]:
    """Every installed game's entry (the ``tabletop.games`` entry points), by name."""
    names = sorted({p.name for p in metadata.entry_points(group=ENTRY_POINT_GROUP)})
    return [REGISTRY.lookup(name) for name in names]


def player_counts(entry: GameEntry) -> list[int]:
    """The smallest, a middle and the largest player count of a game."""
    low, high = entry.players
    return sorted({low, (low + high) // 2, high})


def option_variants(entry: GameEntry) -> list[tuple[str, Any]]:
    """Each rule option the game declares (its house rules,
    ``tabletop.core.options``), set alone to each value but its default."""
    return [(o.name, c.value) for o in options_of(entry) for c in o.choices[1:]]


def builds_positions(entry: GameEntry) -> bool:
    """Whether a game builds states from short descriptions (``position``)."""
    position = getattr(entry.factory, "position", None)
    return position is not None and position is not GameRules.position


# -- policies: seeded test drivers, not bots ---------------------------------------
Policy = Callable[[Any, Any, Rng], tuple[Any, Rng]]


def by_kind(game: Any, state: Any, rng: Rng) -> tuple[Any, Rng]:
    """A random legal action, uniform over the kinds of action first (so a roll is
    as likely as one of many exchanges)."""
    kinds: dict[str, list] = {}
    for action in game.legal_actions(state):
        kinds.setdefault(type(action).__name__, []).append(action)
    names = sorted(kinds)
    i, rng = rng.below(len(names))
    group = kinds[names[i]]
    j, rng = rng.below(len(group))
    return group[j], rng


# -- the contract on one state -----------------------------------------------------
def check_protocol(game: Any, entry: GameEntry, players: int) -> None:
    """The Game protocol's members exist and the game is the entry's."""
    assert isinstance(game, Game), f"{game!r} lacks members of the Game protocol"
    assert game.name == entry.name and game.players == players
    json.dumps(dict(game.options))  # the options are JSON-able


def check_state(game: Any, state: Any, pool: Iterable[Any] = ()) -> None:
    """The contract on one state. ``pool``: other actions seen in the game (of any
    kind, any seat): ``check`` must accept exactly those that are listed."""
    problems = game.invariants(state)
    assert problems == [], problems
    mover = game.to_move(state)
    legal = list(game.legal_actions(state))
    assert isinstance(game.pending(state), str)
    if mover is None:
        outcome = game.outcome(state)
        assert outcome is not None, "nobody to move, yet the game is not over"
        assert isinstance(outcome.clause, str) and isinstance(outcome.reason, str)
        assert legal == [] and list(game.explain(state)) == []
    else:
        assert 0 <= mover < game.players
        assert game.outcome(state) is None, "the game is over, yet a seat is to move"
        assert legal, f"a live game must offer an action: {game.pending(state)}"
        assert len(set(map(str, legal))) == len(legal), "two actions, one notation"
        assert list(game.legal_actions(game.view(state, mover))) == legal, (
            "the mover's view must give the same legal actions"
        )
        assert [e.action for e in game.explain(state)] == legal
        check_cards_used(game, state, mover)
        for action in legal:
            assert game.check(state, action) is None, action
            notation = str(action)
            assert game.parse_action(notation) == action, notation
            assert game.check(state, notation) is None, notation
        if isinstance(game, GameRules):
            first = legal[0]
            assert game.check(state, Seated(mover, first)) is None
            assert game.check(state, f"P{mover}: {first}") is None
            if game.players > 1:
                other = (mover + 1) % game.players
                assert game.check(state, Seated(other, first)).clause == "TT-TURN"
            for rule in game.decision_rules(state):
                for candidate in rule.candidates(game, state):
                    listed = candidate in legal
                    assert (game.check(state, candidate) is None) == listed, candidate
    listed = set(legal)
    for action in pool:
        assert (game.check(state, action) is None) == (action in listed), action
    text = json.dumps(game.state_to_json(state))
    assert game.state_from_json(json.loads(text)) == state, "JSON round trip"
    assert game.view(state, None) == state, "the referee sees everything"


def check_cards_used(game: Any, state: Any, mover: int) -> None:
    """Every explanation names the cards its action takes from the mover's hand
    (``Explanation.cards``, one per copy), all of them in that hand as the mover
    sees it, the seat it is aimed at is another seat, and an action that keeps
    the piece where it stands names that space; a screen picks cards in the
    hand, and answers a tap on a piece, by them."""
    look = look_for(game)
    hand = look.hand(game.view(state, mover), mover)
    if isinstance(hand, int):
        return
    held = Counter(hand)
    for e in game.explain(state):
        assert isinstance(e.cards, tuple), e
        assert not e.uses or len(e.uses) > 1, f"{e.action}: uses names one card"
        assert not e.uses or e.card is None or e.card in e.uses, e.action
        assert not Counter(e.cards) - held, f"{e.action} uses {e.cards}, not held"
        assert e.seat is None or (0 <= e.seat < game.players and e.seat != mover)
        if e.stays:  # it keeps the piece where it stands: a tap there plays it
            where = look.piece_spaces(game.view(state, mover))[mover]
            assert where in e.spaces, e.action


def check_step(game: Any, state: Any, action: Any, pool: Iterable[Any] = ()) -> tuple:
    """Apply ``action`` (legal) and check the transition; returns (next, events)."""
    before = json.dumps(game.state_to_json(state), sort_keys=True)
    after, events = game.apply(state, action)
    assert json.dumps(game.state_to_json(state), sort_keys=True) == before, (
        "apply changed its input"
    )
    assert isinstance(events, tuple) and all(isinstance(e, Event) for e in events)
    check_state(game, after, pool)
    return after, events


# -- one source of legality --------------------------------------------------------
def rule_lists(game: Any, state: Any) -> dict[str, bool]:
    """Every rule of the pending decision that has its own ``legal`` lists exactly,
    in order, its candidates whose verdict is None (``Rule.legal``). Returns, per
    rule class name, whether its list was non-empty. A rule without its own
    ``legal`` uses ``Rule.legal`` itself and passes by definition."""
    listed: dict[str, bool] = {}
    for rule in game.decision_rules(state):
        fast = list(rule.legal(game, state))
        if type(rule).legal is not Rule.legal:
            slow = Rule.legal(rule, game, state)
            assert fast == slow, (type(rule).__name__, fast, slow, state)
        listed[type(rule).__name__] = bool(fast)
    return listed


# -- seeded games ------------------------------------------------------------------
@dataclass
class Playout:
    game: Any
    seed: int
    states: list
    actions: list
    events: list

    @property
    def final(self) -> Any:
        return self.states[-1]


def playout(
    game: Any,
    seed: int,
    cap: int = 300,
    policy: Policy = by_kind,
    checked: bool = True,
    on_state: Callable[[Any, Any], None] | None = None,
) -> Playout:
    """A seeded random game of at most ``cap`` decisions. With ``checked``, every
    state passes ``check_state`` (with the actions seen so far as the pool) and every
    transition ``check_step``; ``on_state(game, state)`` is called on every state."""
    state = game.initial_state(seed)
    assert game.initial_state(seed) == state, "initial_state is not deterministic"
    rng = Rng.from_seed(seed ^ 0x5EED)
    seen: dict[str, Any] = {}
    if checked:
        check_state(game, state)
    if on_state is not None:
        on_state(game, state)
    states, actions, events = [state], [], []
    for _ in range(cap):
        if game.to_move(state) is None:
            break
        action, rng = policy(game, state, rng)
        if checked:
            for other in game.legal_actions(state):
                seen.setdefault(str(other), other)
            pool = list(seen.values())[-24:]
            state, happened = check_step(game, state, action, pool)
        else:
            state, happened = game.apply(state, action)
        if on_state is not None:
            on_state(game, state)
        states.append(state)
        actions.append(action)
        events.append(happened)
    return Playout(game, seed, states, actions, events)


def check_replay(run: Playout) -> None:
    """Seed plus the actions' notation replays the very same states."""
    game = run.game
    state = game.initial_state(run.seed)
    assert state == run.states[0]
    for i, action in enumerate(run.actions, start=1):
        state, _ = game.apply(state, game.parse_action(str(action)))
        assert state == run.states[i], f"seed {run.seed}: replay differs at step {i}"


# -- golden transcripts ------------------------------------------------------------
@dataclass(frozen=True)
class Golden:
    """How a game's golden transcript is played and written.

    Attributes:
        seed, players: the seeded game.
        policy: ``policy(game) -> choose(state, rng) -> (action, rng)``.
        header: the first line (without ``# ``).
        step: the line of one step (``index``, ``player``, ``action``).
        indent: the spaces before each event line.
        setup_events: whether the setup events follow the header.
        gap_before_outcome: a blank line between the final state and the outcome.
    """

    seed: int = 7
    players: int = 0
    policy: Callable[[Any], Policy] | None = None
    header: str = ""
    step: str = "{index:>5} P{player} {action}"
    indent: int = 7
    setup_events: bool = True
    gap_before_outcome: bool = False
    cap: int = 2000


def _pitfall_eager(game: Any) -> Policy:
    from tests.pitfall_policies import eager

    return lambda g, state, rng: eager(g.legal_actions(state), rng)


def _raiders_greedy(game: Any) -> Policy:
    from tests.raiders_play import Greedy

    greedy = Greedy(game)
    return lambda g, state, rng: (greedy.choose(state), rng)


GOLDEN = {
    "pitfall": Golden(
        players=3,
        policy=_pitfall_eager,
        header="Pitfall Harry, seed 7, 3 players, eager policy seed 7",
    ),
    "raiders": Golden(
        players=4,
        policy=_raiders_greedy,
        header="Raiders, 4 players, seed 7, greedy policy of tests/raiders_play.py",
        step="{index:>3} player {player}: {action}",
        indent=6,
        setup_events=False,
        gap_before_outcome=True,
    ),
}
"""The games whose transcript is played by a policy of their own and written in the
format their golden file was first recorded in; any other game gets the default
``Golden`` (seed 7, its fewest players, ``by_kind``)."""


def golden_of(entry: GameEntry) -> Golden:
    spec = GOLDEN.get(entry.name, Golden())
    if not spec.players:
        low = entry.players[0]
        title = entry.title or entry.name
        spec = Golden(
            players=low,
            header=f"{title}, seed {spec.seed}, {low} players, by_kind policy seed "
            f"{spec.seed} of tests/harness.py",
        )
    return spec


def golden_path(entry: GameEntry) -> Path:
    return GOLDEN_DIR / f"{entry.name}.txt"


def golden_match(entry: GameEntry) -> Match:
    """The seeded game of ``golden_of(entry)`` played through ``Match`` to its end
    (or its cap)."""
    spec = golden_of(entry)
    game = entry.make(players=spec.players)
    choose = (spec.policy or (lambda g: by_kind))(game)
    match = Match(game, seed=spec.seed)
    rng = Rng.from_seed(spec.seed)
    while not match.over and len(match) < spec.cap:
        action, rng = choose(game, match.state, rng)
        match.play(action)
    return match


def transcript(entry: GameEntry) -> str:
    """The golden game (``golden_match``) written line by line: header, setup
    events, initial state, every step and its events, final state and outcome."""
    spec = golden_of(entry)
    match = golden_match(entry)
    pad = " " * spec.indent
    lines = [f"# {spec.header}"]
    if spec.setup_events:
        lines += [f"{pad}{e}" for e in match.setup_events]
    lines += [str(match.initial_state), ""]
    for step in match.steps:
        lines.append(
            spec.step.format(index=step.index, player=step.player, action=step.notation)
        )
        lines += [f"{pad}{e}" for e in step.events]
    lines += ["", str(match.state)]
    if spec.gap_before_outcome:
        lines.append("")
    lines += [f"outcome: {match.outcome()}", ""]
    return "\n".join(lines)
