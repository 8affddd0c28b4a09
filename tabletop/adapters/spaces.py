"""Fixed integer action spaces and observation tensors for each game.

Outside frameworks number actions ``0..n-1`` and read observations as flat float
vectors of a fixed size. An ``ActionSpace`` lists every action a game can ever offer
as its notation, read from the board and the cards (never from a played game), so
``decode(encode(action)) == action`` for every legal action and the numbers are the
same on every machine. A tensor encoder turns a view (``game.view(state, seat)``)
into a vector: it reads only the view, so it cannot show what the view hides.

Each game registers its space and encoder with ``register_space(name, factory)``;
the adapters find them by the game's name, as the core registry finds games.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement
from typing import Any

import numpy as np


@dataclass(frozen=True)
class ActionSpace:
    """Every action of one game (for one player count), numbered.

    Attributes:
        notations: action ``i`` written in the game's notation.
        actions: action ``i`` as the game's action object.
        index: action object -> its number.
    """

    notations: tuple[str, ...]
    actions: tuple[Any, ...]
    index: dict[Any, int]

    @classmethod
    def from_notations(cls, game: Any, notations: Sequence[str]) -> ActionSpace:
        """The space of ``notations``, each parsed by ``game`` and checked to print
        back to itself (so the numbering maps exactly to and from action objects)."""
        actions = []
        for text in notations:
            action = game.parse_action(text)
            if str(action) != text:
                raise ValueError(f"{text!r} parses to {action!r}, printed {action}")
            actions.append(action)
        index = {a: i for i, a in enumerate(actions)}
        if len(index) != len(actions):
            raise ValueError("two notations of the action space parse to one action")
        return cls(tuple(notations), tuple(actions), index)

    def __len__(self) -> int:
        return len(self.actions)

    def encode(self, action: Any) -> int:
        """The number of ``action`` (a game action object)."""
        try:
            return self.index[action]
        except KeyError:
            raise ValueError(f"{action!r} is not in the action space") from None

    def decode(self, number: int) -> Any:
        """The game action object numbered ``number``."""
        return self.actions[number]


@dataclass(frozen=True)
class GameSpace:
    """What the adapters need to know about one game beyond the Game protocol.

    Attributes:
        actions: the numbered action space.
        tensor_size: the length of an observation vector.
        encode: ``encode(game, view, seat) -> np.ndarray`` (float32, tensor_size).
        max_chance_outcomes: the most outcomes one random draw can have.
        max_decisions: the default length cap (decisions) of an adapted game.
    """

    actions: ActionSpace
    tensor_size: int
    encode: Callable[[Any, Any, int], np.ndarray]
    max_chance_outcomes: int
    max_decisions: int


def text_board(game: Any, state: Any) -> str:
    """Our text board of ``state``: ``game.render(state)`` (the game's own board)
    where the game has it, else ``str(state)``."""
    render = getattr(game, "render", None)
    return render(state) if render is not None else str(state)


_SPACES: dict[str, Callable[[Any], GameSpace]] = {}
"""The adapters' description of each game, by game name (filled on import)."""


def register_space(name: str, factory: Callable[[Any], GameSpace]) -> None:
    """Make ``factory(game) -> GameSpace`` the adapters' description of ``name``."""
    _SPACES[name] = factory


def space_of(game: Any) -> GameSpace:
    """The ``GameSpace`` of ``game``, built afresh: an OpenSpiel game or a PettingZoo
    environment builds it once and keeps it for all its states."""
    if game.name not in _SPACES:
        raise KeyError(f"no adapter space is registered for the game {game.name!r}")
    return _SPACES[game.name](game)


class _Writer:
    """Fills a float vector piece by piece (one-hots, counts, flags)."""

    def __init__(self) -> None:
        self.out: list[float] = []

    def one_hot(self, value: Any, vocabulary: Sequence[Any]) -> None:
        cell = [0.0] * len(vocabulary)
        if value in vocabulary:
            cell[vocabulary.index(value)] = 1.0
        self.out.extend(cell)

    def numbers(self, *values: float) -> None:
        self.out.extend(float(v) for v in values)

    def array(self) -> np.ndarray:
        return np.asarray(self.out, dtype=np.float32)


def _discards(view: Any) -> tuple:
    """The discard pile: ``discards`` in the shared vocabulary (older Pitfall states
    call it ``discard``)."""
    pile = getattr(view, "discards", None)
    return view.discard if pile is None else pile


# -- Pitfall Harry -----------------------------------------------------------------


def _pitfall_space(game: Any) -> GameSpace:
    from tabletop.games.pitfall.cards import CARDS, CODES

    board = game.board
    seats = range(game.players)
    fours = [" ".join(CODES[c] for c in combo) for combo in _fours(len(CARDS))]
    notations = ["roll", *(f"play {c}" for c in CARDS)]
    notations += [f"discard {f}" for f in fours]
    notations += [f"swap {s} {f}" for s in seats for f in fours]
    notations += [f"scorpion {u}" for u in board.below]
    notations += ["forward", "backward", "decline", "climb", "stay"]
    notations += [f"give {s}" for s in seats]
    actions = ActionSpace.from_notations(game, notations)
    size = len(_pitfall_tensor(game, game.view(game.initial_state(0), 0), 0))
    hand = board.hand_size
    swap = hand * (hand - 1) * (hand - 2) * (hand - 3)  # PH-2B-SWAP takes four
    return GameSpace(
        actions,
        size,
        _pitfall_tensor,
        max(sum(board.deck), sum(board.tokens), 6, swap),
        1500,  # about 4x the longest 4-player game between our heuristic bots
    )


def _fours(kinds: int) -> list[tuple[int, ...]]:
    return list(combinations_with_replacement(range(kinds), 4))


_PITFALL_PHASES = (
    "start",
    "scorpion",
    "direction",
    "obstacle",
    "climb",
    "give",
    "over",
)


def _pitfall_tensor(game: Any, view: Any, seat: int) -> np.ndarray:
    """Pitfall view -> vector: whose turn, the phase, every pawn, hands as the view
    shows them (others' as a hidden count), treasure, piles' sizes, the scorpion and
    the move in progress."""
    board = game.board
    spaces = list(board.spaces)
    n = game.players
    w = _Writer()
    w.one_hot(seat, range(n))
    w.one_hot(game.to_move(view), range(n))
    w.one_hot(view.phase, _PITFALL_PHASES)
    for pos in view.positions:
        w.one_hot(pos, spaces)
    for hand in view.hands:
        w.numbers(*hand)
    for held in view.treasure:
        w.numbers(*held)
    pile = _discards(view)
    discards = [0] * len(board.deck)
    for c in pile:
        discards[c] += 1
    w.numbers(*discards)
    w.numbers(len(view.deck), len(pile), len(view.facedown))
    w.one_hot(view.diamond, range(n))
    w.one_hot(view.scorpion, spaces)
    w.numbers(view.scorpion_played, view.roll, view.direction, view.remaining)
    w.one_hot(view.target, spaces)
    w.one_hot(view.no_climb, spaces)
    w.one_hot(view.token, range(len(board.tokens)))
    return w.array()


# -- Raiders of the Lost Ark -------------------------------------------------------


def _raiders_space(game: Any) -> GameSpace:
    from tabletop.games.raiders.cards import full_deck

    board = game.board
    seats = range(game.players)
    countries = list(board.countries)
    locations = list(board.locations)
    notations = [f"place {c}" for c in countries]
    notations += ["roll", "air", *(f"country {c}" for c in countries)]
    notations += [f"ambush {s}" for s in seats]
    notations += [f"hostage {s} {loc}" for s in seats for loc in locations]
    notations += [f"to {loc}" for loc in locations]
    notations += [f"send {s} {loc}" for s in seats for loc in locations]
    notations += [f"leave {s}" for s in seats]
    notations += ["passport", "skip"]
    actions = ActionSpace.from_notations(game, notations)
    size = len(_raiders_tensor(game, game.view(game.initial_state(0), 0), 0))
    deck = len(full_deck(board.countries))
    # Games between our heuristic bots at 6 players took up to 5,400 decisions.
    return GameSpace(actions, size, _raiders_tensor, max(deck, 6), 10_000)


_RAIDERS_PHASES = ("place", "turn", "move", "land", "customs", "over")


def _raiders_kinds(game: Any) -> list[str]:
    from tabletop.games.raiders.cards import full_deck

    return sorted(set(full_deck(game.board.countries)))


def _raiders_tensor(game: Any, view: Any, seat: int) -> np.ndarray:
    """Raiders view -> vector: whose turn, the phase, every token and its direction
    memory, hands as the view shows them (hidden cards as a count), the piles, the
    Ark's country once revealed, skips, hostages, debts and the move in progress."""
    from tabletop.core import HIDDEN

    board = game.board
    locations = list(board.locations)
    kinds = _raiders_kinds(game)
    n = game.players
    w = _Writer()
    w.one_hot(seat, range(n))
    w.one_hot(game.to_move(view), range(n))
    w.one_hot(view.phase, _RAIDERS_PHASES)
    for pos in view.positions:
        w.one_hot(pos, locations)
    for prev in view.prev:
        w.one_hot(prev, locations)
    for hand in view.hands:
        counts = [0] * (len(kinds) + 1)
        for card in hand:
            counts[len(kinds) if card == HIDDEN else kinds.index(card)] += 1
        w.numbers(*counts)
    pile = _discards(view)
    discards = [0] * len(kinds)
    for card in pile:
        discards[kinds.index(card)] += 1
    w.numbers(*discards)
    w.numbers(len(view.deck), len(pile))
    w.one_hot(view.ark, list(board.countries))
    w.numbers(*view.skips, *view.hostage, *view.owes, view.steps)
    w.numbers(*(s in view.passed for s in range(n)))
    w.numbers(*(s in view.landed for s in range(n)))
    w.one_hot(view.winner, range(n))
    return w.array()


register_space("pitfall", _pitfall_space)
register_space("raiders", _raiders_space)
