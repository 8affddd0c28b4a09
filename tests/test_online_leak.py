"""No frame a seat receives holds more than that seat's view (RA-S-HIDDEN and
Pitfall's hidden hands): seeded games of both games are played through the wire,
and every frame each seat, the spectator and the referee receive is checked
against the view built from the server's full state at that step."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from tabletop.core import Rng
from tabletop.core.viewers import PUBLIC
from tabletop.draw.look import look_for
from tabletop.online import create_room
from tabletop.page.protocol import scrub, worded_event
from tests.online_wire import Peer, no_secret_keys, running_server

GAMES = [
    ("pitfall", 2, 11),
    ("pitfall", 3, 16),
    ("pitfall", 4, 12),
    ("raiders", 2, 15),
    ("raiders", 3, 13),
    ("raiders", 4, 14),
]
STEPS = 150


def flatten(data: Any, path: str = "") -> dict[str, Any]:
    if isinstance(data, dict):
        out = {}
        for key, value in data.items():
            out.update(flatten(value, f"{path}.{key}"))
        return out
    if isinstance(data, list):
        out = {f"{path}#len": len(data)}
        for i, value in enumerate(data):
            out.update(flatten(value, f"{path}[{i}]"))
        return out
    return {path: data}


def check_public(game: Any, truth: Any, shown: dict[str, Any]) -> None:
    """Whatever some seat may not see, the spectator does not see either."""
    full = flatten(game.state_to_json(truth))
    views = [
        flatten(game.state_to_json(game.view(truth, s))) for s in range(game.players)
    ]
    got = flatten(shown)
    for path, value in full.items():
        hidden = {
            json.dumps(v.get(path, "<gone>"))
            for v in views
            if v.get(path, "<gone>") != value
        }
        if hidden:
            assert json.dumps(got.get(path, "<gone>")) in hidden, path


async def play_room(server: Any, name: str, players: int, seed: int) -> int:
    links = create_room(server, game=name, players=players, seed=seed)
    room = server.rooms[links["room"]]
    game = room.game
    seats = [await Peer.join(link) for link in links["seats"]]
    spectator = await Peer.join(links["spectator"])
    referee = await Peer.join(links["referee"])
    peers = [*seats, spectator, referee]
    viewers = [*range(players), PUBLIC, None]
    for peer in peers:
        await peer.until("view")
    rng = Rng.from_seed(seed)
    step = 0
    for _ in range(STEPS):
        state = server.call(lambda: room.match.state)
        if game.outcome(state) is not None:
            break
        mover = game.to_move(state)
        view = [f for f in seats[mover].frames if f["t"] == "view"][-1]
        legal = view["legal"]
        assert [e["action"] for e in legal] == [
            str(a) for a in game.legal_actions(state)
        ]
        index, rng = rng.below(len(legal))
        # a seat not to move is refused, and learns nothing from the refusal
        other = (mover + 1) % players
        seats[other].send(t="play", action=legal[index]["action"], at=step, id="x")
        refused = await seats[other].until("refused")
        assert refused["clause"] == "TT-TURN"
        seats[mover].send(t="play", action=legal[index]["action"], at=step, id=step)
        step += 1
        for peer in peers:
            await peer.until("view", step=step)
        await seats[mover].until("ok", id=step - 1)
    for peer in peers:  # the timeline: past steps as each viewer saw them
        for past in (0, step // 2, step):
            peer.send(t="view_at", step=past, id=f"at{past}")
            await peer.until("view_at", id=f"at{past}")
    match = server.call(lambda: room.match)
    look = look_for(game)
    count = 0
    for peer, viewer in zip(peers, viewers, strict=True):
        for frame in peer.frames:
            count += 1
            no_secret_keys(frame)
            if frame["t"] not in ("view", "view_at"):
                continue
            truth = match.state_at(frame["step"])
            if viewer == PUBLIC:
                check_public(game, truth, frame["state"])
            expected = scrub(
                game.state_to_json(
                    game.view(truth, viewer) if viewer is not None else truth
                )
            )
            assert frame["state"] == expected
            if frame["t"] == "view_at":
                continue
            steps = match.steps[: frame["step"]]
            # each line is the event as this viewer reads it, in the game's words
            said = lambda e, v=viewer: worded_event(look.event_sentence, e, v)  # noqa: E731
            lines = [[s.index, said(e)] for s in steps for e in s.events]
            if frame["reset"]:
                setup = [[0, said(e)] for e in match.setup_events]
                assert frame["log"] == setup + lines
            else:
                assert frame["log"] == [
                    line for line in lines if line[0] == frame["step"]
                ]
            if frame["legal"]:
                assert viewer == game.to_move(truth)
                seen = game.explain(game.view(truth, viewer))
                assert [e["text"] for e in frame["legal"]] == [e.text for e in seen]
    for peer in peers:
        peer.close()
    return count


@pytest.mark.parametrize("name, players, seed", GAMES)
def test_every_frame_is_built_from_the_seats_own_view(name, players, seed):
    with running_server() as server:
        count = asyncio.run(play_room(server, name, players, seed))
    print(f"{name}, {players} players: {count} frames checked")
    assert count > 300
