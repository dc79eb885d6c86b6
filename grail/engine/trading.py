"""Trading between characters on the same Location, outside actions and Encounters: while
characters may act, and at the End of Day; and between the members of a team at any time
but in an Encounter, so in the middle of their action too [TEAM-5], [RES-2], [RES-3],
[ITEM-5], [SECRET-6]."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal

from grail.content import Campaign

from . import dying, items
from .actions import Trade
from .events import Event, Traded
from .modes import room
from .refusals import Refusal
from .state import GameState, HeroState
from .world import may_take_item

RESOURCES: tuple[Literal["food", "wealth"], ...] = ("food", "wealth")
"""The resources traded; Rep, Exp and Magic never are [RES-2], [RES-3]."""


def trades(campaign: Campaign, state: GameState, among: list[str] | None = None) -> list[Trade]:
    """Every gift possible now between characters on one Location (``among`` these only):
    Food and Wealth one at a time, Items, non-Personal Secrets. Rep, Exp and Magic are never
    traded [RES-3]. Nothing is given that the receiver may not hold [MODE-CHALLENGE-9],
    [MODE-CHALLENGE-10]."""
    heroes = [hero for hero in state.heroes if among is None or hero.id in among]
    seen: set[int] = set()
    shared: set[int] = set()  # the Locations of two heroes or more
    for hero in heroes:
        (shared if hero.location in seen else seen).add(hero.location)
    holdings = tuple(
        (hero.id, hero.location, hero.food > 0, hero.wealth > 0, tuple(hero.items),
         tuple(n for n in hero.secrets if "personal" not in campaign.secret[n].keywords),
         may_take_item(campaign, state, hero),
         tuple(resource for resource in RESOURCES if _may_hold_more(campaign, state, hero, resource)),
         not dying.forbids(campaign, state, hero, "trade"))  # [DEATH-1]
        for hero in heroes if hero.location in shared)  # alone, one neither gives nor takes
    return list(_gifts(holdings)) if holdings else []


def within_team(campaign: Campaign, state: GameState) -> list[Trade]:
    """While a team decides in the middle of its action, its members trade among themselves,
    but never during an Encounter [TEAM-5]: Food for an option's cost, say."""
    heroes = state.frames[-1].heroes
    return [] if state.encounter is not None or len(heroes) < 2 else \
        trades(campaign, state, heroes)


def _may_hold_more(campaign: Campaign, state: GameState, hero: HeroState, resource: str) -> bool:
    """A trade the receiver cannot hold is refused, not capped: nothing is lost to a
    player's slip [MODE-CHALLENGE-9] (docs/rules-notes.md)."""
    left = room(campaign, state, hero, resource)
    return left is None or left > 0


def why_refused(campaign: Campaign, state: GameState, action: Trade) -> Refusal:
    """The rule a trade breaks now."""
    taker = next((hero for hero in state.heroes if hero.id == action.to), None)
    trade = {"hero": action.hero, "to": action.to, "what": action.what, "number": action.number}
    if taker is not None and action.what in RESOURCES \
            and not _may_hold_more(campaign, state, taker, action.what):
        return Refusal("MODE-CHALLENGE-9", "trade_over_cap",
                       {**trade, "holds": getattr(taker, action.what)})
    if taker is not None and action.what == "item" and not may_take_item(campaign, state, taker):
        return Refusal("MODE-CHALLENGE-10", "trade_item_cap", trade)
    giver = next((hero for hero in state.heroes if hero.id == action.hero), None)
    if taker is None:
        return Refusal("DAY-3", "no_such_hero", {"hero": action.to, "heroes": [
            hero.id for hero in state.heroes]})
    if action.what in RESOURCES and action.number is not None:
        return Refusal("RES-2", "trade_one_at_a_time", trade)
    if giver is not None and giver.location != taker.location:
        return Refusal("TEAM-5", "trade_not_together", trade)
    if giver is not None and action.what in RESOURCES and not getattr(giver, action.what):
        return Refusal("RES-2", "trade_nothing_to_give", trade)
    held = giver.items if giver is not None and action.what == "item" else \
        giver.secrets if giver is not None and action.what == "secret" else None
    if held is not None and action.number not in held:
        return Refusal("ITEM-5" if action.what == "item" else "SECRET-6", "trade_not_held", trade)
    if action.what == "secret" and action.number in campaign.secret \
            and "personal" in campaign.secret[action.number].keywords:
        return Refusal("SECRET-6", "trade_personal", trade)
    return Refusal("TEAM-5", "trade_when")


@lru_cache(maxsize=4096)
def _gifts(holdings: tuple[tuple[Any, ...], ...]) -> tuple[Trade, ...]:
    """The gifts between characters holding this, made once (they are listed after every
    action while characters share a Location)."""
    found: list[Trade] = []
    for giver, where, food, wealth, held, secrets, _, _, gives in holdings:
        for taker, place, _, _, _, _, takes_items, takes, _ in holdings:
            if taker == giver or place != where or not gives:
                continue
            found += [Trade(hero=giver, to=taker, what=resource)
                      for resource, has in zip(RESOURCES, (food, wealth), strict=True)
                      if has and resource in takes]
            if takes_items:
                found += [Trade(hero=giver, to=taker, what="item", number=n) for n in held]
            found += [Trade(hero=giver, to=taker, what="secret", number=n) for n in secrets]
    return tuple(found)


def trade(campaign: Campaign, state: GameState, action: Trade) -> list[Event]:
    giver, taker = state.hero(action.hero), state.hero(action.to)
    if action.what in ("food", "wealth"):
        setattr(giver, action.what, getattr(giver, action.what) - 1)
        setattr(taker, action.what, getattr(taker, action.what) + 1)
    else:
        source = giver.items if action.what == "item" else giver.secrets
        target = taker.items if action.what == "item" else taker.secrets
        assert action.number is not None
        source.remove(action.number)
        target.append(action.number)
        card = f"{action.what}:{action.number}"
        items.dropped(campaign, state, giver, card)
        items.took(campaign, state, taker, card)
    return [Traded(hero=action.hero, to=action.to, what=action.what, number=action.number)]
