"""The End of Day, each character in turn: rest and food, Energy, upgrades and deck
building, then dreams [END-DAY-1]..[END-DAY-7].

A character's upgrades [END-DAY-4] and deck building [END-DAY-5] are one turn, ended by
``FinishUpgrades``: nothing in either step depends on the other, and a character with
nothing to decide in both is not asked at all.
"""

from __future__ import annotations

from typing import Any, Literal

from grail.content import Campaign
from grail.content.base import ATTRIBUTES

from . import deck_building, survival, trading, upgrades, uses
from .actions import (
    DAY_ACTIONS,
    BuyAttribute,
    DeckUpgrade,
    FinishUpgrades,
    KeepCard,
    Pass,
    Rest,
    SetAside,
    TakeBack,
    Trade,
    UseCard,
)
from .conditions import in_state
from .events import Event
from .frames import read_entry
from .pending import Pending
from .refusals import Refusal
from .state import GameState, HeroState


def next_to_rest(state: GameState) -> HeroState | None:
    """The next character to rest, by character number [END-DAY-1]."""
    return next((hero for hero in state.heroes if not hero.rested), None)


def next_to_upgrade(state: GameState) -> HeroState | None:
    """The next character to spend Exp and build decks, once everyone has rested
    [END-DAY-4], [END-DAY-5]."""
    if next_to_rest(state) is not None:
        return None
    return next((hero for hero in state.heroes if not hero.upgraded), None)


def skip_idle_upgrades(campaign: Campaign, state: GameState) -> bool:
    """A character who can buy nothing and move no card is done without being asked."""
    hero = next_to_upgrade(state)
    if hero is None or state.offer or _may_choose(campaign, state, hero):
        return False
    hero.upgraded = True
    return True


def _may_choose(campaign: Campaign, state: GameState, hero: HeroState) -> bool:
    """Something to buy or a card to move, without listing them all (``legal`` does)."""
    deck_cost = upgrades.deck_upgrade_cost(campaign, state)[0]
    minimum = campaign.manifest.rules.deck_minimum
    return (hero.exp >= upgrades.cheapest_point(campaign, state)
            and any(action.type == "buy_attribute" for action in choices(campaign, state))) \
        or (hero.exp >= deck_cost and bool(hero.combat_pool or hero.diplomacy_pool)) \
        or len(hero.combat_deck) > minimum or len(hero.diplomacy_deck) > minimum \
        or bool(hero.set_aside)


def trades(campaign: Campaign, state: GameState) -> list[Trade]:
    """Trading goes on at the End of Day, outside actions: Food for a hungry teammate before
    they rest [TEAM-5], [RES-2], [END-DAY-1]; not while a drawn card waits to be kept."""
    return [] if state.offer else trading.trades(campaign, state)


def finished(state: GameState) -> bool:
    return next_to_rest(state) is None and next_to_upgrade(state) is None and not state.offer


def legal(campaign: Campaign, state: GameState) -> list[Any]:
    """What may be done at the End of Day now: the character's rest or upgrades, its uses
    of that time, and trades [END-DAY-1]..[END-DAY-5], [TEAM-5]."""
    return [*choices(campaign, state), *uses_now(campaign, state), *trades(campaign, state)]


def pending(campaign: Campaign, state: GameState) -> Pending:
    """Who rests, keeps a drawn card or spends Exp now, in character order."""
    resting = next_to_rest(state)
    if resting is not None:
        return Pending(kind="rest", heroes=[resting.id])
    upgrading = next_to_upgrade(state)
    who = [upgrading.id] if upgrading is not None else [""]
    if state.offer:
        return Pending(kind="keep_card", heroes=who)
    return Pending(kind="upgrade", heroes=who)


def why(campaign: Campaign, state: GameState, action: Any) -> Refusal:
    """The rule an action breaks at the End of Day."""
    if isinstance(action, Trade) and state.offer:
        return Refusal("UPG-2", "keep_upgrade_first")
    if isinstance(action, Trade):
        return trading.why_refused(campaign, state, action)
    if isinstance(action, (*DAY_ACTIONS, Pass)):
        return Refusal("DAY-1", "day_actions_over")
    resting = next_to_rest(state)
    if resting is not None:
        return Refusal("END-DAY-1", "rests_now", {"hero": resting.id})
    return Refusal("END-DAY-1", "end_of_day_order")


