"""Working out amounts: fixed numbers, player-scaled values and counts read from play."""

from __future__ import annotations

from typing import Any

from grail.content import Campaign
from grail.content.amounts import Count, Scaled

from .state import GameState, HeroState, Mode
from .upgrades import attribute


def scaling_players(heroes: int, mode: Mode) -> int:
    """The player count that scaled values use: one fewer in Story mode, never 0
    [ACT-MENHIR-2], [MODE-STORY-1], [MODE-STORY-2]."""
    return max(1, heroes - 1) if mode == "story" else heroes


def amount_of(campaign: Campaign, value: Any, state: GameState,
              hero: HeroState | None = None) -> int:
    """The value of an amount now, for the active ``hero``; never below 0 [ANAT-8]."""
    if isinstance(value, Scaled):
        return max(0, value.value(scaling_players(len(state.heroes), state.mode)))
    if isinstance(value, Count):
        counted = _count(campaign, value, state, hero)
        return max(0, counted * value.times + value.plus)
    return int(value)


def _count(campaign: Campaign, value: Count, state: GameState, hero: HeroState | None) -> int:
    if value.count == "revealed_locations":
        return len(state.placed)
    if hero is None:
        return 0
    if value.count == "attribute" and value.attribute:  # board, Skills and cards in use [ATTR-3]
        return attribute(campaign, hero, value.attribute)
    if value.count == "items":
        return len(hero.items)
    if value.count == "secrets":
        return len(hero.secrets)
    return _in_encounter(value, state, hero)


def _in_encounter(value: Count, state: GameState, hero: HeroState) -> int:
    """Counts read from an Encounter's board: 0 outside one [ANAT-8], [EX-COMBAT-9]."""
    encounter = state.encounter
    if encounter is None:
        return 0
    if value.count == "joined_keys":
        return sum(card.joined.count(value.attribute or "") for card in encounter.sequence)
    if value.count == "connected_magic_keys":
        return sum(len(card.magic) for card in encounter.sequence)
    if value.count == "cards_in_hand":
        return len(encounter.hands.get(hero.id, []))
    frame = state.frames[-1] if state.frames else None  # the card whose Ability resolves
    if frame is None or frame.source != "ability":
        return 0
    serial = int(frame.key.rsplit("/", 1)[1])
    return next((card.charges for card in encounter.sequence if card.serial == serial), 0)
