"""The turn machine: what an already-checked action does to a Pitfall state.

``resolve(game, state, action)`` returns the next state and its events. A move runs
step by step until the die count is used up, the pawn is stopped, or a decision is
needed (a card at an obstacle, a climb, a token to give); the state then records that
pending decision and the count left, and the next action resumes the move. Exchanges,
treasure tokens, the refill and passing the turn are in ``turns.py``. Every event
carries its values in ``data`` (``seat``, ``roll``, ``from``, ``to``, ``card``,
``space``...; see ``docs/rules-pitfall.md``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core import Event
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
from tabletop.games.pitfall.board import PitfallBoard
from tabletop.games.pitfall.cards import (
    CARDS,
    COBRA,
    FIRE,
    LADDER,
    OBSTACLE_NAMES,
    OBSTACLES,
    SCORPION,
)
from tabletop.games.pitfall.state import PitfallState
from tabletop.games.pitfall.turns import (
    end_move,
    exchange_discard,
    exchange_swap,
    give,
    take_token,
)
from tabletop.games.pitfall.work import Work, put

if TYPE_CHECKING:
    from tabletop.games.pitfall.rules import Pitfall


def resolve(
    game: Pitfall, s: PitfallState, action: object, quiet: bool = False
) -> tuple[PitfallState, tuple[Event, ...]]:
    """Resolve a legal action: the next state and the events, in order (none when
    ``quiet``: the same rules, no event recorded)."""
    w = Work(game.board, s, quiet, game.house)
    _RESOLVE[type(action)](w, action)
    return w.freeze(), tuple(w.events)


def _roll(w: Work, action: Roll) -> None:
    value, w.rng = w.rng.roll()
    w.roll = w.remaining = value
    w.phase = "direction"
    w.say("PH-T-CHOICE", _rolled, "roll", roll=value)


def _direction(w: Work, action: Direction) -> None:
    w.direction = action.step
    w.say(
        "PH-2A-MOVE",
        lambda d: f"player {d['seat']} went {d['direction']}",
        "direction",
        direction=str(action),
    )
    run(w)


def _play(w: Work, action: Play) -> None:
    if w.phase != "start":
        return enter(w, action.card)
    w.play_card(SCORPION)
    w.scorpion_played = True
    w.phase = "scorpion"
    w.say(
        "PH-T-SCORPION-FIRST",
        lambda d: f"player {d['seat']} played a Scorpion card to move the scorpion",
        "card",
        card="scorpion",
    )


def _decline(w: Work, action: Decline) -> None:
    w.say(
        "PH-4-OPTIONAL",
        lambda d: f"player {d['seat']} played no card at {d['space']}",
        "decline",
        space=w.target,
    )
    decline(w)


def _stay(w: Work, action: Stay) -> None:
    w.no_climb = w.pos
    w.say(
        "PH-4-CLIMB",
        lambda d: f"player {d['seat']} stayed below at {d['space']}",
        "stay",
        space=w.pos,
    )
    run(w)


def _give(w: Work, action: Give) -> None:
    give(w, action.seat)
    run(w)


def run(w: Work) -> None:
    """Walk the pawn until the count is used, it is stopped, or a decision is due."""
    board, hand = w.board, w.hands[w.to_move]
    free_ladders = not w.house.climb_needs_card
    while w.remaining > 0:
        pos = w.pos
        above = board.up.get(pos)
        if above is not None and pos != w.no_climb:
            if free_ladders and board.kind[above] == "ladder_pit" or hand[LADDER]:
                w.flush()
                w.phase = "climb"
                return
        nxt = (board.forward if w.direction > 0 else board.backward)[pos]
        if nxt is None or nxt == board.diamond and diamond_closed(w, w.to_move):
            w.flush()
            blocked(w, pos, nxt)
            break
        w.no_climb = ""
        kind = board.kind[nxt]
        if nxt == w.scorpion:
            if hand[SCORPION]:
                return ask_card(w, nxt)
            w.flush()
            if w.remaining == w.roll:
                blocked(w, pos)
                break
            w.say(
                "PH-6-BLOCK",
                lambda d: (
                    f"player {d['seat']} stopped before the scorpion at {d['blocker']}"
                ),
                "stop",
                space=pos,
                blocker=nxt,
            )
            break
        if kind == "plain" or kind == "tunnel" or kind == "riverboat":
            w.pos = nxt
            w.remaining -= 1
            continue
        if kind == "diamond":
            w.pos = nxt
            w.remaining = 0
            return reach_diamond(w)
        if obstacle_cards(w, nxt):
            return ask_card(w, nxt)
        w.target = nxt
        return decline(w)
    end_move(w)


def barred(game: Pitfall, s: PitfallState, step: int) -> str:
    """PH-T-STUCK: what nothing can pass on the mover's first step in direction
    ``step`` (a stone wall, the path's end, the scorpion without a Scorpion card,
    the diamond space where a house rule closes it, PH-7-DIAMOND), or ``""`` when
    a first step that way is possible (a climb counts; an obstacle counts too: a
    card may pass it, and without one it stops the pawn, PH-3-CARD)."""
    board, house = game.board, game.house
    pos = s.positions[s.to_move]
    hand = s.hands[s.to_move]
    above = board.up.get(pos)
    if above is not None and (
        board.kind[above] == "ladder_pit" and not house.climb_needs_card or hand[LADDER]
    ):
        return ""
    nxt = (board.forward if step > 0 else board.backward)[pos]
    if nxt is None:
        return "a stone wall" if (pos, step) in board.wall_next else "the path's end"
    if nxt == s.scorpion and not hand[SCORPION]:
        return "the scorpion (no Scorpion card)"
    if (
        nxt == board.diamond
        and house.diamond_needs_treasure
        and not all(s.treasure[s.to_move])
    ):
        return "the diamond space (closed without the three treasures)"
    return ""


def diamond_closed(w: Work, seat: int) -> bool:
    """PH-7-DIAMOND house rule: the diamond space is closed to ``seat`` without
    the three treasure kinds."""
    return w.house.diamond_needs_treasure and not all(w.treasure[seat])


def blocked(w: Work, pos: str, nxt: str | None = None) -> None:
    """Log why the next step from ``pos`` (to ``nxt``) cannot be taken."""
    if w.remaining == w.roll:
        clause = "PH-T-STUCK"
        why = "neither direction could take a first step, so it stayed put"
    elif nxt is not None:
        clause = "PH-7-DIAMOND"
        why = "the diamond space is closed without the three treasures (house rule)"
    elif (pos, w.direction) in w.board.wall_next:
        clause, why = "PH-B-WALLS", "a stone wall barred the way"
    else:
        clause, why = "PH-B-ENDS", "the path ended there"
    w.say(
        clause,
        lambda d: f"player {d['seat']} stopped at {d['space']}: {why}",
        "stop",
        space=pos,
    )


def obstacle_cards(w: Work, target: str) -> tuple[int, ...]:
    """The cards the mover may play to enter ``target`` now (maybe none)."""
    spent = w.house.spent_treasure_card_passes
    return playable(w.board, w.hands[w.to_move], target, w.scorpion, w.facedown, spent)


def playable(
    board: PitfallBoard,
    hand: tuple[int, ...],
    target: str,
    scorpion: str,
    facedown: tuple[int, ...],
    spent: bool = False,
) -> tuple[int, ...]:
    """The cards in ``hand`` that may enter ``target`` (PH-3-CARD, PH-4-*).

    A treasure card needs a facedown token left (PH-4-TREASURE), unless the house
    rule ``spent`` lets it pass its space without one; a Scorpion card passes the
    scorpion underground or lands on it below a pit trap (PH-4-SCORPION-PASS,
    PH-4-SCORPION-BELOW).
    """
    if target == scorpion:
        return (SCORPION,) if hand[SCORPION] else ()
    out = tuple(
        c
        for c in OBSTACLES[board.kind[target]]
        if hand[c] and (c != COBRA and c != FIRE or facedown or spent)
    )
    if hand[SCORPION] and board.down.get(target) == scorpion:
        out += (SCORPION,)
    return out


def ask_card(w: Work, target: str) -> None:
    w.flush()
    w.phase, w.target = "obstacle", target


def decline(w: Work) -> None:
    """Enter no card at ``w.target``: stop before it, go down a ladder, or fall."""
    board, target = w.board, w.target
    w.target = ""
    kind = board.kind[target]
    below = board.down.get(target)
    name = OBSTACLE_NAMES.get(kind, "scorpion")
    if below is None or target == w.scorpion:
        w.flush()
        clause = "PH-6-BLOCK" if target == w.scorpion else "PH-3-CARD"
        w.say(
            clause,
            lambda d: (
                f"player {d['seat']} stopped at {d['space']}, before the "
                f"{name} at {d['blocker']}"
            ),
            "stop",
            space=w.pos,
            blocker=target,
        )
        return end_move(w)
    w.flush()
    w.pos = w.seg_start = target
    w.remaining -= 1
    if below == w.scorpion:
        w.say(
            "PH-4-SCORPION-BELOW",
            lambda d: (
                f"player {d['seat']} stayed on the pit trap {d['space']}: "
                f"the scorpion was below at {d['blocker']}"
            ),
            "stop",
            space=target,
            blocker=below,
        )
        return end_move(w)
    w.pos = w.seg_start = below
    if kind == "pit":
        w.say(
            "PH-3-FALL",
            lambda d: f"player {d['seat']} fell through {d['from']} to {d['to']}",
            "fall",
            **{"from": target, "to": below},
        )
        return end_move(w)
    w.remaining = max(0, w.remaining - 1)
    w.no_climb = below
    w.say(
        "PH-3-LADDER-DOWN",
        lambda d: (
            f"player {d['seat']} went down the ladder at {d['from']} to {d['to']}"
        ),
        "down",
        **{"from": target, "to": below},
    )
    run(w)


def enter(w: Work, card: int) -> None:
    """Play ``card`` to enter ``w.target`` and go on counting."""
    board, target = w.board, w.target
    w.target = ""
    w.play_card(card)
    w.phase = "move"
    w.flush()
    w.pos = w.seg_start = target
    w.remaining -= 1
    if card == SCORPION and board.level[target] == "above":
        below = board.down[target]
        w.pos = w.seg_start = below
        w.say(
            "PH-4-SCORPION-BELOW",
            lambda d: (
                f"player {d['seat']} played Scorpion to land on the "
                f"scorpion's space {d['to']} from {d['from']}"
            ),
            "card",
            card="scorpion",
            **{"from": target, "to": below},
        )
        if board.kind[target] == "pit":
            w.say(
                "PH-3-FALL",
                lambda d: f"player {d['seat']} fell through {d['from']}",
                "fall",
                **{"from": target, "to": below},
            )
            return end_move(w)
        w.remaining = max(0, w.remaining - 1)
        w.no_climb = below
        return run(w)
    clause = _ENTER_CLAUSE.get(card, "PH-3-CARD")
    w.say(
        clause,
        lambda d: (
            f"player {d['seat']} played {d['card'].title()} on "
            f"{OBSTACLE_NAMES.get(board.kind[d['space']], 'the scorpion')} {d['space']}"
        ),
        "card",
        card=CARDS[card],
        space=target,
    )
    if card == COBRA or card == FIRE:
        if not w.facedown:  # a house rule let it pass with no token left
            w.say(
                "PH-4-TREASURE",
                lambda d: (
                    f"no facedown treasure was left: player {d['seat']} "
                    "took nothing and went on (house rule)"
                ),
                "token",
            )
        elif take_token(w):
            return
    run(w)


def climb(w: Work) -> None:
    """Climb from under a pit trap to it; a Ladder card where it has no ladder
    (and under every pit trap where the house rule says so, PH-4-CLIMB)."""
    board = w.board
    above = board.up[w.pos]
    w.flush()
    if board.kind[above] == "pit" or w.house.climb_needs_card:
        w.play_card(LADDER)
        w.say(
            "PH-4-LADDER" if board.kind[above] == "pit" else "PH-4-CLIMB",
            lambda d: (
                f"player {d['seat']} played Ladder and climbed {d['from']} -> {d['to']}"
            ),
            "climb",
            card="ladder",
            **{"from": w.pos, "to": above},
        )
    else:
        w.say(
            "PH-4-CLIMB",
            lambda d: f"player {d['seat']} climbed the ladder {d['from']} -> {d['to']}",
            "climb",
            **{"from": w.pos, "to": above},
        )
    w.pos = w.seg_start = above
    w.remaining -= 1
    w.no_climb = ""
    run(w)


def reach_diamond(w: Work) -> None:
    """PH-7-DIAMOND: win with all three treasure kinds, else stop there."""
    w.flush()
    if all(w.treasure[w.to_move]):
        w.diamond = w.to_move
        w.phase = "over"
        w.say(
            "PH-7-DIAMOND", lambda d: f"player {d['seat']} took the diamond", "diamond"
        )
        w.say("PH-WIN", lambda d: f"player {d['seat']} won", "win", winner=w.to_move)
        return
    w.say(
        "PH-7-DIAMOND",
        lambda d: (
            f"player {d['seat']} reached the diamond space without all "
            "three treasures and stopped"
        ),
        "stop",
        space=w.pos,
    )
    end_move(w)


def place_scorpion(w: Work, space: str) -> None:
    """PH-6-MOVE / PH-6-HIT: put the scorpion down; opponents there are sent back."""
    was, w.scorpion = w.scorpion, space
    w.phase = "start"
    w.say(
        "PH-6-MOVE",
        lambda d: f"player {d['seat']} put the scorpion on {d['to']}",
        "scorpion",
        **{"from": was, "to": space},
    )
    back = hit_retreat(w.board, w.house, space)
    for seat, pos in enumerate(w.positions):
        if pos == space and seat != w.to_move:
            w.positions = put(w.positions, seat, back)
            if w.quiet:
                continue
            w.events.append(
                Event(
                    "PH-6-HIT",
                    _sent_back,
                    seat,
                    "hit",
                    data={"seat": seat, "from": space, "to": back},
                )
            )


def hit_retreat(board: PitfallBoard, house: Any, space: str) -> str:
    """PH-6-HIT: where a pawn the scorpion is put on goes: under the nearest pit
    trap behind it (``board.retreat``), or the riverboat by the house rule
    ``scorpion_sends_home``."""
    return board.riverboat if house.scorpion_sends_home else board.retreat[space]


def _rolled(d: dict) -> str:
    return f"player {d['seat']} rolled {d['roll']}"


def _sent_back(d: dict) -> str:
    return f"the scorpion sent player {d['seat']} back from {d['from']} to {d['to']}"


_ENTER_CLAUSE = {
    SCORPION: "PH-4-SCORPION-PASS",
    COBRA: "PH-4-TREASURE",
    FIRE: "PH-4-TREASURE",
}
"""The clause of a card played to enter a space, where it is not PH-3-CARD."""

_RESOLVE = {
    Roll: _roll,
    Direction: _direction,
    Play: _play,
    Decline: _decline,
    Climb: lambda w, action: climb(w),
    Stay: _stay,
    Give: _give,
    PlaceScorpion: lambda w, action: place_scorpion(w, action.space),
    Discard: lambda w, action: exchange_discard(w, action.cards),
    Swap: lambda w, action: exchange_swap(w, action.seat, action.cards),
}
"""The resolver of each action type (actions reach here already checked)."""
