"""``MatchLike``: ``Match`` and ``RemoteMatch`` offer the same members with the same
signatures, a local match allows every capability and an online seat refuses every
one with its reason."""

from __future__ import annotations

import inspect

import pytest
from race import Race

from tabletop.core import (
    CAPABILITIES,
    IllegalActionError,
    Match,
    MatchLike,
    Refusal,
    make_game,
)
from tabletop.online import RemoteMatch, create_room
from tabletop.online.client import ONLINE_REFUSALS
from tests.online_wire import running_server, wait

PROPERTIES = {
    "game",
    "seed",
    "state",
    "cursor",
    "steps",
    "setup_events",
    "over",
    "undo_status",
}
METHODS = {
    "__len__",
    "to_move",
    "pending",
    "outcome",
    "legal_actions",
    "explain",
    "check",
    "view",
    "log",
    "state_at",
    "play",
    "goto",
    "undo",
    "redo",
    "fork",
    "save",
    "request_undo",
    "answer_undo",
    "last_chance_step",
    "refusal",
}
_MISSING = object()


def protocol_members() -> dict[str, object]:
    """The members ``MatchLike`` declares, as written in its class body."""
    return {
        name: value
        for name, value in vars(MatchLike).items()
        if not name.startswith("_") or name == "__len__"
    }


def parameters(function: object) -> list[tuple[str, object, object]]:
    return [
        (p.name, p.kind, p.default)
        for p in inspect.signature(function).parameters.values()
    ]


@pytest.fixture(scope="module")
def room():
    with running_server() as server:
        links = create_room(server, game="pitfall", players=2, seed=9)
        seats = [RemoteMatch(link) for link in links["seats"]]
        try:
            yield seats
        finally:
            for seat in seats:
                seat.close()


@pytest.fixture
def local() -> Match:
    return Match(make_game("pitfall", players=2), seed=9)


def test_the_protocol_declares_exactly_the_agreed_members():
    members = protocol_members()
    assert set(members) == PROPERTIES | METHODS
    for name in PROPERTIES:
        assert isinstance(members[name], property), name
    for name in METHODS:
        assert inspect.isfunction(members[name]), name


@pytest.mark.parametrize("name", sorted(METHODS))
def test_every_method_has_the_protocols_signature_on_both_classes(name):
    expected = parameters(protocol_members()[name])
    for cls in (Match, RemoteMatch):
        method = inspect.getattr_static(cls, name, _MISSING)
        assert method is not _MISSING, f"{cls.__name__} lacks {name}"
        assert inspect.isfunction(method), f"{cls.__name__}.{name} is not a method"
        assert parameters(method) == expected, f"{cls.__name__}.{name}"


def _is_data_member(cls: type, holder: object, name: str) -> bool:
    """A property of the class, or a plain (not callable) attribute."""
    static = inspect.getattr_static(cls, name, _MISSING)
    if isinstance(static, property):
        return True
    if static is _MISSING:
        static = vars(holder).get(name, _MISSING)
    return static is not _MISSING and not callable(static)


def test_every_property_is_a_property_or_attribute_on_both(room, local):
    for cls, holder in ((Match, local), (RemoteMatch, room[0])):
        for name in sorted(PROPERTIES):
            assert _is_data_member(cls, holder, name), f"{cls.__name__}.{name}"


def test_both_are_matchlike(room, local):
    assert isinstance(local, MatchLike)
    assert isinstance(room[0], MatchLike)
    assert not isinstance(Race(), MatchLike)


def test_a_local_match_allows_every_capability(local):
    for what in CAPABILITIES:
        assert local.refusal(what) is None


def test_an_online_seat_refuses_every_capability_with_a_reason(room):
    seat = room[0]
    assert tuple(ONLINE_REFUSALS) == CAPABILITIES
    for what in CAPABILITIES:
        refusal = seat.refusal(what)
        assert isinstance(refusal, Refusal)
        assert refusal.clause == "TT-ONLINE"
        assert refusal.reason == ONLINE_REFUSALS[what] and refusal.reason
    assert seat.refusal("fork").reason == "an online game cannot be forked"
    assert seat.refusal("hint").reason == "hints are not offered in an online game"
    for attempt, what in (
        (seat.fork, "fork"),
        (lambda: seat.edit("force_roll", values=[6]), "edit"),
        (seat.to_json, "save"),
        (lambda: seat.save("never.json"), "save"),
    ):
        with pytest.raises(IllegalActionError) as caught:
            attempt()
        assert caught.value.clause == "TT-ONLINE"
        assert caught.value.reason == ONLINE_REFUSALS[what]


@pytest.mark.parametrize("what", ["play", "", "Fork", None])
def test_an_unknown_capability_raises_naming_the_vocabulary(room, local, what):
    for holder in (local, room[0]):
        with pytest.raises(ValueError, match="branch, fork, edit") as caught:
            holder.refusal(what)
        assert not isinstance(caught.value, IllegalActionError)


def test_a_local_undo_request_steps_back_at_once(local):
    local.play(local.legal_actions()[0])
    local.play(local.legal_actions()[0])
    assert local.undo_status == {}
    assert local.request_undo() is None
    assert local.cursor == 1 and len(local) == 2
    with pytest.raises(IllegalActionError, match="no undo was asked") as caught:
        local.answer_undo(True)
    assert caught.value.clause == "TT-PHASE"
    assert local.cursor == 1


def test_what_a_seat_keeps_and_sees(room):
    seat = room[0]
    assert seat.steps == () and seat.setup_events == ()
    assert seat.view() is seat.state and seat.view(1) is seat.state
    wait(lambda: any(s.legal_actions() for s in room))
    mover = next(s for s in room if s.legal_actions())
    before = mover.latest
    mover.play(mover.legal_actions()[0])
    wait(lambda: all(s.latest > before for s in room))
    for s in room:
        latest = s.cursor
        assert latest == s.latest
        first = s.state_at(0)
        assert s.cursor == latest  # looking back does not move the cursor
        assert s.goto(0) == 0 and s.state is first
        assert s.state_at(latest) is not None and s.cursor == 0
        s.goto(latest)
    with pytest.raises(IndexError):
        seat.state_at(seat.latest + 1)
    with pytest.raises(TypeError):
        seat.state_at(True)
