"""Death, "You Are Dying" and "You Are Going Mad" [SURV-4], [SURV-5], [DEATH-1]..[DEATH-6], [MAD-1]."""

from __future__ import annotations

from typing import get_args

import pytest

from grail.content import Campaign
from grail.content.campaign import DyingCard, DyingLimit
from grail.engine import death
from grail.engine.actions import (
    AcceptMercy,
    Action,
    ActivateMenhir,
    Cancel,
    CharacterAction,
    Choose,
    ChooseReplacement,
    EndCampaign,
    Explore,
    GiveSecret,
    Join,
    LeaveGame,
    LocationAction,
    Pass,
    PickSkill,
    Rest,
    Trade,
    Travel,
)
from grail.engine.events import (
    DayBegan,
    DyingChanged,
    Event,
    GoingMadChanged,
    HeroDied,
    HeroMoved,
    KeptOut,
)
from grail.engine.game import Game, IllegalAction
from grail.engine.survival import settle
from grail.words.actions import action_lines, action_text
from grail.words.refusals import refusal_words
from grail.words.summary import summary

from .conftest import changed


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
    assert DyingChanged(hero="wren", change="taken") in events  # [DEATH-1]
    assert HeroDied(hero="wren", cause="effect") in events


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


@pytest.mark.parametrize(("mode", "marker"), [("challenge", "upside_down"),
                                              ("normal", "upright")])
def test_the_replacement_wears_the_health_marker_of_the_mode_DEATH_3(
        three_heroes: Campaign, mode: str, marker: str) -> None:  # [MODE-CHALLENGE-2]
    """A character replacing the dead sets its Health marker as every other character's:
    upside down under the Challenge's rule, which caps its Energy lower."""
    rules = ["upside_down_health"] if mode == "challenge" else None
    game = Game.new(three_heroes, ["wren", "ash"], seed=1, mode=mode,  # type: ignore[arg-type]
                    challenge_rules=rules)  # type: ignore[arg-type]
    death.die(three_heroes, game.state, game.state.hero("wren"))
    game.refresh()
    game.apply(ChooseReplacement(hero="kes"))
    assert {hero.id: hero.health_marker for hero in game.state.heroes} == \
        {"ash": marker, "kes": marker}
    kes, ash = game.state.hero("kes"), game.state.hero("ash")
    assert kes.energy == ash.energy  # the Energy cap the marker sets [SURV-2]


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
    assert "Waiting for the players: the game is lost on Day 1, when " in summary(game)
    game.apply(AcceptMercy())
    assert [h.id for h in game.state.heroes] == ["wren", "ash", "kes"]
    assert game.state.hero("ash").secrets == [2] and game.state.dead == []


# --- "You Are Dying" as the campaign's cards write it [SURV-4], [DEATH-1] ----------------
# The minimal pack's cooperative card: lose every Item; dies on losing Health or still at 0
# Health after resting; may not join a team nor Explore.


def with_cards(campaign: Campaign, **cards: DyingCard) -> Campaign:
    """The campaign with other "You Are Dying" cards (``dying``, ``dying_solo``)."""
    return changed(campaign, manifest=campaign.manifest.model_copy(update=cards))


def fall(game: Game, hero_id: str) -> list[Event]:
    """The character drops to 0 Health (set by hand) and the game runs to its next decision."""
    hero = game.state.hero(hero_id)
    hero.health = 0
    settle(game.campaign, hero)
    return game.settle()


def to_rest(game: Game) -> None:
    """Everyone passes: the End of Day's rests come next [DAY-4]."""
    while game.state.stage == "day":
        game.apply(next(a for a in game.legal_actions() if isinstance(a, Pass)))


def rest(game: Game, hero_id: str, eat: bool) -> list[Event]:
    return game.apply(Rest(hero=hero_id, eat=eat))


def test_at_0_health_a_character_takes_the_card_once_and_follows_it(
        three_heroes: Campaign) -> None:  # [SURV-4], [DEATH-1]
    game = Game.new(three_heroes, ["wren", "ash"], seed=1)
    game.state.hero("wren").items = [1, 2]
    events = fall(game, "wren")
    wren = game.state.hero("wren")
    assert DyingChanged(hero="wren", change="taken") in events
    assert wren.dying and wren.items == []  # the card's effects: lose every Item
    assert fall(game, "wren") == []  # held: not taken twice


