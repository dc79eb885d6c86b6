"""The twelve Combat traits: [TRAIT-1]..[TRAIT-12] (Destruction, [TRAIT-11],
is with the Items in tests/test_encounter_items.py).

Each enemy of the test pack has one trait, value 9 and a flat Combat table of 1 damage; its
Opportunity attack is 1 damage and 1 Terror. Every hero starts with 7 Health.
"""

from __future__ import annotations

import pytest

from grail.engine.actions import Activate, DiscardCard, Escape, PlayCard, Ready
from grail.engine.events import DamagePrevented, DefensiveTrait
from grail.engine.state import Guardian

from .encounter_helpers import Table, ended, pack, with_rules

TEAM = ["t-jab-1", "t-jab-2", "t-jab-3", "o-jab-1", "o-jab-2", "o-jab-3"]
"""The first hands of Tamsin and Oswy."""


def solo(enemy: str, *hand: str, table: Table | None = None) -> Table:
    table = table or Table(["tamsin"])
    table.fight(enemy, *hand)
    table.keep()
    return table


def test_ambush_the_first_activated_discards_down_to_one_TRAIT_1() -> None:
    table = Table(["tamsin", "oswy"])
    table.fight("green-lurker", *TEAM)
    table.keep()
    table.act(Activate(hero="oswy"))  # right after his activation: down to 1 card
    assert table.legal() == [DiscardCard(hero="oswy", card=c)
                             for c in ["o-jab-1", "o-jab-2", "o-jab-3"]]
    assert table.refused(PlayCard(hero="oswy", card="o-jab-1")).rule == "COMBAT-15"
    table.act(DiscardCard(hero="oswy", card="o-jab-1"))
    table.act(DiscardCard(hero="oswy", card="o-jab-2"))
    assert table.hand("oswy") == ["o-jab-3"]
    assert table.encounter.discards["oswy"] == ["o-jab-1", "o-jab-2"]
    table.play("o-jab-3")
    table.end_play()
    assert table.active == "tamsin" and len(table.hand("tamsin")) == 3  # only the first


def test_sudden_the_first_activated_suffers_two_damage_TRAIT_2() -> None:
    table = Table(["tamsin", "oswy"])
    table.fight("grey-knife", *TEAM)
    table.keep()
    table.act(Activate(hero="tamsin"))
    assert table.hero("tamsin").health == 5  # before playing anything
    table.play("t-jab-1")
    table.end_play()  # the attack: 1 damage
    assert table.active == "oswy"
    assert (table.hero("tamsin").health, table.hero("oswy").health) == (4, 7)
    table.play("o-jab-1")
    table.end_play("t-jab-4", "o-jab-4")  # turn 2: no Sudden any more
    table.act(Activate(hero="tamsin"))
    assert table.hero("tamsin").health == 4


def test_defensive_each_activations_first_card_adds_one_marker_fewer_TRAIT_3() -> None:
    # Engine reading: "adds 1 marker fewer" takes the marker from the card's bonus icons.
    table = solo("green-snapper", "t-strike", "t-lunge", "t-jab-1")
    events = table.play("t-strike")  # 2 + 1, one fewer
    assert table.encounter.pool == 2
    told = [event for event in events if isinstance(event, DefensiveTrait)]
    assert told == [DefensiveTrait(less=1)]  # the narration says why the pool rose by less
    events = table.play("t-lunge")  # the second card in full
    assert table.encounter.pool == 3
    assert not [event for event in events if isinstance(event, DefensiveTrait)]
    table.end_play("t-double")
    table.play("t-double")  # turn 2, a first card again: 2 - 1
    assert table.encounter.pool == 4


@pytest.mark.parametrize(("enemy", "third"), [("grey-pickpocket", False), ("grey-brawler", True)])
def test_swift_allows_at_most_two_cards_an_activation_TRAIT_4(enemy: str, third: bool) -> None:
    table = solo(enemy, "t-jab-1", "t-lunge", "t-wasted")
    table.play("t-jab-1")
    table.play("t-lunge")
    assert ("t-wasted" in table.playable()) is third
    if not third:
        assert table.refused(PlayCard(hero="tamsin", card="t-wasted")).rule == "TRAIT-4"


