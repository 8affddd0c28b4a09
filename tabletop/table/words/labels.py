"""The words of what is on offer: an action's button, the folded groups, whose
turn it is, the winner, the heading over the choices, the line under the board."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tabletop.core.game import Explanation, Outcome
from tabletop.core.opaque import State

if TYPE_CHECKING:
    from tabletop.core.game import Game
    from tabletop.draw.look import Look

#: What a table says while its server is out of reach (it reconnects by itself).
CONNECTION_LOST = "the connection to the server is lost; reconnecting\u2026"
GROUP_OVER = 14  # more choices than this: a clause with many folds into one button


def action_words(look: Look, entry: Explanation) -> str:
    """A button's label in plain words: the game's codes spelled out, seats and
    spaces named (the look's ``label_words``, then ``words``), capitalised."""
    label: str = entry.label or str(entry.action)
    label = look.words(look.label_words(label))
    return label[:1].upper() + label[1:]


def winner_words(look: Look, outcome: Outcome) -> tuple[str, str]:
    """The end of the game: ``("Player 1 (blue) wins!", why in words)``."""
    who = "Nobody" if outcome.winner is None else look.seat_name(outcome.winner)
    return f"{who} wins!", look.words(outcome.reason)


def pending_words(look: Look, game: Game, view: State) -> tuple[str, str]:
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
    """Several legal actions under one clause, shown as one button (``picks``:
    each takes several cards, so the button starts a pick in the hand)."""

    clause: str
    label: str
    count: int
    picks: bool = False

    @property
    def title(self) -> str:
        """The button's words: "Discard\u2026 (13)"."""
        return group_title(self.label, self.count)


def group_title(label: str, count: int) -> str:
    """A folded button's words: "Discard\u2026 (13)"."""
    return f"{label}\u2026 ({count})"


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
    multi: dict[str, bool] = {}
    for e in entries:
        counts[e.clause] = counts.get(e.clause, 0) + 1
        multi[e.clause] = multi.get(e.clause, True) and len(e.cards) > 1
    out: list[Any] = []
    seen = set()
    for e in entries:
        if counts[e.clause] < 3:
            out.append(e)
        elif e.clause not in seen:
            seen.add(e.clause)
            word = (e.label or str(e.action)).split(" ")[0]
            word = word[:1].upper() + word[1:]
            out.append(Group(e.clause, word, counts[e.clause], multi[e.clause]))
    if len(out) == 1:
        kinds = Counter(map(_kind, entries))
        return sorted(entries, key=lambda e: kinds[_kind(e)] >= 3)  # stable
    return out


def _kind(entry: Explanation) -> str:
    """The first word of an entry's label: what kind of choice it is."""
    return (entry.label or str(entry.action)).split(" ")[0].lower()


def choices_heading(selection: Any) -> str:
    """The heading of the choices on offer, and what narrowed them."""
    if selection is None:
        return "Your choices"
    area = getattr(selection, "area", "")
    if not selection.words:
        return f"Your choices {area}" if area else "Your choices"
    return f"Your choices for {selection.words}" + (f", {area}" if area else "")


def hover_words(look: Look, space: str, on: Sequence[Any], plays: bool) -> str:
    """The line under the board for the pointer resting on ``space``: its name
    (and what it does), and, when a click there does not play at once
    (``plays``), the one choice it shows or how many it lists (``on``: the
    actions on offer there)."""
    text: str = look.describe(space)
    if on and not plays:
        if len(on) == 1:
            text += f" \u2014 a click shows the choice: {action_words(look, on[0])}"
        else:
            text += f" \u2014 a click lists the {len(on)} choices here"
    return text
