"""Travel by die: the step-by-step walk and everything that happens on the way.

A move is walked one step at a time on a ``Work`` copy. Where more than one way is
open (a country, an intersection, a token with no direction memory) the walk stops
and the mover chooses with ``to ID``; forced steps are taken at once. On the way the
mover draws at unoccupied countries (RA-M-COUNTRY-CARD), robs players passed on
paths (RA-M-PASS-PLAYER), shows Passports at checkpoints (RA-M-CHECKPOINT) and may
win (RA-W-WIN); at the end come the landing rules (RA-M-LAND-PLAYER,
RA-M-CHECKPOINT-LAND, RA-M-INSTRUCTION).

Ruling for RA-M-OCCUPIED: a way whose every continuation ends on an occupied
country may not be chosen; when no way from the roll avoids that, the token does
not move and the turn is over.

Which ways are open depends only on the place, where the token came from, the steps
left and the occupied countries near enough to matter, so ``options`` memoises it
per game (``tables.Tables``); ``tests/test_raiders_memo.py`` checks it against a
plain walk.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core import Event
from tabletop.games.raiders import turns
from tabletop.games.raiders.cards import (
    ARK,
    MAP,
    PASSPORT,
    STAFF,
    card_name,
    has_keys,
)
from tabletop.games.raiders.state import Work
from tabletop.games.raiders.tables import countries_near, remember

if TYPE_CHECKING:
    from tabletop.games.raiders.rules import Raiders


def occupied_countries(positions: list[str] | tuple[str, ...], me: int,
                       kind: dict) -> frozenset[str]:
    """Countries where a player other than ``me`` stands."""
    return frozenset(
        at for q, at in enumerate(positions) if q != me and kind.get(at) == "country"
    )


def occupied(g: Raiders, positions: list[str] | tuple[str, ...], me: int) -> int:
    """``occupied_countries`` as a bit set (``Tables.bit``): cheap to hash and to
    compare in the memo keys below."""
    bit = g.tables.bit.get
    mask = 0
    for at in positions:
        mask |= bit(at, 0)
    mine = bit(positions[me], 0)
    if mine and positions.count(positions[me]) == 1:
        mask ^= mine  # nobody else stands on the mover's country
    return mask


def step_options(g: Raiders, loc: str, prev: str, at_start: bool,
                 occ: int) -> tuple[str, ...]:
    """Where a token on ``loc`` that came from ``prev`` may step next.

    At the start of a move a country (RA-M-DIRECTION) or a token with no memory
    may go any way; on the way an unoccupied country allows any way back
    included (RA-M-UNOCCUPIED); elsewhere only forward (RA-M-FORWARD).
    """
    adj = g.tables.adjacent[loc]
    if loc in g.tables.countries:
        if at_start or not g.tables.bit[loc] & occ:
            return adj
    elif at_start and not prev:
        return adj
    return tuple([n for n in adj if n != prev])


def goal_bit(g: Raiders, hand, ark: str) -> int:
    """The Ark's country as a bit (``Tables.bit``) when ``hand`` holds the three key
    cards, else 0: entering that country ends a move with a win (RA-W-WIN)."""
    if ark and ARK in hand and STAFF in hand and MAP in hand:
        return g.tables.bit[ark]
    return 0


def stops_at(g: Raiders, came: str, nxt: str, left: int, goal: int) -> bool:
    """True when a step from ``came`` to ``nxt`` with ``left`` steps still to go
    ends the move there whatever comes after: a win in the Ark's country, or a
    checkpoint met along its arrow (without a Passport the token stops there; with
    one it goes on only where the rest of the move can end off an occupied country,
    RA-M-OCCUPIED ruling)."""
    if goal and g.tables.bit.get(nxt, 0) & goal:
        return True
    arrow = g.tables.checkpoints.get(nxt)
    return left > 0 and arrow is not None and arrow != came


def can_finish(g: Raiders, loc: str, prev: str, steps: int, occ: int,
               goal: int = 0) -> bool:
    """True if some way of walking ``steps`` more steps from ``loc`` (reached from
    ``prev``) does not end on an occupied country (RA-M-OCCUPIED): the move is made
    step by step, so a checkpoint or a win that ends it earlier counts as an end."""
    key = (loc, prev, steps, occ, goal)
    found = g.finish_cache.get(key)
    if found is None:
        if steps == 0:
            found = not g.tables.bit.get(loc, 0) & occ
        else:
            found = False
            for n in step_options(g, loc, prev, False, occ):
                if stops_at(g, loc, n, steps - 1, goal) or can_finish(
                    g, n, loc, steps - 1, occ, goal
                ):
                    found = True
                    break
        if len(g.finish_cache) > 200_000:
            g.finish_cache.clear()
        g.finish_cache[key] = found
    return found


def choices(g: Raiders, s, p: int) -> tuple[str, ...]:
    """The next steps the mover may choose (used by legal actions and the walk)."""
    return options(g, s.positions[p], s.prev[p], len(s.route) <= 1, s.steps,
                   occupied(g, s.positions, p), goal_bit(g, s.hands[p], s.ark))


def options(g: Raiders, loc: str, prev: str, at_start: bool, steps: int,
            occ: int, goal: int = 0) -> tuple[str, ...]:
    """The next steps from ``loc`` (reached from ``prev``) with ``steps`` to go
    that can still end the move off occupied countries (``goal``: see
    ``goal_bit``).

    Memoised twice: on the whole key, and on the occupied countries within
    ``steps`` of ``loc`` (the only ones a walk of that length can meet), so that
    moves far from the other tokens share their answers.
    """
    tables = g.tables
    key = (loc, prev, at_start, steps, occ, goal)
    found = tables.options.get(key)
    if found is None:
        reach = tables.near.get((loc, steps)) or countries_near(tables, loc, steps)
        near, aim = occ & reach, goal & reach
        local = (loc, prev, at_start, steps, near, aim)
        found = tables.local_options.get(local)
        if found is None:
            found = remember(tables.local_options, local, tuple([
                n for n in step_options(g, loc, prev, at_start, near)
                if stops_at(g, loc, n, steps - 1, aim)
                or can_finish(g, n, loc, steps - 1, near, aim)
            ]))
        remember(tables.options, key, found)
    return found


def start_move(g: Raiders, w: Work, value: int) -> None:
    """Begin a move of ``value`` steps for the player to move (RA-M-ROLL)."""
    p = w.player
    w.steps, w.route, w.passed = value, [w.positions[p]], []
    w.route_prev = w.prev[p]
    occ = occupied(g, w.positions, p)
    goal = goal_bit(g, w.hands[p], w.ark)
    ways = options(g, w.positions[p], w.prev[p], True, value, occ, goal)
    if not ways:
        w.emit("RA-M-OCCUPIED", f"player {p} cannot use the {value}: every way ends "
               "on an occupied country, so the token stays and the turn is over",
               p, "blocked")
        turns.end_turn(g, w)
        return
    walk(g, w, occ, ways)


def walk(g: Raiders, w: Work, occ: int | None = None,
         ways: tuple[str, ...] | None = None) -> None:
    """Take forced steps until a choice is needed or the move ends (``occ``: the
    countries the others occupy, which do not change during a move; ``ways``:
    the options from here, when known)."""
    p = w.player
    if occ is None:
        occ = occupied(g, w.positions, p)
    positions, prev, route = w.positions, w.prev, w.route
    known = g.tables.options.get
    while w.steps > 0:
        if ways is None:
            key = (positions[p], prev[p], len(route) <= 1, w.steps, occ,
                   goal_bit(g, w.hands[p], w.ark))
            ways = known(key)
            if ways is None:
                ways = options(g, *key)
        if len(ways) != 1:
            w.phase = "move"
            return
        if not take_step(g, w, ways[0], occ):
            return
        ways = None
    finish_landing(g, w)


def take_step(g: Raiders, w: Work, nxt: str, occ: int) -> bool:
    """One step to ``nxt``; False when the move ended on the way."""
    p = w.player
    positions = w.positions
    loc = positions[p]
    tables = g.tables
    countries = tables.countries
    if len(w.route) > 1 and loc not in countries and positions.count(loc) > 1:
        for q in w.others_at(loc, p):
            if q not in w.passed:
                w.passed.append(q)
                turns.take_random(g, w, p, q, "RA-M-PASS-PLAYER")
    w.prev[p], w.positions[p] = loc, nxt
    w.route.append(nxt)
    w.steps -= 1
    event = tables.events.get(("step", p, nxt))
    if event is None:  # events are values: one instance serves every step
        event = tables.events["step", p, nxt] = Event(
            "RA-M-ROLL", f"player {p} moves to {nxt}", p, "step"
        )
    w.events.append(event)
    if nxt in countries:
        if not tables.bit[nxt] & occ:
            turns.draw(g, w, p, "RA-M-COUNTRY-CARD", f"in {nxt}")
        if nxt == w.ark and has_keys(w.hands[p]):
            turns.win(w, p, f"reached the Ark's country {nxt} with the three cards")
            return False
    arrow = tables.checkpoints.get(nxt)
    if arrow is not None and arrow != loc and w.steps > 0:
        return _checkpoint(g, w, nxt, loc, occ)
    return True


def _checkpoint(g: Raiders, w: Work, here: str, came: str, occ: int) -> bool:
    """RA-M-CHECKPOINT on the way: a Passport to go on, else stop and lose the next
    turn. RA-M-OCCUPIED ruling: a token whose every way on would end on an occupied
    country stops here too (keeping its Passport, and its next turn)."""
    p = w.player
    if PASSPORT not in w.hands[p]:
        w.skips[p] += 1
        w.steps = 0
        w.emit("RA-M-CHECKPOINT", f"player {p} has no Passport: stopped at "
               f"checkpoint {here} and loses the next turn", p, "checkpoint")
        turns.end_turn(g, w)
        return False
    if not options(g, here, came, False, w.steps, occ,
                   goal_bit(g, w.hands[p], w.ark)):
        w.steps = 0
        w.emit("RA-M-OCCUPIED", f"player {p} stops at checkpoint {here}: every way "
               "on would end on an occupied country", p, "blocked")
        turns.end_turn(g, w)
        return False
    turns.lose_card(w, p, PASSPORT)
    w.emit("RA-M-CHECKPOINT", f"player {p} shows a Passport at checkpoint "
           f"{here} and goes on", p, "passport")
    return True


def choose_step(g: Raiders, w: Work, nxt: str) -> None:
    """The mover chose the next step (``to ID``): take it and walk on."""
    occ = occupied(g, w.positions, w.player)
    if take_step(g, w, nxt, occ):
        walk(g, w, occ)


def finish_landing(g: Raiders, w: Work) -> None:
    """The move ended by exact count: players landed on first (RA-M-LAND-PLAYER)."""
    p = w.player
    loc = w.positions[p]
    if loc not in g.tables.countries:
        others = w.others_at(loc, p)
        if others:
            w.landed = others
            w.phase = "land"
            return
    complete_landing(g, w)


def complete_landing(g: Raiders, w: Work) -> None:
    """Checkpoint debt, then the space's instruction, then the end of the turn."""
    p = w.player
    loc = w.positions[p]
    tables = g.tables
    if loc in tables.countries:
        w.prev[p] = ""
    arrow = tables.checkpoints.get(loc)
    if arrow is not None and arrow != w.prev[p]:
        w.owes[p] = True
        w.emit("RA-M-CHECKPOINT-LAND", f"player {p} landed on checkpoint {loc}: a "
               "Passport is due at the start of the next turn", p, "checkpoint")
    instruction = tables.instructions.get(loc)
    if instruction is None:
        turns.end_turn(g, w)
    else:
        follow_instruction(g, w, instruction)


