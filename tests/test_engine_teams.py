"""Team actions: joining, shared costs, leaving, and splitting what the journal gives
[TEAM-1]..[TEAM-6], [DAY-7], [ACT-EXPLORE-2], [ACT-TRAVEL-3], [ACT-LOC-3]."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grail.content import Campaign, bundled_pack, load_pack
from grail.content.amounts import Amounts
from grail.content.base import models_in
from grail.content.walk import entities
from grail.engine.actions import (
    Action,
    Begin,
    Cancel,
    CharacterAction,
    Choose,
    Explore,
    Join,
    Leave,
    LocationAction,
    Pass,
    PayShare,
    Share,
    Trade,
    Travel,
)
from grail.engine.events import TeamChanged
from grail.engine.game import Game, IllegalAction
from grail.engine.state import GameState, Guardian
from grail.words.actions import action_text

from .conftest import MINIMAL, changed, play_out


@pytest.fixture(scope="module")
def three_heroes() -> Campaign:
    """The minimal pack with a third hero like Wren, to watch the round go on."""
    campaign = load_pack(MINIMAL)
    kes = campaign.hero["wren"].model_copy(update={"id": "kes", "number": 7})
    return changed(campaign, heroes=[*campaign.heroes, kes])


def pair(minimal: Campaign) -> Game:
    """Wren (6 Energy) and Yew (3 Energy) on 101."""
    return Game.new(minimal, ["wren", "yew"], seed=1)


def team_explore(game: Game, wren_pays: int = 1) -> None:
    for action in (Explore(hero="wren"), Join(hero="yew"), Begin(hero="wren"),
                   PayShare(hero="wren", what="energy", amount=wren_pays)):
        game.apply(action)


def test_nobody_to_join_keeps_a_solo_action_one_step_TEAM_1(minimal: Campaign) -> None:
    game = pair(minimal)
    game.apply(Pass(hero="yew"))  # a character who passed does not join [ACT-PASS-1]
    events = game.apply(Explore(hero="wren"))
    assert game.state.team is None and [e.type for e in events] == ["energy_spent", "entry_read"]
    assert game.state.frames[-1].heroes == ["wren"] and game.state.hero("wren").energy == 5


def test_characters_on_the_location_may_join_before_it_starts_TEAM_1(minimal: Campaign) -> None:
    game = pair(minimal)
    game.apply(Explore(hero="wren"))
    assert game.legal_actions() == [Join(hero="yew"), Begin(hero="wren"), Cancel(hero="wren")]
    assert game.state.frames == [] and game.state.hero("wren").energy == 6  # not started yet
    game.apply(Join(hero="yew"))
    assert game.legal_actions() == [Leave(hero="yew"), Begin(hero="wren"), Cancel(hero="wren")]
    assert game.state.team is not None and game.state.team.members == ["wren", "yew"]


def test_a_member_who_disagrees_leaves_before_it_starts_TEAM_2(minimal: Campaign) -> None:
    game = pair(minimal)
    for action in (Explore(hero="wren"), Join(hero="yew"), Leave(hero="yew"), Begin(hero="wren")):
        game.apply(action)
    assert game.state.frames[-1].heroes == ["wren"]
    assert game.state.hero("yew").energy == 3 and not game.state.hero("yew").acted
    with pytest.raises(IllegalAction, match=r"\[TEAM-1\]"):
        game.apply(Join(hero="yew"))  # nobody joins mid-action


def test_a_proposal_can_be_taken_back_before_it_starts_TEAM_1(minimal: Campaign) -> None:
    game = pair(minimal)
    before = game.legal_actions()
    game.apply(Travel(hero="wren", to=102))
    game.apply(Join(hero="yew"))
    game.apply(Cancel(hero="wren"))
    assert game.state.team is None and game.legal_actions() == before
    assert [h.location for h in game.state.heroes] == [101, 101]


def test_a_team_explore_costs_1_energy_per_member_and_anyone_may_pay_ACT_EXPLORE_2_TEAM_6(
        minimal: Campaign) -> None:
    game = pair(minimal)
    for action in (Explore(hero="wren"), Join(hero="yew"), Begin(hero="wren")):
        game.apply(action)
    # 2 Energy for the team: Wren pays none, one or both shares; Yew pays the rest
    assert game.legal_actions() == [PayShare(hero="wren", what="energy", amount=n) for n in range(3)]
    events = game.apply(PayShare(hero="wren", what="energy", amount=2))
    assert [(e.hero, e.amount) for e in events if e.type == "energy_spent"] == [("wren", 2)]
    assert (game.state.hero("wren").energy, game.state.hero("yew").energy) == (4, 3)
    assert game.state.frames[-1].heroes == ["wren", "yew"]  # the team reads the entry


def test_every_member_counts_as_having_acted_DAY_7_DAY_3(three_heroes: Campaign) -> None:
    game = Game.new(three_heroes, ["wren", "yew", "kes"], seed=1)
    game.apply(Travel(hero="wren", to=104))
    game.apply(Join(hero="yew"))
    game.apply(Begin(hero="wren"))
    game.apply(PayShare(hero="wren", what="energy", amount=1))
    assert [h.location for h in game.state.heroes] == [104, 104, 101]
    assert [h.id for h in game.actors()] == ["kes"]  # the team's action was each member's
    game.apply(Pass(hero="kes"))
    assert {h.id for h in game.actors()} == {"wren", "yew"}  # a new round [DAY-3]


def test_a_member_who_cannot_pay_their_share_leaves_unless_covered_TEAM_3(
        minimal: Campaign) -> None:
    game = pair(minimal)
    game.state.hero("yew").energy = 0  # out of actions, but may still join [TEAM-6]
    game.refresh()
    for action in (Explore(hero="wren"), Join(hero="yew"), Begin(hero="wren")):
        game.apply(action)
    assert game.legal_actions() == [Leave(hero="yew"), PayShare(hero="wren", what="energy",
                                                                 amount=2)]
    covered = Game(minimal, GameState.model_validate_json(game.state.model_dump_json()))
    covered.apply(PayShare(hero="wren", what="energy", amount=2))  # Wren covers Yew
    assert covered.state.frames[-1].heroes == ["wren", "yew"]
    assert covered.state.hero("wren").energy == 4
    game.apply(Leave(hero="yew"))  # not covered: Yew leaves, Wren goes on alone
    assert game.state.frames[-1].heroes == ["wren"] and game.state.hero("wren").energy == 5


def test_a_setting_keeps_characters_without_energy_out_of_teams_TEAM_6(
        minimal: Campaign) -> None:
    rules = minimal.manifest.rules.model_copy(update={"join_without_energy": False})
    strict = minimal.model_copy(
        update={"manifest": minimal.manifest.model_copy(update={"rules": rules})})
    for campaign, joins in ((minimal, True), (strict, False)):
        game = Game.new(campaign, ["wren", "yew"], seed=1)
        game.state.hero("yew").energy = 0
        game.refresh()
        game.apply(Explore(hero="wren"))
        assert (game.state.team is not None) == joins
        assert (Join(hero="yew") in game.legal_actions()) == joins


def test_a_share_nobody_can_cover_sends_its_member_away_at_once_TEAM_3(minimal: Campaign) -> None:
    game = pair(minimal)
    game.state.hero("wren").energy, game.state.hero("yew").energy = 1, 0
    game.refresh()
    for action in (Explore(hero="wren"), Join(hero="yew")):
        game.apply(action)
    events = game.apply(Begin(hero="wren"))
    assert TeamChanged(hero="yew", change="unpaid", proposer="wren", action="explore") in events
    assert game.state.frames[-1].heroes == ["wren"] and game.state.hero("wren").energy == 0


def test_a_team_travels_together_and_meets_the_lightning_rules_together_ACT_TRAVEL_3(
        minimal: Campaign) -> None:
    game = pair(minimal)
    for action in (Travel(hero="wren", to=102), Join(hero="yew"), Begin(hero="wren"),
                   PayShare(hero="wren", what="energy", amount=1)):
        game.apply(action)
    assert [(h.location, h.energy, h.terror) for h in game.state.heroes] == [(102, 5, 1), (102, 2, 2)]
    assert game.state.location_visits == {"102": 1}  # entered once, by the team [MAP-6]


def test_a_team_fights_the_guardian_where_it_arrives_ACT_TRAVEL_3(minimal: Campaign) -> None:
    game = pair(minimal)
    game.state.guardians.append(Guardian(id="grey-warden", location=102))
    game.refresh()
    for action in (Travel(hero="wren", to=102), Join(hero="yew"), Begin(hero="wren"),
                   PayShare(hero="wren", what="energy", amount=1)):
        game.apply(action)
    assert game.state.encounter is not None
    assert (game.state.encounter.id, game.state.encounter.heroes) == ("grey-warden", ["wren", "yew"])


def test_a_location_action_is_paid_once_split_freely_and_fought_together_ACT_LOC_3(
        minimal: Campaign) -> None:
    game = pair(minimal)
    for hero in game.state.heroes:
        hero.location = 103  # Lower the bucket: 2 Energy, 1 Food, a green Encounter
    game.refresh()
    for action in (LocationAction(hero="wren"), Join(hero="yew"), Begin(hero="wren")):
        game.apply(action)
    assert game.legal_actions() == [PayShare(hero="wren", what="energy", amount=n) for n in range(3)]
    game.apply(PayShare(hero="wren", what="energy", amount=1))  # each pays 1, as in the rulebook
    assert (game.state.hero("wren").energy, game.state.hero("yew").energy) == (5, 2)
    # the result comes once: 1 Food, which the team splits
    assert game.legal_actions() == [Share(hero="wren", what="food", amount=n) for n in range(2)]
    game.apply(Share(hero="wren", what="food", amount=0))
    assert (game.state.hero("wren").food, game.state.hero("yew").food) == (2, 2)
    assert game.state.encounter is not None and game.state.encounter.heroes == ["wren", "yew"]
    assert all(h.acted is False for h in game.state.heroes)  # both acted: a new round


def test_a_proposer_short_of_the_cost_needs_a_teammate_ACT_LOC_3(minimal: Campaign) -> None:
    game = pair(minimal)
    for hero in game.state.heroes:
        hero.location = 103
    game.state.hero("wren").energy = 1
    game.refresh()
    game.apply(LocationAction(hero="wren"))  # only with Yew's help can it be paid
    with pytest.raises(IllegalAction, match=r"\[ACT-LOC-3\]"):
        game.apply(Begin(hero="wren"))
    game.apply(Join(hero="yew"))
    game.apply(Begin(hero="wren"))
    assert game.legal_actions() == [PayShare(hero="wren", what="energy", amount=n) for n in range(2)]
    game.state.hero("yew").location = 101
    game.state.team = None
    game.refresh()
    assert LocationAction(hero="wren") not in game.legal_actions()  # alone, 1 Energy is short


def test_a_shared_secret_and_gain_are_split_as_the_team_decides_ACT_EXPLORE_2(
        minimal: Campaign) -> None:
    game = pair(minimal)
    team_explore(game)
    game.apply(Choose(hero="wren", option=0))  # 101.1 (team: share): Secret 1, then 1 Rep
    game.apply(PayShare(hero="wren", what="energy", amount=1))  # its 1 Energy [TEAM-6]
    assert game.legal_actions() == [Share(hero="wren", what="secret", amount=1),
                                    Share(hero="yew", what="secret", amount=1)]
    secret = minimal.secret[1].name  # the words name which Secret is taken [SECRET-1]
    assert action_text(game, Share(hero="yew", what="secret", amount=1)) == \
        f"Share: Yew the Ferry-Keeper takes {secret}"
    game.apply(Share(hero="yew", what="secret", amount=1))
    assert game.state.hero("yew").secrets == [1] and game.state.hero("wren").secrets == []
    assert game.legal_actions() == [Share(hero="wren", what="rep", amount=n) for n in range(2)]
    game.apply(Share(hero="wren", what="rep", amount=1))
    assert (game.state.hero("wren").rep, game.state.hero("yew").rep) == (1, 1)
    assert game.state.frames == []


def test_an_entry_can_give_each_member_the_full_gain_ACT_EXPLORE_2(minimal: Campaign) -> None:
    game = pair(minimal)
    team_explore(game)
    game.apply(Choose(hero="wren", option=1))  # 101.2 (team: each): 1 Exp, then on to 102
    assert [(h.exp, h.location, h.terror) for h in game.state.heroes] == [(1, 102, 1), (1, 102, 2)]


def test_a_shared_loss_falls_on_what_each_member_holds_ACT_EXPLORE_2(minimal: Campaign) -> None:
    game = pair(minimal)
    for hero in game.state.heroes:
        hero.location = 104  # lose 2 Wealth, shared, when the team has 2
    game.refresh()
    team_explore(game)
    # Wren holds 1 Wealth, Yew 3: Wren loses 0 or 1 of the 2, Yew the rest
    assert game.legal_actions() == [Share(hero="wren", what="wealth", amount=n, loss=True)
                                    for n in range(2)]
    game.apply(Share(hero="wren", what="wealth", amount=1, loss=True))
    assert (game.state.hero("wren").wealth, game.state.hero("yew").wealth) == (0, 2)


def test_illegal_team_steps_name_their_rule_TEAM_2_TEAM_6(minimal: Campaign) -> None:
    game = pair(minimal)
    with pytest.raises(IllegalAction, match=r"\[TEAM-1\]"):
        game.apply(Join(hero="yew"))  # nothing proposed
    game.apply(Explore(hero="wren"))
    with pytest.raises(IllegalAction, match=r"\[TEAM-1\]"):
        game.apply(Explore(hero="yew"))  # one proposal at a time
    with pytest.raises(IllegalAction, match=r"\[TEAM-2\]"):
        game.apply(Leave(hero="wren"))
    game.apply(Join(hero="yew"))
    with pytest.raises(IllegalAction, match=r"\[TEAM-1\]"):
        game.apply(Begin(hero="yew"))  # the proposer begins
    game.apply(Begin(hero="wren"))
    with pytest.raises(IllegalAction, match=r"\[TEAM-6\]"):
        game.apply(PayShare(hero="yew", what="energy", amount=2))  # Wren decides first
    with pytest.raises(IllegalAction, match=r"\[TEAM-2\]"):
        game.apply(Cancel(hero="wren"))  # begun: nobody leaves mid-action
    with pytest.raises(IllegalAction, match=r"\[ACT-EXPLORE-2\]"):
        game.apply(Share(hero="yew", what="food", amount=1))


def test_team_decisions_save_load_and_replay(minimal: Campaign) -> None:
    game = pair(minimal)
    team_explore(game)
    game.apply(Choose(hero="wren", option=0))  # waits on the split of Secret 1
    copy = Game(minimal, GameState.model_validate_json(game.state.model_dump_json()))
    assert copy.legal_actions() == game.legal_actions() != []
    assert Game.replay(minimal, game.setup, game.log).state_hash() == game.state_hash()
    forms = ['{"type": "join", "hero": "yew"}', '{"type": "leave", "hero": "yew"}',
             '{"type": "begin", "hero": "wren"}', '{"type": "cancel", "hero": "wren"}',
             '{"type": "pay_share", "hero": "wren", "what": "energy", "amount": 1}',
             '{"type": "share", "hero": "yew", "what": "food", "amount": 1, "loss": false}',
             '{"type": "explore", "hero": "wren"}']  # the old forms still read
    assert [Action.from_json(form).type for form in forms] == \
        ["join", "leave", "begin", "cancel", "pay_share", "share", "explore"]


def test_random_play_reaches_every_team_decision(minimal: Campaign) -> None:
    """What the random playouts (test_engine_playouts) can reach with two heroes."""
    seen: set[str] = set()
    for seed in range(30):
        chooser = random.Random(seed)
        game = pair(minimal)
        for _ in range(150):
            actions = game.legal_actions()
            if not actions:
                break
            # trades, open at most times [TEAM-5], would only thin out the decisions sought
            deciding = [a for a in actions if not isinstance(a, Trade)] or actions
            action = chooser.choice(deciding)
            seen.add(action.type)
            game.apply(action)
            if game.state.encounter is not None:
                play_out(game, won=chooser.random() < 0.5)
    assert {"join", "leave", "begin", "cancel", "pay_share", "share"} <= seen


# --- the character action, helped [ACT-CHAR-1], [ACT-CHAR-2], [TEAM-6] ------------------------


def wren_costing(campaign: Campaign, **cost: int) -> Campaign:
    """The minimal pack with Wren's Marsh lore (gain 1 Food) costing this."""
    wren = campaign.hero["wren"]
    action = wren.action.model_copy(update={"cost": Amounts(**cost)})
    heroes = [h for h in campaign.heroes if h.id != "wren"]
    return changed(campaign, heroes=[*heroes, wren.model_copy(update={"action": action})])


