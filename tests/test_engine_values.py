"""The engine's values (grail/engine/plain.py): actions and events made by ``value``, the
state's parts by ``part``, behave as the standard dataclass made them, which the rules, the
saves and the simulation's workers rely on."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random

import pytest

from grail.content import Campaign
from grail.engine.actions import Pass, Travel
from grail.engine.events import HeroMoved, HeroPassed
from grail.engine.game import Game
from grail.engine.state import GameState, Menhir


def test_an_action_is_a_frozen_value_equal_by_its_fields() -> None:
    action = Travel(hero="wren", to=102)
    assert action == Travel(hero="wren", to=102) and hash(action) == hash(
        Travel(hero="wren", to=102))
    assert action != Travel(hero="wren", to=103) and action != Pass(hero="wren")
    assert repr(action) == "Travel(type='travel', hero='wren', to=102)"
    with pytest.raises(dataclasses.FrozenInstanceError):
        action.to = 103  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del action.hero
    assert {action, Travel(hero="wren", to=102)} == {action}


def test_events_of_two_kinds_never_equal() -> None:
    assert HeroPassed(hero="wren") != HeroMoved(hero="wren", origin=101, to=102)
    assert HeroPassed(hero="wren") == HeroPassed(hero="wren")


def test_a_part_of_the_state_changes_in_place_and_has_no_hash() -> None:
    menhir = Menhir(location=101, dial=3)
    menhir.dial = 2
    assert menhir == Menhir(location=101, dial=2) and menhir != Menhir(location=101, dial=3)
    with pytest.raises(TypeError):
        hash(menhir)


def test_fields_are_keywords_and_defaults_are_made_afresh(minimal: Campaign) -> None:
    with pytest.raises(TypeError):
        Travel("wren", 102)  # type: ignore[call-arg, arg-type]
    with pytest.raises(TypeError):
        Travel(hero="wren")  # type: ignore[call-arg]
    first, second = (Game.new(minimal, ["wren"], seed=1).state for _ in range(2))
    first.hero("wren").items.append(7)
    assert second.hero("wren").items == []  # a list of its own, not the default's
    assert first._answers == [] and first._drawn == []  # made after the fields


def test_a_played_game_copies_and_pickles_whole(minimal: Campaign) -> None:
    """The simulation's workers receive actions and states pickled; undo and the look-ahead
    copy states deeply."""
    game = Game.new(minimal, ["wren"], seed=4)
    chooser = random.Random(4)
    while game.state.outcome is None and len(game.log) < 60:
        legal = game.legal_actions()
        game.apply(legal[chooser.randrange(len(legal))])
    state: GameState = game.state
    for again in (copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert again == state and again is not state
        assert again.model_dump_json() == state.model_dump_json()
    log = pickle.loads(pickle.dumps(game.log))
    assert log == game.log and copy.deepcopy(game.log) == game.log
    assert state.model_copy(update={"day": state.day + 1}).day == state.day + 1


def test_no_field_defaults_through_a_builtin_factory() -> None:
    """``part`` and ``value`` give ``list`` and ``dict`` defaults Python factories making the
    same: pydantic reads every factory's signature when it builds a save's reader, and a
    builtin's is parsed from its text each time (half of building the state's reader)."""
    import grail.engine.state as state_module
    from grail.engine.plain import Plain

    kinds = [kind for kind in vars(state_module).values()
             if isinstance(kind, type) and issubclass(kind, Plain) and kind is not Plain]
    factories = [field.default_factory for kind in kinds if dataclasses.is_dataclass(kind)
                 for field in dataclasses.fields(kind)
                 if field.default_factory is not dataclasses.MISSING]
    assert len(factories) > 40
    assert not [factory for factory in factories if isinstance(factory, type)]
