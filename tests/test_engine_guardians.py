"""Guardians: several on one Location, the players choosing the order [GUARD-6]; when
they are met at the Start of Day; what the Wyrdness does to them and to whom it moves."""

from __future__ import annotations

import pytest

from grail.content import Campaign
from grail.engine.actions import FaceGuardian, FinishUpgrades, Pass, Rest, Travel
from grail.engine.encounter_decks import take_out
from grail.engine.events import GuardianMoved, HeroMoved
from grail.engine.game import Game, IllegalAction
from grail.engine.state import Guardian, StatusMarks

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


def test_guardians_move_after_the_day_s_event_is_read_DAY_START_6(ennor: Campaign) -> None:
    """"5) Revela y lee una nueva carta de Evento ... 6) Mueve los Guardianes": a Guardian
    that comes upon a character at the Start of Day fights it with the Event's effects
    already resolved (here Bells Without Hands: +1 Magic once the bell was rung)."""
    game = Game.new(ennor, ["jago"], seed=39)
    state = game.state
    state.guardians.append(Guardian(id="green-old-tusk", location=101))
    state.statuses.append(StatusMarks(id="hollin-bell-rung", whole=True))
    magic = state.hero("jago").magic
    game.refresh()
    while game.state.encounter is None:
        game.apply(next(action for action in game.legal_actions()
                        if isinstance(action, Pass | FinishUpgrades | Rest)))
    state = game.state
    assert (state.day, state.event, state.encounter.id) == \
        (2, "ev-bells-without-hands", "green-old-tusk")
    assert state.frames == []  # nothing of the Event waits beneath the fight
    assert state.hero("jago").magic == magic + 1


def test_a_guardian_met_at_the_start_of_day_is_fought_before_the_day_s_actions_DAY_START_8(
        ennor: Campaign) -> None:
    """Steps 6 and 8 of the Start of Day in order: the Guardian the die brings to a
    character is fought while the Day is still beginning, and only then does each character
    keep one face-up card per keyword [DAY-START-6], [GUARD-4], [DAY-START-8]."""
    from grail.words.summary import stage_words

    game = Game.new(ennor, ["jago"], seed=39)
    state = game.state
    state.guardians.append(Guardian(id="green-old-tusk", location=101))
    jago = state.hero("jago")
    jago.items += [7, 1]  # two weapons: which is in use is asked at step 8
    jago.face_up.append("item:7")
    game.refresh()
    while game.state.encounter is None:
        game.apply(next(action for action in game.legal_actions()
                        if isinstance(action, Pass | FinishUpgrades | Rest)))
    state = game.state
    assert (state.day, state.encounter.id) == (2, "green-old-tusk")
    assert state.stage == "face_up" and stage_words(state.stage) == "the Day begins"
    assert state.face_up_queue == []  # step 8 waits for the fight
    play_out(game, won=True)
    state = game.state
    assert state.encounter is None
    assert state.face_up_queue == ["jago:weapon"]
    assert state.stage == "day"


def test_a_character_the_wyrdness_moves_meets_the_guardian_where_it_lands_MENHIR_3(
        minimal: Campaign) -> None:
    """Moved off a Location out of every Menhir's radius, a character enters the nearest
    one as special movement does ("no es una acción de Viaje"; "sí que revela ... y
    desencadena ... Encuentros de Guardián"): the Guardian there attacks at once, at step 2,
    before the dials turn and the Day's Event is revealed [DAY-START-2], [GUARD-4]."""
    game = Game.new(minimal, ["wren"], seed=1)
    game.apply(Travel(hero="wren", to=103))
    take_out(game.state, "grey-warden")
    game.state.guardians.append(Guardian(id="grey-warden", location=101))
    game.state.menhirs[0].location = 104  # 103 falls outside its radius
    dial, event = game.state.menhirs[0].dial, game.state.event
    game.refresh()
    game.apply(Pass(hero="wren"))
    events = game.apply(Rest(hero="wren", eat=True))
    state = game.state
    assert HeroMoved(hero="wren", origin=103, to=101) in events
    assert state.encounter is not None and state.encounter.id == "grey-warden"
    assert state.encounter.heroes == ["wren"] and state.stage == "dials"
    assert (state.menhirs[0].dial, state.event) == (dial, event)  # steps 3 to 5 wait
    play_out(game, won=True)
    assert game.state.event != event and game.state.menhirs[0].dial != dial


def test_a_guardian_on_a_location_the_wyrdness_takes_goes_with_it_DISC_1(
        minimal: Campaign) -> None:
    """A Location out of every Menhir's radius leaves the map with the Guardian card lying
    on it, to the bottom of its deck as a discarded card goes; it stood there off the map
    before, out of every character's way [DAY-START-2], [DISC-1]."""
    game = Game.new(minimal, ["wren"], seed=1)
    take_out(game.state, "grey-warden")
    game.state.guardians.append(Guardian(id="grey-warden", location=103))
    game.state.menhirs[0].location = 104  # 103 falls outside its radius
    game.refresh()
    game.apply(Pass(hero="wren"))
    events = game.apply(Rest(hero="wren", eat=True))
    assert 103 in game.state.discarded and game.state.guardians == []
    assert game.state.encounter_decks["grey"][-1] == "grey-warden"
    assert GuardianMoved(encounter="grey-warden", face="wyrdness", location=None) in events
