"""Odds: Monte Carlo playouts of one Encounter, with a 95% Wilson interval (``grail odds``).

Playout ``i`` plays from seed ``seed + i`` (:func:`.playouts.playout`), so the answer for a
seed is the same whatever runs it (:mod:`.workers`: this process, every core, a Dask
cluster): each worker sets the start up once and copies it per playout, and only sums
come back.

>>> [round(bound, 4) for bound in wilson(50, 100)]
[0.4038, 0.5962]
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from grail.lang import _, number

from .playouts import cost_meter, playout, prepared
from .progress import Progress
from .workers import Source, campaign_of, executor


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
    unfinished: int = 0
    """Playouts whose Encounter had not ended after :data:`.playouts.STEP_LIMIT` decisions,
    counted as not won (a deck that can never win nor lose, say)."""

    def as_json(self) -> dict[str, object]:
        return {"win_probability": self.win_probability, "ci95": list(self.ci95), "n": self.n,
                "mean_turns": self.mean_turns, "mean_damage": self.mean_damage,
                "meter": self.meter, "unfinished": self.unfinished}


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` out of ``n`` (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


Totals = tuple[int, int, int, int]
"""Wins, turns, the meter the Encounter costs and the playouts that did not end, summed
over playouts."""


def _batch(source: Source, hero: str, encounter: str, deck: list[str] | None, seeds: range,
           policy: str) -> Totals:
    start = prepared(campaign_of(source), hero, encounter, deck)
    wins = turns = damage = unfinished = 0
    for seed in seeds:
        result = playout(start, seed, policy)
        wins, turns, damage = wins + result.won, turns + result.turns, damage + result.damage
        unfinished += not result.ended
    return wins, turns, damage, unfinished


MOST_BATCHES = 100_000
"""The most batches one run is cut into: each is listed, keyed and kept until the run ends."""
LARGEST_BATCH = 10_000
"""The most playouts a batch plays, some ten seconds of one core: a run stopped on a cluster,
whose workers finish the task in hand, leaves none of them busy for longer."""
MOST_PLAYOUTS = MOST_BATCHES * LARGEST_BATCH
"""The most playouts one run plays: a thousand million, hours of a hundred-core cluster;
more is another run from another ``seed``."""


def playout_batches(seed: int, n: int) -> list[range]:
    """The seeds ``seed`` .. ``seed + n - 1`` cut into batches, in order, the same whatever
    runs them, so that what one run kept serves another, on this machine or a cluster: a
    256th of the run each, from 1 to 250 playouts (a stopped run loses little, and
    progress is counted often), more only past :data:`MOST_BATCHES` batches."""
    if not 1 <= n <= MOST_PLAYOUTS:
        raise ValueError(_("a run plays 1 to {most} playouts, not {count}").format(
            most=number(MOST_PLAYOUTS), count=number(n)))
    return seed_ranges(seed, n, max(1, min(250, n // 256), -(-n // MOST_BATCHES)))


def seed_ranges(seed: int, n: int, size: int) -> list[range]:
    """The seeds ``seed`` .. ``seed + n - 1`` in ranges of ``size`` (the last may be
    shorter), in order."""
    return [range(first, min(first + size, seed + n)) for first in range(seed, seed + n, size)]


def odds(pack: Path, hero: str, encounter: str, n: int, policy: str = "search", seed: int = 1,
         workers: int | None = None, progress: bool = False, deck: list[str] | None = None,
         scheduler: str | None = None, kept_in: Path | None = None, logged: bool = False,
         written: Callable[[Odds], None] | None = None) -> Odds:
    """Play ``n`` playouts (seeds ``seed`` .. ``seed + n - 1``) over ``workers`` processes
    (default: every core; 1: in this process) or on the Dask cluster at ``scheduler``,
    ``deck`` replacing the hero's deck of the Encounter's kind; ``progress`` counts them on
    stderr, on a line written over (``logged``: a line a minute, into a log). What a
    stopped run of them did is kept in ``kept_in`` (default: grail's cache folder), and
    taken up again; it is let go once the answer is out (``written``, if given, writes it:
    if that fails, the same call has it again at once)."""
    with executor(pack, workers, scheduler, kept_in) as on:
        batches = playout_batches(seed, n)
        totals: list[Totals] = on.results(
            [(_batch, (on.source, hero, encounter, deck, batch, policy)) for batch in batches],
            Progress(n, "playouts", progress, logged), [len(batch) for batch in batches])
        wins, turns, damage, unfinished = (sum(column) for column in zip(*totals, strict=True))
        found = Odds(win_probability=wins / n, ci95=wilson(wins, n), n=n, mean_turns=turns / n,
                     mean_damage=damage / n, meter=cost_meter(on.campaign, encounter),
                     unfinished=unfinished)
        if written is not None:
            written(found)
    return found

