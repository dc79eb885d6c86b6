"""Story mode's relief and Challenge rules adopted whole or one by one [MODE-*]."""

from __future__ import annotations

from pathlib import Path

import pytest

from grail.cli import main
from grail.content import Campaign
from grail.engine.game import Game
from grail.engine.modes import CHALLENGE_RULES, challenge
from grail.engine.setup import SetupError
from grail.engine.state import ChallengeRule
from grail.engine.survival import panics, settle

from .conftest import MINIMAL


def test_every_challenge_rule_is_listed_once_MODE_CHALLENGE_1() -> None:
    from typing import get_args

    assert list(CHALLENGE_RULES) == list(get_args(ChallengeRule))


def test_solo_story_health_caps_no_energy_and_brings_no_panic_MODE_STORY_2(
        minimal: Campaign) -> None:
    story = Game.new(minimal, ["wren"], seed=1, mode="story")
    normal = Game.new(minimal, ["wren"], seed=1)
    for game in (story, normal):
        hero = game.state.hero("wren")
        hero.health, hero.terror = 2, 4
        settle(minimal, hero)
    assert story.state.hero("wren").energy == 6 and not panics(minimal, story.state.hero("wren"))
    assert normal.state.hero("wren").energy == 2 and panics(minimal, normal.state.hero("wren"))


def test_story_mode_may_be_left_at_any_time_MODE_STORY_3(minimal: Campaign) -> None:
    from grail.engine.actions import LeaveStoryMode, Travel
    from grail.engine.game import IllegalAction

    game = Game.new(minimal, ["wren"], seed=1, mode="story")
    assert game.state.hero("wren").health_marker == "plain"
    game.apply(Travel(hero="wren", to=104))
    assert LeaveStoryMode() in game.legal_actions()
    game.apply(LeaveStoryMode())
    assert game.state.mode == "normal" and game.state.hero("wren").health_marker == "upright"
    assert LeaveStoryMode() not in game.legal_actions()
    with pytest.raises(IllegalAction, match=r"\[MODE-STORY-3\]"):
        game.apply(LeaveStoryMode())
    assert Game.replay(minimal, game.setup, game.log).state_hash() == game.state_hash()


def test_the_upside_down_health_marker_caps_energy_lower_MODE_CHALLENGE_2(
        minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1, mode="challenge")
    hero = game.state.hero("wren")
    assert hero.health_marker == "upside_down"
    assert (hero.health, hero.energy) == (6, 5)  # offset 1, the setting's default
    hero.terror = 6
    assert panics(minimal, hero)  # Terror 6 > the bar at 5 [SURV-6]


def _dial(game: Game) -> int | None:
    return game.state.menhirs[0].dial


def test_the_whole_challenge_is_the_default_MODE_CHALLENGE_1(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1, mode="challenge")
    assert game.state.challenge_rules is None
    assert all(challenge(game.state, rule) for rule in CHALLENGE_RULES)
    assert game.state.hero("wren").secrets == [2]  # the Challenge Secret [MODE-CHALLENGE-3]
    assert _dial(game) == _dial(Game.new(minimal, ["wren"], seed=1)) - 1  # [MODE-CHALLENGE-6]


def test_challenge_rules_may_be_adopted_one_by_one_MODE_CHALLENGE_1(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1, mode="challenge",
                    challenge_rules=["item_cap", "short_menhirs"])
    normal = Game.new(minimal, ["wren"], seed=1)
    state = game.state
    assert state.challenge_rules == ["short_menhirs", "item_cap"]  # the rulebook's order
    assert challenge(state, "item_cap") and not challenge(state, "costly_upgrades")
    assert state.hero("wren").secrets == [] and state.hero("wren").health_marker == "upright"
    assert state.event_deck == normal.state.event_deck  # Random Events as usual
    assert _dial(game) == _dial(normal) - 1
    again = Game.replay(minimal, game.setup, game.log)
    assert again.state_hash() == game.state_hash()


def test_challenge_rules_need_challenge_mode_and_real_names(minimal: Campaign) -> None:
    with pytest.raises(SetupError, match="challenge mode only"):
        Game.new(minimal, ["wren"], seed=1, challenge_rules=["item_cap"])
    with pytest.raises(SetupError, match="no Challenge rule 'hard'"):
        Game.new(minimal, ["wren"], seed=1, mode="challenge",
                 challenge_rules=["hard"])  # type: ignore[list-item]


def test_grail_new_adopts_challenge_rules_one_by_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    assert main(["new", str(path), "--pack", str(MINIMAL), "--hero", "wren", "--mode",
                 "challenge", "--challenge-rule", "item_cap"]) == 0
    assert "challenge mode (item_cap)" in capsys.readouterr().out
    assert main(["show", str(path)]) == 0
    assert "challenge mode (item_cap)" in capsys.readouterr().out
    assert main(["replay", str(path)]) == 0
