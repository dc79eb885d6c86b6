"""Odds: Monte Carlo playouts of one Encounter, with a 95% interval (``grail odds``).

Each playout sets up a fresh game for the hero, begins the Encounter and lets a policy
take every decision until it ends; the game's own generator answers its chance points,
from a seed of its own. Playouts are split over worker processes; the same seed gives
the same answer with any number of workers.

>>> [round(bound, 4) for bound in wilson(50, 100)]
[0.4038, 0.5962]
"""

from __future__ import annotations

import math
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from grail.content import Campaign
from grail.content.cache import load_cached
from grail.engine import encounter_decks
from grail.engine.game import Game

from .policies import POLICIES

STEP_LIMIT = 2_000
"""Decisions after which a playout that has not ended counts as not won."""


@dataclass(frozen=True)
class Playout:
    """How one Encounter went."""

    won: bool
    decisions: int
    damage: int


@dataclass(frozen=True)
class Odds:
    """What the playouts say."""

    win_probability: float
    ci95: tuple[float, float]
    n: int
    mean_turns: float
    mean_damage: float

    def as_json(self) -> dict[str, object]:
        return {"win_probability": self.win_probability, "ci95": list(self.ci95), "n": self.n,
                "mean_turns": self.mean_turns, "mean_damage": self.mean_damage}


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` out of ``n`` (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def playout(campaign: Campaign, hero: str, encounter: str, seed: int, policy: str) -> Playout:
    """One game: the hero meets the Encounter, the policy decides everything."""
    game = Game.new(campaign, [hero], seed=seed)
    health = game.state.hero(hero).health
    encounter_decks.fight(campaign, game.state, encounter, [hero])
    game.refresh()
    chooser = POLICIES[policy](seed)
    won, decisions = False, 0
    while game.state.encounter is not None and not game.is_terminal():
        if decisions >= STEP_LIMIT:
            break
        events = game.apply(chooser.choose(game))
        decisions += 1
        won = won or any(e.type == "encounter_ended" and e.won for e in events)
    left = next((h.health for h in game.state.heroes if h.id == hero), 0)
    return Playout(won=won, decisions=decisions, damage=max(0, health - left))


def _batch(pack: str, hero: str, encounter: str, seeds: range, policy: str) -> list[Playout]:
    campaign = load_cached(Path(pack))
    return [playout(campaign, hero, encounter, seed, policy) for seed in seeds]


def odds(pack: Path, hero: str, encounter: str, n: int, policy: str = "greedy", seed: int = 1,
         workers: int = 2, progress: bool = False) -> Odds:
    """Play ``n`` playouts (seeds ``seed`` .. ``seed + n - 1``) over ``workers`` processes."""
    size = max(1, min(500, n // (workers * 4) or 1))
    batches = [range(start, min(start + size, seed + n)) for start in range(seed, seed + n, size)]
    results: list[Playout] = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(_batch, str(pack), hero, encounter, batch, policy)
                   for batch in batches]
        for future in futures:
            results += future.result()
            if progress:
                print(f"\r{len(results)}/{n} playouts", end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    wins = sum(result.won for result in results)
    return Odds(win_probability=wins / n, ci95=wilson(wins, n), n=n,
                mean_turns=sum(r.decisions for r in results) / n,
                mean_damage=sum(r.damage for r in results) / n)
