"""A learned evaluator: every seat's chance to win, from one seat's view, at once.

A game's value model is a small network (one hidden layer, numpy only) from the
adapters' view tensor (the ``space`` part of the game's registry entry: it reads
only ``game.view(state, seat)``, so no card hidden from that seat reaches it) to a
softmax over the seats and "nobody wins". It answers in well under a millisecond,
where playouts take seconds; ``benchmarks/value.py`` measures how far it is from
them (``docs/analysis.md``).

Its weights ship in the game's own package, ``value.npz`` beside the package's
``__init__`` (found from the package of the entry's Game class, so an installed
game ships its own the same way), written by ``python -m tabletop train-value
GAME`` (``tabletop.analysis.value_training``). The file is a numpy archive read
with ``allow_pickle=False``: the weights of each player count and ``meta``, a JSON
text recording what they were trained for: the rules version, the rule options,
the board file's digest, and per player count the view tensor's size and digest.
``load_value_model`` refuses, naming the difference, weights trained for anything
else. Loading and checking cost 10-15 ms, where the network answers in 0.05 ms:
``value_model`` keeps the last few models loaded (``LoadedModels``), so a caller
asking about the same game again (``evaluate(..., method="model")``, a hint, a
review) pays once.

This module imports numpy; nothing imports it until a model is asked for, so the
games and the rest of the analysis import without it.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from tabletop.core.match import board_digest, rules_version
from tabletop.core.registry import entry_of

WEIGHTS_FILE = "value.npz"
"""The weights' file name in a game's package."""

FORMAT = 1
"""The version of the weights file's layout."""

LAYOUT_SEEDS = (0, 1)
"""The initial states whose view tensors (every seat's) make a layout's digest."""


class ValueModelError(ValueError):
    """Weights that are missing, or were trained for other rules or another input."""


@dataclass(frozen=True)
class SeatNetwork:
    """The network of one player count: standardise, one ReLU layer, softmax.

    Attributes:
        mean, scale: per input cell, ``x' = (x - mean) / scale``.
        w1, b1: the hidden layer (inputs x hidden).
        w2, b2: the output layer (hidden x (players + 1)); the last output is
            "nobody wins" (a game cut off).
    """

    mean: np.ndarray
    scale: np.ndarray
    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: np.ndarray

    def probabilities(self, x: np.ndarray) -> np.ndarray:
        """Rows of chances (seats, then nobody) for rows of view tensors."""
        h = np.maximum((x - self.mean) / self.scale @ self.w1 + self.b1, 0.0)
        logits = h @ self.w2 + self.b2
        logits -= logits.max(axis=-1, keepdims=True)
        e = np.exp(logits)
        return e / e.sum(axis=-1, keepdims=True)

    def arrays(self, prefix: str) -> dict[str, np.ndarray]:
        """The arrays to save, named ``prefix`` + field."""
        names = ("mean", "scale", "w1", "b1", "w2", "b2")
        return {prefix + n: np.asarray(getattr(self, n), np.float32) for n in names}

    @classmethod
    def from_arrays(cls, arrays: Any, prefix: str) -> SeatNetwork:
        names = ("mean", "scale", "w1", "b1", "w2", "b2")
        return cls(*(np.asarray(arrays[prefix + n], np.float32) for n in names))


class ValueModel:
    """A game's value model for one player count, checked against the game.

    Args:
        game: the rules it answers for.
        network: the trained network.
        meta: what the weights record (see the module docstring).
        encode: the view tensor encoder (the game's ``GameSpace.encode``).
    """

    def __init__(
        self, game: Any, network: SeatNetwork, meta: dict[str, Any], encode: Any
    ):
        self.game = game
        self.network = network
        self.meta = meta
        self.encode = encode

    @property
    def error_points(self) -> float | None:
        """The model's mean absolute error per seat, in points, against 1,000
        playouts from the same seat's knowledge (``benchmarks/value.py``, all
        held-out positions), as recorded in the weights' ``meta``; None when not
        measured. Training cannot know it (its held-out positions are labelled
        by how games ended, not by 1,000 playouts): ``train-value`` writes
        weights without it and ``benchmarks/value.py`` records it, for these
        very weights, after measuring them (``record_error``)."""
        error = self.meta.get("error_points")
        return float(error) if isinstance(error, (int, float)) else None

    def features(self, state: Any, seat: int) -> np.ndarray:
        """The view tensor of ``seat``: all the model ever reads of ``state``."""
        return self.encode(self.game, self.game.view(state, seat), seat)

    def chances(self, state: Any, seat: int) -> tuple[float, ...]:
        """Each seat's chance to win from ``seat``'s knowledge of ``state`` (the
        rest, up to 1, is the chance that nobody wins). A finished game answers
        its outcome."""
        outcome = self.game.outcome(state)
        players = self.game.players
        if outcome is not None:
            return tuple(float(s == outcome.winner) for s in range(players))
        row = self.network.probabilities(self.features(state, seat)[None, :])[0]
        return tuple(float(p) for p in row[:players])


