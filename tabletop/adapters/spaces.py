"""Fixed integer action spaces and observation tensors for each game.

Outside frameworks number actions ``0..n-1`` and read observations as flat float
vectors of a fixed size. An ``ActionSpace`` lists every action a game can ever offer
as its notation, read from the board and the cards (never from a played game), so
``decode(encode(action)) == action`` for every legal action and the numbers are the
same on every machine. A tensor encoder turns a view (``game.view(state, seat)``)
into a vector: it reads only the view, so it cannot show what the view hides.

Each game supplies its space and encoder as the ``space`` part of its registry
entry (``space(game) -> GameSpace``); the adapters find it there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import chain, combinations_with_replacement
from typing import Any

import numpy as np

PART_MEMO = 4096
"""How many tuples of actions an ``ActionSpace`` remembers the numbers of."""


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
    #: ``id`` of an action object met before -> its number; the objects are kept in
    #: ``_met`` so that no other object can take their ``id`` (see ``numbers``).
    _by_id: dict[int, int] = field(default_factory=dict, compare=False, repr=False)
    _met: list[Any] = field(default_factory=list, compare=False, repr=False)
    #: ``id`` of a tuple of actions met before -> (the tuple, its numbers
    #: ascending), the latest ``PART_MEMO`` (see ``numbers_of_parts``).
    _parts: dict[int, tuple[tuple[Any, ...], tuple[int, ...]]] = field(
        default_factory=dict, compare=False, repr=False
    )

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

    def numbers(self, legal: Sequence[Any]) -> list[int]:
        """The numbers of ``legal`` (action objects), ascending.

        The same answer as ``sorted(map(encode, legal))``, faster where a game
        hands out the same action objects again (ours keep one object per action):
        an object met before is found by its ``id`` (C-speed, where hashing a
        dataclass runs Python code twice per action). The first ``4 * len(self)``
        objects met are remembered (and kept alive, so an ``id`` always means the
        object it was taken from); a game that builds fresh objects every time
        stays on the plain lookup once that many are kept.
        ``tests/test_adapters_spaces.py`` checks the two answers agree for every
        game."""
        try:  # every object met before (a None among two or more cannot sort)
            out = sorted(map(self._by_id.get, map(id, legal)))
            if None not in out[:1]:
                return out
        except TypeError:
            pass
        out = list(map(self._by_id.get, map(id, legal)))
        if None in out:
            index = self.index
            remember = len(self._met) < 4 * len(self.actions)
            for k, action in enumerate(legal):
                if out[k] is None:
                    try:
                        out[k] = number = index[action]
                    except KeyError:
                        raise ValueError(
                            f"{action!r} is not in the action space"
                        ) from None
                    if remember:
                        self._by_id[id(action)] = number
                        self._met.append(action)
        out.sort()
        return out

    def numbers_of_parts(self, parts: Sequence[Sequence[Any]]) -> list[int]:
        """The numbers of the actions of ``parts`` (a game's ``legal_parts``),
        ascending: ``numbers`` of their concatenation (a new list).

        A part that is a tuple met before, the same object, is not numbered
        again: the latest ``PART_MEMO`` tuples are remembered with their numbers
        (and kept alive, so an ``id`` always means the tuple it was taken from).
        A game whose rule hands out one tuple for many positions (all the
        exchanges of one hand, say) is numbered once per tuple.
        ``tests/test_adapters_spaces.py``
        checks the answer against the plain lookup for every game."""
        memo = self._parts
        found: list[Sequence[int]] = []
        loose: list[Any] = []  # the parts that are not tuples, numbered at once
        for part in parts:
            if not part:
                continue
            if type(part) is tuple:
                known = memo.get(id(part))
                if known is None:
                    if len(memo) >= PART_MEMO:
                        del memo[next(iter(memo))]  # the oldest
                    known = memo[id(part)] = (part, tuple(self.numbers(part)))
                found.append(known[1])
            else:
                loose += part
        if loose:
            if not found:
                return self.numbers(loose)
            found.append(self.numbers(loose))
        if len(found) == 1:
            return list(found[0])
        out = [n for numbers in found for n in numbers]
        out.sort()
        return out

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
        max_chance_outcomes: the most outcomes one chance node may have: at
            least the most one random draw can have; draws known to follow one
            another (a shuffle's) are joined into one node up to it.
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


def space_of(game: Any) -> GameSpace:
    """The ``GameSpace`` of ``game`` (its entry's ``space`` part), built afresh: an
    OpenSpiel game or a PettingZoo environment builds it once and keeps it for all
    its states."""
    from tabletop.core.registry import part_of

    factory = part_of(game, "space")
    if factory is None:
        raise KeyError(f"the game {game.name!r} has no action space for the adapters")
    return factory(game)


def legal_parts_of(game: Any) -> Callable[[Any], Sequence[Sequence[Any]]]:
    """``game.legal_parts`` (the legal actions rule by rule), or for a game
    without it one part, its ``legal_actions``: what
    ``ActionSpace.numbers_of_parts`` numbers."""
    parts = getattr(game, "legal_parts", None)
    if parts is not None:
        return parts
    legal_actions = game.legal_actions
    return lambda state: (legal_actions(state),)


def fours(kinds: int) -> list[tuple[int, ...]]:
    """Every multiset of four card kinds out of ``kinds`` (an exchange of four)."""
    return list(combinations_with_replacement(range(kinds), 4))


class TensorWriter:
    """Fills a float vector piece by piece (one-hots, counts, flags), keeping
    where its ones and its runs of values go until ``array`` writes them into
    zeros at once (one numpy assignment each, the runs' cells found from their
    layout, which is the same at every call for a game: kept per layout)."""

    #: (starts of the runs, their lengths) -> the cells of every run, in order.
    _cells: dict[tuple[tuple[int, ...], tuple[int, ...]], np.ndarray] = {}
    _CELLS_KEPT = 256

    def __init__(self) -> None:
        self.size = 0
        self.hot: list[int] = []
        self.starts: list[int] = []
        self.runs: list[tuple[float, ...]] = []

    def one_hot(self, value: Any, vocabulary: Sequence[Any] | dict[Any, int]) -> None:
        """One cell per word of ``vocabulary`` (a sequence, or a dict word ->
        position, faster to look up), 1 where ``value`` is."""
        if vocabulary.__class__ is dict:
            at = vocabulary.get(value)
            if at is not None:
                self.hot.append(self.size + at)
        else:
            try:
                self.hot.append(self.size + vocabulary.index(value))
            except ValueError:
                pass  # not in the vocabulary (``None``: nothing yet): all zeros
        self.size += len(vocabulary)

    def one_hots(self, values: Sequence[Any], vocabulary: dict[Any, int]) -> None:
        """``one_hot`` of each of ``values`` in turn over the same ``vocabulary``
        (a dict word -> position), in one call: the same cells."""
        width, size, hot, at = len(vocabulary), self.size, self.hot, vocabulary.get
        for value in values:
            cell = at(value)
            if cell is not None:
                hot.append(size + cell)
            size += width
        self.size = size

    def numbers(self, *values: float) -> None:
        """One cell per value, holding it."""
        self.starts.append(self.size)
        self.runs.append(values)
        self.size += len(values)

    def array(self) -> np.ndarray:
        out = np.zeros(self.size, np.float32)
        if self.hot:
            out[self.hot] = 1.0
        if self.runs:
            layout = (tuple(self.starts), tuple(map(len, self.runs)))
            cells = self._cells.get(layout)
            if cells is None:
                cells = np.concatenate(
                    [np.arange(a, a + n) for a, n in zip(*layout, strict=True)]
                )
                if len(self._cells) < self._CELLS_KEPT:
                    self._cells[layout] = cells
            values = chain.from_iterable(self.runs)
            out[cells] = np.fromiter(values, np.float32, len(cells))
        return out
