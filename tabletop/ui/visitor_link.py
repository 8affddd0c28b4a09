"""A Voila visitor's own game, kept under an unguessable id carried by the page's link.

Voila gives every visitor a kernel of their own and passes it the page's query
string (``QUERY_STRING`` in the kernel's environment; with preheated kernels,
``voila.utils.get_query_string()``). A table under Voila saves every move to a
folder of the visitor's own, ``.tabletop/visitors/<id>/``, whose ``id`` is made
here (``secrets.token_urlsafe``: 128 random bits) and shown as the page's link
(``?game=<id>``), which the page's address also takes on. Loading the page again
with that link offers to resume the game; a visit without it, or with another
visitor's link, never sees this one's game.

Only ids made here are accepted: an id that is not of their form is refused with a
message, and so is one of the right form that no visit made (a folder is made for
each new id at once), so nobody plays under an id chosen to be guessed. Either
way the visitor gets a new game with a link of its own.
"""

from __future__ import annotations

import html
import json
import os
import re
import secrets
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qsl, urlencode

import ipywidgets as w

GAME_PARAM = "game"  # the query parameter of the link: ``?game=<id>``
ID_BYTES = 16  # random bytes of an id: 22 URL-safe characters
GAME_ID = re.compile(r"[A-Za-z0-9_-]{22}")
VISITORS_DIR = Path(".tabletop") / "visitors"
SHOWN_CHARACTERS = 40  # of a refused id, quoted back in the message


class GameIdError(ValueError):
    """A link's game id that is refused, saying why."""


def new_game_id() -> str:
    """A fresh, unguessable game id (22 URL-safe characters)."""
    return secrets.token_urlsafe(ID_BYTES)


def parse_game_id(text: str) -> str:
    """``text`` if it has the form of a game id this module makes.

    Raises:
        GameIdError: it has not; the message quotes it (cut) and says the form.
    """
    if GAME_ID.fullmatch(text):
        return text
    shown = text if len(text) <= SHOWN_CHARACTERS else text[:SHOWN_CHARACTERS] + "…"
    raise GameIdError(
        f"the link's game id {shown!r} is not a game id of this page (those are "
        "22 letters, digits, '-' or '_')"
    )


def game_id_in(query: str) -> str | None:
    """The game id a page's query string carries (``game=<id>``), or None.

    Raises:
        GameIdError: the id is malformed, or the query names two different games.
    """
    given = {value for key, value in parse_qsl(query, True) if key == GAME_PARAM}
    if not given:
        return None
    if len(given) > 1:
        raise GameIdError("the link names more than one game")
    return parse_game_id(given.pop())


def link_query(query: str, game_id: str) -> str:
    """The page's query string with ``game=<id>`` in place of any game it named
    (its other parameters, such as Voila's ``template``, are kept)."""
    kept = [(k, v) for k, v in parse_qsl(query, True) if k != GAME_PARAM]
    return urlencode([*kept, (GAME_PARAM, game_id)])


def page_query() -> str:
    """The query string of the page this kernel serves ('' outside Voila).

    A preheated Voila kernel runs the notebook before anyone asks for the page
    and gets the visitor's query string when they do: ``get_query_string``
    waits for it, as Voila's documentation says to.
    """
    if os.environ.get("VOILA_PREHEAT") == "True":
        from voila.utils import get_query_string

        return get_query_string() or ""
    return os.environ.get("QUERY_STRING", "")


@dataclass(frozen=True)
class Visit:
    """One visitor's game id and where their tables save.

    Attributes:
        game_id: the id of the visitor's game (their link's ``game=``).
        query: the page's query string with that id (``link_query``).
        problem: why the id the page's link carried was not used ('' when it
            was, or when it carried none).
        folder: the folder the notebook runs in (Voila runs it beside itself).
    """

    game_id: str
    query: str
    problem: str = ""
    folder: Path = Path()

    @property
    def saves(self) -> Path:
        """The folder of this visitor's saves: ``.tabletop/visitors/<id>``."""
        return self.folder / VISITORS_DIR / self.game_id

    def save_path(self, notebook: str, table_name: str) -> Path:
        """The autosave of one table of one notebook for this visitor."""
        return self.saves / f"{notebook}-{table_name}.json"

    @property
    def href(self) -> str:
        """The link, relative to the page (``?game=<id>``, its other
        parameters kept)."""
        return "?" + self.query