def test_at_0_health_in_a_reading_the_card_comes_before_the_next_choice_DEATH_1(
        three_heroes: Campaign) -> None:
    """ "Si tu Salud baja a 0 durante la partida, añade la carta": in the middle of a reading
    too, what the card says is done before the reading asks its next choice, which waits
    still."""
    game = Game.new(three_heroes, ["wren", "ash"], seed=1)
    game.state.hero("wren").items = [1]
    game.apply(Pass(hero="ash"))  # nobody to join
    game.apply(Explore(hero="wren"))  # 101: a choice waits
    events = fall(game, "wren")  # as an effect before the choice would
    assert DyingChanged(hero="wren", change="taken") in events
    wren = game.state.hero("wren")
    assert wren.dying and wren.items == []  # the card's effects: lose every Item
    assert Choose(hero="wren", option=2) in game.legal_actions()  # "Walk on"


def test_a_dying_character_who_loses_health_dies(three_heroes: Campaign) -> None:  # [DEATH-1]
    game = Game.new(three_heroes, ["wren", "ash"], seed=1)
    fall(game, "wren")
    game.state.hero("wren").food = 0
    to_rest(game)
    events = rest(game, "wren", eat=False)  # hungry at 0 Energy: 1 Health lost [END-DAY-2]
    assert HeroDied(hero="wren", cause="losing_health") in events
    assert game.state.dead == ["wren"] and game.state.outcome is None
    assert game.legal_actions() == [ChooseReplacement(hero="kes")]  # [DEATH-3]


def test_health_above_0_gives_the_card_back_and_only_then(three_heroes: Campaign) -> None:
    game = Game.new(three_heroes, ["wren", "ash"], seed=1)  # [SURV-4], [DEATH-1]
    fall(game, "wren")
    wren = game.state.hero("wren")
    wren.food = 1
    to_rest(game)
    events = rest(game, "wren", eat=True)
    assert DyingChanged(hero="wren", change="healed") in events
    assert not wren.dying and wren.health == 1 and game.state.dead == []
    assert DyingChanged(hero="wren", change="taken") in fall(game, "wren")  # again at 0


def test_a_healed_character_joins_teams_again(three_heroes: Campaign) -> None:  # [TEAM-1]
    game = Game.new(three_heroes, ["wren", "ash", "kes"], seed=1)
    fall(game, "wren")
    game.state.hero("wren").energy = 2  # carried by the others' Energy [TEAM-6]
    game.refresh()
    game.apply(Travel(hero="ash", to=102))
    assert Join(hero="kes") in game.legal_actions()
    assert Join(hero="wren") not in game.legal_actions()  # the card: may not join a team
    game.apply(Cancel(hero="ash"))
    wren = game.state.hero("wren")
    wren.health, wren.energy = 3, 2
    game.settle()
    game.apply(Travel(hero="ash", to=102))
    assert Join(hero="wren") in game.legal_actions()


def test_still_at_0_health_after_resting_dies_at_the_end_of_day(
        three_heroes: Campaign) -> None:  # [DEATH-1], [END-DAY-1]
    campaign = with_cards(three_heroes, dying=DyingCard(dies_when=["end_of_day"]))
    game = Game.new(campaign, ["wren", "ash"], seed=1)
    fall(game, "wren")
    game.state.hero("wren").food = 0
    to_rest(game)
    events = rest(game, "wren", eat=False)
    assert HeroDied(hero="wren", cause="end_of_day") in events


@pytest.mark.parametrize(("heroes", "said"), [
    (["wren"], "Dies: still at 0 Health after resting; the game is lost"),  # [DEATH-2]
    (["wren", "ash"], "Dies: still at 0 Health after resting)")])  # Kes may replace her
def test_a_rest_that_kills_says_so_before_it_is_chosen_DEATH_1(
        three_heroes: Campaign, heroes: list[str], said: str) -> None:
    """The rest's words say the death it brings, and whether it loses the game [DEATH-6]:
    the player sees it before going hungry, not after."""
    campaign = with_cards(three_heroes, dying=DyingCard(dies_when=["end_of_day"]),
                          dying_solo=DyingCard(dies_when=["end_of_day"]))
    game = Game.new(campaign, heroes, seed=1)
    fall(game, "wren")
    to_rest(game)
    assert "Dies" not in action_text(game, Rest(hero="wren", eat=True))  # healed to 1 Health
    assert said in action_text(game, Rest(hero="wren", eat=False))


def test_a_card_taken_at_the_rest_kills_only_at_the_next_end_of_day(
        three_heroes: Campaign) -> None:  # [DEATH-1]
    campaign = with_cards(three_heroes, dying=DyingCard(dies_when=["end_of_day"]))
    game = Game.new(campaign, ["wren", "ash"], seed=1)
    wren = game.state.hero("wren")
    wren.health, wren.food = 1, 0
    to_rest(game)
    wren.energy = 0  # hungry at 0 Energy: the last Health goes [END-DAY-2]
    events = rest(game, "wren", eat=False)
    assert DyingChanged(hero="wren", change="taken") in events and game.state.dead == []
    rest(game, "ash", eat=True)
    while game.state.stage != "day":
        game.apply(game.legal_actions()[0])
    to_rest(game)
    assert HeroDied(hero="wren", cause="end_of_day") in \
        rest(game, "wren", eat=False)


