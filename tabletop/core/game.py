"""The Game protocol every game implements, and the values it trades in.

A Game is a rules object (board plus options): what it answers depends only on its
options and the state it is given. It may own a bounded memo of derived data (one
game remembers the exchanges each hand may make), which never changes a result, only
how fast it comes. States are frozen values; ``apply`` returns a new state and the
events that happened, and never mutates its input. ``check`` is the meaning of
legality; ``legal_actions`` lists exactly the actions ``check`` accepts and
``explain`` says why each is legal.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import FrozenInstanceError, dataclass, field
from typing import Any, Protocol, runtime_checkable

from tabletop.core.errors import IllegalActionError
from tabletop.core.opaque import JSON, Action, Eyes, State
from tabletop.core.rng import Rng
from tabletop.core.viewers import Viewer, as_viewer

Words = Callable[[Mapping[str, Any]], str]
"""A sentence written when read: a function of an event's ``data``."""

_set = object.__setattr__


class Event:
    """Something that happened, with the clause that made it happen.

    An event is a frozen value. Its sentences for people (``text``, ``public``) may
    be given as words: a function of the event's ``data`` that writes the sentence,
    called only when the sentence is first read (then kept). Playouts read no
    sentence, so they never write one; every reader gets the same string either
    way. ``public`` words see ``data`` without its ``hidden`` keys, so a public
    sentence can never show a hidden value.

    Attributes:
        clause: the rule clause ID (``PH-3-FALL``).
        text: a sentence for the log (``Player 2 fell to underground space 17``).
        player: the seat it concerns, if any.
        kind: a short tag for programs (``roll``, ``move``, ``draw``, ``win``...).
        secret: True when the text reveals hidden information (a card drawn), so
            views for other seats show ``public`` instead.
        public: the text other seats may read when ``secret`` is set.
        data: the event's values for programs (``{"roll": 4}``, ``{"card": ...}``),
            documented per kind in each game's ``docs/rules-*.md``.
        hidden: the keys of ``data`` that only ``player`` (and the referee) may read;
            views drop them exactly as they swap ``text`` for ``public``.
        witnesses: other seats that may read the secret parts too (the player a
            card was taken from learns which card it was).
    """

    __slots__ = (
        "clause",
        "_text",
        "player",
        "kind",
        "secret",
        "_public",
        "data",
        "hidden",
        "witnesses",
    )
    # The slots' types (annotations only: a slot is no class attribute).
    clause: str
    _text: str | Words
    player: int | None
    kind: str
    secret: bool
    _public: str | Words
    data: Mapping[str, Any]
    hidden: tuple[str, ...]
    witnesses: tuple[int, ...]

    def __init__(
        self,
        clause: str,
        text: str | Words,
        player: int | None = None,
        kind: str = "",
        secret: bool = False,
        public: str | Words = "",
        data: Mapping[str, Any] | None = None,
        hidden: tuple[str, ...] = (),
        witnesses: tuple[int, ...] = (),
    ) -> None:
        # Each slot set through its own setter: the frozen class refuses
        # ``setattr``, and ``object.__setattr__`` looked each name up again at
        # every event (two or more a decision).
        _set_clause(self, clause)
        _set_text(self, text)
        _set_player(self, player)
        _set_kind(self, kind)
        _set_secret(self, secret)
        _set_public(self, public)
        _set_data(self, {} if data is None else data)
        _set_hidden(self, hidden)
        _set_witnesses(self, witnesses)

    @property
    def text(self) -> str:
        """The sentence for the log (written from ``data`` on first reading)."""
        text = self._text
        if isinstance(text, str):
            return text
        said = text(self.data)
        _set(self, "_text", said)
        return said

    @property
    def public(self) -> str:
        """The sentence other seats read when ``secret`` is set (written from the
        data they may read, on first reading)."""
        public = self._public
        if isinstance(public, str):
            return public
        said = public(self.open_data())
        _set(self, "_public", said)
        return said

    def open_data(self) -> dict[str, Any]:
        """``data`` without its ``hidden`` keys: what every seat may read."""
        hidden = self.hidden
        return {k: v for k, v in self.data.items() if k not in hidden}

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def _fields(self) -> tuple[Any, ...]:
        return (
            self.clause,
            self.text,
            self.player,
            self.kind,
            self.secret,
            self.public,
            self.data,
            self.hidden,
            self.witnesses,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event) or other.__class__ is not self.__class__:
            return NotImplemented
        return self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # ``data`` is a dict

    def __repr__(self) -> str:
        names = ("clause", "text", "player", "kind", "secret", "public", "data",
                 "hidden", "witnesses")  # fmt: skip
        shown = ", ".join(
            f"{n}={v!r}" for n, v in zip(names, self._fields(), strict=True)
        )
        return f"Event({shown})"

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled (sent to another process) with its sentences written.
        return (Event, self._fields())

    def __str__(self) -> str:
        return f"{self.text} ({self.clause})"

    def visible_to(self, viewer: Eyes) -> bool:
        """Whether ``viewer`` (a seat, None, or a ``Viewer``) reads the secret parts."""
        who = as_viewer(viewer)
        return who.sees(self.player) or any(who.sees(w) for w in self.witnesses)

    def seen_by(self, viewer: Eyes) -> str:
        """The log line a viewer may read (``None`` sees everything)."""
        if self.secret and not self.visible_to(viewer):
            return f"{self.public or 'a hidden event'} ({self.clause})"
        return str(self)

    def for_viewer(self, viewer: Eyes) -> Event:
        """This event as ``viewer`` may read it: secret text and data removed."""
        if self.visible_to(viewer) or not (self.secret or self.hidden):
            return self
        data = self.open_data()
        text = (self.public or "a hidden event") if self.secret else self.text
        return Event(self.clause, text, self.player, self.kind, False, "", data)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"clause": self.clause, "text": self.text}
        if self.player is not None:
            data["player"] = self.player
        if self.kind:
            data["kind"] = self.kind
        if self.secret:
            data["secret"] = True
            data["public"] = self.public
        if self.data:
            data["data"] = dict(self.data)
        if self.hidden:
            data["hidden"] = list(self.hidden)
        if self.witnesses:
            data["witnesses"] = list(self.witnesses)
        return data


