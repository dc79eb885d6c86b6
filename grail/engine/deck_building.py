"""Building the decks at the End of Day: cards taken out of a deck stay beside the
character's board, never back in the Advanced pool, and may be put back on a later
End of Day; each deck keeps at least the minimum [END-DAY-5], [UPG-3], [UPG-4]."""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from grail.content import Campaign

from .actions import SetAside, TakeBack
from .events import DeckChanged, Event
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
    decks = tuple(tuple(deck) for deck in (hero.combat_deck, hero.diplomacy_deck)
                  if len(deck) > minimum)
    return list(_options(hero.id, decks, tuple(hero.set_aside)))


@lru_cache(maxsize=1024)
def _options(hero: str, decks: tuple[tuple[str, ...], ...],
             aside: tuple[str, ...]) -> tuple[SetAside | TakeBack, ...]:
    """The same decks give the same options: listed once (the End of Day lists them after
    every card moved)."""
    return (*(SetAside(hero=hero, card=card) for deck in decks for card in deck),
            *(TakeBack(hero=hero, card=card) for card in aside))


def set_aside(campaign: Campaign, hero: HeroState, card: str) -> list[Event]:
    """Take a card out of its deck and keep it beside the board [UPG-4]."""
    which = deck_of(campaign, card)
    _deck(hero, which).remove(card)
    hero.set_aside = sorted([*hero.set_aside, card])
    return [DeckChanged(hero=hero.id, card=card, deck=which, change="set_aside")]


def take_back(campaign: Campaign, hero: HeroState, card: str) -> list[Event]:
    """Put a set-aside card back into its deck [END-DAY-5]."""
    which = deck_of(campaign, card)
    hero.set_aside.remove(card)
    deck = _deck(hero, which)
    deck.append(card)
    deck.sort()
    return [DeckChanged(hero=hero.id, card=card, deck=which, change="taken_back")]
