"""The notebook table's own lines, in words: the status line, what the choices
panel says when there is nothing to choose, the hand-over screen, the banner of a
saved game, the log's step labels, the timeline's line names, whose eyes the table
shows, a refusal's notice, what an action will do, and the summary a notebook
prints. Each takes the table's logic (``TableLogic``) and says what it shows."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core.game import Explanation, Outcome
from tabletop.core.viewers import PUBLIC
from tabletop.draw.look import said_in_a_row
from tabletop.table.seats import seat_kind_label
from tabletop.table.words.labels import CONNECTION_LOST, pending_words
from tabletop.table.words.refusals import REFEREE_VIEW

if TYPE_CHECKING:
    from tabletop.draw.look import Look
    from tabletop.table.logic import TableLogic

WAITING_HANDOVER = "Waiting for the hand-over"
HIDDEN_KINDS = ("roll", "draw", "deal", "reshuffle", "take", "discard")
SETUP = "Setup"
REFEREE_BOX = f"{REFEREE_VIEW}: show every hand, and tell every player so"
"""The Seats tab's checkbox: the deliberate unlock of another seat's hand."""


def refused(reason: str, clause: str = "") -> str:
    """The notice of a refused gesture (``clause`` shown with the rules details)."""
    return f"Not possible: {reason}" + (f" [{clause}]" if clause else "")


def out_of_reach() -> str:
    """The notice of a gesture while an online table's server is out of reach."""
    return f"Not possible now: {CONNECTION_LOST}"


def showing(table: TableLogic) -> str:
    """Whose eyes the table shows (the end of the status line)."""
    eyes = table.eyes
    if eyes is None:
        return "everything"
    if isinstance(eyes, int):
        return table.look.seat_name(eyes)
    return "nobody's secrets (hand-over)"


def referee_banner(table: TableLogic) -> str:
    """The banner at the start of the status line while the referee view is on
    (every player sees it), else nothing."""
    if not table.referee_view:
        return ""
    eyes = table.eyes
    if eyes is None:
        return f"{REFEREE_VIEW}: all hands shown"
    if isinstance(eyes, int):
        return f"{REFEREE_VIEW}: {table.look.seat_name(eyes)}'s hand shown"
    return f"{REFEREE_VIEW} on"


def step_of(table: TableLogic) -> str:
    return f"step {table.step}/{table.length}"


def game_over(table: TableLogic, outcome: Outcome) -> tuple[str, str]:
    """``("Game over: Player 1 (blue) wins", why)``."""
    look = table.look
    who = "nobody" if outcome.winner is None else look.seat_name(outcome.winner)
    return f"Game over: {who} wins", look.words(outcome.reason)


def mover_kind(table: TableLogic, seat: int | None) -> str:
    """`` (bot: Easy)`` after a bot seat's name (its level), else nothing."""
    kind = table.seats[seat] if seat is not None else ""
    return "" if kind in ("", "human") else f" (bot: {seat_kind_label(kind)})"


def waiting(table: TableLogic, compact: bool = False) -> str:
    """What the choices panel says when the viewer has nothing to choose."""
    if table.resume_from is not None:
        return "A saved game is waiting: Resume it or Start fresh"
    seat = table.to_move
    if seat is None:
        return "The game is over"
    looking = table.refusal_to_branch()
    if looking is not None:  # between humans, back before a shown roll or draw
        return f"Looking back: {looking.reason}"
    name = table.look.seat_name(seat)
    if seat in table.bot_seats:
        if table.step < table.length or not table.auto:
            return f"{name} (a bot) is to move here"
        return f"{name} (a bot) moves next"
    if compact or table.match.refusal("viewer") is not None:
        return f"{name} is to move"  # no Seats tab here (a lesson, or online)
    return f"{name} is to move: view as them in the Seats tab"


def thinking(look: Look, seat: int) -> str:
    """While a bot decides: who is thinking (shown until its move comes)."""
    return f"{look.seat_name(seat)} is thinking\u2026"