def test_a_teammate_helps_pay_what_the_owner_cannot_ACT_CHAR_2_TEAM_6(minimal: Campaign) -> None:
    game = pair(minimal)  # Marsh lore costs 2 Energy
    game.state.hero("wren").energy = 1
    game.refresh()
    assert CharacterAction(hero="wren") in game.legal_actions()  # Yew could make up the rest
    game.apply(CharacterAction(hero="wren"))
    assert game.legal_actions() == [Join(hero="yew"), Cancel(hero="wren")]  # not alone
    with pytest.raises(IllegalAction, match=r"\[ACT-CHAR-2\]"):
        game.apply(Begin(hero="wren"))
    game.apply(Join(hero="yew"))
    game.apply(Begin(hero="wren"))  # Wren's 1 and Yew's 1: no choice left, paid at once
    wren, yew = game.state.hero("wren"), game.state.hero("yew")
    assert (wren.energy, yew.energy) == (0, 2)
    assert (wren.food, yew.food) == (3, 1)  # the action's gain is its owner's alone [ACT-CHAR-1]
    assert not wren.acted and not yew.acted  # both acted: a new round [DAY-7], [DAY-3]


def test_the_owner_pays_at_least_1_energy_ACT_CHAR_2(minimal: Campaign) -> None:
    game = pair(minimal)
    for action in (CharacterAction(hero="wren"), Join(hero="yew"), Begin(hero="wren")):
        game.apply(action)
    assert game.legal_actions() == [PayShare(hero="wren", what="energy", amount=n) for n in (1, 2)]
    before = game.state_hash()
    with pytest.raises(IllegalAction, match=r"\[ACT-CHAR-2\]: pay_character_action"):
        game.apply(PayShare(hero="wren", what="energy", amount=0))
    assert game.state_hash() == before
    game.apply(PayShare(hero="wren", what="energy", amount=1))
    assert (game.state.hero("wren").energy, game.state.hero("yew").energy) == (5, 2)


