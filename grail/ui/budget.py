"""A frame's time for painting again what changed.

A frame right after an action may find much to paint again: a board or two, a card or two,
at a Start of Day most of the map. Painting it all in that one frame made it two or three
times as long as the others (a jolt in the map's walk and the meters' slides); instead each
frame paints what changed until its time for painting is spent, and the frames that follow
(a sixtieth of a second apart) paint the rest, the oldest look shown meanwhile. What changed
is painted at least one piece a frame, and whole when no time is given (a screenshot, a
test, the first painting).
"""

from __future__ import annotations

import time

PAINT_BY = 0.001
"""Seconds from a frame's start after which it begins no more painting of what changed:
with the rest of a frame (about 1.5 ms: the map and the panel blitted, the buttons), a frame
right after an action stays within a quarter of a 60 FPS frame."""


def deadline(start: float) -> float:
    """When a frame begun at ``start`` (``time.perf_counter()``) stops painting."""
    return start + PAINT_BY


def in_time(until: float | None) -> bool:
    """Whether a piece may still be painted in this frame: always without a deadline."""
    return until is None or time.perf_counter() < until
