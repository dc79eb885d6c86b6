"""During the Day: the characters' actions, one at a time [DAY-2]..[DAY-7], [DAY-6].

Each character who may act now (:func:`grail.engine.day.actors`) may Explore, Travel, take
the Location's or its own character action, activate a Menhir (all proposed to the team
[TEAM-1]), use its cards, or Pass; meanwhile characters trade, pick up what the dead left,
use their cards at any time, and players join or leave before anyone acts [PLAYERS-1].
"""

from __future__ import annotations

from typing import Any

from grail.content import Campaign

from . import day, dying, left_items, players, teams, trading, uses
from .actions import (
    ActivateMenhir,
    CharacterAction,
    ChooseReplacement,
    DiscardCard,
    Explore,
    FaceUp,
    GiveSecret,
    ItemCap,
    JoinGame,
    LeaveGame,
    LeaveStoryMode,
    LocationAction,
    MoveTo,
    Pass,
    PickSkill,
    PickUp,
    Trade,
    Travel,
    UseCard,
)
from .encounters.decisions import EncounterAction
from .map import connected
from .pending import Pending
from .state import GameState


def legal(campaign: Campaign, state: GameState) -> list[Any]:
    """Every action of the Day open now, character by character, then what is done
    outside actions, then players joining or leaving."""
    found: list[Any] = []
    for hero in day.actors(state):
        barred = dying.barred(campaign, state, hero)  # [DEATH-1]
        if hero.energy >= 1 and "travel" not in barred:
            found += [Travel.of(hero=hero.id, to=to)
                      for to in connected(campaign, state, hero.location)]
        if hero.energy >= 1 and "explore" not in barred:
            found.append(Explore.of(hero=hero.id))
        if "location_action" not in barred and \
                teams.may_propose_location_action(campaign, state, hero):
            found.append(LocationAction.of(hero=hero.id))
        if "character_action" not in barred and \
                teams.may_propose_character_action(campaign, state, hero):
            found.append(CharacterAction.of(hero=hero.id))
        if "activate_menhir" not in barred and teams.may_propose_menhir(campaign, state, hero):
            found.append(ActivateMenhir.of(hero=hero.id))
        found += uses.offered(campaign, state, hero, ("action",))  # [DAY-6]
        found.append(Pass.of(hero=hero.id))
    if found:  # trading happens outside actions, while characters may act [TEAM-5]
        found += trading.trades(campaign, state)
        found += left_items.pick_ups(state)  # [DEATH-4]
        found += uses.at_any_time(campaign, state)
        if state.mode == "story":
            found.append(LeaveStoryMode.of())  # at any time [MODE-STORY-3]
    return found + players.changes(campaign, state)


def pending(campaign: Campaign, state: GameState) -> Pending:
    """Who may act: those who have not acted this round first [DAY-3]."""
    able = [hero for hero in state.heroes if day.can_act(hero)]
    waiting = [hero.id for hero in able if not hero.acted] or [hero.id for hero in able]
    return Pending(kind="day_action", heroes=waiting, text="a Day action, or Pass")


def why(campaign: Campaign, state: GameState, action: Any) -> tuple[str, str]:
    """The rule an action breaks During the Day."""
    names = [hero.id for hero in day.actors(state)]
    if isinstance(action, EncounterAction):
        return "ENC-2", "no Encounter is under way: that is done only in an Encounter"
    if isinstance(action, FaceUp):
        return "ITEM-2", "a card is turned face up when gaining or losing one of its " \
            "keyword, or at the Start of Day"
    if isinstance(action, Trade):
        return trading.why_refused(campaign, state, action)
    if isinstance(action, LeaveStoryMode):
        return "MODE-STORY-3", "only a Story game leaves Story mode, while characters may act"
    if isinstance(action, JoinGame | LeaveGame):
        return "PLAYERS-1", "players join or leave at a Day's start, before anyone acts, " \
            "within the campaign's player range; a new character starts on a Location " \
            "holding a veteran [PLAYERS-2]"
    if isinstance(action, GiveSecret | ChooseReplacement):
        return "DEATH-3", "nobody has died"
    if isinstance(action, PickSkill | MoveTo | ItemCap | DiscardCard):
        return "JOURNAL-1", "no effect asks for that decision now"
    if isinstance(action, PickUp):
        return "DEATH-4", "no such Item lies where that character stands"
    if isinstance(action, UseCard):
        held = uses.held_use(campaign, state, action)
        if held is None:
            return "ITEM-1", "only cards in use (face up, or Skills kept) have uses, and " \
                "only uses outside Encounters are taken outside them"
        if held.when != "action":
            return "DAY-5", "its cost cannot be paid, its condition fails, it was used " \
                "today, or it is not its time"
    if action.hero not in names:
        if all(hero.id != action.hero for hero in state.heroes):
            return "DAY-3", f"there is no character '{action.hero}' in this game; the " \
                f"characters are {', '.join(hero.id for hero in state.heroes)}"
        return "DAY-3", f"{action.hero} cannot act now; waiting: {', '.join(names) or 'none'}"
    hero = state.hero(action.hero)
    if isinstance(action, Travel | Explore) and hero.energy < 1:
        return "DAY-5", f"{action.type.replace('_', ' ').capitalize()} costs 1 Energy"
    if isinstance(action, Travel) and state.spot_of(action.to) is None:
        return "ACT-TRAVEL-1", f"Location {action.to} is not on the map: only revealed " \
            "Locations are travelled to"
    if isinstance(action, Travel):
        return "MAP-4", f"{action.to} is not connected to {hero.location} by facing keys"
    if isinstance(action, LocationAction):
        return "ACT-LOC-2", "no action here, its cost cannot be paid, or it was used today"
    if isinstance(action, CharacterAction):
        return "ACT-CHAR-2", f"{action.hero} pays at least 1 Energy and the rest of its cost; " \
            "teammates who could join help only with Energy and Magic [TEAM-6], and together " \
            "they cannot pay it"
    if isinstance(action, ActivateMenhir):
        return "ACT-MENHIR-1", "no Menhir here, or its requirements or cost are not met, " \
            "even with the characters here who could join"
    if isinstance(action, UseCard):
        return "DAY-5", "its cost cannot be paid, its condition fails, or it was used today"
    return "DAY-2", "not an action of the Day"
