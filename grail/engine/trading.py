"""Trading between characters on the same Location, outside actions and Encounters
[TEAM-5], [RES-2], [RES-3], [ITEM-5], [SECRET-6]."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from grail.content import Campaign

from . import dying, items
from .actions import Trade
from .events import Event, WorldChanged
from .state import GameState
from .world import may_take_item


def trades(campaign: Campaign, state: GameState) -> list[Trade]:
    """Every gift possible now: Food and Wealth one at a time, Items, non-Personal Secrets.
    Rep, Exp and Magic are never traded [RES-3]."""
    holdings = tuple(
        (hero.id, hero.location, hero.food > 0, hero.wealth > 0, tuple(hero.items),
         tuple(n for n in hero.secrets if "personal" not in campaign.secret[n].keywords),
         may_take_item(campaign, state, hero), not dying.forbids(campaign, state, hero, "trade"))
        for hero in state.heroes)
    return list(_gifts(holdings))


@lru_cache(maxsize=4096)
def _gifts(holdings: tuple[tuple[Any, ...], ...]) -> tuple[Trade, ...]:
    """The gifts between characters holding this, made once (they are listed after every
    action while characters share a Location)."""
    found: list[Trade] = []
    for giver, where, food, wealth, held, secrets, _, gives in holdings:
        for taker, place, _, _, _, _, takes_items, _ in holdings:
            if taker == giver or place != where or not gives:
                continue
            found += [Trade(hero=giver, to=taker, what=resource)
                      for resource, has in (("food", food), ("wealth", wealth)) if has]
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
    return [WorldChanged(what=action.describe())]
