"""Setup, the turn cycle, card plays and the card movements they cause.

Functions here change a ``Work`` copy in place and record events. The turn cycle
skips missed turns by itself (RA-T-SKIP, RA-E-EMPTY), so a state always waits on a
real decision of a real player.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from tabletop.core import Event
from tabletop.core.game import Words
from tabletop.games.raiders.cards import (
    AIR,
    AMBUSH,
    COUNTRY_PREFIX,
    HOSTAGE,
    PASSPORT,
    card_country,
    card_name,
    country_card,
    has_keys,
)
from tabletop.games.raiders.work import Work

if TYPE_CHECKING:
    from tabletop.games.raiders.rules import Raiders

HAND_SIZE = 6
#: The data key a drawn or taken card is kept under: only its new holder reads it.
SECRET_CARD = ("card",)


# -- cards moving -------------------------------------------------------------------
def draw(g: Raiders, w: Work, q: int, clause: str, why: str) -> str | None:
    """Player ``q`` draws the top card, reshuffling the discards if needed."""
    if not w.deck:
        if not w.discards:
            w.emit(
                clause,
                lambda d: f"player {d['seat']} could not draw {why}: no card was left",
                q,
                "no-card",
                data={"seat": q},
            )
            return None
        w.deck, w.rng = w.rng.shuffle(w.discards)
        w.discards = ()
        w.emit(
            "RA-K-RESHUFFLE",
            lambda d: (
                f"the discards were shuffled into a new deck of {d['cards']} cards"
            ),
            None,
            "reshuffle",
            data={"cards": len(w.deck)},
        )
    deck = w.deck
    card = deck[0]
    w.deck = deck[1:]
    w.hand(q).append(card)
    text, public = _draw_words(why)
    w.emit(clause, text, q, "draw", public, {"seat": q, "card": card}, SECRET_CARD)
    return card


# The words of the card events that come at almost every turn are functions of
# their data made once (per reason, for a draw), not closures made at every event:
# a sentence is written only when read, and an event keeps no closure alive (the
# OpenSpiel adapter keeps every event for perfect recall).
@lru_cache(maxsize=1024)
def _draw_words(why: str) -> tuple[Words, Words]:
    """The sentences of a draw ``why`` (``"in NEPAL"``): its holder's, the others'."""

    def text(d: Mapping[str, Any]) -> str:
        return f"player {d['seat']} drew {card_name(d['card'])} {why}"

    def public(d: Mapping[str, Any]) -> str:
        return f"player {d['seat']} drew a card {why}"

    return text, public


def _take_text(d: Mapping[str, Any]) -> str:
    return f"player {d['seat']} took {card_name(d['card'])} from player {d['victim']}"


def _take_public(d: Mapping[str, Any]) -> str:
    return f"player {d['seat']} took a card from player {d['victim']}"


def _discard_text(d: Mapping[str, Any]) -> str:
    return f"player {d['seat']} discarded {card_name(d['card'])}"


def _fly_text(d: Mapping[str, Any]) -> str:
    return f"player {d['seat']} played {card_name(d['card'])} and flew to {d['to']}"


def lose_card(g: Raiders, w: Work, q: int, card: str) -> None:
    """A card leaves ``q``'s hand for the discards; notes an emptied hand."""
    w.hand(q).remove(card)
    w.discards = (*w.discards, card)
    _note_empty(g, w, q)


def _note_empty(g: Raiders, w: Work, q: int) -> None:
    """RA-E-EMPTY: the moment a hand empties, its holder will miss the next turn."""
    if not w.hands[q]:
        w.put("emptied", q, True)
        w.events.append(g.seat_events["emptied", q])


def take_random(g: Raiders, w: Work, taker: int, victim: int, clause: str) -> None:
    """``taker`` takes a card at random from ``victim`` (RA-M-PASS-PLAYER,
    RA-K-AMBUSH); both may read which card it was, the others that a card went."""
    hand = w.hand(victim)
    if not hand:
        w.emit(
            clause,
            lambda d: (
                f"player {d['victim']} had no card for player {d['seat']} to take"
            ),
            taker,
            "take",
            data={"seat": taker, "victim": victim},
        )
        return
    hand.sort()
    index, w.rng = w.rng.below(len(hand))
    card = hand.pop(index)
    w.hand(taker).append(card)
    w.emit(
        clause,
        _take_text,
        taker,
        "take",
        _take_public,
        {"seat": taker, "victim": victim, "card": card},
        SECRET_CARD,
        (victim,),  # the card left the victim's hand: they know which it was
    )
    _note_empty(g, w, victim)


