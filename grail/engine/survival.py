"""Survival meters: Energy, Health, Terror, and resting at the End of Day [SURV-*], [END-DAY-*]."""

from __future__ import annotations

from grail.content import Campaign

from . import dying
from .events import Event, MeterReason, MetersChanged
from .state import GameState, HeroState


def exhausted(campaign: Campaign, hero: HeroState) -> bool:
    """Energy on one of the red spaces, the lowest of the meter [SURV-3], [NOTE-5]."""
    return hero.energy < campaign.hero[hero.id].meters.energy.red


def health_bar(campaign: Campaign, hero: HeroState) -> int | None:
    """Where the Health T-marker's bar stands, capping Energy and measuring Panic: at
    Health, lower by the setting's offset when upside down [MODE-CHALLENGE-2]; ``None``
    for a plain marker, which caps nothing [MODE-STORY-2]."""
    if hero.health_marker == "plain":
        return None
    if hero.health_marker == "upside_down":
        return max(0, hero.health - campaign.manifest.rules.challenge_health_offset)
    return hero.health


def panics(campaign: Campaign, hero: HeroState) -> bool:
    """Terror higher than the Health bar: Panic in Encounters [SURV-6], [COMBAT-22]."""
    bar = health_bar(campaign, hero)
    return bar is not None and hero.terror > bar


def settle(campaign: Campaign, hero: HeroState) -> None:
    """Clamp meters to their printed range [SURV-7]; Energy never exceeds the Health bar
    [SURV-2]."""
    meters = campaign.hero[hero.id].meters
    hero.health = max(0, min(hero.health, meters.health.max))
    hero.terror = max(0, min(hero.terror, meters.terror.max))
    hero.energy = max(0, min(hero.energy, meters.energy.max))
    bar = health_bar(campaign, hero)
    if campaign.manifest.rules.energy_follows_health and bar is not None:
        hero.energy = min(hero.energy, bar)


def changed(hero: HeroState, reason: MeterReason) -> MetersChanged:
    return MetersChanged(hero=hero.id, energy=hero.energy, health=hero.health,
                         terror=hero.terror, food=hero.food, reason=reason)


def wyrdness(campaign: Campaign, state: GameState, hero: HeroState,
             reason: MeterReason) -> MetersChanged:
    """The Wyrdness hurts: lose Health, gain Terror [MENHIR-3], [MENHIR-9], [NOTE-6]."""
    rules = campaign.manifest.rules
    hero.health -= rules.wyrdness_health
    hero.terror += rules.wyrdness_terror
    settle(campaign, hero)
    if rules.wyrdness_health:
        dying.hurt(campaign, state, hero)
    return changed(hero, reason)


def rest(campaign: Campaign, state: GameState, hero_id: str, eat: bool) -> list[Event]:
    """Rest and food [END-DAY-1], [END-DAY-2], then Energy recovery [END-DAY-3]; a dying
    character who does not heal may die of it, as its card says [DEATH-1]."""
    hero = state.hero(hero_id)
    was_dying, starved = hero.dying, not eat and hero.energy == 0
    if eat:
        hero.food -= 1
        hero.health += 1
        hero.terror -= 1
    elif hero.energy == 0:
        hero.health -= 1
    else:
        hero.energy = 0
    settle(campaign, hero)
    if starved:
        dying.hurt(campaign, state, hero)
    start = campaign.hero[hero.id].meters.energy.start
    if exhausted(campaign, hero):
        hero.energy = min(start, hero.energy + campaign.manifest.rules.exhausted_recovery)
    else:
        hero.energy = max(hero.energy, start)
    settle(campaign, hero)
    hero.rested = True
    dying.rested(campaign, state, hero, was_dying)
    return [changed(hero, "rest_ate" if eat else "rest_hungry")]
