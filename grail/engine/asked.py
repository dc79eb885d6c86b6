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
    text = {"skill": "which Skill side to keep", "destination": "where to move",
            "item_cap": "which Item to give up for a new one, or none",
            "discard": "which card to discard"}[asked.kind]
    return Pending(kind=asked.kind, heroes=[asked.hero], text=text)


def why(campaign: Campaign, state: GameState, action: Any) -> tuple[str, str]:
    """The rule and reason an action is not the answer awaited."""
    asked = state.asked[0]
    if isinstance(asked, SkillAsked):
        return "ATTR-5", f"{asked.hero} first keeps a free Skill side of {asked.attribute}"
    if isinstance(asked, DestinationAsked):
        places = ", ".join(str(n) for n in asked.options)
        return "MAP-9", f"{asked.hero} first chooses where to go: {places}"
    if isinstance(asked, DiscardAsked):
        cards = f"{asked.count} card{'s' * (asked.count != 1)}"
        return "COMBAT-15", f"{asked.hero} first discards {cards} from hand"
    return "MODE-CHALLENGE-10", f"{asked.hero} first discards an Item for Item {asked.item}, " \
        "or refuses it"


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
