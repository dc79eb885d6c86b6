"""Telling an action in words with what the state knows when it is taken: where a Travel
starts, where an action happens, what it costs. Legal lists show these texts, and undo
names the actions it can take back by them.

>>> from grail.content import load_pack, bundled_pack
>>> from grail.engine.game import Game
>>> from grail.engine.actions import Travel
>>> game = Game.new(load_pack(bundled_pack()), ["tamsin"], seed=7)
>>> tell(game.campaign, game.state, Travel(hero="tamsin", to=104))
'Travel: tamsin 101 -> 104, -1 Energy'
"""

from __future__ import annotations

from typing import Any

from grail.content import Campaign
from grail.content.amounts import Amounts

from .actions import ActivateMenhir, CharacterAction, Explore, LocationAction, Travel
from .amounts import amount_of
from .state import GameState, HeroState


def tell(campaign: Campaign, state: GameState, action: Any) -> str:
    """The action's text, naming its origin and cost where the state knows them."""
    if not isinstance(action, Travel | Explore | LocationAction | CharacterAction
                      | ActivateMenhir):
        return str(action.describe())
    hero = state.hero(action.hero)
    if isinstance(action, Travel):
        return f"Travel: {hero.id} {hero.location} -> {action.to}, -1 Energy"
    if isinstance(action, Explore):
        return f"Explore: {hero.id} at {hero.location}, -1 Energy"
    if isinstance(action, ActivateMenhir):
        menhir = campaign.location[hero.location].menhir
        cost = menhir.cost if menhir is not None else None
        return f"Activate the Menhir: {hero.id} at {hero.location}" + _cost(state, hero, cost)
    if isinstance(action, CharacterAction):
        own = campaign.hero[hero.id].action
        return f"Character action: {hero.id}, {own.name}" + _cost(state, hero, own.cost)
    place = campaign.location[hero.location].action
    name = f" ({place.name})" if place is not None else ""
    cost = place.cost if place is not None else None
    return f"Location action: {hero.id} at {hero.location}{name}" + _cost(state, hero, cost)


def _cost(state: GameState, hero: HeroState, cost: Amounts | None) -> str:
    parts = [f"-{amount_of(value, state, hero)} {name.capitalize()}"
             for name, value in (cost or {}).items()]
    return "".join(f", {part}" for part in parts)
