"""Decisions effects ask for: a Skill side [ATTR-5], where special movement goes [MAP-9],
an Item over the Challenge cap [MODE-CHALLENGE-10]; and Items left by the dead [DEATH-4]."""

from __future__ import annotations

import pytest

from grail.content import Campaign, load_pack
from grail.content.effects import GainItem
from grail.engine import death
from grail.engine.actions import (
    Action,
    ChooseReplacement,
    ItemCap,
    MoveTo,
    Pass,
    PickSkill,
    PickUp,
    Rest,
    Travel,
    UseCard,
)
from grail.engine.events import ResourcesChanged
from grail.engine.game import Game, IllegalAction
from grail.engine.state import GameState
from grail.engine.upgrades import attribute
from grail.engine.world import apply_effect

from .conftest import MINIMAL, changed


@pytest.fixture(scope="module")
def capped() -> Campaign:
    """The minimal pack with a Challenge cap of 2 Items, so that the cap can be reached."""
    campaign = load_pack(MINIMAL)
    rules = campaign.manifest.rules.model_copy(update={"challenge_item_cap": 2})
    return changed(campaign, manifest=campaign.manifest.model_copy(update={"rules": rules}))


def _gain_item(game: Game, number: int | None = None, hero: str = "wren", **pick: object) -> None:
    effect = GainItem.model_validate({"gain_item": {"number": number, **pick}})
    apply_effect(game.campaign, game.state, effect, [game.state.hero(hero)])
    game.refresh()


def _dream_on_105(game: Game) -> None:
    """Wren sleeps on 105, whose Dream gives a Skill of Spirituality."""
    game.apply(Travel(hero="wren", to=105))
    game.apply(Pass(hero="wren"))
    game.apply(Rest(hero="wren", eat=True))


