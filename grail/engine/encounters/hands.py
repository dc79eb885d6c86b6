"""Decks, hands and discards during an Encounter [COMBAT-3], [COMBAT-21], [DISC-2].

A character's Combat or Diplomacy deck is an unordered pool of unseen cards (sorted in the
state): every draw, and every card discarded from its top, is a chance point among the
cards it holds. Hands and discards live in the Encounter; at its end every card goes back
into its deck [DISC-2], [NOTE-18].
"""

from __future__ import annotations

from grail.content import Campaign
from grail.content.encounters import DiplomacyEncounter

from .. import chance
from ..events import CardDiscarded, CardsDrawn, Event
from ..state import EncounterState, GameState, HeroState


def diplomacy(campaign: Campaign, state: GameState) -> bool:
    """Whether the Encounter under way is a Diplomacy Encounter (a blue card) [ENC-2]."""
    assert state.encounter is not None
    return isinstance(campaign.encounter[state.encounter.id], DiplomacyEncounter)


def deck(campaign: Campaign, state: GameState, hero: HeroState) -> list[str]:
    """The deck the Encounter plays from: Combat or Diplomacy [COMBAT-1], [DIPLO-1]."""
    return hero.diplomacy_deck if diplomacy(campaign, state) else hero.combat_deck


def hand(encounter: EncounterState, hero: str) -> list[str]:
    return encounter.hands.setdefault(hero, [])


def can_draw(campaign: Campaign, state: GameState, hero: HeroState, count: int) -> bool:
    """Whether the deck holds ``count`` cards; a character who must draw more must Escape
    [COMBAT-24] or fails [DIPLO-16]."""
    return len(deck(campaign, state, hero)) >= count


def draw(campaign: Campaign, state: GameState, hero: HeroState, count: int) -> list[Event]:
    """Draw ``count`` cards into the hand, each a chance point; the caller checked
    :func:`can_draw`."""
    assert state.encounter is not None
    pool = deck(campaign, state, hero)
    drawn = [chance.draw_from(state, chance.point("hero_draws", hero=hero.id), pool) for _ in range(count)]
    hand(state.encounter, hero.id).extend(drawn)
    return [CardsDrawn(hero=hero.id, cards=drawn)] if drawn else []


def draw_top(campaign: Campaign, state: GameState, hero: HeroState) -> str:
    """The top card of the deck, taken out of it (to be played in Panic) [COMBAT-22]."""
    return chance.draw_from(state, chance.point("hero_turns_top", hero=hero.id),
                            deck(campaign, state, hero))


def discard(state: GameState, hero: HeroState, card: str) -> CardDiscarded:
    """A card from the hand to the discards."""
    assert state.encounter is not None
    hand(state.encounter, hero.id).remove(card)
    state.encounter.discards.setdefault(hero.id, []).append(card)
    return CardDiscarded(hero=hero.id, card=card, source="hand")


def discard_top(campaign: Campaign, state: GameState, hero: HeroState, count: int) -> list[Event]:
    """Discard cards from the top of the deck, as many as it holds [TRAIT-7], [COMBAT-21]."""
    assert state.encounter is not None
    pool = deck(campaign, state, hero)
    events: list[Event] = []
    for _ in range(min(count, len(pool))):
        card = chance.draw_from(state, chance.point("hero_discards_top", hero=hero.id), pool)
        state.encounter.discards.setdefault(hero.id, []).append(card)
        events.append(CardDiscarded(hero=hero.id, card=card, source="deck"))
    return events


def unplayed(state: GameState) -> None:
    """A Panic's top card never played, when the activation or the Encounter ends, joins
    the active character's discards (back in the deck at the end) [COMBAT-22]."""
    encounter = state.encounter
    assert encounter is not None
    if encounter.forced is not None and encounter.active is not None:
        encounter.discards.setdefault(encounter.active, []).append(encounter.forced)
        encounter.forced = None


def back_to_deck(campaign: Campaign, state: GameState, hero: HeroState, cards: list[str]) -> None:
    """Cards shuffled back into the deck [DISC-2]."""
    pool = deck(campaign, state, hero)
    pool.extend(cards)
    pool.sort()


def reshuffle(campaign: Campaign, state: GameState, hero: HeroState) -> None:
    """The hand and discards (and a Panic's top card not yet played) go back into the deck:
    after an Escape [COMBAT-17] and at the Encounter's end [COMBAT-16]."""
    encounter = state.encounter
    assert encounter is not None
    cards = encounter.hands.pop(hero.id, []) + encounter.discards.pop(hero.id, [])
    if encounter.forced is not None and encounter.active == hero.id:  # [COMBAT-22]
        cards.append(encounter.forced)
        encounter.forced = None
    back_to_deck(campaign, state, hero, cards)


def all_back(campaign: Campaign, state: GameState, fallen: HeroState | None) -> None:
    """A fight broken off (the game lost in the middle of it): every card of the Sequence,
    the hands and the discards goes back into its owner's deck, the character who fell
    too, whom Mother's Mercy brings back [DISC-2], [MERCY-2]."""
    encounter = state.encounter
    assert encounter is not None
    present = {hero.id: hero for hero in [*state.heroes, *([fallen] if fallen else [])]}
    for placed in encounter.sequence:
        encounter.discards.setdefault(placed.owner, []).append(placed.card)
    encounter.sequence = []
    for owner in sorted({*encounter.hands, *encounter.discards}):
        if owner in present:
            reshuffle(campaign, state, present[owner])


def hand_size(campaign: Campaign, state: GameState) -> int:
    """3 cards for 1-3 characters fighting, 2 for 4 [COMBAT-3]; Slow adds one [TRAIT-12]."""
    assert state.encounter is not None
    sizes = campaign.manifest.rules.hand_size
    return sizes[min(len(state.encounter.team), len(sizes)) - 1]