def test_still_dying_when_a_day_starts_dies_before_the_day_does(
        minimal: Campaign) -> None:  # [DEATH-1], [DEATH-2], [DAY-START-1]
    campaign = with_cards(minimal, dying_solo=DyingCard(dies_when=["start_of_day"]))
    game = Game.new(campaign, ["wren"], seed=1)
    fall(game, "wren")
    game.state.hero("wren").food = 0
    to_rest(game)
    events = rest(game, "wren", eat=False)
    while not game.state.outcome:
        events = game.apply(game.legal_actions()[0])
    died = events.index(HeroDied(hero="wren", cause="start_of_day"))
    assert not any(isinstance(event, DayBegan) for event in events[:died])
    assert game.state.outcome == "lost" and game.state.stage == "mercy"  # [MERCY-1]


def test_the_solo_card_is_the_one_a_lone_character_takes(minimal: Campaign) -> None:  # [DEATH-2]
    campaign = with_cards(minimal, dying=DyingCard(dies_when=["losing_health"]),
                          dying_solo=DyingCard(dies_when=[]))
    game = Game.new(campaign, ["wren"], seed=1)
    fall(game, "wren")
    game.state.hero("wren").food = 0
    to_rest(game)
    rest(game, "wren", eat=False)  # the solo card here never kills
    assert game.state.dead == [] and game.state.hero("wren").dying


def test_the_card_forbids_what_it_says(three_heroes: Campaign) -> None:  # [DEATH-1]
    game = Game.new(three_heroes, ["wren", "ash"], seed=1)
    fall(game, "wren")
    game.state.hero("wren").energy = 3  # as if its Health bar capped nothing [MODE-STORY-2]
    game.refresh()
    legal = game.legal_actions()
    assert Explore(hero="wren") not in legal  # the minimal card: may not Explore
    assert Travel(hero="wren", to=102) in legal  # but may Travel
    with pytest.raises(IllegalAction, match=r"\[DEATH-1\]: dying_forbids .*'limit': 'explore'"):
        game.apply(Explore(hero="wren"))


def test_every_limit_of_the_card_closes_its_action(three_heroes: Campaign) -> None:  # [DEATH-1]
    everything = DyingCard(dies_when=[], may_not=list(get_args(DyingLimit)))
    game = Game.new(with_cards(three_heroes, dying=everything), ["wren", "ash"], seed=1)
    game.state.hero("wren").food = 2
    fall(game, "wren")
    game.state.hero("wren").energy = 3
    game.refresh()
    assert [a for a in game.legal_actions()
            if getattr(a, "hero", None) == "wren" and not isinstance(a, Pass | LeaveGame)] == []
    with pytest.raises(IllegalAction, match=r"dying_forbids .*'limit': 'trade'"):
        game.apply(Trade(hero="wren", to="ash", what="food"))


@pytest.mark.parametrize(("limit", "where", "proposal"), [
    ("travel", 101, Travel(hero="ash", to=102)),  # [ACT-TRAVEL-3]
    ("explore", 101, Explore(hero="ash")),  # [ACT-EXPLORE-2]
    ("location_action", 101, LocationAction(hero="ash")),  # [ACT-LOC-3]
    ("activate_menhir", 104, ActivateMenhir(hero="ash")),  # [ACT-MENHIR-1]
    ("join_team", 101, CharacterAction(hero="ash"))])  # [ACT-CHAR-2]
def test_a_dying_character_joins_no_team_action_its_card_forbids_DEATH_1_TEAM_1_DAY_7(
        three_heroes: Campaign, limit: DyingLimit, where: int, proposal: Action) -> None:
    """The members "forman un equipo y hacen la acción juntos", and a team action counts as
    the action of each member: joining a team's Travel is travelling, so a card that forbids
    Travel keeps its holder out of the team's, and so for Exploring, the Location's action
    and a Menhir; a card that forbids joining keeps it out of any, helping pay another's
    character action too."""
    game = Game.new(with_cards(three_heroes, dying=DyingCard(dies_when=[], may_not=[limit])),
                    ["wren", "ash", "kes"], seed=1)
    for hero in game.state.heroes:
        hero.location = where
    fall(game, "wren")
    game.state.hero("wren").energy = 2  # enough to help pay a character action [ACT-CHAR-2]
    game.refresh()
    game.apply(proposal)
    assert Join(hero="kes") in game.legal_actions()
    assert Join(hero="wren") not in game.legal_actions()
    with pytest.raises(IllegalAction, match=rf"\[DEATH-1\]: dying_forbids \{{'hero': 'wren', "
                       rf"'limit': '{limit}'"):
        game.apply(Join(hero="wren"))


