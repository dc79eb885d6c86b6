"""Balance: how each hero's starting deck fares against each level-1 and level-2 Encounter,
and how solo campaigns end: won, lost and to what, who died of what, how many finished
chapter 1 (``grail balance``, docs/balance.md).

Fights are played by the search policy (:mod:`.playouts`), whole campaigns by the day
auto-player (:mod:`.days`). The work is split over worker processes or a Dask cluster
(:mod:`.workers`); each result depends only on its seed, so the report is the same
whatever runs it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from grail.content import Campaign
from grail.engine.journal import ContentLoop
from grail.lang import _, number

from .days import Run, run
from .odds import MOST_BATCHES, seed_ranges, wilson
from .playouts import playout, prepared
from .progress import Progress
from .workers import Call, Source, campaign_of, executor

LEVELS = (1, 2)
"""The Encounter levels the report covers."""


@dataclass(frozen=True)
class Matchup:
    """A hero's starting deck against one Encounter."""

    hero: str
    encounter: str
    deck: str
    level: int
    wins: int
    n: int

    @property
    def rate(self) -> float:
        return self.wins / self.n

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.wins, self.n)


@dataclass(frozen=True)
class Report:
    """Every matchup, and the solo runs of each hero."""

    matchups: list[Matchup]
    runs: dict[str, list[Run]] = field(default_factory=dict)

    def finished(self, hero: str | None = None) -> tuple[int, int]:
        """Runs that finished chapter 1, of how many (one hero's, or all)."""
        runs = self.runs.get(hero, []) if hero else [r for rs in self.runs.values() for r in rs]
        return sum(r.finished_chapter_one for r in runs), len(runs)

    def losses(self) -> Counter[str]:
        """What lost the runs, over every hero: ``death: CAUSE`` or ``entry: ID``."""
        return Counter(r.lost_to for rs in self.runs.values() for r in rs if r.lost)

    def as_json(self) -> dict[str, object]:
        done, total = self.finished()
        return {
            "matchups": [{"hero": m.hero, "encounter": m.encounter, "deck": m.deck,
                          "level": m.level, "win_rate": m.rate, "ci95": list(m.ci95), "n": m.n}
                         for m in self.matchups],
            "runs": {hero: {"won": sum(r.outcome == "won" for r in runs),
                            "lost": sum(r.lost for r in runs),
                            "unfinished": sum(r.outcome is None for r in runs),
                            "finished_chapter_1": sum(r.finished_chapter_one for r in runs),
                            "deaths": dict(Counter(c for r in runs for c in r.deaths)),
                            "lost_to": dict(Counter(r.lost_to for r in runs if r.lost)),
                            "n": len(runs),
                            "mean_days": sum(r.days for r in runs) / max(1, len(runs))}
                     for hero, runs in self.runs.items()},
            "finished_chapter_1": done / max(1, total),
        }


def _fights(source: Source, hero: str, encounter: str, seeds: range) -> int:
    start = prepared(campaign_of(source), hero, encounter)
    return sum(playout(start, seed, "search").won for seed in seeds)


def _run(source: Source, hero: str, seed: int, days: int) -> dict[str, Any]:
    campaign = campaign_of(source)
    try:
        return run(campaign, hero, seed, days).as_json()
    except ContentLoop as loop:  # which run met it, so that an author can play it again
        raise ContentLoop(loop.way, (hero, seed)) from None


def encounters(campaign: Campaign) -> list[tuple[str, str, int]]:
    """(id, deck, level) of every Encounter of the levels reported, deck by deck."""
    return sorted(((e.id, e.deck, e.level) for e in campaign.encounters
                   if e.level in LEVELS and e.right),
                  key=lambda item: (("green", "grey", "purple", "blue").index(item[1]),
                                    item[2], item[0]))


MOST_FIGHTS = 10**6
"""The most fights of each matchup one report plays."""
MOST_RUNS = 10**5
"""The most campaigns of each hero one report plays, each listed as a task before any
starts."""
FIGHTS_A_TASK = 1_000
"""The fights of one matchup a task plays, a second or so of a core: a stopped run loses
little, a cluster's workers stop soon, and progress is counted often. More only past
:data:`MOST_BATCHES` tasks."""


def fight_batches(seed: int, n: int, matchups: int) -> list[range]:
    """The seeds of a matchup's ``n`` fights cut into tasks, in order: the same for each
    matchup, and whatever runs them."""
    return seed_ranges(seed, n, max(FIGHTS_A_TASK, -(-n * matchups // MOST_BATCHES)))


def report(pack: Path, n: int = 200, runs: int = 50, days: int = 100, seed: int = 1,
           workers: int | None = None, progress: bool = False,
           scheduler: str | None = None, kept_in: Path | None = None, logged: bool = False,
           written: Callable[[Report], None] | None = None) -> Report:
    """``n`` fights per hero and Encounter, ``runs`` solo campaigns per hero of at most
    ``days`` Days, seeds from ``seed``; over ``workers`` processes (default: every core; 1:
    in this process) or on the Dask cluster at ``scheduler``; ``progress`` counts them on
    stderr (``logged``: a line a minute, into a log). What a stopped run of them
    did is kept in ``kept_in`` (default: grail's cache folder), and taken up again; it is
    let go once the report is out (``written``, if given, writes it: if that fails, the
    same call has it again at once)."""
    if not 1 <= n <= MOST_FIGHTS or not 0 <= runs <= MOST_RUNS:
        raise ValueError(_("a report plays 1 to {fights} fights a matchup and 0 to {runs} runs a "
                           "hero").format(fights=number(MOST_FIGHTS), runs=number(MOST_RUNS)))
    with executor(pack, workers, scheduler, kept_in) as on:
        campaign, source = on.campaign, on.source
        heroes = sorted(campaign.hero, key=lambda hero: campaign.hero[hero].number)
        matchups = [(hero, *found) for hero in heroes for found in encounters(campaign)]
        batches = fight_batches(seed, n, len(matchups))
        calls: list[Call] = [(_fights, (source, hero, encounter, batch))
                             for hero, encounter, _deck, _level in matchups for batch in batches]
        calls += [(_run, (source, hero, seed + index, days))
                  for hero in heroes for index in range(runs)]
        sizes = [len(batch) for _unused in matchups for batch in batches] + \
            [1] * (len(heroes) * runs)
        done = on.results(calls, Progress(sum(sizes), "simulations", progress, logged), sizes)
        wins = [sum(done[first:first + len(batches)])
                for first in range(0, len(matchups) * len(batches), len(batches))]
        trips = done[len(matchups) * len(batches):]
        found = Report(
            matchups=[Matchup(hero=hero, encounter=encounter, deck=deck, level=level, wins=won,
                              n=n) for (hero, encounter, deck, level), won
                      in zip(matchups, wins, strict=True)],
            runs={hero: [Run.from_json(trip) for trip in trips[number * runs:(number + 1) * runs]]
                  for number, hero in enumerate(heroes)})
        if written is not None:
            written(found)
    return found
