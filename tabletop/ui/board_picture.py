"""A static picture that follows a live table, so a saved notebook shows the board.

A widget shows nothing without its kernel. ``BoardPicture`` is a plain display
output (an SVG image of a match as one viewer sees it) shown next to a table and
replaced through its display handle whenever the table moves on; the notebook
file then holds the last position, which notebook viewers, nbconvert and a
JupyterLab reopened without a kernel all show. The widget's own output can carry
the same image (``tabletop.draw.with_picture`` in its ``_repr_mimebundle_``).

``TablePicture`` keeps a table's picture and its summary (``table.summary()``).
A table calls ``show`` where it displays itself and ``follow`` after every step or
change of viewer; ``follow`` sends nothing when the picture is unchanged.
"""

from __future__ import annotations

import asyncio
import html
import logging
from typing import TYPE_CHECKING, Any

from IPython.display import DisplayHandle, display

from tabletop.draw import PUBLIC, picture_bundle, with_picture
from tabletop.table.words.panels import summary as summary_of
from tabletop.ui.saving import under_voila

if TYPE_CHECKING:
    from tabletop.ui.model import TableModel

LOG = logging.getLogger(__name__)
PNG_AFTER = 1.0  # seconds the table stays still before its picture gets its PNG


class BoardPicture:
    """The display output of one table's current picture.

    Every ``show`` displays the picture under one display id, so when a table is
    shown in several cells, ``follow`` replaces all of its pictures at once.
    """

    def __init__(self) -> None:
        self._handle: DisplayHandle | None = None
        self._shown: str | None = None
        self._moment: tuple = ()
        self._png_timer: asyncio.TimerHandle | None = None

    @property
    def shown(self) -> bool:
        """Whether the picture has been displayed (``follow`` sends nothing before)."""
        return self._handle is not None

    def show(self, match: Any, viewer: Any = PUBLIC) -> None:
        """Display the picture of ``match`` at its cursor, as ``viewer`` sees it."""
        bundle = picture_bundle(match, viewer)
        if self._handle is None:
            self._handle = DisplayHandle()
        self._handle.display(bundle, raw=True)
        self._shown = bundle["image/svg+xml"]
        self._moment = _moment(match, viewer)

    def follow(self, match: Any, viewer: Any = PUBLIC) -> bool:
        """Replace the shown picture if the match or viewer changed it; returns
        whether anything was sent (nothing before ``show``).

        In a running kernel the SVG goes at once and its PNG (for a notebook
        opened untrusted, 0.1-0.2 CPU s to render) follows once the table has
        been still for ``PNG_AFTER`` seconds, so play never waits for it."""
        if self._handle is None:
            return False
        moment = _moment(match, viewer)
        if moment == self._moment:  # the same step, state and eyes: same picture
            return False
        self._moment = moment
        loop = _running_loop()
        bundle = picture_bundle(match, viewer, png=loop is None)
        if bundle["image/svg+xml"] == self._shown:
            return False
        self._handle.update(bundle, raw=True)
        self._shown = bundle["image/svg+xml"]
        if loop is not None:
            if self._png_timer is not None:
                self._png_timer.cancel()
            self._png_timer = loop.call_later(PNG_AFTER, self._add_png, match, viewer)
        return True

    def _add_png(self, match: Any, viewer: Any) -> None:
        """The shown picture again, with its PNG, unless the table moved on
        since (then its own timer does it)."""
        self._png_timer = None
        if self._handle is None or _moment(match, viewer) != self._moment:
            return
        try:
            self._handle.update(picture_bundle(match, viewer), raw=True)
        except Exception:  # a picture must never stop the table from playing
            LOG.exception("no PNG for the table's picture")


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's event loop, when this runs inside one (else None: a script
    or a test, where the PNG is made at once)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _moment(match: Any, viewer: Any) -> tuple:
    """What a picture depends on: the match, its step and length, the state at the
    step (an edit replaces it) and the viewer. The objects themselves, not their
    ids: a match dropped and a new one made at the same address is another."""
    return (_Same(match), match.cursor, len(match), _Same(match.state), str(viewer))


class _Same:
    """Equal to another only when holding the very same object (kept alive)."""

    __slots__ = ("obj",)

    def __init__(self, obj: Any) -> None:
        self.obj = obj

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Same) and other.obj is self.obj

    def __hash__(self) -> int:
        return id(self.obj)


