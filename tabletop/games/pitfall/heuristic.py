"""A Pitfall Harry bot that plays the obvious good moves.

- Direction (PH-2A-MOVE, PH-5-BACK): both ways are tried on a state sampled from the
  bot's own view (``determinize``), resolving the move with the rules below, and the
  better end position is taken (a treasure taken, the diamond reached, not fallen
  underground, closer to the next goal).
- Obstacles (PH-3-CARD, PH-4-*): play the card that passes; a Cobra or Fire card on a
  treasure space while a treasure kind is missing (PH-4-TREASURE), Jump there once
  all three kinds are held; Rope over pit traps rather than falling.
- Climbing (PH-4-CLIMB, PH-4-LADDER): always climb back to the path above.
- Duplicate tokens (PH-5-GIVE): to the opponent furthest from winning.
- Scorpion (PH-6-MOVE, PH-6-HIT): hit the leading opponent when they are underground.
- Exchange (PH-2B-DISCARD): when a treasure kind is missing and no treasure card is
  held, discard the four least useful cards.

``policy`` is the same play on a full state (search rollouts); ``evaluate`` turns the
position into win chances for search cut-offs.
"""

from __future__ import annotations

import math
from typing import Any

from tabletop.core import Rng
from tabletop.games.pitfall.actions import (
    Climb,
    Decline,
    Direction,
    Discard,
    PlaceScorpion,
    Play,
    Roll,
)
from tabletop.games.pitfall.cards import (
    COBRA,
    FIRE,
    JUMP,
    LADDER,
    OBSTACLES,
    ROPE,
    SCORPION,
)

# How much a card is worth keeping: (kind, first copy, each further copy).
_KEEP = {COBRA: (9, 8), FIRE: (9, 8), SCORPION: (5, 1), ROPE: (4, 2), JUMP: (4, 2)}
_KEEP_DEFAULT = (3, 1)
_WIN = 1000.0
#: The most actions ``resolve_turn`` resolves of one move.
LINE_LIMIT = 40

#: The search bots' settings that measured stronger in Pitfall than the shared
#: ones (``tabletop.bots.registry``): ``ismcts`` cuts its rollouts at 100 actions
#: and scores them by the game's value model (``docs/analysis.md``, "Search with
#: the value model at its leaves": it beat ``ismcts`` rolling out to the end at
#: equal CPU time). ``flat-mc`` keeps the shared settings (undecided).
SEARCH_SETTINGS = {"ismcts": {"evaluate": "model", "depth": 100}}


class HeuristicBot:
    """The Pitfall heuristic bot (see the module docstring).

    Args:
        game: a ``Pitfall`` game.
        seed: seeds the samples used to look ahead at a move.
    """

    name = "heuristic"

    def __init__(self, game: Any, seed: int = 0) -> None:
        self.game = game
        self.rng = Rng.from_seed(seed)

    def choose(self, view: Any) -> Any:
        me = self.game.to_move(view)
        if view.phase == "direction":
            value, self.rng = self.rng.below(1 << 62)
            full = self.game.determinize(view, me, Rng.from_seed(value))
            return best_direction(self.game, full, me)
        return rule_action(self.game, view, me)

    def choose_state(self, state: Any) -> Any:
        """``choose`` of the mover's view of ``state``: the view is built only at a
        direction, where the look-ahead samples a world from it; ``rule_action``
        reads the mover's own hand, the others' treasure and positions, how many
        tokens lie face down and the board, all of which the view shows
        (``tabletop.bots.protocol``)."""
        if state.phase == "direction":
            return self.choose(self.game.view(state, self.game.to_move(state)))
        return rule_action(self.game, state, self.game.to_move(state))


def policy(game: Any, state: Any, rng: Rng) -> tuple[Any, Rng]:
    """The heuristic's choice on a full state (a search rollout step)."""
    me = game.to_move(state)
    if state.phase == "direction":
        return best_direction(game, state, me), rng
    return rule_action(game, state, me), rng


