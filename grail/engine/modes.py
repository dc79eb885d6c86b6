"""The alternative modes: Story mode's relief and the Challenge rules, each adoptable on
its own [MODE-STORY-1]..[MODE-STORY-2], [MODE-CHALLENGE-1]..[MODE-CHALLENGE-11].

A Challenge game lists the Challenge rules it adopted (``state.challenge_rules``); none
listed (``None``) means the whole set. Every rule the engine applies differently in
Challenge asks ``challenge(state, rule)``.
"""

from __future__ import annotations

from typing import get_args

from grail.content import Campaign

from .actions import LeaveStoryMode
from .events import Event, StoryModeLeft
from .state import ChallengeRule, GameState, HealthMarker, HeroState, Mode

MODES: tuple[Mode, ...] = ("story", "normal", "challenge")
"""The modes a game may be played in, in the order a player is offered them [MODE-*]."""

CHALLENGE_RULES: tuple[ChallengeRule, ...] = get_args(ChallengeRule)
"""Every Challenge rule by id, in the rulebook's order [MODE-CHALLENGE-2]..[MODE-CHALLENGE-11]."""


def challenge(state: GameState, rule: ChallengeRule) -> bool:
    """This Challenge rule is in force [MODE-CHALLENGE-1]."""
    return state.mode == "challenge" and (state.challenge_rules is None
                                          or rule in state.challenge_rules)


CAPPED_RESOURCES = ("food", "wealth", "rep", "magic")
"""The resources the Challenge caps: all but Exp [MODE-CHALLENGE-9]."""


def resource_cap(campaign: Campaign, state: GameState, name: str) -> int | None:
    """The most of a resource a character may hold: ``challenge_resource_cap`` of each of
    Food, Wealth, Rep and Magic under that Challenge rule; no limit on Exp, on meters, or
    outside Challenge [MODE-CHALLENGE-9], [RES-4]. Every way a resource arrives asks it."""
    if name in CAPPED_RESOURCES and challenge(state, "resource_cap"):
        return campaign.manifest.rules.challenge_resource_cap
    return None


def room(campaign: Campaign, state: GameState, hero: HeroState, name: str) -> int | None:
    """How much more of a resource the character may hold; None: no limit
    [MODE-CHALLENGE-9]."""
    cap = resource_cap(campaign, state, name)
    return None if cap is None else max(0, cap - getattr(hero, name))


def menhir_dial(state: GameState, days: int) -> int:
    """A Menhir's dial as it is lit, by activation or by a card: a Day shorter under that
    Challenge rule [MODE-CHALLENGE-6]."""
    return days - 1 if challenge(state, "short_menhirs") else days


def health_marker(state: GameState) -> HealthMarker:
    """How the Health T-marker sits: a plain marker in solo Story mode, so that Health
    neither caps Energy nor brings Panic [MODE-STORY-2]; upside down under that Challenge
    rule [MODE-CHALLENGE-2]."""
    if state.mode == "story" and len(state.heroes) == 1:
        return "plain"
    return "upside_down" if challenge(state, "upside_down_health") else "upright"


def set_health_markers(state: GameState) -> None:
    """Every character's Health marker as the mode and the player count want it."""
    for hero in state.heroes:
        hero.health_marker = health_marker(state)


def leave_story(campaign: Campaign, state: GameState, action: LeaveStoryMode) -> list[Event]:
    """Story mode is left for normal mode, at any time [MODE-STORY-3]: player-scaled amounts
    count every character from now on, and a solo character's Health marker is upright again
    [MODE-STORY-1], [MODE-STORY-2]. What was set up already stays as it is."""
    state.mode = "normal"
    set_health_markers(state)
    return [StoryModeLeft()]
