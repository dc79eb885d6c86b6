"""Items left by the dead: others on that Location take them until it disappears [DEATH-4].

Taking one is not an action, as trading is not [ITEM-5]: a character on the Location may
take one whenever characters may act and nobody is in an action. The rulebook names no cost
("los demás personajes pueden recogerlos"). At the Challenge cap it is the cap's decision
[MODE-CHALLENGE-10]; a refused Item stays where it lies.
"""

from __future__ import annotations

from grail.content import Campaign

from .actions import PickUp
from .events import Event
from .state import GameState
from .world import take_item


def pick_ups(state: GameState) -> list[PickUp]:
    """Every Item lying where a character stands, for that character."""
    return [PickUp(hero=hero.id, item=number) for hero in state.heroes
            for number in state.left_items.get(str(hero.location), [])]


def pick_up(campaign: Campaign, state: GameState, action: PickUp) -> list[Event]:
    hero = state.hero(action.hero)
    return take_item(campaign, state, hero, action.item, location=hero.location)