# Each slot's own setter (its descriptor's ``__set__``), looked up once.
_SLOT = Event.__dict__
_set_clause: Callable[[Event, str], None] = _SLOT["clause"].__set__
_set_text: Callable[[Event, str | Words], None] = _SLOT["_text"].__set__
_set_player: Callable[[Event, int | None], None] = _SLOT["player"].__set__
_set_kind: Callable[[Event, str], None] = _SLOT["kind"].__set__
_set_secret: Callable[[Event, bool], None] = _SLOT["secret"].__set__
_set_public: Callable[[Event, str | Words], None] = _SLOT["_public"].__set__
_set_data: Callable[[Event, Mapping[str, Any]], None] = _SLOT["data"].__set__
_set_hidden: Callable[[Event, tuple[str, ...]], None] = _SLOT["hidden"].__set__
_set_witnesses: Callable[[Event, tuple[int, ...]], None] = _SLOT["witnesses"].__set__


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an action is not legal: the clause and a sentence."""

    clause: str
    reason: str

    def error(self) -> IllegalActionError:
        return IllegalActionError(self.clause, self.reason)

    def __str__(self) -> str:
        return f"{self.reason} [{self.clause}]"


@dataclass(frozen=True, slots=True)
class Explanation:
    """One legal action, why it is legal, and what it involves on the table.

    Attributes:
        action: the action object (``str(action)`` is its notation).
        clause: the clause that allows it.
        text: a sentence a player understands.
        label: a short button label.
        spaces: board ids a click on the board selects this action by.
        card: the card kind this action plays from the hand, if any.
        uses: every card kind the action takes from the hand, one per copy, when
            it takes several (a discard of four names four); empty when it takes
            ``card`` alone or none.
        seat: the other seat the action is aimed at (a swap's partner, an
            ambush's victim), if any.
        stays: the action keeps the mover's piece where it stands, by choice
            (play no card and stop): a tap on the piece plays it, where a tap
            on your own piece otherwise only shows what you can do there.
    """

    action: Action
    clause: str
    text: str
    label: str = ""
    spaces: tuple[str, ...] = ()
    card: str | None = None
    uses: tuple[str, ...] = ()
    seat: int | None = None
    stays: bool = False

    @property
    def cards(self) -> tuple[str, ...]:
        """The card kinds the action takes from the hand, one per copy."""
        if self.uses:
            return self.uses
        return (self.card,) if self.card is not None else ()


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: who won (``None`` for nobody) and why."""

    winner: int | None
    clause: str
    reason: str


@dataclass(frozen=True, slots=True)
class EditResult:
    """A validated state edit: the new state and the events describing it."""

    state: State
    events: tuple[Event, ...] = field(default_factory=tuple)


@runtime_checkable
class Game(Protocol):
    """What ``Match``, the UI, bots and simulations need from a game.

    Attributes:
        name: the registry name (``tabletop.core.registry``), by which saves,
            workers and links rebuild the game.
        players: the number of seats, 0..players-1.
        options: the rule options, JSON-able, passed back to the constructor.
        board: the validated board data.
    """

    name: str
    players: int
    options: Mapping[str, Any]
    board: JSON  # the board file as read and checked (tabletop.core.boards)

    def initial_state(self, seed: int) -> State: ...
    # Optional: ``setup(seed) -> (state, events)`` reports the setup events (deal,
    # roll-off); ``Match`` uses it when present and logs the events as step 0.
    # Optional: ``setup_from_rng(rng) -> (state, events)`` is ``setup`` drawing from
    # a given generator; games whose setup draws cards or dice offer it, so the
    # adapters (``tabletop.adapters``) can deal with a ``ChanceRng`` (explicit chance
    # nodes). A game without it must draw nothing in ``initial_state``.
    def to_move(self, state: State) -> int | None: ...
    def pending(self, state: State) -> str: ...
    def legal_actions(self, state: State) -> Sequence[Action]: ...
    # Optional: ``legal_parts(state) -> list of sequences`` is ``legal_actions`` in
    # parts (their concatenation, in order); a part handed out again as the same
    # tuple object holds the same actions, so the adapters number it once.
    def check(self, state: State, action: Action) -> Refusal | None: ...
    def apply(
        self, state: State, action: Action
    ) -> tuple[State, tuple[Event, ...]]: ...
    def outcome(self, state: State) -> Outcome | None: ...
    def view(self, state: State, player: int | Viewer | None) -> State: ...
    def explain(self, state: State) -> Sequence[Explanation]: ...
    def parse_action(self, text: str) -> Action: ...
    def state_to_json(self, state: State) -> dict[str, JSON]: ...
    def state_from_json(self, data: JSON) -> State: ...
    def edit(self, state: State, op: str, args: Mapping[str, Any]) -> EditResult: ...
    def determinize(self, view: State, player: int, rng: Rng) -> State: ...
    def invariants(self, state: State) -> list[str]: ...


def force_roll_edit(state: State, values: Any, sides: int = 6) -> EditResult:
    """The shared ``force_roll`` edit: queue die results in a state's ``rng``.

    Games whose state keeps its generator in a field named ``rng`` call this from
    their ``edit`` for ``op == "force_roll"``.
    """
    import dataclasses

    from tabletop.core.errors import IllegalEditError

    if isinstance(values, int):
        values = [values]
    if not isinstance(values, list | tuple) or not values:
        raise IllegalEditError("force_roll needs a die value or a list of them")
    try:
        rng = state.rng.force(*values, sides=sides)
    except ValueError as exc:
        raise IllegalEditError(str(exc)) from None
    shown = ", ".join(str(v) for v in values)
    event = Event(
        "TT-FORCE",
        f"the next die roll was forced to {shown}",
        kind="edit",
        secret=True,  # a seat must not see the dice to come (the views blank them)
        public="the next die roll was forced",
        data={"op": "force_roll", "values": list(values)},
        hidden=("values",),
    )
    return EditResult(dataclasses.replace(state, rng=rng), (event,))
