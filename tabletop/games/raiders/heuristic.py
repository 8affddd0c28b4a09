"""A Raiders of the Lost Ark bot that plays the obvious good moves.

- With the Ark, a Staff of Ra and a Map Room (RA-W-WIN): fly to the Ark's country
  with a Country card when it is free (RA-K-COUNTRY), else travel there by the
  shortest way, doubling the roll with an Air Passage when far (RA-K-AIR).
- Collecting: camp on the Ark's country when possible (a turn ending there with the
  three cards wins), ambush the opponent holding most cards (RA-K-AMBUSH), spend a
  spare Country card to fly towards the Ark and draw (RA-K-COUNTRY), and on the road
  head for unoccupied countries, where a card is drawn (RA-M-COUNTRY-CARD).
- The leader (most cards, nearest the Ark) is taken hostage far from the Ark
  (RA-K-HOSTAGE) or sent away when landed on (RA-M-LAND-PLAYER).
- Checkpoints (RA-M-CHECKPOINT, RA-M-CHECKPOINT-LAND): avoid crossing one the arrow's
  way without a Passport; show a Passport when one is owed.

``policy`` is the same play on a full state (search rollouts); ``evaluate`` turns a
position into win chances for search cut-offs. Bots see only their own hand; the
other hands are judged by their size.
"""

from __future__ import annotations

import math
from typing import Any

from tabletop.core import Rng
from tabletop.games.raiders.actions import (
    Air,
    Ambush,
    FlyCountry,
    Hostage,
    Leave,
    Roll,
    Send,
    ShowPassport,
    Step,
)
from tabletop.games.raiders.cards import (
    ARK,
    COUNTRY_PREFIX,
    HOSTAGE,
    KEY_CARDS,
    MAP,
    PASSPORT,
    STAFF,
)

#: The table's evaluation bar cuts its playouts here (actions) and takes the value
#: model's chances (``tabletop.analysis.value_search.evaluation_depth``): at the
#: bar's budget such answers came closer to 1,000 full playouts than full ones
#: (``docs/analysis.md``, "Playouts cut by the value model").
EVALUATION_DEPTH = 100


class HeuristicBot:
    """The Raiders heuristic bot (see the module docstring).

    Args:
        game: a ``Raiders`` game.
        seed: unused (the bot is deterministic); kept for the registry.
    """

    name = "heuristic"

    def __init__(self, game: Any, seed: int = 0) -> None:
        self.game = game
        self.seed = seed

    def choose(self, view: Any) -> Any:
        return decide(self.game, view)

    def choose_state(self, state: Any) -> Any:
        """``choose`` of the mover's view of ``state``, without building it:
        ``decide`` reads the mover's own hand, the others' hand sizes and the board,
        all of which the view shows (``tabletop.bots.protocol``)."""
        return decide(self.game, state)


def policy(game: Any, state: Any, rng: Rng) -> tuple[Any, Rng]:
    """The heuristic's choice on a full state (a search rollout step)."""
    return decide(game, state), rng


# ``decide`` answers with a legal action (an item of ``legal_actions``, or a Roll,
# which is always listed at a turn's start), so playouts resolve ``policy``'s
# actions with ``game.next_state``, without asking for the verdict again
# (``search.advance``).
policy.picks_legal = True  # type: ignore[attr-defined]


def evaluate(game: Any, state: Any) -> tuple[float, ...]:
    """Win chances from key cards held, hand sizes and distance to the Ark."""
    n = len(state.positions)
    if state.winner >= 0:
        return tuple(float(q == state.winner) for q in range(n))
    values = [_value(game, state, q) for q in range(n)]
    top = max(values)
    weights = [math.exp(v - top) for v in values]
    total = sum(weights)
    return tuple(w / total for w in weights)


def _value(game: Any, state: Any, q: int) -> float:
    hand = state.hands[q]
    keys = sum(1 for k in KEY_CARDS if k in hand)
    gap = distance(game, state.positions[q], state.ark) if state.ark else 0
    near = 1.5 * keys * keys / 9 * (1 - min(gap, 12) / 12)
    return 1.2 * keys + 0.15 * len(hand) + near


def decide(game: Any, state: Any) -> Any:
    """The heuristic's action for the decision pending in ``state`` (a full
    state or a seat's view)."""
    phase = state.phase
    if phase == "turn":
        return _turn(game, state, TurnRuns(game, state))
    legal = game.legal_actions(state)
    if len(legal) == 1:
        return legal[0]
    if phase == "move":
        return _step(game, state, legal)
    if phase == "land":
        return _land(game, state, legal)
    if phase == "customs":
        return ShowPassport() if ShowPassport() in legal else legal[0]
    return legal[0]


def has_keys(hand: Any) -> bool:
    """The Ark, a Staff of Ra and a Map Room are all in ``hand`` (RA-W-WIN)."""
    return ARK in hand and STAFF in hand and MAP in hand