def open_visit(query: str, folder: str | Path = ".") -> Visit:
    """The visit of a page whose query string is ``query``: the game its link
    carries when that game's folder exists, else a new game id (its folder made
    at once), with the reason the link's id was refused."""
    base = Path(folder)
    problem = ""
    try:
        given = game_id_in(query)
    except GameIdError as exc:
        given, problem = None, f"Not resumed: {exc}."
    if given is not None:
        if (base / VISITORS_DIR / given).is_dir():
            return Visit(given, link_query(query, given), folder=base)
        problem = (
            "Not resumed: no game is kept under the link's id on this server "
            "(mistyped, or made elsewhere)."
        )
    while True:  # a clash of 128 random bits never happens; the folder says so
        game_id = new_game_id()
        try:
            (base / VISITORS_DIR / game_id).mkdir(parents=True)
        except FileExistsError:
            continue
        return Visit(game_id, link_query(query, game_id), problem, base)


# The visit of this kernel: Voila gives each page a kernel of its own, so every
# table the page's notebook makes shares the one id its link shows. Made again, a
# page without an id would get a second id and lose the first table's game (and a
# preheated kernel would wait a second time for a query string sent once).
_VISITS: dict[Path, Visit] = {}


def this_visit(folder: str | Path = ".") -> Visit:
    """The visit of the page this kernel serves (one per kernel and folder)."""
    key = Path(folder).resolve()
    if key not in _VISITS:
        _VISITS[key] = open_visit(page_query(), folder)
    return _VISITS[key]


# The page's address takes on the link, so a reload or a bookmark keeps the game;
# the link's text becomes the whole address the browser resolves it to.
ADDRESS_SCRIPT = """
(() => {
  const query = %s;
  const url = new URL(window.location.href);
  if (url.search !== '?' + query) {
    url.search = query;
    window.history.replaceState(window.history.state, '', url.href);
  }
  let tries = 0;
  const spell = () => {  // once the line is in the page
    const box = element.closest && element.closest('.tabletop-link-box');
    const link = box && box.querySelector('a.tabletop-link');
    if (link) link.textContent = link.href;
    else if (tries++ < 150) setTimeout(spell, 100);
  };
  spell();
})();
"""


def link_html(visit: Visit) -> str:
    """The line that shows the visitor their game's link (and why the link they
    came with was not used, if it was not)."""
    href = html.escape(visit.href, quote=True)
    text = (
        f"<b>Your game's link:</b> <a class='tabletop-link' href='{href}'>{href}</a>"
        " - bookmark it to come back to this game (saved after every move); without"
        " it, this page deals a new game."
    )
    if visit.problem:
        text = (
            f"<span class='tabletop-link-problem' style='color:#b71c1c'>"
            f"{html.escape(visit.problem)} A new game has started.</span><br>{text}"
        )
    # one line on a laptop's screen, so the board stays in view below it
    return f"<small style='line-height:1.3'>{text}</small>"


def link_widgets(visit: Visit) -> tuple[w.HTML, w.Output]:
    """The link line and the hidden output whose script puts the link in the
    page's address."""
    line = w.HTML(link_html(visit))
    line.add_class("tabletop-link-line")
    script = w.Output(layout=w.Layout(display="none"))
    script.outputs = (
        {
            "output_type": "display_data",
            "data": {
                "application/javascript": ADDRESS_SCRIPT % json.dumps(visit.query),
                "text/plain": "",
            },
            "metadata": {},
        },
    )
    return line, script
