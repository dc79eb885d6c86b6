"""The Event deck, Random Events and Quests [EVENT-*], [DAY-START-5]."""

from __future__ import annotations

from grail.content import Campaign
from grail.engine.actions import ActivateMenhir, Explore, Pass, Rest, Travel
from grail.engine.encounter_decks import take_out
from grail.engine.events import DialFlipped, RandomEventsPlaced
from grail.engine.game import Game
from grail.engine.state import UNSEEN

from .conftest import play_out


def test_the_first_event_is_revealed_and_its_quest_displayed(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    state = game.state
    assert state.event == "ev-arrival"  # [DAY-START-5], [SETUP-W9]
    assert state.quests == ["q-stone"]  # the red lock puts it on display [EVENT-3]
    # its effect put one Random Event, unseen, on top of the Event deck [EVENT-1]
    assert state.event_deck == ["?", "ev-storm"] and state.random_events == ["rnd-fog"]


def test_an_event_lasts_one_day_then_is_discarded(minimal: Campaign) -> None:  # [EVENT-2]
    game = Game.new(minimal, ["wren"], seed=1)
    game.state.event_deck = ["ev-storm", "?"]  # the Storm holds no Quest
    game.apply(Pass(hero="wren"))
    game.apply(Rest(hero="wren", eat=True))
    assert game.state.event == "ev-storm" and game.state.event_discards == []
    game.apply(Pass(hero="wren"))
    game.apply(Rest(hero="wren", eat=False))  # the Storm took the last Food
    assert game.state.event == "rnd-fog" and game.state.event_discards == ["ev-storm"]
    assert game.state.random_events == []  # revealed, it is no longer unseen


def test_an_event_holding_a_quest_stays_on_the_table_out_of_the_discard_pile_EVENT_2_EVENT_3_DAY_START_5(
        minimal: Campaign) -> None:
    """ "Al contrario que los Eventos normales, activos durante 1 Día, los que contengan una
    Misión se quedan en la mesa hasta que la carta lo indique", and the discard pile is what
    "te permite contar el tiempo": Landfall, holding its Quest, is no Day gone."""
    game = Game.new(minimal, ["wren"], seed=1)
    for day in (2, 3, 4):
        game.apply(Pass(hero="wren"))
        game.apply(next(action for action in game.legal_actions() if isinstance(action, Rest)))
        assert game.state.day == day
        assert game.state.quests == ["q-stone"] and "ev-arrival" not in game.state.event_discards
    assert game.state.event_discards == ["ev-storm"]  # the Days gone: the Storm's alone


def test_challenge_mode_places_one_random_event_fewer(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1, mode="challenge")  # [MODE-CHALLENGE-7]
    assert game.state.event_deck == ["ev-storm"] and game.state.random_events == ["rnd-fog"]


def test_a_met_quest_follows_its_success_section(minimal: Campaign) -> None:  # [EVENT-3]
    game = Game.new(minimal, ["wren"], seed=1)
    game.apply(Travel(hero="wren", to=104))
    events = game.apply(ActivateMenhir(hero="wren"))  # marks flood part 1: q-stone's goal
    assert game.state.quests == []
    assert game.state.hero("wren").exp == 3
    assert ("quest_changed", "q-stone") in [(e.type, getattr(e, "quest", None)) for e in events]


def test_a_menhir_moves_with_its_location_onto_the_changed_version(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    game.apply(Travel(hero="wren", to=104))
    game.apply(ActivateMenhir(hero="wren"))
    game.state.hero("wren").secrets.append(1)
    game.apply(Explore(hero="wren"))  # 104 is replaced by 106 [MAP-3]
    assert [m.location for m in game.state.menhirs] == [101, 106]


def test_encounter_decks_hold_the_chapters_levels(minimal: Campaign) -> None:  # [ENC-1]
    state = Game.new(minimal, ["wren"], seed=1).state
    assert state.unseen == {"green": [], "grey": ["grey-warden"],
                            "purple": ["purple-shade"], "blue": ["blue-beggar", "blue-ferryman"]}
    # a first Encounter is known on top [COMP-8]; of the rest nothing is known: each draw
    # there is a chance point
    assert state.encounter_decks == {"green": ["green-boar"], "grey": ["?"], "purple": ["?"],
                                     "blue": ["?", "?"]}


def test_an_undefeated_guardian_stays_on_the_map(minimal: Campaign) -> None:  # [GUARD-1]
    game = Game.new(minimal, ["wren"], seed=1)
    game.apply(Travel(hero="wren", to=104))
    game.apply(Travel(hero="wren", to=107))  # lightning rule: the Ridge Warden [MAP-6]
    assert game.state.encounter is not None and game.state.encounter.id == "grey-warden"
    ended = [e for e in play_out(game, won=False) if e.type == "encounter_ended"]
    assert [(e.encounter, e.result) for e in ended] == [("grey-warden", "escaped")]
    assert [(g.id, g.location) for g in game.state.guardians] == [("grey-warden", 107)]
    assert "grey-warden" not in game.state.encounter_decks["grey"] + game.state.unseen["grey"]


def test_a_finished_encounter_goes_to_the_bottom_of_its_deck(minimal: Campaign) -> None:
    from grail.engine.actions import LocationAction

    game = Game.new(minimal, ["wren"], seed=1)
    game.apply(LocationAction(hero="wren"))
    play_out(game, won=False)  # [ENC-4]
    assert game.state.encounter_decks["green"] == ["green-boar"]
    assert game.state.hero("wren").food == 3 - 1  # the action's 'lost' effects


def test_guardians_move_by_the_die_and_attack_whoever_is_there(minimal: Campaign) -> None:
    from grail.engine.state import Guardian

    for seed in range(8):  # faces: north, south, stay, discard [GUARD-2]
        game = Game.new(minimal, ["wren"], seed=seed)
        take_out(game.state, "grey-warden")
        game.state.guardians = [Guardian(id="grey-warden", location=107)]
        game.refresh()
        game.apply(Pass(hero="wren"))
        game.apply(Rest(hero="wren", eat=True))
        where = [g.location for g in game.state.guardians]
        # from 107 only 104 is connected: north has no card, so it goes there [GUARD-3]
        assert where in ([], [107], [104])
        if where == []:
            assert game.state.encounter_decks["grey"][-1] == "grey-warden"
    game = Game.new(minimal, ["wren"], seed=1)
    take_out(game.state, "grey-warden")
    game.state.guardians = [Guardian(id="grey-warden", location=104)]
    game.refresh()
    game.apply(Travel(hero="wren", to=104))  # entering its Location [GUARD-6]
    assert game.state.encounter is not None and game.state.encounter.heroes == ["wren"]
    play_out(game, won=True)  # defeated: off the map, to the bottom [GUARD-5]
    assert game.state.guardians == [] and game.state.encounter_decks["grey"][-1] == "grey-warden"


def test_the_chapter_setup_steps_resolve_at_the_start(minimal: Campaign) -> None:  # [SETUP-W9]
    game = Game.new(minimal, ["wren"], seed=1)
    assert [task.id for task in game.state.tasks] == ["find-well"]


def test_ending_a_chapter_sets_up_the_next_and_the_last_wins(minimal: Campaign) -> None:
    from grail.content.effects import EndChapter
    from grail.engine.world import apply_effect

    game = Game.new(minimal, ["wren"], seed=1)
    heroes = game.state.heroes
    apply_effect(minimal, game.state, EndChapter(end_chapter=True), heroes)  # [EVENT-4]
    assert game.state.chapter == 2 and game.state.event_deck == ["ev-storm"]
    assert game.state.unseen["purple"] == ["purple-shade"]
    # the decks in play are changed, not begun anew: the first encounter is not on top
    # again, but shuffled in with its level's cards [EVENT-4], [COMP-8]
    assert "green-boar" in game.state.unseen["green"]
    assert set(game.state.encounter_decks["green"]) == {UNSEEN}
    apply_effect(minimal, game.state, EndChapter(end_chapter=True), heroes)
    assert (game.state.outcome, game.state.stage) == ("won", "over")


def test_a_flipped_dial_resolves_one_face(minimal: Campaign) -> None:  # [DIAL-1]
    faces = set()
    for seed in range(12):
        game = Game.new(minimal, ["wren"], seed=seed)
        game.state.hero("wren").secrets.append(1)
        game.refresh()
        game.apply(Travel(hero="wren", to=104))
        game.apply(Explore(hero="wren"))  # 104 becomes 106
        health = game.state.hero("wren").health
        events = game.apply(Explore(hero="wren"))  # 106 flips a dial
        face = next(e.face for e in events if isinstance(e, DialFlipped))
        faces.add(face)
        if face == "skull":
            assert game.state.hero("wren").health == health - 1
        else:
            assert any(m.location == 106 and m.dial == 3 for m in game.state.menhirs)
    assert faces == {"skull", "grail"}


def test_time_dials_turn_down_each_start_of_day(minimal: Campaign) -> None:  # [DAY-START-4]
    from grail.engine.state import Dial

    game = Game.new(minimal, ["wren"], seed=1)
    game.state.dials = [Dial(id="toll", value=2, token="time"),
                        Dial(id="vow", value=2, token="quest")]
    game.apply(Pass(hero="wren"))
    game.apply(Rest(hero="wren", eat=True))
    assert [(d.id, d.value) for d in game.state.dials] == [("toll", 1), ("vow", 2)]
    game.apply(Pass(hero="wren"))
    game.apply(Rest(hero="wren", eat=True))
    assert [d.id for d in game.state.dials] == ["vow"]  # at 1 it cannot go lower: it leaves


def test_a_random_event_discarded_goes_to_the_bottom_of_its_deck_and_comes_again_DISC_1(
        minimal: Campaign) -> None:
    """"Cuando se te indique que descartes una carta de ... Evento Aleatorio ..., déjala al
    final del mazo de robo": yesterday's Random Event goes under the Random Event deck, not
    to the Event discard pile, which only story Events measure time with [EVENT-2]; placed
    again once the unseen ones are gone, it comes back [EVENT-1]."""
    from grail.engine.events_deck import put_random_events, reveal_event

    game = Game.new(minimal, ["wren"], seed=1)
    for day in (2, 3):
        game.apply(Pass(hero="wren"))
        game.apply(Rest(hero="wren", eat=True))
        assert game.state.day == day
    state = game.state
    assert state.event == "ev-storm"
    assert state.event_discards == [] and state.random_bottom == ["rnd-fog"]  # [EVENT-3]
    assert put_random_events(minimal, state, 2) == [RandomEventsPlaced(count=1)]
    reveal_event(minimal, state)
    assert state.event == "rnd-fog" and state.random_bottom == []
    assert state.event_discards == ["ev-storm"]
