"""Explanations of the legal actions: clause, a sentence, a button label, the board
spaces a click selects the action by, and the card kind it plays."""

from __future__ import annotations

from typing import Any

from tabletop.core import Explanation
from tabletop.games.pitfall.actions import (
    Climb,
    Decline,
    Direction,
    Discard,
    Give,
    PlaceScorpion,
    Play,
    Roll,
    Stay,
    Swap,
)
from tabletop.games.pitfall.cards import (
    CARD_CLAUSE,
    CARDS,
    COBRA,
    FIRE,
    OBSTACLE_NAMES,
    SCORPION,
    TOKEN_INFO,
    TOKENS,
)
from tabletop.games.pitfall.moves import hit_retreat
from tabletop.games.pitfall.state import PitfallState


def explain(game: Any, s: PitfallState) -> tuple[Explanation, ...]:
    """One Explanation per legal action, in the order of ``legal_actions``; the
    words follow the game's house rules (``game.house``)."""
    return tuple(_BY_TYPE[type(a)](game, s, a) for a in game.legal_actions(s))


def _roll(g: Any, s: PitfallState, a: Roll) -> Explanation:
    text = "Roll the die and move that many spaces (then choose forward or backward)."
    return Explanation(a, "PH-T-CHOICE", text, "Roll", (s.positions[s.to_move],))


def _discard(g: Any, s: PitfallState, a: Discard) -> Explanation:
    text = f"Discard {_names(a.cards)} face up and draw four new cards."
    used = tuple(CARDS[c] for c in a.cards)
    return Explanation(a, "PH-2B-DISCARD", text, f"Discard {_codes(a)}", uses=used)


def _swap(g: Any, s: PitfallState, a: Swap) -> Explanation:
    text = (
        f"Give {_names(a.cards)} to player {a.seat} and take four cards at "
        "random from their hand."
    )
    label, used = f"Swap {_codes(a)} with P{a.seat}", tuple(CARDS[c] for c in a.cards)
    return Explanation(a, "PH-2B-SWAP", text, label, uses=used, seat=a.seat)


def _play(g: Any, s: PitfallState, a: Play) -> Explanation:
    if s.phase != "start":
        return _card(g, s, a.card)
    text = "Play a Scorpion card to move the scorpion to another underground space."
    return Explanation(a, "PH-6-MOVE", text, "Scorpion", (s.scorpion,), "scorpion")


def _direction(g: Any, s: PitfallState, a: Direction) -> Explanation:
    board = g.board
    first = board.step(s.positions[s.to_move], a.step)
    way = "clockwise, toward the diamond" if a.step > 0 else "back toward the boat"
    return Explanation(
        a,
        "PH-2A-MOVE",
        f"Move {s.roll} spaces {way}.",
        str(a).title(),
        (first,) if first else (),
    )


def _stay(g: Any, s: PitfallState, a: Stay) -> Explanation:
    board = g.board
    nxt = board.step(s.positions[s.to_move], s.direction)
    return Explanation(
        a,
        "PH-4-CLIMB",
        "Do not climb: go on along the underground path.",
        "Stay below",
        (nxt,) if nxt else (),
    )


def _give(g: Any, s: PitfallState, a: Give) -> Explanation:
    text = f"Give the duplicate {TOKEN_INFO[TOKENS[s.token]]} to player {a.seat}, "
    return Explanation(
        a,
        "PH-5-GIVE",
        text + "who lacks one.",
        f"Give to P{a.seat}",
        (s.positions[a.seat],),
        seat=a.seat,
    )


def _names(cards: tuple[int, ...]) -> str:
    return ", ".join(CARDS[c] for c in cards)


def _codes(a: Discard | Swap) -> str:
    return str(a).split(" ", 2 if isinstance(a, Swap) else 1)[-1]