def test_an_owner_who_can_pay_alone_may_still_begin_alone_ACT_CHAR_1(minimal: Campaign) -> None:
    game = pair(minimal)
    game.apply(CharacterAction(hero="wren"))
    game.apply(Begin(hero="wren"))
    assert (game.state.hero("wren").energy, game.state.hero("yew").energy) == (4, 3)
    assert [h.id for h in game.actors()] == ["yew"]  # only Wren acted


def test_no_character_action_the_team_cannot_pay_ACT_CHAR_2(minimal: Campaign) -> None:
    game = pair(minimal)
    game.state.hero("wren").energy = 1
    game.state.hero("yew").energy = 0  # may join a Travel (join_without_energy), not help here
    game.refresh()
    assert CharacterAction(hero="wren") not in game.legal_actions()
    with pytest.raises(IllegalAction, match=r"\[ACT-CHAR-2\]"):
        game.apply(CharacterAction(hero="wren"))


def test_an_owner_without_energy_is_not_offered_it_ACT_CHAR_2(minimal: Campaign) -> None:
    game = pair(minimal)
    game.state.hero("wren").energy = 0  # Yew's 3 Energy could pay it all, but may not
    game.refresh()
    assert not [a for a in game.legal_actions() if isinstance(a, CharacterAction)
                and a.hero == "wren"]
    with pytest.raises(IllegalAction, match=r"\[DAY-3\]: cannot_act_now \{'hero': 'wren'"):
        game.apply(CharacterAction(hero="wren"))


