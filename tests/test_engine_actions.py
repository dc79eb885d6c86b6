"""Location, character and Menhir actions, and lightning rules on entering."""

from __future__ import annotations

import pytest

from grail.content import Campaign
from grail.content.effects import PlaceMenhir, PlaceToken, RemoveToken
from grail.engine.actions import (
    ActivateMenhir,
    Begin,
    Cancel,
    CharacterAction,
    FinishUpgrades,
    Join,
    LocationAction,
    Pass,
    PayShare,
    Rest,
    Travel,
)
from grail.engine.events import LocationRevealed, MenhirUnlit
from grail.engine.game import Game, IllegalAction
from grail.engine.state import Menhir
from grail.engine.world import apply_effect, go

from .conftest import play_out


def test_a_once_per_day_location_action_waits_for_the_next_day(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    game.apply(LocationAction(hero="wren"))  # [ACT-LOC-1]: 1 Energy, 1 Food, a green Encounter
    hero = game.state.hero("wren")
    assert (hero.energy, hero.food) == (5, 3)
    assert game.state.encounter is not None and game.state.encounter.id == "green-boar"
    play_out(game, won=True)  # the action's 'won' effects: 1 Exp; the Boar's Reward: 1 Exp
    assert game.state.hero("wren").exp == 2 and game.state.encounter is None
    assert game.state.location_tokens == [101]  # [ACT-LOC-2]
    with pytest.raises(IllegalAction, match=r"\[ACT-LOC-2\]"):
        game.apply(LocationAction(hero="wren"))
    game.apply(Pass(hero="wren"))
    game.apply(Rest(hero="wren", eat=True))
    game.apply(FinishUpgrades(hero="wren"))  # 2 Exp would buy a deck upgrade [UPG-2]
    assert game.state.location_tokens == []  # [DAY-START-4]
    assert LocationAction(hero="wren") in game.legal_actions()


def _card_effect(game: Game, effect: dict[str, object]) -> None:
    """A card's effect on the map, as a journal entry would resolve it."""
    model = PlaceToken if "place_token" in effect else RemoveToken
    apply_effect(game.campaign, game.state, model.model_validate(effect),
                 [game.state.heroes[0]])
    game.refresh()


def test_once_per_day_action_blocked_only_by_its_own_use_ACT_LOC_2(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    _card_effect(game, {"place_token": {"token": "time", "location": 101}})
    assert game.state.time_tokens == [101] and game.state.location_tokens == []
    game.apply(LocationAction(hero="wren"))  # a card's Time token does not mark it used
    play_out(game, won=True)
    assert (game.state.location_tokens, game.state.time_tokens) == ([101], [101])
    with pytest.raises(IllegalAction, match=r"\[ACT-LOC-2\]"):
        game.apply(LocationAction(hero="wren"))  # its own use does


def test_a_card_removing_a_time_token_leaves_the_used_mark_ACT_LOC_2(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    game.apply(LocationAction(hero="wren"))
    play_out(game, won=True)
    _card_effect(game, {"remove_token": {"token": "time", "location": 101}})
    assert game.state.location_tokens == [101]  # only the Start of Day clears it
    assert LocationAction(hero="wren") not in game.legal_actions()


def test_the_character_action_is_paid_by_its_owner(minimal: Campaign) -> None:  # [ACT-CHAR-1]
    game = Game.new(minimal, ["wren"], seed=1)
    game.apply(CharacterAction(hero="wren"))
    hero = game.state.hero("wren")
    assert (hero.energy, hero.food) == (4, 3)


def test_activating_a_menhir_sets_its_dial(minimal: Campaign) -> None:  # [MENHIR-5]
    game = Game.new(minimal, ["wren"], seed=1)
    assert ActivateMenhir(hero="wren") not in game.legal_actions()  # no Menhir seal at 101
    game.apply(Travel(hero="wren", to=104))
    game.apply(ActivateMenhir(hero="wren"))
    hero = game.state.hero("wren")
    # cost: 1 Magic per player in the game [ACT-MENHIR-2] and 1 Food; dial 8 - 1 per player
    assert (hero.magic, hero.food) == (1, 1)
    assert Menhir(location=104, dial=7) in game.state.menhirs  # [MENHIR-8]
    assert [(m.id, m.parts) for m in game.state.statuses] == [("flood", [1])]


def test_reactivating_replaces_the_days_left(minimal: Campaign) -> None:  # [MENHIR-7]
    game = Game.new(minimal, ["wren"], seed=1)
    game.apply(Travel(hero="wren", to=104))
    game.apply(ActivateMenhir(hero="wren"))
    game.state.menhirs[-1].dial = 2
    game.apply(ActivateMenhir(hero="wren"))
    assert [m for m in game.state.menhirs if m.location == 104] == [Menhir(location=104, dial=7)]


def test_a_menhir_a_journal_entry_lights_reveals_what_it_brings_in_radius_MENHIR_6(
        ennor: Campaign) -> None:
    """Ennor's stones are lit by their journal sections ("la acción ... que también está en
    la sección del Diario"): as after the Menhir action, what the Direction Keys of the
    characters' Locations name and is now within radius is revealed at once."""
    game = Game.new(ennor, ["jago"], seed=1)
    jago = game.state.hero("jago")
    go(ennor, game.state, 111, [jago])  # Charcoal Hollow: keys to 112 and 125
    game.state.frames.clear()
    assert game.state.spot_of(112) is None and game.state.spot_of(125) is None
    lit = PlaceMenhir.model_validate({"place_menhir": {"dial": 5}})
    events = apply_effect(ennor, game.state, lit, [jago])
    assert (111, 5) in [(m.location, m.dial) for m in game.state.menhirs]
    revealed = [event.number for event in events if isinstance(event, LocationRevealed)]
    assert sorted(revealed) == [112, 125]
    assert game.state.spot_of(112) == ennor.grid[112]


def test_no_menhir_is_lit_on_a_location_off_the_map_MENHIR_2(minimal: Campaign) -> None:
    """A Menhir stands on its Location's card: an effect lighting one on a card not on the
    map lights none, says so, and the next Start of Day goes on as with no new Menhir."""
    game = Game.new(minimal, ["wren"], seed=1)
    before = list(game.state.menhirs)
    lit = PlaceMenhir.model_validate({"place_menhir": {"location": 106, "dial": 5}})
    events = apply_effect(minimal, game.state, lit, [game.state.hero("wren")])
    assert game.state.menhirs == before
    assert events == [MenhirUnlit(location=106)]


def test_a_menhir_needs_its_requirements(minimal: Campaign) -> None:  # [ACT-MENHIR-1]
    game = Game.new(minimal, ["wren"], seed=1)
    game.state.hero("wren").magic = 0
    game.apply(Travel(hero="wren", to=104))
    with pytest.raises(IllegalAction, match=r"\[ACT-MENHIR-1\]"):
        game.apply(ActivateMenhir(hero="wren"))


def test_lightning_rules_resolve_on_entering(minimal: Campaign) -> None:  # [MAP-6]
    game = Game.new(minimal, ["wren"], seed=1)
    game.apply(Travel(hero="wren", to=102))  # Bell Hill: +1 Terror while the bell is silent
    assert game.state.hero("wren").terror == 1
    assert game.state.location_visits == {"102": 1}


def test_the_team_on_a_menhir_pays_its_magic_together_ACT_MENHIR_1_TEAM_6(
        minimal: Campaign) -> None:
    """ "Activar un Menhir requiere la ayuda de todos los jugadores": 1 Magic per player,
    which one character alone may not hold, and Magic is never traded [RES-3]."""
    game = Game.new(minimal, ["wren", "yew"], seed=1)
    for hero in game.state.heroes:
        hero.location, hero.magic = 104, 1
    game.refresh()
    game.apply(ActivateMenhir(hero="wren"))  # 2 Magic and 1 Food for two players
    assert game.legal_actions() == [Join(hero="yew"), Cancel(hero="wren")]
    with pytest.raises(IllegalAction, match=r"\[ACT-MENHIR-1\]"):
        game.apply(Begin(hero="wren"))  # alone, 1 Magic is short
    game.apply(Join(hero="yew"))
    game.apply(Begin(hero="wren"))  # 1 Magic each: no choice; then who gives the Food
    assert game.legal_actions() == [PayShare(hero="wren", what="food", amount=n) for n in (0, 1)]
    game.apply(PayShare(hero="wren", what="food", amount=0))
    wren, yew = game.state.hero("wren"), game.state.hero("yew")
    assert (wren.magic, wren.food, yew.magic, yew.food) == (0, 2, 0, 0)
    assert Menhir(location=104, dial=6) in game.state.menhirs
    assert not wren.acted and not yew.acted  # each acted: a new round [DAY-7], [DAY-3]


def test_a_menhir_nobody_here_can_pay_is_not_offered_ACT_MENHIR_1(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren", "yew"], seed=1)
    for hero in game.state.heroes:
        hero.location, hero.magic = 104, 0
    game.state.hero("wren").magic = 1  # meets the requirement, but 2 Magic are needed
    game.refresh()
    assert ActivateMenhir(hero="wren") not in game.legal_actions()
    with pytest.raises(IllegalAction, match=r"\[ACT-MENHIR-1\]: menhir_closed"):
        game.apply(ActivateMenhir(hero="wren"))


def test_activating_a_menhir_is_the_character_s_action_DAY_6(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren", "yew"], seed=1)
    game.state.hero("wren").location = 104  # alone there: nobody to join
    game.refresh()
    game.apply(ActivateMenhir(hero="wren"))
    assert Menhir(location=104, dial=6) in game.state.menhirs
    assert [hero.id for hero in game.actors()] == ["yew"]  # Wren has acted this round [DAY-3]
