"""What typed words name: the command field of every screen.

A player without a mouse (or without sight) types what they would tap: a
choice's words as its button reads ("fly to peru") play it, and a space's name
as the board says it ("nepal-china 2") is a tap on that space
(``Choices.enter``); anything else is read as notation. Words are compared
as ``typed_key`` puts them (case, spacing and a final full stop aside), and a
page, which lowers the case and the spacing of what is typed, finds a space's
name in the frame's ``named`` table (``typed_names``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from tabletop.core import Explanation
from tabletop.table import words

if TYPE_CHECKING:
    from tabletop.draw.look import Look

__all__ = ["named_choice", "space_named", "spoken_names", "typed_key", "typed_names"]


def typed_key(text: str) -> str:
    """How typed words are compared: case, spacing and a final full stop aside
    (a page lowers the case and the spacing of what is typed the same way)."""
    return " ".join(text.lower().rstrip(".").split())


def named_choice(
    look: Look, legal: Sequence[Explanation], text: str
) -> Explanation | None:
    """The legal action whose button reads ``text`` ("fly to peru"), when
    exactly one does."""
    said = typed_key(text)
    named = [e for e in legal if typed_key(words.action_words(look, e)) == said]
    return named[0] if len(named) == 1 else None


def spoken_names(name: str) -> list[str]:
    """The ways a space's ``name`` may be typed: as shown, with a hyphen for a
    dash, and without a note in brackets at its end ("Nepal\u2013China 2
    (checkpoint)": also "nepal-china 2")."""
    names = [name]
    if name.endswith(")") and " (" in name:
        names.append(name[: name.rindex(" (")])
    names += [n.replace("\u2013", "-") for n in names if "\u2013" in n]
    return [typed_key(n) for n in names]


def typed_names(look: Look, spaces: Iterable[str]) -> dict[str, str]:
    """Typed words -> the space of ``spaces`` they name (``spoken_names`` of
    the look's ``space_name``); words two spaces share name neither."""
    named: dict[str, str | None] = {}
    for space in dict.fromkeys(spaces):
        for key in spoken_names(look.space_name(space)):
            named[key] = space if named.get(key, space) == space else None
    return {key: space for key, space in named.items() if space is not None}


def space_named(look: Look, spaces: Iterable[str], text: str) -> str | None:
    """The space of ``spaces`` that ``text`` names, or None."""
    return typed_names(look, spaces).get(typed_key(text))
