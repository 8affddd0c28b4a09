"""The turn machine: what an already-checked action does to a Raiders state.

``resolve(game, state, action)`` returns the next state and its events: placing,
flying, ambushes and hostages, checkpoint debts and the turn cycle are in
``turns.py``; travel by die is here.

A move is walked one step at a time on a ``Work`` copy. Where more than one way is
open (a country, an intersection, a token with no direction memory) the walk stops
and the mover chooses with ``to ID``; forced steps are taken at once. On the way the
mover draws at unoccupied countries (RA-M-COUNTRY-CARD), robs players passed on
paths (RA-M-PASS-PLAYER), shows Passports at checkpoints (RA-M-CHECKPOINT) and may
win (RA-W-WIN); at the end come the landing rules (RA-M-LAND-PLAYER,
RA-M-CHECKPOINT-LAND, RA-M-INSTRUCTION).

RA-M-OCCUPIED: a way whose every continuation ends on an occupied country may not be
chosen; when no way from the roll avoids that, the token does not move and the turn
is over. The move is made step by step, so whatever ends it earlier counts as an
end: a checkpoint met along its arrow by a token with no Passport left to pay, or a
win passing through the Ark's country (RA-W-WIN). A Passport held pays the
checkpoint and the walk goes on, so it is no end; and the last step of a roll onto
the Ark's country is a landing like any other, not made when the country is
occupied.

Occupied countries are held as a bit set (``RaidersBoard.bit``), cheap to test.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core import Event
from tabletop.games.raiders import turns
from tabletop.games.raiders.actions import (
    Air,
    Ambush,
    FlyCountry,
    Hostage,
    Leave,
    LoseTurn,
    Place,
    Roll,
    Send,
    ShowPassport,
    Step,
)
from tabletop.games.raiders.cards import ARK, MAP, PASSPORT, STAFF, has_keys
from tabletop.games.raiders.work import Work

if TYPE_CHECKING:
    from tabletop.games.raiders.rules import Raiders
    from tabletop.games.raiders.state import RaidersState


# -- which ways are open ------------------------------------------------------------
def occupied(g: Raiders, positions, me: int) -> int:
    """The countries where a player other than ``me`` stands, as a bit set."""
    bit = g.board.bit.get
    mask = 0
    for at in positions:
        mask |= bit(at, 0)
    here = positions[me]
    mine = bit(here, 0)
    if mine and positions.count(here) == 1:
        mask ^= mine  # nobody else stands on the mover's country
    return mask


def goal_bit(g: Raiders, hand, ark: str) -> int:
    """The Ark's country as a bit when ``hand`` holds the three key cards, else 0:
    entering that country ends a move with a win (RA-W-WIN). Under the house rule
    ``win_by_landing`` passing through wins nothing, so no step ends there early:
    0."""
    if g.house.win_by_landing:
        return 0
    if ark and ARK in hand and STAFF in hand and MAP in hand:
        return g.board.bit[ark]
    return 0


def step_options(
    g: Raiders, loc: str, prev: str, at_start: bool, occ: int
) -> tuple[str, ...]:
    """Where a token on ``loc`` that came from ``prev`` may step next.

    At the start of a move a country (RA-M-DIRECTION) or a token with no memory
    may go any way; on the way an unoccupied country allows any way, back
    included (RA-M-UNOCCUPIED); elsewhere only forward (RA-M-FORWARD).
    """
    board = g.board
    bit = board.bit.get(loc)
    if bit is not None:
        if at_start or not bit & occ:
            return board.adjacent[loc]
    elif at_start and not prev:
        return board.adjacent[loc]
    ways = board.forward.get((loc, prev))  # None for a token with no memory
    return board.adjacent[loc] if ways is None else ways


def passports(hand) -> int:
    """How many Passports ``hand`` holds: the checkpoints a walk can pay for."""
    return hand.count(PASSPORT)


LENIENT = -1
"""A Passport count meaning "every checkpoint met along its arrow ends the walk":
the fallback of a move whose mover gained a Passport on the way (``ways_from``)."""


def stops_at(g: Raiders, came: str, nxt: str, left: int, goal: int, pp: int) -> bool:
    """True when a step from ``came`` to ``nxt`` with ``left`` steps still to go
    ends the move there whatever comes after: a win passing through the Ark's
    country (RA-W-WIN; the last step onto it is a landing, RA-M-OCCUPIED), or a
    checkpoint met along its arrow by a token with no Passport left to pay
    (``pp``, RA-M-CHECKPOINT)."""
    if left > 0:
        board = g.board
        if goal and board.bit.get(nxt, 0) & goal:
            return True
        arrow = board.checkpoints.get(nxt)
        return arrow is not None and arrow != came and pp <= 0
    return False


def can_finish(
    g: Raiders, loc: str, prev: str, steps: int, occ: int, goal: int, pp: int
) -> bool:
    """True if some way of walking ``steps`` more steps from ``loc`` (reached from
    ``prev``) with ``pp`` Passports does not end on an occupied country
    (RA-M-OCCUPIED): a depth-first walk that stops at the first such way."""
    if steps == 0:
        return not g.board.bit.get(loc, 0) & occ
    if not occ & g.board.near[loc, steps]:
        return True
    for n in step_options(g, loc, prev, False, occ):
        if way_open(g, loc, n, steps, occ, goal, pp):
            return True
    return False


def way_open(
    g: Raiders, loc: str, nxt: str, steps: int, occ: int, goal: int, pp: int
) -> bool:
    """True when stepping from ``loc`` to ``nxt`` with ``steps`` to walk and ``pp``
    Passports in hand can end the move off an occupied country (RA-M-OCCUPIED): a
    checkpoint met along its arrow stops a token with no Passport left there and
    costs one otherwise (RA-M-CHECKPOINT). Most walks meet no occupied country at
    all (``RaidersBoard.near``) and need no search."""
    left = steps - 1
    if not occ & g.board.near[nxt, left] or stops_at(g, loc, nxt, left, goal, pp):
        return True
    if left > 0 and pp > 0:
        arrow = g.board.checkpoints.get(nxt)
        if arrow is not None and arrow != loc:
            pp -= 1
    return can_finish(g, nxt, loc, left, occ, goal, pp)


def ways_now(g: Raiders, s: RaidersState) -> tuple[str, ...]:
    """The open ways of the move in progress in ``s``, computed afresh (what
    ``s.ways`` must hold; used by positions and invariants)."""
    p = s.to_move
    return tuple(
        ways_from(
            g,
            s.positions[p],
            s.prev[p],
            len(s.route) <= 1,
            s.steps,
            occupied(g, s.positions, p),
            s.hands[p],
            s.ark,
        )
    )


def ways_from(
    g: Raiders,
    loc: str,
    prev: str,
    at_start: bool,
    steps: int,
    occ: int,
    hand,
    ark: str,
) -> list[str]:
    """The next steps a mover holding ``hand`` may take (RA-M-OCCUPIED).

    The ways whose walk can end off an occupied country, paying checkpoints with
    the Passports held. When there are none at the start of a move, the move is not
    made (``start_move`` asks ``open_ways`` itself). Mid-move none can be left only
    after a Passport was gained on the way (drawn, or taken from a player passed);
    then the ways are those that end at the next checkpoint met along its arrow,
    where the token stops (``_checkpoint``). The same fallback gives a world
    sampled for another seat (``views.determinize``), whose mover holds other
    cards, ways to choose from."""
    goal = goal_bit(g, hand, ark)
    ways = open_ways(g, loc, prev, at_start, steps, occ, goal, passports(hand))
    if not ways:
        ways = open_ways(g, loc, prev, at_start, steps, occ, goal, LENIENT)
    return ways


def open_ways(
    g: Raiders,
    loc: str,
    prev: str,
    at_start: bool,
    steps: int,
    occ: int,
    goal: int,
    pp: int,
) -> list[str]:
    """The next steps that can still end the move off occupied countries, for a
    mover with ``pp`` Passports (``LENIENT``: every checkpoint ends the move)."""
    return [
        n
        for n in step_options(g, loc, prev, at_start, occ)
        if way_open(g, loc, n, steps, occ, goal, pp)
    ]


def step_events(board, players: int) -> dict[tuple[int, str, str], Event]:
    """The event of every step a token can take, by (seat, from, to): events are
    values, so a game builds them once (the most frequent event of all). Nobody
    changes an event's ``data``: these are shared."""
    return {
        (p, a, b): Event(
            "RA-M-ROLL",
            f"player {p} moved to {b}",
            p,
            "step",
            data={"seat": p, "from": a, "to": b},
        )
        for p in range(players)
        for a, nbrs in board.adjacent.items()
        for b in nbrs
    }


