"""Trading between characters on the same Location, outside actions and Encounters
[TEAM-5], [RES-2], [RES-3], [ITEM-5], [SECRET-6]."""

from __future__ import annotations

from grail.content import Campaign

from . import items
from .actions import Trade
from .events import Event, WorldChanged
from .state import GameState
from .world import may_take_item


def trades(campaign: Campaign, state: GameState) -> list[Trade]:
    """Every gift possible now: Food and Wealth one at a time, Items, non-Personal Secrets.
    Rep, Exp and Magic are never traded [RES-3]."""
    found: list[Trade] = []
    for giver in state.heroes:
        for taker in state.heroes:
            if taker is giver or taker.location != giver.location:
                continue
            for resource in ("food", "wealth"):
                if getattr(giver, resource) > 0:
                    found.append(Trade.of(hero=giver.id, to=taker.id, what=resource))
            if may_take_item(campaign, state, taker):
                found += [Trade.of(hero=giver.id, to=taker.id, what="item", number=n)
                          for n in giver.items]
            found += [Trade.of(hero=giver.id, to=taker.id, what="secret", number=n)
                      for n in giver.secrets if "personal" not in campaign.secret[n].keywords]
    return found


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
