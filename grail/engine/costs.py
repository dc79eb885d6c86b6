"""Paying costs: Energy, resources and meters taken from the acting character or team [DAY-5]."""

from __future__ import annotations

from grail.content import Campaign
from grail.content.amounts import Amounts

from .amounts import amount_of
from .events import Event, ResourcesChanged
from .state import GameState, HeroState


def can_pay(campaign: Campaign, state: GameState, hero: HeroState, cost: Amounts) -> bool:
    return all(getattr(hero, name) >= amount_of(campaign, value, state, hero) for name, value in cost.items())


def pay(campaign: Campaign, state: GameState, hero: HeroState, cost: Amounts) -> list[Event]:
    changes = {name: -amount_of(campaign, value, state, hero) for name, value in cost.items()}
    for name, change in changes.items():
        setattr(hero, name, getattr(hero, name) + change)
    return [ResourcesChanged(hero=hero.id, changes=changes)]


def can_pay_together(campaign: Campaign, state: GameState, heroes: list[HeroState],
                     cost: Amounts) -> bool:
    """A cost the members can pay between them, split freely [ACT-LOC-3], [TEAM-6]."""
    return all(sum(getattr(hero, name) for hero in heroes) >= amount_of(campaign, value, state, heroes[0])
               for name, value in cost.items())
