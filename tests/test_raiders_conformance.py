"""Seeded random Raiders playouts checked after every step.

2,000 games over 2..6 players (some with the restricted Country cards option or a
turn limit), each capped in length. After every step: the game's invariants (56
cards conserved, no two tokens on one country, valid places), the input state
unchanged by ``apply``, the mover's view giving the same legal actions, legal
actions for every unfinished state, and ``check`` accepting the chosen action. On
every step of every 10th game, the JSON round trip and ``check`` agreeing with the
list on random candidate actions; the JSON round trip on every final state;
every game is replayed from its seed and must end in the same state.
"""

from __future__ import annotations

import json
import random

from tabletop.core import Rng
from tabletop.games.raiders import Raiders
from tabletop.games.raiders import actions as A

GAMES = 2000
CAP = 300


def _games() -> dict[tuple, Raiders]:
    games = {}
    for n in range(2, 7):
        games[(n, False, None)] = Raiders(players=n)
        games[(n, True, None)] = Raiders(players=n, country_cards_restricted=True)
        games[(n, False, 40)] = Raiders(players=n, turn_limit=40)
    return games


def _playout(game: Raiders, seed: int, deep: bool, seen: set) -> tuple[list, object]:
    chooser = random.Random(seed)
    state = game.initial_state(seed)
    actions = []
    for _ in range(CAP):
        if game.outcome(state) is not None:
            assert game.legal_actions(state) == []
            break
        legal = game.legal_actions(state)
        assert legal, f"seed {seed}: an unfinished state has no legal action\n{state}"
        mover = game.to_move(state)
        assert game.legal_actions(game.view(state, mover)) == legal
        action = legal[chooser.randrange(len(legal))]
        assert game.check(state, action) is None
        before = hash(state)
        nxt, events = game.apply(state, action)
        assert hash(state) == before, "apply changed its input"
        problems = game.invariants(nxt)
        assert not problems, f"seed {seed} after {action}: {problems}"
        seen.update(e.clause for e in events)
        if deep:
            _round_trip(game, nxt)
            _agree(game, state, set(legal), chooser)
        actions.append(action)
        state = nxt
    _round_trip(game, state)
    return actions, state


def _agree(game: Raiders, state, legal: set, chooser: random.Random) -> None:
    """``check`` accepts exactly the listed actions, on random candidates."""
    places = game.board.locations
    seat = chooser.randrange(game.players)
    where = places[chooser.randrange(len(places))]
    country = game.board.countries[chooser.randrange(9)]
    for action in (
        A.Roll(),
        A.Air(),
        A.FlyCountry(country),
        A.Ambush(seat),
        A.Hostage(seat, where),
        A.Step(where),
        A.Send(seat, where),
        A.Leave(seat),
        A.ShowPassport(),
        A.LoseTurn(),
        A.Place(country),
    ):
        assert (game.check(state, action) is None) == (action in legal), action


def _round_trip(game: Raiders, state) -> None:
    text = json.dumps(game.state_to_json(state))
    assert game.state_from_json(json.loads(text)) == state


def test_conformance_2000_seeded_random_playouts():
    games = _games()
    keys = list(games)
    finished = 0
    seen: set[str] = set()
    for seed in range(GAMES):
        game = games[keys[seed % len(keys)]]
        actions, final = _playout(game, seed, deep=seed % 10 == 0, seen=seen)
        replayed = game.initial_state(seed)
        for action in actions:
            replayed, _ = game.apply(replayed, action)
        assert replayed == final, f"seed {seed}: replay differs"
        finished += game.outcome(final) is not None
        if seed % 50 == 0:
            view = game.view(final, 0)
            full = game.determinize(view, 0, Rng.from_seed(seed))
            assert not game.invariants(full)
            assert full.hands[0] == final.hands[0]
    assert finished > GAMES // 10
    assert {
        "RA-K-RESHUFFLE",
        "RA-E-EMPTY",
        "RA-M-CHECKPOINT-LAND",
        "RA-M-OCCUPIED",
        "RA-M-LAND-PLAYER",
        "RA-W-WIN",
        "TT-LIMIT",
        "RA-M-PASS-PLAYER",
    } <= seen


def test_every_rules_fast_list_is_its_candidates_judged_by_its_verdict():
    """One source of legality: each rule's ``legal`` override lists exactly, and in
    the same order, the candidates whose verdict is None (``Rule.legal``), on every
    state of seeded random games for 2..6 players, with and without the restricted
    Country cards option."""
    from tabletop.core import Rule
    from tabletop.games.raiders.legal import DECISIONS

    judged = {}
    for players in range(2, 7):
        for restricted in (False, True):
            game = Raiders(players=players, country_cards_restricted=restricted)
            for seed in range(8):
                state, rng = game.initial_state(seed), Rng.from_seed(seed + 77)
                for _ in range(400):
                    for rule in DECISIONS[state.phase]:
                        fast = rule.legal(game, state)
                        assert fast == Rule.legal(rule, game, state), (rule, state)
                        name = type(rule).__name__
                        judged[name] = judged.get(name, 0) + bool(fast)
                    legal = game.legal_actions(state)
                    if not legal:
                        break
                    i, rng = rng.below(len(legal))
                    state, _ = game.apply(state, legal[i])
    rules = {type(r).__name__ for rules in DECISIONS.values() for r in rules}
    listed = rules - {"NeverPlayedRule"}  # it lists nothing, by design
    assert all(judged.get(name, 0) > 0 for name in listed), judged
