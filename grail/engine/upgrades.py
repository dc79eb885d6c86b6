"""Spending Exp at the End of Day: Attribute points and deck upgrades [UPG-*], [ATTR-*]."""

from __future__ import annotations

from typing import Literal

from grail.content import Campaign
from grail.content.base import ATTRIBUTES, OPPOSED

from . import chance, items
from .events import AttributeRaised, DeckChanged, Event, ResourcesChanged, UpgradeOffered
from .modes import challenge
from .state import GameState, HeroState

Deck = Literal["combat", "diplomacy"]


def attribute(campaign: Campaign, hero: HeroState, name: str) -> int:
    """Board markers plus Skill cards of that Attribute [ATTR-3], plus what face-up cards
    add while in use."""
    return points(campaign, hero, name) + items.bonus(campaign, hero, name)


def points(campaign: Campaign, hero: HeroState, name: str) -> int:
    """The Attribute's own points, those upgrades buy: board markers plus Skill cards
    [ATTR-3]; what a card in use adds is no point of it (docs/rules-notes.md)."""
    sides = campaign.skill_side
    return hero.attributes[name] + sum(1 for side in hero.skills if sides[side].attribute == name)


def free_skills(campaign: Campaign, state: GameState, name: str) -> list[int]:
    """Skill sides of ``name`` on cards no character holds; the other side is lost [ATTR-5]."""
    taken = {side for hero in state.heroes for side in hero.skills}
    sides = []
    for skill in campaign.skills:
        if {skill.front.number, skill.back.number} & taken:
            continue
        sides += [side.number for side in (skill.front, skill.back) if side.attribute == name]
    return sorted(sides)


def cheapest_point(campaign: Campaign, state: GameState) -> int:
    """The least an Attribute point can cost in this game [UPG-5]: with less Exp, none."""
    rules = campaign.manifest.rules
    costs = rules.challenge_attribute_costs if challenge(state, "costly_upgrades") \
        else rules.attribute_costs
    return min(costs)


def attribute_cost(campaign: Campaign, state: GameState, hero: HeroState, name: str) -> int:
    """Exp for one more point of ``name`` [UPG-5], [UPG-7]."""
    return attribute_costs(campaign, state, hero)[name]


def attribute_costs(campaign: Campaign, state: GameState, hero: HeroState) -> dict[str, int]:
    """Exp for one more point of each Attribute, by the opposed pair's total of points after
    buying (Skills counted or not, as the campaign says) [UPG-5], [UPG-7]."""
    rules = campaign.manifest.rules
    levels: dict[str, int] = {name: points(campaign, hero, name) for name in ATTRIBUTES} \
        if rules.skills_count_in_pair else hero.attributes
    costs, step = (rules.challenge_attribute_costs, rules.challenge_attribute_cost_step) \
        if challenge(state, "costly_upgrades") \
        else (rules.attribute_costs, rules.attribute_cost_step)
    found: dict[str, int] = {}
    for name in ATTRIBUTES:
        pair = levels[name] + levels[OPPOSED[name]] + 1
        found[name] = costs[pair - 1] if pair <= len(costs) \
            else costs[-1] + step * (pair - len(costs))
    return found


def buy_attribute(campaign: Campaign, state: GameState, hero_id: str, name: str,
                  skill: int | None) -> list[Event]:
    """A point on the board, or from the 3rd on a Skill card's side [ATTR-4], [UPG-1]."""
    hero = state.hero(hero_id)
    cost = attribute_cost(campaign, state, hero, name)
    hero.exp -= cost
    if skill is None:
        hero.attributes[name] += 1
    else:
        hero.skills = sorted([*hero.skills, skill])
    return [ResourcesChanged(hero=hero.id, changes={"exp": -cost}),
            AttributeRaised(hero=hero.id, attribute=name, value=attribute(campaign, hero, name))]


def deck_upgrade_cost(campaign: Campaign, state: GameState) -> tuple[int, int, int]:
    """[Exp, drawn, kept] for a deck upgrade [UPG-2], [MODE-CHALLENGE-8]."""
    rules = campaign.manifest.rules
    cost, drawn, kept = rules.challenge_deck_upgrade if challenge(state, "costly_upgrades") \
        else rules.deck_upgrade
    return cost, drawn, kept


def draw_offer(campaign: Campaign, state: GameState, hero_id: str, deck: Deck) -> list[Event]:
    """Pay Exp and draw cards from the Advanced pool to choose from [UPG-2]."""
    hero = state.hero(hero_id)
    cost, drawn, _ = deck_upgrade_cost(campaign, state)
    hero.exp -= cost
    pool = hero.combat_pool if deck == "combat" else hero.diplomacy_pool
    unseen = list(pool)
    state.offer = sorted(chance.draw_from(state, chance.point("advanced_pool", deck=deck), unseen)
                         for _ in range(min(drawn, len(pool))))
    state.offer_deck = deck
    return [ResourcesChanged(hero=hero.id, changes={"exp": -cost}),
            UpgradeOffered(hero=hero.id, deck=deck, count=len(state.offer))]


def keep(state: GameState, hero_id: str, card: str) -> list[Event]:
    """One card joins the deck; the others go back to the pool [UPG-2]."""
    hero = state.hero(hero_id)
    which = state.offer_deck or "combat"
    deck, pool = (hero.combat_deck, hero.combat_pool) if which == "combat" \
        else (hero.diplomacy_deck, hero.diplomacy_pool)
    pool.remove(card)
    deck.append(card)
    deck.sort()
    state.offer, state.offer_deck = [], None
    return [DeckChanged(hero=hero.id, card=card, deck=which, change="kept")]
