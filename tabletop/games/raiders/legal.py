"""What may be done now: the legal actions and the refusals, from one place.

``legal_actions`` lists what ``refusal`` accepts; the conformance tests check that
the two agree on every state they reach.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core import Refusal
from tabletop.games.raiders.actions import (
    Air,
    Ambush,
    FlyCountry,
    Hostage,
    Leave,
    LoseTurn,
    Place,
    PlayKey,
    Roll,
    Send,
    ShowPassport,
    Step,
)
from tabletop.games.raiders.cards import (
    AIR,
    AMBUSH,
    COUNTRY_PREFIX,
    HOSTAGE,
    PASSPORT,
    card_country,
    country_card,
)
from tabletop.games.raiders.state import RaidersState
from tabletop.games.raiders.tables import remember
from tabletop.games.raiders.travel import choices

if TYPE_CHECKING:
    from tabletop.games.raiders.rules import Raiders

#: Which action kinds each phase accepts.
PHASE_ACTIONS = {
    "place": (Place,),
    "turn": (Roll, Air, FlyCountry, Ambush, Hostage),
    "move": (Step,),
    "land": (Send, Leave),
    "customs": (ShowPassport, LoseTurn),
    "over": (),
}
PHASE_WORDS = {
    "place": "place a token (place COUNTRY)",
    "turn": "take a turn (roll, air, or play a card)",
    "move": "choose the next step (to SPACE)",
    "land": "decide about the player landed on (send N SPACE or leave N)",
    "customs": "show a Passport or lose the turn (passport or skip)",
}


def flight_targets(g: Raiders, s: RaidersState) -> list[str]:
    """Countries a Country card in the mover's hand can reach (RA-K-COUNTRY)."""
    hand = s.hands[s.player]
    held = {card_country(c) for c in hand if c.startswith("country:")}
    if not held:
        return []
    taken = set(s.positions)
    return [
        c for c in g.board.countries
        if c not in taken and (not g.restricted or c in held)
    ]


def legal_actions(g: Raiders, s: RaidersState) -> list:
    """Every legal action in a fixed order (shared action instances, see
    ``tables``)."""
    phase, p = s.phase, s.player
    if phase == "turn":
        return _turn_actions(g, s)
    t = g.tables
    if phase == "move":
        steps_to = g.steps_to
        return [steps_to[n] for n in choices(g, s, p)]
    if phase == "land":
        q = s.landed[0]
        out: list = []
        _add_free_places(g, out, "send", s.positions, q)
        out.append(t.leaves[q])
        return out
    if phase == "customs":
        return [t.passport, t.lose] if PASSPORT in s.hands[p] else [t.lose]
    if phase == "place":
        places = t.places
        return [places[c] for c in g.board.countries if c not in s.positions]
    return []


def _turn_actions(g: Raiders, s: RaidersState) -> list:
    p = s.player
    hands = s.hands
    hand = hands[p]
    t = g.tables
    out: list = [t.roll, t.air] if AIR in hand else [t.roll]
    country = t.holds_country.get(hand) if hand.__class__ is tuple else None
    if country is None:
        country = any(c.startswith(COUNTRY_PREFIX) for c in hand)
        if hand.__class__ is tuple:
            remember(t.holds_country, hand, country)
    if country:
        out += _flights(g, s)
    if AMBUSH in hand:
        ambushes = t.ambushes
        for q in range(g.players):
            if q != p and hands[q]:
                out.append(ambushes[q])
    if HOSTAGE in hand:
        hostage = s.hostage
        for q in range(g.players):
            if q != p and not hostage[q]:
                _add_free_places(g, out, "hostage", s.positions, q)
    return out


def _flights(g: Raiders, s: RaidersState) -> tuple[FlyCountry, ...]:
    """``flight_targets`` as actions, memoised on the occupied countries (and the
    mover's hand, when Country cards are restricted)."""
    t = g.tables
    key: frozenset | tuple = t.countries.intersection(s.positions)
    if g.restricted:
        key = (key, frozenset(s.hands[s.player]))
    found = t.flights_by.get(key)
    if found is None:
        flights = t.flights
        found = remember(t.flights_by, key,
                         tuple([flights[c] for c in flight_targets(g, s)]))
    return found


def _add_free_places(g: Raiders, out: list, kind: str, positions: tuple,
                     q: int) -> None:
    """Add to ``out`` the ``kind`` (``hostage`` or ``send``) actions that move
    player ``q`` to each place no token stands on, in board order: the row of
    all places, cut around the few taken ones."""
    t = g.tables
    every = t.rows.get((kind, q))
    if every is None:
        table = (g.hostages if kind == "hostage" else g.sends)[q]
        every = t.rows[kind, q] = tuple([table[loc] for loc in t.locations])
    index = t.index
    start = 0
    for i in sorted({index[at] for at in positions if at in index}):
        out += every[start:i]
        start = i + 1
    out += every[start:]


def refusal(g: Raiders, s: RaidersState, action: object) -> Refusal | None:
    """``None`` if ``action`` is legal in ``s``, else why not (with its clause)."""
    rule = _BY_PHASE[s.phase].get(type(action))
    if rule is not None:  # an action of this phase: only the seat and the rule
        by = action.by  # type: ignore[attr-defined]
        if by is None or by == s.player:
            return rule(g, s, action)
    return _shape_refusal(g, s, action)


