"""Why an action is refused: the rule it breaks now, in words, for ``IllegalAction``.

The checks run in the order decisions come (the campaign's end, the table's answer, what
an effect asked, a lost game, the dead, a team forming, the journal, the End of Day, the
Day's actions), so that the message names what stands in the way first.
"""

from __future__ import annotations

from typing import Any

from grail.content import Campaign
from grail.content.campaign import DyingLimit

from . import asked, dying, teams, trading, uses
from .actions import (
    AcceptMercy,
    ActivateMenhir,
    Begin,
    Cancel,
    ChanceOutcome,
    CharacterAction,
    Choose,
    ChooseReplacement,
    DiscardCard,
    EndCampaign,
    Explore,
    FaceGuardian,
    FaceUp,
    GiveSecret,
    ItemCap,
    Join,
    JoinGame,
    Leave,
    LeaveGame,
    LeaveStoryMode,
    LocationAction,
    MoveTo,
    PayShare,
    PickSkill,
    PickUp,
    SetAside,
    Share,
    TakeBack,
    Trade,
    Travel,
    UseCard,
)
from .encounters import decisions as encounter_decisions
from .encounters.decisions import EncounterAction
from .state import GameState, HeroState

DYING_LIMITS: dict[str, DyingLimit] = {
    "travel": "travel", "explore": "explore", "location_action": "location_action",
    "character_action": "character_action", "activate_menhir": "activate_menhir",
    "use_card": "use_cards", "trade": "trade", "join": "join_team"}
"""What each action is, for a "You Are Dying" card's ``may_not``."""


def _barred_by_dying(campaign: Campaign, state: GameState, action: Any) -> DyingLimit | None:
    """What of the action the acting character's "You Are Dying" card forbids [DEATH-1]."""
    limit = DYING_LIMITS.get(action.type)
    hero = next((hero for hero in state.heroes if hero.id == getattr(action, "hero", None)),
                None)
    return limit if hero is not None and limit is not None \
        and dying.forbids(campaign, state, hero, limit) else None


def why_refused(campaign: Campaign, state: GameState, actors: list[HeroState],
                action: Any) -> tuple[str, str]:
    """The rule ID and the reason ``action`` is not legal now; ``actors`` are the
    characters who may act [DAY-3]."""
    if state.stage == "over":
        return "DEATH-6", f"the campaign is over ({state.outcome})"
    if state.chance is not None:
        return "CHANCE", f"the table answers first: {state.chance.point.point}"
    if isinstance(action, ChanceOutcome):
        return "CHANCE", "no chance point waits for the table (the generator answers " \
            "in a game that is not a companion game)"
    if state.asked:
        return asked.why(state)
    if state.encounter is not None and len(state.frames) <= state.encounter.floor:
        return encounter_decisions.why(campaign, state, action)
    if state.stage == "mercy":
        return "MERCY-1", "the game is lost: ask for Mother's Mercy or end the campaign"
    if isinstance(action, AcceptMercy | EndCampaign):
        return "MERCY-1", "Mother's Mercy is asked only after a lost game, where the " \
            "campaign offers it (never under the Challenge's no_mercy) [MODE-CHALLENGE-11]"
    barred = _barred_by_dying(campaign, state, action)
    if barred is not None:
        return "DEATH-1", f"{action.hero} is dying: the 'You Are Dying' card forbids " \
            f"{barred.replace('_', ' ')} until Health rises above 0"
    if isinstance(action, FaceGuardian):
        return "GUARD-6", "the players choose the order only among Guardians waiting " \
            "together to be faced"
    if state.hand_over or state.replacing:
        return "DEATH-3", "a dead character's Secrets and replacement come first"
    if isinstance(action, Share):
        return "ACT-EXPLORE-2", "no split waits on that part: members take their parts in " \
            "team order, a loss at most what the member holds"
    if state.team is not None:
        return teams.why_illegal(state, action)
    if isinstance(action, Join | Leave | Begin | Cancel | PayShare):
        return "TEAM-1", "no action is being proposed: a team forms before an action starts"
    if state.frames:
        if isinstance(action, Trade) and state.encounter is None \
                and {action.hero, action.to} <= set(state.frames[-1].heroes):
            return trading.why_refused(campaign, state, action)
        if isinstance(action, Trade):
            return "TEAM-5", "in the middle of an action only its team's members trade, on " \
                "one Location, outside Encounters, while an option is chosen"
        if isinstance(action, Choose):
            return "JOURNAL-1", "that option is not open: its condition fails or its cost " \
                "cannot be paid"
        return "JOURNAL-1", "the journal is being read: choose an option first"
    if isinstance(action, SetAside | TakeBack):
        return "UPG-3", "cards move in or out of a deck only in the character's End of Day " \
            f"turn, and each deck keeps at least {campaign.manifest.rules.deck_minimum} " \
            "cards [END-DAY-5]"
    if isinstance(action, Trade) and state.stage == "end_of_day" and state.offer:
        return "UPG-2", "a card drawn for a deck upgrade is kept first; trade after it"
    if isinstance(action, Trade) and state.stage == "end_of_day":
        return trading.why_refused(campaign, state, action)
    if state.stage == "end_of_day":
        return "END-DAY-1", "at the End of Day each character rests, then spends Exp, in " \
            "character order, and an upgrade costs the Exp it costs [UPG-5]"
    names = [hero.id for hero in actors]
    if isinstance(action, EncounterAction):
        return "ENC-2", "no Encounter waits on that: it belongs to an Encounter under way"
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
        return "DAY-3", f"{action.hero} cannot act now; waiting: {', '.join(names) or 'none'}"
    hero = state.hero(action.hero)
    if isinstance(action, Travel | Explore) and hero.energy < 1:
        return "DAY-5", f"{action.type} costs 1 Energy"
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
