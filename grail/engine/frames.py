"""Starting the resolution of an effect list: a frame pushed on the state's stack.

Whatever pushes a frame leaves it to the game to resolve (``journal.resolve``) before the
next decision, so effects triggered while resolving (entering a Location during special
movement) finish first, as the rules ask [MAP-6].
"""

from __future__ import annotations

from typing import Any

from grail.content import Campaign
from grail.content import effects as fx
from grail.content.encounters import CombatEncounter

from . import items
from .events import EntryRead, Event
from .state import Frame, FrameSource, GameState

ENCOUNTER_SOURCES = frozenset({"encounter_text", "ability", "attack", "opportunity", "response",
                               "reward", "loot", "failure"})


def read_entry(campaign: Campaign, state: GameState, entry: str, heroes: list[str]) -> list[Event]:
    """Start reading ``entry``: count the visit and push its frame [JOURNAL-1]."""
    state.entry_visits[entry] = state.entry_visits.get(entry, 0) + 1
    state.frames.append(Frame(source="entry", key=entry, heroes=list(heroes)))
    return [EntryRead(entry=entry)]


def push(state: GameState, source: FrameSource, key: Any, heroes: list[str]) -> None:
    """Resolve the effects of ``source`` (a Location's lightning rules, an action...)."""
    state.frames.append(Frame(source=source, key=str(key), heroes=list(heroes)))


def take_option(state: GameState, option: int) -> None:
    """The reading goes on past its choice, into the option taken (paid already)."""
    frame = state.frames[-1]
    index = frame.index
    frame.index += 1
    state.frames.append(Frame(source=frame.source, key=frame.key,
                              path=[*frame.path, index, "choose", option], heroes=list(frame.heroes)))


def base_effects(campaign: Campaign, source: FrameSource, key: str) -> list[Any]:
    """The top-level effect list of a frame's source."""
    if source == "entry":
        return campaign.entry[key].effects
    if source == "character_action":
        return campaign.hero[key].action.effects
    if source == "event":
        return campaign.event[key].effects
    if source == "quest":
        return campaign.quest[key].success
    if source == "chapter_setup":
        return campaign.manifest.chapters[int(key) - 1].setup.effects
    if source in ENCOUNTER_SOURCES:
        return _encounter_effects(campaign, source, key)
    if source == "dying":
        return campaign.manifest.dying.effects
    if source == "dying_solo":
        return campaign.manifest.dying_solo.effects
    if source == "going_mad":
        return campaign.manifest.going_mad
    if source == "card_use":  # key "card/index" [DAY-6]
        card, index = key.rsplit("/", 1)
        return items.uses_of(campaign, card)[int(index)].effects
    if source == "secret":  # a Secret's effects, resolved when it is gained [SECRET-1]
        return campaign.secret[int(key)].effects
    if source == "secret_dial":  # a Secret's own dial ran out [DAY-START-4]
        dial = campaign.secret[int(key)].dial
        return dial.expired if dial is not None else []
    if source == "challenge_secret":  # [MODE-CHALLENGE-3]
        return [fx.GainSecret(gain_secret=int(key))]
    location = campaign.location[int(key)]
    if source == "immediate":
        return location.immediate
    if source == "location_action" and location.action is not None:
        return location.action.effects
    if source == "menhir" and location.menhir is not None:
        return location.menhir.effects
    return []


def _encounter_effects(campaign: Campaign, source: FrameSource, key: str) -> list[Any]:
    """An Encounter's effect lists: a card's Ability (``card/ability/serial``), a Combat
    table row (``encounter/row``), a Stage's Response (``encounter/approach/stage``), the
    Opportunity attack, Reward, Loot, Failure, or the card's text."""
    if source == "ability":
        card, ability, _ = key.split("/")
        return campaign.card[card].abilities[int(ability)].effects
    encounter_id, *where = key.split("/")
    encounter = campaign.encounter[encounter_id]
    if isinstance(encounter, CombatEncounter):
        if source == "attack":
            return encounter.attack[int(where[0])].effects
        if source in ("opportunity", "loot"):
            return list(getattr(encounter, source))
    elif source == "response":
        approach, stage = int(where[0]), int(where[1])
        stages = encounter.approaches[approach].stages if encounter.approaches else \
            encounter.stages or []
        return stages[stage].response
    elif source == "failure":
        return encounter.failure
    return encounter.effects if source == "encounter_text" else encounter.reward
