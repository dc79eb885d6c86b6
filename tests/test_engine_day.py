"""The engine's first rules: setup, the map, travel, pass, rest and the Start of Day."""

from __future__ import annotations

import pytest

from grail.content import Campaign
from grail.content.effects import GainSecret, PlaceToken, RandomEvents
from grail.engine.actions import (
    Action,
    CharacterAction,
    LocationAction,
    MalformedAction,
    Pass,
    PickSkill,
    Rest,
    Travel,
)
from grail.engine.amounts import scaling_players
from grail.engine.game import Game, IllegalAction
from grail.engine.journal import resolve
from grail.engine.setup import SetupError, new_state
from grail.engine.state import Menhir
from grail.engine.world import apply_effect
from grail.words.actions import tell, undone_lines
from grail.words.refusals import setup_words

from .conftest import changed, play_out


def test_starting_menhir_dial_by_player_count(ennor: Campaign) -> None:  # [SETUP-W2]
    one = new_state(ennor, ["tamsin"], seed=1, mode="normal")
    two = new_state(ennor, ["tamsin", "jago"], seed=1, mode="normal")
    assert one.menhirs[0].dial == 8 and two.menhirs[0].dial == 7


def test_story_mode_scales_as_one_player_fewer(ennor: Campaign) -> None:  # [MODE-STORY-1]
    assert [scaling_players(n, "story") for n in (1, 2, 3, 4)] == [1, 1, 2, 3]
    assert new_state(ennor, ["tamsin", "jago"], seed=1, mode="story").menhirs[0].dial == 8


def test_challenge_shortens_the_starting_menhir(ennor: Campaign) -> None:  # [MODE-CHALLENGE-6]
    assert new_state(ennor, ["tamsin"], seed=1, mode="challenge").menhirs[0].dial == 7


def test_setup_places_the_start_and_its_four_neighbours(minimal: Campaign) -> None:  # [SETUP-W3]
    state = new_state(minimal, ["wren"], seed=1, mode="normal")
    spots = {p.number: (p.x, p.y) for p in state.placed}
    assert spots == {101: (0, 0), 102: (0, -1), 103: (-1, 0), 104: (1, 0), 105: (0, 1)}
    assert state.hero("wren").location == 101  # [SETUP-W1]
    assert state.hero("wren").energy == 6 and state.hero("wren").food == 2  # [SETUP-C2], [SETUP-C5]


def test_setup_refuses_unknown_heroes_and_wrong_counts(minimal: Campaign) -> None:
    with pytest.raises(SetupError) as unknown:
        new_state(minimal, ["ren"], seed=1, mode="normal")
    assert setup_words(minimal, unknown.value).startswith("no hero 'ren' in this campaign")
    with pytest.raises(SetupError) as none:
        new_state(minimal, [], seed=1, mode="normal")
    assert setup_words(minimal, none.value) == "this campaign is for 1 to 4 players, not 0"


def test_first_start_of_day_turns_the_dial(minimal: Campaign) -> None:  # [SETUP-W10], [DAY-START-3]
    game = Game.new(minimal, ["wren"], seed=1)
    assert (game.state.day, game.state.stage) == (1, "day")
    assert game.state.menhirs == [Menhir(location=101, dial=7)]


def test_travel_goes_only_through_facing_keys(minimal: Campaign) -> None:  # [MAP-4], [MAP-5]
    game = Game.new(minimal, ["wren"], seed=1)
    assert [a.to for a in game.legal_actions() if isinstance(a, Travel)] == [102, 103, 104, 105]
    game.apply(Travel(hero="wren", to=102))
    # 107 will lie right of 102, but no keys face each other there: blocked.
    game.apply(Travel(hero="wren", to=101))
    game.apply(Travel(hero="wren", to=104))
    assert game.state.spot_of(107) == (1, -1)
    game.apply(Travel(hero="wren", to=101))
    game.apply(Travel(hero="wren", to=102))
    assert Travel(hero="wren", to=107) not in game.legal_actions()


