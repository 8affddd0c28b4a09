"""Saving and loading a table's match: the Save / load tab and the autosave file.

A save is the match's own JSON (``Match.save``); loading always goes through the
strict loader (``Match.load``), which replays every step through the rules and
refuses an altered or foreign file. Autosave writes the match after every move to a
file of its own in a ``.tabletop/`` folder beside the notebook, named by notebook
and table, so a table made again after a kernel restart offers to resume it. Under
Voila each visitor's tables save in a folder of their own, named by an unguessable
id their page's link carries (``tabletop.ui.visitor_link``): the link brings the
game back, and visitors never share or resume each other's games.
"""

from __future__ import annotations

import html
import os
import re
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from tabletop.core import Match, TabletopError
from tabletop.ui.visitor_link import Visit, link_widgets

if TYPE_CHECKING:
    from tabletop.ui.controller import Table
    from tabletop.ui.model import TableModel

AUTOSAVE_DIR = ".tabletop"


def under_voila() -> bool:
    """Whether this kernel serves a Voila page (Voila sets these for its kernels)."""
    return any(k in os.environ for k in ("VOILA_KERNEL_ID", "VOILA_BASE_URL"))


def in_a_kernel() -> bool:
    """Whether this runs in a Jupyter kernel (not a plain script or a test)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


def autosave_by_default() -> bool:
    """Autosave play tables in a kernel (under Voila, to the visitor's own
    folder: ``visitor_save_path``); not in a plain script or a test."""
    return in_a_kernel()


def notebook_stem() -> str:
    """The running notebook's name without folder and suffix ("play_race" for
    ``play_race.ipynb``; under Voila, from the page's path)."""
    path = os.environ.get("JPY_SESSION_NAME", "")
    if not path and under_voila():
        path = os.environ.get("SCRIPT_NAME", "")
    stem = Path(path).stem if path else "notebook"
    return _safe(stem) or "notebook"


def autosave_path(table_name: str, folder: str | Path = ".") -> Path:
    """The autosave file of a table: ``.tabletop/<notebook>-<table>.json``."""
    name = f"{notebook_stem()}-{_safe(table_name) or 'table'}.json"
    return Path(folder) / AUTOSAVE_DIR / name


def visitor_save_path(visit: Visit, table_name: str) -> Path:
    """A Voila visitor's autosave of a table:
    ``.tabletop/visitors/<id>/<notebook>-<table>.json``."""
    return visit.save_path(notebook_stem(), _safe(table_name) or "table")


def _safe(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("._")


class SaveLoad:
    """The Save / load tab: a file name, Save, Load and what happened.

    Args:
        model: the table's model, whose match is saved and loaded.
        guard: wraps callbacks so errors show in the table (``Table._guard``).
    """

    def __init__(self, model: TableModel, guard: Callable[[Any], Any]) -> None:
        self.model = model
        self.name = w.Text(
            value=f"{model.game.name}_game.json",
            description="file",
            layout=w.Layout(width="320px"),
            style={"description_width": "36px"},
        )
        self.name.add_class("tabletop-save-name")
        self.save_button = w.Button(description="Save", button_style="primary")
        self.save_button.add_class("tabletop-save")
        self.save_button.on_click(guard(lambda _: self.save()))
        self.load_button = w.Button(description="Load")
        self.load_button.add_class("tabletop-load")
        self.load_button.on_click(guard(lambda _: self.load()))
        self.info = w.HTML()
        self.info.add_class("tabletop-save-info")
        self.deal = w.HTML()
        self.deal.add_class("tabletop-save-deal")
        self.visit: Visit | None = None
        # A Voila visitor's link, shown above the board (``show_visit``).
        self.link_box = w.VBox(layout=w.Layout(display="none"))
        self.link_box.add_class("tabletop-link-box")
        self.widget = w.VBox(
            [
                w.HBox([self.name, self.save_button, self.load_button]),
                self.info,
                self.deal,
            ]
        )

    def path(self) -> Path:
        text = self.name.value.strip() or f"{self.model.game.name}_game.json"
        return Path(text if text.endswith(".json") else f"{text}.json")

    def save(self, path: str | Path | None = None) -> Path:
        """Save the shown line of the match (every step, the cursor kept)."""
        target = Path(path) if path is not None else self.path()
        if target.parent != Path():
            target.parent.mkdir(parents=True, exist_ok=True)
        self.model.match.save(target)
        self.info.value = (
            f"Saved step {self.model.step} of {self.model.length} to "
            f"<code>{html.escape(str(target))}</code>."
        )
        return target

    def load(self, path: str | Path | None = None) -> Match:
        """Load a save through the strict loader and play on from it."""
        source = Path(path) if path is not None else self.path()
        try:
            match = Match.load(source)
        except TabletopError as exc:
            self.info.value = (
                f"<span style='color:#b71c1c'>Not loaded: {html.escape(str(exc))}"
                "</span>"
            )
            raise
        self.model.load_match(match)
        self.info.value = (
            f"Loaded <code>{html.escape(str(source))}</code>: step {match.cursor} "
            f"of {len(match)}."
        )
        return match

    def show_visit(self, visit: Visit) -> None:
        """Show a Voila visitor the link that brings their game back (the page's
        address takes it on too)."""
        self.visit = visit
        self.link_box.children = link_widgets(visit)
        self.link_box.layout.display = ""
        self.info.value = ""
        self.render()

    def render(self) -> None:
        self.deal.value = deal_html(self.model)
        auto = self.model.autosave
        if auto is not None and not self.info.value and self.visit is not None:
            self.info.value = (
                "Every move is saved for this page's link (above the board): "
                "loading the page with it offers to resume this game."
            )
        elif auto is not None and not self.info.value:
            self.info.value = (
                f"Every move is saved to <code>{html.escape(str(auto))}</code>; "
                "making this table again after a restart offers to resume."
            )


def deal_html(model: TableModel) -> str:
    """The seed of the deal on show and how to deal it again, in words (a table
    made without a seed deals a fresh one, which only this line names)."""
    seed = getattr(model.match, "seed", None)
    if not isinstance(seed, int):
        return ""
    return (
        f"<span style='color:#555'>This deal is seed <b>{seed}</b>. To play the "
        "same deal again, press <i>Play again</i> when the game ends, or make a "
        f"new table with seed {seed}.</span>"
    )


#: The live table of each autosave file (resolved path -> the table). A table
#: made for a file closes the one before it: that one's cell was run again, and a
#: page reloaded from an older copy of the notebook would show it live, its moves
#: overwriting the newer game's save.
_LIVE_BY_SAVE: dict[Path, weakref.ref] = {}


def take_over(table: Table, save: Path) -> None:
    """Make ``table`` the one live table of ``save``: the table made for it before,
    if it is still open, is closed (``Table.close``) and writes the file no more."""
    key = save.resolve()
    known = _LIVE_BY_SAVE.get(key)
    before = known() if known is not None else None
    if before is not None and before is not table:
        before.close()
    _LIVE_BY_SAVE[key] = weakref.ref(table)
