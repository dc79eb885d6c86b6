"""Story mode's relief and Challenge rules adopted whole or one by one [MODE-*]."""

from __future__ import annotations

from pathlib import Path

import pytest

from grail.cli import main
from grail.content import Campaign
from grail.content.effects import Gain, PlaceMenhir, SetMeters
from grail.engine.actions import Activate, Share, Trade, UseCard
from grail.engine.events import ResourcesChanged
from grail.engine.game import Game, IllegalAction
from grail.engine.modes import CHALLENGE_RULES, challenge, resource_cap
from grail.engine.setup import SetupError
from grail.engine.state import ChallengeRule, Mode
from grail.engine.survival import panics, settle
from grail.engine.world import apply_effect
from grail.words.refusals import setup_words

from .conftest import MINIMAL, play_out
from .encounter_helpers import FIRST, Table


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
    with pytest.raises(SetupError) as outside:
        Game.new(minimal, ["wren"], seed=1, challenge_rules=["item_cap"])
    assert outside.value.code == "rules_outside_challenge"
    assert setup_words(minimal, outside.value).endswith("challenge mode only")
    with pytest.raises(SetupError) as unknown:
        Game.new(minimal, ["wren"], seed=1, mode="challenge",
                 challenge_rules=["hard"])  # type: ignore[list-item]
    assert (unknown.value.code, unknown.value.fields["rule"]) == ("no_rule", "hard")
    assert setup_words(minimal, unknown.value).startswith("no Challenge rule 'hard'")


def test_grail_new_adopts_challenge_rules_one_by_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.grail"
    assert main(["new", str(path), "--pack", str(MINIMAL), "--hero", "wren", "--mode",
                 "challenge", "--challenge-rule", "item_cap"]) == 0
    assert "challenge mode (at most 5 Items per character)" in capsys.readouterr().out
    assert main(["show", str(path)]) == 0
    assert "challenge mode (at most 5 Items per character)" in capsys.readouterr().out
    assert main(["replay", str(path)]) == 0


# --- [MODE-CHALLENGE-9]: every way a resource arrives stops at the cap ----------------------


def _capped_game(campaign: Campaign, heroes: list[str], mode: Mode = "challenge") -> Game:
    return Game.new(campaign, heroes, seed=1, mode=mode)


def test_the_cap_is_per_resource_exp_excepted_MODE_CHALLENGE_9(minimal: Campaign) -> None:
    state = _capped_game(minimal, ["wren"]).state
    assert [resource_cap(minimal, state, name) for name in
            ("food", "wealth", "rep", "magic", "exp", "health")] == [20, 20, 20, 20, None, None]
    only_items = _capped_game(minimal, ["wren"]).state
    only_items.challenge_rules = ["item_cap"]
    assert resource_cap(minimal, only_items, "food") is None  # adopted one by one [MODE-CHALLENGE-1]
    assert resource_cap(minimal, _capped_game(minimal, ["wren"], "normal").state, "food") is None


def test_an_effect_gain_stops_at_the_cap_MODE_CHALLENGE_9(minimal: Campaign) -> None:
    game = _capped_game(minimal, ["wren"])
    hero = game.state.hero("wren")
    hero.food, hero.exp = 19, 30
    event = apply_effect(minimal, game.state, Gain.model_validate({"gain": {"food": 3, "exp": 3}}),
                         [hero])[0]
    assert (hero.food, hero.exp) == (20, 33)  # the rest is lost; Exp is never capped
    assert isinstance(event, ResourcesChanged) and event.changes == {"food": 1, "exp": 3}


def test_mercy_preset_resources_stop_at_the_cap_MODE_CHALLENGE_9(minimal: Campaign) -> None:
    """A mercy verse gives its preset resources with ``set`` [MERCY-1]."""
    game = Game.new(minimal, ["wren"], seed=1, mode="challenge", challenge_rules=["resource_cap"])
    hero = game.state.hero("wren")
    apply_effect(minimal, game.state, SetMeters.model_validate({"set": {"wealth": 25}}), [hero])
    assert hero.wealth == 20


def test_a_card_use_gain_stops_at_the_cap_MODE_CHALLENGE_9(minimal: Campaign) -> None:
    game = _capped_game(minimal, ["wren"])
    hero = game.state.hero("wren")
    hero.items, hero.face_up, hero.food = [4], ["item:4"], 20  # the Grey Hound fetches Food
    game.refresh()
    game.apply(UseCard(hero="wren", card="item:4", use=0))
    assert hero.food == 20


