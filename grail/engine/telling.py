"""Telling an action in words with what the state knows when it is taken: where a Travel
starts, where an action happens, what it costs, which card an Encounter action plays and
what paying for it means. Legal lists show these texts, and undo names the actions it can
take back by them. Encounter actions name heroes and cards by their campaign names.

>>> from grail.content import load_pack, bundled_pack
>>> from grail.engine.game import Game
>>> from grail.engine.actions import Travel
>>> game = Game.new(load_pack(bundled_pack()), ["tamsin"], seed=7)
>>> tell(game.campaign, game.state, Travel(hero="tamsin", to=104))
'Travel: tamsin 101 -> 104, -1 Energy'
>>> effects_text(game.campaign, game.state, [{"damage": 2}, {"remove_markers": 1}, {"gain": {"terror": 1}}])
'2 damage, remove 1 marker, gain 1 Terror'
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from pydantic import TypeAdapter

from grail.content import Campaign
from grail.content import effects as fx
from grail.content import encounter_effects as efx
from grail.content.amounts import Amounts, Count
from grail.content.encounters import CombatEncounter, DiplomacyEncounter
from grail.content.keyed import Keyed

from .actions import (
    DAY_ACTIONS,
    Activate,
    ActivateMenhir,
    Avoid,
    CharacterAction,
    ChooseApproach,
    DiscardCard,
    EndPlay,
    Escape,
    Explore,
    KeepHands,
    Mulligan,
    PlayCard,
    Ready,
    SetItemAside,
    SpendCharges,
    Travel,
)
from .amounts import amount_of
from .encounters.decisions import IN_A_FIGHT
from .encounters.play import approach_name
from .items import card_name
from .journal import effects_of
from .state import GameState, HeroState

COUNTED = {"attribute": "point of {attribute}",
           "joined_keys": "{attribute} key joined in the Sequence",
           "connected_magic_keys": "paid Magic Key in the Sequence",
           "cards_in_hand": "card in hand", "charges": "Charge on the card",
           "items": "Item held", "secrets": "Secret held",
           "revealed_locations": "revealed Location"}
"""What a counted amount counts, one of them in words [ANAT-8]."""

@cache
def _effect_type() -> TypeAdapter[Any]:
    """An effect written as data, read as its model: built when first needed, as the
    content's validators are."""
    return TypeAdapter(fx.Effect)


PROPOSED = "; others here may join before it begins"
"""What the words of a Day action add when it is only proposed, others on the Location
being free to join it first, nothing paid yet [TEAM-1]."""


def proposing(state: GameState, action: Any) -> bool:
    """Whether ``action`` has just been proposed rather than begun [TEAM-1]."""
    team = state.team
    return team is not None and not team.paying and team.action == action.type \
        and team.members == [getattr(action, "hero", None)]


def tell(campaign: Campaign, state: GameState, action: Any, where: bool = True) -> str:
    """The action's text, naming its origin and cost where the state knows them; without
    the Location the character stands on when not ``where`` (a button beside the map that
    shows it)."""
    if isinstance(action, IN_A_FIGHT):
        return _encounter_action(campaign, state, action, where)
    if not isinstance(action, DAY_ACTIONS):
        return str(action.describe())
    hero = state.hero(action.hero)
    here = f" at {hero.location}" if where else ""
    if isinstance(action, Travel):
        route = f"{hero.location} -> {action.to}" if where else f"to {action.to}"
        return f"Travel: {hero.id} {route}, -1 Energy"
    if isinstance(action, Explore):
        return f"Explore: {hero.id}{here}, -1 Energy"
    if isinstance(action, ActivateMenhir):
        menhir = campaign.location[hero.location].menhir
        cost = menhir.cost if menhir is not None else None
        return f"Activate the Menhir: {hero.id}{here}" + _cost(campaign, state, hero, cost)
    if isinstance(action, CharacterAction):
        own = campaign.hero[hero.id].action
        return f"Character action: {hero.id}, {own.name}" + _cost(campaign, state, hero, own.cost)
    place = campaign.location[hero.location].action
    name = f" ({place.name})" if place is not None else ""
    cost = place.cost if place is not None else None
    return f"Location action: {hero.id}{here}{name}" + _cost(campaign, state, hero, cost)


def _cost(campaign: Campaign, state: GameState, hero: HeroState, cost: Amounts | None) -> str:
    parts = [f"-{amount_of(campaign, value, state, hero)} {name.capitalize()}"
             for name, value in (cost or {}).items()]
    return "".join(f", {part}" for part in parts)


