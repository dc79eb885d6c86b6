"""Building the decks at the End of Day: cards taken out of a deck stay beside the
character's board, never back in the Advanced pool, and may be put back on a later
End of Day; each deck keeps at least the minimum [END-DAY-5], [UPG-3], [UPG-4]."""

from __future__ import annotations

from typing import Literal

from grail.content import Campaign

from .actions import SetAside, TakeBack
from .events import Event, WorldChanged
from .state import HeroState

Deck = Literal["combat", "diplomacy"]


def deck_of(campaign: Campaign, card: str) -> Deck:
    """Which deck a Combat or Diplomacy card belongs in."""
    return campaign.card[card].kind


def _deck(hero: HeroState, which: Deck) -> list[str]:
    return hero.combat_deck if which == "combat" else hero.diplomacy_deck


def options(campaign: Campaign, hero: HeroState) -> list[SetAside | TakeBack]:
    """Cards that may leave a deck above the minimum, and set-aside cards that may return
    [END-DAY-5], [UPG-3]."""
    minimum = campaign.manifest.rules.deck_minimum
    found: list[SetAside | TakeBack] = []
    for deck in (hero.combat_deck, hero.diplomacy_deck):
        if len(deck) > minimum:
            found += [SetAside.of(hero=hero.id, card=card) for card in deck]
    return found + [TakeBack.of(hero=hero.id, card=card) for card in hero.set_aside]


def set_aside(campaign: Campaign, hero: HeroState, card: str) -> list[Event]:
    """Take a card out of its deck and keep it beside the board [UPG-4]."""
    which = deck_of(campaign, card)
    _deck(hero, which).remove(card)
    hero.set_aside = sorted([*hero.set_aside, card])
    return [WorldChanged(what=f"{hero.id} sets {card} aside from the {which} deck")]


def take_back(campaign: Campaign, hero: HeroState, card: str) -> list[Event]:
    """Put a set-aside card back into its deck [END-DAY-5]."""
    which = deck_of(campaign, card)
    hero.set_aside.remove(card)
    deck = _deck(hero, which)
    deck.append(card)
    deck.sort()
    return [WorldChanged(what=f"{hero.id} puts {card} back in the {which} deck")]