class FollowingText(str):
    """A text that, displayed in a notebook, follows the table that made it.

    It is a ``str`` (``print`` it, compare it); shown as a cell's value it is a
    plain-text display output that ``FollowedText.follow`` replaces as the table
    moves on, so a notebook saved after playing says the step its picture shows
    (``Table.summary``).
    """

    def __new__(cls, text: str, shown: FollowedText) -> FollowingText:
        made = super().__new__(cls, text)
        made._shown = shown
        return made

    def _ipython_display_(self) -> None:
        self._shown.show(str(self))


class FollowedText:
    """The display outputs of one table's followed text, under one display id.

    Under Voila it is a widget instead: Voila draws a cell's outputs once and
    never replaces them (a display id's updates are dropped), so only a widget
    can follow the table there.
    """

    def __init__(self) -> None:
        self._handle: DisplayHandle | None = None
        self._widget: Any = None
        self._text = ""

    @property
    def shown(self) -> bool:
        """Whether the text has been displayed (nothing to follow before)."""
        return self._handle is not None or self._widget is not None

    def show(self, text: str) -> None:
        self._text = text
        if under_voila():
            import ipywidgets as w

            if self._widget is None:
                self._widget = w.HTML()
                self._widget.add_class("tabletop-summary")
            self._widget.value = _pre(text)
            display(self._widget)
            return
        if self._handle is None:
            self._handle = DisplayHandle()
        self._handle.display({"text/plain": text}, raw=True)

    def follow(self, text: str) -> bool:
        """Replace the shown text if it changed; returns whether anything was sent
        (nothing before ``show``)."""
        if not self.shown or text == self._text:
            return False
        self._text = text
        if self._widget is not None:
            self._widget.value = _pre(text)
        if self._handle is not None:
            self._handle.update({"text/plain": text}, raw=True)
        return True


def _pre(text: str) -> str:
    """A text as it reads in a notebook's output: kept lines, a fixed font."""
    return f"<pre style='margin:0'>{html.escape(text)}</pre>"


class TablePicture:
    """The picture and the summary that follow one table (its model).

    Between human seats the picture shows no hand (``TableModel.kept_eyes``): the
    notebook file is read later, by anyone. An online seat's table keeps no
    picture (its view lives on the server). Neither may ever stop the table from
    showing or playing: a failure is logged and the table goes on.
    """

    def __init__(self, model: TableModel) -> None:
        self.model = model
        self.board = BoardPicture()
        self.summary = FollowedText()

    def _kept(self) -> bool:
        return self.model.match.refusal("review") is None

    def with_picture(self, bundle: dict[str, Any] | None) -> dict[str, Any] | None:
        """The widget's output ``bundle`` with the picture of this moment."""
        if bundle is None or not self._kept():
            return bundle
        try:
            return with_picture(bundle, self.model.match, self.model.kept_eyes)
        except Exception:  # a picture must never stop the table from showing
            LOG.exception("no picture for this table")
            return bundle

    def display(self, bundle: dict[str, Any]) -> None:
        """Display the widget's output ``bundle``, then the picture that follows
        the table (one display id for every place the table is shown)."""
        game = self.model.game
        bundle["text/plain"] = (
            f"A live {game.name} table for {game.players} players: run "
            "the notebook to play (the picture below shows its last position)."
        )
        display(bundle, raw=True)
        if not self._kept():
            return
        try:
            self.board.show(self.model.match, self.model.kept_eyes)
        except Exception:  # a picture must never stop the table from showing
            LOG.exception("no picture for this table")

    def summary_text(self) -> FollowingText:
        """The summary of this moment, followed once shown."""
        return FollowingText(summary_of(self.model), self.summary)

    def follow(self) -> None:
        """Replace the shown picture (and summary) when the table shows something
        else."""
        if self.summary.shown:  # worded (legal actions counted) only then
            try:
                self.summary.follow(summary_of(self.model))
            except Exception:  # a summary must never stop the table from playing
                LOG.exception("the table's summary could not follow")
        if not self.board.shown or not self._kept():
            return
        try:
            self.board.follow(self.model.match, self.model.kept_eyes)
        except Exception:  # a picture must never stop the table from playing
            LOG.exception("the table's picture could not follow")