def test_travel_costs_one_energy_and_reveals_within_radius(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    events = game.apply(Travel(hero="wren", to=104))  # [ACT-TRAVEL-1], [MAP-7]
    assert game.state.hero("wren").energy == 5
    assert [e.type for e in events] == ["energy_spent", "hero_moved", "location_revealed"]
    game.apply(Travel(hero="wren", to=101))
    game.apply(Travel(hero="wren", to=105))
    # 108 lies two cards below the Menhir at 101: out of its radius, not revealed [MENHIR-1].
    assert game.state.spot_of(108) is None


def test_an_illegal_action_names_the_rule_and_changes_nothing(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    before = game.state.model_dump_json()
    with pytest.raises(IllegalAction, match=r"\[ACT-TRAVEL-1\]") as raised:
        game.apply(Travel(hero="wren", to=108))  # not revealed
    assert raised.value.rule == "ACT-TRAVEL-1"
    assert game.state.model_dump_json() == before


def test_actions_have_a_json_form(minimal: Campaign) -> None:
    action = Travel(hero="wren", to=104)
    assert Action.from_json(action.to_json()) == action
    with pytest.raises(MalformedAction):
        Action.from_json('{"type": "fly", "hero": "wren"}')


def test_pass_ends_the_day_and_resting_eats_food(minimal: Campaign) -> None:  # [ACT-PASS-1]
    game = Game.new(minimal, ["wren"], seed=1)
    game.apply(Travel(hero="wren", to=104))
    game.apply(Pass(hero="wren"))
    assert game.state.stage == "end_of_day"
    assert game.legal_actions() == [Rest(hero="wren", eat=True), Rest(hero="wren", eat=False)]
    game.apply(Rest(hero="wren", eat=True))  # [END-DAY-1]
    hero = game.state.hero("wren")
    # ate: +1 Health, -1 Terror; then Day 2 reveals the Random Event Fog: +1 Terror
    assert (hero.food, hero.health, hero.terror) == (1, 7, 1)
    assert hero.energy == 6  # back to its starting space [END-DAY-3]
    assert (game.state.day, game.state.stage) == (2, "day")
    assert game.state.menhirs[0].dial == 6


def test_going_hungry_exhausts_and_recovery_is_only_four(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    game.apply(Pass(hero="wren"))
    game.apply(Rest(hero="wren", eat=False))  # [END-DAY-2] Energy to 0: Exhausted [NOTE-3]
    assert game.state.hero("wren").energy == 4  # [END-DAY-3]


def test_the_day_ends_when_no_one_has_energy(minimal: Campaign) -> None:  # [DAY-4]
    game = Game.new(minimal, ["wren"], seed=1)
    for _ in range(3):
        game.apply(Travel(hero="wren", to=104))
        game.apply(Travel(hero="wren", to=101))
    assert game.state.hero("wren").energy == 0 and game.state.stage == "end_of_day"


def test_characters_act_in_rounds(ennor: Campaign) -> None:  # [DAY-2], [DAY-3]
    game = Game.new(ennor, ["jago", "tamsin"], seed=1)
    assert [h.id for h in game.actors()] == ["tamsin", "jago"]  # by character number
    game.apply(Pass(hero="tamsin"))
    assert [h.id for h in game.actors()] == ["jago"]
    first = next(a for a in game.legal_actions() if isinstance(a, Travel))
    game.apply(first)
    assert [h.id for h in game.actors()] == ["jago"]  # tamsin passed: jago acts again


def test_locations_outside_every_radius_are_discarded(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    game.apply(Travel(hero="wren", to=105))
    game.state.menhirs[0].location = 102  # the Menhir now stands above the start
    game.apply(Pass(hero="wren"))
    game.apply(Rest(hero="wren", eat=True))  # the Dream on 105 gives a Skill: which side?
    events = game.apply(PickSkill(hero="wren", skill=3))
    assert 105 not in [p.number for p in game.state.placed]  # [DAY-START-2]
    assert game.state.discarded == [105]  # [MENHIR-4]
    hero = game.state.hero("wren")
    # 101, 103 and 104 are all one step away: the lowest number wins [MENHIR-3].
    assert hero.location == 101
    assert (hero.health, hero.terror) == (5, 2 + 1)  # and the Day's Random Event, Fog
    assert "location_discarded" in [e.type for e in events]


def test_a_dial_at_one_is_removed_and_its_menhir_goes_next_day(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    game.state.menhirs[0].dial = 1
    game.apply(Pass(hero="wren"))
    game.apply(Rest(hero="wren", eat=True))
    assert game.state.menhirs == [Menhir(location=101, dial=None)]  # [DAY-START-3]
    game.apply(Pass(hero="wren"))
    events = game.apply(Rest(hero="wren", eat=True))
    assert game.state.menhirs == [] and "menhir_removed" in [e.type for e in events]
    # no Locations are removed without Menhirs; the penalty starts the next Day [MENHIR-9]
    hero = game.state.hero("wren")
    assert len(game.state.placed) == 5 and (hero.health, hero.terror) == (8, 0)  # two meals
    game.apply(Pass(hero="wren"))
    game.apply(Rest(hero="wren", eat=False))  # no Food left
    hero = game.state.hero("wren")
    assert (hero.health, hero.terror) == (6, 2) and len(game.state.placed) == 5


def test_same_seed_and_actions_give_the_same_state(minimal: Campaign) -> None:
    def play() -> str:
        game = Game.new(minimal, ["wren"], seed=5)
        for _ in range(12):
            game.apply(game.legal_actions()[0])
        return game.state.model_dump_json()

    assert play() == play()


def test_undo_takes_back_actions_since_the_last_reveal(minimal: Campaign) -> None:
    from grail.engine.game import UndoError

    game = Game.new(minimal, ["wren"], seed=1)
    game.apply(Travel(hero="wren", to=104))  # reveals 107: undo stops here
    before = game.state.model_dump_json()
    game.apply(Travel(hero="wren", to=101))
    game.apply(Travel(hero="wren", to=102))
    assert game.undoable() == [Travel(hero="wren", to=101), Travel(hero="wren", to=102)]
    game.undo(2)
    assert game.state.model_dump_json() == before and len(game.log) == 1
    with pytest.raises(UndoError) as refused:
        game.undo()
    assert refused.value.reason == "revealed"


def test_undo_names_where_actions_happened_and_their_cost(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    game.apply(CharacterAction(hero="wren"))
    game.apply(Travel(hero="wren", to=102))
    assert game.undoable() == [CharacterAction(hero="wren"), Travel(hero="wren", to=102)]
    loaded = Game(minimal, game.state, game.setup, list(game.log))  # as read from a save
    assert loaded.undoable() == game.undoable()
    game.apply(Travel(hero="wren", to=101))
    undone = game.undoable()
    game.undo(3)
    assert undone_lines(game, undone) == [  # each told as it was taken, the latest first
        "Travel: Wren of the Marsh from 102 Bell Hill to 101 The Crossing, -1 Energy",
        "Travel: Wren of the Marsh from 101 The Crossing to 102 Bell Hill, -1 Energy",
        "Character action: Wren of the Marsh, Marsh lore, -2 Energy"]
    assert "Location action: Wren of the Marsh at 101 The Crossing (Forage), -1 Energy" in [
        tell(minimal, game.state, action) for action in game.legal_actions()
        if isinstance(action, LocationAction)]


def _time_tokens_on(game: Game, *where: int) -> None:
    """Time tokens that cards put on these Locations, one per number [DIAL-1]."""
    for number in where:
        token = PlaceToken.model_validate({"place_token": {"token": "time", "location": number}})
        apply_effect(game.campaign, game.state, token, [game.state.heroes[0]])
    game.refresh()


def _to_the_next_day(game: Game) -> None:
    """Pass, rest and finish until the next Day begins."""
    day = game.state.day
    while game.state.day == day:
        legal = game.legal_actions()
        game.apply(next((a for a in legal if a.type in ("pass", "rest", "finish_upgrades")),
                        legal[0]))


def test_start_of_day_removes_every_time_token_from_locations_DAY_START_4(
        minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    _time_tokens_on(game, 101, 101, 104)
    game.apply(LocationAction(hero="wren"))
    play_out(game, won=True)
    _to_the_next_day(game)
    assert (game.state.location_tokens, game.state.time_tokens) == ([], [])
    assert LocationAction(hero="wren") in game.legal_actions()  # ready again [ACT-LOC-2]


def test_one_time_token_per_location_goes_when_the_campaign_says_so_NOTE_10(
        minimal: Campaign) -> None:
    rules = minimal.manifest.rules.model_copy(update={"discard_all_time_tokens": False})
    campaign = changed(minimal, manifest=minimal.manifest.model_copy(update={"rules": rules}))
    game = Game.new(campaign, ["wren"], seed=1)
    _time_tokens_on(game, 101, 104, 101)
    game.apply(LocationAction(hero="wren"))
    play_out(game, won=True)
    _to_the_next_day(game)
    assert game.state.time_tokens == [101]  # one of the two on 101 is left
    assert game.state.location_tokens == []  # the action's own mark always goes [ACT-LOC-2]
    assert LocationAction(hero="wren") in game.legal_actions()
    _to_the_next_day(game)
    assert game.state.time_tokens == []


def test_time_tokens_go_with_a_discarded_location_DAY_START_2(minimal: Campaign) -> None:
    rules = minimal.manifest.rules.model_copy(update={"discard_all_time_tokens": False})
    campaign = changed(minimal, manifest=minimal.manifest.model_copy(update={"rules": rules}))
    game = Game.new(campaign, ["wren"], seed=1)
    _time_tokens_on(game, 105, 105, 103, 103)
    game.state.menhirs[0].location = 102  # 105 falls outside the radius
    _to_the_next_day(game)
    assert 105 in game.state.discarded and game.state.time_tokens == [103]


def test_travel_to_a_location_not_on_the_map_says_so_ACT_TRAVEL_1(minimal: Campaign) -> None:
    """Not that the two are not connected by keys: 107 is simply not revealed yet."""
    game = Game.new(minimal, ["wren"], seed=1)
    assert game.state.spot_of(107) is None
    with pytest.raises(IllegalAction, match=r"\[ACT-TRAVEL-1\]: not_on_the_map \{'location': 107\}"):
        game.apply(Travel(hero="wren", to=107))


@pytest.mark.parametrize(("discard", "third_event"), [
    ("next_start_of_day", "ev-storm"), ("end_of_day", "rnd-fog")])
def test_the_days_event_is_discarded_when_the_campaign_says_NOTE_26(
        minimal: Campaign, discard: str, third_event: str) -> None:
    """Day 2's Event is the pack's one Random Event. A dial running out at the Start of Day
    3 puts one Random Event on the Event deck [EVENT-1]: only one discarded at the End of Day
    is there to put [DISC-1]; one still in play until the next reveal is not, and the
    deck's next story Event comes instead."""
    rules = minimal.manifest.rules.model_copy(update={"event_discard": discard})
    secret = minimal.secret[2]
    assert secret.dial is not None
    dial = secret.dial.model_copy(update={"token": "time", "value": 2, "expired": [
        RandomEvents.model_validate({"random_events": 1})]})
    campaign = changed(minimal, manifest=minimal.manifest.model_copy(update={"rules": rules}),
                       secrets=[s for s in minimal.secrets if s.number != 2] + [
                           secret.model_copy(update={"dial": dial})])
    game = Game.new(campaign, ["wren"], seed=1)
    apply_effect(campaign, game.state, GainSecret.model_validate({"gain_secret": 2}),
                 [game.state.hero("wren")])
    resolve(campaign, game.state)  # what the Secret set going, as the engine would
    game.refresh()
    _to_the_next_day(game)
    assert game.state.event == "rnd-fog"
    _to_the_next_day(game)
    assert game.state.event == third_event