def _placement(g: Any, s: PitfallState, a: PlaceScorpion) -> Explanation:
    board = g.board
    hit = [o for o, p in enumerate(s.positions) if p == a.space and o != s.to_move]
    if hit:
        back = hit_retreat(board, g.house, a.space)
        who = ", ".join(f"player {o}" for o in hit)
        return Explanation(
            a,
            "PH-6-HIT",
            f"Put the scorpion on {a.space}: {who} goes back to {back}.",
            f"Scorpion to {a.space}",
            (a.space,),
        )
    return Explanation(
        a,
        "PH-6-MOVE",
        f"Put the scorpion on {a.space} to block the way.",
        f"Scorpion to {a.space}",
        (a.space,),
    )


def _card(g: Any, s: PitfallState, card: int) -> Explanation:
    board = g.board
    a, target, name = Play(card), s.target, CARDS[card].title()
    label = f"Play {name}"
    if target == s.scorpion:
        return Explanation(
            a,
            "PH-4-SCORPION-PASS",
            f"Play Scorpion to pass the scorpion at {target}.",
            label,
            (target,),
            "scorpion",
        )
    what = OBSTACLE_NAMES[board.kind[target]]
    if card == SCORPION:
        return Explanation(
            a,
            "PH-4-SCORPION-BELOW",
            f"Play Scorpion to go down the {what} at {target} onto the scorpion below.",
            label,
            (board.down[target],),
            "scorpion",
        )
    if (card == COBRA or card == FIRE) and not s.facedown:
        text = (
            f"Play {name} to pass the {what} at {target}: no treasure is left to "
            "take (house rule)."
        )
    elif card == COBRA or card == FIRE:
        text = (
            f"Play {name} on the {what} at {target}: take a treasure token and go on."
        )
    else:
        text = f"Play {name} to pass the {what} at {target} and go on counting."
    return Explanation(a, CARD_CLAUSE[card], text, label, (target,), CARDS[card])


def _decline(g: Any, s: PitfallState, a: Decline) -> Explanation:
    board = g.board
    target, here = s.target, s.positions[s.to_move]
    below = board.down.get(target)
    if below is None or target == s.scorpion:
        what = (
            "scorpion" if target == s.scorpion else OBSTACLE_NAMES[board.kind[target]]
        )
        text, to = f"Play no card: stop on {here}, before the {what}.", here
        label = f"No card: stop before the {what}"
    elif below == s.scorpion:
        text, to = (
            f"Play no card: stay on the pit trap {target} (scorpion below).",
            target,
        )
        label = "No card: stay on the pit trap"
    elif board.kind[target] == "pit":
        text, to = (
            f"Play no card: fall through {target} to {below}; the turn ends.",
            below,
        )
        label = "No card: fall through"
    else:
        text, to = f"Play no card: go down the ladder at {target} to {below}.", below
        label = "No card: go down the ladder"
    stays = to == here
    return Explanation(Decline(), "PH-4-OPTIONAL", text, label, (to,), stays=stays)


def _climb(g: Any, s: PitfallState, a: Climb) -> Explanation:
    board = g.board
    here = s.positions[s.to_move]
    above = board.up[here]
    if board.kind[above] == "pit" or g.house.climb_needs_card:
        clause = "PH-4-LADDER" if board.kind[above] == "pit" else "PH-4-CLIMB"
        return Explanation(
            Climb(),
            clause,
            f"Play Ladder to climb up to {above} (counts one step).",
            "Climb (Ladder)",
            (above,),
            "ladder",
        )
    return Explanation(
        Climb(),
        "PH-4-CLIMB",
        f"Climb the ladder up to {above} (counts one step, no card).",
        "Climb",
        (above,),
    )


_BY_TYPE = {
    Roll: _roll,
    Discard: _discard,
    Swap: _swap,
    Play: _play,
    PlaceScorpion: _placement,
    Direction: _direction,
    Decline: _decline,
    Climb: _climb,
    Stay: _stay,
    Give: _give,
}
