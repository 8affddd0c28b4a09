"""The seat protocol: the frames client and server trade, and what a viewer may see.

Every frame is one JSON object with a type ``t``. The client's first frame is
``hello`` (protocol version, room, token, and optionally ``render``: ``"svg"``
asks for the browser page's pictures and words, ``tabletop.online.page``); the
server answers ``welcome`` and a
``view``, or an ``error`` and closes. After that the client sends ``play``,
``view_at``, ``undo_request``, ``undo_answer``, ``export`` or ``ping``, each with an
optional ``id`` the answer echoes. Every view is built from the viewer's own view of
the state (``game.view(state, seat)``), serialised by the game and scrubbed of any
generator, so no frame can carry another seat's hand, the deck order or the seed.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from tabletop.core import Event, Explanation, Game, IllegalActionError, Refusal
from tabletop.core.jsonio import strict_loads
from tabletop.core.opaque import Eyes, State
from tabletop.core.viewers import PUBLIC  # noqa: F401 - the spectator's viewer

PROTOCOL_VERSION = 2  # 2: view frames carry menus and tap tables

#: Frames larger than this are answered with an error and ignored.
MAX_FRAME = 4096
#: The websocket layer closes a connection sending anything larger than this.
MAX_MESSAGE = 64 * 1024
#: The longest text a field may hold (a room id, a token, an action's notation).
MAX_TEXT = 256


CLIENT_FRAMES: dict[str, dict[str, type]] = {
    "hello": {"protocol": int, "room": str, "token": str},
    "play": {"action": str, "at": int},
    "view_at": {"step": int},
    "undo_request": {},
    "undo_answer": {"accept": bool},
    "export": {},
    "ping": {},
}


#: Optional fields a frame may carry, and the values each may take.
OPTIONAL_FIELDS: dict[str, dict[str, tuple[str, ...]]] = {"hello": {"render": ("svg",)}}


class ProtocolError(ValueError):
    """A frame the server cannot take: a code and a sentence for the error frame."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def parse_frame(text: str | bytes) -> dict[str, Any]:
    """A client frame, checked for shape and types.

    Raises:
        ProtocolError: too large, not JSON, not an object, an unknown type or a
            field missing or of the wrong type.
    """
    if len(text) > MAX_FRAME:
        raise ProtocolError("too_large", f"frames are limited to {MAX_FRAME} bytes")
    if isinstance(text, bytes):
        raise ProtocolError("binary", "frames are JSON text, not binary")
    try:
        frame = strict_loads(text)
    except ValueError:
        raise ProtocolError("bad_json", "the frame is not valid JSON") from None
    if not isinstance(frame, dict):
        raise ProtocolError("bad_frame", "a frame is a JSON object")
    kind = frame.get("t")
    if kind not in CLIENT_FRAMES:
        raise ProtocolError("unknown_type", f"unknown frame type {str(kind)[:40]!r}")
    ident = frame.get("id")
    if ident is not None and not (
        (isinstance(ident, int) and not isinstance(ident, bool) and _fits(ident))
        or (isinstance(ident, str) and len(ident) <= 64 and _is_text(ident))
    ):
        raise ProtocolError(
            "bad_field", "'id' must be a 64-bit int or a short string of valid text"
        )
    for field, kind_of in CLIENT_FRAMES[kind].items():
        value = frame.get(field)
        if not isinstance(value, kind_of) or (
            kind_of is int and isinstance(value, bool)
        ):
            raise ProtocolError(
                "bad_field", f"'{kind}' needs '{field}' ({kind_of.__name__})"
            )
        if isinstance(value, str) and not (len(value) <= MAX_TEXT and _is_text(value)):
            raise ProtocolError(
                "bad_field",
                f"'{kind}' needs '{field}' as valid text of at most {MAX_TEXT} "
                "characters",
            )
        if isinstance(value, int) and not _fits(value):
            raise ProtocolError(
                "bad_field", f"'{kind}' needs '{field}' within a 64-bit int"
            )
    for field, allowed in OPTIONAL_FIELDS.get(kind, {}).items():
        if field in frame and frame[field] not in allowed:
            raise ProtocolError(
                "bad_field",
                f"'{kind}' takes '{field}' as one of {', '.join(allowed)}, if at all",
            )
    return frame


