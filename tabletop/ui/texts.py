"""Text views of a table's model (``TableModel``): the status line, recaps, the
log, the game-over banner, the state inspector and the summary.

Everything here is derived from the match (its steps, events and states) as the
table's current eyes may see it: behind a hand-over screen those are the public's,
so no hidden value reaches a text.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Sequence
from typing import Any

from tabletop.core.registry import lookup
from tabletop.draw.lastmove import die_of, walked
from tabletop.draw.look import stops_left_out
from tabletop.table.words import action_words as said_action
from tabletop.table.words import panels as said
from tabletop.table.words import pending_words, recap_turns, winner_words
from tabletop.ui.model import TableModel, saved_summary

PUBLIC = "public"  # the viewer who sees only what lies face up


def words(model: TableModel, text: str) -> str:
    """An engine sentence with seats and spaces named as the table shows them (the
    drawing's words, as the pictures show them)."""
    return model.look.words(text)


def action_words(model: TableModel, entry: Any) -> str:
    """A button's label in plain words (``tabletop.table.words.action_words``: the
    game's codes spelled out, seats and spaces named)."""
    return said_action(model.look, entry)


def event_words(model: TableModel, event: Any, eyes: Any) -> str:
    """An event as ``eyes`` may read it, in the game's words (the look's
    ``event_sentence``: cards by name and counted, seats and spaces named), the
    same words as the pictures and replays say. Each event is put in words once
    per eyes (``TableLogic.event_sentence``): the log rereads its last 60 steps at
    every redraw."""
    return model.event_sentence(event, eyes)


def status_html(model: TableModel, seen: str) -> str:
    """Whose turn, what decision is pending, the step and whose eyes we see with."""
    game, state = model.game, model.state
    outcome = game.outcome(state)
    if outcome is not None:
        over, why = said.game_over(model, outcome)
        clause = f" <code>{html.escape(outcome.clause)}</code>" if model.details else ""
        what = f"<b>{html.escape(over)}</b>: {html.escape(why)}{clause}"
    else:
        name, pending = pending_words(model.look, game, model.view_state)
        kind = said.mover_kind(model, game.to_move(state))
        what = f"<b>{html.escape(name)}</b>{html.escape(kind)} to move: " + (
            html.escape(pending)
        )
    banner = said.referee_banner(model)
    if banner:  # every player sees that hands may show
        banner = (
            "<b class='tabletop-referee' style='background:#fde68a;padding:0 4px'>"
            f"{html.escape(banner)}</b> · "
        )
    return (
        f"{banner}<span class='tabletop-step'>{said.step_of(model)}</span> · {what}"
        f" · <i>showing {html.escape(seen)}</i>"
    )


def log_steps(
    model: TableModel, limit: int = 60
) -> list[tuple[str, list[tuple[str, str]]]]:
    """The log rows up to the cursor: per step its label and its events' (text,
    clause), as the table's eyes may read them."""
    eyes = model.eyes
    rows: list[tuple[str, list[tuple[str, str]]]] = []
    match = model.match
    if match.refusal("review") is not None:  # its steps are kept elsewhere
        return _rows_from_log(model, match.log(eyes), limit)
    if match.setup_events and match.cursor < limit:
        rows.append(
            (
                said.SETUP,
                [(event_words(model, e, eyes), e.clause)
                 for e in match.setup_events],
            )
        )  # fmt: skip
    for step in match.steps[max(0, match.cursor - limit) : match.cursor]:
        events = [(event_words(model, e, eyes), e.clause) for e in step.events]
        rows.append((said.step_label(model, step), events))
    return rows


def _rows_from_log(
    model: TableModel, lines: Sequence[str], limit: int
) -> list[tuple[str, list[tuple[str, str]]]]:
    """Log rows from ``Match.log``-style lines ("   3  text (CLAUSE)")."""
    rows: list[tuple[str, list[tuple[str, str]]]] = []
    for line in lines:
        number, _, rest = line.strip().partition("  ")
        text, clause = rest.strip(), ""
        if text.endswith(")") and " (" in text:
            text, _, clause = text.rpartition(" (")
            clause = clause[:-1]
        label = "Setup" if number == "0" else f"Step {number}"
        if rows and rows[-1][0] == label:
            rows[-1][1].append((words(model, text), clause))
        else:
            rows.append((label, [(words(model, text), clause)]))
    return rows[-limit:]


def recap_html(model: TableModel, steps: Sequence[Any]) -> str:
    """What the other seats just did, one line per turn, in plain words
    (``tabletop.table.words.recap_turns``, as the browser page says it too)."""
    cursor = model.match.cursor
    shown = [step for step in steps if step.index <= cursor]
    turns = recap_turns(model.look, shown, model.eyes, model.event_sentence)
    if not turns:
        return ""
    lines = [
        f"<li><b>{html.escape(name)}</b> {html.escape(said)}</li>"
        for name, said in turns
    ]
    return (
        "<div class='tabletop-recap-title'><b>What just happened</b></div>"
        f"<ul style='margin:0;padding-left:18px'>{''.join(lines)}</ul>"
    )


def last_move(model: TableModel) -> tuple:
    """What the board marks as the last move: pieces moved and the die rolled.

    Returns ``(((seat, path), ...), die)`` for the last turn just played (the
    last seat's steps at the end of the table's recap: the turns before it are
    told in words, not drawn), or ``()`` when nothing was just played here or the
    game is over (its final position is shown plainly). A path runs from where
    the piece stood through the spaces its events' data name (``from``, ``to``,
    the space it stopped at) to where it stands, along the track between them
    where the board knows it (``look.route``).
    """
    steps = model.recent
    match = model.match
    if not steps or steps[-1].index != match.cursor:
        return ()
    if steps[-1] is not match.steps[match.cursor - 1]:
        return ()
    if match.outcome() is not None:
        return ()
    turn = len(steps)
    while turn > 1 and steps[turn - 2].player == steps[-1].player:
        turn -= 1
    steps = steps[turn - 1 :]
    before = match.state_at(steps[0].index - 1)
    look = model.look
    a = look.piece_spaces(model.game.view(before, PUBLIC))
    b = look.piece_spaces(model.game.view(match.state, PUBLIC))
    events = [e for step in steps for e in step.events]
    moved = walked(a, b, events, look.xy, look.route, look.moves_no_pawn)
    return (moved, die_of(match, steps[0].index, steps[-1].index))


def banner_html(model: TableModel, outcome: Any, resume: bool) -> str:
    """The big line above the board: the winner, or a saved game to resume."""
    if resume:  # the game, then its steps and when it was saved (no file name)
        game = model.game
        title, question = said.saved_game(
            said.saved_about(
                game_title(game), game.players, saved_summary(model.resume_from)
            )
        )
        return (
            f"<div style='font-size:16px'><b>{html.escape(title)}</b> "
            f"{html.escape(question)}</div>"
        )
    if outcome is None:
        return ""
    wins, why = winner_words(model.look, outcome)
    return (
        # A star every common font draws (an emoji trophy shows as an empty box
        # where no emoji font is installed).
        f"<div style='font-size:22px;color:#1b5e20'><b>\u2605 {html.escape(wins)}"
        f"</b></div><div>{html.escape(why)}</div>"
    )


def game_title(game: Any) -> str:
    """The game's name as people read it (its entry's ``title``; its registry
    name when it declares none)."""
    try:
        return lookup(game.name).title or game.name
    except KeyError:  # a game made in a notebook or a test, not registered
        return game.name


def secret_parts(model: TableModel) -> list[tuple[str, str]]:
    """Each part of the state some seat may not see, and who may not see it.

    Found generically by comparing the JSON form of the full state with each seat's
    view: whatever a view changes is secret to that seat.
    """
    game, state = model.game, model.state
    full = game.state_to_json(state)
    hidden_from: dict[str, list[int]] = {}
    for seat in range(game.players):
        for path in json_diff(full, game.state_to_json(game.view(state, seat))):
            hidden_from.setdefault(path, []).append(seat)
    out = []
    for path, seats in hidden_from.items():
        if model.viewer is not None and model.viewer in seats:
            out.append((path, "hidden from you"))
        else:
            names = ", ".join(model.look.seat_name(s) for s in seats)
            out.append((path, f"secret: hidden from {names}"))
    return out


def inspector_for(model: TableModel) -> str:
    """The state the viewer may see, as text, with the secret parts listed.

    Internals (the generator, raw fields) belong to the rules details: without
    them, and behind a hand-over, the tab says how to see them.
    """
    if model.curtain is not None:
        return "<i>Hidden until the next player reveals.</i>"
    if not model.details:
        return (
            "<i>Tick <b>rules details</b> just above to see the state inspector "
            "and the rule clause of every action.</i>"
        )
    try:
        text = str(model.view_state)
    except Exception as exc:  # noqa: BLE001 - a text-board bug must not break play
        text = f"(this state cannot be shown as text: {type(exc).__name__}: {exc})"
    return inspector_html(text, secret_parts(model))


@functools.lru_cache(maxsize=512)
def _log_row(label: str, events: tuple[tuple[str, str], ...], details: bool) -> str:
    """One step's row of the log (remembered: the log shows its last 60 steps
    again at every redraw, and a step's row never changes)."""
    parts = []
    texts = stops_left_out([text for text, _ in events])  # no ".;"
    for text, (_, clause) in zip(texts, events, strict=True):
        code = f" <code>{html.escape(clause)}</code>" if details and clause else ""
        parts.append(f"{html.escape(text)}{code}")
    body = "; ".join(parts) or "<i>no visible change</i>"
    return f"<div class='tabletop-log-step'><b>{html.escape(label)}</b>: {body}</div>"


def log_html(
    steps: Sequence[tuple[str, Sequence[tuple[str, str]]]],
    details: bool = False,
    limit: int = 60,
) -> str:
    """The event log in reading order: one row per step, labelled, newest last.

    ``steps`` holds, per step, its label ("Step 4 · Player 1 (blue)") and the
    (text, clause) of each event as the viewer may read it. Clause IDs show only
    with ``details``. The box keeps its scroll at the bottom (the newest row).
    """
    rows = [
        _log_row(label, tuple(tuple(event) for event in events), details)
        for label, events in steps[-limit:]
    ]
    if not rows:
        return "<i>nothing has happened yet</i>"
    inner = "".join(rows)
    return (
        "<div style='display:flex;flex-direction:column-reverse;max-height:220px;"
        f"overflow:auto'><div>{inner}</div></div>"
    )


def inspector_html(text: str, secrets: Sequence[tuple[str, str]]) -> str:
    """The state as text, then each secret part and who may not see it."""
    rows = "".join(
        f"<li><b style='color:#b71c1c'>secret</b> <code>{html.escape(path)}</code>: "
        f"{html.escape(who)}</li>"
        for path, who in secrets
    )
    marked = f"<p><b>Secret parts</b></p><ul>{rows}</ul>" if rows else ""
    return _pre(text, "tabletop-state") + marked


def json_diff(a: Any, b: Any, path: str = "", depth: int = 3) -> list[str]:
    """The paths where two JSON values differ (to find what a view redacts)."""
    if a == b:
        return []
    if depth and isinstance(a, dict) and isinstance(b, dict):
        out = []
        for key in sorted(set(a) | set(b), key=str):
            out += json_diff(
                a.get(key), b.get(key), f"{path}.{key}" if path else str(key), depth - 1
            )
        return out
    nested = isinstance(a, list) and any(isinstance(x, list | dict) for x in a)
    if depth and nested and isinstance(b, list) and len(a) == len(b):
        # Lists of records (one hand per seat) name each record; flat lists (a
        # deck) are one secret as a whole.
        out = []
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            out += json_diff(x, y, f"{path}[{i}]", depth - 1)
        return out
    return [path or "(all)"]


def _pre(text: str, css: str) -> str:
    style = "margin:0;white-space:pre-wrap"
    return f'<pre class="{css}" style="{style}">{html.escape(text)}</pre>'
