"""Colours people can tell apart and read: contrast ratios and colour-blind sight.

Two measures the looks are held to (WCAG 2.2 AA):

- ``contrast``: the WCAG contrast ratio of two colours, from their relative
  luminance (1:1 to 21:1). Text needs 4.5:1 against what it sits on; rings,
  outlines and focus marks 3:1 against what surrounds them. ``ink_on`` picks the
  text colour (dark or white) that reads best on a fill.
- ``seen_as`` and ``difference``: a colour as someone with deuteranopia,
  protanopia or tritanopia sees it (Machado, Oliveira and Fernandes 2009, the
  severity-1.0 matrices, applied to linear sRGB), and the CIE76 colour
  difference (Euclidean distance in CIELAB, D65) of two colours as one kind of
  sight sees them. ``closest_pair`` finds a palette's two least distinct
  colours, under every kind of sight (``SIGHTS``).
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence

#: Text on a fill: the darkest and lightest inks ``ink_on`` chooses from.
DARK_INK, LIGHT_INK = "#000000", "#ffffff"
#: Normal sight first, then the three full dichromacies.
SIGHTS = ("normal", "deuteranopia", "protanopia", "tritanopia")

# Machado et al. 2009, severity 1.0, on linear RGB.
_SIMULATION = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
# Linear sRGB to CIE XYZ, and the D65 white point.
_TO_XYZ = (
    (0.4124564, 0.3575761, 0.1804375),
    (0.2126729, 0.7151522, 0.0721750),
    (0.0193339, 0.1191920, 0.9503041),
)
_WHITE = (0.95047, 1.0, 1.08883)

RGB = tuple[float, float, float]


def rgb(colour: str) -> RGB:
    """A CSS ``#rrggbb`` or ``#rgb`` colour as sRGB channels from 0 to 1."""
    digits = colour.strip().lstrip("#")
    if len(digits) == 3:
        digits = "".join(ch * 2 for ch in digits)
    if len(digits) != 6:
        raise ValueError(f"not a #rrggbb colour: {colour!r}")
    return tuple(int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


def linear(colour: str) -> RGB:
    """A colour's linear-light RGB channels (the sRGB curve undone)."""
    return tuple(  # type: ignore[return-value]
        c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb(colour)
    )


@functools.lru_cache(maxsize=1024)
def luminance(colour: str) -> float:
    """WCAG relative luminance: 0 for black, 1 for white (remembered per colour:
    the looks ask for the same few colours at every redraw)."""
    r, g, b = linear(colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two colours, from 1 (alike) to 21."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@functools.lru_cache(maxsize=1024)
def ink_on(fill: str) -> str:
    """The text colour that reads best on ``fill``: white or black. One of
    them always reaches 4.5:1 (at the luminance where both are equal, 4.6:1)."""
    on_dark, on_light = contrast(LIGHT_INK, fill), contrast(DARK_INK, fill)
    return LIGHT_INK if on_dark >= on_light else DARK_INK


def seen_as(colour: str, sight: str = "normal") -> RGB:
    """The linear RGB of ``colour`` as ``sight`` (one of ``SIGHTS``) sees it."""
    channels = linear(colour)
    if sight == "normal":
        return channels
    matrix = _SIMULATION[sight]
    return tuple(  # type: ignore[return-value]
        min(1.0, max(0.0, sum(m * c for m, c in zip(row, channels, strict=True))))
        for row in matrix
    )


def lab(channels: RGB) -> tuple[float, float, float]:
    """CIELAB (D65) of linear RGB channels."""
    x, y, z = (
        sum(m * c for m, c in zip(row, channels, strict=True)) / white
        for row, white in zip(_TO_XYZ, _WHITE, strict=True)
    )

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def difference(a: str, b: str, sight: str = "normal") -> float:
    """The CIE76 colour difference (Delta E) of two colours as ``sight`` sees
    them: about 2.3 is just noticeable; 20 and more tells them apart at a glance."""
    return math.dist(lab(seen_as(a, sight)), lab(seen_as(b, sight)))


def closest_pair(
    palette: Sequence[str], sight: str = "normal"
) -> tuple[float, int, int]:
    """A palette's two least distinct colours as ``sight`` sees them: their
    difference and their places."""
    return min(
        (difference(palette[i], palette[j], sight), i, j)
        for i, j in itertools.combinations(range(len(palette)), 2)
    )
