"""Working out amounts: fixed numbers, player-scaled values and counts read from play."""

from __future__ import annotations

from typing import Any

from grail.content.amounts import Count, Scaled

from .state import GameState, HeroState, Mode


def scaling_players(heroes: int, mode: Mode) -> int:
    """The player count that scaled values use: one fewer in Story mode, never 0
    [ACT-MENHIR-2], [MODE-STORY-1], [MODE-STORY-2]."""
    return max(1, heroes - 1) if mode == "story" else heroes


def amount_of(value: Any, state: GameState, hero: HeroState | None = None) -> int:
    """The value of an amount now, for the active ``hero``; never below 0 [ANAT-8]."""
    if isinstance(value, Scaled):
        return max(0, value.value(scaling_players(len(state.heroes), state.mode)))
    if isinstance(value, Count):
        counted = _count(value, state, hero)
        return max(0, counted * value.times + value.plus)
    return int(value)


def _count(value: Count, state: GameState, hero: HeroState | None) -> int:
    if value.count == "revealed_locations":
        return len(state.placed)
    if hero is None:
        return 0
    if value.count == "attribute" and value.attribute:
        return hero.attributes[value.attribute]
    if value.count == "items":
        return len(hero.items)
    if value.count == "secrets":
        return len(hero.secrets)
    return 0  # Sequence, hand and charge counts exist only inside an Encounter (Step 3)
