"""Race's rules: the Game class (an example game for ``docs/adding-a-game.md``).

Rules (clause IDs RC-*): 2-4 players race a pawn along the track of ``board.json``
from Start to Goal. Each holds 3 secret cards valued 1-4 (24 cards, six of each);
the rest form the deck, top first. On a turn a player either rolls a die and moves
that many spaces (RC-ROLL) or plays a card from the hand, moves its value and draws
the top card (RC-PLAY; the discards are shuffled into a new deck when it runs out,
RC-RESHUFFLE). Ending a move exactly on a bonus space draws one more card
(RC-BONUS). Whoever reaches or passes Goal wins (RC-WIN).

Notation: ``roll``, ``play 3``; a seat prefix ``P1: roll`` is read by the core.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tabletop.core import (
    HIDDEN,
    EditResult,
    Event,
    Explanation,
    GameRules,
    IllegalActionError,
    IllegalEditError,
    Outcome,
    Refusal,
    Rng,
    Rule,
    as_viewer,
    force_roll_edit,
)
from tabletop.core.boards import GenericBoard, load_generic_board

from .actions import Play, Roll
from .state import DECK, HAND_SIZE, RaceState

BOARD_FILE = Path(__file__).with_name("board.json")


# -- the rules of the one decision --------------------------------------------------
class RollRule(Rule):
    """RC-ROLL: rolling is always allowed on one's turn."""

    kinds = (Roll,)

    def candidates(self, game, state):
        return (Roll(),)

    def verdict(self, game, state, action):
        return None


class PlayRule(Rule):
    """RC-PLAY: a card from the hand, moved by its value."""

    kinds = (Play,)

    def candidates(self, game, state):
        return tuple(Play(v) for v in sorted(set(state.hands[state.to_move])))

    def verdict(self, game, state, action):
        if action.value not in state.hands[state.to_move]:
            return Refusal("RC-PLAY", f"you hold no {action.value} card")
        return None


TURN_RULES = (RollRule(), PlayRule())


