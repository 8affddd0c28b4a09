"""The notebook table for a player without sight or without a mouse: a polite
live region that says each new moment once (``tabletop.table.announce``), and
"The board in words": where every pawn stands and what a tap on each space on
offer does (``tabletop.table.words.commands.board_sentences``). The canvases are out
of the tab order (the table's page script); the keyboard plays through the
buttons, the hand's buttons and the command field.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from tabletop.table.announce import Announcer
from tabletop.table.words.commands import table_board_sentences

#: What the board in words is called (its heading, and the board's label).
BOARD_IN_WORDS = "The board in words"


class ReaderPanel:
    """The live region and the board in words of one table."""

    def __init__(self, table: Any) -> None:
        self.table = table  # the TableLogic (the notebook's TableModel)
        self.announcer = Announcer()
        # A live region: the page script marks it role=status, aria-live=polite.
        # It stays on the page (never display:none) so that it is always heard;
        # it shows as the table's last line in small type.
        self.said = w.HTML()
        self.said.add_class("tabletop-announce")
        self.board = w.HTML()
        self.board.add_class("tabletop-board-words")
        self.fold = w.Accordion(children=[self.board], selected_index=None)
        self.fold.set_title(0, BOARD_IN_WORDS)
        self.fold.add_class("tabletop-board-fold")
        self._board_key: tuple = ()
        self.fold.observe(lambda _change: self.write_board(), names="selected_index")

    def say(self, words: str) -> None:
        """Put ``words`` in the live region (a screen reader says them)."""
        self.said.value = f"<p>{html.escape(words)}</p>"

    def render(self) -> None:
        """Announce what is new at the table and write the board in words when
        it is open."""
        words = self.announcer.next(self.table)
        if words is not None:
            self.say(words)
        self.write_board()

    def write_board(self) -> None:
        """The board in words, when it is open (and the table changed)."""
        table = self.table
        if self.fold.selected_index is None:
            return
        key = (id(table.state), table.eyes, table.selection, table.curtain)
        if key == self._board_key:
            return
        self._board_key = key
        if table.curtain is not None:
            self.board.value = "<p>Hidden while the laptop is passed.</p>"
            return
        pawns, targets = table_board_sentences(table)
        items = "".join(f"<li>{html.escape(p)}</li>" for p in pawns)
        body = f"<h4>Pawns</h4><ul>{items}</ul>"
        if targets:
            rows = "".join(f"<li>{html.escape(t)}</li>" for _space, t in targets)
            body += f"<h4>Spaces you may choose now</h4><ul>{rows}</ul>"
        self.board.value = body
