"""Whole Days played by an auto-player, for balance reports (``grail balance``).

:class:`DayPolicy` takes every decision of a campaign the way a careful but uninformed
player would, seeing only what a player sees: it keeps a Menhir burning, explores what it
has not explored, follows journal options that lead somewhere new, eats when hurt, spends
Exp, and leaves every fight to the search policy (:class:`.policies.SearchPolicy`).
:func:`run` plays one solo campaign from a seed until the first chapter ends, the game is
lost, or a number of Days has passed.

>>> from grail.content import load_pack, bundled_pack
>>> result = run(load_pack(bundled_pack()), "tamsin", seed=3, days=2)
>>> result.days <= 3 and result.chapter >= 1
True
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass
from typing import Any

from grail.content import Campaign
from grail.content import effects as fx
from grail.content.inside import nested
from grail.engine.actions import (
    ActivateMenhir,
    BuyAttribute,
    CharacterAction,
    Choose,
    DeckUpgrade,
    DiscardCard,
    Explore,
    FinishUpgrades,
    KeepCard,
    LocationAction,
    Pass,
    Rest,
    Travel,
)
from grail.engine.encounters.decisions import EncounterAction
from grail.engine.game import Game
from grail.engine.journal import pending_choice
from grail.engine.map import connected
from grail.engine.state import GameState, HeroState

from .policies import SearchPolicy, settled, worth

MENHIR_LOW = 2
"""A Menhir with this many Days left, or fewer, is worth waking again [MENHIR-7]."""


class DayPolicy:
    """Every decision of a campaign: the Day's actions, journal options, the End of Day;
    fights by the search policy."""

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)
        self.fighter = SearchPolicy(seed)

    def choose(self, game: Game) -> Any:
        legal = game.legal_actions()
        if any(isinstance(action, EncounterAction | DiscardCard) for action in legal):
            return self.fighter.choose(game)
        if isinstance(legal[0], Choose):
            return self._option(game, legal)
        if any(isinstance(action, Rest) for action in legal):
            return self._rest(game, legal)
        if any(isinstance(action, FinishUpgrades | KeepCard) for action in legal):
            return self._upgrade(game, legal)
        if any(isinstance(action, Pass) for action in legal):
            return self._day(game, legal)
        return settled(game, legal, self.random)

    def _option(self, game: Game, legal: list[Any]) -> Any:
        """The journal option that leads somewhere new, gains something, and costs least."""
        choice = pending_choice(game.campaign, game.state)
        assert choice is not None
        scored = [(_promise(game.state, choice.choose[action.option]), self.random.random(),
                   action) for action in legal]
        return max(scored, key=lambda item: item[:2])[2]

    def _rest(self, game: Game, legal: list[Any]) -> Any:
        """Eat when hurt or afraid and there is Food [END-DAY-2]."""
        rest = next(action for action in legal if isinstance(action, Rest))
        hero = game.state.hero(rest.hero)
        meters = game.campaign.hero[hero.id].meters
        hungry = hero.food > 0 and (hero.health < meters.health.max or hero.terror > 0)
        return Rest.of(hero=hero.id, eat=hungry) if Rest.of(hero=hero.id, eat=hungry) in legal \
            else rest

    def _upgrade(self, game: Game, legal: list[Any]) -> Any:
        """Keep the best card drawn; else buy a card or a point; else finish [UPG-2], [UPG-5]."""
        kept = [action for action in legal if isinstance(action, KeepCard)]
        if kept:
            return max(kept, key=lambda action: worth(game, action.card))
        buys = [action for action in legal if isinstance(action, DeckUpgrade | BuyAttribute)
                and getattr(action, "skill", None) is None]
        if buys:
            return buys[self.random.randrange(len(buys))]
        return next(action for action in legal if isinstance(action, FinishUpgrades))

    def _day(self, game: Game, legal: list[Any]) -> Any:
        """Wake a Menhir running low; rest while Exhaustion looms; explore a place not yet
        explored, or travel toward one; otherwise use a place's action, or pass."""
        state, campaign = game.state, game.campaign
        acting = next(action.hero for action in legal if isinstance(action, Pass))
        hero = state.hero(acting)
        mine = [action for action in legal if getattr(action, "hero", None) == acting]
        wake = ActivateMenhir.of(hero=acting)
        if wake in mine and _menhir_low(state, hero.location):
            return wake
        if hero.energy <= campaign.hero[acting].meters.energy.red:
            return Pass.of(hero=acting)  # do not fall Exhausted [END-DAY-3]
        health = campaign.hero[acting].meters.health.max
        heal = CharacterAction.of(hero=acting)
        if heal in mine and hero.health * 2 <= health and self.random.random() < 0.5:
            return heal
        explore = Explore.of(hero=acting)
        if explore in mine and not _explored(campaign, state, hero.location):
            return explore
        towards = _toward_unexplored(campaign, state, hero)
        if towards is not None and Travel.of(hero=acting, to=towards) in mine:
            return Travel.of(hero=acting, to=towards)
        place = LocationAction.of(hero=acting)
        if place in mine and self.random.random() < 0.5:
            return place
        if explore in mine and self.random.random() < 0.3:
            return explore  # a place read again may say more (visit counts)
        trips = [action for action in mine if isinstance(action, Travel)]
        if trips and self.random.random() < 0.5:
            return trips[self.random.randrange(len(trips))]
        return Pass.of(hero=acting)


