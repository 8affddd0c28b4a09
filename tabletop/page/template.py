"""The seat page as text: its template, script and styles, filled from Python.

The page is three files beside this module: ``page.html`` (the document),
``page.js`` (its script) and ``page.css`` (its styles). The seat server serves
them as one file, script and styles inline under a nonce (``page_html``); the
static site writes them as three (``page_files``). Either way every figure the
script needs that the table decides (the protocol's version, ``SETTLE_MS``, the
tap's reach and the zoom's steps: ``tabletop.draw.figures``) and every sentence
(``tabletop.table.words.PAGE_WORDS``) are filled in here, so the script holds no
rule, no constant of the table and no sentence of its own.
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass
from pathlib import Path

from tabletop.draw.figures import page_figures
from tabletop.table.frame import SETTLE_MS
from tabletop.table.words import CONNECTION_LOST, PAGE_WORDS

HERE = Path(__file__).parent
PAGE_FILE, SCRIPT_FILE, STYLE_FILE = (
    HERE / "page.html",
    HERE / "page.js",
    HERE / "page.css",
)


@dataclass(frozen=True)
class PageFiles:
    """The page for the static site: the document with no script or styles in
    it (the site links them), the script and the styles."""

    document: str
    script: str
    style: str


def _fill(text: str, room: str, protocol: int) -> str:
    fills = {
        "{{ROOM}}": _js(room),
        "{{PROTOCOL}}": str(int(protocol)),
        "{{SETTLE_MS}}": str(int(SETTLE_MS)),
        "{{FIGURES}}": _js(page_figures()),
        "{{LOST}}": _js(CONNECTION_LOST[:1].upper() + CONNECTION_LOST[1:]),
        "{{WORDS}}": _js(PAGE_WORDS),
        "{{TITLE}}": html.escape(PAGE_WORDS["page_title"]),
    }
    for key, value in fills.items():
        text = text.replace(key, value)
    return text


def page_html(room: str, protocol: int, nonce: str) -> str:
    """The page for ``room`` as one file: the template with the script and the
    styles inline under ``nonce``, and the protocol version, the room, the
    table's figures and its sentences filled in."""
    text = PAGE_FILE.read_text(encoding="utf-8")
    text = text.replace("{{STYLE}}", STYLE_FILE.read_text(encoding="utf-8"))
    text = text.replace("{{SCRIPT}}", SCRIPT_FILE.read_text(encoding="utf-8"))
    text = text.replace("{{NONCE}}", html.escape(nonce))
    return _fill(text, room, protocol)


def page_files(room: str, protocol: int, head: str, tail: str) -> PageFiles:
    """The page as three files (the static site's): the document with ``head``
    where the styles were and ``tail`` where the script was, the script and the
    styles, filled in as ``page_html`` fills them."""
    text = PAGE_FILE.read_text(encoding="utf-8")
    text = text.replace('<style nonce="{{NONCE}}">{{STYLE}}</style>', head)
    text = text.replace('<script nonce="{{NONCE}}">{{SCRIPT}}</script>', tail)
    if "{{STYLE}}" in text or "{{SCRIPT}}" in text:
        raise ValueError("the page's template has no style or script place")
    return PageFiles(
        document=_fill(text, room, protocol),
        script=_fill(SCRIPT_FILE.read_text(encoding="utf-8"), room, protocol),
        style=STYLE_FILE.read_text(encoding="utf-8"),
    )


def _js(value: object) -> str:
    """A JavaScript literal that cannot close the script it sits in."""
    return json.dumps(value).replace("<", "\\u003c")