def layout_digest(game: Any, encode: Any = None) -> str:
    """The digest of ``game``'s view tensor layout: every seat's tensor of the
    initial states of ``LAYOUT_SEEDS``, with their size."""
    if encode is None:
        from tabletop.adapters.spaces import space_of

        encode = space_of(game).encode
    digest = hashlib.sha256()
    for seed in LAYOUT_SEEDS:
        state = game.initial_state(seed)
        for seat in range(game.players):
            x = np.asarray(encode(game, game.view(state, seat), seat), np.float32)
            digest.update(len(x).to_bytes(4, "big") + x.tobytes())
    return digest.hexdigest()[:16]


def trained_for(game: Any) -> dict[str, Any]:
    """What weights for ``game`` must record (its rules, options and board)."""
    return {
        "game": game.name,
        "rules_version": rules_version(game),
        "options": dict(game.options),
        "board": board_digest(game) or None,
    }


def weights_path(game: Any) -> Path:
    """Where ``game``'s weights live: ``value.npz`` in its package."""
    entry = entry_of(game)
    if entry is None:
        raise ValueModelError(f"the game {game.name!r} is not registered")
    package = entry.module.rpartition(".")[0] or entry.module
    module = importlib.import_module(package)
    return Path(module.__file__ or "").resolve().parent / WEIGHTS_FILE


def load_value_model(game: Any, path: str | Path | None = None) -> ValueModel:
    """``game``'s value model (from its package, or ``path``).

    Raises:
        ValueModelError: no weights, no network for this player count, or weights
            trained for another rules version, options, board or view layout.
    """
    path = Path(path) if path is not None else weights_path(game)
    retrain = f"retrain them: python -m tabletop train-value {game.name}"
    if not path.exists():
        raise ValueModelError(f"{game.name} has no value model ({path}); {retrain}")
    with np.load(path, allow_pickle=False) as arrays:
        meta = json.loads(str(arrays["meta"]))
        prefix = f"p{game.players}_"
        if f"{prefix}w1" not in arrays:
            raise ValueModelError(
                f"{path.name} of {game.name} has no network for {game.players} "
                f"players; {retrain}"
            )
        network = SeatNetwork.from_arrays(arrays, prefix)
    from tabletop.adapters.spaces import space_of

    space = space_of(game)
    check_meta(game, space, meta, path, retrain)
    return ValueModel(game, network, meta, space.encode)


class LoadedModels:
    """Value models already loaded and checked, by what decides their weights:
    the game's class, name, player count, options, rules version and board, and
    the weights file with its modification time and size (retrained weights are
    read again).

    At most ``size`` models are kept, the least recently asked for dropped first.
    ``benchmarks/value_calls.py`` measures what it saves. Weights that cannot be
    loaded are not kept: each ask raises again.

    Args:
        size: the most models kept.
    """

    def __init__(self, size: int = 8) -> None:
        self.size = size
        self._models: OrderedDict[tuple[Any, ...], ValueModel] = OrderedDict()
        self._lock = threading.Lock()  # the table evaluates in background threads

    def get(self, game: Any, path: str | Path | None = None) -> ValueModel:
        """``game``'s value model (``load_value_model``), loaded once.

        Raises:
            ValueModelError: as ``load_value_model``.
        """
        path = Path(path) if path is not None else weights_path(game)
        try:
            stat = path.stat()
        except OSError:
            return load_value_model(game, path)  # refuses, naming the missing file
        key = (*game_key(game), str(path), stat.st_mtime_ns, stat.st_size)
        with self._lock:
            model = self._models.get(key)
            if model is not None:
                self._models.move_to_end(key)
                return model
        model = load_value_model(game, path)
        with self._lock:
            self._models[key] = model
            while len(self._models) > self.size:
                self._models.popitem(last=False)
        return model

    def clear(self) -> None:
        """Forget every model kept."""
        with self._lock:
            self._models.clear()

    def __len__(self) -> int:
        return len(self._models)