def follow_instruction(g: Raiders, w: Work, ins) -> None:
    """RA-M-INSTRUCTION: do what the space says (effects from the board file)."""
    p = w.player
    loc = w.positions[p]
    w.emit("RA-M-INSTRUCTION", f"player {p} lands on {loc}: {ins.text}", p,
           "instruction")
    effect = ins.effect
    if effect == "lose_turn":
        w.skips[p] += 1
    elif effect == "draw":
        turns.draw(g, w, p, "RA-M-INSTRUCTION", f"on {loc}")
    elif effect == "discard" and w.hands[p]:
        hand = sorted(w.hands[p])
        index, w.rng = w.rng.below(len(hand))
        turns.lose_card(w, p, hand[index])
        w.emit("RA-M-INSTRUCTION", f"player {p} discards {card_name(hand[index])}",
               p, "discard")
    elif effect == "back":
        move_back(g, w, ins.count)
    elif effect == "roll_again":
        value, w.rng = w.rng.roll()
        w.emit("RA-M-INSTRUCTION", f"player {p} rolls again: {value}", p, "roll")
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
    p = w.player
    trail = behind(g, w.route, w.route_prev, count + 2)
    target = min(count, len(trail) - 1)
    occ = occupied(g, w.positions, p)
    bit = g.tables.bit
    if target and bit.get(trail[target], 0) & occ:
        target -= 1
    if target == 0:
        w.emit("RA-M-INSTRUCTION", f"player {p} cannot move back: the way back "
               "ends on an occupied country", p, "move")
        return
    dest = trail[target]
    w.positions[p] = dest
    if dest in g.tables.countries:
        w.prev[p] = ""
    elif target + 1 < len(trail):
        w.prev[p] = trail[target + 1]
    elif target == len(w.route) - 1:
        w.prev[p] = w.route_prev  # back at the start: the memory it started with
    else:
        w.prev[p] = ""
    w.emit("RA-M-INSTRUCTION", f"player {p} moves back to {dest}", p, "move")


def behind(g: Raiders, route, route_prev: str, length: int) -> list[str]:
    """Up to ``length`` places from the token's place backwards: this move's route
    reversed, then on along the path the move began on, away from the move (from an
    intersection start: the way it had come, ``route_prev``), ending where that
    path ends (a country or an intersection)."""
    trail = list(reversed(route))[:length]
    kind = g.kinds
    adjacent = g.tables.adjacent
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