def test_only_who_can_help_joins_a_character_action_ACT_CHAR_2(three_heroes: Campaign) -> None:
    game = Game.new(three_heroes, ["wren", "yew", "kes"], seed=1)
    game.state.hero("kes").energy = 0  # nothing to pay with
    game.refresh()
    game.apply(CharacterAction(hero="wren"))
    assert Join(hero="kes") not in game.legal_actions()
    with pytest.raises(IllegalAction, match=r"\[ACT-CHAR-2\]: join_character_action"):
        game.apply(Join(hero="kes"))
    assert Join(hero="yew") in game.legal_actions()


def test_teammates_pay_only_energy_and_magic_of_a_character_action_TEAM_6(
        minimal: Campaign) -> None:
    game = Game.new(wren_costing(minimal, energy=1, magic=2, food=1), ["wren", "yew"], seed=1)
    wren, yew = game.state.hero("wren"), game.state.hero("yew")
    wren.magic, yew.magic, wren.food = 0, 2, 0
    game.refresh()
    assert CharacterAction(hero="wren") not in game.legal_actions()  # her Food is hers to pay
    wren.food = 1
    game.refresh()
    for action in (CharacterAction(hero="wren"), Join(hero="yew"), Begin(hero="wren")):
        game.apply(action)  # Wren's 1 Energy, Yew's 2 Magic, Wren's 1 Food: no choice
    assert (wren.energy, wren.magic, wren.food, yew.energy, yew.magic) == (5, 0, 0 + 1, 3, 0)


