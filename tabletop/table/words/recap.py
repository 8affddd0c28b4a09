"""How the other seats' turns are told: the recap ("What just happened").

A turn is one line, ``(who, what)``, built from the events as the viewer may read
them (the look's ``event_line``): a seat's consecutive steps make one turn, a
walk of several spaces reads as where it ended, a turn another seat misses is that
seat's own line, and a long turn is cut to what changed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tabletop.core.viewers import PUBLIC

RECAP_TURNS = 6  # the recap tells at most this many turns
RECAP_PHRASES = 4  # a turn's line in the recap that would say more is cut to this


def recap_turns(
    look: Any,
    steps: Sequence[Any],
    eyes: Any,
    line: Callable[[Any, Any], str] | None = None,
) -> list[tuple[str, str]]:
    """What the other seats just did, one ``(who, what)`` per turn (at most
    ``RECAP_TURNS``, the latest), as ``eyes`` may read it: ``eyes``' own turns are
    left out, a seat's consecutive steps make one turn, a turn another seat
    misses because of them is that seat's line (``missed_turns_apart``; also when
    ``eyes`` made it miss), and a walk of several spaces reads as where it ended
    (``walks_shortened``). A turn of more than ``RECAP_PHRASES + 1`` phrases is
    cut (``cut_turn``). ``line(event, eyes)`` says one event (the look's
    ``event_line``, or a memo of it)."""
    line = line or look.event_line
    mine = isinstance(eyes, int)
    # From the latest step back, so that only the turns told are put in words.
    runs: list[tuple[int | None, list[Any]]] = []
    others = 0  # runs of other seats so far
    for step in reversed(steps):
        if runs and runs[-1][0] == step.player:
            runs[-1][1].append(step)
            continue
        if others == RECAP_TURNS:
            break
        runs.append((step.player, [step]))
        others += not (mine and step.player == eyes)
    # A turn's steps are told together, so a walk split by a decision (a game
    # that asks at each obstacle) still reads as where it ended.
    turns = [
        (player, recap_told(events, eyes, line, look.arrivals_told))
        for run_player, run in reversed(runs)
        for player, events in missed_turns_apart(
            run_player, [e for step in reversed(run) for e in step.events]
        )
        if not (mine and player == eyes)
    ][-RECAP_TURNS:]
    told = []
    for player, pairs in turns:
        name = look.seat_name(player) if player is not None else "An edit"
        lead = name + " "
        said = [  # the seat said once, before the line; joined by commas: no ".,"
            (e, t.removeprefix(lead).removesuffix(".")) for e, t in pairs
        ]
        told.append((name, cut_turn(said, look.recap_keeps)))
    return told


def cut_turn(said: Sequence[tuple[Any, str]], keeps: frozenset[str]) -> str:
    """A turn's ``(event, phrase)`` pairs as one line. A turn of more than
    ``RECAP_PHRASES + 1`` phrases (a line that fits; the Log has the rest) keeps
    its first phrase, then the first of an event whose kind is in ``keeps`` (the
    look's ``recap_keeps``: what changed, such as a treasure taken; else the
    second phrase), and the last, which says how the turn ended; the ones between
    are counted ("3 other things (see the Log tab)"). It is cut only where at
    least 3 phrases go: 2 say less than their count."""
    if len(said) <= RECAP_PHRASES + 1:
        return ", ".join(text for _, text in said)
    middle = range(1, len(said) - 1)
    picks: list[int] = []  # the phrases kept between the first and the last
    for i in [*(i for i in middle if said[i][0].kind in keeps), *middle]:
        if len(picks) == RECAP_PHRASES - 3:
            break
        if i not in picks:
            picks.append(i)
    shown = [0, *sorted(picks)]
    more = len(said) - len(shown) - 1
    head = ", ".join(said[i][1] for i in shown)
    return f"{head}, {more} other things (see the Log tab), then {said[-1][1]}"


def missed_turns_apart(
    player: int | None, events: Sequence[Any]
) -> list[tuple[int | None, list[Any]]]:
    """A turn's events as ``(seat, events)`` turns: an event of kind ``skip``
    about another seat (that seat misses its turn, as the step's actions made it)
    begins that seat's turn, told on its own line with the events about that
    seat right after it (the card it draws for an empty hand), not inside the
    acting seat's."""
    out: list[tuple[int | None, list[Any]]] = [(player, [])]
    for event in events:
        if event.kind == "skip" and event.player not in (None, player):
            out.append((event.player, []))
        elif out[-1][0] != player and event.player != out[-1][0]:
            out.append((player, []))
        out[-1][1].append(event)
    return [(seat, group) for seat, group in out if group]


def recap_told(
    events: Sequence[Any],
    eyes: Any,
    line: Callable[[Any, Any], str],
    arrivals_told: frozenset[str] = frozenset(),
) -> list[tuple[Any, str]]:
    """A step's events as the recap says them, each phrase with the event it
    tells: walks shortened (``walks_shortened``, which also leaves out a move
    that the next event's sentence tells, an event of a kind in
    ``arrivals_told``); the cards dealt to every seat at once as one phrase ("the
    cards are dealt: 6 each"; each hand is on the table and every card in the
    Log); a round under one clause (rolls for the first turn) as how it ended
    (``round_goes_on``)."""
    told = walks_shortened(events, arrivals_told)
    deals = [e for e in told if e.kind == "deal"]
    counts = {_dealt(e) for e in deals}
    each = f": {counts.pop()} each" if len(counts) == 1 and None not in counts else ""
    phrases: list[tuple[Any, str]] = []
    for i, event in enumerate(told):
        if len(deals) > 1 and event.kind == "deal":
            if event is deals[0]:
                phrases.append((event, f"the cards are dealt{each}"))
            continue
        if round_goes_on(told, i):
            continue
        phrases.append((event, line(event, eyes)))
    return [
        (e, p if p.startswith("Player") else p[:1].lower() + p[1:]) for e, p in phrases
    ]


def round_goes_on(events: Sequence[Any], i: int) -> bool:
    """Whether ``events[i]`` is inside a run of three or more events under one
    clause (a round every seat takes part in, such as rolls for the first turn)
    that the run's last event ends ("Player 0 (red) goes first")."""
    clause = events[i].clause
    j = i
    while j + 1 < len(events) and events[j + 1].clause == clause:
        j += 1
    k = i
    while k > 0 and events[k - 1].clause == clause:
        k -= 1
    return j > i and j - k >= 2


def _dealt(event: Any) -> int | None:
    """How many cards a deal event gave (a count: hand sizes are public)."""
    data = event.data
    for key in ("count", "cards", "card"):
        value = data.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, list | tuple):
            return len(value)
    return None


def walks_shortened(
    events: Sequence[Any], arrivals_told: frozenset[str] = frozenset()
) -> list[Any]:
    """The events a recap tells: a run of moves of one kind by one seat (each with
    a ``to`` in its public data: a walk of several spaces) reads as its last one
    ("moves to Egypt"); a seat's move onto a space, followed (whatever comes
    between) by that seat's event of a kind in ``arrivals_told`` at that space
    ("lands on X: ..."), is told by that event alone. The Log keeps every step."""
    told: list[Any] = []
    for event in events:
        data = event.for_viewer(PUBLIC).data
        if event.kind in arrivals_told and "at" in data:
            # the seat's move onto that space, whatever came between (a player
            # landed on and sent away)
            for k in range(len(told) - 1, -1, -1):
                moved = told[k].for_viewer(PUBLIC).data
                if told[k].player == event.player and "from" in moved:
                    if moved.get("to") == data["at"]:
                        del told[k]
                        break
        if told and "to" in data and "from" in data:
            last = told[-1]
            if last.kind == event.kind and last.player == event.player:
                last_data = last.for_viewer(PUBLIC).data
                if "to" in last_data and "from" in last_data:
                    told[-1] = event
                    continue
        told.append(event)
    return told
