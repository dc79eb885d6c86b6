"""An Encounter's end: Reward for each member and Loot shared [COMBAT-16], [DIPLO-7],
Failure for each member [DIPLO-6], [DIPLO-13]; then every card back into its deck [DISC-2],
Items set aside back in use [ITEM-3], Destruction [TRAIT-11], and the card to the bottom of
its deck or a Guardian left on the map [ENC-4], [GUARD-1]."""

from __future__ import annotations

from grail.content import Campaign
from grail.content.encounters import CombatEncounter

from .. import encounter_decks, items, world
from ..events import Event
from ..frames import push
from ..state import GameState
from . import hands
from .combat import has


def rewards(campaign: Campaign, state: GameState) -> list[Event]:
    """Won: the Reward for each member still in it, then the Loot, which they share (a
    decision when several won it) [COMBAT-16], [DIPLO-7]. Failed or escaped in Diplomacy:
    the Failure for each member [DIPLO-6], [DIPLO-13]."""
    encounter = state.encounter
    assert encounter is not None
    card = campaign.encounter[encounter.id]
    members = list(encounter.heroes)
    encounter.step = "closing"
    if encounter.result == "won":
        if isinstance(card, CombatEncounter) and card.loot and members:
            push(state, "loot", card.id, members)  # under the Rewards: resolved after them
        for member in reversed(members):
            push(state, "reward", card.id, [member])
    elif not isinstance(card, CombatEncounter) and encounter.result in ("failed", "escaped"):
        for member in reversed(members):
            push(state, "failure", card.id, [member])
    return []


def close(campaign: Campaign, state: GameState) -> list[Event]:
    """Everyone's cards go back into their decks, with the Magic on the keys discarded
    [DISC-2], [KEY-3]; a Destruction takes the Weapons used [TRAIT-11]; Items set aside
    come back [ITEM-3]; then the card leaves the table [ENC-4]."""
    encounter = state.encounter
    assert encounter is not None and encounter.result is not None
    present = {hero.id for hero in state.heroes}
    team = [state.hero(member) for member in encounter.team if member in present]
    for placed in encounter.sequence:
        encounter.discards.setdefault(placed.owner, []).append(placed.card)
        encounter.magic_discarded += len(placed.magic)
    encounter.sequence = []
    events: list[Event] = []
    for hero in team:
        hands.reshuffle(campaign, state, hero)
        if has(campaign, state, "destruction"):
            for card in list(hero.face_up):
                if card.startswith("item:") and items.keyword_of(campaign, card) == "weapon":
                    events += world.discard_card(campaign, state, card)
    for stowed in encounter.stowed:  # set aside, or come in the middle of the fight
        hero_id, card = stowed.split(":", 1)
        if hero_id in present and card in items.cards(state.hero(hero_id)):
            items.took(campaign, state, state.hero(hero_id), card)
    return events + encounter_decks.finish(campaign, state, encounter.result)