def pass_the_laptop(name: str) -> tuple[str, str, str]:
    """The hand-over screen: its title, what it asks, and the reveal button."""
    return (
        f"Pass the laptop to {name}",
        f"Everyone else: please look away. {name}, press the button when only "
        "you can see the screen.",
        f"I am {name}: show my hand",
    )


def saved_about(title: str, players: int, summary: str) -> str:
    """Which saved game, in words: the game, its players, then its steps and when
    it was saved ("<title>, 3 players, 2 steps, saved 2 Dec 08:15")."""
    return ", ".join(part for part in (f"{title}, {players} players", summary) if part)


def saved_game(about: str) -> tuple[str, str]:
    """The banner of a saved game waiting: its title and the question."""
    return (
        "A saved game of this table was found",
        f"({about}). Resume it, or start fresh? Nothing shows or plays until you "
        "choose.",
    )


def step_label(table: TableLogic, step: Any) -> str:
    """A log row's label: ``Step 4 · Player 1 (blue)``."""
    who = (
        table.look.seat_name(step.player)
        if step.player is not None
        else "a change to the position"
    )
    return f"Step {step.index} \u00b7 {who}"


def line_label(table: TableLogic, match: Any, index: int) -> str:
    """How the timeline names a line: its number, length and where it was left."""
    here = " (shown)" if match is table.match else ""
    left = f", left at step {match.cursor}" if match.cursor < len(match) else ""
    return f"line {index + 1}: {len(match)} steps{left}{here}"


def outcome_hint(table: TableLogic, entry: Explanation) -> str:
    """What an action will do, found by applying it to the full state: where the
    piece ends, that it stays put, and what the look's ``outcome_notes`` say.

    Nothing is said when the result depends on chance or hidden cards (a roll, a
    draw, a card taken): the hint must never reveal the die or a hand.
    """
    seat = table.to_move
    if seat is None:
        return ""
    game, look = table.game, table.look
    try:
        after, events = game.apply(table.state, entry.action)
    except Exception:  # noqa: BLE001 - a hint is optional; the move itself is checked
        return ""
    if any(e.secret or e.kind in HIDDEN_KINDS for e in events):
        return ""
    before = look.piece_spaces(game.view(table.state, PUBLIC))
    now = look.piece_spaces(game.view(after, PUBLIC))
    said = list(look.outcome_notes(events, seat))
    if seat < len(before) and seat < len(now) and now[seat] in look.xy:
        place = look.space_name(now[seat])
        if now[seat] != before[seat] and game.to_move(after) == seat:
            said.append(f"you stop on {place} and decide again")
        elif now[seat] != before[seat]:
            said.append(f"you end on {place}")
        elif entry.spaces and game.to_move(after) != seat:
            said.append("you stay where you are and your turn ends")
    return said_in_a_row(said)


def summary(table: TableLogic) -> str:
    """A short deterministic text of where the game stands (for notebooks), in
    the player's words: seats and spaces by name, a bot by its level; the rule
    clauses stay in the table's Rules details tab."""
    game, look = table.game, table.look
    view = table.view_state
    rows = [
        f"{game.name}, {game.players} players, seed {table.match.seed}, "
        f"step {table.step} of {table.length}"
    ]
    outcome = game.outcome(table.state)
    if outcome is not None:
        rows.append(": ".join(game_over(table, outcome)))
    else:
        rows.append(" ".join(pending_words(look, game, view)))
    for seat in range(game.players):
        hand = look.hand(view, seat)
        count = hand if isinstance(hand, int) else len(hand)
        notes = look.seat_note(view, seat)
        rows.append(
            f"{look.seat_name(seat)}, {seat_kind_words(table.seats[seat])}: "
            f"{count} cards" + (f"; {notes}" if notes else "")
        )
    rows.append(f"legal actions: {len(table.legal)}")
    return "\n".join(rows)


def seat_kind_words(kind: str) -> str:
    """A seat's occupant in words: "human", a bot by its level ("Easy bot")."""
    label = seat_kind_label(kind)
    return label if label == kind else f"{label} bot"
