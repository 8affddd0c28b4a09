"""Race's actions: ``roll`` (RC-ROLL) and ``play N`` (RC-PLAY)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Roll:
    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True, slots=True)
class Play:
    value: int

    def __str__(self) -> str:
        return f"play {self.value}"
