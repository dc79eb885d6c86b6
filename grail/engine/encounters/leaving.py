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

from .. import chance, world
from ..events import DeckThin, EncounterDecided, EscapeBegun, EscapeDial, Event, MemberLeft
from ..frames import push
from ..modes import challenge
from ..state import DiscardAsked, EncounterResult, GameState
from . import hands

ESCAPE_ENERGY = 1
"""Energy an Escape costs [COMBAT-17], [NOTE-1]."""
ACTIVATION = frozenset({"delayed", "play", "after_play", "check", "attack", "after_attack"})
"""The steps of an activation: when its character leaves, play goes on from step 4."""


def end(state: GameState, result: EncounterResult) -> list[Event]:
    """The Encounter ends now: what was resolving in it stops [COMBAT-19], [DIPLO-6]."""
    encounter = state.encounter
    assert encounter is not None
    encounter.result = result
    encounter.step = "ending"
    hands.unplayed(state)
    encounter.active = None
    encounter.escaping, encounter.escape_dial = None, False  # an Escape under way is moot
    encounter.drawing = []
    del state.frames[encounter.floor:]
    state.asked = [asked for asked in state.asked if not isinstance(asked, DiscardAsked)]
    return [EncounterDecided(result=result)]


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
    events: list[Event] = [MemberLeft(hero=hero_id)]
    if encounter.active == hero_id:
        encounter.active = None
        if encounter.step in ACTIVATION:
            encounter.step = "next"
    if not encounter.heroes:
        events += end(state, result)
    return events


def escape(campaign: Campaign, state: GameState, hero_id: str, forced: bool) -> list[Event]:
    """Escape a Combat: lose 1 Energy and suffer the Opportunity attack, then leave
    (:func:`escaped`) [COMBAT-17]; under the Challenge rule a dial decides first, unless the
    Escape is forced [MODE-CHALLENGE-4], [COMBAT-24]. What was resolving for the character
    stops."""
    encounter = state.encounter
    assert encounter is not None
    encounter.escaping = hero_id
    encounter.escape_dial = challenge(state, "escape_by_dial") and not forced
    encounter.escape_tried = encounter.escape_tried or not forced
    state.frames[encounter.floor:] = [frame for frame in state.frames[encounter.floor:]
                                      if frame.heroes != [hero_id]]
    events: list[Event] = [EscapeBegun(hero=hero_id), *world.apply_effect(
        campaign, state, fx.Lose(lose=Amounts(energy=ESCAPE_ENERGY), who="active"),
        [state.hero(hero_id)])]
    push(state, "opportunity", encounter.id, [hero_id])
    return events


def escaped(campaign: Campaign, state: GameState) -> list[Event]:
    """The Opportunity attack over, the character leaves, its hand and discards shuffled
    back into its deck [COMBAT-17]; under the Challenge rule the dial says: Skull stays,
    Grail escapes [MODE-CHALLENGE-4]."""
    encounter = state.encounter
    assert encounter is not None and encounter.escaping is not None
    hero_id, dial = encounter.escaping, encounter.escape_dial
    encounter.escaping, encounter.escape_dial = None, False
    if hero_id not in encounter.heroes:
        return []  # it fell to the attack and has left already
    if dial:
        if chance.pick(state, chance.point("escape_dial"), ["skull", "grail"]) == "skull":
            return [EscapeDial(hero=hero_id, face="skull")]
        return [EscapeDial(hero=hero_id, face="grail"),
                *leave(campaign, state, hero_id, "escaped")]
    return leave(campaign, state, hero_id, "escaped")


def out_of_cards(campaign: Campaign, state: GameState, hero_id: str) -> list[Event]:
    """A character who must draw more cards than the deck holds must Escape a Combat
    [COMBAT-24] and fails a Diplomacy [DIPLO-16]."""
    assert state.encounter is not None
    said: list[Event] = [DeckThin(hero=hero_id)]
    if isinstance(campaign.encounter[state.encounter.id], CombatEncounter):
        return said + escape(campaign, state, hero_id, forced=True)
    return said + end(state, "failed")
