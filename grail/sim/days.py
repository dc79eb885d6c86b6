"""Whole Days played by an auto-player, for balance reports (``grail balance``).

:class:`DayPolicy` takes every decision of a campaign the way a careful but uninformed
player would, seeing only what a player sees: it keeps a Menhir burning, finds Food,
explores what it has not read and goes back where the story has moved on (an option now
open that leads to an entry not yet read), follows journal options that lead somewhere
new, eats, spends Exp, and leaves every fight to the search policy
(:class:`.policies.SearchPolicy`).
:func:`run` plays one solo campaign from a seed until it is won or lost (the first loss:
no Mother's Mercy), or a number of Days has passed; it says what killed whom and what lost
the game.

>>> from grail.content import load_pack, bundled_pack
>>> result = run(load_pack(bundled_pack()), "tamsin", seed=3, days=2)
>>> result.days <= 3 and result.chapter >= 1
True
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
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
    Explore,
    FinishUpgrades,
    KeepCard,
    LocationAction,
    Pass,
    Rest,
    Travel,
)
from grail.engine.conditions import holds
from grail.engine.encounters.decisions import IN_A_FIGHT
from grail.engine.events import DeathCause, EntryRead, HeroDied
from grail.engine.game import Game
from grail.engine.journal import pending_choice
from grail.engine.map import connected
from grail.engine.state import GameState, HeroState

from .policies import SearchPolicy, settled, worth

MENHIR_LOW = 2
"""A Menhir with this many Days left, or fewer, is worth waking again [MENHIR-7]."""

LOW_HEALTH = 2
"""With this much Health or less and Food to eat, a careful player rests rather than risk a
fight: one more wound could be "You Are Dying" [DEATH-1]."""


class DayPolicy:
    """Every decision of a campaign: the Day's actions, journal options, the End of Day;
    fights by the search policy."""

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)
        self.fighter = SearchPolicy(seed)

    def choose(self, game: Game) -> Any:
        legal = game.legal_actions()
        if any(isinstance(action, IN_A_FIGHT) for action in legal):
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
                   action) for action in legal if isinstance(action, Choose)]
        return max(scored, key=lambda item: item[:2])[2]

    def _rest(self, game: Game, legal: list[Any]) -> Any:
        """Eat whenever there is Food: going hungry costs all Energy [END-DAY-2]."""
        rest = next(action for action in legal if isinstance(action, Rest))
        hero = game.state.hero(rest.hero)
        eat = Rest.of(hero=hero.id, eat=True)  # hungry, Energy falls to 0 [END-DAY-2]
        return eat if eat in legal else rest

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
        """Wake a Menhir running low, or walk to one when every Menhir is low; rest while
        Exhaustion looms; find Food when there is none; explore a place not yet explored or
        whose story has moved on, or travel toward one; otherwise use a place's action, or
        pass."""
        state, campaign = game.state, game.campaign
        acting = next(action.hero for action in legal if isinstance(action, Pass))
        hero = state.hero(acting)
        mine = [action for action in legal if getattr(action, "hero", None) == acting]
        wake = ActivateMenhir.of(hero=acting)
        if wake in mine and _menhir_low(state, hero.location):
            return wake
        red = campaign.hero[acting].meters.energy.red
        if hero.energy <= red < hero.health:  # do not fall Exhausted [END-DAY-3], unless
            return Pass.of(hero=acting)       # Health caps Energy this low anyway [SURV-2]
        health = campaign.hero[acting].meters.health.max
        heal = CharacterAction.of(hero=acting)
        if heal in mine and hero.health * 2 <= health and self.random.random() < 0.5:
            return heal
        if hero.health <= LOW_HEALTH and hero.food > 0:  # no fight at death's door: rest
            return Pass.of(hero=acting)                 # and eat to heal [END-DAY-1]
        place = LocationAction.of(hero=acting)
        goals = [
            (all(_menhir_low(state, m.location) for m in state.menhirs),
             lambda n: campaign.location[n].menhir is not None and n != hero.location),
            (hero.food == 0 and place not in mine, lambda n: _feeds(campaign, n)),
        ]
        if hero.food == 0 and place in mine and _feeds(campaign, hero.location):
            return place
        for wanted, goal in goals:
            step = _toward(campaign, state, hero.location, goal) if wanted else None
            if step is not None and Travel.of(hero=acting, to=step) in mine:
                return Travel.of(hero=acting, to=step)
        explore = Explore.of(hero=acting)
        if explore in mine and _worth_reading(campaign, state, hero, hero.location):
            return explore
        step = _toward(campaign, state, hero.location,
                       lambda n: _worth_reading(campaign, state, hero, n))
        if step is not None and Travel.of(hero=acting, to=step) in mine:
            return Travel.of(hero=acting, to=step)
        if place in mine and self.random.random() < 0.5:
            return place
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


def _worth_reading(campaign: Campaign, state: GameState, hero: HeroState,
                   location: int) -> bool:
    """A Location whose entry was never read, or whose entry now opens a way to an entry
    not yet read (its conditions tested as they stand) [JOURNAL-1]."""
    entry = campaign.location[location].explore
    return entry not in state.entry_visits or _opens(campaign, state, hero, entry, depth=3)


def _opens(campaign: Campaign, state: GameState, hero: HeroState, entry: str,
           depth: int) -> bool:
    """Whether reading ``entry`` can lead, through open options and ``if`` branches that
    hold now, to an entry not yet read within ``depth`` steps."""
    for effect in _open_effects(campaign, state, hero, campaign.entry[entry].effects):
        if isinstance(effect, fx.Goto):
            if effect.goto not in state.entry_visits:
                return True
            if depth > 1 and _opens(campaign, state, hero, effect.goto, depth - 1):
                return True
    return False


def _open_effects(campaign: Campaign, state: GameState, hero: HeroState,
                  effects: list[Any]) -> list[Any]:
    """The effects a reading may reach now: choices' open options, the branch of an ``if``
    that holds."""
    found: list[Any] = []
    for effect in effects:
        found.append(effect)
        if isinstance(effect, fx.If):
            branch = effect.then if holds(campaign, state, effect.if_, [hero]) else effect.else_
            found += _open_effects(campaign, state, hero, branch)
        elif isinstance(effect, fx.Choose):
            for option in effect.choose:
                if option.if_ is None or holds(campaign, state, option.if_, [hero]):
                    found += _open_effects(campaign, state, hero, option.effects)
    return found


def _feeds(campaign: Campaign, location: int) -> bool:
    """The Location's action gives Food."""
    action = campaign.location[location].action
    return action is not None and any(isinstance(effect, fx.Gain) and effect.gain.food
                                      for effect in action.effects)


