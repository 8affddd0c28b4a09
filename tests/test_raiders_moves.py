"""The engine's shortcuts change nothing: the ways a move offers equal a plain walk
over every way (RA-M-OCCUPIED, RA-M-FORWARD, RA-M-UNOCCUPIED, RA-M-DIRECTION), the
hostage, send and flight lists are the free places (RA-K-HOSTAGE, RA-M-LAND-PLAYER,
RA-K-COUNTRY), a game object keeps nothing between calls, and states and events are
ordinary frozen values."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from tabletop.core import Event, Rng
from tabletop.games.raiders import Raiders
from tabletop.games.raiders.actions import FlyCountry, Hostage, Send, Step
from tabletop.games.raiders.state import RaidersState


def plain_choices(game: Raiders, s: RaidersState) -> list[str]:
    """The next steps of a move, by walking every way from the rules, no cache."""
    p, board = s.to_move, game.board
    occ = {
        at
        for q, at in enumerate(s.positions)
        if q != p and board.kind.get(at) == "country"
    }

    def ways(loc: str, came: str, start: bool) -> list[str]:
        adj = list(board.adjacent[loc])
        if board.kind[loc] == "country":
            if start or loc not in occ:
                return adj  # RA-M-DIRECTION at the start, RA-M-UNOCCUPIED on the way
        elif start and not came:
            return adj
        return [n for n in adj if n != came]  # RA-M-FORWARD

    keys = {"ark", "staff", "map"} <= set(s.hands[p])

    def stops(came: str, n: str, left: int, pp: int) -> bool:
        """The move ends on ``n`` whatever follows: a win passing through the
        Ark's country (RA-W-WIN), or a checkpoint along its arrow with steps left
        and no Passport to pay (RA-M-CHECKPOINT, RA-M-OCCUPIED ruling)."""
        if left == 0:
            return False
        if keys and n == s.ark:
            return True
        return pp <= 0 and paying(came, n, left)

    def paying(came: str, n: str, left: int) -> bool:
        arrow = board.checkpoints.get(n)
        return left > 0 and arrow is not None and arrow != came

    def ends_free(loc: str, came: str, left: int, pp: int) -> bool:
        if left == 0:
            return loc not in occ  # RA-M-OCCUPIED
        return any(opens(loc, n, left - 1, pp) for n in ways(loc, came, False))

    def opens(loc: str, n: str, left: int, pp: int) -> bool:
        if stops(loc, n, left, pp):
            return True
        return ends_free(n, loc, left, pp - 1 if paying(loc, n, left) else pp)

    loc = s.positions[p]
    start = len(s.route) <= 1
    choices = []
    for pp in (s.hands[p].count("passport"), -1):  # -1: every checkpoint stops
        choices = [
            n for n in ways(loc, s.prev[p], start) if opens(loc, n, s.steps - 1, pp)
        ]
        if choices:
            break
    return choices


def playout_states(players: int, games: int) -> tuple[Raiders, list[RaidersState]]:
    """Seeded random games through one game object."""
    game = Raiders(players=players)
    states = []
    for seed in range(games):
        s, rng = game.initial_state(seed), Rng.from_seed(seed + 1000 * players)
        while game.outcome(s) is None and s.turn < 120:
            legal = game.legal_actions(s)
            states.append(s)
            i, rng = rng.below(len(legal))
            s, _ = game.apply(s, legal[i])
    return game, states


@pytest.mark.parametrize("players", [2, 4, 6])
def test_ra_m_occupied_offered_steps_equal_the_plain_walk(players):
    """RA-M-OCCUPIED, RA-M-FORWARD, RA-M-UNOCCUPIED, RA-M-DIRECTION: in every move
    of many games, the offered next steps are those a plain walk over all ways
    finds."""
    game, states = playout_states(players, 25)
    moves = [s for s in states if s.phase == "move"]
    assert len(moves) > 50
    for s in moves:
        offered = [a.to for a in game.legal_actions(s) if isinstance(a, Step)]
        assert offered == plain_choices(game, s), str(s)


def test_ra_k_hostage_and_land_player_lists_follow_the_free_places():
    """RA-K-HOSTAGE, RA-M-LAND-PLAYER, RA-K-COUNTRY: hostage targets, send targets
    and flights are exactly the unoccupied places (countries for flights), in board
    order."""
    game, states = playout_states(4, 30)
    board = game.board
    seen = {"hostage": 0, "send": 0, "fly": 0}
    for s in states:
        legal = game.legal_actions(s)
        free = [loc for loc in board.locations if loc not in s.positions]
        for q in range(game.players):
            hostage = [a.to for a in legal if isinstance(a, Hostage) and a.victim == q]
            if hostage:
                seen["hostage"] += 1
                assert hostage == free
        sends = [a.to for a in legal if isinstance(a, Send)]
        if sends:
            seen["send"] += 1
            assert sends == free
        flights = [a.country for a in legal if isinstance(a, FlyCountry)]
        if flights:
            seen["fly"] += 1
            assert flights == [c for c in board.countries if c in free]
    assert all(n > 0 for n in seen.values()), seen


def test_ra_m_occupied_a_used_and_a_fresh_game_object_agree():
    """RA-M-OCCUPIED: a fresh game object lists the same actions and reaches the
    same states and events as one that has played many games (it keeps nothing)."""
    warm, states = playout_states(3, 20)
    cold = Raiders(players=3)
    for s in states[::7]:
        legal = warm.legal_actions(s)
        assert cold.legal_actions(s) == legal
        action = legal[-1]
        assert cold.apply(s, action) == warm.apply(s, action)


def test_ra_m_roll_states_and_events_are_ordinary_frozen_values():
    """RA-M-ROLL: states and events are frozen dataclass instances that compare and
    hash like ones built from their fields."""
    game = Raiders(players=2)
    s = game.initial_state(5)
    for _ in range(30):
        s, events = game.apply(s, game.legal_actions(s)[0])
        assert type(s) is RaidersState
        rebuilt = RaidersState(
            **{f.name: getattr(s, f.name) for f in dataclasses.fields(s)}
        )
        assert rebuilt == s and hash(rebuilt) == hash(s)
        with pytest.raises(dataclasses.FrozenInstanceError):
            s.turn = 0  # type: ignore[misc]
        for e in events:
            assert type(e) is Event
            assert e == Event(
                e.clause, e.text, e.player, e.kind, e.secret, e.public, e.data,
                e.hidden, e.witnesses,
            )  # fmt: skip
            with pytest.raises(dataclasses.FrozenInstanceError):
                e.text = ""  # type: ignore[misc]


def test_ra_s_deal_hands_come_out_sorted_and_the_input_unchanged():
    """RA-S-DEAL: a hand-built state that keeps its hands as lists: ``apply``
    returns sorted tuples and leaves its input alone."""
    game, states = playout_states(3, 4)
    for s in states[::5]:
        if not any(len(h) > 1 for h in s.hands):
            continue
        for shape in (list,):
            odd = dataclasses.replace(s, hands=tuple(shape(h) for h in s.hands))
            before = repr(odd)
            action = game.legal_actions(odd)[-1]
            after, _ = game.apply(odd, action)
            assert repr(odd) == before
            assert after == game.apply(s, action)[0]
            assert all(list(h) == sorted(h) for h in after.hands)


def test_the_package_keeps_no_mutable_module_state():
    """Playing fills nothing at module level (no memo caches), and no state is made
    by assigning ``__class__``: the package reads as it runs."""
    import copy
    import importlib
    import pkgutil

    import tabletop.games.raiders as package

    modules = [
        importlib.import_module(f"{package.__name__}.{info.name}")
        for info in pkgutil.iter_modules(package.__path__)
    ]
    for module in modules:
        assert "__class__ =" not in Path(module.__file__).read_text(), module
    containers = {
        (module.__name__, name): copy.copy(value)
        for module in modules
        for name, value in vars(module).items()
        if isinstance(value, dict | list | set)
    }
    playout_states(4, 3)
    for (module_name, name), before in containers.items():
        now = vars(importlib.import_module(module_name))[name]
        assert now == before, f"{module_name}.{name} changed while playing"


def test_ra_k_ambush_the_victim_reads_which_card_was_taken():
    """RA-K-AMBUSH and RA-M-PASS-PLAYER: the card taken at random left the
    victim's hand, so the victim's log line names it as the taker's does; every
    other seat reads only that a card went, and its event keeps no card."""
    game = Raiders(players=3)
    seen = 0
    for seed in range(40):
        s = game.initial_state(seed)
        rng = Rng.from_seed(seed)
        for _ in range(400):
            legal = game.legal_actions(s)
            if not legal:
                break
            pick, rng = rng.below(len(legal))
            s, events = game.apply(s, legal[pick])
            for e in events:
                if e.kind != "take" or "card" not in e.data:
                    continue
                seen += 1
                taker, victim = e.data["seat"], e.data["victim"]
                (other,) = {0, 1, 2} - {taker, victim}
                assert e.seen_by(victim) == e.seen_by(taker) == e.seen_by(None)
                assert e.for_viewer(victim).data["card"] == e.data["card"]
                assert "took a card from" in e.seen_by(other)
                assert "card" not in e.for_viewer(other).data
        if seen >= 5:
            break
    assert seen >= 5