def advance(game: Any, state: Any, rng: Rng, budget: int) -> tuple[Any, Rng, int]:
    """Play ``policy``'s next actions: one, or at a direction the whole move the
    look-ahead already resolved (``policy.advance``, used by playouts): the state
    reached, the generator and how many actions were applied (at most ``budget``).

    Choosing a direction resolves both ways to the end of the move; a playout then
    continues from the chosen way's resolution instead of resolving it again, which
    saves about a third of the actions a playout applies.
    """
    if state.phase == "direction" and budget > LINE_LIMIT:
        _, (reached, applied) = _look_ahead(game, state, game.to_move(state))
        return reached, rng, 1 + applied
    action, rng = policy(game, state, rng)
    return game.next_state(state, action), rng, 1


policy.advance = advance  # type: ignore[attr-defined]
# Every action ``policy`` (and ``rule_action``, the look-ahead) answers is an item
# of ``game.legal_actions(state)`` of the state asked about (a Roll at a turn's
# start and a Decline at an obstacle are always listed), so playouts and the
# look-ahead resolve it with ``game.next_state``, without asking for the verdict
# again.
policy.picks_legal = True  # type: ignore[attr-defined]


def light_policy(game: Any, state: Any, rng: Rng) -> tuple[Any, Rng]:
    """``policy`` without the look-ahead: at a direction, the way towards the goal
    (``_goal_way``: the nearest treasure space the hand can take, else the
    diamond) when it is listed; every other decision as ``policy``. A cheaper
    playout policy whose answers differ from the full heuristic's
    (``benchmarks/playouts.py --light`` measures by how much)."""
    me = game.to_move(state)
    if state.phase == "direction":
        legal = game.legal_actions(state)
        way = Direction(_goal_way(game, state, me))
        return (way if way in legal else legal[0]), rng
    return rule_action(game, state, me), rng


light_policy.picks_legal = True  # type: ignore[attr-defined]


def evaluate(game: Any, state: Any) -> tuple[float, ...]:
    """Win chances from the position values (a softmax over the seats)."""
    if state.diamond >= 0:
        return tuple(float(s == state.diamond) for s in range(state.players))
    values = [value(game, state, seat) / 6.0 for seat in range(state.players)]
    top = max(values)
    weights = [math.exp(v - top) for v in values]
    total = sum(weights)
    return tuple(w / total for w in weights)


def kinds(state: Any, seat: int) -> int:
    """How many of the three treasure kinds a seat holds (PH-5-NEED)."""
    held = state.treasure[seat]
    return len(held) - held.count(0)


def value(game: Any, state: Any, seat: int) -> float:
    """How good a position is for ``seat``: treasures, then the way to the goal."""
    if state.diamond == seat:
        return _WIN
    board = game.board
    pos = state.positions[seat]
    here = board.order[pos]
    below = (
        _below_cost(board, pos, state.hands[seat])
        if board.level[pos] == "below"
        else 0.0
    )
    held = kinds(state, seat)
    if held == 3:
        return 30.0 + 0.6 * here - below
    hand = state.hands[seat]
    cards = min(hand[COBRA] + hand[FIRE], 2) * 1.5
    spaces = [
        t
        for t in _treasure_spaces(board)
        if hand[COBRA if board.kind[t] == "cobra" else FIRE]
    ] or _treasure_spaces(board)
    gap = min(abs(here - board.order[t]) for t in spaces)
    return 9.0 * held + cards - 0.25 * gap - below


def _below_cost(board: Any, pos: str, hand: Any) -> float:
    """What standing underground costs: more the further the nearest way up (a
    ladder, or any pit trap with a Ladder card) lies along the pawn's stretch, so
    the bot walks towards it rather than to and fro (PH-4-CLIMB, PH-4-LADDER)."""
    best = None
    for table in (board.forward, board.backward):
        here, steps = pos, 0
        while here is not None and (best is None or steps < best):
            above = board.up.get(here)
            if above is not None and (
                board.kind[above] == "ladder_pit" or hand[LADDER]
            ):
                best = steps
                break
            here, steps = table[here], steps + 1
    return 3.0 + (0.7 * best if best is not None else 6.0)


