"""Leaving an Encounter: a member who escapes or falls, and the Encounter's end.

A member who leaves takes their hand and discards back into their deck; their cards in the
Sequence stay until the end [COMBAT-17], [COMBAT-18], [COMBAT-26]. When nobody is left,
the Encounter ends. Whatever was resolving for a member who leaves, or when the Encounter
ends, stops there.
"""

from __future__ import annotations

from grail.content import Campaign
from grail.content import effects as fx
from grail.content.amounts import Amounts
from grail.content.encounters import CombatEncounter

from .. import world
from ..events import Event, WorldChanged
from ..frames import push
from ..modes import challenge
from ..state import DiscardAsked, EncounterResult, GameState
from . import hands

ESCAPE_ENERGY = 1
"""Energy an Escape costs [COMBAT-17], [NOTE-1]."""
ACTIVATION = frozenset({"delayed", "play", "after_play", "check", "attack", "after_attack",
                        "escaping"})
"""The steps of an activation: when its character leaves, play goes on from step 4."""


def end(state: GameState, result: EncounterResult) -> list[Event]:
    """The Encounter ends now: what was resolving in it stops [COMBAT-19], [DIPLO-6]."""
    encounter = state.encounter
    assert encounter is not None
    encounter.result = result
    encounter.step = "ending"
    hands.unplayed(state)
    encounter.active = None
    encounter.drawing = []
    del state.frames[encounter.floor:]
    state.asked = [asked for asked in state.asked if not isinstance(asked, DiscardAsked)]
    return [WorldChanged(what=f"the Encounter ends: {result}")]


def leave(campaign: Campaign, state: GameState, hero_id: str,
          result: EncounterResult) -> list[Event]:
    """The member leaves the Encounter; the others go on from step 4 [COMBAT-18]; with
    nobody left it ends as ``result``."""
    encounter = state.encounter
    assert encounter is not None
    encounter.heroes.remove(hero_id)
    hands.reshuffle(campaign, state, state.hero(hero_id))
    state.frames[encounter.floor:] = [frame for frame in state.frames[encounter.floor:]
                                      if frame.heroes != [hero_id]]
    state.asked = [asked for asked in state.asked
                   if not (isinstance(asked, DiscardAsked) and asked.hero == hero_id)]
    encounter.drawing = [member for member in encounter.drawing if member != hero_id]
    events: list[Event] = [WorldChanged(what=f"{hero_id} leaves the Encounter")]
    if encounter.active == hero_id:
        encounter.active = None
        if encounter.step in ACTIVATION:
            encounter.step = "next"
    if not encounter.heroes:
        events += end(state, result)
    return events


def escape(campaign: Campaign, state: GameState, hero_id: str, forced: bool) -> list[Event]:
    """Escape a Combat: lose 1 Energy and suffer the Opportunity attack [COMBAT-17]; under
    the Challenge rule a dial then decides, unless the Escape is forced [MODE-CHALLENGE-4],
    [COMBAT-24]."""
    encounter = state.encounter
    assert encounter is not None
    events: list[Event] = [WorldChanged(what=f"{hero_id} escapes"), *world.apply_effect(
        campaign, state, fx.Lose(lose=Amounts(energy=ESCAPE_ENERGY), who="active"),
        [state.hero(hero_id)])]
    if challenge(state, "escape_by_dial") and not forced:
        encounter.escape_tried = True
        encounter.step = "escaping"
        push(state, "opportunity", encounter.id, [hero_id])
        return events
    events += leave(campaign, state, hero_id, "escaped")
    push(state, "opportunity", encounter.id, [hero_id])  # suffered even by the last to go
    return events


def out_of_cards(campaign: Campaign, state: GameState, hero_id: str) -> list[Event]:
    """A character who must draw more cards than the deck holds must Escape a Combat
    [COMBAT-24] and fails a Diplomacy [DIPLO-16]."""
    assert state.encounter is not None
    said = [WorldChanged(what=f"{hero_id}'s deck is too thin to draw")]
    if isinstance(campaign.encounter[state.encounter.id], CombatEncounter):
        return said + escape(campaign, state, hero_id, forced=True)
    return said + end(state, "failed")