def test_gaining_a_skill_asks_which_free_side_to_keep_ATTR_5(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    before = attribute(minimal, game.state.hero("wren"), "spirituality")
    _dream_on_105(game)
    assert game.legal_actions() == [PickSkill(hero="wren", skill=3)]  # the free Spirituality side
    with pytest.raises(IllegalAction, match=r"\[ATTR-5\]"):
        game.apply(Rest(hero="wren", eat=False))
    game.apply(PickSkill(hero="wren", skill=3))
    hero = game.state.hero("wren")
    assert hero.skills == [3]
    assert attribute(minimal, hero, "spirituality") == before + 1  # [ATTR-3]


def test_no_skill_is_gained_when_no_card_of_it_is_left_ATTR_4(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    game.state.hero("wren").skills = [4]  # card 2's other side is Spirituality: it is taken
    game.refresh()
    _dream_on_105(game)
    assert not game.state.asked and game.state.hero("wren").skills == [4]
    assert not [a for a in game.legal_actions() if isinstance(a, PickSkill)]


def test_moving_to_any_connected_location_is_a_choice_and_the_reading_waits_MAP_9(
        minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    game.state.hero("wren").secrets = [1]  # Follow the hollow: move, then gain 1 Rep
    game.refresh()
    energy, rep = game.state.hero("wren").energy, game.state.hero("wren").rep
    game.apply(UseCard(hero="wren", card="secret:1", use=0))
    assert game.legal_actions() == [MoveTo(hero="wren", to=n) for n in (102, 103, 104, 105)]
    assert game.state.hero("wren").rep == rep  # the rest of the use waits for the choice
    events = game.apply(MoveTo(hero="wren", to=102))
    hero = game.state.hero("wren")
    assert (hero.location, hero.energy, hero.rep) == (102, energy, rep + 1)  # not Travel
    changes = [e.changes for e in events if isinstance(e, ResourcesChanged)]
    assert changes == [{"terror": 1}, {"rep": 1}]  # 102's lightning rules come first [MAP-6]


def test_a_destination_off_the_list_is_refused_MAP_9(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    game.state.hero("wren").secrets = [1]
    game.refresh()
    game.apply(UseCard(hero="wren", card="secret:1", use=0))
    with pytest.raises(IllegalAction, match=r"\[MAP-9\]"):
        game.apply(MoveTo(hero="wren", to=107))


def test_at_the_challenge_cap_a_new_item_replaces_a_held_one_or_is_refused_MODE_CHALLENGE_10(
        capped: Campaign) -> None:
    game = Game.new(capped, ["wren"], seed=1, mode="challenge")
    _gain_item(game, 1)
    _gain_item(game, 2)
    _gain_item(game, 4)
    assert game.legal_actions() == [ItemCap(hero="wren", item=4, discard=1),
                                    ItemCap(hero="wren", item=4, discard=2),
                                    ItemCap(hero="wren", item=4)]
    game.apply(ItemCap(hero="wren", item=4, discard=1))
    assert game.state.hero("wren").items == [2, 4]
    _gain_item(game, 3)
    game.apply(ItemCap(hero="wren", item=3))  # refused: it stays in the Item deck
    assert game.state.hero("wren").items == [2, 4]
    _gain_item(game, keyword="shield")  # so the refused shield can be drawn again
    assert game.legal_actions()[-1] == ItemCap(hero="wren", item=3)


def test_items_left_by_the_dead_are_taken_without_an_action_DEATH_4(
        three_heroes: Campaign) -> None:
    game = Game.new(three_heroes, ["wren", "ash"], seed=1)
    game.state.hero("wren").items = [4]
    death.die(three_heroes, game.state, game.state.hero("wren"))
    game.refresh()
    game.apply(ChooseReplacement(hero="kes"))
    _gain_item(game, hero="ash", keyword="companion")  # the one companion lies on 101
    assert game.state.hero("ash").items == []
    legal = game.legal_actions()
    assert PickUp(hero="ash", item=4) in legal and PickUp(hero="kes", item=4) in legal
    game.apply(PickUp(hero="ash", item=4))
    assert game.state.hero("ash").items == [4] and game.state.left_items == {}
    assert not game.state.hero("ash").acted  # not an action, as trading is not [ITEM-5]
    with pytest.raises(IllegalAction, match=r"\[DEATH-4\]"):
        game.apply(PickUp(hero="kes", item=4))


def test_items_left_by_the_dead_go_with_their_location_DEATH_4(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    game.state.left_items = {"105": [4], "101": [5]}
    game.state.menhirs[0].location = 102  # 105 leaves the map at the next Start of Day
    game.refresh()
    assert PickUp(hero="wren", item=5) in game.legal_actions()
    assert PickUp(hero="wren", item=4) not in game.legal_actions()  # not where she stands
    game.apply(Pass(hero="wren"))
    game.apply(Rest(hero="wren", eat=True))
    assert game.state.left_items == {"101": [5]}


def test_picking_up_at_the_cap_is_the_caps_decision_and_a_refused_item_stays(
        capped: Campaign) -> None:
    game = Game.new(capped, ["wren"], seed=1, mode="challenge")
    _gain_item(game, 1)
    _gain_item(game, 2)
    game.state.left_items = {"101": [4]}
    game.refresh()
    game.apply(PickUp(hero="wren", item=4))
    assert ItemCap(hero="wren", item=4, discard=2) in game.legal_actions()
    game.apply(ItemCap(hero="wren", item=4))
    assert game.state.left_items == {"101": [4]}
    game.apply(PickUp(hero="wren", item=4))
    game.apply(ItemCap(hero="wren", item=4, discard=2))
    assert game.state.hero("wren").items == [1, 4] and game.state.left_items == {}


def test_new_actions_and_a_waiting_decision_round_trip_as_json(minimal: Campaign) -> None:
    for action in (UseCard(hero="wren", card="skill:3", use=0), PickSkill(hero="wren", skill=3),
                   MoveTo(hero="wren", to=102), ItemCap(hero="wren", item=4, discard=None),
                   PickUp(hero="wren", item=4)):
        assert Action.from_json(action.to_json()) == action
    game = Game.new(minimal, ["wren"], seed=1)
    _dream_on_105(game)
    assert game.state.asked
    assert GameState.model_validate_json(game.state.model_dump_json()) == game.state


def test_special_movement_to_an_unrevealed_location_puts_it_at_its_own_spot_MAP_9(
        minimal: Campaign) -> None:
    """Moved by a card to 107, two steps away and not yet on the map, Wren finds it where
    its keys lay it out (above Lowen Ford), not on the card she left."""
    from grail.content.effects import Move

    game = Game.new(minimal, ["wren"], seed=1)
    wren = game.state.hero("wren")
    assert game.state.spot_of(107) is None and minimal.grid[107] == (1, -1)
    apply_effect(minimal, game.state, Move.model_validate({"move": {"location": 107}}), [wren])
    assert wren.location == 107 and game.state.spot_of(107) == (1, -1)
    spots = [(p.x, p.y) for p in game.state.placed]
    assert len(spots) == len(set(spots))  # one card a spot
