"""Testing conditions against the state, for the acting character or team.

A condition about characters holds when a member of the team meets it; Attribute and
resource requirements use the best member, never a sum [DIPLO-15].
"""

from __future__ import annotations

from typing import Any

from grail.content import Campaign
from grail.content import conditions as c
from grail.content.amounts import Range

from .amounts import amount_of
from .state import GameState, HeroState
from .survival import exhausted, panics
from .upgrades import attribute


def within(value: int, bounds: Range) -> bool:
    return (bounds.at_least is None or value >= bounds.at_least) and \
        (bounds.at_most is None or value <= bounds.at_most)


def holds(campaign: Campaign, state: GameState, condition: Any, heroes: list[HeroState]) -> bool:
    """Whether ``condition`` holds now for ``heroes`` (the active one first)."""
    if isinstance(condition, c.Not):
        return not holds(campaign, state, condition.not_, heroes)
    if isinstance(condition, c.All):
        return all(holds(campaign, state, inner, heroes) for inner in condition.all)
    if isinstance(condition, c.Any_):
        return any(holds(campaign, state, inner, heroes) for inner in condition.any)
    if isinstance(condition, c.StatusIs):
        marks = next((m for m in state.statuses if m.id == condition.status), None)
        if marks is None:
            return False
        return condition.part in marks.parts if condition.part else marks.whole or bool(marks.parts)
    if isinstance(condition, c.HasSecret):
        return any(condition.secret in hero.secrets for hero in heroes)
    if isinstance(condition, c.HasItem):
        pick = condition.item
        return any(_item_fits(campaign, number, pick) for hero in heroes for number in hero.items)
    if isinstance(condition, c.Has):
        return all(any(getattr(hero, name) >= amount for hero in heroes)
                   for name, amount in _fixed(campaign, condition.has, state))
    if isinstance(condition, c.MeterIs):
        bounds = condition.meter
        return all(within(getattr(heroes[0], name), getattr(bounds, name))
                   for name in ("energy", "health", "terror") if getattr(bounds, name))
    if isinstance(condition, c.AttributeAtLeast):
        levels = condition.attribute
        return all(max(attribute(campaign, hero, name) for hero in heroes) >= level
                   for name in c.AttributeLevels.model_fields
                   if (level := getattr(levels, name)) is not None)
    if isinstance(condition, c.Visited):
        visits = condition.visits
        count = state.entry_visits.get(visits.entry, 0) if visits.entry else \
            state.location_visits.get(str(visits.location), 0)
        return within(count, visits)
    if isinstance(condition, c.PlayersAre):
        return within(len(state.heroes), condition.players)
    if isinstance(condition, c.HeroIs):
        return any(hero.id == condition.hero for hero in heroes)
    if isinstance(condition, c.DayIs):
        return within(state.day, condition.day)
    if isinstance(condition, c.ChapterIs):
        return within(state.chapter, condition.chapter)
    if isinstance(condition, c.QuestActive):
        return condition.quest in state.quests
    if isinstance(condition, c.TaskOpen):
        return any(task.id == condition.task for task in state.tasks)
    if isinstance(condition, c.DialIs):
        dial = next((d for d in state.dials if d.id == condition.dial.id), None)
        return dial is not None and within(dial.value, condition.dial)
    if isinstance(condition, c.ModeIs):
        return state.mode == condition.mode
    if isinstance(condition, c.HeroState):
        return in_state(campaign, heroes[0], condition.state)
    if isinstance(condition, c.AffinityOn):  # [DIPLO-12]
        encounter = state.encounter
        if encounter is None:
            return False
        space = "green" if encounter.affinity > 0 else "red" if encounter.affinity < 0 else "grey"
        return space == condition.affinity
    if isinstance(condition, c.PoolIs):
        return state.encounter is not None and within(state.encounter.pool, condition.pool)
    return False


def in_state(campaign: Campaign, hero: HeroState, name: str) -> bool:
    return {
        "exhausted": exhausted(campaign, hero),
        "going_mad": hero.going_mad,  # holds "You Are Going Mad" [SURV-5], [MAD-1]
        "panic": panics(campaign, hero),  # [SURV-6], [MODE-STORY-2], [MODE-CHALLENGE-2]
        "dying": hero.dying,  # holds "You Are Dying" [SURV-4], [DEATH-1]
    }[name]


def _item_fits(campaign: Campaign, number: int, pick: c.ItemPick) -> bool:
    item = campaign.item[number]
    return (pick.number in (None, number)) and (pick.keyword in (None, item.keyword)) and \
        (pick.craftable in (None, item.craftable))


def _fixed(campaign: Campaign, amounts: Any, state: GameState) -> list[tuple[str, int]]:
    return [(name, amount_of(campaign, value, state)) for name, value in amounts.items()]
