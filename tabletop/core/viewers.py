"""Who may see what: one viewer model for every output of the tabletop.

A viewer is a seat (sees its own hidden things and everything public), the public
(a spectator: sees only what lies face up), or the referee (sees everything). Views
of states, event text and data, images, replays, network messages and observations
are all produced through ``Viewer.sees``, so the rule is written once.

Wherever a viewer is asked for, the short forms are accepted too: a seat number,
``None`` for the referee, and the words ``"public"`` (or ``"spectator"``) and
``"referee"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

_KINDS = ("seat", "public", "referee")


@dataclass(frozen=True, slots=True)
class Viewer:
    """A seat, the public, or the referee.

    Attributes:
        kind: ``"seat"``, ``"public"`` or ``"referee"``.
        seat: the seat number when ``kind == "seat"``, else ``None``.
    """

    kind: str
    seat: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in _KINDS:
            raise ValueError(
                f"a viewer is a seat, the public or the referee, not {self.kind!r}"
            )
        if (self.kind == "seat") != isinstance(self.seat, int):
            raise ValueError("a seat viewer needs a seat number, and only it has one")

    @classmethod
    def of_seat(cls, seat: int) -> Viewer:
        """The viewer sitting at ``seat``."""
        if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
            raise ValueError(f"a seat is a number 0 or more, not {seat!r}")
        return cls("seat", seat)

    @property
    def is_referee(self) -> bool:
        return self.kind == "referee"

    @property
    def is_public(self) -> bool:
        return self.kind == "public"

    def sees(self, owner: int | None) -> bool:
        """Whether this viewer may see something hidden that belongs to ``owner``.

        ``owner`` is the seat holding it (a hand, a drawn card), or ``None`` for
        something hidden from everybody (the deck order, facedown tokens, the
        generator): only the referee sees those.
        """
        if self.kind == "referee":
            return True
        return self.kind == "seat" and owner is not None and owner == self.seat

    def __str__(self) -> str:
        return f"seat {self.seat}" if self.kind == "seat" else self.kind


PUBLIC = Viewer("public")
REFEREE = Viewer("referee")

_SEAT_VIEWERS: dict[int, Viewer] = {}
"""The seat viewers made so far, by seat (viewers are frozen values; a view is
made at every step of a search or an adapter, and checking a new seat viewer
cost more than the view's own copying)."""
_SEAT_VIEWERS_KEPT = 64


def as_viewer(viewer: Any) -> Viewer:
    """The ``Viewer`` for any accepted form (a Viewer, a seat, None, a word).

    Raises:
        ValueError: naming what was given.
    """
    if type(viewer) is int:
        known = _SEAT_VIEWERS.get(viewer)
        if known is None:
            known = Viewer.of_seat(viewer)  # refuses a negative seat
            if len(_SEAT_VIEWERS) < _SEAT_VIEWERS_KEPT:
                _SEAT_VIEWERS[viewer] = known
        return known
    if isinstance(viewer, Viewer):
        return viewer
    if viewer is None:
        return REFEREE
    if isinstance(viewer, int) and not isinstance(viewer, bool):
        return Viewer.of_seat(viewer)
    if isinstance(viewer, str):
        word = viewer.strip().lower()
        if word in ("public", "spectator"):
            return PUBLIC
        if word in ("referee", "all", "everything"):
            return REFEREE
    raise ValueError(
        f"a viewer is a seat number, None (everything), 'public' or 'referee', "
        f"not {viewer!r}"
    )