def test_a_reward_stops_at_the_cap_MODE_CHALLENGE_9(minimal: Campaign) -> None:
    game = _capped_game(minimal, ["wren"])
    game.state.hero("wren").magic = 20
    game.fight("purple-shade", ["wren"])
    events = play_out(game, won=True)  # the Shade's Reward: 1 Magic
    gains = [e.changes for e in events if isinstance(e, ResourcesChanged) and e.hero == "wren"]
    assert {"magic": 0} in gains and game.state.hero("wren").magic == 20


def test_loot_is_split_within_what_each_member_may_hold_MODE_CHALLENGE_9() -> None:
    table = Table(["tamsin", "oswy"], mode="challenge")  # the Brawler's Loot: 3 Wealth
    table.fight("grey-brawler", *FIRST["tamsin"], *FIRST["oswy"], tamsin__wealth=19,
                oswy__wealth=17)
    _win_as_a_team(table)
    assert table.legal() == [Share(hero="tamsin", what="wealth", amount=n) for n in (0, 1)]
    table.act(Share(hero="tamsin", what="wealth", amount=0))
    assert (table.hero("tamsin").wealth, table.hero("oswy").wealth) == (19, 20)


def test_loot_nobody_may_hold_is_lost_MODE_CHALLENGE_9() -> None:
    table = Table(["tamsin", "oswy"], mode="challenge")
    table.fight("grey-brawler", *FIRST["tamsin"], *FIRST["oswy"], tamsin__wealth=19,
                oswy__wealth=19)
    _win_as_a_team(table)  # each takes the 1 they may hold, without being asked
    assert (table.hero("tamsin").wealth, table.hero("oswy").wealth) == (20, 20)
    assert table.game.state.encounter is None


def _win_as_a_team(table: Table) -> None:
    table.keep()
    table.act(Activate(hero="tamsin"))
    table.encounter.pool = 7
    table.game.refresh()
    table.play("t-bulwark")
    table.end_play()


def test_a_trade_the_receiver_cannot_hold_is_refused_MODE_CHALLENGE_9(minimal: Campaign) -> None:
    game = _capped_game(minimal, ["wren", "yew"])
    wren, yew = game.state.hero("wren"), game.state.hero("yew")
    yew.food, yew.wealth = 20, 19
    game.refresh()
    legal = game.legal_actions()
    assert Trade(hero="wren", to="yew", what="food") not in legal
    assert Trade(hero="wren", to="yew", what="wealth") in legal
    before = game.state_hash()
    with pytest.raises(IllegalAction, match=r"\[MODE-CHALLENGE-9\]: trade_over_cap .*'holds': 20"):
        game.apply(Trade(hero="wren", to="yew", what="food"))
    assert game.state_hash() == before  # nothing given, nothing lost
    game.apply(Trade(hero="wren", to="yew", what="wealth"))
    assert (wren.wealth, yew.wealth) == (0, 20)
    assert Trade(hero="yew", to="wren", what="food") in game.legal_actions()  # the giver is free


def test_without_the_cap_a_trade_goes_past_20_RES_4(minimal: Campaign) -> None:
    game = _capped_game(minimal, ["wren", "yew"], "normal")
    game.state.hero("yew").food = 20
    game.refresh()
    game.apply(Trade(hero="wren", to="yew", what="food"))
    assert game.state.hero("yew").food == 21


def test_a_menhir_a_card_lights_lasts_a_day_less_MODE_CHALLENGE_6(minimal: Campaign) -> None:
    """The bundled campaign lights its Menhirs with ``place_menhir``: "todos los Menhires
    tendrán una duración de 1 Día menos"."""
    lit = PlaceMenhir.model_validate({"place_menhir": {"location": 104, "dial": 6}})
    dials = []
    for rules in (None, ["item_cap"]):
        game = Game.new(minimal, ["wren"], seed=1, mode="challenge", challenge_rules=rules)
        apply_effect(minimal, game.state, lit, [game.state.hero("wren")])
        dials.append(next(m.dial for m in game.state.menhirs if m.location == 104))
    assert dials == [5, 6]
