"""How the seats' turns are told: the recap ("What just happened").

A turn is one entry, ``(who, what)``, built from the events as the viewer may read
them (the look's ``event_sentence``): a seat's consecutive steps make one turn, a
walk of several spaces reads as where it ended, a turn another seat misses is that
seat's own entry, and a turn is told whole (the screen wraps a long one). The
viewer's own turns are left out, but for a turn the viewer misses or a penalty
that falls on them ("You miss your next turn: ...").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from tabletop.core.game import Event
from tabletop.core.opaque import Eyes
from tabletop.core.viewers import PUBLIC

if TYPE_CHECKING:
    from tabletop.draw.look import Look

RECAP_TURNS = 6  # the recap tells at most this many turns
YOU = "You"  # who the viewer's own entry names


def recap_turns(
    look: Look,
    steps: Sequence[Any],
    eyes: Eyes,
    say: Callable[[Any, Any], str] | None = None,
    own: bool = False,
) -> list[tuple[str, str]]:
    """What the seats just did, one ``(who, what)`` per turn (at most
    ``RECAP_TURNS`` turns of other seats, the latest), as ``eyes`` may read it: a
    seat's consecutive steps make one turn, a turn another seat misses because of
    them is that seat's entry (``missed_turns_apart``; also when ``eyes`` made it
    miss), and a walk of several spaces reads as where it ended
    (``walks_shortened``). Every phrase of a turn is told (``whole_turn``).
    ``eyes``' own turns are left out but for what befell them (``told_to_you``):
    a turn they miss, a penalty, as ``("You", "miss your next turn: ...")``;
    with ``own`` their own turns are told whole too, as ``("You", "rolled 5,
    ...")`` (what an announcement says back to a player who cannot see the
    board: their roll, the card they drew).
    ``say(event, eyes)`` says one event (the look's ``event_sentence``, or a memo of
    it)."""
    say = say or look.event_sentence
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
        (player, events)
        for run_player, run in reversed(runs)
        for player, events in missed_turns_apart(
            run_player, [e for step in reversed(run) for e in step.events]
        )
    ]
    told: list[tuple[str, str]] = []
    for player, events in turns:
        if isinstance(eyes, int) and player == eyes and not own:
            said = told_to_you(look, events, eyes)
            if said:
                told.append((YOU, said))
            continue
        pairs = recap_told(events, eyes, say, look.arrivals_told)
        name = look.seat_name(player) if player is not None else "An edit"
        lead = name + " "
        phrases = [  # the seat said once, before the entry; joined by commas: no ".,"
            (e, t.removeprefix(lead).removesuffix(".")) for e, t in pairs
        ]
        if mine and player == eyes:  # said back to the player: "your token"
            said = whole_turn(phrases).replace(" their ", " your ")
            told.append((YOU, said[:1].lower() + said[1:]))
            continue
        told.append((name, whole_turn(phrases)))
    kept, others = [], 0
    for who, said in reversed(told):  # the latest RECAP_TURNS of other seats
        if who != YOU:
            if others == RECAP_TURNS:
                break
            others += 1
        kept.append((who, said))
    return kept[::-1]


def whole_turn(said: Sequence[tuple[Any, str]]) -> str:
    """A turn's ``(event, phrase)`` pairs as one entry, every phrase told: what is
    only repetition, each step of a walk, was folded by ``walks_shortened``, and
    the screens wrap a long one (the Log tells each step as well)."""
    return ", ".join(text for _, text in said)


def told_to_you(look: Look, events: Sequence[Event], eyes: int) -> str:
    """What of the viewer's own turn the viewer is told: each event the look words
    as befalling them (its ``own_words``: a turn missed, a penalty), else, for a
    turn they missed (an event of kind ``skip``), "missed this turn"; "" when
    nothing befell them."""
    words = getattr(look, "own_words", None)
    phrases: list[str] = []
    for event in events:
        said = words(event, eyes) if words is not None else None
        if said is None and event.kind == "skip" and event.player == eyes:
            said = "missed this turn"
        if said and said not in phrases:
            phrases.append(said)
    return ", ".join(phrases)


def missed_turns_apart(
    player: int | None, events: Sequence[Event]
) -> list[tuple[int | None, list[Any]]]:
    """A turn's events as ``(seat, events)`` turns: an event of kind ``skip``
    about another seat (that seat misses its turn, as the step's actions made it)
    begins that seat's turn, told in its own entry with the events about that
    seat right after it (the card it drew for an empty hand), not inside the
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
    events: Sequence[Event],
    eyes: Eyes,
    say: Callable[[Any, Any], str],
    arrivals_told: frozenset[str] = frozenset(),
) -> list[tuple[Any, str]]:
    """A step's events as the recap says them, each phrase with the event it
    tells: walks shortened (``walks_shortened``, which also leaves out a move
    that the next event's sentence tells, an event of a kind in
    ``arrivals_told``); the cards dealt to every seat at once as one phrase ("the
    cards were dealt: 6 each"; each hand is on the table and every card in the
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
                phrases.append((event, f"the cards were dealt{each}"))
            continue
        if round_goes_on(told, i):
            continue
        phrases.append((event, say(event, eyes)))
    return [
        (e, p if p.startswith("Player") else p[:1].lower() + p[1:]) for e, p in phrases
    ]


def round_goes_on(events: Sequence[Event], i: int) -> bool:
    """Whether ``events[i]`` is inside a run of three or more events under one
    clause (a round every seat takes part in, such as rolls for the first turn)
    that the run's last event ends ("Player 0 (red) went first")."""
    clause = events[i].clause
    j = i
    while j + 1 < len(events) and events[j + 1].clause == clause:
        j += 1
    k = i
    while k > 0 and events[k - 1].clause == clause:
        k -= 1
    return j > i and j - k >= 2


def _dealt(event: Event) -> int | None:
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
    events: Sequence[Event], arrivals_told: frozenset[str] = frozenset()
) -> list[Any]:
    """The events a recap tells: a run of moves of one kind by one seat (each with
    a ``to`` in its public data: a walk of several spaces) reads as its last one
    ("moved to Egypt"); a seat's move onto a space, followed (whatever comes
    between) by that seat's event of a kind in ``arrivals_told`` at that space
    ("landed on X: ..."), is told by that event alone. The Log keeps every step."""
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
