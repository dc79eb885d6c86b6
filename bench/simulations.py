"""The simulation benchmarks: whole Encounters on one core, and ``grail odds``' 10,000
playouts on every core.

- ``combat_encounters_per_s``: the bundled campaign's first fight, Tamsin (character 1)
  against the Bramble Hogs, the green deck's "Your first encounter" (level 1, value 6)
  [COMP-8], played by the greedy policy: the old figure, kept for comparison.
- ``encounters_per_s`` and ``encounters_slowest_per_s``: every bundled Encounter that is
  fought or talked to, Combat and Diplomacy, every level, played by the search policy that
  ``grail odds`` uses by default, each by Tamsin from her start, as many times each: the
  Encounters played a second over the whole set (the harmonic mean of their rates, which
  a slow Encounter weighs on as it does on a run of all of them), and the slowest's rate.
- ``playout_start_ratio``: a new game set up over a prepared start copied, which each
  playout does instead.
- ``odds_10k_s``: ``grail odds``' 10,000 playouts of the first fight with its defaults
  (search policy, every core).
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from timing import say

from grail.content import Campaign, bundled_pack, load_pack
from grail.content.encounters import DiplomacyEncounter
from grail.engine.game import Game
from grail.engine.state import GameState
from grail.sim.odds import odds
from grail.sim.playouts import playout, prepare
from grail.sim.workers import cores

HERO, ENCOUNTER = "tamsin", "green-bramble-hogs"
COMBATS = 500
"""Combats timed in each run."""
PLAYOUTS = 10_000
EACH = 10
"""Playouts of each Encounter in a run of ``encounters_per_s``."""


def simulations(repeat: int, paired: Callable[..., tuple[float, float]]) -> list[tuple[str, float, str]]:
    """Combats a second with the greedy policy; every Encounter with the search policy; how
    much faster copying a start is than setting up a new game; 10,000 odds playouts."""
    campaign = load_pack(bundled_pack())
    start = prepare(campaign, HERO, ENCOUNTER)
    for seed in range(50):  # warm the look-ahead's tables
        playout(start, seed, "greedy")
    rates = []
    for run in range(repeat):
        began = time.perf_counter()
        for seed in range(run * COMBATS, (run + 1) * COMBATS):
            playout(start, seed, "greedy")
        rates.append(COMBATS / (time.perf_counter() - began))

    new_s, copy_s = paired(lambda: Game.new(campaign, [HERO], seed=1),
                           lambda: Game(campaign, GameState.model_validate(start.state)),
                           runs=200 * repeat)
    every = every_encounter(campaign, repeat)
    times = []
    for run in range(repeat):
        with tempfile.TemporaryDirectory() as kept_in:  # a first run: nothing to go on from
            began = time.perf_counter()
            odds(bundled_pack(), HERO, ENCOUNTER, PLAYOUTS, seed=run * PLAYOUTS + 1,
                 kept_in=Path(kept_in))
            times.append(time.perf_counter() - began)
    say(f"odds_10k_s: {PLAYOUTS} playouts of {HERO} against {ENCOUNTER}, search policy, "
        f"{cores()} workers (every core), each run from an empty ledger of stopped runs")
    return [("combat_encounters_per_s", statistics.median(rates), "combats/s"), *every,
            ("playout_start_ratio", new_s / copy_s, "x"),
            ("odds_10k_s", statistics.median(times), "s")]


def every_encounter(campaign: Campaign, repeat: int) -> list[tuple[str, float, str]]:
    """Each fought Encounter of the bundled campaign, ``EACH`` playouts a run by the search
    policy: the mean of their rates and the slowest."""
    fought = sorted(encounter.id for encounter in campaign.encounters if encounter.right)
    rates: dict[str, float] = {}
    for encounter in fought:
        start = prepare(campaign, HERO, encounter)
        playout(start, 0, "search")  # its look-ahead's tables
        runs = []
        for run in range(repeat):
            began = time.perf_counter()
            for seed in range(run * EACH + 1, (run + 1) * EACH + 1):
                playout(start, seed, "search")
            runs.append(EACH / (time.perf_counter() - began))
        rates[encounter] = statistics.median(runs)
    slowest = min(rates, key=rates.__getitem__)
    diplomacy = sum(isinstance(campaign.encounter[e], DiplomacyEncounter) for e in fought)
    say(f"encounters_per_s: {len(fought)} bundled Encounters ({len(fought) - diplomacy} "
        f"Combat, {diplomacy} Diplomacy), {EACH} playouts each by the search policy, one "
        f"core; the slowest: {slowest}")
    return [("encounters_per_s", statistics.harmonic_mean(rates.values()), "encounters/s"),
            ("encounters_slowest_per_s", rates[slowest], "encounters/s")]