def best_direction(game: Any, state: Any, me: int) -> Any:
    """The direction whose resolved move ends in the better position."""
    return _look_ahead(game, state, me)[0]


def _look_ahead(game: Any, state: Any, me: int) -> tuple[Any, tuple[Any, int]]:
    """The best direction, and where its resolved move next reaches a state that
    ``policy`` would not answer with ``rule_action`` (see ``resolve_turn``)."""
    best, best_value, best_stop = None, -math.inf, None
    for action in game.legal_actions(state):
        after, stop = resolve_turn(game, game.next_state(state, action), me)
        score = value(game, after, me)
        if score > best_value:
            best, best_value, best_stop = action, score, stop
    return best, best_stop


def resolve_turn(
    game: Any, state: Any, me: int, limit: int = LINE_LIMIT
) -> tuple[Any, tuple[Any, int]]:
    """Resolve the rest of ``me``'s move with ``rule_action`` (stops when the turn
    ends): the end state, and ``(state, actions)``: the first state on the way
    where a direction is pending again, with the actions applied to reach it (or
    the end state and all its actions). Up to there ``policy`` would have chosen
    the same actions (it answers every other phase with ``rule_action``)."""
    applied, stop = 0, None
    while applied < limit:
        if state.phase in ("over", "start") or game.to_move(state) != me:
            break
        if stop is None and state.phase == "direction":
            stop = (state, applied)
        state = game.next_state(state, rule_action(game, state, me))
        applied += 1
    return state, stop or (state, applied)


def rule_action(game: Any, state: Any, me: int) -> Any:
    """The rule-based choice for every phase but the direction."""
    phase = state.phase
    if phase == "start":
        return _start(game, state, me)
    legal = game.legal_actions(state)
    if phase == "obstacle":
        return _obstacle(state, me, legal)
    if phase == "climb":
        return Climb() if Climb() in legal else legal[0]
    if phase == "give":
        return min(legal, key=lambda a: _threat(game, state, a.seat))
    if phase == "scorpion":
        return _place_scorpion(game, state, me, legal)
    return legal[0]


def _obstacle(state: Any, me: int, legal: Any) -> Any:
    plays = [a.card for a in legal if isinstance(a, Play)]
    need = kinds(state, me) < 3
    for card in (COBRA, FIRE):
        if card in plays and need:
            return Play(card)
    for card in (ROPE, JUMP, SCORPION):
        if card in plays:
            return Play(card)
    others = [c for c in plays if c not in (COBRA, FIRE)]
    if others:
        return Play(others[0])
    # With all three kinds a treasure card still passes (the token may be a spare).
    return Play(plays[0]) if plays else Decline()


def _start(game: Any, state: Any, me: int) -> Any:
    """A turn's start (PH-T-CHOICE): the Scorpion card at a victim, an exchange
    when the way ahead needs one, else a roll (always listed). The list of legal
    actions holds every exchange (up to 50), so it is made only when an exchange
    is wanted; whether the Scorpion card may be played is the rules' verdict,
    which accepts exactly what the list holds."""
    if (
        _scorpion_victim(game, state, me) is not None
        and game.check(state, Play(SCORPION)) is None
    ):
        return Play(SCORPION)
    hand = state.hands[me]
    hunting = kinds(state, me) < 3 and bool(state.facedown)
    no_treasure_card = hunting and not hand[COBRA] and not hand[FIRE]
    if (
        no_treasure_card
        or _blocked(game, state, me, _goal_way(game, state, me))
        or _trapped(game, state, me)
    ):
        # Only played cards are refilled (PH-2A-REFILL): without the card for the
        # way ahead, exchanging is the only way to get it (PH-2B-DISCARD).
        discards = [a for a in game.legal_actions(state) if isinstance(a, Discard)]
        if discards:
            return min(discards, key=lambda a: _discard_cost(hand, a.cards))
    return Roll()