def test_a_helped_character_action_replays_TEAM_6(minimal: Campaign) -> None:
    game = pair(minimal)
    for action in (CharacterAction(hero="wren"), Join(hero="yew"), Begin(hero="wren"),
                   PayShare(hero="wren", what="energy", amount=1)):
        game.apply(action)
    assert Game.replay(minimal, game.setup, game.log).state_hash() == game.state_hash()


def test_team_members_trade_in_the_middle_of_their_action_TEAM_5(three_heroes: Campaign) -> None:
    """ "Los miembros del equipo pueden intercambiar Comida, Riqueza, Objetos y Secretos en
    cualquier momento, siempre y cuando no estén realizando un Encuentro." """
    game = Game.new(three_heroes, ["wren", "yew", "kes"], seed=1)
    team_explore(game)  # Kes, on the same Location, stays out of it
    legal = game.legal_actions()
    assert {a.type for a in legal} == {"choose", "trade"}
    assert {(a.hero, a.to) for a in legal if isinstance(a, Trade)} == {("wren", "yew"),
                                                                       ("yew", "wren")}
    game.apply(Trade(hero="yew", to="wren", what="food"))
    assert (game.state.hero("wren").food, game.state.hero("yew").food) == (3, 0)
    assert game.pending().kind == "journal"  # the choice still waits
    with pytest.raises(IllegalAction, match=r"\[TEAM-5\]"):
        game.apply(Trade(hero="kes", to="wren", what="food"))  # not in the team


