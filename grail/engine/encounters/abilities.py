"""Abilities of the cards in the Sequence: which are active, delayed Abilities and their
Time tokens, and Charges [ANAT-6], [ANAT-7], [ANAT-9], [ANAT-10].

Only uncovered Abilities act: the last card's, and every passive card's [ANAT-6],
[ANAT-9]. An Ability resolves as a frame keyed ``card/ability/serial``, for the card's
owner (who is the active character when it resolves [COMBAT-6]).
"""

from __future__ import annotations

from typing import Literal

from grail.content import Campaign

from ..actions import SpendCharges
from ..amounts import amount_of
from ..events import ChargesChanged, Event, TimeTokenLost
from ..frames import push
from ..state import GameState, SequenceCard
from .sequence import covered


def _push(state: GameState, placed: SequenceCard, index: int, hero: str) -> None:
    push(state, "ability", f"{placed.card}/{index}/{placed.serial}", [hero])


def on_place(campaign: Campaign, state: GameState, placed: SequenceCard) -> None:
    """A card just placed: Time tokens for its delayed Ability [ANAT-7], [ANAT-15]; its
    on-place Abilities resolve now, in the order printed [COMBAT-9]."""
    card = campaign.card[placed.card]
    delayed = [ability for ability in card.abilities if ability.trigger == "delayed"]
    if delayed:
        placed.tokens = delayed[0].tokens or campaign.manifest.rules.delayed_tokens
    for number in reversed(range(len(card.abilities))):  # a stack: the first resolves first
        if card.abilities[number].trigger == "on_place":
            _push(state, placed, number, placed.owner)


def push_active(campaign: Campaign, state: GameState,
                trigger: Literal["enemy_attack", "response"]) -> None:
    """Push the uncovered Abilities that act during step 3, and passive cards' Abilities,
    so that they resolve left to right before the attack or Response pushed under them
    [ANAT-7], [ANAT-9], [DIPLO-12]."""
    encounter = state.encounter
    assert encounter is not None and encounter.active is not None
    found = []
    for index, placed in enumerate(encounter.sequence):
        card = campaign.card[placed.card]
        if covered(encounter.sequence, index, card.passive):
            continue
        found += [(placed, number) for number, ability in enumerate(card.abilities)
                  if ability.trigger in (trigger, "passive")]
    for placed, number in reversed(found):
        _push(state, placed, number, encounter.active)


def remove_token(campaign: Campaign, state: GameState) -> list[Event]:
    """Step 1, one card at a time from the left: a Time token comes off; the card that loses
    its last one resolves its delayed Abilities now, once [COMBAT-7]."""
    encounter = state.encounter
    assert encounter is not None and encounter.active is not None
    while encounter.cursor < len(encounter.sequence):
        placed = encounter.sequence[encounter.cursor]
        encounter.cursor += 1
        if placed.tokens == 0:
            continue
        placed.tokens -= 1
        if placed.tokens:
            continue
        card = campaign.card[placed.card]
        for number in reversed(range(len(card.abilities))):
            if card.abilities[number].trigger == "delayed":
                _push(state, placed, number, encounter.active)
        return [TimeTokenLost(card=placed.card)]
    encounter.step = "play"
    return []


def spendable(campaign: Campaign, state: GameState) -> list[SpendCharges]:
    """The Charges the active character may pay now, on uncovered cards [ANAT-10],
    [COMBAT-20]; a price counted from play that works out below 1 is never free: it needs
    a Charge."""
    encounter = state.encounter
    assert encounter is not None and encounter.active is not None
    active = state.hero(encounter.active)
    found = []
    for index, placed in enumerate(encounter.sequence):
        card = campaign.card[placed.card]
        if covered(encounter.sequence, index, card.passive):
            continue
        for number, ability in enumerate(card.abilities):
            if ability.trigger == "spend_charges" and ability.charges is not None and \
                    placed.charges >= max(1, amount_of(campaign, ability.charges, state, active)):
                found.append(SpendCharges.of(hero=encounter.active, serial=placed.serial,
                                             ability=number))
    return found


def spend(campaign: Campaign, state: GameState, action: SpendCharges) -> list[Event]:
    """Pay the Charges and resolve the Ability [ANAT-10]."""
    encounter = state.encounter
    assert encounter is not None
    placed = next(card for card in encounter.sequence if card.serial == action.serial)
    ability = campaign.card[placed.card].abilities[action.ability]
    assert ability.charges is not None
    paid = max(1, amount_of(campaign, ability.charges, state, state.hero(action.hero)))
    placed.charges -= paid
    _push(state, placed, action.ability, action.hero)
    return [ChargesChanged(hero=action.hero, card=placed.card, charges=placed.charges, paid=paid)]
