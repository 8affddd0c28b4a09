"""The table's sentences, for every screen: an action's button label, the recap of
the other seats' turns, whose turn it is, the winner, why a gesture is refused,
what a selection lists, the notice of a lost connection.

The notebook Table (``tabletop.ui``) and the browser page the seat server sends
(``tabletop.online.page``) both say these through a game's ``Look``, so a button,
a recap line, a headline or a refusal reads the same wherever it shows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.core.viewers import PUBLIC

RECAP_TURNS = 6  # the recap tells at most this many turns
RECAP_PHRASES = 4  # a turn's line in the recap that would say more is cut to this
#: What a table says while its server is out of reach (it reconnects by itself).
CONNECTION_LOST = "the connection to the server is lost; reconnecting\u2026"
GROUP_OVER = 14  # more choices than this: a clause with many folds into one button


def action_words(look: Any, entry: Any) -> str:
    """A button's label in plain words: the game's codes spelled out, seats and
    spaces named (the look's ``label_words``, then ``words``), capitalised."""
    label = entry.label or str(entry.action)
    label = look.words(look.label_words(label))
    return label[:1].upper() + label[1:]


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


def winner_words(look: Any, outcome: Any) -> tuple[str, str]:
    """The end of the game: ``("Player 1 (blue) wins!", why in words)``."""
    who = "Nobody" if outcome.winner is None else look.seat_name(outcome.winner)
    return f"{who} wins!", look.words(outcome.reason)


def pending_words(look: Any, game: Any, view: Any) -> tuple[str, str]:
    """Who is to move and what they decide, in words: ``(name, what)`` with the
    seat said once ("Player 0 (red)", "roll the die or play a card")."""
    seat = game.to_move(view)
    name = look.seat_name(seat) if seat is not None else "nobody"
    pending = look.words(game.pending(view))
    if pending.startswith(name + " "):  # say the seat once
        pending = pending[len(name) + 1 :]
    return name, pending


@dataclass(frozen=True, slots=True)
class Group:
    """Several legal actions under one clause, shown as one button."""

    clause: str
    label: str
    count: int

    @property
    def title(self) -> str:
        """The button's words: "Discard\u2026 (13)"."""
        return f"{self.label}\u2026 ({self.count})"


def group_entries(entries: Sequence[Any], over: int = GROUP_OVER) -> list[Any]:
    """The entries, with each clause that has many of them folded into a Group.

    When every entry would fold into one Group, nothing folds: a lone folded button
    would only cost the player a click to open it. Then the entries of a kind with
    fewer than three (a lone "leave them" among a hundred "send" choices, by the
    first word of their labels) come first, so a limit on the buttons shown
    never hides them.
    """
    if len(entries) <= over:
        return list(entries)
    counts: dict[str, int] = {}
    for e in entries:
        counts[e.clause] = counts.get(e.clause, 0) + 1
    out: list[Any] = []
    seen = set()
    for e in entries:
        if counts[e.clause] < 3:
            out.append(e)
        elif e.clause not in seen:
            seen.add(e.clause)
            word = (e.label or str(e.action)).split(" ")[0]
            word = word[:1].upper() + word[1:]
            out.append(Group(e.clause, word, counts[e.clause]))
    if len(out) == 1:
        kinds = Counter(map(_kind, entries))
        return sorted(entries, key=lambda e: kinds[_kind(e)] >= 3)  # stable
    return out


def _kind(entry: Any) -> str:
    """The first word of an entry's label: what kind of choice it is."""
    return (entry.label or str(entry.action)).split(" ")[0].lower()


# -- what a tap means (``tabletop.table.choices``) ------------------------------------
NO_SPACE_THERE = "there is no space there"


def hover_line(look: Any, space: str, on: Sequence[Any], plays: bool) -> str:
    """The line under the board for the pointer resting on ``space``: its name
    (and what it does), and, when a click there does not play at once
    (``plays``), the one choice it shows or how many it lists (``on``: the
    actions on offer there)."""
    text = look.describe(space)
    if on and not plays:
        if len(on) == 1:
            text += f" \u2014 a click shows the choice: {action_words(look, on[0])}"
        else:
            text += f" \u2014 a click lists the {len(on)} choices here"
    return text


def nothing_on(look: Any, space: str) -> str:
    """A tap on a space no legal action involves."""
    return f"nothing can be done on {look.space_name(space)} now"


def cannot_play(name: str) -> str:
    """A tap on a card no legal action plays (nor any card like it)."""
    return f"{name} cannot be played now"


def no_card_at(index: int) -> str:
    """A card asked for by its place in a hand that has no such place."""
    return f"there is no card {index} in the hand"


def the_card(name: str) -> str:
    """A card chosen: what the list of its choices is for."""
    return f"the card {name}"


def alike(name: str) -> str:
    """A card the rules treat like others chosen: every choice any of them plays
    is listed, each saying which card it spends."""
    return f"the card {name}, or any like it: each choice says which card it spends"


def group_heading(group: Group) -> str:
    """A folded button opened: what its list is for ("Discard\u2026")."""
    return f"{group.label}\u2026"


# -- who may act (``tabletop.table.seats``) -------------------------------------------
GAME_OVER = "the game is over"
OFFERED = "a saved game is waiting: Resume it or Start fresh first"


def bot_turn(look: Any, seat: int, bot: str) -> str:
    """A gesture at a bot's turn."""
    return f"it is {look.seat_name(seat)}'s turn, and a bot ({bot}) plays that seat"


def passing(look: Any, seat: int) -> str:
    """A gesture while the laptop is passed to ``seat``."""
    return f"the laptop is being passed: {look.seat_name(seat)} reveals first"


def not_your_turn(look: Any, seat: int, eyes: int | None = None) -> str:
    """A gesture for ``seat``'s decision by someone else (through ``eyes``, at a
    table showing another seat's eyes)."""
    text = f"not your turn: it is {look.seat_name(seat)}'s"
    if eyes is not None:
        text += f" (this table shows {look.seat_name(eyes)}'s eyes)"
    return text


def no_seat(seat: Any) -> str:
    return f"there is no seat {seat}"


# -- the timeline (``tabletop.table.timeline``) ---------------------------------------
def chance_shown(step: int) -> str:
    """No new line before a shown chance outcome, between human seats."""
    return (
        f"step {step} rolled the die or drew a card and its outcome has been "
        f"shown: between human seats play cannot go on from before it (step "
        f"forward to step {step} or later to play on)"
    )


def same_deal_shown(step: int) -> str:
    """No replay of the same deal once a chance outcome showed, between humans."""
    return (
        f"step {step} rolled the die or drew a card and its outcome has been "
        "shown: between human seats the same deal cannot be played again (it "
        "would bring the same rolls and cards)"
    )


def no_line(index: int) -> str:
    return f"there is no line {index + 1}"


def other_game(game: Any) -> str:
    """A save of another game or player count loaded at a table."""
    return (
        f"that save is a {game.name} game for {game.players} players, not this table's"
    )


# -- news for a seat (``tabletop.table.news``) ---------------------------------------
def lost_cards(look: Any, who: int, step: int, gone: Any, got: Any) -> str:
    """A letter to a seat that lost cards on another seat's move."""
    news = f"you lost {look.cards_words(gone)}"
    if got:  # a swap: the cards given in return
        news += f" and got {look.cards_words(got)}"
    return f"On {look.seat_name(who)}'s turn (step {step}) {news}."


# -- resuming (``tabletop.table.saves``) ---------------------------------------------
ONLY_SHOWN_LINE = "Only the shown line was resumed: {}"
SEATS_NOT_RESTORED = "The seats were not restored: {}"
KEPT_AS_LINE = "The moves played before resuming are kept as another line."


def choices_heading(selection: Any) -> str:
    """The heading of the choices on offer, and what narrowed them."""
    if selection is None:
        return "Your choices"
    return f"Your choices for {selection.words}"


#: The seat page's own sentences (``tabletop.online.play_page.html`` shows them
#: as given; the page fills in the names and numbers).
PAGE_WORDS = {
    "joining": "Joining the room\u2026",
    "no_token": "This link has no seat in it",
    "no_token_more": "Open the whole link you were given, with the part after #.",
    "bad_link": "This link opens no seat here",
    "board": "The board.",
    "choices": "Your choices",
    "all_choices": "\u2190 All choices",
    "hand": "Your hand",
    "no_cards": "No cards",
    "a_card": "A card",
    "playable": " (can be played now)",
    "recap": "What just happened",
    "last": "Last: ",
    "starts": "the game starts",
    "players": "Players",
    "you": "you",
    "connected": "connected",
    "not_connected": "not connected",
    "bot": "bot: ",
    "card": " card",
    "cards": " cards",
    "holds": " holds",
    "spectator": "Watching: the public view, every hand face down",
    "referee": "Referee: every hand face up",
    "ask_undo": "Ask to undo",
    "accept_undo": "Accept undo",
    "decline_undo": "Decline undo",
    "undo_asked": "Undo asked by ",
    "waiting_for": ", waiting for ",
    "undo_declined": "Undo declined",
    "undo_accepted": "Undo accepted",
    "undo_cancelled": "Undo cancelled",
    "bigger": "Bigger board",
    "whole": "Whole board",
    "buzz_on": "Buzz and beep on my turn: on",
    "buzz_off": "Buzz and beep on my turn: off",
    "notify": "Notify me on my turn",
    "your_turn_title": "\u25b6 Your turn \u00b7 ",
    "your_turn": "Your turn",
    "title": "tabletop: ",
    "page_title": "tabletop room",
    "notify_title": "tabletop",
    "the_board": "The board",
    "player": "Player ",
    "card_back": "a card",
    "notation": " \u2014 notation: ",
}
