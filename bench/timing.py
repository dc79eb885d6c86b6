"""Timing helpers for the benchmarks: the medians of two measures taken in turns, and the
comment line that says what a benchmark ran."""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable
from pathlib import Path


def paired_medians(first: Callable[[], object], second: Callable[[], object],
                   runs: int) -> tuple[float, float]:
    """Median seconds of each, run in turns so that both meet the same load on the machine
    (short measures, such as a save's round trip, swing with what else runs)."""
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(runs):
        for action, kept in zip((first, second), times, strict=True):
            start = time.perf_counter()
            result = action()
            kept.append(time.perf_counter() - start)
            del result
    return statistics.median(times[0]), statistics.median(times[1])


def say(text: str) -> None:
    """What a benchmark ran, as a comment line beside its figures."""
    print(f"# {text}", flush=True)


def as_installed(bytecode: Path, **more: str) -> dict[str, str]:
    """The environment for timing a grail command as a player's install runs it: Python's
    bytecode written at the first run and read after (into ``bytecode``), as ``pip install``
    leaves it compiled, whatever the shell says (``PYTHONDONTWRITEBYTECODE`` would have every
    run compile each module it imports again); with ``more`` variables set."""
    env = {name: value for name, value in os.environ.items()
           if name != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "PYTHONPYCACHEPREFIX": str(bytecode), **more}