def _is_text(value: str) -> bool:
    """Whether ``value`` is text that UTF-8 can carry (no lone surrogates, which
    JSON's ``\\ud800`` escapes can smuggle in) and holds no NUL."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return "\x00" not in value


def _fits(value: int) -> bool:
    return -(2**63) <= value < 2**63


def dumps(frame: Mapping[str, Any]) -> str:
    return json.dumps(frame, separators=(",", ":"))


def error_frame(code: str, message: str, ident: Any = None) -> dict[str, Any]:
    frame = {"t": "error", "code": code, "message": message}
    if ident is not None:
        frame["id"] = ident
    return frame


# -- what a viewer sees ---------------------------------------------------------------
def view_of(game: Game, state: State, viewer: Eyes) -> Any:
    """The state as ``viewer`` may see it: a seat, ``PUBLIC`` or ``None`` (referee)."""
    if viewer is None:
        return state
    return game.view(state, viewer)


def scrub(data: Any) -> Any:
    """Blank every generator in a state's JSON form (``{"counter", "forced"}``).

    A view already hides the generator's position; this makes sure of it whatever
    the game calls the field, since the generator reveals every future card.
    """
    if isinstance(data, dict):
        if set(data) == {"counter", "forced"}:
            return {"counter": 0, "forced": []}
        return {key: scrub(value) for key, value in data.items()}
    if isinstance(data, list):
        return [scrub(value) for value in data]
    return data


def state_payload(game: Game, state: State, viewer: Eyes) -> dict[str, Any]:
    """The JSON a viewer receives for a state: its view, scrubbed."""
    payload: dict[str, Any] = scrub(game.state_to_json(view_of(game, state, viewer)))
    return payload


def log_sentences(
    index: int,
    events: tuple[Event, ...],
    viewer: Eyes,
    say: Callable[[Event, Any], str] | None = None,
) -> list[list[int | str]]:
    """A step's events as ``[step, text]`` pairs the viewer may read: in the
    game's words when ``say(event, viewer)`` says them (``Look.event_sentence``, or a
    room's memo of it: every card named or counted as the notebook table says
    it), then the clause in brackets as the engine's sentence ends; else the
    engine's sentence."""
    if say is not None:
        return [[index, worded_event(say, event, viewer)] for event in events]
    return [[index, event.seen_by(viewer)] for event in events]


def worded_event(say: Callable[[Event, Any], str], event: Event, viewer: Eyes) -> str:
    """One log entry in the game's words (``say``), ending with the event's clause."""
    said = say(event, viewer)
    return f"{said} ({event.clause})" if event.clause else said


def legal_payload(explanations: tuple[Explanation, ...]) -> list[dict[str, Any]]:
    return [
        {
            "action": str(e.action),
            "clause": e.clause,
            "text": e.text,
            "label": e.label,
            "spaces": list(e.spaces),
            "card": e.card,
        }
        for e in explanations
    ]


def legal_from_payload(
    game: Game, entries: list[dict[str, Any]]
) -> tuple[Explanation, ...]:
    return tuple(
        Explanation(
            action=game.parse_action(e["action"]),
            clause=e["clause"],
            text=e["text"],
            label=e.get("label", ""),
            spaces=tuple(e.get("spaces", ())),
            card=e.get("card"),
        )
        for e in entries
    )


def seat_refusal(
    game: Game, state: State, seat: int, notation: str, refused: IllegalActionError
) -> Refusal:
    """The refusal of ``seat``'s action (``notation``) on ``state``, in words built
    from that seat's view, so that a refusal can never describe a card the seat
    cannot see. A notation that does not parse is refused as it is."""
    try:
        action = game.parse_action(notation)
    except IllegalActionError:
        return Refusal(refused.clause, refused.reason)
    try:
        seen = game.check(game.view(state, seat), action)
    except (IllegalActionError, ValueError, KeyError, IndexError, TypeError):
        seen = None
    return seen or Refusal(refused.clause, "this action is not legal now")
