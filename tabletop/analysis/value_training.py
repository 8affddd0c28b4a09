"""Training a game's value model: ``python -m tabletop train-value GAME``.

For each player count of the game: self-play positions (``tabletop.analysis.
selfplay``) of ``games`` games for training (every tenth kept aside to pick the
best epoch), labelled by default by one playout each from a world dealt afresh
from the row's seat's view (an unbiased sample of what ``evaluate`` answers:
labels by the real end, which the bots' past moves bias, measured worse), and
``games // 4`` further games held out, labelled by how they ended; ``members``
networks with one ReLU layer trained on them by plain numpy minibatch Adam on the
cross-entropy, each from its own seed, and made one
(``tabletop.analysis.value.SeatNetwork``, their logits averaged); its figures on
the held-out positions. The weights go to ``value.npz`` in the game's package and
the figures to ``value.md`` beside it. Everything follows from ``seed``: the same
call writes the same file.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from tabletop.analysis.selfplay import Positions, self_play_positions
from tabletop.analysis.value import (
    FORMAT,
    SeatNetwork,
    layout_digest,
    save_weights,
    trained_for,
    weights_path,
)
from tabletop.core.registry import lookup

Log = Callable[[str], None]


@dataclass(frozen=True)
class Settings:
    """How a value model is trained (recorded in its weights file)."""

    games: int = 8000
    per_game: int = 16
    playouts: int = 1
    label: str = "playouts"
    hidden: int = 32
    members: int = 6
    epochs: int = 12
    batch: int = 256
    rate: float = 2e-3
    decay: float = 1e-4
    seed: int = 0


def train_value(
    name: str,
    settings: Settings | None = None,
    *,
    players: tuple[int, ...] | None = None,
    out: str | Path | None = None,
    log: Log = print,
) -> dict[str, Any]:
    """Train and write game ``name``'s value model; returns what the file records.

    Args:
        name: a registered game.
        settings: data, network and seed.
        players: the player counts (default: every count the game allows).
        out: the weights file (default: ``value.npz`` in the game's package);
            the report ``value.md`` is written beside it.
        log: where progress lines go.
    """
    settings = settings or Settings()
    entry = lookup(name)
    low, high = entry.players
    counts = players or tuple(range(low, high + 1))
    from tabletop.adapters.spaces import space_of

    networks, layouts, figures = {}, {}, {}
    started = time.process_time()
    for count in counts:
        game = entry.make(players=count)
        space = space_of(game)
        clock = time.process_time()
        network, figures[str(count)] = train_count(game, space.encode, settings, log)
        figures[str(count)]["cpu_seconds"] = round(time.process_time() - clock, 1)
        networks[count] = network
        layouts[str(count)] = {
            "size": space.tensor_size,
            "digest": layout_digest(game, space.encode),
        }
    meta = {
        "format": FORMAT,
        **trained_for(entry.make(players=counts[0])),
        "layouts": layouts,
        "settings": settings.__dict__,
        "held_out": figures,
        "cpu_seconds": round(time.process_time() - started, 1),
    }
    path = Path(out) if out is not None else weights_path(entry.make(players=low))
    save_weights(path, meta, networks)
    path.with_name("value.md").write_text(report(entry.title or name, meta))
    log(f"wrote {path} and {path.with_name('value.md')}")
    return meta


def train_count(
    game: Any, encode: Any, settings: Settings, log: Log
) -> tuple[SeatNetwork, dict[str, Any]]:
    """Data, training and held-out figures for one player count."""
    s = settings
    data = self_play_positions(
        game, encode, games=s.games, seed=s.seed, per_game=s.per_game,
        playouts=s.playouts, label=s.label,
    )  # fmt: skip
    held = self_play_positions(
        game, encode, games=max(1, s.games // 4), seed=s.seed, per_game=s.per_game,
        first=s.games,
    )  # fmt: skip
    aside = data.games % 10 == 9
    log(f"{game.name} {game.players}p: {len(data)} positions, {len(held)} held out")
    network = train_network(data.take(~aside), data.take(aside), s, log)
    figures = measure(network.probabilities(held.features), held, game.players)
    figures["positions"] = {"train": int((~aside).sum()), "held_out": len(held)}
    log(f"  held out: {json.dumps(figures['all'])}")
    return network, figures


def train_network(
    train: Positions, valid: Positions, s: Settings, log: Log
) -> SeatNetwork:
    """``s.members`` networks of ``s.hidden`` units, each from its own seed, made
    one: their hidden layers side by side and their logits averaged (what the
    softmax of the mean logits answers). Averaging cuts the noise each network
    learns from labels of one playout. Cells constant in the training data get
    no weight."""
    x = train.features
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    active = scale > 1e-6
    scale[~active] = 1.0
    xa = ((x - mean) / scale)[:, active].astype(np.float32)
    xv = ((valid.features - mean) / scale)[:, active].astype(np.float32)
    members = [
        train_member(xa, train.targets, xv, valid.targets, s, s.seed + m, log)
        for m in range(s.members)
    ]
    w1 = np.zeros((len(active), s.hidden * s.members), np.float32)
    w1[active] = np.concatenate([m[0] for m in members], axis=1)
    b1 = np.concatenate([m[1] for m in members])
    w2 = np.concatenate([m[2] for m in members], axis=0) / s.members
    b2 = np.mean([m[3] for m in members], axis=0)
    return SeatNetwork(mean, scale, w1, b1, w2, b2.astype(np.float32))


def train_member(
    xa: np.ndarray,
    y: np.ndarray,
    xv: np.ndarray,
    yv: np.ndarray,
    s: Settings,
    seed: int,
    log: Log,
) -> list[np.ndarray]:
    """One network by minibatch Adam on the cross-entropy of standardised
    inputs; the epoch with the least validation loss is kept."""
    rng = np.random.default_rng(seed)
    width = xa.shape[1]
    params = [
        rng.normal(0, np.sqrt(2 / max(width, 1)), (width, s.hidden)),
        np.zeros(s.hidden),
        rng.normal(0, np.sqrt(1 / s.hidden), (s.hidden, y.shape[1])),
        np.zeros(y.shape[1]),
    ]
    params = [p.astype(np.float32) for p in params]
    adam = Adam(params, s.rate)
    best, best_loss = [p.copy() for p in params], np.inf
    for epoch in range(s.epochs):
        order = rng.permutation(len(xa))
        adam.rate = s.rate * 0.5 * (1 + np.cos(np.pi * epoch / s.epochs))
        for start in range(0, len(order), s.batch):
            rows = order[start : start + s.batch]
            adam.step(gradients(params, xa[rows], y[rows], s.decay))
        loss = cross_entropy(forward(params, xv), yv)
        if loss < best_loss:
            best, best_loss = [p.copy() for p in params], loss
        log(f"  seed {seed} epoch {epoch + 1}/{s.epochs}: validation loss {loss:.4f}")
    return best


def forward(params: list[np.ndarray], x: np.ndarray) -> np.ndarray:
    w1, b1, w2, b2 = params
    logits = np.maximum(x @ w1 + b1, 0.0) @ w2 + b2
    logits -= logits.max(axis=1, keepdims=True)
    e = np.exp(logits)
    return e / e.sum(axis=1, keepdims=True)


def gradients(
    params: list[np.ndarray], x: np.ndarray, y: np.ndarray, decay: float
) -> list[np.ndarray]:
    """The gradients of the mean cross-entropy plus ``decay`` x the squared
    weights."""
    w1, b1, w2, b2 = params
    pre = x @ w1 + b1
    h = np.maximum(pre, 0.0)
    logits = h @ w2 + b2
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    p /= p.sum(axis=1, keepdims=True)
    g = (p - y) / len(x)
    dh = (g @ w2.T) * (pre > 0)
    return [x.T @ dh + decay * w1, dh.sum(axis=0), h.T @ g + decay * w2, g.sum(axis=0)]


class Adam:
    """Adam (Kingma and Ba), updating ``params`` in place."""

    def __init__(self, params: list[np.ndarray], rate: float):
        self.params, self.rate, self.t = params, rate, 0
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]

    def step(self, grads: list[np.ndarray], b1: float = 0.9, b2: float = 0.999) -> None:
        self.t += 1
        fix1, fix2 = 1 - b1**self.t, 1 - b2**self.t
        for p, g, m, v in zip(self.params, grads, self.m, self.v, strict=True):
            m *= b1
            m += (1 - b1) * g
            v *= b2
            v += (1 - b2) * g * g
            p -= (self.rate * (m / fix1) / (np.sqrt(v / fix2) + 1e-8)).astype(p.dtype)


def cross_entropy(p: np.ndarray, y: np.ndarray) -> float:
    return float(-(y * np.log(np.clip(p, 1e-7, 1.0))).sum(axis=1).mean())


def measure(probs: np.ndarray, held: Positions, players: int) -> dict[str, Any]:
    """Figures against the real outcomes: overall and by stage of the game."""
    stages = {
        "all": np.ones(len(held), bool),
        "early": held.progress < 1 / 3,
        "middle": (held.progress >= 1 / 3) & (held.progress < 2 / 3),
        "late": held.progress >= 2 / 3,
    }
    return {
        stage: calibration(probs[rows], held.winners[rows], players)
        for stage, rows in stages.items()
    }


def calibration(
    probs: np.ndarray, winners: np.ndarray, players: int, bins: int = 10
) -> dict[str, float]:
    """Brier score (summed over the seats, mean over positions), expected
    calibration error over ``bins`` equal bins of every (position, seat) chance,
    the share of positions whose most likely seat won, and the positions."""
    if len(winners) == 0:
        return {"positions": 0}
    chances = probs[:, :players]
    won = (winners[:, None] == np.arange(players)[None, :]).astype(np.float64)
    p, o = chances.ravel(), won.ravel()
    where = np.minimum((p * bins).astype(int), bins - 1)
    error = 0.0
    for b in range(bins):
        rows = where == b
        if rows.any():
            error += rows.mean() * abs(p[rows].mean() - o[rows].mean())
    return {
        "positions": int(len(winners)),
        "brier": round(float(((chances - won) ** 2).sum(axis=1).mean()), 4),
        "ece": round(float(error), 4),
        "leader": round(float((chances.argmax(axis=1) == winners).mean()), 4),
    }


def report(title: str, meta: dict[str, Any]) -> str:
    """The training report (Markdown) of a weights file's record."""
    s = meta["settings"]
    lines = [
        f"# {title}: value model",
        "",
        f"Trained by `python -m tabletop train-value {meta['game']}` (seed "
        f"{s['seed']}, {s['games']} self-play games a player count, {s['per_game']} "
        f"positions a game, labelled by {_label(s)}; {s['members']} networks of "
        f"{s['hidden']} hidden units averaged, {s['epochs']} epochs) in "
        f"{meta['cpu_seconds']} CPU s, for rules version {meta['rules_version']}, "
        f"board {meta['board']}.",
        "",
        "Held-out self-play positions (games not trained on), against how they "
        "ended: Brier score (summed over seats), expected calibration error (10 "
        "bins), share where the most likely seat won.",
        "",
        "| players | stage | positions | Brier | calibration error | leader won |",
        "|---|---|---|---|---|---|",
    ]
    for count, figures in meta["held_out"].items():
        for stage in ("all", "early", "middle", "late"):
            f = figures[stage]
            if f.get("positions"):
                lines.append(
                    f"| {count} | {stage} | {f['positions']} | {f['brier']:.3f} | "
                    f"{100 * f['ece']:.1f} pts | {100 * f['leader']:.1f}% |"
                )
    lines += [
        "",
        "The error against 1,000 playouts from the seat's knowledge, which the "
        "evaluation bar shows, is measured and recorded in the weights by "
        "`benchmarks/value.py`. See `docs/analysis.md` (The value model).",
    ]
    return "\n".join(lines) + "\n"


def _label(s: dict[str, Any]) -> str:
    """How the positions were labelled, in words."""
    if s["label"] == "playouts":
        return f"{s['playouts']} playout(s) from the seat's knowledge, not the real end"
    if s["playouts"]:
        return f"the real end and {s['playouts']} playouts"
    return "the real end"
