"""Several Guardians on one Location: the players choose the order [GUARD-6]."""

from __future__ import annotations

import pytest

from grail.content import Campaign
from grail.engine.actions import FaceGuardian, Travel
from grail.engine.encounter_decks import take_out
from grail.engine.game import Game, IllegalAction
from grail.engine.state import Guardian

from .conftest import play_out


def _two_guardians_at_107(campaign: Campaign) -> Game:
    game = Game.new(campaign, ["wren"], seed=1)
    for _, card in (("purple", "purple-shade"), ("green", "green-boar")):
        take_out(game.state, card)
        game.state.guardians.append(Guardian(id=card, location=107))
    game.refresh()
    game.apply(Travel(hero="wren", to=104))
    return game


def test_entering_with_several_guardians_lets_the_players_choose_the_order_GUARD_6(
        minimal: Campaign) -> None:
    game = _two_guardians_at_107(minimal)
    game.apply(Travel(hero="wren", to=107))
    assert game.state.encounter is None
    assert game.legal_actions() == [FaceGuardian(id="purple-shade"), FaceGuardian(id="green-boar")]
    game.apply(FaceGuardian(id="green-boar"))
    assert game.state.encounter is not None and game.state.encounter.id == "green-boar"
    assert game.state.encounter.heroes == ["wren"]
    play_out(game, won=False)
    # one is left: no choice, it attacks at once
    assert game.state.encounter is not None and game.state.encounter.id == "purple-shade"
    play_out(game, won=True)
    # only then the Location's lightning rule: the Ridge Warden [MAP-6]
    assert game.state.encounter is not None and game.state.encounter.id == "grey-warden"


def test_facing_a_guardian_is_only_a_choice_among_several_GUARD_6(minimal: Campaign) -> None:
    game = _two_guardians_at_107(minimal)
    with pytest.raises(IllegalAction, match=r"\[GUARD-6\]"):
        game.apply(FaceGuardian(id="green-boar"))
    game.apply(Travel(hero="wren", to=107))
    game.apply(FaceGuardian(id="purple-shade"))
    with pytest.raises(IllegalAction):  # the fight under way comes first
        game.apply(FaceGuardian(id="green-boar"))


def test_a_character_who_falls_faces_no_further_guardian_DEATH_1(minimal: Campaign) -> None:
    game = _two_guardians_at_107(minimal)
    game.apply(Travel(hero="wren", to=107))
    game.apply(FaceGuardian(id="green-boar"))
    game.state.hero("wren").health = 0  # the fight left Wren at 0 Health
    play_out(game, won=False)
    assert game.state.encounter is None or game.state.encounter.id != "purple-shade"
    assert game.state.facing == []


def test_guardians_moving_onto_the_same_characters_wait_together_GUARD_4(
        minimal: Campaign) -> None:
    from grail.engine.guardians import choices, meet

    game = Game.new(minimal, ["wren"], seed=1)
    meet(game.state, 101, ["wren"], ["purple-shade"])
    meet(game.state, 101, ["wren"], ["green-boar"])
    assert choices(game.state) == ["purple-shade", "green-boar"]