def discard_random(g: Raiders, w: Work, q: int) -> None:
    """RA-M-INSTRUCTION (discard): a card of ``q``'s at random goes face up."""
    hand = sorted(w.hands[q])
    index, w.rng = w.rng.below(len(hand))
    card = hand[index]
    w.hand(q).remove(card)
    w.discards = (*w.discards, card)
    w.emit(
        "RA-M-INSTRUCTION",
        _discard_text,
        q,
        "discard",
        data={"seat": q, "card": card},
    )
    _note_empty(g, w, q)


def win(w: Work, p: int, why: str) -> None:
    """RA-W-WIN: the game is over."""
    w.winner = p
    w.phase = "over"
    w.steps = 0
    w.emit(
        "RA-W-WIN",
        lambda d: (
            f"player {d['seat']} showed the Ark, a Staff of Ra and a Map Room: "
            f"{why}. Player {d['seat']} won!"
        ),
        p,
        "win",
        data={"seat": p, "at": w.positions[p]},
    )


# -- setup --------------------------------------------------------------------------
def place(g: Raiders, w: Work, country: str) -> None:
    """RA-S-PLACE: seat order; after the last token, the Ark, the deal, the roll-off."""
    p = w.to_move
    w.positions[p] = country
    w.emit(
        "RA-S-PLACE",
        lambda d: f"player {d['seat']} placed their token in {d['to']}",
        p,
        "place",
        data={"seat": p, "to": country},
    )
    if p + 1 < g.players:
        w.to_move = p + 1
        return
    reveal_ark(g, w)
    deal(g, w)
    first = roll_off(g, w)
    next_turn(g, w, first)


def reveal_ark(g: Raiders, w: Work) -> None:
    """RA-S-ARK: turn cards until a Country card shows the Ark's country."""
    deck, w.rng = w.rng.shuffle(g.full_deck)
    shown = []
    for card in deck:
        shown.append(card)
        if card.startswith(COUNTRY_PREFIX):
            w.ark = card_country(card)
            break
    w.emit(
        "RA-S-ARK",
        lambda d: (
            f"cards turned up: {', '.join([g.card_names[c] for c in d['cards']])}"
            f". The Ark is in {d['country']}"
        ),
        None,
        "ark",
        data={"cards": tuple(shown), "country": w.ark},
    )


def deal(g: Raiders, w: Work) -> None:
    """RA-S-DEAL: every card back, reshuffle, six face down to each player."""
    deck, w.rng = w.rng.shuffle(g.full_deck)
    n = g.players
    dealt = deck[: HAND_SIZE * n]
    for q in range(n):
        w.hand(q)[:] = dealt[q::n]
        cards = tuple(sorted(w.hands[q]))
        w.emit(
            "RA-S-DEAL",
            lambda d: (
                f"player {d['seat']} was dealt "
                f"{', '.join([g.card_names[c] for c in d['cards']])}"
            ),
            q,
            "deal",
            public=lambda d: f"player {d['seat']} was dealt {HAND_SIZE} cards",
            data={"seat": q, "cards": cards},
            hidden=("cards",),
        )
    w.deck = deck[HAND_SIZE * n :]
    w.discards = ()


def roll_off(g: Raiders, w: Work) -> int:
    """RA-S-FIRST: everyone rolls; the highest starts; ties roll again."""
    contenders = list(range(g.players))
    while len(contenders) > 1:
        rolls = []
        for q in contenders:
            value, w.rng = w.rng.roll()
            rolls.append(value)
            w.emit(
                "RA-S-FIRST",
                lambda d: f"player {d['seat']} rolled {d['roll']} for first player",
                q,
                "roll",
                data={"seat": q, "roll": value},
            )
        best = max(rolls)
        contenders = [q for q, v in zip(contenders, rolls, strict=True) if v == best]
        if len(contenders) > 1:
            w.emit(
                "RA-S-FIRST",
                lambda d: (
                    f"a tie: players {', '.join(str(q) for q in d['seats'])} "
                    "rolled again"
                ),
                None,
                "tie",
                data={"seats": tuple(contenders)},
            )
    first = contenders[0]
    w.emit(
        "RA-S-FIRST",
        lambda d: f"player {d['seat']} went first",
        first,
        "first",
        data={"seat": first},
    )
    return first


# -- the turn cycle -----------------------------------------------------------------
def end_turn(g: Raiders, w: Work) -> None:
    """The mover's turn is over: a win on the Ark's country, then the next seat."""
    p = w.to_move
    if w.phase == "over":
        return
    if w.ark and w.positions[p] == w.ark and has_keys(w.hands[p]):
        win(w, p, f"ended the turn in the Ark's country {w.ark} with the three cards")
        return
    w.steps, w.route, w.passed, w.landed = 0, (), (), ()
    w.route_prev, w.ways = "", ()
    next_turn(g, w, (p + 1) % g.players)


