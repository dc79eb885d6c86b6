"""Uses of Items, Secrets and Skills outside Encounters [DAY-6], [ITEM-1], and the expired
effects of Time dials [DAY-START-4], [DIAL-1]."""

from __future__ import annotations

import pytest

from grail.content import Campaign, load_pack
from grail.content.effects import AddEvent, GainItem, GainSecret
from grail.engine.actions import Explore, FaceUp, Pass, Rest, Travel, UseCard
from grail.engine.events import DialGone, EventRevealed, ResourcesChanged
from grail.engine.game import Game, IllegalAction
from grail.engine.journal import resolve
from grail.engine.world import apply_effect
from grail.words.actions import action_lines

from .conftest import MINIMAL, changed, like_wren


@pytest.fixture(scope="module")
def two_heroes() -> Campaign:
    """The minimal pack with a second hero like Wren, acting before her."""
    return like_wren(load_pack(MINIMAL), ("ash", 1))


def _gain(game: Game, effect: object, hero: str = "wren") -> None:
    apply_effect(game.campaign, game.state, effect, [game.state.hero(hero)])
    resolve(game.campaign, game.state)  # what the effect set going, as the engine would
    game.refresh()


def _next_day(game: Game) -> list[object]:
    game.apply(Pass(hero="wren"))
    return list(game.apply(Rest(hero="wren", eat=True)))


