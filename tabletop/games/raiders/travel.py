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
from tabletop.games.raiders.cards import PASSPORT, card_name, has_keys
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


def can_finish(g: Raiders, loc: str, prev: str, steps: int, occ: int) -> bool:
    """True if some way of walking ``steps`` more steps from ``loc`` (reached from
    ``prev``) does not end on an occupied country (RA-M-OCCUPIED)."""
    key = (loc, prev, steps, occ)
    found = g.finish_cache.get(key)
    if found is None:
        if steps == 0:
            found = not g.tables.bit.get(loc, 0) & occ
        else:
            found = False
            for n in step_options(g, loc, prev, False, occ):
                if can_finish(g, n, loc, steps - 1, occ):
                    found = True
                    break
        if len(g.finish_cache) > 200_000:
            g.finish_cache.clear()
        g.finish_cache[key] = found
    return found


def choices(g: Raiders, positions, prev, route, steps: int,
            p: int) -> tuple[str, ...]:
    """The next steps the mover may choose (used by legal actions and the walk)."""
    return options(g, positions[p], prev[p], len(route) <= 1, steps,
                   occupied(g, positions, p))


def options(g: Raiders, loc: str, prev: str, at_start: bool, steps: int,
            occ: int) -> tuple[str, ...]:
    """The next steps from ``loc`` (reached from ``prev``) with ``steps`` to go
    that can still end the move off occupied countries.

    Memoised twice: on the whole key, and on the occupied countries within
    ``steps`` of ``loc`` (the only ones a walk of that length can meet), so that
    moves far from the other tokens share their answers.
    """
    tables = g.tables
    key = (loc, prev, at_start, steps, occ)
    found = tables.options.get(key)
    if found is None:
        near = occ & (tables.near.get((loc, steps))
                      or countries_near(tables, loc, steps))
        local = (loc, prev, at_start, steps, near)
        found = tables.local_options.get(local)
        if found is None:
            found = remember(tables.local_options, local, tuple([
                n for n in step_options(g, loc, prev, at_start, near)
                if can_finish(g, n, loc, steps - 1, near)
            ]))
        remember(tables.options, key, found)
    return found


def start_move(g: Raiders, w: Work, value: int) -> None:
    """Begin a move of ``value`` steps for the player to move (RA-M-ROLL)."""
    p = w.player
    w.steps, w.route, w.passed = value, [w.positions[p]], []
    occ = occupied(g, w.positions, p)
    ways = options(g, w.positions[p], w.prev[p], True, value, occ)
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
            key = (positions[p], prev[p], len(route) <= 1, w.steps, occ)
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
        if PASSPORT in w.hands[p]:
            turns.lose_card(w, p, PASSPORT)
            w.emit("RA-M-CHECKPOINT", f"player {p} shows a Passport at checkpoint "
                   f"{nxt} and goes on", p, "passport")
        else:
            w.skips[p] += 1
            w.steps = 0
            w.emit("RA-M-CHECKPOINT", f"player {p} has no Passport: stopped at "
                   f"checkpoint {nxt} and loses the next turn", p, "checkpoint")
            turns.end_turn(g, w)
            return False
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
    """Retrace this move's route ``count`` places (never onto an occupied country);
    moving back is not travel: no cards, checkpoints or instructions."""
    p = w.player
    occ = occupied(g, w.positions, p)
    route = w.route
    target = max(0, len(route) - 1 - count)
    bit = g.tables.bit
    while target < len(route) - 1 and bit.get(route[target], 0) & occ:
        target += 1
    if target == len(route) - 1:
        return
    w.positions[p] = route[target]
    w.prev[p] = route[target - 1] if target > 0 else ""
    if g.kinds[route[target]] == "country":
        w.prev[p] = ""
    w.emit("RA-M-INSTRUCTION", f"player {p} moves back to {route[target]}", p, "move")