def next_turn(g: Raiders, w: Work, q: int) -> None:
    """Give the turn to ``q`` or the next player who does not miss it."""
    for _ in range(100_000):
        w.turn += 1
        if g.turn_limit and w.turn > g.turn_limit:
            w.phase, w.to_move = "over", q
            w.emit(
                "TT-LIMIT",
                lambda d: f"the turn limit {g.turn_limit} was reached: no winner",
                None,
                "limit",
                data={"turn": w.turn},
            )
            return
        if w.emptied[q] or not w.hands[q]:
            w.put("emptied", q, False)
            w.events.append(g.seat_events["empty-skip", q])
            draw(g, w, q, "RA-E-EMPTY", "for an empty hand")
        elif w.skips[q] > 0:
            w.put("skips", q, w.skips[q] - 1)
            w.events.append(g.seat_events["skip", q])
        elif w.owes[q]:
            w.to_move, w.phase = q, "customs"
            return
        else:
            w.to_move, w.phase = q, "turn"
            if w.hostage[q]:
                w.put("hostage", q, False)
            return
        q = (q + 1) % g.players
    raise RuntimeError("no player can take a turn")


# -- card plays (RA-T-CHOICE, RA-K-PLAY) --------------------------------------------
def fly(g: Raiders, w: Work, dest: str) -> None:
    """RA-K-COUNTRY: fly to an unoccupied country and draw a card there."""
    p = w.to_move
    card = flight_card(g, w.hands[p], dest)
    was = w.positions[p]
    lose_card(g, w, p, card)
    w.positions[p], w.prev[p] = dest, ""
    w.put("owes", p, False)
    w.emit(
        "RA-K-COUNTRY",
        _fly_text,
        p,
        "play",
        data={"seat": p, "card": card, "from": was, "to": dest},
    )
    draw(g, w, p, "RA-K-COUNTRY", f"in {dest}")
    if dest == w.ark and has_keys(w.hands[p]):
        win(w, p, f"flew to the Ark's country {dest} with the three cards")
        return
    end_turn(g, w)


def flight_card(g: Raiders, hand, dest: str) -> str:
    """The Country card a flight to ``dest`` discards: the destination's own if
    held, else the first one held in map order (RA-K-COUNTRY ruling)."""
    card = country_card(dest)
    if card in hand:
        return card
    for card in g.country_cards:
        if card in hand:
            return card
    raise ValueError("no Country card in hand")


def ambush(g: Raiders, w: Work, victim: int) -> None:
    """RA-K-AMBUSH: take a card at random from an opponent."""
    p = w.to_move
    lose_card(g, w, p, AMBUSH)
    w.events.append(g.seat_events["ambush", p, victim])
    take_random(g, w, p, victim, "RA-K-AMBUSH")
    end_turn(g, w)


def hostage(g: Raiders, w: Work, victim: int, dest: str) -> None:
    """RA-K-HOSTAGE: move an opponent; they miss their next turn."""
    p = w.to_move
    lose_card(g, w, p, HOSTAGE)
    was = w.positions[victim]
    w.positions[victim], w.prev[victim] = dest, ""
    w.put("owes", victim, False)
    miss_turn(g, w, victim)
    w.put("hostage", victim, True)
    w.emit(
        "RA-K-HOSTAGE",
        lambda d: (
            f"player {d['seat']} took player {d['victim']} hostage to "
            f"{d['to']}; player {d['victim']} will miss the next turn"
        ),
        p,
        "play",
        data={"seat": p, "card": HOSTAGE, "victim": victim, "from": was, "to": dest},
    )
    put_in_country(g, w, victim, dest, "RA-K-HOSTAGE")
    end_turn(g, w)


def miss_turn(g: Raiders, w: Work, q: int) -> None:
    """RA-T-SKIP: ``q`` will miss one more turn; misses add up, unless the house
    rule ``one_miss_at_a_time`` holds them at one."""
    if g.house.one_miss_at_a_time and w.skips[q] > 0:
        return
    w.put("skips", q, w.skips[q] + 1)


def put_in_country(g: Raiders, w: Work, q: int, dest: str, clause: str) -> None:
    """RA-K-HOSTAGE ruling: a token another player puts into a country draws no
    card there; the house rule ``hostage_draws`` has it draw one."""
    if g.house.hostage_draws and dest in g.board.bit:
        draw(g, w, q, clause, f"in {dest} (house rule)")


def show_passport(g: Raiders, w: Work) -> None:
    """RA-M-CHECKPOINT-LAND: the debt is paid; the turn goes on as usual."""
    p = w.to_move
    lose_card(g, w, p, PASSPORT)
    w.put("owes", p, False)
    w.put("hostage", p, False)
    w.phase = "turn"
    w.emit(
        "RA-M-CHECKPOINT-LAND",
        lambda d: f"player {d['seat']} showed a Passport at checkpoint {d['at']}",
        p,
        "passport",
        data={"seat": p, "card": PASSPORT, "at": w.positions[p]},
    )


