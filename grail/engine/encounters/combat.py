"""Combat: the Combat pool against the Encounter value, the enemy's attacks, and the twelve
traits (the rulebook's Combat) [COMBAT-*], [TRAIT-*].

Only what differs from Diplomacy lives here; the turn itself is in :mod:`.turn`.
"""

from __future__ import annotations

from grail.content import Campaign
from grail.content import effects as fx
from grail.content.encounters import CombatEncounter, Trait

from .. import world
from ..events import EnemyActs, Event
from ..frames import push
from ..state import GameState
from . import effects, hands, leaving
from .abilities import push_active

SUDDEN_DAMAGE = 2
"""Health the first activated character loses to a Sudden enemy [TRAIT-2]."""
HORDE_DISCARDS = 2
"""Cards a Horde makes the active character discard from the deck [TRAIT-7]."""


def card_of(campaign: Campaign, state: GameState) -> CombatEncounter:
    assert state.encounter is not None
    card = campaign.encounter[state.encounter.id]
    assert isinstance(card, CombatEncounter)
    return card


def has(campaign: Campaign, state: GameState, trait: Trait) -> bool:
    """Whether the enemy has a trait [TRAIT-1]..[TRAIT-12]."""
    assert state.encounter is not None
    card = campaign.encounter[state.encounter.id]
    return isinstance(card, CombatEncounter) and trait in card.traits


def activated(campaign: Campaign, state: GameState) -> list[Event]:
    """Right after the first activation: Ambush and Sudden strike [TRAIT-1], [TRAIT-2]."""
    encounter = state.encounter
    assert encounter is not None and encounter.active is not None
    if encounter.activations != 1:
        return []
    hero = state.hero(encounter.active)
    events: list[Event] = []
    if has(campaign, state, "ambush"):
        events += effects.discard(campaign, state, hero,
                                  len(hands.hand(encounter, hero.id)) - 1)
    if has(campaign, state, "sudden"):
        events += world.apply_effect(campaign, state,
                                     fx.Damage(damage=SUDDEN_DAMAGE, who="active"), [hero])
    return events


def after_play(campaign: Campaign, state: GameState) -> list[Event]:
    """Step 2c: with no card played the enemy makes its Opportunity attack [COMBAT-11]; an
    Opportunist does with fewer than 2 [TRAIT-8]."""
    encounter = state.encounter
    assert encounter is not None and encounter.active is not None
    encounter.step = "check"
    few = 2 if has(campaign, state, "opportunist") else 1
    if encounter.played >= few:
        return []
    push(state, "opportunity", encounter.id, [encounter.active])
    return [EnemyActs(encounter=encounter.id, hero=encounter.active, act="opportunity")]


def check(campaign: Campaign, state: GameState) -> list[Event]:
    """After an Opportunity attack for no card played, draw 1 [COMBAT-11]; then step 2d, the
    victory check [COMBAT-12]."""
    encounter = state.encounter
    assert encounter is not None and encounter.active is not None
    encounter.step = "attack"
    events: list[Event] = []
    if encounter.played == 0:
        events += effects.draw(campaign, state, state.hero(encounter.active), 1)
    if state.encounter is not None and state.encounter.result is None:
        events += victory(campaign, state)
    return events


def victory(campaign: Campaign, state: GameState) -> list[Event]:
    """Markers at least the Encounter value: won [COMBAT-16]."""
    encounter = state.encounter
    assert encounter is not None
    if encounter.pool >= card_of(campaign, state).value:
        return leaving.end(state, "won")
    return []


def attack(campaign: Campaign, state: GameState) -> list[Event]:
    """Step 3: the Combat table's row for the pool, against the active character, with the
    Abilities active during the enemy attack first [COMBAT-13], [ANAT-7]; a Horde makes it
    discard from its deck [TRAIT-7]."""
    encounter = state.encounter
    assert encounter is not None and encounter.active is not None
    card = card_of(campaign, state)
    encounter.attacks += 1
    encounter.step = "after_attack"
    row = next(index for index, row in enumerate(card.attack)
               if (row.pool[0] or 0) <= encounter.pool
               and (row.pool[1] is None or encounter.pool <= row.pool[1]))
    push(state, "attack", f"{card.id}/{row}", [encounter.active])
    push_active(campaign, state, "enemy_attack")
    events: list[Event] = [EnemyActs(encounter=card.id, hero=encounter.active, act="attack")]
    if has(campaign, state, "horde"):
        events += hands.discard_top(campaign, state, state.hero(encounter.active), HORDE_DISCARDS)
    return events


def after_attack(campaign: Campaign, state: GameState) -> list[Event]:
    """The victory check after the attack [COMBAT-13]; a Fury attacks twice [TRAIT-9]."""
    encounter = state.encounter
    assert encounter is not None
    events = victory(campaign, state)
    if encounter.result is not None:
        return events
    encounter.step = "next"
    if has(campaign, state, "fury"):
        once = campaign.manifest.rules.fury_per == "encounter"
        if (encounter.attacks < 2 and not once) or (once and not encounter.fury_spent):
            encounter.fury_spent = True
            encounter.step = "attack"
    return events
