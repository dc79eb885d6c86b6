"""Odds: Monte Carlo playouts of one Encounter, with a 95% Wilson interval (``grail odds``).

Playout ``i`` plays from seed ``seed + i`` (:func:`.playouts.playout`), so the answer for a
seed is the same whatever the number of worker processes: each worker sets the start up
once and copies it per playout, and only sums come back.

>>> [round(bound, 4) for bound in wilson(50, 100)]
[0.4038, 0.5962]
"""

from __future__ import annotations

import math
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

from grail.content.cache import load_cached

from .playouts import Start, cost_meter, playout, prepare


@dataclass(frozen=True)
class Odds:
    """What the playouts say."""

    win_probability: float
    ci95: tuple[float, float]
    n: int
    mean_turns: float
    """The Encounter's own turns [COMBAT-5], on average."""
    mean_damage: float
    """What the Encounter cost, on average: Health lost in Combat, Terror gained in
    Diplomacy (``meter``)."""
    meter: str
    """``health`` or ``terror``."""

    def as_json(self) -> dict[str, object]:
        return {"win_probability": self.win_probability, "ci95": list(self.ci95), "n": self.n,
                "mean_turns": self.mean_turns, "mean_damage": self.mean_damage,
                "meter": self.meter}


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` out of ``n`` (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


Totals = tuple[int, int, int]
"""Wins, turns and the meter the Encounter costs, summed over playouts."""

_START: Start | None = None
"""The start a worker process copies for each playout."""


def _set_up(pack: str, hero: str, encounter: str, deck: list[str] | None) -> None:
    global _START
    _START = prepare(load_cached(Path(pack)), hero, encounter, deck)


def _batch(seeds: range, policy: str) -> Totals:
    assert _START is not None
    wins = turns = damage = 0
    for seed in seeds:
        result = playout(_START, seed, policy)
        wins, turns, damage = wins + result.won, turns + result.turns, damage + result.damage
    return wins, turns, damage


def odds(pack: Path, hero: str, encounter: str, n: int, policy: str = "search", seed: int = 1,
         workers: int = 2, progress: bool = False, deck: list[str] | None = None) -> Odds:
    """Play ``n`` playouts (seeds ``seed`` .. ``seed + n - 1``) over ``workers`` processes
    (1: in this process), ``deck`` replacing the hero's deck of the Encounter's kind;
    ``progress`` counts them on stderr."""
    size = max(1, min(250, n // (workers * 8)))
    batches = [range(first, min(first + size, seed + n)) for first in range(seed, seed + n, size)]
    totals: list[Totals] = []
    if workers == 1:
        _set_up(str(pack), hero, encounter, deck)
        for batch in batches:
            totals.append(_batch(batch, policy))
            _count(totals, batches, n, progress)
    else:
        with ProcessPoolExecutor(max_workers=workers, initializer=_set_up,
                                 initargs=(str(pack), hero, encounter, deck)) as pool:
            futures = [pool.submit(_batch, batch, policy) for batch in batches]
            for future in as_completed(futures):
                totals.append(future.result())
                _count(totals, batches, n, progress)
    if progress:
        print(file=sys.stderr)
    wins, turns, damage = (sum(column) for column in zip(*totals, strict=True))
    return Odds(win_probability=wins / n, ci95=wilson(wins, n), n=n, mean_turns=turns / n,
                mean_damage=damage / n, meter=cost_meter(load_cached(pack), encounter))


def _count(totals: list[Totals], batches: list[range], n: int, progress: bool) -> None:
    """Playouts done so far, on stderr (batches are of one size but the last)."""
    if progress:
        done = min(n, len(totals) * len(batches[0]))
        print(f"\r{done}/{n} playouts", end="", file=sys.stderr, flush=True)