def test_a_lone_reader_or_a_fight_has_no_trades_TEAM_5(minimal: Campaign) -> None:
    game = pair(minimal)
    game.apply(Explore(hero="wren"))
    game.apply(Begin(hero="wren"))  # alone: the reading is Wren's
    assert {a.type for a in game.legal_actions()} == {"choose"}
    game = pair(minimal)
    for action in (LocationAction(hero="wren"), Join(hero="yew"), Begin(hero="wren"),
                   PayShare(hero="wren", what="energy", amount=1)):
        game.apply(action)  # Forage: a green Encounter for the team
    game.apply(Share(hero="wren", what="food", amount=1))  # Forage's Food, then a fight
    assert game.state.encounter is not None
    assert not [a for a in game.legal_actions() if isinstance(a, Trade)]
    with pytest.raises(IllegalAction, match=r"not allowed"):
        game.apply(Trade(hero="yew", to="wren", what="food"))


# --- a journal option's cost, helped [TEAM-6] ----------------------------------------------


def listening_costs(campaign: Campaign, **cost: int) -> Campaign:
    """The minimal pack with entry 101's first option (Listen to the stone) costing this."""
    journal = []
    for section in campaign.journal:
        if "101" in section.entries:
            entry = section.entries["101"]
            choice = entry.effects[0]
            listen = choice.choose[0].model_copy(update={"cost": Amounts(**cost)})
            choice = choice.model_copy(update={"choose": [listen, *choice.choose[1:]]})
            entry = entry.model_copy(update={"effects": [choice, *entry.effects[1:]]})
            section = section.model_copy(update={"entries": {**section.entries, "101": entry}})
        journal.append(section)
    return changed(campaign, journal=journal)