def game_key(game: Any) -> tuple[Any, ...]:
    """What decides which weights a game takes and how it is checked."""
    kind = type(game)
    options = repr(sorted(dict(game.options).items()))
    return (
        f"{kind.__module__}.{kind.__qualname__}",
        game.name,
        game.players,
        options,
        rules_version(game),
        board_digest(game),
    )


LOADED_MODELS = LoadedModels()
"""The models ``value_model`` keeps (bounded; see ``LoadedModels``)."""


def value_model(game: Any) -> ValueModel:
    """``game``'s value model from its package, loaded once for every caller.

    Raises:
        ValueModelError: as ``load_value_model``.
    """
    return LOADED_MODELS.get(game)


def model_or_reason(game: Any) -> tuple[ValueModel | None, str]:
    """``game``'s value model and ``""``, or None and why it does not answer (no
    weights, or weights trained for other rules: a game played with house rules,
    ``tabletop.core.options``, is not what they were trained for). A caller then
    falls back on another evaluation and says which it used."""
    try:
        return value_model(game), ""
    except ValueModelError as exc:
        return None, refusal_words(exc)


def refusal_words(exc: ValueModelError) -> str:
    """Why the value model does not answer, in a sentence for a report: the
    weights' record against the game's, without the file's path or the command
    that retrains them."""
    why = str(exc).split("; retrain")[0]
    if " was trained " in why:
        why = "the value model was trained " + why.split(" was trained ", 1)[1]
    return why


def check_meta(
    game: Any, space: Any, meta: dict[str, Any], path: Path, retrain: str
) -> None:
    """Refuse weights whose record differs from ``game`` and its ``space`` (the
    adapters' ``GameSpace``), naming the difference."""
    if meta.get("format") != FORMAT:
        raise ValueModelError(
            f"{path} is in format {meta.get('format')!r}, not {FORMAT}; {retrain}"
        )
    expected = trained_for(game)
    for key, want in expected.items():
        if meta.get(key) != want:
            raise ValueModelError(
                f"{path} was trained for {key} {meta.get(key)!r}; "
                f"this game has {key} {want!r}; {retrain}"
            )
    layout = meta.get("layouts", {}).get(str(game.players), {})
    if layout.get("size") != space.tensor_size:
        raise ValueModelError(
            f"{path} was trained on view tensors of {layout.get('size')} cells; "
            f"this game's have {space.tensor_size}; {retrain}"
        )
    digest = layout_digest(game, space.encode)
    if layout.get("digest") != digest:
        raise ValueModelError(
            f"{path} was trained on another view tensor layout (digest "
            f"{layout.get('digest')}, now {digest}); {retrain}"
        )


def save_weights(
    path: Path, meta: dict[str, Any], networks: dict[int, SeatNetwork]
) -> None:
    """Write the weights file: ``meta`` (JSON text) and each player count's arrays."""
    arrays: dict[str, np.ndarray] = {"meta": np.array(json.dumps(meta, indent=1))}
    for players, network in sorted(networks.items()):
        arrays.update(network.arrays(f"p{players}_"))
    with open(path, "wb") as out:
        np.savez_compressed(out, **arrays)


def record_error(path: Path, points: float, measured_by: str) -> None:
    """Record in the weights file at ``path`` its measured mean error per seat
    (``ValueModel.error_points``) and how it was measured; the weights are
    rewritten unchanged."""
    with np.load(path, allow_pickle=False) as arrays:
        meta = json.loads(str(arrays["meta"]))
        kept = {name: arrays[name] for name in arrays.files if name != "meta"}
    meta["error_points"] = round(float(points), 1)
    meta["error_measured_by"] = measured_by
    with open(path, "wb") as out:
        np.savez_compressed(out, meta=np.array(json.dumps(meta, indent=1)), **kept)
