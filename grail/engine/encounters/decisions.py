"""The decisions of an Encounter: what may be done at each step that waits, doing it, and
why anything else is refused."""

from __future__ import annotations

from typing import Any, get_args

from grail.content import Campaign

from .. import uses
from ..actions import (
    Activate,
    Avoid,
    ChooseApproach,
    DiscardCard,
    EndPlay,
    Escape,
    KeepHands,
    Mulligan,
    PlayCard,
    Ready,
    SetItemAside,
    SpendCharges,
    UseCard,
)
from ..events import ApproachTaken, Event
from ..modes import challenge
from ..pending import Pending
from ..refusals import Refusal
from ..state import GameState
from . import abilities, diplomacy, leaving, play, start
from .hands import diplomacy as is_diplomacy
from .turn import activate, candidates
from .uses import offered

EncounterAction = (SetItemAside | Ready | Avoid | Mulligan | KeepHands | ChooseApproach
                   | Activate | PlayCard | SpendCharges | EndPlay | Escape)
"""The actions an Encounter's own steps answer [ENC-2]."""

IN_A_FIGHT: tuple[type, ...] = (*get_args(EncounterAction), DiscardCard)
"""The actions taken in the middle of a fight: its steps', and the discards it asks for
[COMBAT-15]; a front end or a policy tells a fight's decisions by them."""


def legal(campaign: Campaign, state: GameState) -> list[Any]:
    """The actions the step waiting allows, in a stable order."""
    encounter = state.encounter
    assert encounter is not None
    step = encounter.step
    if step == "equipment":
        found: list[Any] = [*start.asides(campaign, state), *offered(campaign, state, "start")]
        if diplomacy.may_avoid(campaign, state):
            found.append(Avoid.of())
        return [*found, Ready.of()]
    if step == "mulligan":
        return [*start.mulligans(campaign, state), KeepHands.of()]
    if step == "approach":
        return list(start.approaches(campaign, state))
    if step == "choose_active":
        return [Activate.of(hero=member) for member in candidates(state)]
    if step == "play":
        assert encounter.active is not None
        found = [*play.playable(campaign, state), *abilities.spendable(campaign, state),
                 *offered(campaign, state, "activation")]
        if encounter.forced is None:
            found.append(EndPlay.of(hero=encounter.active))
        if may_escape(campaign, state):
            found.append(Escape.of(hero=encounter.active))
        return found
    return []


def may_escape(campaign: Campaign, state: GameState) -> bool:
    """During an activation [COMBAT-17]; once an activation under the Challenge rule
    [MODE-CHALLENGE-4]; a team in Diplomacy always may [DIPLO-13]."""
    assert state.encounter is not None
    if is_diplomacy(campaign, state):
        return True
    return not (challenge(state, "escape_by_dial") and state.encounter.escape_tried)


def act(campaign: Campaign, state: GameState, action: Any) -> list[Event]:
    """Do a legal Encounter action."""
    encounter = state.encounter
    assert encounter is not None
    if isinstance(action, SetItemAside):
        return start.set_aside(state, action)
    if isinstance(action, Ready):
        return start.ready(state)
    if isinstance(action, Avoid):
        return diplomacy.avoid(campaign, state)
    if isinstance(action, Mulligan):
        return start.mulligan(campaign, state, action)
    if isinstance(action, KeepHands):
        return start.kept(campaign, state)
    if isinstance(action, ChooseApproach):
        encounter.approach = action.approach
        encounter.step = "turn"
        return [ApproachTaken(encounter=encounter.id, approach=action.approach)]
    if isinstance(action, Activate):
        return activate(campaign, state, action.hero)
    if isinstance(action, PlayCard):
        return play.play(campaign, state, action)
    if isinstance(action, SpendCharges):
        return abilities.spend(campaign, state, action)
    if isinstance(action, UseCard):
        return uses.use(campaign, state, action)
    if isinstance(action, EndPlay):
        encounter.step = "after_play"
        return []
    assert isinstance(action, Escape)
    if is_diplomacy(campaign, state):
        return leaving.end(state, "escaped")  # each member takes the Failure [DIPLO-13]
    return leaving.escape(campaign, state, action.hero, forced=False)


def why(campaign: Campaign, state: GameState, action: Any) -> Refusal:
    """The rule an action breaks while an Encounter waits on a decision."""
    encounter = state.encounter
    assert encounter is not None
    step = encounter.step
    if step != "equipment" and isinstance(action, SetItemAside | Avoid):
        if isinstance(action, Avoid):
            return Refusal("DIPLO-14", "avoid_only_at_start")
        return Refusal("ITEM-3", "set_aside_only_at_start")
    if step == "equipment":
        if isinstance(action, Avoid):
            return Refusal("DIPLO-14", "avoid_needs")
        return Refusal("ITEM-3", "confirm_items")
    if step == "mulligan":
        return Refusal("COMBAT-4", "mulligan_or_keep")
    if step == "approach":
        return Refusal("DIPLO-2", "choose_approach")
    if step == "choose_active":
        return Refusal("COMBAT-5", "choose_active", {"heroes": candidates(state)})
    active = encounter.active
    if isinstance(action, PlayCard | SpendCharges | EndPlay | Escape | UseCard) and \
            getattr(action, "hero", None) != active:
        return Refusal("COMBAT-6", "only_the_active_acts", {"hero": active})
    if isinstance(action, PlayCard):
        return play.refused(campaign, state, action)
    if isinstance(action, SpendCharges):
        return Refusal("ANAT-10", "charges_covered")
    if isinstance(action, Escape):
        return Refusal("MODE-CHALLENGE-4", "escape_once")
    if isinstance(action, EndPlay):
        return Refusal("COMBAT-22", "panic_plays_top")
    return Refusal("COMBAT-1", "encounter_under_way")


def pending(campaign: Campaign, state: GameState) -> Pending:
    """What the Encounter's waiting step asks, and of whom."""
    encounter = state.encounter
    assert encounter is not None
    team = list(encounter.heroes)
    if encounter.step == "equipment":
        return Pending(kind="encounter_items", heroes=team)
    if encounter.step == "mulligan":
        return Pending(kind="mulligan", heroes=team)
    if encounter.step == "approach":
        return Pending(kind="approach", heroes=team)
    if encounter.step == "choose_active":
        waiting = [member for member in team if member not in encounter.activated]
        return Pending(kind="activation", heroes=waiting)
    if encounter.step == "play" and encounter.active is not None:
        return Pending(kind="play", heroes=[encounter.active])
    return Pending(kind="encounter", heroes=team)


def waits(state: GameState) -> bool:
    """An Encounter's own step waits: no effect of it is being resolved, no card of a
    keyword is being chosen [ENC-2]."""
    encounter = state.encounter
    return encounter is not None and len(state.frames) <= encounter.floor \
        and not state.face_up_queue
