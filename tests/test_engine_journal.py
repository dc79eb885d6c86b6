"""Exploring and reading the journal: frames, choices, conditions and world effects."""

from __future__ import annotations

import pytest

from grail.content import Campaign
from grail.engine.actions import Choose, Explore, Pass, Travel
from grail.engine.encounter_decks import take_out
from grail.engine.events import NoOptionOpen
from grail.engine.game import Game, IllegalAction
from grail.engine.state import GameState, Guardian

from .conftest import changed


def test_exploring_costs_energy_and_waits_on_the_entrys_choice(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    events = game.apply(Explore(hero="wren"))  # [ACT-EXPLORE-1]
    assert game.state.hero("wren").energy == 5
    assert [e.type for e in events] == ["energy_spent", "entry_read"]
    assert game.legal_actions() == [Choose(hero="wren", option=k) for k in range(3)]


def test_a_choice_pays_its_cost_and_an_entry_counts_its_readings(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    game.apply(Explore(hero="wren"))
    game.apply(Choose(hero="wren", option=0))  # costs 1 Energy, goes to 101.1
    hero = game.state.hero("wren")
    assert (hero.energy, hero.secrets, hero.rep, hero.magic) == (4, [1], 1, 2)
    assert game.state.frames == [] and game.state.entry_visits == {"101": 1, "101.1": 1}
    game.apply(Explore(hero="wren"))
    game.apply(Choose(hero="wren", option=0))
    hero = game.state.hero("wren")
    # the second reading of 101.1 takes the 'then' branch; a Secret exists once [SECRET-1]
    assert (hero.secrets, hero.rep, hero.magic) == ([1], 1, 3)


def test_options_whose_condition_fails_are_not_offered(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    game.state.hero("wren").attributes["spirituality"] = 0
    game.apply(Explore(hero="wren"))
    assert Choose(hero="wren", option=0) not in game.legal_actions()
    with pytest.raises(IllegalAction, match=r"\[JOURNAL-1\]: option_closed"):
        game.apply(Choose(hero="wren", option=0))


def test_nothing_else_happens_while_the_journal_waits(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    game.apply(Explore(hero="wren"))
    for action in (Travel(hero="wren", to=102), Pass(hero="wren")):
        with pytest.raises(IllegalAction, match=r"\[JOURNAL-1\]: choose_first"):
            game.apply(action)


def test_statuses_quests_and_goto_shape_later_readings(minimal: Campaign) -> None:  # [STATUS-1]
    game = Game.new(minimal, ["wren"], seed=1)
    game.apply(Travel(hero="wren", to=102))
    events = game.apply(Explore(hero="wren"))
    game.apply(Choose(hero="wren", option=0))  # ring the bell
    assert [(m.id, m.whole) for m in game.state.statuses] == [("bell-rung", True)]
    assert game.state.quests == ["q-stone", "q-answer"]  # Day 1's Event and this [EVENT-3]
    game.apply(Explore(hero="wren"))  # the bell is rung: the entry goes to 102.2
    assert game.state.statuses[0].whole is False and game.state.quests == ["q-stone"]
    assert game.state.entry_visits["102.2"] == 1
    assert "entry_read" in [e.type for e in events]


def test_a_secret_replaces_a_location_by_its_changed_version(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    game.state.hero("wren").secrets.append(1)
    game.apply(Travel(hero="wren", to=104))
    game.apply(Explore(hero="wren"))  # 104: secret 1 -> replace by 106, lose the secret
    state = game.state
    assert state.spot_of(106) == (1, 0) and state.spot_of(104) is None  # [MAP-3]
    assert state.hero("wren").location == 106 and state.hero("wren").secrets == []
    assert state.replaced == [104] and state.quest_tokens == [106]


def test_a_guardian_stands_on_the_changed_version_of_its_location(
        minimal: Campaign) -> None:  # [MAP-3], [GUARD-1]
    """What stood on a replaced Location stands on its new version: a Guardian there is met
    by whoever enters the new card."""
    game = Game.new(minimal, ["wren"], seed=1)
    game.state.hero("wren").secrets.append(1)
    game.apply(Travel(hero="wren", to=104))
    take_out(game.state, "purple-shade")
    game.state.guardians.append(Guardian(id="purple-shade", location=104))
    game.apply(Explore(hero="wren"))  # 104 is replaced by 106
    assert [(g.id, g.location) for g in game.state.guardians] == [("purple-shade", 106)]
    game.apply(Travel(hero="wren", to=101))
    game.apply(Travel(hero="wren", to=106))
    assert game.state.encounter is not None and game.state.encounter.id == "purple-shade"


def test_a_game_saved_mid_reading_goes_on_identically(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=3)
    game.apply(Explore(hero="wren"))
    copy = Game(minimal, GameState.model_validate_json(game.state.model_dump_json()),
                setup=game.setup, log=list(game.log))  # as a save holds them
    for step in (Choose(hero="wren", option=1), Explore(hero="wren")):
        assert copy.apply(step) == game.apply(step)
    assert copy.state == game.state


def test_closed_options_are_shown_with_the_reason(minimal: Campaign) -> None:
    from grail.words.actions import closed_choices

    game = Game.new(minimal, ["wren"], seed=1)
    game.state.hero("wren").attributes["spirituality"] = 0
    game.apply(Explore(hero="wren"))
    assert closed_choices(game) == [(0, "Listen to the stone.", "The stone means nothing to you.")]
    game.state.hero("wren").attributes["spirituality"] = 1
    game.state.hero("wren").energy = 0
    game.refresh()
    assert closed_choices(game) == [(0, "Listen to the stone.", "it costs 1 Energy")]


def test_challenge_caps_resources_and_items(minimal: Campaign) -> None:
    from grail.content.effects import Gain, GainItem
    from grail.engine.world import apply_effect, may_take_item

    game = Game.new(minimal, ["wren"], seed=1, mode="challenge")
    hero = game.state.hero("wren")
    apply_effect(minimal, game.state, Gain.model_validate({"gain": {"food": 30, "exp": 30}}),
                 [hero])
    assert (hero.food, hero.exp) == (20, 30)  # [MODE-CHALLENGE-9]: Exp is not capped
    hero.items, hero.secrets = [2, 3, 4, 5], [1, 2]
    assert may_take_item(minimal, game.state, hero)  # Secrets do not count [SECRET-3]
    apply_effect(minimal, game.state, GainItem.model_validate({"gain_item": {"number": 1}}),
                 [hero])
    assert hero.items == [2, 3, 4, 5, 1]
    assert not may_take_item(minimal, game.state, hero)  # at most 5 Items [MODE-CHALLENGE-10]
    normal = Game.new(minimal, ["wren"], seed=1)
    normal.state.hero("wren").items = [1, 2, 3, 4, 5]
    assert may_take_item(minimal, normal.state, normal.state.hero("wren"))


def test_a_choice_with_no_open_option_is_passed_over(minimal: Campaign) -> None:
    from grail.content.journal import Entry, JournalSection

    closed = {"if": {"players": {"at_least": 4}}}
    entry = Entry.model_validate({"text": "Two doors, both barred.", "effects": [
        {"choose": [{"text": "Left.", **closed}, {"text": "Right.", **closed}]},
        {"gain": {"food": 1}}]})
    journal = [JournalSection(location=101, entries={"101": entry}),
               *[section for section in minimal.journal if section.location != 101]]
    campaign = changed(minimal, journal=journal)
    game = Game.new(campaign, ["wren"], seed=1)
    events = game.apply(Explore(hero="wren"))
    assert NoOptionOpen() in events
    assert game.state.frames == [] and game.state.hero("wren").food == 3  # the reading went on


def test_every_kind_of_condition_says_what_a_closed_option_needs(minimal: Campaign) -> None:
    """A closed option shows its condition in words, whatever the condition [JOURNAL-1]."""
    from grail.content.conditions import CONDITIONS
    from grail.words.conditions import NEEDS, needs

    assert set(NEEDS) == set(CONDITIONS)
    said = {
        "needs Courage 3 and Logic 2": {"attribute": {"courage": 3, "logic": 2}},
        "needs at least 2 players": {"players": {"at_least": 2}},
        "needs Day from 3 to 5": {"day": {"at_least": 3, "at_most": 5}},
        "needs Health at most 3": {"meter": {"health": {"at_most": 3}}},
        "needs the first visit to 104 The Leaning Stone": {
            "visits": {"location": 104, "at_most": 1}},
        "needs not the Status lamp-lit and 2 Wealth": {
            "all": [{"not": {"status": "lamp-lit"}}, {"has": {"wealth": 2}}]},
        f"needs a craftable Item or {minimal.secret[1].name}": {
            "any": [{"item": {"craftable": True}}, {"secret": 1}]},
    }
    from pydantic import TypeAdapter

    from grail.content.conditions import Condition

    for words, condition in said.items():
        assert needs(minimal, TypeAdapter(Condition).validate_python(condition)) == words
