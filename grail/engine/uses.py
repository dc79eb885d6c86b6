"""Using Items, Secrets and Skills outside Encounters [DAY-6], [ITEM-1].

Only cards in use have uses ([ITEM-1], ``items.in_use``). A use ``when: action`` is one of
the Day's actions: it is taken by a character who may act and counts as its action
[DAY-3]. A use ``when: any`` is taken outside actions, like a trade, by any character; a use
``when: end_of_day`` by the character whose End of Day it is (``any`` uses too). Its cost
is paid first; ``once: day`` uses are marked until the next Start of Day, and an
``end_of_day`` use is used at most once a Day, as the End of Day comes once; a ``discard``
use discards its card [DISC-1]. Its effects resolve as a frame.
"""

from __future__ import annotations

from grail.content import Campaign
from grail.content.uses import Use

from . import dying, items
from .actions import UseCard
from .conditions import holds
from .costs import can_pay, pay
from .day import acted
from .events import Event
from .frames import push
from .state import GameState, HeroState
from .world import discard_card

OUTSIDE = ("action", "any", "end_of_day")
"""Timings of uses taken outside Encounters."""
INSIDE = ("encounter_start", "combat", "diplomacy", "encounter")
"""Timings of uses taken inside Encounters (grail/engine/encounters/uses.py)."""


def _spent_key(card: str, index: int) -> str:
    return f"{card}/{index}"


def _once_a_day(use: Use) -> bool:
    return use.once == "day" or use.when == "end_of_day"


def _once_an_encounter(use: Use) -> bool:
    """A use once per Encounter, or one that flips its card until the end [ITEM-6]."""
    return use.once == "encounter" or use.flip


def flipped(campaign: Campaign, state: GameState, hero: HeroState, card: str) -> bool:
    """The card was turned to show a use this Encounter: none of its uses work until it
    turns back at the end [ITEM-6]."""
    assert state.encounter is not None
    return any(use.flip and f"{hero.id}:{_spent_key(card, index)}" in state.encounter.used
               for index, use in enumerate(items.uses_of(campaign, card)))


def _may(campaign: Campaign, state: GameState, hero: HeroState, card: str, index: int,
         use: Use) -> bool:
    if _once_a_day(use) and _spent_key(card, index) in state.uses_spent:
        return False
    if _once_an_encounter(use) and state.encounter is not None and \
            f"{hero.id}:{_spent_key(card, index)}" in state.encounter.used:
        return False
    if state.encounter is not None and flipped(campaign, state, hero, card):
        return False
    if use.requires is not None and not holds(campaign, state, use.requires, [hero]):
        return False
    return use.cost is None or can_pay(campaign, state, hero, use.cost)


def offered(campaign: Campaign, state: GameState, hero: HeroState,
            timings: tuple[str, ...]) -> list[UseCard]:
    """The character's uses of these timings that may be taken now, card by card (none
    where a "You Are Dying" card forbids them [DEATH-1])."""
    if dying.forbids(campaign, state, hero, "use_cards"):
        return []
    found = []
    for card in items.in_use(campaign, hero):
        for index, use in enumerate(items.uses_of(campaign, card)):
            if use.when in timings and _may(campaign, state, hero, card, index, use):
                found.append(UseCard(hero=hero.id, card=card, use=index))
    return found


def at_any_time(campaign: Campaign, state: GameState) -> list[UseCard]:
    """Every character's ``any`` uses, outside actions."""
    return [found for hero in state.heroes for found in offered(campaign, state, hero, ("any",))]


def held_use(campaign: Campaign, state: GameState, action: UseCard) -> Use | None:
    """The use an action names, if its card is in use by that character [ITEM-1] and the use
    is taken where the game stands: outside Encounters or inside one."""
    hero = next((h for h in state.heroes if h.id == action.hero), None)
    if hero is None or action.card not in items.in_use(campaign, hero):
        return None
    printed = items.uses_of(campaign, action.card)
    timings = INSIDE if state.encounter is not None else OUTSIDE
    if 0 <= action.use < len(printed) and printed[action.use].when in timings:
        return printed[action.use]
    return None


def use(campaign: Campaign, state: GameState, action: UseCard) -> list[Event]:
    """Pay the use's cost, mark it, and resolve its effects [DAY-5], [DAY-6]."""
    hero = state.hero(action.hero)
    taken = items.uses_of(campaign, action.card)[action.use]
    events = pay(campaign, state, hero, taken.cost) if taken.cost else []
    if _once_a_day(taken):
        state.uses_spent.append(_spent_key(action.card, action.use))
    if taken.when == "action":
        acted(state, [hero])
    if _once_an_encounter(taken) and state.encounter is not None:
        state.encounter.used.append(f"{hero.id}:{_spent_key(action.card, action.use)}")
    if taken.discard:  # the card goes; its effects, read from the content, still resolve
        events += discard_card(campaign, state, action.card)
    push(state, "card_use", _spent_key(action.card, action.use), [hero.id])
    return events

