"""An Encounter's start: Items confirmed or set aside [ITEM-3], Avoid [DIPLO-14], hands drawn
[COMBAT-3], mulligans [COMBAT-4], an approach chosen [DIPLO-2]."""

from __future__ import annotations

from grail.content import Campaign
from grail.content.encounters import DiplomacyEncounter

from ..actions import ChooseApproach, Mulligan, SetItemAside
from ..events import Event, ItemSetAside, Mulliganed
from ..state import GameState
from . import hands, leaving
from .combat import has
from .diplomacy import may_avoid
from .uses import offered

SLOW_EXTRA = 1
"""Cards a Slow enemy lets each member draw more, at the start and each end of turn
[TRAIT-12]."""


def asides(campaign: Campaign, state: GameState) -> list[SetItemAside]:
    """Items in use that a member may leave out of the Encounter [ITEM-3]."""
    encounter = state.encounter
    assert encounter is not None
    return [SetItemAside.of(hero=member, item=int(card.split(":")[1]))
            for member in encounter.heroes for card in state.hero(member).face_up
            if card.startswith("item:")]


def equipment(campaign: Campaign, state: GameState) -> list[Event] | None:
    """The members confirm their Items, set some aside, or Avoid: a decision when there is
    anything to decide; otherwise the hands are drawn."""
    if asides(campaign, state) or may_avoid(campaign, state) or offered(campaign, state, "start"):
        return None
    return ready(state)


def set_aside(state: GameState, action: SetItemAside) -> list[Event]:
    """The Item stays out of this Encounter, back in use at its end [ITEM-3]."""
    assert state.encounter is not None
    hero = state.hero(action.hero)
    hero.face_up.remove(f"item:{action.item}")
    state.encounter.stowed.append(f"{action.hero}:item:{action.item}")
    return [ItemSetAside(hero=action.hero, item=action.item)]


def ready(state: GameState) -> list[Event]:
    """Items are confirmed; no Item is added once the Encounter starts [ITEM-3]."""
    assert state.encounter is not None
    state.encounter.step = "hands"
    state.encounter.drawing = list(state.encounter.heroes)
    return []


def draw_hands(campaign: Campaign, state: GameState) -> list[Event]:
    """Each member draws a hand [COMBAT-3], one more against a Slow enemy [TRAIT-12]; a
    deck too thin forces an Escape or a Failure [COMBAT-24], [DIPLO-16]."""
    encounter = state.encounter
    assert encounter is not None
    if not encounter.drawing:
        encounter.step = "mulligan"
        return []
    member = encounter.drawing.pop(0)
    size = hands.hand_size(campaign, state) + (SLOW_EXTRA if has(campaign, state, "slow") else 0)
    hero = state.hero(member)
    if not hands.can_draw(campaign, state, hero, size):
        return leaving.out_of_cards(campaign, state, member)
    return hands.draw(campaign, state, hero, size)


def mulligans(campaign: Campaign, state: GameState) -> list[Mulligan]:
    """Members who may discard their hand and draw one card fewer, down to 1 card
    [COMBAT-4]."""
    encounter = state.encounter
    assert encounter is not None
    found = []
    for member in encounter.heroes:
        held = len(hands.hand(encounter, member))
        returned = held if not campaign.manifest.rules.hand_returns_to_deck else 0
        if held > 1 and hands.can_draw(campaign, state, state.hero(member), held - 1 - returned):
            found.append(Mulligan.of(hero=member))
    return found


def mulligan(campaign: Campaign, state: GameState, action: Mulligan) -> list[Event]:
    """The hand goes to the discards (or straight back into the deck, as the campaign
    says) and one card fewer is drawn [COMBAT-4], [NOTE-18]."""
    encounter = state.encounter
    assert encounter is not None
    hero = state.hero(action.hero)
    held = encounter.hands.pop(hero.id)
    if campaign.manifest.rules.hand_returns_to_deck:
        encounter.discards.setdefault(hero.id, []).extend(held)
    else:
        hands.back_to_deck(campaign, state, hero, held)
    return [Mulliganed(hero=hero.id, count=len(held) - 1),
            *hands.draw(campaign, state, hero, len(held) - 1)]


def mulligan_step(campaign: Campaign, state: GameState) -> list[Event] | None:
    """A decision while someone may still mulligan; otherwise play goes on."""
    return None if mulligans(campaign, state) else kept(campaign, state)


def kept(campaign: Campaign, state: GameState) -> list[Event]:
    """The hands are kept: the approach, if the card offers several [DIPLO-2], then the
    first turn."""
    encounter = state.encounter
    assert encounter is not None
    card = campaign.encounter[encounter.id]
    if isinstance(card, DiplomacyEncounter) and card.approaches is not None \
            and encounter.approach is None:
        encounter.step = "approach"
    else:
        encounter.step = "turn"
    return []


def approaches(campaign: Campaign, state: GameState) -> list[ChooseApproach]:
    assert state.encounter is not None
    card = campaign.encounter[state.encounter.id]
    assert isinstance(card, DiplomacyEncounter) and card.approaches is not None
    return [ChooseApproach.of(approach=index) for index in range(len(card.approaches))]
