"""Text views of a Table: the status line, the state inspector, the summary."""

from __future__ import annotations

import html
from typing import Any

from tabletop.ui.panels import inspector_html, json_diff


def status_html(table: Any) -> str:
    """Whose turn, what decision is pending, the step and whose eyes we see with."""
    game, state = table.game, table.state
    outcome = game.outcome(state)
    if outcome is not None:
        who = (
            "nobody"
            if outcome.winner is None
            else table.adapter.seat_name(outcome.winner)
        )
        what = (
            f"<b>Game over: {html.escape(who)} wins</b>: {html.escape(outcome.reason)} "
            f"<code>{html.escape(outcome.clause)}</code>"
        )
    else:
        seat = game.to_move(state)
        name = table.adapter.seat_name(seat) if seat is not None else "nobody"
        kind = table.seats[seat] if seat is not None else ""
        what = (
            f"<b>{html.escape(name)}</b> ({html.escape(kind)}) to move: "
            f"{html.escape(game.pending(table.view_state))}"
        )
    eyes = (
        "everything" if table.viewer is None else table.adapter.seat_name(table.viewer)
    )
    return (
        f"<span class='tabletop-step'>step {table.step}/{table.length}</span> · {what}"
        f" · <i>viewing as {html.escape(eyes)}</i>"
    )


def secret_parts(table: Any) -> list[tuple[str, str]]:
    """Each part of the state some seat may not see, and who may not see it.

    Found generically by comparing the JSON form of the full state with each seat's
    view: whatever a view changes is secret to that seat.
    """
    game, state = table.game, table.state
    full = game.state_to_json(state)
    hidden_from: dict[str, list[int]] = {}
    for seat in range(game.players):
        for path in json_diff(full, game.state_to_json(game.view(state, seat))):
            hidden_from.setdefault(path, []).append(seat)
    out = []
    for path, seats in hidden_from.items():
        if table.viewer is not None and table.viewer in seats:
            out.append((path, "hidden from you"))
        else:
            names = ", ".join(table.adapter.seat_name(s) for s in seats)
            out.append((path, f"secret: hidden from {names}"))
    return out


def inspector_for(table: Any) -> str:
    """The state the viewer may see, as text, with the secret parts listed."""
    try:
        text = str(table.view_state)
    except Exception as exc:  # noqa: BLE001 - a text-board bug must not break play
        text = f"(this state cannot be shown as text: {type(exc).__name__}: {exc})"
    return inspector_html(text, secret_parts(table))


def waiting_text(table: Any) -> str:
    """What the actions panel says when the viewer has nothing to choose."""
    seat = table.to_move
    if seat is None:
        return "The game is over"
    if seat in table.bot_seats:
        name = table.adapter.seat_name(seat)
        return f"{name} (a bot) moves next: 'bots play now' in the Seats tab"
    return f"{table.adapter.seat_name(seat)} is to move: view as them in the Seats tab"


def summary_text(table: Any) -> str:
    """A short deterministic text of where the game stands (for notebooks)."""
    view = table.view_state
    lines = [
        f"{table.game.name}, {table.game.players} players, seed {table.match.seed}, "
        f"step {table.step} of {table.length}",
        table.game.pending(view),
    ]
    outcome = table.game.outcome(table.state)
    if outcome is not None:
        lines.append(f"outcome: {outcome.reason} [{outcome.clause}]")
    for seat in range(table.game.players):
        hand = table.adapter.hand(view, seat)
        count = hand if isinstance(hand, int) else len(hand)
        notes = table.adapter.seat_notes(view, seat)
        lines.append(
            f"{table.adapter.seat_name(seat)}, {table.seats[seat]}: {count} cards"
            + (f"; {notes}" if notes else "")
        )
    lines.append(f"legal actions: {len(table.legal)}")
    return "\n".join(lines)
