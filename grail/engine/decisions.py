"""What the game waits on, first things first, and what each action does: the engine's two
tables.

``ORDER`` is the one place that says which decision a state waits on [DAY-1]: the end of
the campaign, the table's answer to a chance point, Mother's Mercy, what an effect asked,
an Encounter's step, the card of a keyword in use, a death's Secrets and replacement, the
order of the Guardians, a team forming or paying, the journal, the End of Day, and the
Day's actions. Each :class:`Decision` answers, from the module named after its rule, the
legal actions, who decides what (:class:`~grail.engine.pending.Pending`) and why an action
is refused. ``DOES`` looks an action's handler up by its type; every action type has one.

>>> from grail.content import load_pack, bundled_pack
>>> from grail.engine.game import Game
>>> game = Game.new(load_pack(bundled_pack()), ["tamsin"], seed=7)
>>> waiting(game.state).name, DOES[type(game.legal_actions()[0])].__name__
('day', 'propose')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, get_args

from grail.content import Campaign
from grail.content.campaign import DyingLimit

from . import (
    asked,
    chance,
    day,
    death,
    during_the_day,
    dying,
    end_of_day,
    events_deck,
    guardians,
    in_use,
    journal,
    left_items,
    madness,
    mercy,
    modes,
    players,
    teams,
    trading,
    uses,
)
from .actions import (
    DAY_ACTIONS,
    AcceptMercy,
    Actions,
    Begin,
    BuyAttribute,
    Cancel,
    ChanceOutcome,
    Choose,
    ChooseReplacement,
    DeckUpgrade,
    DiscardCard,
    EndCampaign,
    FaceGuardian,
    FaceUp,
    FinishUpgrades,
    GiveSecret,
    ItemCap,
    Join,
    JoinGame,
    KeepCard,
    Leave,
    LeaveGame,
    LeaveStoryMode,
    MoveTo,
    Pass,
    PayShare,
    PickSkill,
    PickUp,
    Rest,
    SetAside,
    Share,
    TakeBack,
    Trade,
    UseCard,
)
from .encounters import decisions as encounter
from .encounters import turn as encounter_turn
from .encounters.decisions import EncounterAction
from .events import Event
from .pending import Pending
from .refusals import Refusal
from .state import GameState

GoesOn = Callable[[Campaign, GameState], "tuple[list[Event], bool] | None"]
"""What the game does by itself while a decision is the next one [DAY-1]: None when the
decision is asked now; else what happened, and whether the decision is then asked (True)
or the Day order goes on (False: the next decision is found afresh)."""


@dataclass(frozen=True)
class Decision:
    """A kind of decision a state may wait on, its three answers, and what the game does
    by itself before asking it (``goes_on``; None: it is asked at once)."""

    name: str
    waits: Callable[[GameState], bool]
    legal: Callable[[Campaign, GameState], list[Any]]
    pending: Callable[[Campaign, GameState], Pending]
    why: Callable[[Campaign, GameState, Any], Refusal]
    goes_on: GoesOn | None = None


def _fight_goes_on(campaign: Campaign, state: GameState) -> tuple[list[Event], bool]:
    """The Encounter runs until a decision of its own, or until effects must resolve."""
    events = encounter_turn.advance(campaign, state)
    return events, state.encounter is not None and not _reading_in_fight(state)


def _fighting(state: GameState) -> bool:
    """An Encounter is being fought, read afresh: an effect may have begun one since the
    caller last looked (the compiled core keeps a field's narrowed type otherwise)."""
    return state.encounter is not None


def _reading_in_fight(state: GameState) -> bool:
    """Effects an Encounter began are being resolved: frames above its floor."""
    return state.encounter is not None and len(state.frames) > state.encounter.floor


def _guardians_go_on(campaign: Campaign, state: GameState) -> tuple[list[Event], bool] | None:
    """A Guardian met is fought at once; when several wait together, the players choose
    which first [GUARD-4], [GUARD-6]."""
    if guardians.choices(state):
        return None
    return guardians.face_next(campaign, state), False


def _reading_goes_on(campaign: Campaign, state: GameState) -> tuple[list[Event], bool]:
    """The journal (or an Encounter's effects, above its floor) is read until a choice
    waits; who fell to 0 Health meanwhile takes a card first [DEATH-1]."""
    if state.encounter is not None:
        events = journal.resolve(campaign, state, state.encounter.floor)
        return events, bool(state.asked) or _reading_in_fight(state)
    events = journal.resolve(campaign, state)
    if not state.frames or _fighting(state):
        return events, False
    dying = [] if state.asked else death.check(campaign, state)
    return events + dying, not dying


def _day_goes_on(campaign: Campaign, state: GameState) -> tuple[list[Event], bool] | None:
    """A death, madness or a quest met comes first; then the Day order's steps that need
    no decision [DAY-1]: the Start of Day's, the end of the Day's actions, the End of Day's
    idle upgrades, dreams and close."""
    happened = death.check(campaign, state) or madness.check(campaign, state) \
        or events_deck.met_quests(campaign, state)
    if happened:
        return happened, False
    stage = state.stage
    if stage in DAY_BEGINS:
        return DAY_BEGINS[stage](campaign, state), False
    if stage == "day" and not state.frames and not day.actors(state):
        state.stage = "end_of_day"
        return [], False
    if stage != "end_of_day":
        return None
    if end_of_day.skip_idle_upgrades(campaign, state):
        return [], False
    if not end_of_day.finished(state):
        return None
    if not state.dreamt:
        return end_of_day.dreams(campaign, state), False
    day.day_ends(campaign, state)
    return [], False


DAY_BEGINS: dict[str, Callable[[Campaign, GameState], list[Event]]] = {
    "start_of_day": day.start_of_day, "dials": day.dials_turn, "event": day.event_revealed,
    "guardians": day.guardians_move, "face_up": day.face_up}
"""The Start of Day's steps, by the stage each runs in [DAY-START-1]."""


OVER = Decision(
    "over", lambda state: state.stage == "over", lambda campaign, state: [],
    lambda campaign, state: Pending(kind="none", heroes=[]),
    lambda campaign, state, action: Refusal("DEATH-6", "campaign_over"))
"""The campaign has ended, won or lost [DEATH-6], [MERCY-1]: nothing is left to do."""

ORDER: tuple[Decision, ...] = (
    OVER,
    Decision("chance", lambda state: state.chance is not None,
             chance.legal, chance.pending, chance.why),
    Decision("mercy", lambda state: state.stage == "mercy",
             mercy.legal, mercy.pending, mercy.why),
    Decision("asked", lambda state: bool(state.asked), asked.legal, asked.pending, asked.why),
    Decision("encounter", encounter.waits, encounter.legal, encounter.pending, encounter.why,
             _fight_goes_on),
    Decision("face_up", lambda state: bool(state.face_up_queue),
             in_use.legal, in_use.pending, in_use.why, lambda campaign, state: _meanwhile(
                 "face_up", campaign, state) if state.encounter is None else None),
    Decision("after_a_death", death.waits, death.legal, death.pending, death.why),
    Decision("guardian_order", lambda state: bool(state.facing) and state.encounter is None,
             guardians.legal, guardians.pending, guardians.why, _guardians_go_on),
    Decision("team", lambda state: state.team is not None, teams.legal, teams.pending,
             teams.why),
    Decision("journal", lambda state: bool(state.frames),
             journal.legal, journal.pending, journal.why, _reading_goes_on),
    Decision("end_of_day", lambda state: state.stage == "end_of_day",
             end_of_day.legal, end_of_day.pending, end_of_day.why, _day_goes_on),
    Decision("day", lambda state: True,
             during_the_day.legal, during_the_day.pending, during_the_day.why, _day_goes_on),
)
"""Every decision a state may wait on, first things first [DAY-1], with what the game does
by itself before each is asked: the one place that says what comes next
(``Game._advance`` walks it)."""


def _meanwhile(name: str, campaign: Campaign, state: GameState) -> tuple[list[Event], bool] | None:
    """What the game does by itself while the decision ``name`` waits without holding the
    Day up (which card of a keyword is in use, outside a fight [ITEM-2]): the next waiting
    decision's work."""
    later = ORDER[[decision.name for decision in ORDER].index(name) + 1:]
    step = next(decision for decision in later if decision.waits(state)).goes_on
    return None if step is None else step(campaign, state)


def goes_on(campaign: Campaign, state: GameState) -> tuple[list[Event], bool] | None:
    """What the game does by itself now, before the decision ``state`` waits on is asked:
    that decision's ``goes_on`` (None: it is asked now)."""
    step = waiting(state).goes_on
    return None if step is None else step(campaign, state)


def waiting(state: GameState) -> Decision:
    """The decision ``state`` waits on: the first of ``ORDER`` that waits."""
    return next(decision for decision in ORDER if decision.waits(state))


def refusal(campaign: Campaign, state: GameState, action: Any) -> Refusal:
    """Why ``action`` is not legal now: an action that belongs to no decision of this kind
    says so first; else the waiting decision answers."""
    decision = waiting(state)
    if decision.name not in ("over", "chance"):
        found = _out_of_place(campaign, state, action, decision)
        if found is not None:
            return found
    return decision.why(campaign, state, action)


DYING_LIMITS: dict[str, DyingLimit] = {
    "travel": "travel", "explore": "explore", "location_action": "location_action",
    "character_action": "character_action", "activate_menhir": "activate_menhir",
    "use_card": "use_cards", "trade": "trade", "join": "join_team"}
"""What each action is, for a "You Are Dying" card's ``may_not``."""


def _out_of_place(campaign: Campaign, state: GameState, action: Any,
                  decision: Decision) -> Refusal | None:
    """The refusals an action meets whatever waits: a chance outcome with no chance point,
    Mercy with no lost game, what a dying character's card forbids, a Guardian, a share or
    a team step with nothing of the kind under way, deck building outside its turn."""
    if isinstance(action, ChanceOutcome):
        return Refusal("CHANCE", "no_chance_point")
    if decision.name in ("mercy", "asked", "encounter"):
        return None
    if isinstance(action, AcceptMercy | EndCampaign):
        return Refusal("MERCY-1", "no_mercy")
    barred = _barred_by_dying(campaign, state, action)
    if barred is not None:
        return barred
    if isinstance(action, FaceGuardian):
        return Refusal("GUARD-6", "guardian_order_only")
    if decision.name == "after_a_death":
        return None
    if isinstance(action, Share):
        return Refusal("ACT-EXPLORE-2", "share_not_waiting")
    if isinstance(action, Join | Leave | Begin | Cancel | PayShare) and state.team is None:
        return Refusal("TEAM-1", "no_team")
    if isinstance(action, SetAside | TakeBack) and decision.name in ("end_of_day", "day"):
        return Refusal("UPG-3", "deck_building_turn",
                       {"minimum": campaign.manifest.rules.deck_minimum})
    return None


def _barred_by_dying(campaign: Campaign, state: GameState, action: Any) -> Refusal | None:
    """Why the acting character's "You Are Dying" card forbids the action, if it does: to
    join a team's action, joining or that action itself [DEATH-1], [DAY-7]."""
    hero = next((hero for hero in state.heroes if hero.id == getattr(action, "hero", None)),
                None)
    if hero is None:
        return None
    team = state.team
    if isinstance(action, Join) and team is not None and not team.paying:  # [TEAM-1]
        kept = dying.kept_out(campaign, state, hero, team.action)
        return None if kept is None else Refusal("DEATH-1", "dying_forbids", {
            "hero": hero.id, "limit": kept, "joining": team.action})
    limit = DYING_LIMITS.get(action.type)
    return Refusal("DEATH-1", "dying_forbids", {"hero": hero.id, "limit": limit, "joining": ""}) \
        if limit is not None and dying.forbids(campaign, state, hero, limit) else None


Handler = Callable[[Campaign, GameState, Any], list[Event]]

DOES: dict[type, Handler] = {
    **dict.fromkeys(DAY_ACTIONS, teams.propose),  # proposed to whoever may join [TEAM-1]
    **dict.fromkeys((Join, Leave, Begin, Cancel, PayShare), teams.act),
    Share: teams.take_share,
    Choose: journal.choose,
    Pass: day.pass_day,
    Trade: trading.trade,
    FaceUp: in_use.turn_up,
    UseCard: uses.use,
    **dict.fromkeys(get_args(EncounterAction), encounter.act),
    GiveSecret: death.give_secret,
    ChooseReplacement: death.replace,
    **dict.fromkeys((PickSkill, MoveTo, ItemCap, DiscardCard), asked.take),
    PickUp: left_items.pick_up,
    JoinGame: players.join,
    LeaveGame: players.leave,
    AcceptMercy: mercy.accept,
    EndCampaign: mercy.decline,
    FaceGuardian: guardians.face,
    LeaveStoryMode: modes.leave_story,
    Rest: end_of_day.rest,
    BuyAttribute: end_of_day.buy_attribute,
    DeckUpgrade: end_of_day.deck_upgrade,
    KeepCard: end_of_day.keep_card,
    SetAside: end_of_day.set_aside,
    TakeBack: end_of_day.take_back,
    FinishUpgrades: end_of_day.finish_upgrades,
}
"""What each action does, by its type; a chance outcome is no handler's: ``Game.apply``
runs again the action it answers."""


def do(campaign: Campaign, state: GameState, action: Actions) -> list[Event]:
    """The action itself, before the Day order runs on."""
    return DOES[type(action)](campaign, state, action)