def test_a_team_travels_without_a_member_whose_card_forbids_travel_DEATH_1_ACT_TRAVEL_3(
        three_heroes: Campaign) -> None:
    """With nobody else to join, the Travel starts at once, and the dying character stays
    where it is; the proposal says why it does not go."""
    game = Game.new(with_cards(three_heroes, dying=DyingCard(dies_when=[], may_not=["travel"])),
                    ["wren", "ash"], seed=1)
    fall(game, "wren")
    events = game.apply(Travel(hero="ash", to=102))
    assert HeroMoved(hero="ash", origin=101, to=102) in events
    assert [event for event in events if isinstance(event, HeroMoved) and event.hero == "wren"] == []
    assert game.state.hero("wren").location == 101
    assert KeptOut(hero="wren", limit="travel", action="travel") in events


@pytest.mark.parametrize(("limit", "proposal"), [
    ("explore", Travel(hero="ash", to=102)),  # travelling is not exploring
    ("character_action", CharacterAction(hero="ash"))])  # [ACT-CHAR-1], [ACT-CHAR-2]
def test_a_card_forbidding_another_action_lets_its_holder_join_DEATH_1_TEAM_1(
        three_heroes: Campaign, limit: DyingLimit, proposal: Action) -> None:
    """A card that forbids its holder's own character action leaves it free to help pay
    another's: the action stays its owner's, whose effects are the owner's alone."""
    game = Game.new(with_cards(three_heroes, dying=DyingCard(dies_when=[], may_not=[limit])),
                    ["wren", "ash"], seed=1)
    fall(game, "wren")
    game.state.hero("wren").energy = 2  # enough to help pay a character action [ACT-CHAR-2]
    game.refresh()
    game.apply(proposal)
    assert Join(hero="wren") in game.legal_actions()


def test_a_join_the_card_closes_is_shown_closed_in_the_words_of_its_refusals_DEATH_1_TEAM_1(
        ennor: Campaign) -> None:
    """grail text and grail legal list the Join the card closes, and grail show the team with
    who may not join, each in the words the card refuses the character a Travel with."""
    game = Game.new(with_cards(ennor, dying=DyingCard(dies_when=[], may_not=["travel"])),
                    ["tamsin", "jago", "kerra"], seed=3)
    fall(game, "tamsin")
    refused = game.refusal(Travel(hero="tamsin", to=102))
    assert (refused.rule, refusal_words(game.campaign, refused)) == (
        "DEATH-1", "Tamsin Vell is dying: the 'You Are Dying' card forbids travel until Health "
                   "rises above 0")
    game.apply(Travel(hero="jago", to=102))
    why = "Tamsin Vell is dying: the 'You Are Dying' card forbids travel until Health rises " \
        "above 0, and so joining a team's Travel: a team action counts as the action of each " \
        "member"
    assert refusal_words(game.campaign, refused) in why
    assert action_lines(game)[-1] == f"-. (not open: {why}) Team: Tamsin Vell joins the action"
    assert f"May not join: {why}" in summary(game).splitlines()
    assert refusal_words(game.campaign, game.refusal(Join(hero="tamsin"))) == why


def test_death_loses_a_campaign_without_mercy_in_challenge(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1, mode="challenge",  # [MODE-CHALLENGE-11]
                    challenge_rules=["no_mercy"])
    fall(game, "wren")  # the minimal solo card kills at 0 Health
    assert game.state.outcome == "lost" and game.is_terminal()
    assert game.legal_actions() == []


# --- "You Are Going Mad" [SURV-5], [MAD-1] -------------------------------------------
# The minimal pack's card: gain 1 Terror. Wren's Terror meter: max 9, the top 2 red.


def test_terror_in_the_red_takes_the_going_mad_card_and_follows_it(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    wren = game.state.hero("wren")
    wren.terror = 8  # the first red space [SURV-5]
    events = game.settle()
    assert GoingMadChanged(hero="wren", change="taken") in events
    assert wren.going_mad and wren.terror == 9  # the card: gain 1 Terror
    assert game.settle() == []  # held: not taken twice


def test_terror_out_of_the_red_gives_the_card_back(minimal: Campaign) -> None:  # [MAD-1]
    game = Game.new(minimal, ["wren"], seed=1)
    wren = game.state.hero("wren")
    wren.terror = 8
    game.settle()
    wren.terror = 7
    assert game.settle() == [GoingMadChanged(hero="wren", change="given_back")]
    assert not wren.going_mad
    wren.terror = 9
    assert GoingMadChanged(hero="wren", change="taken") in game.settle()  # again
