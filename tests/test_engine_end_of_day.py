"""The End of Day: upgrades with their Exp costs and dreams [UPG-*], [END-DAY-*]."""

from __future__ import annotations

import pytest

from grail.content import Campaign, bundled_pack, load_pack
from grail.engine.actions import (
    BuyAttribute,
    DeckUpgrade,
    FinishUpgrades,
    KeepCard,
    Pass,
    Rest,
    SetAside,
    TakeBack,
    Travel,
)
from grail.engine.game import Game, IllegalAction
from grail.engine.upgrades import attribute, attribute_cost


def _to_upgrades(campaign: Campaign, exp: int, mode: str = "normal") -> Game:
    game = Game.new(campaign, ["wren"], seed=1, mode=mode)  # type: ignore[arg-type]
    game.state.hero("wren").exp = exp
    game.apply(Pass(hero="wren"))
    game.apply(Rest(hero="wren", eat=True))
    return game


def test_attribute_points_cost_by_the_pair_total_after_buying(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    state, hero = game.state, game.state.hero("wren")
    hero.attributes.update(aggression=2, empathy=0)
    assert attribute_cost(minimal, state, hero, "empathy") == 6  # pair 3: the [UPG-6] example
    hero.attributes.update(empathy=2)
    assert attribute_cost(minimal, state, hero, "aggression") == 10  # pair 5 [UPG-6]
    hero.attributes.update(aggression=5, empathy=2)
    assert attribute_cost(minimal, state, hero, "empathy") == 10  # 5th and later: 10 [UPG-5]


def test_challenge_costs_rise_by_five_after_the_sixth_point(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1, mode="challenge")  # [MODE-CHALLENGE-8]
    state, hero = game.state, game.state.hero("wren")
    hero.attributes.update(courage=0, caution=0)
    assert attribute_cost(minimal, state, hero, "courage") == 5
    hero.attributes.update(courage=4, caution=3)
    assert attribute_cost(minimal, state, hero, "caution") == 30 + 5 * 2


def test_buying_a_point_spends_exp_at_the_end_of_day(minimal: Campaign) -> None:  # [UPG-1]
    game = _to_upgrades(minimal, exp=4)
    assert BuyAttribute(hero="wren", attribute="empathy") in game.legal_actions()
    game.apply(BuyAttribute(hero="wren", attribute="empathy"))  # pair 1 + 1 -> 2nd point: 4
    hero = game.state.hero("wren")
    assert (hero.exp, hero.attributes["empathy"]) == (0, 1)
    assert game.state.day == 2  # nothing more to buy: the Day turns


def test_a_third_point_is_a_skill_side_and_the_other_side_is_lost(minimal: Campaign) -> None:
    game = _to_upgrades(minimal, exp=20)
    game.state.hero("wren").attributes["spirituality"] = 2
    # Skill card 2 holds 3 Stone Sense (spirituality) and 4 Cold Reckoning (logic) [ATTR-5]
    assert BuyAttribute(hero="wren", attribute="spirituality") not in game.legal_actions()
    game.apply(BuyAttribute(hero="wren", attribute="spirituality", skill=3))
    hero = game.state.hero("wren")
    assert hero.skills == [3] and attribute(minimal, hero, "spirituality") == 3  # [ATTR-3]
    assert not [a for a in game.legal_actions()
                if isinstance(a, BuyAttribute) and a.skill == 4]


def test_a_deck_upgrade_draws_from_the_pool_and_keeps_one(minimal: Campaign) -> None:  # [UPG-2]
    game = _to_upgrades(minimal, exp=2)
    game.apply(DeckUpgrade(hero="wren", deck="combat"))
    assert game.state.offer == ["combat-4v", "wren-combat-1v"]  # the pool holds only two
    assert game.legal_actions() == [KeepCard(hero="wren", card="combat-4v"),
                                    KeepCard(hero="wren", card="wren-combat-1v")]
    game.apply(KeepCard(hero="wren", card="wren-combat-1v"))
    hero = game.state.hero("wren")
    assert "wren-combat-1v" in hero.combat_deck and hero.combat_pool == ["combat-4v"]
    assert hero.exp == 0 and game.state.day == 1  # the deck is above its minimum: build it
    game.apply(FinishUpgrades(hero="wren"))
    assert game.state.day == 2


def test_finishing_upgrades_keeps_the_exp(minimal: Campaign) -> None:
    game = _to_upgrades(minimal, exp=10)
    game.apply(FinishUpgrades(hero="wren"))
    assert game.state.hero("wren").exp == 10 and game.state.day == 2


def test_a_dreams_location_is_dreamt_at_the_end_of_day(minimal: Campaign) -> None:  # [END-DAY-6]
    game = Game.new(minimal, ["wren"], seed=1)
    game.apply(Travel(hero="wren", to=105))
    game.apply(Pass(hero="wren"))
    events = game.apply(Rest(hero="wren", eat=True))
    read = [e.entry for e in events if e.type == "entry_read"]
    assert read == ["105.d"]


def test_a_character_going_mad_reads_the_nightmare(minimal: Campaign) -> None:  # [MAD-1]
    game = Game.new(minimal, ["wren"], seed=1)
    game.apply(Travel(hero="wren", to=105))
    game.state.hero("wren").terror = 9  # the two top Terror spaces are red [SURV-5]
    game.apply(Pass(hero="wren"))
    events = game.apply(Rest(hero="wren", eat=False))
    assert [e.entry for e in events if e.type == "entry_read"] == ["105.n"]


def test_skill_sides_count_in_attribute_conditions(minimal: Campaign) -> None:  # [ATTR-3]
    from grail.content.conditions import AttributeAtLeast
    from grail.engine.conditions import holds

    game = Game.new(minimal, ["wren"], seed=1)
    hero = game.state.hero("wren")
    hero.attributes["spirituality"] = 2
    test = AttributeAtLeast.model_validate({"attribute": {"spirituality": 3}})
    assert not holds(minimal, game.state, test, [hero])
    hero.skills = [3]  # Stone Sense supports Spirituality
    assert holds(minimal, game.state, test, [hero])


def _with_four_combat_cards(campaign: Campaign) -> Game:
    game = _to_upgrades(campaign, exp=2)
    game.apply(DeckUpgrade(hero="wren", deck="combat"))
    game.apply(KeepCard(hero="wren", card="wren-combat-1v"))
    return game


def test_a_deck_above_the_minimum_may_set_a_card_aside_END_DAY_5_UPG_3(minimal: Campaign) -> None:
    game = _with_four_combat_cards(minimal)  # minimum 3 in the minimal pack
    legal = game.legal_actions()
    assert SetAside(hero="wren", card="combat-1v") in legal  # starting cards too [END-DAY-5]
    assert not [a for a in legal if isinstance(a, SetAside) and "diplomacy" in a.card]
    game.apply(SetAside(hero="wren", card="combat-1v"))
    hero = game.state.hero("wren")
    assert hero.combat_deck == ["combat-2v", "combat-3v", "wren-combat-1v"]
    assert hero.set_aside == ["combat-1v"] and "combat-1v" not in hero.combat_pool  # [UPG-4]
    assert not [a for a in game.legal_actions() if isinstance(a, SetAside)]  # at 3: no more
    with pytest.raises(IllegalAction, match=r"\[UPG-3\]"):
        game.apply(SetAside(hero="wren", card="combat-2v"))


def test_set_aside_cards_stay_with_the_character_and_come_back_later_UPG_4(
        minimal: Campaign) -> None:
    game = _with_four_combat_cards(minimal)
    game.apply(SetAside(hero="wren", card="combat-1v"))
    game.apply(FinishUpgrades(hero="wren"))
    assert game.state.day == 2
    hero = game.state.hero("wren")
    assert hero.set_aside == ["combat-1v"] and hero.combat_pool == ["combat-4v"]
    with pytest.raises(IllegalAction, match=r"\[UPG-3\]"):  # only at the End of Day
        game.apply(TakeBack(hero="wren", card="combat-1v"))
    game.apply(Pass(hero="wren"))
    game.apply(Rest(hero="wren", eat=True))
    assert TakeBack(hero="wren", card="combat-1v") in game.legal_actions()
    game.apply(TakeBack(hero="wren", card="combat-1v"))
    assert game.state.hero("wren").combat_deck == ["combat-1v", "combat-2v", "combat-3v",
                                                   "wren-combat-1v"]
    assert game.state.hero("wren").set_aside == []


def test_nothing_to_build_asks_nothing_END_DAY_5(minimal: Campaign) -> None:
    game = _to_upgrades(minimal, exp=0)  # decks at the minimum, nothing set aside
    assert game.state.day == 2 and game.state.stage == "day"


def test_a_card_in_use_adds_no_point_to_the_pair_total_UPG_5(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    hero = game.state.hero("wren")
    hero.attributes.update(courage=1, caution=0)
    hero.items, hero.face_up = [2], ["item:2"]  # the Waxed Cloak: +1 Caution while worn
    assert attribute(minimal, hero, "caution") == 1
    assert attribute_cost(minimal, game.state, hero, "courage") == 4  # pair 1 + 0 + 1: 2nd point


def test_a_skill_that_made_the_2nd_point_makes_the_3rd_a_skill_too_ATTR_4() -> None:
    """ "Cuando obtengas un tercer punto (o sucesivos) en un Atributo único, añade una carta
    de Habilidad": the third point of the Attribute, markers and Skills together."""
    bundled = load_pack(bundled_pack())
    game = Game.new(bundled, ["tamsin"], seed=1)
    hero = game.state.hero("tamsin")
    hero.attributes["courage"], hero.skills, hero.exp = 1, [3], 30  # Skill 3 is Courage's
    game.apply(Pass(hero="tamsin"))
    game.apply(Rest(hero="tamsin", eat=True))
    raises = [a for a in game.legal_actions() if isinstance(a, BuyAttribute)
              and a.attribute == "courage"]
    assert raises and all(a.skill is not None for a in raises)
