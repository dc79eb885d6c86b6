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
from .refusals import Refusal
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
    return Pending(kind="day_action", heroes=waiting)


def why(campaign: Campaign, state: GameState, action: Any) -> Refusal:
    """The rule an action breaks During the Day."""
    names = [hero.id for hero in day.actors(state)]
    if isinstance(action, EncounterAction):
        return Refusal("ENC-2", "no_encounter")
    if isinstance(action, FaceUp):
        return Refusal("ITEM-2", "face_up_when")
    if isinstance(action, Trade):
        return trading.why_refused(campaign, state, action)
    if isinstance(action, LeaveStoryMode):
        return Refusal("MODE-STORY-3", "story_mode_only")
    if isinstance(action, JoinGame | LeaveGame):
        return Refusal("PLAYERS-1", "players_at_day_start")
    if isinstance(action, GiveSecret | ChooseReplacement):
        return Refusal("DEATH-3", "nobody_died")
    if isinstance(action, PickSkill | MoveTo | ItemCap | DiscardCard):
        return Refusal("JOURNAL-1", "no_decision_asked")
    if isinstance(action, PickUp):
        return Refusal("DEATH-4", "no_item_here")
    if isinstance(action, UseCard):
        held = uses.held_use(campaign, state, action)
        if held is None:
            return Refusal("ITEM-1", "not_a_card_in_use")
        if held.when != "action":
            return Refusal("DAY-5", "use_not_now")
    if action.hero not in names:
        if all(hero.id != action.hero for hero in state.heroes):
            return Refusal("DAY-3", "no_such_hero", {
                "hero": action.hero, "heroes": [hero.id for hero in state.heroes]})
        return Refusal("DAY-3", "cannot_act_now", {"hero": action.hero, "waiting": names})
    hero = state.hero(action.hero)
    if isinstance(action, Travel | Explore) and hero.energy < 1:
        return Refusal("DAY-5", "costs_energy", {"action": action.type})
    if isinstance(action, Travel) and state.spot_of(action.to) is None:
        return Refusal("ACT-TRAVEL-1", "not_on_the_map", {"location": action.to})
    if isinstance(action, Travel):
        return Refusal("MAP-4", "not_connected", {"location": action.to, "here": hero.location})
    if isinstance(action, LocationAction):
        return Refusal("ACT-LOC-2", "location_action_closed")
    if isinstance(action, CharacterAction):
        return Refusal("ACT-CHAR-2", "character_action_closed", {"hero": action.hero})
    if isinstance(action, ActivateMenhir):
        return Refusal("ACT-MENHIR-1", "menhir_closed")
    if isinstance(action, UseCard):
        return Refusal("DAY-5", "use_not_now")
    return Refusal("DAY-2", "not_a_day_action")
