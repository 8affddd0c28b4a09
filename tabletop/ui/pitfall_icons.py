"""Pitfall Harry's pictures: obstacle icons, pawns, the scorpion and the diamond.

Each icon is drawn around (x, y) in board units, ``r`` being half a space's side, so
the board and its legend share them.
"""

from __future__ import annotations

import math
from typing import Any


def pit(c: Any, x: float, y: float, r: float) -> None:
    c.fill_style = "#000"
    c.fill_circle(x, y, r * 0.72)


def ladder_pit(c: Any, x: float, y: float, r: float) -> None:
    pit(c, x, y, r)
    c.stroke_style = "#d7a94b"
    c.line_width = 2.5
    c.stroke_line(x - r * 0.3, y - r * 0.7, x - r * 0.3, y + r * 0.7)
    c.stroke_line(x + r * 0.3, y - r * 0.7, x + r * 0.3, y + r * 0.7)
    for k in (-0.4, 0, 0.4):
        c.stroke_line(x - r * 0.3, y + r * k, x + r * 0.3, y + r * k)


def croc(c: Any, x: float, y: float, r: float) -> None:
    c.fill_style = "#1e88e5"
    c.fill_rect(x - r + 2, y - r + 2, 2 * r - 4, 2 * r - 4)
    c.fill_style = "#33691e"
    c.fill_polygon(
        [
            (x - r * 0.8, y),
            (x - r * 0.2, y - r * 0.4),
            (x + r * 0.8, y - r * 0.2),
            (x + r * 0.8, y + r * 0.15),
            (x - r * 0.2, y + r * 0.35),
        ]
    )
    c.fill_style = "#fff"
    c.fill_circle(x - r * 0.15, y - r * 0.2, r * 0.12)


def log(c: Any, x: float, y: float, r: float) -> None:
    c.fill_style = "#6d4c41"
    c.fill_rect(x - r * 0.85, y - r * 0.3, r * 1.7, r * 0.6)
    c.fill_style = "#a1887f"
    c.fill_circle(x + r * 0.85, y, r * 0.3)


def fire(c: Any, x: float, y: float, r: float) -> None:
    c.fill_style = "#e65100"
    c.fill_polygon(
        [(x - r * 0.6, y + r * 0.6), (x, y - r * 0.8), (x + r * 0.6, y + r * 0.6)]
    )
    c.fill_style = "#ffca28"
    c.fill_polygon(
        [(x - r * 0.3, y + r * 0.6), (x, y - r * 0.2), (x + r * 0.3, y + r * 0.6)]
    )


def cobra(c: Any, x: float, y: float, r: float) -> None:
    c.stroke_style = "#827717"
    c.line_width = r * 0.22
    c.stroke_arc(x, y + r * 0.25, r * 0.45, 0, 2 * math.pi)
    c.fill_style = "#afb42b"
    c.fill_circle(x + r * 0.1, y - r * 0.45, r * 0.28)
    c.fill_style = "#000"
    c.fill_circle(x + r * 0.18, y - r * 0.5, r * 0.06)


def swamp(c: Any, x: float, y: float, r: float) -> None:
    c.fill_style = "#33691e"
    c.fill_circle(x, y, r * 0.8)
    c.fill_style = "#558b2f"
    for dx, dy in ((-0.3, -0.2), (0.25, 0.1), (-0.05, 0.35)):
        c.fill_circle(x + r * dx, y + r * dy, r * 0.15)


def wall(c: Any, x: float, y: float, r: float) -> None:
    c.fill_style = "#9e9e9e"
    c.fill_rect(x - r, y - r, 2 * r, 2 * r)
    c.stroke_style = "#424242"
    c.line_width = 1.5
    for k in range(4):
        yy = y - r + k * r / 2
        c.stroke_line(x - r, yy, x + r, yy)
        off = (r / 2) if k % 2 else 0
        c.stroke_line(x - r / 2 + off, yy, x - r / 2 + off, yy + r / 2)
        c.stroke_line(x + r / 2 + off - r, yy, x + r / 2 + off - r, yy + r / 2)


def riverboat(c: Any, x: float, y: float, r: float) -> None:
    c.fill_style = "#1e88e5"
    c.fill_rect(x - r, y - r, 2 * r, 2 * r)
    c.fill_style = "#fafafa"
    c.fill_polygon(
        [
            (x - r * 0.9, y),
            (x + r * 0.9, y),
            (x + r * 0.6, y + r * 0.5),
            (x - r * 0.6, y + r * 0.5),
        ]
    )
    c.fill_style = "#d32f2f"
    c.fill_rect(x - r * 0.35, y - r * 0.55, r * 0.7, r * 0.55)


def diamond_space(c: Any, x: float, y: float, r: float) -> None:
    c.fill_style = "#263238"
    c.fill_rect(x - r, y - r, 2 * r, 2 * r)
    c.stroke_style = "#4dd0e1"
    c.line_width = 2
    c.stroke_rect(x - r + 3, y - r + 3, 2 * r - 6, 2 * r - 6)


def diamond(c: Any, x: float, y: float, r: float, color: str) -> None:
    c.fill_style = color
    c.fill_polygon([(x, y - r), (x + r * 0.8, y), (x, y + r), (x - r * 0.8, y)])
    c.fill_style = "#e0f7fa"
    c.fill_polygon([(x, y - r), (x + r * 0.3, y), (x, y + r * 0.3), (x - r * 0.3, y)])


def scorpion(c: Any, x: float, y: float) -> None:
    c.fill_style = "#ff5252"
    c.fill_circle(x, y, 17)
    c.fill_style = "#000"
    c.fill_circle(x - 5, y + 3, 7)
    c.fill_circle(x + 4, y + 3, 5)
    c.stroke_style = "#000"
    c.line_width = 3
    c.stroke_arc(x + 7, y - 4, 7, math.pi * 0.5, math.pi * 1.8)
    c.stroke_line(x - 12, y - 2, x - 16, y - 8)
    c.stroke_line(x - 12, y + 6, x - 16, y + 11)
    c.fill_style = "#ffeb3b"
    c.fill_circle(x + 12, y - 10, 3)


def rgb(color: str) -> tuple[int, int, int]:
    """``#rrggbb`` as an (r, g, b) triple, for the vectorised styled commands."""
    return int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16)


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