# -- the walk -----------------------------------------------------------------------
def start_move(g: Raiders, w: Work, value: int) -> None:
    """Begin a move of ``value`` steps for the player to move (RA-M-ROLL)."""
    p = w.to_move
    w.steps, w.route, w.passed = value, (w.positions[p],), ()
    w.route_prev = w.prev[p]
    occ = occupied(g, w.positions, p)
    hand = w.hands[p]
    goal = goal_bit(g, hand, w.ark)
    ways = open_ways(
        g, w.positions[p], w.prev[p], True, value, occ, goal, passports(hand)
    )
    if not ways:
        w.emit(
            "RA-M-OCCUPIED",
            lambda d: (
                f"player {d['seat']} could not use the {d['roll']}: every way ended on "
                "an occupied country, so the token stayed and the turn was over"
            ),
            p,
            "blocked",
            data={"seat": p, "roll": value, "at": w.positions[p]},
        )
        turns.end_turn(g, w)
        return
    walk(g, w, occ, ways)


def walk(g: Raiders, w: Work, occ: int, ways: list[str] | None = None) -> None:
    """Take forced steps until a choice is needed or the move ends (``occ``: the
    countries the others occupy, which do not change during a move; ``ways``:
    the open ways from here, when known).

    Once a way is chosen, a forced step (one way on) needs no RA-M-OCCUPIED check:
    the way was open, and the Ark's country only adds ends as cards come in; a
    Passport that comes in is dealt with at the checkpoint (``_checkpoint``)."""
    p = w.to_move
    positions, prev = w.positions, w.prev
    board = g.board
    while w.steps > 0:
        if ways is None:
            loc = positions[p]
            if loc in board.bit:
                ways = step_options(g, loc, prev[p], False, occ)
            else:  # step_options off a country, written out (the usual step)
                ways = board.forward.get((loc, prev[p]))
                if ways is None:
                    ways = board.adjacent[loc]
            if len(ways) > 1:
                ways = ways_from(
                    g, loc, prev[p], False, w.steps, occ, w.hands[p], w.ark
                )
        if len(ways) != 1:
            w.phase = "move"
            w.ways = tuple(ways)
            return
        if not take_step(g, w, ways[0], occ):
            return
        ways = None
    finish_landing(g, w)


