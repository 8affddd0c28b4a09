"""The browser page a join link opens: one self-contained file that draws frames.

``GET /play/<room>`` serves ``play_page.html`` (beside this module): one file with
its own script and styles that reads the token from the link's ``#fragment``,
says ``hello`` with ``"render": "svg"`` and draws what the server sends: the
welcome's board (``tabletop.table.frame.board_payload``) and each view's frame
(``tabletop.table.frame.view_payload``). What a tap means comes with the frame
(its menus and tap tables); the page's sentences come from
``tabletop.table.words`` (``PAGE_WORDS``, filled in here), so the page holds no
rule and no sentence of its own. Only such connections get frames, so a Python
client costs the server nothing more.
"""

from __future__ import annotations

import html
import json
from pathlib import Path

from tabletop.table.frame import SETTLE_MS
from tabletop.table.words import CONNECTION_LOST, PAGE_WORDS

PAGE_FILE = Path(__file__).with_name("play_page.html")


def page_html(room: str, protocol: int, nonce: str) -> str:
    """The page for ``room``: the template with the protocol version, the room,
    the script and style nonce and the table's sentences filled in."""
    fills = {
        "{{ROOM}}": _js(room),
        "{{PROTOCOL}}": str(int(protocol)),
        "{{NONCE}}": html.escape(nonce),
        "{{SETTLE_MS}}": str(int(SETTLE_MS)),
        "{{LOST}}": _js(CONNECTION_LOST[:1].upper() + CONNECTION_LOST[1:]),
        "{{WORDS}}": _js(PAGE_WORDS),
        "{{TITLE}}": html.escape(PAGE_WORDS["page_title"]),
    }
    text = PAGE_FILE.read_text(encoding="utf-8")
    for key, value in fills.items():
        text = text.replace(key, value)
    return text


def _js(value: object) -> str:
    """A JavaScript literal that cannot close the script it sits in."""
    return json.dumps(value).replace("<", "\\u003c")