class Race(GameRules):
    """Race for 2 to 4 players (see the module docstring)."""

    name = "race"
    RULES_VERSION = 1

    def __init__(self, players: int = 2) -> None:
        if not isinstance(players, int) or isinstance(players, bool):
            raise TypeError(f"players must be an int, not {players!r}")
        if not 2 <= players <= 4:
            raise ValueError(f"Race is for 2 to 4 players, not {players}")
        self.players = players
        self.options: dict[str, Any] = {}
        self.board: GenericBoard = load_generic_board(BOARD_FILE, "race")
        self.track = tuple(self.board.spaces)
        self.goal = len(self.track) - 1

    def __repr__(self) -> str:
        return f"Race(players={self.players})"

    # -- setup and the decision -----------------------------------------------------
    def setup(self, seed: int) -> tuple[RaceState, tuple[Event, ...]]:
        return self.setup_from_rng(Rng.from_seed(seed))

    def setup_from_rng(self, rng: Any) -> tuple[RaceState, tuple[Event, ...]]:
        """The deal (RC-DEAL) drawn from ``rng``: the adapters offer it as chance
        nodes."""
        deck, rng = rng.shuffle(DECK)
        hands, events = [], []
        for seat in range(self.players):
            cards = tuple(sorted(deck[:HAND_SIZE]))
            deck = deck[HAND_SIZE:]
            hands.append(cards)
            events.append(self._dealt(seat, cards))
        state = RaceState(
            "turn", 0, 1, (0,) * self.players, tuple(hands), deck, (), -1, rng
        )
        return state, tuple(events)

    def initial_state(self, seed: int) -> RaceState:
        return self.setup(seed)[0]

    def to_move(self, state: RaceState) -> int | None:
        return None if state.phase == "over" else state.to_move

    def pending(self, state: RaceState) -> str:
        if state.phase == "over":
            return f"the game is over: player {state.winner} won"
        return f"player {state.to_move} rolls or plays a card"

    def decision_rules(self, state: RaceState) -> tuple[Rule, ...]:
        return () if state.phase == "over" else TURN_RULES

    def parse_move(self, text: str) -> Roll | Play:
        words = text.strip().lower().split()
        if words == ["roll"]:
            return Roll()
        if len(words) == 2 and words[0] == "play" and words[1] in ("1", "2", "3", "4"):
            return Play(int(words[1]))
        raise IllegalActionError(
            "TT-NOTATION", f"cannot read {text!r}: write 'roll' or 'play 1'..'play 4'"
        )

    # -- what an action does -----------------------------------------------------------
    def resolve(self, state: RaceState, action: Roll | Play):
        seat, rng = state.to_move, state.rng
        hands, deck, discards = list(state.hands), state.deck, state.discards
        events: list[Event] = []
        if isinstance(action, Roll):
            steps, rng = rng.roll()
            events.append(
                Event(
                    "RC-ROLL",
                    f"player {seat} rolled {steps}",
                    seat,
                    "roll",
                    data={"seat": seat, "roll": steps},
                )
            )
        else:
            steps = action.value
            hand = list(hands[seat])
            hand.remove(steps)
            hands[seat] = tuple(hand)
            discards = (*discards, steps)
            events.append(
                Event(
                    "RC-PLAY",
                    f"player {seat} played a {steps}",
                    seat,
                    "play",
                    data={"seat": seat, "card": steps},
                )
            )
            hands, deck, discards, rng = self._draw(
                seat, hands, deck, discards, rng, events, "RC-PLAY"
            )
        start = state.positions[seat]
        end = min(self.goal, start + steps)
        positions = state.positions[:seat] + (end,) + state.positions[seat + 1 :]
        events.append(
            Event(
                "RC-MOVE",
                f"player {seat} moved from {self.track[start]} to {self.track[end]}",
                seat,
                "move",
                data={"seat": seat, "from": self.track[start], "to": self.track[end]},
            )
        )
        if self.board.spaces[self.track[end]].kind == "bonus":
            hands, deck, discards, rng = self._draw(
                seat, hands, deck, discards, rng, events, "RC-BONUS"
            )
        if end == self.goal:
            events.append(
                Event(
                    "RC-WIN",
                    f"player {seat} reached the goal and wins",
                    seat,
                    "win",
                    data={"seat": seat},
                )
            )
            return dataclasses.replace(
                state,
                phase="over",
                positions=positions,
                hands=tuple(hands),
                deck=deck,
                discards=discards,
                winner=seat,
                rng=rng,
            ), tuple(events)
        return RaceState(
            "turn",
            (seat + 1) % self.players,
            state.turn + 1,
            positions,
            tuple(hands),
            deck,
            discards,
            -1,
            rng,
        ), tuple(events)

    def _draw(self, seat, hands, deck, discards, rng, events, clause):
        if not deck:
            if not discards:
                return hands, deck, discards, rng
            deck, rng = rng.shuffle(discards)
            discards = ()
            events.append(
                Event(
                    "RC-RESHUFFLE", "the discards become the new deck", kind="reshuffle"
                )
            )
        card, deck = deck[0], deck[1:]
        hands[seat] = tuple(sorted((*hands[seat], card)))
        events.append(
            Event(
                clause,
                f"player {seat} drew a {card}",
                seat,
                "draw",
                True,
                f"player {seat} drew a card",
                {"seat": seat, "card": card},
                ("card",),
            )
        )
        return hands, deck, discards, rng

    def _dealt(self, seat: int, cards: tuple[int, ...]) -> Event:
        shown = " ".join(str(c) for c in cards)
        return Event(
            "RC-DEAL",
            f"player {seat} was dealt {shown}",
            seat,
            "deal",
            True,
            f"player {seat} was dealt {len(cards)} cards",
            {"seat": seat, "cards": list(cards)},
            ("cards",),
        )

    def outcome(self, state: RaceState) -> Outcome | None:
        if state.winner < 0:
            return None
        return Outcome(state.winner, "RC-WIN", f"player {state.winner} reached Goal")

    def explain(self, state: RaceState) -> tuple[Explanation, ...]:
        out = []
        here = state.positions[state.to_move] if state.phase != "over" else 0
        for action in self.legal_actions(state):
            if isinstance(action, Roll):
                out.append(
                    Explanation(
                        action,
                        "RC-ROLL",
                        "roll the die and move that many spaces",
                        "Roll",
                    )
                )
            else:
                end = self.track[min(self.goal, here + action.value)]
                out.append(
                    Explanation(
                        action,
                        "RC-PLAY",
                        f"play your {action.value}: move to "
                        f"{self.board.space_name(end)} and draw a card",
                        f"Play {action.value}",
                        (end,),
                        str(action.value),
                    )
                )
        return tuple(out)

    # -- hidden information -----------------------------------------------------------
    def view(self, state: RaceState, viewer: Any) -> RaceState:
        who = as_viewer(viewer)
        if who.is_referee:
            return state
        hands = tuple(
            h if who.sees(seat) else (HIDDEN,) * len(h)
            for seat, h in enumerate(state.hands)
        )
        return dataclasses.replace(
            state, hands=hands, deck=(HIDDEN,) * len(state.deck), rng=Rng(0)
        )

    def determinize(self, view: RaceState, seat: int, rng: Rng) -> RaceState:
        unseen = list(DECK)
        for card in (*view.discards, *(c for h in view.hands for c in h)):
            if card != HIDDEN:
                unseen.remove(card)
        pool, rng = rng.shuffle(unseen)
        pool = list(pool)
        hands = tuple(
            tuple(sorted(c if c != HIDDEN else pool.pop() for c in hand))
            for hand in view.hands
        )
        return dataclasses.replace(view, hands=hands, deck=tuple(pool), rng=rng)

    # -- saving, checking, editing --------------------------------------------------
    def state_to_json(self, state: RaceState) -> dict[str, Any]:
        return {
            "phase": state.phase,
            "to_move": state.to_move,
            "turn": state.turn,
            "positions": list(state.positions),
            "hands": [list(h) for h in state.hands],
            "deck": list(state.deck),
            "discards": list(state.discards),
            "winner": state.winner,
            "rng": state.rng.to_json(),
        }

    def state_from_json(self, data: Any) -> RaceState:
        if not isinstance(data, Mapping):
            raise ValueError("a Race state is a JSON object")
        try:
            state = RaceState(
                str(data["phase"]),
                int(data["to_move"]),
                int(data["turn"]),
                tuple(int(p) for p in data["positions"]),
                tuple(tuple(_card(c) for c in h) for h in data["hands"]),
                tuple(_card(c) for c in data["deck"]),
                tuple(int(c) for c in data["discards"]),
                int(data["winner"]),
                Rng.from_json(data["rng"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a Race state: {exc}") from None
        problems = self.invariants(state)
        if problems:
            raise ValueError("; ".join(problems))
        return state

    def invariants(self, state: RaceState) -> list[str]:
        problems = []
        cards = [*state.deck, *state.discards, *(c for h in state.hands for c in h)]
        if HIDDEN in cards:  # a view (RC-DEAL: the hands and deck are secret)
            if len(cards) != len(DECK):
                problems.append(f"{len(cards)} cards instead of {len(DECK)}")
        elif sorted(cards) != sorted(DECK):
            problems.append("the 24 cards are not all there exactly once")
        if len(state.positions) != self.players or len(state.hands) != self.players:
            problems.append(f"there must be {self.players} pawns and hands")
        if any(not 0 <= p <= self.goal for p in state.positions):
            problems.append("a pawn is off the track")
        if state.phase not in ("turn", "over") or not 0 <= state.to_move < self.players:
            problems.append("the pending decision is not a seat's turn")
        return problems

    def edit(self, state: RaceState, op: str, args: Mapping[str, Any]) -> EditResult:
        """Edits: ``force_roll`` (values) and ``move_pawn`` (seat, space)."""
        if op == "force_roll":
            return force_roll_edit(state, args.get("values"))
        if op == "move_pawn":
            seat, space = args.get("seat"), args.get("space")
            if not isinstance(seat, int) or not 0 <= seat < self.players:
                raise IllegalEditError(f"no seat {seat!r}")
            if space not in self.track or space == self.track[self.goal]:
                raise IllegalEditError(f"{space!r} is not a track space before Goal")
            where = self.track.index(space)
            positions = state.positions[:seat] + (where,) + state.positions[seat + 1 :]
            event = Event(
                "TT-EDIT",
                f"player {seat}'s pawn put on {space}",
                seat,
                "edit",
                data={"seat": seat, "to": space},
            )
            return EditResult(dataclasses.replace(state, positions=positions), (event,))
        raise IllegalEditError(f"unknown edit {op!r}: force_roll or move_pawn")

    # -- what the generic board drawing asks ----------------------------------------
    def pieces(self, state: RaceState) -> tuple[tuple[int, str], ...]:
        """(seat, space id) of every pawn."""
        return tuple((seat, self.track[p]) for seat, p in enumerate(state.positions))

    def card_kinds(self) -> tuple[str, ...]:
        """Every card name a hand may show."""
        return tuple(str(v) for v in sorted(set(DECK)))

    def hand_cards(self, state: RaceState, seat: int) -> tuple[str, ...] | int:
        """A seat's cards by name, or their count where the state hides them."""
        hand = state.hands[seat]
        if any(c == HIDDEN for c in hand):
            return len(hand)
        return tuple(str(c) for c in hand)

    def __str__(self) -> str:
        return repr(self)

    def render(self, state: RaceState) -> str:
        """The text board: each pawn's space and hand."""
        lines = [self.pending(state)]
        for seat, p in enumerate(state.positions):
            hand = " ".join(str(c) for c in state.hands[seat])
            lines.append(f"P{seat}: {self.board.space_name(self.track[p])} [{hand}]")
        return "\n".join(lines)


def _card(value: Any) -> Any:
    """A card as saved: its value, or ``HIDDEN`` where a view hides it."""
    if value == HIDDEN:
        return HIDDEN
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise TypeError(f"a card is a value 1-4, not {value!r}")
    return int(value)