def test_an_items_action_use_is_a_day_action_once_a_day_DAY_6(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    _gain(game, GainItem.model_validate({"gain_item": {"number": 4}}))  # Fetch: 1 Energy
    fetch = UseCard(hero="wren", card="item:4", use=0)
    assert fetch in game.legal_actions()
    before = game.state.hero("wren").model_copy()
    game.apply(fetch)
    hero = game.state.hero("wren")
    assert (hero.energy, hero.food) == (before.energy - 1, before.food + 1)
    assert fetch not in game.legal_actions()  # once a Day
    with pytest.raises(IllegalAction, match=r"\[DAY-5\]"):
        game.apply(fetch)
    _next_day(game)
    assert fetch in game.legal_actions()  # ready again after the Start of Day


def test_an_action_use_counts_as_the_characters_action_DAY_3(two_heroes: Campaign) -> None:
    game = Game.new(two_heroes, ["wren", "ash"], seed=1)
    _gain(game, GainItem.model_validate({"gain_item": {"number": 4}}))
    assert [h.id for h in game.actors()] == ["ash", "wren"]
    game.apply(UseCard(hero="wren", card="item:4", use=0))
    assert [h.id for h in game.actors()] == ["ash"]  # wren acted this round


def test_a_use_at_any_time_is_not_an_action_and_needs_no_turn(two_heroes: Campaign) -> None:
    game = Game.new(two_heroes, ["wren", "ash"], seed=1)
    _gain(game, GainItem.model_validate({"gain_item": {"number": 5}}))  # Rattle: any time
    game.state.hero("wren").terror = 3
    game.apply(Pass(hero="wren"))  # wren has passed; ash still acts
    rattle = UseCard(hero="wren", card="item:5", use=0)
    assert rattle in game.legal_actions()
    game.apply(rattle)
    assert game.state.hero("wren").terror == 2
    assert not game.state.hero("ash").acted and [h.id for h in game.actors()] == ["ash"]


def test_only_the_face_up_card_of_a_keyword_has_uses_ITEM_1(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    _gain(game, GainItem.model_validate({"gain_item": {"number": 5}}))  # a relic
    _gain(game, GainSecret.model_validate({"gain_secret": 2}))  # another relic [SECRET-5]
    game.apply(FaceUp(hero="wren", card="secret:2"))
    rattle = UseCard(hero="wren", card="item:5", use=0)
    assert rattle not in game.legal_actions()
    with pytest.raises(IllegalAction, match=r"\[ITEM-1\]"):
        game.apply(rattle)


def test_encounter_uses_are_not_taken_during_the_day_ITEM_3(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    _gain(game, GainItem.model_validate({"gain_item": {"number": 1}}))  # Chop: in combat
    assert not [a for a in game.legal_actions() if isinstance(a, UseCard)]
    with pytest.raises(IllegalAction, match=r"\[ITEM-1\]"):
        game.apply(UseCard(hero="wren", card="item:1", use=0))


def test_a_skills_use_pays_its_cost_and_checks_its_condition_ATTR_5(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    game.state.hero("wren").skills = [3]  # Stone Sense: 1 Magic, while no omen dial is up
    game.refresh()
    omen = UseCard(hero="wren", card="skill:3", use=0)
    magic = game.state.hero("wren").magic
    game.apply(omen)
    assert game.state.hero("wren").magic == magic - 1
    assert [(d.id, d.value) for d in game.state.dials] == [("omen", 1)]
    assert omen not in game.legal_actions()  # its condition no longer holds


def test_a_time_dial_placed_by_a_use_resolves_its_expired_effects_DIAL_1(
        minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    game.state.hero("wren").skills = [3]
    game.refresh()
    game.apply(UseCard(hero="wren", card="skill:3", use=0))
    exp = game.state.hero("wren").exp
    events = _next_day(game)  # at 1 it cannot turn lower: it leaves play [DAY-START-4]
    assert game.state.dials == []
    assert game.state.hero("wren").exp == exp + 1
    assert DialGone(dial="omen", ran_out=True) in events


def test_a_journal_dials_expired_effects_resolve_when_it_runs_out_DAY_START_4(
        minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    game.state.hero("wren").wealth = 2  # the toll is paid: its dial starts at 3, turned to 2
    game.refresh()
    game.apply(Travel(hero="wren", to=104))
    game.apply(Explore(hero="wren"))
    assert [(d.id, d.value) for d in game.state.dials] == [("toll", 2)]
    _next_day(game)
    assert [(d.id, d.value) for d in game.state.dials] == [("toll", 1)]
    events = _next_day(game)
    ran_out = events.index(DialGone(dial="toll", ran_out=True))
    after = [e for e in events[ran_out:] if isinstance(e, ResourcesChanged)]
    assert after[0] == ResourcesChanged(hero="wren", changes={"terror": 1})  # its expired


def test_a_secrets_own_dial_hits_its_holder_when_it_runs_out(minimal: Campaign) -> None:
    secret = minimal.secret[2]
    assert secret.dial is not None
    dial = secret.dial.model_copy(update={"token": "time", "value": 1, "expired": [
        GainItem.model_validate({"gain_item": {"number": 4}})]})
    secrets = [s for s in minimal.secrets if s.number != 2] + [secret.model_copy(
        update={"dial": dial})]
    campaign = changed(minimal, secrets=secrets)
    game = Game.new(campaign, ["wren"], seed=1)
    _gain(game, GainSecret.model_validate({"gain_secret": 2}))
    assert game.state.dials[0].expired is not None
    _next_day(game)
    assert game.state.hero("wren").items == [4]


def test_a_dial_that_runs_out_puts_its_event_in_before_the_days_event_is_revealed_DAY_START_4(
        minimal: Campaign) -> None:
    """Step 4 of the Start of Day resolves whole before step 5: an Event a dial that runs
    out puts on top of the deck is the one revealed that Day ("Reduce los diales de Tiempo
    ... 5) Revela y lee una nueva carta de Evento")."""
    secret = minimal.secret[2]
    assert secret.dial is not None
    dial = secret.dial.model_copy(update={"token": "time", "value": 1, "expired": [
        AddEvent.model_validate({"add_event": {"id": "ev-storm", "where": "top"}})]})
    secrets = [s for s in minimal.secrets if s.number != 2] + [secret.model_copy(
        update={"dial": dial})]
    game = Game.new(changed(minimal, secrets=secrets), ["wren"], seed=1)
    _gain(game, GainSecret.model_validate({"gain_secret": 2}))
    assert game.state.event_deck[0] != "ev-storm"
    events = _next_day(game)
    assert game.state.event == "ev-storm"
    assert events.index(DialGone(dial=dial.id, ran_out=True)) < \
        events.index(EventRevealed(event="ev-storm"))


def test_an_end_of_day_use_is_offered_at_that_characters_rest_END_DAY_1(
        minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    game.state.hero("wren").skills = [4]  # Cold Reckoning: at the End of Day, gain 1 Exp
    game.refresh()
    reckon = UseCard(hero="wren", card="skill:4", use=0)
    assert reckon not in game.legal_actions()  # not during the Day
    game.apply(Pass(hero="wren"))
    assert reckon in game.legal_actions()
    game.apply(reckon)
    assert game.state.hero("wren").exp == 1
    assert reckon not in game.legal_actions()  # the End of Day comes once a Day
    assert Rest(hero="wren", eat=True) in game.legal_actions()


def test_the_text_interface_names_the_card_and_its_use(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    game.state.hero("wren").skills = [3]
    game.refresh()
    assert "8. Use: Wren of the Marsh uses Stone Sense: Hear the omen" in action_lines(game)


def test_a_discard_use_gives_up_its_card_to_the_item_deck_DISC_1(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    _gain(game, GainItem.model_validate({"gain_item": {"number": 3}}))  # Burn for warmth
    game.state.hero("wren").terror = 2
    game.apply(Pass(hero="wren"))
    game.apply(UseCard(hero="wren", card="item:3", use=1))
    hero = game.state.hero("wren")
    assert (hero.items, hero.face_up, hero.terror) == ([], [], 1)  # gone, its effect resolved
    _gain(game, GainItem.model_validate({"gain_item": {"keyword": "shield"}}))
    assert game.state.hero("wren").items == [3]  # back in the Item deck
