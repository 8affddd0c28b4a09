"""The words of the typed commands a player without sight (or without a mouse)
asks the table: ``hand``, ``where``, ``here``, ``last``, ``choices``, ``who`` and
``help``. Each answer is one short paragraph, said from one seat's knowledge
only (its view: no card of another seat's hand is ever in it), for a screen to
show and announce. Notation and a button's words still play; a word that is
neither a command nor an action is refused as before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from tabletop.core.opaque import Eyes, State
from tabletop.table.words.labels import action_words, pending_words, winner_words

if TYPE_CHECKING:
    from tabletop.draw.look import Look

#: The commands and what each tells, in the order ``help`` lists them.
COMMANDS = {
    "hand": "the cards in your hand",
    "where": "where every pawn stands",
    "here": "your space, and where your choices lead",
    "last": "what the last turns did",
    "choices": "what you can do now",
    "who": "who is ahead (when the table shows it)",
    "help": "these commands",
}
NOT_SHOWN = "who is ahead is not shown at this table"


def command_of(text: str) -> str | None:
    """The command ``text`` asks (case and spaces ignored), or None."""
    word = " ".join(text.lower().split())
    return word if word in COMMANDS else None


def help_words() -> str:
    """What ``help`` answers."""
    said = "; ".join(f"{name}: {what}" for name, what in COMMANDS.items())
    return (
        f"Type a command, then Enter. {said}. A choice's words or its notation "
        "plays it."
    )


def hand_words(look: Look, view: State, seat: int | None) -> str:
    """What ``hand`` answers: the seat's cards by name, in order."""
    if seat is None:
        return "You are watching: you hold no hand."
    cards = look.hand(view, seat)
    if isinstance(cards, int):
        return f"Your hand holds {cards} card{'s' * (cards != 1)}, face down to you."
    if not cards:
        return "Your hand is empty."
    names = [look.face(kind).name for kind in cards]
    count = len(names)
    return f"Your hand, {count} card{'s' * (count != 1)}: {', '.join(names)}."


def where_words(look: Look, view: State, seat: int | None) -> str:
    """What ``where`` answers: every pawn's space, yours named as yours."""
    spaces = look.piece_spaces(view)
    parts = []
    for other, space in enumerate(spaces):
        who = look.seat_name(other, you=other == seat)
        where = look.space_name(space) if space else "off the board"
        parts.append(f"{who}: {where}")
    return "; ".join(parts) + "." if parts else "No pawn is on the board."


def here_words(look: Look, view: State, seat: int | None, legal: Sequence[Any]) -> str:
    """What ``here`` answers: the seat's space in words, who shares it, and the
    spaces its choices lead to now."""
    spaces = look.piece_spaces(view)
    if seat is None or seat >= len(spaces) or not spaces[seat]:
        return "You have no pawn on the board."
    mine = spaces[seat]
    said = f"You are on {look.describe(mine)}."
    with_you = [
        look.seat_name(o) for o, s in enumerate(spaces) if s == mine and o != seat
    ]
    if with_you:
        said += f" With you: {', '.join(with_you)}."
    leads = [s for s in dict.fromkeys(s for e in legal for s in e.spaces) if s != mine]
    if leads:
        names = ", ".join(look.space_name(s) for s in leads[:12])
        more = f" and {len(leads) - 12} more" if len(leads) > 12 else ""
        said += f" Your choices lead to {names}{more}."
    return said


def last_words(turns: Sequence[tuple[str, str]]) -> str:
    """What ``last`` answers: the recap's turns (``recap_turns``), in order."""
    if not turns:
        return "Nothing has happened yet since your last turn."
    return " ".join(f"{who}: {what}." for who, what in turns)


def game_over_words(look: Look, view: State) -> str | None:
    """The end of the game in words ("Game over. Player 1 (blue) wins! ..."),
    or None while it goes on."""
    outcome = look.game.outcome(view)
    if outcome is None:
        return None
    wins, why = winner_words(look, outcome)
    return f"Game over. {wins} {why}"


def choices_words(
    look: Look, view: State, seat: int | None, items: Sequence[Any], heading: str
) -> str:
    """What ``choices`` answers: whose turn it is, and the buttons on offer
    (``items``: actions and folded buttons) under their ``heading``."""
    game = look.game
    over = game_over_words(look, view)
    if over is not None:
        return over
    name, pending = pending_words(look, game, view)
    if game.to_move(view) != seat:
        return f"It is {name}'s turn: {pending}. You have no choice to make now."
    if not items:
        return f"Your turn: {pending}. {heading}."
    words = [getattr(i, "title", None) or action_words(look, i) for i in items]
    return f"Your turn. {heading}: " + "; ".join(words) + "."


def answer(
    text: str,
    look: Look,
    view: State,
    seat: int | None,
    legal: Sequence[Any],
    menu: tuple[str, Sequence[Any]],
    turns: Sequence[tuple[str, str]],
    who: Callable[[], str] | None = None,
) -> str | None:
    """The answer to the command ``text`` from ``seat``'s view (``legal``: its
    legal actions; ``menu``: the heading and buttons on offer; ``turns``: the
    recap), or None when ``text`` is no command. ``who`` says who is ahead,
    where the table shows it."""
    command = command_of(text)
    if command is None:
        return None
    if command == "hand":
        return hand_words(look, view, seat)
    if command == "where":
        return where_words(look, view, seat)
    if command == "here":
        return here_words(look, view, seat, legal)
    if command == "last":
        return last_words(turns)
    if command == "choices":
        heading, items = menu
        return choices_words(look, view, seat, items, heading)
    if command == "who":
        return who() if who is not None else NOT_SHOWN
    return help_words()


def board_sentences(
    look: Look,
    view: State,
    eyes: Eyes,
    shown: Sequence[Any],
    tap: Callable[[str], Any],
) -> tuple[list[str], list[tuple[str, str]]]:
    """The board in words through ``eyes``: where each pawn stands (and what
    is there), and each space the actions on offer (``shown``) involve, as
    ``(space, words)`` saying what a tap there does (``tap(space)``, a ``Tap``:
    plays a choice, or shows the choices)."""
    spaces = look.piece_spaces(view)
    pawns = [
        f"{look.seat_name(seat, you=seat == eyes)}: "
        + (look.describe(space) if space else "off the board")
        for seat, space in enumerate(spaces)
    ]
    targets = []
    for space in sorted({s for e in shown for s in e.spaces}, key=look.space_name):
        did = tap(space)
        if did.entry is not None:
            does = f"a tap plays: {action_words(look, did.entry)}"
        elif did.selection is not None:
            on = [e for e in shown if space in e.spaces]
            does = (
                f"a tap shows the choice: {action_words(look, on[0])}"
                if len(on) == 1
                else f"a tap shows its {len(on)} choices"
            )
        else:
            continue
        targets.append((space, f"{look.describe(space)} \u2014 {does}"))
    return pawns, targets


def table_board_sentences(table: Any) -> tuple[list[str], list[tuple[str, str]]]:
    """``board_sentences`` for a ``TableLogic``, through its eyes."""
    return board_sentences(
        table.look, table.view_state, table.eyes, table.shown_actions(), table.space_tap
    )