class TurnRuns:
    """The legal actions of a turn's start, one rule's list at a time, each listed
    only when first asked for (``of``): a hand holding Hostage makes that rule
    list every victim and place, hundreds, which the heuristic reads only when an
    opponent is worth taking. Each list is the run of its kinds in
    ``legal_actions`` (whose lists are the turn rules' lists, concatenated)."""

    __slots__ = ("game", "state", "lists")

    def __init__(self, game: Any, state: Any) -> None:
        self.game = game
        self.state = state
        self.lists: dict[Any, list[Any]] = {}

    def of(self, kind: type) -> list[Any]:
        """The legal actions of the rule that judges ``kind`` (a Roll's rule also
        lists the Air Passage)."""
        known = self.lists.get(kind)
        if known is not None:
            return known
        game, state = self.game, self.state
        for rule in game.decision_rules(state):
            if kind in rule.kinds:
                known = rule.legal(game, state)
                for other in rule.kinds:
                    self.lists[other] = known
                return known
        raise ValueError(f"no rule of this decision lists {kind.__name__}")


def _turn(game: Any, state: Any, runs: TurnRuns) -> Any:
    me = state.to_move
    hand = state.hands[me]
    here, ark = state.positions[me], state.ark
    flights = runs.of(FlyCountry)
    to_ark = next((a for a in flights if a.country == ark), None)
    if has_keys(hand):
        if to_ark is not None:
            return to_ark
        if distance(game, here, ark) > 4 and any(
            a.__class__ is Air for a in runs.of(Air)
        ):
            return Air()
        return Roll()
    hostage = _hostage(game, state, runs)
    if hostage is not None:
        return hostage
    if to_ark is not None:
        return to_ark
    ambushes = runs.of(Ambush)
    if ambushes:
        return max(ambushes, key=lambda a: (len(state.hands[a.victim]), -a.victim))
    spare = sum(1 for c in hand if c.startswith(COUNTRY_PREFIX)) > 1
    if flights and (spare or here == ark):
        return min(flights, key=lambda a: (distance(game, a.country, ark), a.country))
    return Roll()


def _threat(game: Any, state: Any, q: int) -> float:
    """How close seat ``q`` looks to winning (hand size, distance to the Ark)."""
    return len(state.hands[q]) - 0.5 * distance(game, state.positions[q], state.ark)


def _hostage(game: Any, state: Any, runs: TurnRuns) -> Any:
    """Take the most threatening opponent hostage far from the Ark, if worth it."""
    if HOSTAGE not in state.hands[state.to_move]:
        return None  # nothing listed (RA-K-HOSTAGE): no card
    others = [q for q in range(len(state.hands)) if q != state.to_move]
    if not any(_worth_taking(game, state, q) for q in others):
        return None  # the most threatening victim would not be worth it either
    options = runs.of(Hostage)
    if not options:
        return None
    victims = {a.victim for a in options}
    victim = max(sorted(victims), key=lambda q: _threat(game, state, q))
    if not _worth_taking(game, state, victim):
        return None
    mine = [a for a in options if a.victim == victim]
    return max(mine, key=lambda a: (distance(game, a.to, state.ark), a.to))


def _worth_taking(game: Any, state: Any, q: int) -> bool:
    """Seat ``q`` holds five cards or more within six steps of the Ark."""
    near = distance(game, state.positions[q], state.ark)
    return len(state.hands[q]) >= 5 and near <= 6


def _land(game: Any, state: Any, legal: Any) -> Any:
    sends = [a for a in legal if isinstance(a, Send)]
    if not sends:
        return next((a for a in legal if isinstance(a, Leave)), legal[0])
    return max(sends, key=lambda a: (distance(game, a.to, state.ark), a.to))


def _step(game: Any, state: Any, legal: Any) -> Any:
    """The next step: towards the Ark with the keys, else towards a free country."""
    me = state.to_move
    hand = state.hands[me]
    here = state.positions[me]
    # The goals: every country nobody else stands on but the move's start, and the
    # Ark's country with the keys (or while it is free and not here).
    wanted = set(game.board.country_set)
    wanted.difference_update([at for q, at in enumerate(state.positions) if q != me])
    wanted.discard(state.route[0] if state.route else here)
    if has_keys(hand) or (state.ark not in state.positions and here != state.ark):
        wanted.add(state.ark)
    passport = PASSPORT in hand
    ranked = game.board.countries_by_distance

    def cost(action: Any) -> tuple[float, str]:
        if not wanted or "" in wanted:  # no goal, or the Ark not yet revealed
            best = 0
        else:  # the nearest goal: the first wanted country from here (else 99)
            best = next((d for d, c in ranked[action.to] if c in wanted), 99)
        if not passport and _against_customs(game, here, action.to):
            best += 4
        if action.to == state.ark:
            best -= 1
        return best, action.to

    steps = [a for a in legal if isinstance(a, Step)]
    return min(steps, key=cost) if steps else legal[0]


def _against_customs(game: Any, here: str, nxt: str) -> bool:
    """True when stepping onto ``nxt`` heads the way of its checkpoint arrow."""
    arrow = game.board.checkpoints.get(nxt)
    return arrow is not None and arrow != here


def distance(game: Any, a: str, b: str) -> int:
    """Steps between two locations, ignoring who stands where."""
    if not a or not b:
        return 0
    return game.board.distances[b].get(a, 99)