def take_step(g: Raiders, w: Work, nxt: str, occ: int) -> bool:
    """One step to ``nxt``; False when the move ended on the way."""
    p = w.to_move
    positions = w.positions
    loc = positions[p]
    board = g.board
    bit = board.bit
    if len(w.route) > 1 and loc not in bit and positions.count(loc) > 1:
        for q in w.others_at(loc, p):
            if q not in w.passed:
                w.passed = (*w.passed, q)
                turns.take_random(g, w, p, q, "RA-M-PASS-PLAYER")
    w.prev[p], positions[p] = loc, nxt
    w.route = (*w.route, nxt)
    w.steps -= 1
    w.events.append(g.step_events[p, loc, nxt])
    country = bit.get(nxt)
    if country is not None:
        if not country & occ:
            turns.draw(g, w, p, "RA-M-COUNTRY-CARD", f"in {nxt}")
        if nxt == w.ark and has_keys(w.hands[p]):
            if not g.house.win_by_landing:
                turns.win(w, p, f"reached the Ark's country {nxt} with the three cards")
                return False
            if w.steps == 0:  # the house rule: a move must end there
                turns.win(w, p, f"ended the move in the Ark's country {nxt}")
                return False
    elif w.steps > 0:
        arrow = board.checkpoints.get(nxt)
        if arrow is not None and arrow != loc:
            return _checkpoint(g, w, nxt, loc, occ)
    return True