def uses_now(campaign: Campaign, state: GameState) -> list[UseCard]:
    """The ``end_of_day`` and ``any`` uses of the character whose End of Day it is, but not
    while it keeps a drawn card [END-DAY-1], [END-DAY-4]."""
    hero = next_to_rest(state) or next_to_upgrade(state)
    if hero is None or state.offer:
        return []
    return uses.offered(campaign, state, hero, ("end_of_day", "any"))


def choices(campaign: Campaign, state: GameState) -> list[Any]:
    """The End of Day's own decisions now: a rest, a card to keep, upgrades and deck
    building, or finishing."""
    hero = next_to_rest(state)
    if hero is not None:
        eat = [Rest(hero=hero.id, eat=True)] if hero.food > 0 else []
        return [*eat, Rest(hero=hero.id, eat=False)]
    hero = next_to_upgrade(state)
    if hero is None:
        return []
    if state.offer:
        return [KeepCard(hero=hero.id, card=card) for card in state.offer]
    found: list[Any] = []
    affordable = hero.exp >= upgrades.cheapest_point(campaign, state)
    costs = upgrades.attribute_costs(campaign, state, hero) if affordable else {}
    for name in ATTRIBUTES if affordable else ():
        if hero.exp < costs[name]:
            continue
        if upgrades.points(campaign, hero, name) < 2:  # from the 3rd point on, Skills [ATTR-4]
            found.append(BuyAttribute(hero=hero.id, attribute=name))
        else:
            found += [BuyAttribute(hero=hero.id, attribute=name, skill=side)
                      for side in upgrades.free_skills(campaign, state, name)]
    cost = upgrades.deck_upgrade_cost(campaign, state)[0]
    decks: tuple[tuple[Literal["combat", "diplomacy"], list[str]], ...] = (
        ("combat", hero.combat_pool), ("diplomacy", hero.diplomacy_pool))
    for deck, pool in decks:
        if hero.exp >= cost and pool:
            found.append(DeckUpgrade(hero=hero.id, deck=deck))
    found += deck_building.options(campaign, hero)
    return [*found, FinishUpgrades(hero=hero.id)]


def rest(campaign: Campaign, state: GameState, action: Rest) -> list[Event]:
    """The character rests, eating or going hungry [END-DAY-1], [END-DAY-2]."""
    return survival.rest(campaign, state, action.hero, action.eat)


def buy_attribute(campaign: Campaign, state: GameState, action: BuyAttribute) -> list[Event]:
    """An Attribute point, with its Skill side from the third on [UPG-5], [ATTR-4]."""
    return upgrades.buy_attribute(campaign, state, action.hero, action.attribute, action.skill)


def deck_upgrade(campaign: Campaign, state: GameState, action: DeckUpgrade) -> list[Event]:
    """Cards drawn from an Advanced pool, one to keep [UPG-2]."""
    return upgrades.draw_offer(campaign, state, action.hero, action.deck)


def keep_card(campaign: Campaign, state: GameState, action: KeepCard) -> list[Event]:
    return upgrades.keep(state, action.hero, action.card)


def set_aside(campaign: Campaign, state: GameState, action: SetAside) -> list[Event]:
    """A card out of a deck, kept beside the board [END-DAY-5], [UPG-4]."""
    return deck_building.set_aside(campaign, state.hero(action.hero), action.card)


def take_back(campaign: Campaign, state: GameState, action: TakeBack) -> list[Event]:
    return deck_building.take_back(campaign, state.hero(action.hero), action.card)


def finish_upgrades(campaign: Campaign, state: GameState, action: FinishUpgrades) -> list[Event]:
    """The character is done spending Exp and building decks [END-DAY-4], [END-DAY-5]."""
    state.hero(action.hero).upgraded = True
    return []


def dreams(campaign: Campaign, state: GameState) -> list[Event]:
    """On Dreams Locations, the characters there read the Dream once; those Going Mad read
    the Nightmare instead [END-DAY-6], [END-DAY-7], [MAD-1]."""
    state.dreamt = True
    events: list[Event] = []
    for place in sorted(state.placed, key=lambda p: p.number):
        location = campaign.location[place.number]
        if location.dream is None:
            continue
        here = [hero for hero in state.heroes if hero.location == place.number]
        mad = [hero.id for hero in here if in_state(campaign, hero, "going_mad")]
        sane = [hero.id for hero in here if hero.id not in mad]
        if mad and location.nightmare is not None:
            events += read_entry(campaign, state, location.nightmare, mad)
        else:
            sane += mad
        if sane:
            events += read_entry(campaign, state, location.dream, sane)
    return events