def test_a_teammate_pays_a_journal_option_s_energy_TEAM_6(minimal: Campaign) -> None:
    """ "puedes gastar tu Energía o Magia en vez de otro miembro": an option's cost too."""
    game = pair(minimal)
    team_explore(game)  # each paid 1 Energy: Wren 5, Yew 2
    game.apply(Choose(hero="wren", option=0))  # Listen to the stone: 1 Energy
    assert game.pending().kind == "team_paying"
    assert game.legal_actions() == [PayShare(hero="wren", what="energy", amount=n) for n in (0, 1)]
    game.apply(PayShare(hero="wren", what="energy", amount=0))
    assert (game.state.hero("wren").energy, game.state.hero("yew").energy) == (5, 1)
    assert game.state.team is None and game.state.entry_visits["101.1"] == 1  # taken


def test_an_option_only_the_team_can_pay_is_open_TEAM_6(minimal: Campaign) -> None:
    game = pair(minimal)
    team_explore(game, wren_pays=2)  # Wren paid both shares: 4 Energy left
    game.state.hero("wren").energy = 0
    game.refresh()
    assert Choose(hero="wren", option=0) in game.legal_actions()  # Yew has Energy
    game.apply(Choose(hero="wren", option=0))  # nobody else may pay it: no question asked
    assert (game.state.hero("wren").energy, game.state.hero("yew").energy) == (0, 2)
    game = pair(minimal)
    team_explore(game, wren_pays=2)
    game.state.hero("wren").energy = game.state.hero("yew").energy = 0
    game.refresh()
    assert Choose(hero="wren", option=0) not in game.legal_actions()
    with pytest.raises(IllegalAction, match=r"\[JOURNAL-1\]"):
        game.apply(Choose(hero="wren", option=0))


def test_the_decider_pays_what_is_not_energy_or_magic_TEAM_6_TEAM_5(minimal: Campaign) -> None:
    """Food is the decider's to pay; a teammate may trade it over first [TEAM-5]."""
    game = pair(listening_costs(minimal, energy=1, food=1))
    game.state.hero("wren").food = 0
    team_explore(game)
    assert Choose(hero="wren", option=0) not in game.legal_actions()  # Yew's Food is his
    game.apply(Trade(hero="yew", to="wren", what="food"))
    game.apply(Choose(hero="wren", option=0))
    game.apply(PayShare(hero="wren", what="energy", amount=1))  # then her Food, no choice
    wren, yew = game.state.hero("wren"), game.state.hero("yew")
    assert (wren.energy, wren.food, yew.energy, yew.food) == (4, 0, 2, 0)


def test_a_lone_reader_pays_an_option_at_once_TEAM_6(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    game.apply(Explore(hero="wren"))
    events = game.apply(Choose(hero="wren", option=0))
    assert game.state.team is None and game.state.hero("wren").energy == 4
    assert "resources_changed" in [event.type for event in events]


@given(st.dictionaries(st.sampled_from(["food", "wealth", "rep", "magic", "exp", "energy",
                                        "health", "terror"]),
                       st.integers(0, 12), min_size=1))
def test_amounts_worked_out_in_play_equal_validated_ones_TEAM_6(amounts: dict[str, int]) -> None:
    """A member's share, a payment or an attack's damage, made without validating them
    again, are the amounts validation makes: their fields, the fields given, their parts in
    order, their JSON."""
    made, validated = Amounts.worked_out(**amounts), Amounts(**amounts)
    assert made == validated
    assert made.model_fields_set == validated.model_fields_set
    assert made.items() == validated.items()
    assert made.model_dump_json() == validated.model_dump_json()


def test_an_effect_resolved_for_its_members_is_the_copy_pydantic_makes_ACT_EXPLORE_2() -> None:
    """The engine resolves an effect of the content for the active member or each one
    (``who``) with :meth:`Model.but`, not validated again: for every effect of the bundled
    campaign that names whom it touches, the same fields, fields given, equality and JSON
    as pydantic's own copy, and the content's effect itself unchanged."""
    campaign = load_pack(bundled_pack())
    effects = [model for entity in entities(campaign) for _, model in models_in(entity.model)
               if "who" in type(model).model_fields]
    assert len(effects) > 50
    for effect in effects:
        before = effect.model_dump_json()
        for who in ("active", "each"):
            ours, pydantic_s = effect.but(who=who), effect.model_copy(update={"who": who})
            assert ours == pydantic_s and type(ours) is type(effect)
            assert ours.model_fields_set == pydantic_s.model_fields_set
            assert ours.model_dump_json() == pydantic_s.model_dump_json()
        assert effect.model_dump_json() == before

