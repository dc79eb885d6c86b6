"""Death and "You Are Dying" [SURV-4], [DEATH-1]..[DEATH-6]."""

from __future__ import annotations

from grail.content import Campaign
from grail.engine import death
from grail.engine.actions import (
    AcceptMercy,
    ChooseReplacement,
    EndCampaign,
    GiveSecret,
    Pass,
    PickSkill,
    Travel,
)
from grail.engine.game import Game


def test_solo_death_loses_the_game(minimal: Campaign) -> None:  # [DEATH-2]
    game = Game.new(minimal, ["wren"], seed=1)
    game.state.hero("wren").health = 1
    game.state.hero("wren").terror = 0
    game.state.menhirs[0].location = 102  # 105 will vanish with the hero on it [MENHIR-3]
    game.refresh()
    game.apply(Travel(hero="wren", to=105))
    game.apply(Pass(hero="wren"))
    game.apply(game.legal_actions()[0])  # rest, and the Dream on 105 gives a Skill
    events = game.apply(PickSkill(hero="wren", skill=3))  # the Wyrdness takes the last Health
    assert game.state.outcome == "lost" and game.state.dead == ["wren"]
    assert game.legal_actions() == [AcceptMercy(), EndCampaign()]  # [MERCY-1]
    game.apply(EndCampaign())
    assert game.is_terminal() and game.legal_actions() == []
    assert "wren takes 'You Are Dying'" in [getattr(e, "what", "") for e in events]  # [DEATH-1]


def test_a_coop_death_hands_over_and_brings_a_new_character(three_heroes: Campaign) -> None:
    game = Game.new(three_heroes, ["wren", "ash"], seed=1)
    wren = game.state.hero("wren")
    wren.items, wren.secrets = [1], [1, 2]  # Secret 1 is Personal
    death.die(three_heroes, game.state, wren)
    game.refresh()
    assert game.state.left_items == {"101": [1]}  # [DEATH-4]
    assert game.legal_actions() == [GiveSecret(secret=2, to="ash")]  # [DEATH-5]
    game.apply(GiveSecret(secret=2, to="ash"))
    assert game.state.hero("ash").secrets == [2]
    assert game.legal_actions() == [ChooseReplacement(hero="kes")]
    game.apply(ChooseReplacement(hero="kes"))  # [DEATH-3]
    kes = game.state.hero("kes")
    assert kes.location == 101 and kes.energy == 6
    assert [h.id for h in game.state.heroes] == ["ash", "kes"]
    assert not game.is_terminal()


def test_no_one_left_to_replace_the_dead_loses_the_game(three_heroes: Campaign) -> None:
    game = Game.new(three_heroes, ["wren", "ash", "kes"], seed=1)  # [DEATH-6]
    death.die(three_heroes, game.state, game.state.hero("ash"))
    assert game.state.outcome == "lost" and game.state.stage == "mercy"  # [MERCY-1]


def test_mercy_brings_back_the_character_whose_death_lost_the_game(
        three_heroes: Campaign) -> None:  # [MERCY-1], [DEATH-6]
    game = Game.new(three_heroes, ["wren", "ash", "kes"], seed=1)
    game.state.hero("ash").secrets = [2]
    death.die(three_heroes, game.state, game.state.hero("ash"))
    assert game.state.hand_over == []  # lost: nothing is handed over
    game.refresh()
    game.apply(AcceptMercy())
    assert [h.id for h in game.state.heroes] == ["wren", "ash", "kes"]
    assert game.state.hero("ash").secrets == [2] and game.state.dead == []
