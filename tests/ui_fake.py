"""A small card-and-board race game for the UI tests ("Dash").

Spaces ``s0``..``s11`` lie on a line; the first pawn on ``s11`` wins. A turn is
either ``roll`` then ``move sN`` (exactly the roll, forward or back), or ``play hop
sN`` (one forward), ``play leap sN`` (two forward) or ``play warp sN`` (anywhere
else); a played card is replaced from the deck, a secret draw.

The example game (examples/race) stands in for it wherever it can (the hot-seat and
saving tests play race). What race cannot express, and the table, timeline and input
tests need:

- a turn of two decisions by one seat: ``roll``, then a choice of where to move
  (race moves the roll at once and the turn passes), so a fresh button or a board
  click follows a roll for the same seat with no hand-over between them, and a
  timeline step can lie in the middle of a turn;
- a card that targets a space of the player's choosing (``warp``: any other space),
  so one card click is ambiguous and a space click decides (race's card ``play N``
  has exactly one destination);
- two cards reaching one space (``hop`` and ``warp`` to ``s1``), so one space click
  is ambiguous and a card decides.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from tabletop.core import (
    Event,
    Explanation,
    IllegalActionError,
    IllegalEditError,
    Outcome,
    Refusal,
    Rng,
    force_roll_edit,
)
from tabletop.draw import Face, Look, Pen

LAST = 11
KINDS = ("hop", "leap", "warp")
HIDDEN = "?"


@dataclass(frozen=True, slots=True)
class Roll:
    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True, slots=True)
class Move:
    to: int

    def __str__(self) -> str:
        return f"move s{self.to}"


@dataclass(frozen=True, slots=True)
class Play:
    kind: str
    to: int

    def __str__(self) -> str:
        return f"play {self.kind} s{self.to}"


@dataclass(frozen=True, slots=True)
class DashState:
    positions: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...]
    deck: tuple[str, ...]
    turn: int
    roll: int
    rng: Rng

    def __str__(self) -> str:
        pawns = " ".join(f"P{i}@s{p}" for i, p in enumerate(self.positions))
        return f"{pawns} | to move: P{self.turn} | roll: {self.roll or '-'}"


class Dash:
    """The game (see the module docstring)."""

    name = "dash"

    def __init__(self, players: int = 2) -> None:
        self.players = players
        self.options: dict = {}
        self.board = None

    def initial_state(self, seed: int) -> DashState:
        deck, rng = Rng.from_seed(seed).shuffle(KINDS * 8)
        hands = tuple(deck[3 * i : 3 * i + 3] for i in range(self.players))
        deck = deck[3 * self.players :]
        return DashState((0,) * self.players, hands, deck, 0, 0, rng)

    def to_move(self, state):
        return None if self.outcome(state) else state.turn

    def pending(self, state):
        if self.outcome(state):
            return "the game is over"
        what = "chooses where to move" if state.roll else "rolls or plays a card"
        return f"P{state.turn} {what}"

    def legal_actions(self, state):
        return tuple(e.action for e in self.explain(state))

    def explain(self, state):
        if self.outcome(state):
            return ()
        pos = state.positions[state.turn]
        if state.roll:
            dests = sorted(
                {p for p in (pos - state.roll, pos + state.roll) if 0 <= p <= LAST}
            )
            return tuple(
                Explanation(
                    Move(d), "DASH-MOVE", f"move to s{d}", f"to s{d}", (f"s{d}",)
                )
                for d in dests
            )
        out = [Explanation(Roll(), "DASH-ROLL", "roll the die", "Roll")]
        for kind in sorted(set(state.hands[state.turn])):
            for d in self._card_targets(kind, pos):
                text = f"play {kind} to go to s{d}"
                out.append(
                    Explanation(
                        Play(kind, d),
                        "DASH-CARD",
                        text,
                        f"{kind} s{d}",
                        (f"s{d}",),
                        kind,
                    )
                )
        return tuple(out)

    @staticmethod
    def _card_targets(kind, pos):
        if kind == "hop":
            return [pos + 1] if pos + 1 <= LAST else []
        if kind == "leap":
            return [pos + 2] if pos + 2 <= LAST else []
        return [d for d in range(LAST + 1) if d != pos]

    def check(self, state, action):
        if self.outcome(state):
            return Refusal("TT-OVER", "the game is over")
        if action in self.legal_actions(state):
            return None
        if isinstance(action, Play) and action.kind not in state.hands[state.turn]:
            return Refusal("DASH-CARD", f"P{state.turn} holds no {action.kind}")
        return Refusal("TT-PHASE", f"{action} is not possible now")

    def apply(self, state, action):
        refusal = self.check(state, action)
        if refusal:
            raise refusal.error()
        p = state.turn
        if isinstance(action, Roll):
            value, rng = state.rng.roll()
            ev = Event(
                "DASH-ROLL", f"P{p} rolled {value}", p, "roll", data={"roll": value}
            )
            return dataclasses.replace(state, roll=value, rng=rng), (ev,)
        pos = list(state.positions)
        start, pos[p] = pos[p], action.to
        moved = {"seat": p, "from": f"s{start}", "to": f"s{action.to}"}
        events = [
            Event("DASH-MOVE", f"P{p} moved to s{action.to}", p, "move", data=moved)
        ]
        hands, deck = list(state.hands), state.deck
        if isinstance(action, Play):
            hand = list(hands[p])
            hand.remove(action.kind)
            if deck:
                hand.append(deck[0])
                events.append(
                    Event(
                        "DASH-DRAW",
                        f"P{p} drew {deck[0]}",
                        p,
                        "draw",
                        True,
                        f"P{p} drew",
                    )
                )
                deck = deck[1:]
            hands[p] = tuple(hand)
        nxt = DashState(
            tuple(pos), tuple(hands), deck, (p + 1) % self.players, 0, state.rng
        )
        return nxt, tuple(events)

    def outcome(self, state):
        for i, p in enumerate(state.positions):
            if p == LAST:
                return Outcome(i, "DASH-WIN", f"P{i} reached s{LAST}")
        return None

    def view(self, state, player):
        if player is None:
            return state
        hands = tuple(
            h if i == player else (HIDDEN,) * len(h) for i, h in enumerate(state.hands)
        )
        return dataclasses.replace(state, hands=hands, deck=(HIDDEN,) * len(state.deck))

    def parse_action(self, text):
        words = text.split()
        try:
            if words == ["roll"]:
                return Roll()
            if len(words) == 2 and words[0] == "move":
                return Move(int(words[1].removeprefix("s")))
            if len(words) == 3 and words[0] == "play" and words[1] in KINDS:
                return Play(words[1], int(words[2].removeprefix("s")))
        except ValueError:
            pass
        raise IllegalActionError("TT-NOTATION", f"unknown notation {text!r}")

    def state_to_json(self, state):
        return {
            "positions": list(state.positions),
            "hands": [list(h) for h in state.hands],
            "deck": list(state.deck),
            "turn": state.turn,
            "roll": state.roll,
            "rng": state.rng.to_json(),
        }

    def state_from_json(self, data):
        return DashState(
            tuple(data["positions"]),
            tuple(tuple(h) for h in data["hands"]),
            tuple(data["deck"]),
            data["turn"],
            data["roll"],
            Rng.from_json(data["rng"]),
        )

    def edit(self, state, op, args):
        if op == "force_roll":
            return force_roll_edit(state, args.get("values"))
        raise IllegalEditError(f"unknown edit {op!r}")

    def determinize(self, view, player, rng):
        return view

    def invariants(self, state):
        return [f"bad position {p}" for p in state.positions if not 0 <= p <= LAST]


def _square(i: int) -> tuple[float, float]:
    return 30.0 + 52 * i, 60.0


class DashLook(Look):
    """How Dash looks: twelve squares in a row, pawns as discs, cards with faces."""

    width = 640
    height = 120
    FACES = {
        "hop": Face("Hop", "#2e7d32", "move one space forward", "DASH-CARD"),
        "leap": Face("Leap", "#1565c0", "move two spaces forward", "DASH-CARD"),
        "warp": Face("Warp", "#6a1b9a", "go to any other space", "DASH-CARD"),
    }

    def draw_board(self, pen: Pen) -> None:
        pen.rect(0, 0, self.width, self.height, fill="#f4ecd8")
        for i in range(LAST + 1):
            x, y = _square(i)
            pen.rect(x - 22, y - 22, 44, 44, stroke="#444444")

    def draw_pieces(self, pen: Pen, view) -> None:
        for seat, pos in enumerate(view.positions):
            x, y = _square(pos)
            pen.circle(x - 8 + 8 * seat, y, 7, fill=self.seat_colors[seat])

    def space_ids(self) -> tuple[str, ...]:
        return tuple(f"s{i}" for i in range(LAST + 1))

    def space_point(self, sid: str) -> tuple[float, float] | None:
        if sid[:1] == "s" and sid[1:].isdigit() and int(sid[1:]) <= LAST:
            return _square(int(sid[1:]))
        return None

    def face(self, kind: str) -> Face:
        return self.FACES.get(kind) or Face(kind.title())

    def card_kinds(self) -> tuple[str, ...]:
        return tuple(self.FACES)

    def hand(self, view, seat):
        hand = view.hands[seat]
        return len(hand) if HIDDEN in hand else hand

    def piece_spaces(self, view) -> tuple[str, ...]:
        return tuple(f"s{p}" for p in view.positions)
