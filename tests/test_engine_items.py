"""Items and Secrets in use: one face-up card per keyword [ITEM-1], [ITEM-2], [SECRET-5]."""

from __future__ import annotations

from grail.content import Campaign
from grail.content.effects import GainItem, GainSecret
from grail.engine.actions import FaceUp, Pass, Rest
from grail.engine.game import Game
from grail.engine.journal import resolve
from grail.engine.upgrades import attribute
from grail.engine.world import apply_effect


def _gain(campaign: Campaign, game: Game, effect: object) -> None:
    apply_effect(campaign, game.state, effect, [game.state.hero("wren")])
    resolve(campaign, game.state)  # what the effect set going, as the engine would
    game.refresh()


def test_a_first_card_of_a_keyword_is_put_in_use(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    _gain(minimal, game, GainItem.model_validate({"gain_item": {"number": 2}}))  # armor
    assert game.state.hero("wren").face_up == ["item:2"]


def test_a_second_card_of_a_keyword_asks_which_to_use(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    _gain(minimal, game, GainItem.model_validate({"gain_item": {"number": 5}}))  # relic
    _gain(minimal, game, GainSecret.model_validate({"gain_secret": 2}))  # a relic Secret [SECRET-5]
    assert game.legal_actions() == [FaceUp(hero="wren", card="item:5"),
                                    FaceUp(hero="wren", card="secret:2")]
    game.apply(FaceUp(hero="wren", card="secret:2"))
    assert game.state.hero("wren").face_up == ["secret:2"]
    game.apply(Pass(hero="wren"))
    game.apply(Rest(hero="wren", eat=True))  # the Start of Day asks again [DAY-START-8]
    assert [a.type for a in game.legal_actions()] == ["face_up", "face_up"]


def test_a_passive_card_in_use_raises_its_attribute(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    hero = game.state.hero("wren")
    before = attribute(minimal, hero, "caution")
    _gain(minimal, game, GainItem.model_validate({"gain_item": {"number": 2}}))  # +1 Caution
    assert attribute(minimal, game.state.hero("wren"), "caution") == before + 1


def test_a_secrets_own_effects_resolve_when_it_is_gained(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    magic = game.state.hero("wren").magic
    apply_effect(minimal, game.state, GainSecret.model_validate({"gain_secret": 2}),
                 [game.state.hero("wren")])
    assert [(f.source, f.key) for f in game.state.frames] == [("secret", "2")]  # [SECRET-1]
    resolve(minimal, game.state)
    assert game.state.hero("wren").magic == magic + 1 and game.state.frames == []