def _goal_way(game: Any, state: Any, me: int) -> int:
    """+1 or -1: towards the diamond, or the nearest treasure space we can take."""
    board = game.board
    if kinds(state, me) == 3 or not state.facedown:
        return 1
    hand = state.hands[me]
    here = board.order[state.positions[me]]
    targets = [
        board.order[t]
        for t in _treasure_spaces(board)
        if hand[COBRA if board.kind[t] == "cobra" else FIRE] and board.order[t] != here
    ]
    if not targets:
        return 1
    nearest = min(targets, key=lambda t: abs(t - here))
    return 1 if nearest > here else -1


def _blocked(game: Any, state: Any, me: int, way: int) -> bool:
    """True when the hand lacks the card for the next obstacle that way (a wall or
    a path's end is not counted: no exchange helps there, so the bot rolls and goes
    the other way, PH-T-STUCK)."""
    board = game.board
    hand = state.hands[me]
    table = board.forward if way > 0 else board.backward
    pos = state.positions[me]
    for _ in range(6):
        above = board.up.get(pos)
        if above is not None and (board.kind[above] == "ladder_pit" or hand[LADDER]):
            return False
        nxt = table[pos]
        if nxt is None:
            return False
        if nxt == state.scorpion:
            return not hand[SCORPION]
        kind = board.kind[nxt]
        if kind == "diamond":
            return False
        if kind in OBSTACLES:
            return not any(
                hand[c] and (c not in (COBRA, FIRE) or state.facedown)
                for c in OBSTACLES[kind]
            )
        pos = nxt
    return False


def _trapped(game: Any, state: Any, me: int) -> bool:
    """True underground without a Ladder card in a stretch between walls or path
    ends whose pit traps all lack a ladder: only a Ladder card gets the pawn out
    (PH-4-LADDER), so exchanging for one beats walking to and fro."""
    board = game.board
    pos = state.positions[me]
    if board.level[pos] != "below" or state.hands[me][LADDER]:
        return False
    for table in (board.forward, board.backward):
        here = pos
        while here is not None:
            above = board.up.get(here)
            if above is not None and board.kind[above] == "ladder_pit":
                return False
            here = table[here]
    return True


def _discard_cost(hand: Any, cards: Any) -> int:
    """What we lose by discarding ``cards``: the keep value of each copy given up."""
    cost = 0
    left = list(hand)
    for card in cards:
        first, more = _KEEP.get(card, _KEEP_DEFAULT)
        cost += first if left[card] == 1 else more
        left[card] -= 1
    if not left[LADDER] and hand[LADDER]:
        cost += 1
    return cost


def _threat(game: Any, state: Any, seat: int) -> float:
    """How close a seat is to winning (higher is more dangerous)."""
    return kinds(state, seat) * 100 + game.board.order[state.positions[seat]]


def _scorpion_victim(game: Any, state: Any, me: int) -> int | None:
    """The most dangerous opponent standing underground, if worth hitting."""
    board = game.board
    mine = _threat(game, state, me)
    victims = [
        seat
        for seat, pos in enumerate(state.positions)
        if seat != me
        and board.level[pos] == "below"
        and pos not in state.positions[me : me + 1]
        and board.order[board.retreat[pos]] < board.order[pos]
        and (kinds(state, seat) >= 2 or _threat(game, state, seat) > mine)
    ]
    return max(victims, key=lambda s: _threat(game, state, s), default=None)


def _place_scorpion(game: Any, state: Any, me: int, legal: Any) -> Any:
    victim = _scorpion_victim(game, state, me)
    if victim is not None:
        hit = PlaceScorpion(state.positions[victim])
        if hit in legal:
            return hit
    return legal[0]


def _treasure_spaces(board: Any) -> tuple[str, ...]:
    """The cobra and fire spaces in path order (the board lists them once)."""
    spaces = getattr(board, "treasure_spaces", None)
    if spaces is None:
        spaces = tuple(s for s in board.above if board.kind[s] in ("cobra", "fire"))
    return spaces
