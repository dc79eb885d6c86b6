"""Decisions that effects ask for while they resolve: which Skill side [ATTR-4], [ATTR-5],
where special movement goes [MAP-9], an Item over the Challenge cap [MODE-CHALLENGE-10],
and which cards an Encounter makes a character discard [COMBAT-15], [COMBAT-25].

An effect that needs one queues it in ``state.asked`` and the reading waits (``journal``
resolves nothing while one is open); once taken, the reading goes on where it stopped.
"""

from __future__ import annotations

from typing import Any

from grail.content import Campaign

from . import world
from .actions import DiscardCard, ItemCap, MoveTo, PickSkill
from .encounters.effects import discarded
from .events import Event, ItemLeft, SkillKept
from .pending import Pending
from .refusals import Refusal
from .state import DestinationAsked, DiscardAsked, GameState, ItemOffered, SkillAsked

Answer = PickSkill | MoveTo | ItemCap | DiscardCard


def legal(campaign: Campaign, state: GameState) -> list[Answer]:
    """The answers to the oldest open decision."""
    asked = state.asked[0]
    if isinstance(asked, SkillAsked):
        return [PickSkill(hero=asked.hero, skill=side) for side in asked.options]
    if isinstance(asked, DestinationAsked):
        return [MoveTo(hero=asked.hero, to=to) for to in asked.options]
    if isinstance(asked, DiscardAsked):
        assert state.encounter is not None
        return [DiscardCard.of(hero=asked.hero, card=card)
                for card in sorted(set(state.encounter.hands[asked.hero]))]
    hero = state.hero(asked.hero)
    return [*(ItemCap(hero=hero.id, item=asked.item, discard=n) for n in hero.items),
            ItemCap(hero=hero.id, item=asked.item)]


def pending(campaign: Campaign, state: GameState) -> Pending:
    """The oldest open decision, and whose it is."""
    asked = state.asked[0]
    return Pending(kind=asked.kind, heroes=[asked.hero])


def why(campaign: Campaign, state: GameState, action: Any) -> Refusal:
    """The rule and reason an action is not the answer awaited."""
    asked = state.asked[0]
    if isinstance(asked, SkillAsked):
        return Refusal("ATTR-5", "keep_skill_first", {"hero": asked.hero,
                                                      "attribute": asked.attribute})
    if isinstance(asked, DestinationAsked):
        return Refusal("MAP-9", "choose_destination_first", {"hero": asked.hero,
                                                             "options": list(asked.options)})
    if isinstance(asked, DiscardAsked):
        return Refusal("COMBAT-15", "discard_first", {"hero": asked.hero, "count": asked.count})
    return Refusal("MODE-CHALLENGE-10", "item_cap_first", {"hero": asked.hero, "item": asked.item})


def take(campaign: Campaign, state: GameState, answer: Answer) -> list[Event]:
    """Close the decision with the answer chosen."""
    if isinstance(state.asked[0], DiscardAsked) and isinstance(answer, DiscardCard):
        return discarded(campaign, state, state.asked[0], answer.card)
    asked = state.asked.pop(0)
    if isinstance(asked, SkillAsked) and isinstance(answer, PickSkill):
        hero = state.hero(asked.hero)
        hero.skills = sorted([*hero.skills, answer.skill])  # the other side is lost [ATTR-5]
        return [SkillKept(hero=hero.id, skill=answer.skill, attribute=asked.attribute)]
    if isinstance(asked, DestinationAsked) and isinstance(answer, MoveTo):
        heroes = [state.hero(hero_id) for hero_id in asked.heroes]
        return world.go(campaign, state, answer.to, heroes)
    assert isinstance(asked, ItemOffered) and isinstance(answer, ItemCap)
    if answer.discard is None:
        return [ItemLeft(hero=asked.hero, item=asked.item)]
    events = world.discard_card(campaign, state, f"item:{answer.discard}")
    return events + world.take_item(campaign, state, state.hero(asked.hero), asked.item,
                                    asked.location)
