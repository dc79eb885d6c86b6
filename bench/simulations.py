"""The simulation benchmarks: whole Combats played by the greedy policy on one core, and
``grail odds``' 10,000 playouts on two.

The pairing is the bundled campaign's first fight: Tamsin (character 1) against the
Bramble Hogs, the green deck's "Your first encounter" (level 1, value 4) [COMP-8].
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from grail.content import bundled_pack, load_pack
from grail.engine.game import Game
from grail.engine.state import GameState
from grail.sim.odds import odds
from grail.sim.playouts import playout, prepare

HERO, ENCOUNTER = "tamsin", "green-bramble-hogs"
COMBATS = 500
"""Combats timed in each run."""
PLAYOUTS = 10_000


def simulations(repeat: int, paired: Callable[..., tuple[float, float]]) -> list[tuple[str, float, str]]:
    """Combats a second with the greedy policy; how much faster copying a start is than
    setting up a new game; 10,000 odds playouts (search policy, 2 workers)."""
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
    times = []
    for run in range(repeat):
        began = time.perf_counter()
        odds(bundled_pack(), HERO, ENCOUNTER, PLAYOUTS, seed=run * PLAYOUTS + 1, workers=2)
        times.append(time.perf_counter() - began)
    return [("combat_encounters_per_s", statistics.median(rates), "combats/s"),
            ("playout_start_ratio", new_s / copy_s, "x"),
            ("odds_10k_s", statistics.median(times), "s")]