@pytest.mark.parametrize(("enemy", "health"), [("grey-duellist", 6), ("grey-brawler", 7)])
def test_feint_damage_in_the_attack_cannot_be_prevented_TRAIT_5(enemy: str, health: int) -> None:
    table = solo(enemy, "t-guard", "t-jab-1", "t-jab-2")
    table.play("t-guard")  # prevents 2 during the enemy attack
    said = [e for e in table.end_play("t-jab-3") if isinstance(e, DamagePrevented)]
    assert table.hero("tamsin").health == health
    assert [e.feint for e in said] == [enemy == "grey-duellist"]  # not "will be prevented"


def test_a_guardian_not_defeated_stays_on_the_map_TRAIT_6() -> None:
    table = solo("purple-barrow-king", "t-jab-1", "t-jab-2", "t-jab-3")
    events = table.act(Escape(hero="tamsin"))
    assert ended(events).result == "escaped"
    state = table.game.state
    assert state.guardians == [Guardian(id="purple-barrow-king", location=101)]
    assert "purple-barrow-king" not in state.encounter_decks["purple"]


def test_a_defeated_guardian_goes_to_the_bottom_of_its_deck_TRAIT_6() -> None:
    table = solo("purple-barrow-king", "t-jab-1", "t-jab-2", "t-jab-3")
    table.encounter.pool = 8
    table.game.refresh()
    table.play("t-jab-1")
    assert ended(table.end_play()).won
    state = table.game.state
    assert state.guardians == []
    assert state.encounter_decks["purple"][-1] == "purple-barrow-king"


@pytest.mark.parametrize(("setting", "stays"), [("defeated_or_fled", False), ("defeated", True)])
def test_a_guardian_that_flees_stays_only_if_the_campaign_says_so_TRAIT_6_NOTE_12(
        setting: str, stays: bool) -> None:
    table = solo("purple-barrow-king", "t-blank", "t-jab-1", "t-jab-2",
                 table=Table(["tamsin"], with_rules(pack(), guardian_stays_unless=setting)))
    table.encounter.pool = 6
    table.game.refresh()
    table.play("t-blank")
    assert ended(table.end_play()).result == "fled"
    assert bool(table.game.state.guardians) is stays
    assert ("purple-barrow-king" in table.game.state.encounter_decks["purple"]) is not stays


def test_horde_the_active_character_discards_the_top_two_cards_of_the_deck_TRAIT_7() -> None:
    table = solo("green-swarm", "t-blank", "t-jab-1", "t-jab-2")
    table.play("t-blank")
    table.end_play("t-strike", "t-lunge", "t-jab-3")  # two from the deck's top, the turn's draw
    assert table.encounter.discards["tamsin"] == ["t-strike", "t-lunge"]
    deck = pack().hero["tamsin"].decks.combat.start
    assert len(table.hero("tamsin").combat_deck) == len(deck) - 3 - 2 - 1
    assert table.hero("tamsin").health == 6


@pytest.mark.parametrize(("cards", "health", "terror"), [(1, 5, 1), (2, 6, 0)])
def test_opportunist_fewer_than_two_cards_bring_the_opportunity_attack_TRAIT_8(
        cards: int, health: int, terror: int) -> None:
    table = solo("grey-broker", "t-jab-1", "t-lunge", "t-jab-2")
    for card in ["t-jab-1", "t-lunge"][:cards]:
        table.play(card)
    table.end_play("t-jab-3")
    assert (table.hero("tamsin").health, table.hero("tamsin").terror) == (health, terror)
    # Engine reading: the extra draw of [COMBAT-11] comes only with no card played; the
    # trait brings the attack alone. Here: the turn's draw only.
    assert len(table.hand("tamsin")) == 3 - cards + 1


