"""Items and Secrets in use: one face-up card per keyword, and their passive bonuses
[ITEM-1], [ITEM-2], [SECRET-5], [DAY-START-8].

A card is named ``item:N``, ``secret:N`` or ``skill:N`` (a kept Skill side). Gaining a
card whose keyword has no face-up card turns it face up; when the keyword's card is already
up, or the face-up one is lost while others remain, the character chooses
(``state.face_up_queue``).
"""

from __future__ import annotations

from grail.content import Campaign
from grail.content import effects as fx
from grail.content.belongings import Item, Secret, SkillSide
from grail.content.uses import Use

from .state import GameState, HeroState


def keyword_of(campaign: Campaign, card: str) -> str | None:
    kind, number = card.split(":")
    if kind == "item":
        return campaign.item[int(number)].keyword
    return next((k for k in campaign.secret[int(number)].keywords if k != "personal"), None)


def cards(hero: HeroState) -> list[str]:
    return [f"item:{n}" for n in hero.items] + [f"secret:{n}" for n in hero.secrets]


def with_keyword(campaign: Campaign, hero: HeroState, keyword: str) -> list[str]:
    return [card for card in cards(hero) if keyword_of(campaign, card) == keyword]


def _ask(state: GameState, hero: HeroState, keyword: str) -> None:
    entry = f"{hero.id}:{keyword}"
    if entry not in state.face_up_queue:
        state.face_up_queue.append(entry)


def _in_a_fight(state: GameState, hero: HeroState) -> bool:
    """An Encounter of the character's is under way, its Items confirmed: none is added
    until it ends ("una vez empezado, no se pueden añadir Objetos") [ITEM-3]."""
    encounter = state.encounter
    return encounter is not None and hero.id in encounter.team \
        and encounter.step not in ("start", "equipment", "closing")


def _set_aside(state: GameState, hero: HeroState, card: str) -> None:
    """The card waits out of use until the Encounter's end, which settles its keyword."""
    assert state.encounter is not None
    if f"{hero.id}:{card}" not in state.encounter.stowed:
        state.encounter.stowed.append(f"{hero.id}:{card}")


def took(campaign: Campaign, state: GameState, hero: HeroState, card: str) -> None:
    """A card joined the character's: up if its keyword has none up, else a choice [ITEM-2];
    set aside until the end when it comes in the middle of an Encounter [ITEM-3]."""
    keyword = keyword_of(campaign, card)
    if keyword is None:
        return
    if _in_a_fight(state, hero):
        _set_aside(state, hero, card)
    elif any(keyword_of(campaign, up) == keyword for up in hero.face_up):
        _ask(state, hero, keyword)
    else:
        hero.face_up.append(card)


def dropped(campaign: Campaign, state: GameState, hero: HeroState, card: str) -> None:
    """A card left the character: if it was up and others share its keyword, choose
    [ITEM-2]; in the middle of an Encounter, they wait set aside until its end [ITEM-3]."""
    if card not in hero.face_up:
        return
    hero.face_up.remove(card)
    keyword = keyword_of(campaign, card)
    left = with_keyword(campaign, hero, keyword) if keyword is not None else []
    if keyword is None or not left:
        return
    if _in_a_fight(state, hero):
        for other in left:
            _set_aside(state, hero, other)
    else:
        _ask(state, hero, keyword)


def start_of_day(campaign: Campaign, state: GameState) -> None:
    """Each character settles which card of each keyword is up [DAY-START-8]."""
    for hero in state.heroes:
        keywords = sorted({k for card in cards(hero) if (k := keyword_of(campaign, card))})
        for keyword in keywords:
            if len(with_keyword(campaign, hero, keyword)) > 1:
                _ask(state, hero, keyword)


def in_use(campaign: Campaign, hero: HeroState) -> list[str]:
    """The cards whose uses work: face-up Items and Secrets [ITEM-1], Secrets with no item
    keyword, and the Skill sides kept [ATTR-5]."""
    plain = [f"secret:{n}" for n in hero.secrets if keyword_of(campaign, f"secret:{n}") is None]
    return hero.face_up + plain + [f"skill:{n}" for n in hero.skills]


def _card(campaign: Campaign, card: str) -> Item | Secret | SkillSide:
    kind, number = card.split(":")
    if kind == "item":
        return campaign.item[int(number)]
    if kind == "secret":
        return campaign.secret[int(number)]
    return campaign.skill_side[int(number)]


def uses_of(campaign: Campaign, card: str) -> list[Use]:
    """The uses printed on a card."""
    return _card(campaign, card).uses


def card_name(campaign: Campaign, card: str) -> str:
    """A card's printed name."""
    return _card(campaign, card).name


def bonus(campaign: Campaign, hero: HeroState, attribute: str) -> int:
    """Points that the passive uses of cards in use add to an Attribute."""
    total = 0
    for card in in_use(campaign, hero):
        for use in uses_of(campaign, card):
            if use.when != "passive":
                continue
            for effect in use.effects:
                if isinstance(effect, fx.RaiseAttributes):
                    total += getattr(effect.attribute_bonus, attribute) or 0
    return total


def settle_queue(campaign: Campaign, state: GameState) -> None:
    """Drop choices that are no longer choices: the character is gone, or one card is left
    (it turns up by itself)."""
    present = {hero.id: hero for hero in state.heroes}
    for entry in list(state.face_up_queue):
        hero_id, keyword = entry.split(":")
        hero = present.get(hero_id)
        choices = with_keyword(campaign, hero, keyword) if hero else []
        if len(choices) > 1:
            continue
        state.face_up_queue.remove(entry)
        if hero is not None and choices and choices[0] not in hero.face_up:
            hero.face_up = [up for up in hero.face_up if keyword_of(campaign, up) != keyword]
            hero.face_up.append(choices[0])
