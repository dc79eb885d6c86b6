"""Diplomacy: the Affinity track, Stages won in order, the opponent's Response, Avoid and
Failure (the rulebook's Diplomacy) [DIPLO-*].

Only what differs from Combat lives here; the turn itself is in :mod:`.turn`.
"""

from __future__ import annotations

from grail.content import Campaign
from grail.content.encounters import DiplomacyEncounter

from ..conditions import holds
from ..costs import can_pay, pay
from ..events import EnemyActs, Event, StageWon
from ..frames import push
from ..state import EncounterStep, GameState
from . import leaving
from .abilities import push_active
from .play import stages


def card_of(campaign: Campaign, state: GameState) -> DiplomacyEncounter:
    assert state.encounter is not None
    card = campaign.encounter[state.encounter.id]
    assert isinstance(card, DiplomacyEncounter)
    return card


def affinity_check(campaign: Campaign, state: GameState, then: EncounterStep) -> list[Event]:
    """The bottom space is Failure for each member [DIPLO-6]; the top wins the Stage: the
    last one wins the Encounter [DIPLO-7], another sends the marker back to grey and play
    goes on from step 4 without a Response [DIPLO-8]. Otherwise play goes on to ``then``."""
    encounter = state.encounter
    assert encounter is not None
    card = card_of(campaign, state)
    encounter.step = then
    if encounter.affinity <= -card.affinity.red:
        return leaving.end(state, "failed")
    if encounter.affinity < card.affinity.green:
        return []
    won = stages(card, encounter)[encounter.stage].name
    if encounter.stage + 1 == len(stages(card, encounter)):
        return [StageWon(stage=won, last=True), *leaving.end(state, "won")]
    encounter.stage += 1
    encounter.affinity = 0
    encounter.step = "next"
    return [StageWon(stage=won, last=False)]


def at_an_end(campaign: Campaign, state: GameState) -> bool:
    """The marker on the bottom or the top space [DIPLO-6]."""
    assert state.encounter is not None
    card = card_of(campaign, state)
    return state.encounter.affinity in (-card.affinity.red, card.affinity.green)


def response(campaign: Campaign, state: GameState) -> list[Event]:
    """Step 3: the current Stage's Response to the active character, with the Abilities
    active during it first [DIPLO-5], [DIPLO-12]."""
    encounter = state.encounter
    assert encounter is not None and encounter.active is not None
    card = card_of(campaign, state)
    encounter.step = "after_attack"
    push(state, "response", f"{card.id}/{encounter.approach or 0}/{encounter.stage}",
         [encounter.active])
    push_active(campaign, state, "response")
    return [EnemyActs(encounter=card.id, hero=encounter.active, act="response")]


def may_avoid(campaign: Campaign, state: GameState) -> bool:
    """Avoid is open before the Encounter starts, if the card has it: the best member meets
    its requirements and each member can pay its cost [DIPLO-14], [DIPLO-15]."""
    encounter = state.encounter
    assert encounter is not None
    card = campaign.encounter[encounter.id]
    if not isinstance(card, DiplomacyEncounter) or card.avoid is None:
        return False
    members = [state.hero(member) for member in encounter.heroes]
    avoid = card.avoid
    if avoid.requires is not None and not holds(campaign, state, avoid.requires, members):
        return False
    return avoid.cost is None or all(can_pay(campaign, state, hero, avoid.cost) for hero in members)


def avoid(campaign: Campaign, state: GameState) -> list[Event]:
    """Each member pays the cost; the card goes to the bottom of the blue deck [DIPLO-14]."""
    encounter = state.encounter
    assert encounter is not None
    cost = card_of(campaign, state).avoid
    events: list[Event] = []
    for member in encounter.heroes:
        if cost is not None and cost.cost is not None:
            events += pay(campaign, state, state.hero(member), cost.cost)
    return events + leaving.end(state, "avoided")
