"""``MatchLike``: what a view may ask of a match, whoever holds its timeline.

Two classes implement it: ``tabletop.core.Match``, the local timeline that keeps
every step's full state, and ``tabletop.online.RemoteMatch``, one seat's view of a
room on the seat server, which keeps only the views that seat may see. A view
written against ``MatchLike`` cannot tell them apart; what a holder may not do is
asked with ``refusal(what)``, which answers with the reason (or ``None``), so a
view shows the reason instead of a control that would fail.

The capabilities ``refusal`` knows are ``CAPABILITIES``:

- ``branch``: playing from an earlier step starts a new line (the steps ahead of
  the cursor are dropped or kept as another line);
- ``fork``: a new match sharing this one's past;
- ``edit``: validated edits of the state (``edit``, ``force_roll``);
- ``save``: writing the whole timeline to a file (``save``, ``to_json``);
- ``review``: the review, hints, recap and pictures, which need every step's full
  state;
- ``seats``: reseating a seat (human, bot, nobody);
- ``viewer``: looking through another seat's eyes;
- ``new_game``, ``replay_deal``, ``load``: replacing the game by a new deal, the
  same deal again, or a saved game;
- ``bots``: local bots playing seats;
- ``hint``: a suggested move for the seat to move.

Playing is not a capability: ``check`` and ``play`` answer for each action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from tabletop.core.game import Event, Explanation, Outcome, Refusal
from tabletop.core.opaque import JSON, Action, Eyes, State

if TYPE_CHECKING:  # tabletop.core.match imports this module
    from tabletop.core.match import Step

CAPABILITIES = (
    "branch",
    "fork",
    "edit",
    "save",
    "review",
    "seats",
    "viewer",
    "new_game",
    "replay_deal",
    "load",
    "bots",
    "hint",
)
"""Every ``what`` that ``MatchLike.refusal`` answers for."""


def check_capability(what: Any) -> str:
    """``what`` if it is one of ``CAPABILITIES``.

    Raises:
        ValueError: naming the capabilities, for anything else.
    """
    if what not in CAPABILITIES:
        raise ValueError(
            f"unknown capability {what!r}; expected one of: {', '.join(CAPABILITIES)}"
        )
    return str(what)


@runtime_checkable
class MatchLike(Protocol):
    """A match as a view uses it: a local ``Match`` or an online ``RemoteMatch``.

    ``isinstance(x, MatchLike)`` checks that every member is there (not their
    signatures: ``tests/test_matchlike.py`` does that for both classes).
    """

    # -- what it holds ------------------------------------------------------------
    @property
    def game(self) -> Any:
        """The Game instance (its rules, views and notation)."""

    @property
    def seed(self) -> int | None:
        """The seed of every random thing, or ``None`` where it is not known (an
        online seat: the seed would reveal every hand)."""

    @property
    def state(self) -> State:
        """The state at the cursor, as this holder may see it (the full state for
        a ``Match``, the seat's own view for a ``RemoteMatch``)."""

    @property
    def cursor(self) -> int:
        """The step shown (0 = the initial state)."""

    @property
    def steps(self) -> tuple[Step, ...]:
        """The steps this holder keeps: every step for a
        ``Match``, ``()`` for a ``RemoteMatch``, which keeps only views."""

    @property
    def setup_events(self) -> tuple[Event, ...]:
        """What happened while setting up (``()`` where it is not kept)."""

    @property
    def over(self) -> bool:
        """Whether the game has ended."""

    @property
    def undo_status(self) -> dict[str, JSON]:
        """Where an undo request stands (``{}``: none is open)."""

    def __len__(self) -> int:
        """The number of steps on the timeline."""

    # -- the position at the cursor -----------------------------------------------
    def to_move(self) -> int | None: ...

    def pending(self) -> str: ...

    def outcome(self) -> Outcome | None: ...

    def legal_actions(self) -> tuple[Action, ...]: ...

    def explain(self) -> tuple[Explanation, ...]: ...

    def check(self, action: Action) -> Refusal | None:
        """``None`` if the action (or notation) may be played now, else why not."""

    def view(self, viewer: Eyes = None) -> State:
        """The state at the cursor as ``viewer`` may see it."""

    def log(self, viewer: Eyes = None) -> list[str]:
        """The log up to the cursor, as ``viewer`` may read it."""

    def state_at(self, step: int) -> State:
        """The state at ``step`` as this holder may see it; the cursor stays."""

    # -- moving along -------------------------------------------------------------
    def play(self, action: Action) -> tuple[Event, ...]:
        """Play an action or its notation; raises ``IllegalActionError``."""

    def goto(self, step: int) -> int: ...

    def undo(self, n: int = 1) -> int: ...

    def redo(self, n: int = 1) -> int: ...

    def fork(self) -> Any:
        """A new match sharing the past up to the cursor."""

    def save(self, path: Any) -> None: ...

    def request_undo(self) -> None:
        """Take back the last action (locally at once; online, the other humans
        answer)."""

    def answer_undo(self, accept: bool) -> None:
        """Accept or decline the undo another seat asked for."""

    def last_chance_step(self) -> int:
        """The last step of the timeline that showed a chance outcome (a die
        rolled, a card drawn), or 0: undo never goes back past it in a room, nor
        does a new line start before it between the human seats of a table. A
        ``RemoteMatch``, which cannot see the generator, answers its latest step."""

    def refusal(self, what: str) -> Refusal | None:
        """What this holder may not do (one of ``CAPABILITIES``), with the reason,
        or ``None`` when it may.

        Raises:
            ValueError: ``what`` is not one of ``CAPABILITIES``.
        """
