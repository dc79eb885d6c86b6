"""A frame's time for painting again what changed.

A frame right after an action may find much to paint again: a board or two, a card or two,
at a Start of Day most of the map. Painting it all in that one frame made it two or three
times as long as the others (a jolt in the map's walk and the meters' slides); instead a
frame paints one piece of what changed (a place of the map, a part of the day panel), more
while its time for painting lasts, and the frames that follow (a sixtieth of a second
apart) paint the rest, the old look shown meanwhile. Without a budget (a test, the first
painting of a view) everything is painted at once.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

PAINT_BY = 0.001
"""Seconds from a frame's start after which it begins no second piece of painting: with
the rest of a frame (some 1.5 ms: the map and the panel blitted, the buttons, the words of
the new actions), a frame right after an action stays near a quarter of a 60 FPS frame."""


@dataclass
class Budget:
    """One frame's painting of what changed: the first piece always, others until
    ``until`` (``time.perf_counter()``)."""

    until: float
    pieces: int = 0
    """Pieces painted so far in the frame."""

    @classmethod
    def from_now(cls) -> Budget:
        """The budget of a frame starting now."""
        return cls(time.perf_counter() + PAINT_BY)


def allows(budget: Budget | None) -> bool:
    """Whether one more piece may be painted in this frame: always without a budget."""
    return budget is None or not budget.pieces or time.perf_counter() < budget.until


def spend(budget: Budget | None) -> None:
    """Count a piece painted against ``budget``, if any."""
    if budget is not None:
        budget.pieces += 1
