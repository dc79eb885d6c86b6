"""What happens on the board of an Encounter: the Combat pool, the Affinity marker, cards
drawn and discarded, Charges and prevented damage, for bonus icons and effects alike.

The journal resolves every effect list as frames; effects that act inside an Encounter come
here (:func:`handles`, :func:`apply`). They touch the character the frame is for: in an
activation, the active character [COMBAT-6].
"""

from __future__ import annotations

from typing import Any

from grail.content import Campaign
from grail.content import effects as fx
from grail.content import encounter_effects as board
from grail.content.encounters import CombatEncounter, DiplomacyEncounter

from .. import world
from ..amounts import amount_of
from ..events import (
    AffinityMoved,
    AttackPrevented,
    CardDiscarded,
    ChargesChanged,
    ContinueGiven,
    DamagePrevented,
    DiscardRequested,
    Event,
    NotInAFight,
    PoolChanged,
)
from ..state import DiscardAsked, EncounterState, Frame, GameState, HeroState, SequenceCard
from . import hands, leaving

ON_THE_BOARD = (board.AddMarkers, board.RemoveMarkers, board.MoveAffinity, board.Draw, board.Discard,
                board.DiscardFromDeck, board.DiscardLast, board.Flee, board.AddCharges,
                board.NextCardConnects, board.Prevent)
"""Effects that only act inside an Encounter."""


def handles(state: GameState, frame: Frame, effect: Any) -> bool:
    """Whether an effect acts on the Encounter's board: the effects that only act there,
    and an enemy attack's damage, which Abilities may prevent [EX-COMBAT-5]."""
    return isinstance(effect, ON_THE_BOARD) or (
        isinstance(effect, fx.Damage) and frame.source == "attack" and state.encounter is not None)


def apply(campaign: Campaign, state: GameState, frame: Frame, effect: Any) -> list[Event]:
    """Resolve an effect on the board, for the frame's character."""
    encounter = state.encounter
    if encounter is None or encounter.result is not None:
        return [NotInAFight(effect=effect.KEY)]
    hero = state.hero(frame.heroes[0])
    if isinstance(effect, fx.Damage):
        return _attack_damage(campaign, state, encounter, effect, hero)
    if isinstance(effect, board.AddMarkers):
        return add_markers(encounter, amount_of(campaign, effect.add_markers, state, hero))
    if isinstance(effect, board.RemoveMarkers):
        return remove_markers(campaign, state, hero, amount_of(campaign, effect.remove_markers, state, hero))
    if isinstance(effect, board.MoveAffinity):
        return move_affinity(campaign, encounter, amount_of(campaign, effect.affinity, state, hero))
    if isinstance(effect, board.Draw):
        return draw(campaign, state, hero, amount_of(campaign, effect.draw, state, hero))
    if isinstance(effect, board.Discard):
        return discard(campaign, state, hero, amount_of(campaign, effect.discard, state, hero))
    if isinstance(effect, board.DiscardFromDeck):
        return hands.discard_top(campaign, state, hero,
                                 amount_of(campaign, effect.discard_from_deck, state, hero))
    if isinstance(effect, board.DiscardLast):
        return discard_last(state)
    if isinstance(effect, board.Flee):
        return leaving.end(state, "fled")
    if isinstance(effect, board.AddCharges):
        return _add_charges(campaign, state, frame, amount_of(campaign, effect.add_charges, state, hero))
    if isinstance(effect, board.NextCardConnects):
        encounter.free_continue = True  # [EX-DIPLO-9]
        return [ContinueGiven()]
    more = amount_of(campaign, effect.prevent, state, hero)
    encounter.prevent += more
    if _feints(campaign, encounter):  # [TRAIT-5]
        return [DamagePrevented(amount=more, total=encounter.prevent, feint=True)]
    return [DamagePrevented(amount=more, total=encounter.prevent, feint=False)]


def _attack_damage(campaign: Campaign, state: GameState, encounter: EncounterState,
                   effect: fx.Damage, hero: HeroState) -> list[Event]:
    """The enemy attack's damage, less what Abilities prevent, unless the enemy Feints
    [EX-COMBAT-5], [TRAIT-5]."""
    damage = amount_of(campaign, effect.damage, state, hero)
    if not _feints(campaign, encounter):
        prevented = min(damage, encounter.prevent)
        encounter.prevent -= prevented
        damage -= prevented
    if damage == 0:
        return [AttackPrevented(hero=hero.id)]
    return world.apply_effect(campaign, state, fx.Damage.model_construct(damage=damage, who="active"), [hero])


