"""Event sentences are written when read, and read exactly as before.

Events keep their values (clause, kind, player, data) and build the sentence for
people from them only when ``text`` or ``public`` is read, so playouts, which read
no event, never build one. The golden files ``tests/golden/events_*.txt`` were
recorded before the sentences became lazy: for a seeded four-player game of each
game, every event's JSON and the line each seat, the public and the referee read
(``seen_by``, ``for_viewer``). They must come out byte for byte. Regenerate them
only after an intended change of wording, the one way every golden file is
regenerated (``tests/harness.py``)::

    TABLETOP_REGENERATE_GOLDEN=1 python -m pytest tests/test_event_text.py -k golden

and read the diff.
"""

from __future__ import annotations

import dataclasses
import json
import os
import pickle

import pytest

from tabletop.bots.registry import heuristic_module
from tabletop.core import Event, Match, Rng
from tabletop.games.pitfall import Pitfall
from tabletop.games.raiders import Raiders
from tests.harness import GOLDEN_DIR, REGENERATE

GOLDEN = GOLDEN_DIR
GAMES = {"pitfall": (Pitfall, 3), "raiders": (Raiders, 5)}
STEPS = 600


def played(name: str) -> Match:
    """A four-player game of ``name``: seats 0 and 1 play the game's heuristic
    policy, seats 2 and 3 a random legal action of a random kind."""
    cls, seed = GAMES[name]
    game = cls(players=4)
    policy = heuristic_module(game).policy
    match = Match(game, seed=seed)
    rng = Rng.from_seed(seed)
    while not match.over and len(match) < STEPS:
        if match.to_move() in (0, 1):
            action, rng = policy(game, match.state, rng)
        else:
            kinds: dict[type, list] = {}
            for action in match.legal_actions():
                kinds.setdefault(type(action), []).append(action)
            index, rng = rng.below(len(kinds))
            group = list(kinds.values())[index]
            index, rng = rng.below(len(group))
            action = group[index]
        match.play(action)
    return match


def transcript(match: Match) -> str:
    """Every event as JSON, and as each seat, the public and the referee read it."""
    viewers = [*range(match.game.players), "public", None]
    lines = []
    steps = [(0, "setup", match.setup_events)]
    steps += [(s.index, str(s.action), s.events) for s in match.steps]
    for index, action, events in steps:
        lines.append(f"{index} {action}")
        for event in events:
            lines.append("  " + json.dumps(event.to_json(), sort_keys=True))
            lines.append("  " + str(event))
            if not (event.secret or event.hidden):
                continue
            for viewer in viewers:
                shown = json.dumps(event.for_viewer(viewer).to_json(), sort_keys=True)
                lines.append(f"    {viewer}: {event.seen_by(viewer)} | {shown}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_event_sentences_read_as_recorded_golden(name):
    """The sentences, public sentences and redacted views of every event of a
    seeded game match the recording byte for byte."""
    path = GOLDEN / f"events_{name}.txt"
    text = transcript(played(name))
    if os.environ.get(REGENERATE) == "1":
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), (
        f"the events differ from tests/golden/{path.name}; after an intended change, "
        f"regenerate it with {REGENERATE}=1 and read the diff"
    )


def test_words_are_written_on_first_reading_only():
    """An event given words writes its sentence when ``text`` is first read, once."""
    calls = []

    def words(data):
        calls.append(dict(data))
        return f"player {data['seat']} rolled {data['roll']}"

    event = Event("PH-T-CHOICE", words, 1, "roll", data={"seat": 1, "roll": 4})
    assert calls == []
    assert event.text == "player 1 rolled 4" and str(event).endswith("(PH-T-CHOICE)")
    assert event.text == "player 1 rolled 4" and len(calls) == 1
    written = Event("PH-T-CHOICE", "player 1 rolled 4", 1, "roll")
    assert event == Event(
        "PH-T-CHOICE", "player 1 rolled 4", 1, "roll", data={"seat": 1, "roll": 4}
    )
    assert event != written  # the data differ
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.text = ""  # type: ignore[misc]


def test_public_words_never_see_hidden_data():
    """PH-2A-REFILL: the public sentence is written from the data every seat may
    read, so it cannot show a hidden card; other seats read only it."""
    seen = []

    def public(data):
        seen.append(sorted(data))
        return f"player {data['seat']} drew {data['count']} card"

    event = Event(
        "PH-2A-REFILL",
        lambda d: f"player {d['seat']} drew {' '.join(d['cards'])}",
        1,
        "draw",
        True,
        public,
        {"seat": 1, "count": 1, "cards": ["rope"]},
        ("cards",),
    )
    assert event.seen_by(0) == "player 1 drew 1 card (PH-2A-REFILL)"
    assert seen == [["count", "seat"]]
    assert event.seen_by(1) == "player 1 drew rope (PH-2A-REFILL)"
    other = event.for_viewer("public")
    assert "rope" not in json.dumps(other.to_json())
    leaky = Event(
        "X", "x", 1, "draw", True, lambda d: d["cards"][0], event.data, ("cards",)
    )
    with pytest.raises(KeyError):
        leaky.seen_by(0)


def test_events_pickle_with_their_sentences_written():
    """Events sent to another process (simulation workers) arrive equal."""
    match = played("raiders")
    events = [e for step in match.steps[:80] for e in step.events]
    assert pickle.loads(pickle.dumps(events)) == events


@pytest.mark.parametrize("name", sorted(GAMES))
def test_next_state_is_resolves_state_without_events(name):
    """``next_state`` (playouts: PH-T-CHOICE..PH-WIN, RA-M-ROLL..RA-W-WIN) reaches
    the state ``resolve`` reaches on every step of a seeded game."""
    match = played(name)
    game = match.game
    for step in match.steps:
        before = match.state_at(step.index - 1)
        state, events = game.resolve(before, step.action)
        assert game.next_state(before, step.action) == state == step.state
        assert events == step.events


@pytest.mark.parametrize(
    ("name", "clauses"),
    [
        ("pitfall", {"PH-S-DEAL", "PH-2A-REFILL", "PH-2B-SWAP"}),
        ("raiders", {"RA-S-DEAL", "RA-M-COUNTRY-CARD", "RA-K-AMBUSH"}),
    ],
)
def test_secret_events_show_other_seats_only_the_public_sentence(name, clauses):
    """A secret event (a deal, a draw, a swap, a card taken) reads to every seat
    that may not see it as its public sentence, with no hidden value in its data,
    and to its player and witnesses as its full sentence."""
    match = played(name)
    seen = set()
    events = list(match.setup_events)
    for step in match.steps:
        events += step.events
    for event in events:
        if not event.secret:
            continue
        seen.add(event.clause)
        for seat in range(match.game.players):
            shown = event.for_viewer(seat)
            if seat == event.player or seat in event.witnesses:
                assert shown is event
                assert event.seen_by(seat) == f"{event.text} ({event.clause})"
                continue
            assert event.seen_by(seat) == f"{event.public} ({event.clause})"
            assert shown.text == event.public and not shown.secret
            assert not set(event.hidden) & set(shown.data)
    assert clauses <= seen