def _checkpoint(g: Raiders, w: Work, here: str, came: str, occ: int) -> bool:
    """RA-M-CHECKPOINT on the way: a Passport to go on, else stop and lose the next
    turn. The ways were chosen so that going on can end off an occupied country
    (RA-M-OCCUPIED); only a Passport gained during this move can leave every way
    on blocked, and then the rest of the move is not made: the token stops here,
    keeping its Passport and its next turn (``ways_from``)."""
    p = w.to_move
    hand = w.hands[p]
    if PASSPORT not in hand:
        turns.miss_turn(g, w, p)
        w.steps = 0
        w.emit(
            "RA-M-CHECKPOINT",
            lambda d: (
                f"player {d['seat']} had no Passport: stopped at checkpoint "
                f"{d['at']} and will miss the next turn"
            ),
            p,
            "checkpoint",
            data={"seat": p, "at": here},
        )
        turns.end_turn(g, w)
        return False
    goal = goal_bit(g, hand, w.ark)
    if not open_ways(g, here, came, False, w.steps, occ, goal, passports(hand) - 1):
        w.steps = 0
        w.emit(
            "RA-M-OCCUPIED",
            lambda d: (
                f"player {d['seat']} stopped at checkpoint {d['at']}: every way "
                "on would have ended on an occupied country"
            ),
            p,
            "blocked",
            data={"seat": p, "at": here},
        )
        turns.end_turn(g, w)
        return False
    turns.lose_card(g, w, p, PASSPORT)
    w.events.append(g.seat_events["passport", p, here])
    return True


def choose_step(g: Raiders, w: Work, nxt: str) -> None:
    """The mover chose the next step (``to ID``): take it and walk on."""
    occ = occupied(g, w.positions, w.to_move)
    w.ways = ()
    if take_step(g, w, nxt, occ):
        walk(g, w, occ)


# -- the landing --------------------------------------------------------------------
def finish_landing(g: Raiders, w: Work) -> None:
    """The move ended by exact count: players landed on first (RA-M-LAND-PLAYER)."""
    p = w.to_move
    loc = w.positions[p]
    if loc not in g.board.bit and w.positions.count(loc) > 1:
        others = w.others_at(loc, p)
        if others:
            w.landed = others
            w.phase = "land"
            return
    complete_landing(g, w)


def send(g: Raiders, w: Work, victim: int, to: str | None) -> None:
    """RA-M-LAND-PLAYER: the mover sends the player landed on to ``to`` (None:
    leaves them); after the last one, the landing completes."""
    p = w.to_move
    if to is None:
        w.emit(
            "RA-M-LAND-PLAYER",
            lambda d: f"player {d['seat']} left player {d['victim']} where they stood",
            p,
            "leave",
            data={"seat": p, "victim": victim},
        )
    else:
        was = w.positions[victim]
        w.positions[victim], w.prev[victim] = to, ""
        w.put("owes", victim, False)
        w.emit(
            "RA-M-LAND-PLAYER",
            lambda d: f"player {d['seat']} sent player {d['victim']} to {d['to']}",
            p,
            "send",
            data={"seat": p, "victim": victim, "from": was, "to": to},
        )
        turns.put_in_country(g, w, victim, to, "RA-M-LAND-PLAYER")
    w.landed = w.landed[1:]
    if not w.landed:
        complete_landing(g, w)


def complete_landing(g: Raiders, w: Work) -> None:
    """Checkpoint debt, then the space's instruction, then the end of the turn."""
    p = w.to_move
    loc = w.positions[p]
    board = g.board
    if loc in board.bit:
        w.prev[p] = ""
    arrow = board.checkpoints.get(loc)
    if arrow is not None and arrow != w.prev[p]:
        w.put("owes", p, True)
        w.events.append(g.seat_events["owes", p, loc])
    instruction = board.instructions.get(loc)
    if instruction is None:
        turns.end_turn(g, w)
    else:
        follow_instruction(g, w, instruction)


def follow_instruction(g: Raiders, w: Work, ins) -> None:
    """RA-M-INSTRUCTION: do what the space says (effects from the board file)."""
    p = w.to_move
    loc = w.positions[p]
    effect = ins.effect
    w.events.append(g.seat_events["instruction", p, loc])
    if effect == "lose_turn":
        turns.miss_turn(g, w, p)
    elif effect == "draw":
        turns.draw(g, w, p, "RA-M-INSTRUCTION", f"on {loc}")
    elif effect == "discard" and w.hands[p]:
        turns.discard_random(g, w, p)
    elif effect == "back":
        move_back(g, w, ins.count)
    elif effect == "roll_again":
        value, w.rng = w.rng.roll()
        w.emit(
            "RA-M-INSTRUCTION",
            lambda d: f"player {d['seat']} rolled again: {d['roll']}",
            p,
            "roll",
            data={"seat": p, "roll": value},
        )
        start_move(g, w, value)
        return
    turns.end_turn(g, w)