def _encounter_action(campaign: Campaign, state: GameState, action: Any, whose: bool) -> str:
    """An Encounter action in words (the rulebook's Combat and Diplomacy); its plain text when no Encounter is
    under way. ``whose``: a card played in a team names who plays it (the terminal, undo),
    not on a button beside the member's own hand."""
    encounter = state.encounter
    if encounter is None:
        return str(action.describe())
    card = campaign.encounter[encounter.id]

    def hero(hero_id: str) -> str:
        return campaign.hero[hero_id].name if hero_id in campaign.hero else hero_id

    def named(card_id: str) -> str:
        return campaign.card[card_id].name if card_id in campaign.card else card_id

    if isinstance(action, Ready):
        return "Ready: confirm the Items used and draw the hands"
    if isinstance(action, SetItemAside):
        return f"Set aside: {hero(action.hero)} leaves " \
            f"{card_name(campaign, f'item:{action.item}')} out of this Encounter"
    if isinstance(action, Avoid):
        avoid = card.avoid if isinstance(card, DiplomacyEncounter) else None
        cost = avoid.cost if avoid is not None else None
        paid = f": each member pays {_amounts(campaign, state, cost)}" if cost else ""
        return "Avoid the Encounter" + paid
    if isinstance(action, Mulligan):
        held = len(encounter.hands.get(action.hero, []))
        return f"Mulligan: {hero(action.hero)} discards the hand of {held} and draws {held - 1}"
    if isinstance(action, KeepHands):
        return "Keep these hands"
    if isinstance(action, ChooseApproach):
        name = approach_name(card, action.approach)
        return f"Approach {action.approach + 1}" + (f": {name}" if name is not None else "")
    if isinstance(action, Activate):
        return f"Activate {hero(action.hero)}"
    if isinstance(action, PlayCard):
        paid = ", ".join(f"for key {at}: {hero(payer)}" for at, payer in action.magic)
        top = " (the top card of the deck, in Panic)" if encounter.forced == action.card else ""
        by = f" by {hero(action.hero)}" if whose and len(encounter.heroes) > 1 else ""
        return f"Play {named(action.card)}{by}{top}" + (f" (pay 1 Magic {paid})" if paid else "")
    if isinstance(action, SpendCharges):
        placed = next((c for c in encounter.sequence if c.serial == action.serial), None)
        if placed is None:
            return str(action.describe())
        ability = campaign.card[placed.card].abilities[action.ability]
        charges = amount_of(campaign, ability.charges, state, state.hero(action.hero))
        return f"Spend {charges} Charge{'s' * (charges != 1)} of {named(placed.card)}: " \
            + effects_text(campaign, state, ability.effects)
    if isinstance(action, EndPlay):
        return "Play no more cards this activation"
    if isinstance(action, Escape):
        if isinstance(card, CombatEncounter):
            attack = f" ({effects_text(campaign, state, card.opportunity)})" if card.opportunity else ""
            return f"Escape: -1 Energy and the Opportunity attack{attack}" + _then_lost(campaign, state)
        failure = f" ({effects_text(campaign, state, card.failure)})" if card.failure else ""
        who = "each member takes" if len(encounter.heroes) > 1 else "take"
        return f"Escape: {who} the Failure{failure}" + _then_lost(campaign, state)  # [DIPLO-13]
    assert isinstance(action, DiscardCard)
    return f"Discard {named(action.card)}" + \
        (f" ({hero(action.hero)})" if len(encounter.heroes) > 1 else "")


def _then_lost(campaign: Campaign, state: GameState) -> str:
    """What the entry or Location that began the Encounter says of it lost, which an Escape
    sets off after its own cost [ENC-3]: "; then lose 1 Food"."""
    origin = state.encounter.origin if state.encounter is not None else None
    if origin is None:
        return ""
    lost = effects_of(campaign, origin.ended(False, origin.heroes))
    return f"; then {effects_text(campaign, state, lost)}" if lost else ""


def effects_text(campaign: Campaign, state: GameState, effects: Sequence[Any]) -> str:
    """An effect list in words, e.g. a Combat-table row, a Response or an Ability: one
    phrase per effect, separated by commas."""
    parsed = [effect if isinstance(effect, Keyed) else _effect_type().validate_python(effect)
              for effect in effects]
    return ", ".join(_effect(campaign, state, effect) for effect in parsed) or "nothing"