def _promise(state: GameState, option: fx.Choice) -> float:
    """How promising a journal option looks: a reading not yet read ahead, something
    gained; a bare way out, a cost, a fight weigh against it."""
    score = 0.0
    for _, effect in nested(option.effects, ()):
        if isinstance(effect, fx.Goto):
            score += 3 if effect.goto not in state.entry_visits else 0.5
        elif isinstance(effect, fx.Gain | fx.GainSecret | fx.GainItem | fx.Mark | fx.StartQuest
                        | fx.CompleteQuest | fx.CompleteTask | fx.ReplaceLocation):
            score += 1
        elif isinstance(effect, fx.DrawEncounter | fx.StartEncounter):
            score -= 0.5
    if option.effects and all(isinstance(effect, fx.EndExploration) for effect in option.effects):
        score -= 2
    return score - (0.5 if option.cost is not None else 0)


def _menhir_low(state: GameState, location: int) -> bool:
    """No Menhir burns here, or it has few Days left [MENHIR-7]."""
    here = next((menhir for menhir in state.menhirs if menhir.location == location), None)
    return here is None or here.dial is None or here.dial <= MENHIR_LOW


def _explored(campaign: Campaign, state: GameState, location: int) -> bool:
    """The Location's journal entry has been read (or it has none)."""
    entry = campaign.location[location].explore
    return entry is None or entry in state.entry_visits


def _toward_unexplored(campaign: Campaign, state: GameState, hero: HeroState) -> int | None:
    """The first step on a shortest road to the nearest revealed Location never explored."""
    start = hero.location
    first: dict[int, int] = {}
    seen = {start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here != start and not _explored(campaign, state, here):
            return first[here]
        for there in connected(campaign, state, here):
            if there not in seen:
                seen.add(there)
                first[there] = first.get(here, there)
                queue.append(there)
    return None


@dataclass(frozen=True)
class Run:
    """How a simulated campaign went."""

    chapter: int
    """The chapter reached."""
    days: int
    """Days played."""
    lost: bool
    """The game was lost (death, or the Wyrdness) [DEATH-6]."""

    @property
    def finished_chapter_one(self) -> bool:
        return self.chapter > 1


DECISIONS = 60_000
"""Decisions after which a run stops, whatever its Day."""


def run(campaign: Campaign, hero: str, seed: int, days: int = 40) -> Run:
    """One solo campaign from ``seed``, played by :class:`DayPolicy` until chapter 1 ends,
    the game is lost, or ``days`` Days have passed."""
    game = Game.new(campaign, [hero], seed=seed)
    chooser = DayPolicy(seed)
    for _ in range(DECISIONS):
        state = game.state
        if state.chapter > 1 or state.stage in ("over", "mercy") or state.day > days:
            break
        game.apply(chooser.choose(game))
    state = game.state
    return Run(chapter=state.chapter, days=state.day, lost=state.outcome == "lost")
