"""Pitfall Harry's pictures as shapes: obstacle icons, the scorpion and the diamond.

Each icon is drawn around (x, y) in board units, ``r`` being half a space's side, so
the board and its legend share them.
"""

from __future__ import annotations

import math

from tabletop.draw.shapes import Pen


def pit(p: Pen, x: float, y: float, r: float) -> None:
    p.circle(x, y, r * 0.72, fill="#000000")


def ladder_pit(p: Pen, x: float, y: float, r: float) -> None:
    pit(p, x, y, r)
    wood = "#d7a94b"
    p.line(x - r * 0.3, y - r * 0.7, x - r * 0.3, y + r * 0.7, wood, 2.5)
    p.line(x + r * 0.3, y - r * 0.7, x + r * 0.3, y + r * 0.7, wood, 2.5)
    for k in (-0.4, 0, 0.4):
        p.line(x - r * 0.3, y + r * k, x + r * 0.3, y + r * k, wood, 2.5)


def croc(p: Pen, x: float, y: float, r: float) -> None:
    p.rect(x - r + 2, y - r + 2, 2 * r - 4, 2 * r - 4, fill="#1e88e5")
    body = [
        (x - r * 0.8, y),
        (x - r * 0.2, y - r * 0.4),
        (x + r * 0.8, y - r * 0.2),
        (x + r * 0.8, y + r * 0.15),
        (x - r * 0.2, y + r * 0.35),
    ]
    p.polygon(body, fill="#33691e")
    p.circle(x - r * 0.15, y - r * 0.2, r * 0.12, fill="#ffffff")


def log(p: Pen, x: float, y: float, r: float) -> None:
    p.rect(x - r * 0.85, y - r * 0.3, r * 1.7, r * 0.6, fill="#6d4c41")
    p.circle(x + r * 0.85, y, r * 0.3, fill="#a1887f")


def fire(p: Pen, x: float, y: float, r: float) -> None:
    p.polygon(
        [(x - r * 0.6, y + r * 0.6), (x, y - r * 0.8), (x + r * 0.6, y + r * 0.6)],
        fill="#e65100",
    )
    p.polygon(
        [(x - r * 0.3, y + r * 0.6), (x, y - r * 0.2), (x + r * 0.3, y + r * 0.6)],
        fill="#ffca28",
    )


def cobra(p: Pen, x: float, y: float, r: float) -> None:
    p.circle(x, y + r * 0.25, r * 0.45, stroke="#827717", width=r * 0.22)
    p.circle(x + r * 0.1, y - r * 0.45, r * 0.28, fill="#afb42b")
    p.circle(x + r * 0.18, y - r * 0.5, r * 0.06, fill="#000000")


def swamp(p: Pen, x: float, y: float, r: float) -> None:
    p.circle(x, y, r * 0.8, fill="#33691e")
    for dx, dy in ((-0.3, -0.2), (0.25, 0.1), (-0.05, 0.35)):
        p.circle(x + r * dx, y + r * dy, r * 0.15, fill="#558b2f")


def wall(p: Pen, x: float, y: float, r: float) -> None:
    p.rect(x - r, y - r, 2 * r, 2 * r, fill="#9e9e9e")
    mortar = "#424242"
    for k in range(4):
        yy = y - r + k * r / 2
        p.line(x - r, yy, x + r, yy, mortar, 1.5)
        off = (r / 2) if k % 2 else 0
        p.line(x - r / 2 + off, yy, x - r / 2 + off, yy + r / 2, mortar, 1.5)
        p.line(x + r / 2 + off - r, yy, x + r / 2 + off - r, yy + r / 2, mortar, 1.5)


def riverboat(p: Pen, x: float, y: float, r: float) -> None:
    p.rect(x - r, y - r, 2 * r, 2 * r, fill="#1e88e5")
    hull = [
        (x - r * 0.9, y),
        (x + r * 0.9, y),
        (x + r * 0.6, y + r * 0.5),
        (x - r * 0.6, y + r * 0.5),
    ]
    p.polygon(hull, fill="#fafafa")
    p.rect(x - r * 0.35, y - r * 0.55, r * 0.7, r * 0.55, fill="#d32f2f")


def diamond_space(p: Pen, x: float, y: float, r: float) -> None:
    p.rect(x - r, y - r, 2 * r, 2 * r, fill="#263238")
    p.rect(x - r + 3, y - r + 3, 2 * r - 6, 2 * r - 6, stroke="#4dd0e1", width=2)


def diamond(p: Pen, x: float, y: float, r: float, color: str) -> None:
    p.polygon([(x, y - r), (x + r * 0.8, y), (x, y + r), (x - r * 0.8, y)], fill=color)
    p.polygon(
        [(x, y - r), (x + r * 0.3, y), (x, y + r * 0.3), (x - r * 0.3, y)],
        fill="#e0f7fa",
    )


def scorpion(p: Pen, x: float, y: float) -> None:
    p.circle(x, y, 17, fill="#ff5252")
    p.circle(x - 5, y + 3, 7, fill="#000000")
    p.circle(x + 4, y + 3, 5, fill="#000000")
    p.arc(x + 7, y - 4, 7, math.pi * 0.5, math.pi * 1.8, "#000000", 3)
    p.line(x - 12, y - 2, x - 16, y - 8, "#000000", 3)
    p.line(x - 12, y + 6, x - 16, y + 11, "#000000", 3)
    p.circle(x + 12, y - 10, 3, fill="#ffeb3b")


ICONS = {
    "pit": pit,
    "ladder_pit": ladder_pit,
    "croc": croc,
    "log": log,
    "fire": fire,
    "cobra": cobra,
    "swamp": swamp,
    "wall": wall,
    "riverboat": riverboat,
    "diamond": diamond_space,
}