def refuse_passport(g: Raiders, w: Work) -> None:
    """RA-M-CHECKPOINT-LAND: no Passport shown, so this turn is lost."""
    p = w.to_move
    w.put("owes", p, False)
    w.emit(
        "RA-M-CHECKPOINT-LAND",
        lambda d: (
            f"player {d['seat']} showed no Passport at checkpoint {d['at']} and "
            "lost this turn"
        ),
        p,
        "skip",
        data={"seat": p, "at": w.positions[p]},
    )
    end_turn(g, w)


def roll_die(g: Raiders, w: Work, air: bool) -> int:
    """RA-M-ROLL / RA-K-AIR: roll (doubled after an Air Passage)."""
    p = w.to_move
    if air:
        lose_card(g, w, p, AIR)
        w.events.append(g.seat_events["air", p])
    value, w.rng = w.rng.roll()
    w.events.append(g.roll_events[p, value, air])
    return value * 2 if air else value


def roll_events(players: int) -> dict[tuple[int, int, bool], Event]:
    """The event of every roll, by (seat, value, doubled by an Air Passage): built
    once per game, as events are values (their ``data`` is shared: read only)."""
    out = {}
    for p in range(players):
        for value in range(1, 7):
            for air in (False, True):
                total = value * 2 if air else value
                shown = f"{value}, doubled to {total}" if air else f"{value}"
                out[p, value, air] = Event(
                    "RA-M-ROLL",
                    f"player {p} rolled {shown}",
                    p,
                    "roll",
                    data={"seat": p, "roll": value, "steps": total},
                )
    return out


def seat_events(board, players: int) -> dict[tuple, Event]:
    """The frequent events that depend only on seats and places, built once per
    game as ``roll_events`` (their ``data`` is shared: read only), by key:

    - ``("emptied", q)``: RA-E-EMPTY, player ``q``'s hand has just emptied;
    - ``("empty-skip", q)``: RA-E-EMPTY, ``q`` misses a turn to draw a card;
    - ``("skip", q)``: RA-T-SKIP, ``q`` misses a turn;
    - ``("ambush", p, q)``: RA-K-AMBUSH, ``p`` plays an Ambush on ``q``;
    - ``("air", p)``: RA-K-AIR, ``p`` plays an Air Passage;
    - ``("instruction", p, at)``: RA-M-INSTRUCTION, ``p`` lands on the
      instruction space ``at``;
    - ``("passport", p, at)``: RA-M-CHECKPOINT, ``p`` shows a Passport at the
      checkpoint ``at`` and goes on;
    - ``("owes", p, at)``: RA-M-CHECKPOINT-LAND, ``p`` landed on the checkpoint
      ``at`` and owes a Passport.
    """
    out: dict[tuple, Event] = {}
    for p in range(players):
        out["emptied", p] = Event(
            "RA-E-EMPTY",
            f"player {p} had no cards left and will miss the next turn to draw one",
            p,
            "empty",
            data={"seat": p},
        )
        out["empty-skip", p] = Event(
            "RA-E-EMPTY",
            f"player {p} ran out of cards and missed this turn",
            p,
            "skip",
            data={"seat": p},
        )
        out["skip", p] = Event(
            "RA-T-SKIP", f"player {p} missed this turn", p, "skip", data={"seat": p}
        )
        out["air", p] = Event(
            "RA-K-AIR",
            f"player {p} played an Air Passage",
            p,
            "play",
            data={"seat": p, "card": AIR},
        )
        for q in range(players):
            out["ambush", p, q] = Event(
                "RA-K-AMBUSH",
                f"player {p} played an Ambush on player {q}",
                p,
                "play",
                data={"seat": p, "card": AMBUSH, "victim": q},
            )
        for at, ins in board.instructions.items():
            out["instruction", p, at] = Event(
                "RA-M-INSTRUCTION",
                f"player {p} landed on {at}: {ins.text}",
                p,
                "instruction",
                data={"seat": p, "at": at, "effect": ins.effect},
            )
        for at in board.checkpoints:
            out["passport", p, at] = Event(
                "RA-M-CHECKPOINT",
                f"player {p} showed a Passport at checkpoint {at} and went on",
                p,
                "passport",
                data={"seat": p, "at": at, "card": PASSPORT},
            )
            out["owes", p, at] = Event(
                "RA-M-CHECKPOINT-LAND",
                f"player {p} landed on checkpoint {at}: a Passport is due at the "
                "start of the next turn",
                p,
                "owes",
                data={"seat": p, "at": at},
            )
    return out
