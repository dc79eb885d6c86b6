"""Helpers for the tests of simulations stopped midway (test_stopping, test_going_on): a
function with Ctrl-C pressed during one of its calls, and one whose calls are counted."""

from __future__ import annotations

from typing import Any


def interrupted_after(calls: int, play: Any) -> Any:
    """``play``, with Ctrl-C pressed during its call number ``calls`` (counted from 1)."""
    made = 0

    def playing(*args: Any, **kwargs: Any) -> Any:
        nonlocal made
        made += 1
        if made == calls:
            raise KeyboardInterrupt
        return play(*args, **kwargs)

    return playing


def counted(play: Any) -> tuple[list[int], Any]:
    """``play``, counting its calls in the list returned with it."""
    made = [0]

    def playing(*args: Any, **kwargs: Any) -> Any:
        made[0] += 1
        return play(*args, **kwargs)

    return made, playing