@pytest.mark.parametrize(("fury_per", "healths"), [("activation", (5, 3)), ("encounter", (5, 4))])
def test_fury_resolves_step_three_twice_TRAIT_9(fury_per: str, healths: tuple[int, int]) -> None:
    # ASSUMPTION [TRAIT-9]: twice per activation by default (the text: "twice during this
    # Encounter"); the fury_per setting reads it as one more attack in the Encounter.
    table = solo("purple-revenant", "t-jab-1", "t-jab-2", "t-jab-3",
                 table=Table(["tamsin"], with_rules(pack(), fury_per=fury_per)))
    table.play("t-jab-1")
    table.end_play("t-jab-4")
    assert table.hero("tamsin").health == healths[0]
    table.play("t-jab-2")
    table.end_play("t-jab-5")
    assert table.hero("tamsin").health == healths[1]


def thief_team(tamsin_health: int) -> Table:
    table = Table(["tamsin", "oswy"])
    tamsin = table.hero("tamsin")
    tamsin.items, tamsin.face_up = [1], ["item:1"]
    table.fight("grey-silverfinger", tamsin__health=tamsin_health, oswy__health=1)
    table.act(Ready(), *TEAM)  # the Cleaver kept in use [ITEM-3]
    table.keep()
    table.act(Activate(hero="tamsin"))
    table.play("t-jab-1")
    return table


def test_thief_robs_a_team_all_at_one_health_or_less_TRAIT_10() -> None:
    table = thief_team(tamsin_health=2)
    events = table.end_play()  # 1 damage: Tamsin at 1, Oswy at 1
    assert ended(events).result == "robbed" and not ended(events).won
    tamsin, oswy = table.hero("tamsin"), table.hero("oswy")
    assert (tamsin.wealth, oswy.wealth) == (0, 0)
    assert (tamsin.items, tamsin.face_up) == ([], [])
    assert table.game.state.encounter_decks["grey"][-1] == "grey-silverfinger"


def test_thief_robs_nobody_while_a_member_has_more_than_one_health_TRAIT_10() -> None:
    table = thief_team(tamsin_health=3)
    table.end_play()
    assert table.active == "oswy"
    assert (table.hero("tamsin").wealth, table.hero("tamsin").items) == (3, [1])


@pytest.mark.parametrize("damage", [1, 2])
def test_thief_robs_a_character_who_falls_to_zero_too_TRAIT_10(damage: int) -> None:
    """"Si todos los miembros del equipo bajan su Salud a 1 o menos": 0 is less than 1, so a
    harder blow is no way out of the robbery (the fallen used to leave the fight first)."""
    from .conftest import changed

    campaign = pack()
    thief = campaign.encounter["grey-silverfinger"]
    row = thief.attack[0]
    harder = row.model_copy(update={"effects": [row.effects[0].model_copy(
        update={"damage": damage})]})
    table = Table(["tamsin"], campaign=changed(campaign, encounters=[
        thief.model_copy(update={"attack": [harder]}) if card.id == thief.id else card
        for card in campaign.encounters]))
    tamsin = table.hero("tamsin")
    tamsin.items, tamsin.face_up = [1], ["item:1"]
    table.fight("grey-silverfinger", tamsin__health=2)
    table.act(Ready(), "t-jab-1", "t-jab-2", "t-jab-3")
    table.keep()
    table.play("t-jab-1")
    events = table.end_play()
    tamsin = table.hero("tamsin")
    assert ended(events).result == "robbed"
    assert (tamsin.health, tamsin.wealth, tamsin.items) == (2 - damage, 0, [])


def test_slow_each_member_draws_one_more_at_the_start_and_each_end_of_turn_TRAIT_12_COMBAT_2() -> None:
    table = solo("purple-giant", "t-jab-1", "t-jab-2", "t-jab-3", "t-jab-4")
    assert len(table.hand("tamsin")) == 4
    table.play("t-jab-1")
    table.end_play("t-jab-5", "t-blank")  # 3 left, 2 drawn
    assert len(table.hand("tamsin")) == 5


def test_slow_with_four_fighters_draws_three_TRAIT_12() -> None:
    table = Table(["tamsin", "oswy", "bryn", "corra"])
    table.fight("purple-giant", "t-jab-1", "t-jab-2", "t-jab-3", "o-jab-1", "o-jab-2", "o-jab-3",
                "b-jab-1", "b-jab-2", "b-jab-3", "c-jab-1", "c-jab-2", "c-jab-3")
    assert {len(hand) for hand in table.encounter.hands.values()} == {3}