def _feints(campaign: Campaign, encounter: EncounterState) -> bool:
    """The enemy Feints: no damage of its attack is prevented [TRAIT-5]."""
    card = campaign.encounter[encounter.id]
    return isinstance(card, CombatEncounter) and "feint" in card.traits


def add_markers(encounter: EncounterState, count: int) -> list[Event]:
    """Markers into the Combat pool [KEY-5]."""
    encounter.pool += count
    return [PoolChanged(pool=encounter.pool, change=count)] if count else []


def remove_markers(campaign: Campaign, state: GameState, hero: HeroState,
                   count: int) -> list[Event]:
    """Markers out of the pool, which never goes below 0: for each one missing the
    character discards a card [COMBAT-25]."""
    encounter = state.encounter
    assert encounter is not None
    taken = min(count, encounter.pool)
    encounter.pool -= taken
    events: list[Event] = [PoolChanged(pool=encounter.pool, change=-taken)] if taken else []
    return events + discard(campaign, state, hero, count - taken)


def move_affinity(campaign: Campaign, encounter: EncounterState, spaces: int) -> list[Event]:
    """The Affinity marker moves, stopping at the ends [DIPLO-9], [DIPLO-10]."""
    card = campaign.encounter[encounter.id]
    if not isinstance(card, DiplomacyEncounter):
        return []
    before = encounter.affinity
    encounter.affinity = max(-card.affinity.red, min(card.affinity.green, before + spaces))
    change = encounter.affinity - before
    return [AffinityMoved(affinity=encounter.affinity, change=change)] if change else []


def draw(campaign: Campaign, state: GameState, hero: HeroState, count: int) -> list[Event]:
    """Draw cards; a deck too thin forces an Escape or a Failure [COMBAT-24], [DIPLO-16]."""
    if not hands.can_draw(campaign, state, hero, count):
        return leaving.out_of_cards(campaign, state, hero.id)
    return hands.draw(campaign, state, hero, count)


def discard(campaign: Campaign, state: GameState, hero: HeroState, count: int) -> list[Event]:
    """Discard ``count`` cards from hand, the character choosing which; from an empty hand,
    the top of the deck [COMBAT-21]."""
    encounter = state.encounter
    assert encounter is not None
    held = hands.hand(encounter, hero.id)
    if count <= 0:
        return []
    if len(set(held)) > 1 and count < len(held):
        state.asked.append(DiscardAsked(hero=hero.id, count=count))
        return [DiscardRequested(hero=hero.id, count=count)]
    events: list[Event] = [hands.discard(state, hero, card) for card in held[:count]]
    return events + hands.discard_top(campaign, state, hero, count - len(events))


def discarded(campaign: Campaign, state: GameState, asked: DiscardAsked,
              card: str) -> list[Event]:
    """A card chosen for a discard the Encounter asked for; when what is left is no choice,
    the rest go by themselves."""
    hero = state.hero(asked.hero)
    events: list[Event] = [hands.discard(state, hero, card)]
    asked.count -= 1
    held = hands.hand(state.encounter, hero.id) if state.encounter is not None else []
    if asked.count == 0 or len(set(held)) <= 1 or asked.count >= len(held):
        state.asked.remove(asked)
        events += discard(campaign, state, hero, asked.count)
    return events


def discard_last(state: GameState) -> list[Event]:
    """The last card of the Sequence goes to its owner's discards, with its Time tokens and
    the Magic on its keys; the card before is uncovered [ANAT-16], [KEY-3]."""
    encounter = state.encounter
    assert encounter is not None
    if not encounter.sequence:
        return []
    last = encounter.sequence.pop()
    encounter.magic_discarded += len(last.magic)
    encounter.discards.setdefault(last.owner, []).append(last.card)
    return [CardDiscarded(hero=last.owner, card=last.card, source="sequence")]


def _add_charges(campaign: Campaign, state: GameState, frame: Frame, count: int) -> list[Event]:
    """Charges on the card whose Ability resolves [ANAT-10]."""
    encounter = state.encounter
    assert encounter is not None
    card = resolving(encounter, frame)
    if card is None:
        return []
    card.charges += count
    return [ChargesChanged(hero=frame.heroes[0], card=card.card, charges=card.charges, paid=0)]


def resolving(encounter: EncounterState, frame: Frame) -> SequenceCard | None:
    """The card in the Sequence whose Ability a frame resolves, if it is still there."""
    if frame.source != "ability":
        return None
    serial = int(frame.key.rsplit("/", 1)[1])
    return next((card for card in encounter.sequence if card.serial == serial), None)