def move_back(g: Raiders, w: Work, count: int) -> None:
    """RA-M-INSTRUCTION ruling: ``count`` places back along the way the token came,
    retracing this move and then further back along the path it arrived by (a
    path ends at a country or an intersection). Moving back is not travel: no
    cards, checkpoints or instructions. It never ends on an occupied country (it
    stops on the place before it); a token moved back keeps the direction it was
    travelling in (RA-M-DIRECTION)."""
    p = w.to_move
    trail = behind(g, w.route, w.route_prev, count + 2)
    target = min(count, len(trail) - 1)
    if target and g.board.bit.get(trail[target], 0) & occupied(g, w.positions, p):
        target -= 1
    if target == 0:
        w.emit(
            "RA-M-INSTRUCTION",
            lambda d: (
                f"player {d['seat']} could not move back: the way back ended on an "
                "occupied country"
            ),
            p,
            "back",
            data={"seat": p, "from": w.positions[p], "to": w.positions[p]},
        )
        return
    here, dest = w.positions[p], trail[target]
    w.positions[p] = dest
    if dest in g.board.bit:
        w.prev[p] = ""
    elif target + 1 < len(trail):
        w.prev[p] = trail[target + 1]
    elif target == len(w.route) - 1:
        w.prev[p] = w.route_prev  # back at the start: the memory it started with
    else:
        w.prev[p] = ""
    w.emit(
        "RA-M-INSTRUCTION",
        lambda d: f"player {d['seat']} moved back to {d['to']}",
        p,
        "back",
        data={"seat": p, "from": here, "to": dest},
    )


def behind(g: Raiders, route, route_prev: str, length: int) -> list[str]:
    """Up to ``length`` places from the token's place backwards: this move's route
    reversed, then on along the path the move began on, away from the move (from an
    intersection start: the way it had come, ``route_prev``), ending where that
    path ends (a country or an intersection)."""
    trail = list(reversed(route))[:length]
    kind = g.board.kind
    adjacent = g.board.adjacent
    here = route[0]
    ahead = route[1] if len(route) > 1 else ""
    if kind[here] == "intersection":
        nxt = route_prev
    elif kind[here] == "space":
        nxt = next((n for n in adjacent[here] if n != ahead), "")
    else:
        nxt = ""
    while nxt and len(trail) < length:
        trail.append(nxt)
        if kind[nxt] != "space":
            break
        here, nxt = nxt, next((n for n in adjacent[nxt] if n != here), "")
    return trail


# -- resolving an action ------------------------------------------------------------
def resolve(
    game: Raiders, s: RaidersState, action: object, quiet: bool = False
) -> tuple[RaidersState, tuple[Event, ...]]:
    """Resolve a legal action: the next state and the events, in order (none when
    ``quiet``: the same rules, no event recorded)."""
    w = Work(s, quiet)
    _RESOLVE[type(action)](game, w, action)
    return w.freeze(), tuple(w.events)


def _roll(g: Raiders, w: Work, a: Roll | Air) -> None:
    start_move(g, w, turns.roll_die(g, w, isinstance(a, Air)))


_RESOLVE = {
    Place: lambda g, w, a: turns.place(g, w, a.country),
    Roll: _roll,
    Air: _roll,
    FlyCountry: lambda g, w, a: turns.fly(g, w, a.country),
    Ambush: lambda g, w, a: turns.ambush(g, w, a.victim),
    Hostage: lambda g, w, a: turns.hostage(g, w, a.victim, a.to),
    Step: lambda g, w, a: choose_step(g, w, a.to),
    Send: lambda g, w, a: send(g, w, a.victim, a.to),
    Leave: lambda g, w, a: send(g, w, a.victim, None),
    ShowPassport: lambda g, w, a: turns.show_passport(g, w),
    LoseTurn: lambda g, w, a: turns.refuse_passport(g, w),
}
"""What each action class does (``resolve``); the action has been checked."""