def _effect(campaign: Campaign, state: GameState, effect: Any) -> str:
    simple: dict[type, tuple[str, str, str, str, str]] = {
        efx.Prevent: ("prevent", "prevent ", "damage", "damage", ""),
        efx.AddMarkers: ("add_markers", "+", "marker", "markers", ""),
        efx.RemoveMarkers: ("remove_markers", "remove ", "marker", "markers", ""),
        efx.Draw: ("draw", "draw ", "card", "cards", ""),
        efx.Discard: ("discard", "discard ", "card", "cards", ""),
        efx.DiscardFromDeck: ("discard_from_deck", "discard ", "card", "cards",
                              " from the top of the deck"),
        efx.AddCharges: ("add_charges", "put ", "Charge", "Charges", " on the card"),
        fx.Damage: ("damage", "", "damage", "damage", ""),
    }
    if type(effect) in simple:
        field, verb, one, many, after = simple[type(effect)]
        return verb + _amount(campaign, state, getattr(effect, field), one, many) + after
    if isinstance(effect, fx.Gain):
        return f"gain {_amounts(campaign, state, effect.gain)}"
    if isinstance(effect, fx.Lose):
        return f"lose {_amounts(campaign, state, effect.lose)}"
    if isinstance(effect, fx.SetMeters):
        return "set " + ", ".join(f"{name.capitalize()} to {_amount(campaign, state, value, '', '')}"
                                  for name, value in effect.set.items())
    if isinstance(effect, efx.MoveAffinity):
        moved = effect.affinity
        if isinstance(moved, int):
            return f"marker {'up' if moved >= 0 else 'down'} {abs(moved)}"
        return f"marker up {_amount(campaign, state, moved, 'space', 'spaces')}"
    if isinstance(effect, efx.DiscardLast):
        return "discard the last card of the Sequence"
    if isinstance(effect, efx.Flee):
        return "the enemy flees"
    if isinstance(effect, efx.NextCardConnects):
        return f"the next card connects a {effect.next_card_connects} key"
    if isinstance(effect, fx.GainItem):  # [ITEM-4]
        pick = effect.gain_item
        if pick.number is not None:
            return f"gain Item {pick.number}"
        kind = ("craftable " if pick.craftable else "") + \
            (f"{pick.keyword.capitalize()} " if pick.keyword else "")
        return f"gain {'an' if kind[:1].lower() in 'aeiou' else 'a'} {kind}Item"
    if isinstance(effect, fx.Mark | fx.Unmark):  # [STATUS-1]
        mark = effect.mark if isinstance(effect, fx.Mark) else effect.unmark
        part = f", part {mark.part}" if mark.part is not None else ""
        return f"{'mark' if isinstance(effect, fx.Mark) else 'erase'} {mark.status}{part}"
    if isinstance(effect, fx.If):
        then = effects_text(campaign, state, effect.then)
        otherwise = f"; otherwise {effects_text(campaign, state, effect.else_)}" if effect.else_ else ""
        return f"(if {_words(effect.if_.model_dump(by_alias=True, exclude_none=True))}: " \
            f"{then}{otherwise})"
    return _words(effect.model_dump(by_alias=True, exclude_none=True))


def _amount(campaign: Campaign, state: GameState, value: Any, one: str, many: str) -> str:
    """An amount with its unit: '2 markers', '1 marker per paid Magic Key in the Sequence'."""
    if isinstance(value, Count):
        per = COUNTED[value.count].format(attribute=(value.attribute or "").capitalize())
        plus = f", plus {value.plus}" if value.plus else ""
        return f"{value.times} {one if value.times == 1 else many} per {per}{plus}".rstrip()
    number = amount_of(campaign, value, state)
    return f"{number} {one if number == 1 else many}".rstrip()


def _amounts(campaign: Campaign, state: GameState, amounts: Amounts) -> str:
    return ", ".join(_amount(campaign, state, value, name.capitalize(), name.capitalize())
                     for name, value in amounts.items())


def _words(value: Any) -> str:
    """Any effect or condition's data as plain words, for kinds without a phrase of their
    own: 'gain item keyword shield', 'not affinity green'."""
    if isinstance(value, dict):
        return ", ".join(key.replace("_", " ") + ("" if inner is True else f" {_words(inner)}")
                         for key, inner in value.items())
    if isinstance(value, list):
        return ", ".join(_words(inner) for inner in value)
    return str(value).replace("_", " ")