def _shape_refusal(g: Raiders, s: RaidersState, action: object) -> Refusal | None:
    """``refusal`` in full: game over, notation, seat, key cards, phase, rule."""
    if s.phase == "over":
        return Refusal("TT-OVER", "the game is over")
    by = getattr(action, "by", None)
    if not isinstance(action, _ALL):
        return Refusal("TT-NOTATION", f"{action!r} is not a Raiders action")
    if by is not None and by != s.player:
        return Refusal("TT-TURN", f"it is player {s.player}'s decision, not player "
                       f"{by}'s")
    if isinstance(action, PlayKey):
        return Refusal("RA-K-KEY", "the Ark, Staff of Ra and Map Room cards stay in "
                       "your hand; they cannot be played")
    if not isinstance(action, PHASE_ACTIONS[s.phase]):
        if isinstance(action, ShowPassport) and s.phase == "turn":
            return Refusal("RA-K-PASSPORT", "a Passport is not played on a turn; it "
                           "is shown at checkpoints")
        return Refusal("TT-PHASE", f"player {s.player} must now "
                       f"{PHASE_WORDS[s.phase]}, not '{action}'")
    return _RULES[type(action)](g, s, action)


def _place(g: Raiders, s: RaidersState, a: Place) -> Refusal | None:
    if a.country not in g.board.countries:
        return Refusal("RA-S-PLACE", f"{a.country} is not a country on the map")
    if a.country in s.positions:
        return Refusal("RA-S-PLACE", f"{a.country} already holds a token")
    return None


def _roll(g: Raiders, s: RaidersState, a: Roll) -> Refusal | None:
    return None


def _air(g: Raiders, s: RaidersState, a: Air) -> Refusal | None:
    if AIR not in s.hands[s.player]:
        return Refusal("RA-K-AIR", "you hold no Air Passage card")
    return None


def _fly(g: Raiders, s: RaidersState, a: FlyCountry) -> Refusal | None:
    hand = s.hands[s.player]
    if a.country not in g.board.countries:
        return Refusal("RA-K-COUNTRY", f"{a.country} is not a country on the map")
    if not any(c.startswith("country:") for c in hand):
        return Refusal("RA-K-COUNTRY", "you hold no Country card")
    if g.restricted and country_card(a.country) not in hand:
        return Refusal("RA-K-COUNTRY", f"you hold no {a.country} card (Country cards "
                       "are restricted to their printed country)")
    if a.country in s.positions:
        return Refusal("RA-K-COUNTRY", f"{a.country} is occupied")
    return None


def _ambush(g: Raiders, s: RaidersState, a: Ambush) -> Refusal | None:
    if AMBUSH not in s.hands[s.player]:
        return Refusal("RA-K-AMBUSH", "you hold no Ambush card")
    if not 0 <= a.victim < g.players or a.victim == s.player:
        return Refusal("RA-K-AMBUSH", f"player {a.victim} is not an opponent")
    if not s.hands[a.victim]:
        return Refusal("RA-K-AMBUSH", f"player {a.victim} has no cards")
    return None


def _hostage(g: Raiders, s: RaidersState, a: Hostage) -> Refusal | None:
    if HOSTAGE not in s.hands[s.player]:
        return Refusal("RA-K-HOSTAGE", "you hold no Hostage card")
    if not 0 <= a.victim < g.players or a.victim == s.player:
        return Refusal("RA-K-HOSTAGE", f"player {a.victim} is not an opponent")
    if s.hostage[a.victim]:
        return Refusal("RA-K-HOSTAGE-TWICE", f"player {a.victim} was just taken "
                       "hostage and has not had a turn since")
    return _free_spot(g, s, a.to, "RA-K-HOSTAGE")


def _free_spot(g: Raiders, s: RaidersState, to: str, clause: str) -> Refusal | None:
    if to not in g.kinds:
        return Refusal(clause, f"{to} is not a space or country on the map")
    if to in s.positions:
        return Refusal(clause, f"{to} is occupied")
    return None


def _step(g: Raiders, s: RaidersState, a: Step) -> Refusal | None:
    p = s.player
    if a.to in choices(g, s, p):
        return None
    loc = s.positions[p]
    if a.to not in g.board.adjacent[loc]:
        return Refusal("RA-M-ROLL", f"{a.to} is not next to {loc}")
    if a.to == s.prev[p]:
        clause = "RA-M-FORWARD" if g.kinds[loc] != "space" else "RA-M-DIRECTION"
        return Refusal(clause, f"you may not turn back from {loc} to {a.to}")
    return Refusal("RA-M-OCCUPIED", f"every way on through {a.to} ends on an "
                   "occupied country")


def _send(g: Raiders, s: RaidersState, a: Send) -> Refusal | None:
    if a.victim != s.landed[0]:
        return Refusal("RA-M-LAND-PLAYER", f"you landed on player {s.landed[0]}, "
                       f"not player {a.victim}")
    return _free_spot(g, s, a.to, "RA-M-LAND-PLAYER")


def _leave(g: Raiders, s: RaidersState, a: Leave) -> Refusal | None:
    if a.victim != s.landed[0]:
        return Refusal("RA-M-LAND-PLAYER", f"you landed on player {s.landed[0]}, "
                       f"not player {a.victim}")
    return None


def _passport(g: Raiders, s: RaidersState, a: ShowPassport) -> Refusal | None:
    if PASSPORT not in s.hands[s.player]:
        return Refusal("RA-K-PASSPORT", "you hold no Passport card")
    return None


def _lose(g: Raiders, s: RaidersState, a: LoseTurn) -> Refusal | None:
    return None


_RULES = {
    Place: _place, Roll: _roll, Air: _air, FlyCountry: _fly, Ambush: _ambush,
    Hostage: _hostage, Step: _step, Send: _send, Leave: _leave,
    ShowPassport: _passport, LoseTurn: _lose,
}
_ALL = (*_RULES, PlayKey)
#: phase -> {action class accepted then: its rule}, for ``refusal``'s fast path.
_BY_PHASE = {
    phase: {cls: _RULES[cls] for cls in classes}
    for phase, classes in PHASE_ACTIONS.items()
}