def _toward(campaign: Campaign, state: GameState, start: int,
            goal: Callable[[int], bool]) -> int | None:
    """The first step on a shortest road to the nearest revealed Location meeting
    ``goal``."""
    first: dict[int, int] = {}
    seen = {start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here != start and goal(here):
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
    outcome: str | None
    """``won`` or ``lost`` (the first loss: no Mother's Mercy), or None: still going when
    the run stopped."""
    deaths: tuple[DeathCause, ...] = ()
    """What killed each character who died, in order [DEATH-1]."""
    lost_to: str = ""
    """What lost the game: ``death: CAUSE``, or ``entry: ID`` for the story's own end
    (the last entry read, such as a chapter's clock running out)."""

    @property
    def lost(self) -> bool:
        return self.outcome == "lost"

    @property
    def finished_chapter_one(self) -> bool:
        return self.chapter > 1 or self.outcome == "won"

    def as_json(self) -> dict[str, Any]:
        """The run as JSON data (how it comes back from a worker, and is kept)."""
        return {"chapter": self.chapter, "days": self.days, "outcome": self.outcome,
                "deaths": list(self.deaths), "lost_to": self.lost_to}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Run:
        """The run :meth:`as_json` gave."""
        return cls(chapter=data["chapter"], days=data["days"], outcome=data["outcome"],
                   deaths=tuple(data["deaths"]), lost_to=data["lost_to"])


DECISIONS = 60_000
"""Decisions after which a run stops, whatever its Day."""


def run(campaign: Campaign, hero: str, seed: int, days: int = 100,
        until_chapter: int | None = None) -> Run:
    """One solo campaign from ``seed``, played by :class:`DayPolicy` until it is won or
    lost, ``days`` Days have passed, or (if given) chapter ``until_chapter`` begins."""
    game = Game.new(campaign, [hero], seed=seed)
    chooser = DayPolicy(seed)
    deaths: list[DeathCause] = []
    lost_to, read = "", ""
    for _ in range(DECISIONS):
        state = game.state
        if state.stage in ("over", "mercy") or state.day > days or \
                (until_chapter is not None and state.chapter >= until_chapter):
            break
        events = game.apply(chooser.choose(game))
        died = [event.cause for event in events if isinstance(event, HeroDied)]
        read = next((event.entry for event in reversed(events)
                     if isinstance(event, EntryRead)), read)
        deaths += died
        if game.state.outcome == "lost":
            lost_to = f"death: {died[-1]}" if died else f"entry: {read}"
    state = game.state
    return Run(chapter=state.chapter, days=state.day, outcome=state.outcome,
               deaths=tuple(deaths), lost_to=lost_to)
