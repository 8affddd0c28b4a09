"""The shared leak check: what a viewer is shown must not depend on what it may
not see.

``check_view(game, state, viewer)`` re-deals everything hidden from a seat (with the
game's own ``determinize``, several times) and requires that the viewer's view of
every such world is exactly its view of the real state: if a view changed with the
hidden cards, it would be leaking them. The public viewer knows less than any seat,
so worlds sampled from seat 0's view must look the same to the public too.
``check_hands`` needs no re-deal: a seat is shown the other seats' hands exactly as
the public is (a view that leaked them into its re-dealt worlds too would pass
``check_view``). ``check_events`` does the same for the event log. Views of every
later output (images, replays, network messages, observations) reuse these checks
by comparing what they show for the real state and for the re-dealt worlds.
"""

from __future__ import annotations

from typing import Any

from tabletop.core import Event, Rng, as_viewer


def resampled_worlds(game: Any, state: Any, viewer: Any, samples: int = 3) -> list:
    """States that differ from ``state`` only in what ``viewer`` may not see."""
    who = as_viewer(viewer)
    seat = who.seat if who.kind == "seat" else 0
    view = game.view(state, seat)
    worlds = []
    for k in range(samples):
        world = game.determinize(view, seat, Rng.from_seed(1000 + k))
        problems = game.invariants(world)
        assert not problems, f"a re-dealt world breaks the rules: {problems}"
        worlds.append(world)
    return worlds


def check_view(game: Any, state: Any, viewer: Any, samples: int = 3) -> None:
    """Fail if ``viewer``'s view of ``state`` depends on anything it may not see."""
    shown = game.view(state, viewer)
    assert game.forced_rolls(shown) == (), "a view carries forced die rolls"
    for world in resampled_worlds(game, state, viewer, samples):
        assert game.view(world, viewer) == shown, (
            f"the view for {as_viewer(viewer)} changes with hidden cards"
        )


def check_hands(game: Any, state: Any, viewer: Any) -> None:
    """Fail if ``viewer`` is shown a hand it does not hold otherwise than the public
    is (states keep the hands in ``hands``, one per seat)."""
    who = as_viewer(viewer)
    shown, public = game.view(state, viewer), game.view(state, "public")
    for seat, hand in enumerate(shown.hands):
        if who.sees(seat):
            assert hand == state.hands[seat], f"seat {seat} is not shown its own hand"
        else:
            assert hand == public.hands[seat], (
                f"the view for {who} shows player {seat}'s hidden hand"
            )


def check_events(events: tuple[Event, ...], viewer: Any) -> None:
    """Fail if a secret event's hidden text or data reaches a viewer it is not for."""
    who = as_viewer(viewer)
    for event in events:
        seen = event.for_viewer(who)
        if event.visible_to(who):
            assert seen == event
            continue
        if event.secret:
            assert seen.text != event.text or event.text == event.public
            assert event.text not in event.seen_by(who) or event.text == event.public
        for key in event.hidden:
            assert key not in seen.data, f"{event.kind}: data {key!r} leaks"


def readings(match: Any, viewer: Any, tmp_path: Any) -> dict[str, Any]:
    """Everything ``viewer`` is shown of a match: the log, the events of every
    step as read (text and data), the picture of every step and the replay page."""
    events = [
        [
            (e.clause, e.text, e.kind, dict(e.data))
            for e in map(reader(viewer), s.events)
        ]
        for s in match.steps
    ]
    pictures = [match.svg(viewer=viewer, step=k) for k in range(len(match) + 1)]
    page = match.export_html(tmp_path / "replay.html", viewer=viewer)
    return {
        "log": match.log(viewer),
        "events": events,
        "pictures": pictures,
        "replay": page.read_text(encoding="utf-8"),
    }


def reader(viewer: Any):
    """How ``viewer`` reads an event (``Event.for_viewer``)."""
    return lambda event: event.for_viewer(viewer)


def check_same_reading(first: Any, second: Any, viewer: Any, tmp_path: Any) -> None:
    """Fail if two matches that differ only in what ``viewer`` may not see (an edit
    that gave another hidden card, stacked the deck otherwise...) read differently
    to ``viewer`` anywhere: log, events, pictures, replay."""
    a = readings(first, viewer, tmp_path)
    b = readings(second, viewer, tmp_path)
    for part in a:
        assert a[part] == b[part], f"the {part} for {as_viewer(viewer)} shows a secret"
    for step in first.steps:
        check_events(step.events, viewer)
