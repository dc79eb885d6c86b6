"""Diplomacy: [DIPLO-1]..[DIPLO-16].

Mostly Oswy (Empathy 2, Logic 2, Rep 4, 2 Wealth) before the Reeve at the Gate: an Affinity
track of 2 red and 3 green spaces (bottom -2, top +3); right edge [1: Empathy 1, 2: Logic 2];
Stage 1 "Calm the crowd" (Empathy keys: up 2, Logic keys: up 1; Response: down 1 and 1
Terror), Stage 2 "Prove your word" (Logic keys: up 3, Empathy keys: down 1; Response: down 1
and lose 1 Food); Failure: lose 1 Rep and 1 Wealth; Reward: 2 Exp. No Avoid section.
"""

from __future__ import annotations

import pytest

from grail.engine.actions import (
    Activate,
    Avoid,
    Choose,
    ChooseApproach,
    Escape,
    Explore,
    Mulligan,
    PlayCard,
    Ready,
    SetItemAside,
    Share,
)
from grail.words.events import event_text

from .encounter_helpers import Table, ended, pack, with_rules

HAND = ["o-nod-1", "o-nod-2", "o-shrug"]
TAMSIN = ["t-word-1", "t-word-2", "t-word-3"]
DECK = sorted(pack().hero["oswy"].decks.diplomacy.start)


def solo(*hand: str, enemy: str = "blue-reeve", table: Table | None = None, **meters: object) -> Table:
    table = table or Table(["oswy"])
    table.fight(enemy, *hand, **meters)
    table.keep()
    return table


def duo(*hand: str, enemy: str = "blue-reeve") -> Table:
    """Tamsin and Oswy, Oswy active."""
    table = Table(["tamsin", "oswy"])
    table.fight(enemy, *TAMSIN, *hand)
    table.keep()
    table.act(Activate(hero="oswy"))
    return table


def at(table: Table, affinity: int = 0, stage: int = 0) -> Table:
    table.encounter.affinity, table.encounter.stage = affinity, stage
    table.game.refresh()
    return table


def test_diplomacy_plays_from_the_diplomacy_deck_DIPLO_1() -> None:
    table = solo("o-plea", "o-reason", "o-shrug")
    assert table.hand("oswy") == ["o-plea", "o-reason", "o-shrug"]
    assert len(table.hero("oswy").combat_deck) == 5  # untouched
    assert len(table.hero("oswy").diplomacy_deck) == len(DECK) - 3
    table.act(Escape(hero="oswy"))
    assert sorted(table.hero("oswy").diplomacy_deck) == DECK


def test_diplomacy_panic_plays_the_top_card_first_DIPLO_1() -> None:
    table = Table(["oswy"])
    table.fight("blue-reeve", *HAND, oswy__terror=8)
    table.keep("o-bluster")
    assert table.encounter.forced == "o-bluster" and table.playable() == ["o-bluster"]
    table.play("o-bluster")
    assert table.encounter.affinity == -1


def test_the_marker_starts_on_grey_and_hands_are_drawn_and_mulliganed_DIPLO_2() -> None:
    table = Table(["oswy"])
    table.fight("blue-reeve", *HAND)
    assert table.encounter.affinity == 0
    table.act(Mulligan(hero="oswy"), "o-plea", "o-reason")
    table.keep()
    assert table.hand("oswy") == ["o-plea", "o-reason"]
    assert (table.active, table.encounter.affinity, table.encounter.stage) == ("oswy", 0, 0)


def test_four_diplomats_draw_two_cards_each_DIPLO_2() -> None:
    table = Table(["tamsin", "oswy", "bryn", "corra"])
    table.fight("blue-reeve", "t-word-1", "t-word-2", "o-nod-1", "o-nod-2", "b-word-1", "b-word-2",
                "c-word-1", "c-word-2")
    assert {hero: len(hand) for hero, hand in table.encounter.hands.items()} == \
        {"tamsin": 2, "oswy": 2, "bryn": 2, "corra": 2}


def test_an_approach_is_chosen_at_the_start_DIPLO_2() -> None:
    table = Table(["oswy"])
    table.fight("blue-crossroads", "o-plea", "o-reason", "o-shrug")
    table.keep()
    assert table.legal() == [ChooseApproach(approach=0), ChooseApproach(approach=1)]
    assert table.refused(PlayCard(hero="oswy", card="o-plea")).rule == "DIPLO-2"
    events = table.act(ChooseApproach(approach=1))
    assert event_text(table.game.campaign, events[0]) == \
        "Approach 2 (Lecture the younger) taken."  # by its name too
    table.play("o-plea")  # "Shame the younger": Empathy keys move down 1; free key up 1
    assert table.encounter.affinity == 0


@pytest.mark.parametrize(("approach", "affinity"), [(0, 4), (1, 0)])
def test_each_approach_has_its_own_stages_DIPLO_2_DIPLO_11(approach: int, affinity: int) -> None:
    table = Table(["oswy"])
    table.fight("blue-crossroads", "o-plea", "o-reason", "o-shrug")
    table.keep()
    table.act(ChooseApproach(approach=approach))
    table.play("o-plea")
    assert table.encounter.affinity == affinity


@pytest.mark.parametrize(("card", "stage", "affinity"), [
    ("o-plea", 0, 3),    # Empathy in Stage 1: up 2, and the free key up 1
    ("o-plea", 1, 0),    # Empathy in Stage 2: down 1, and the free key up 1
    ("o-reason", 0, 1),  # Logic in Stage 1: up 1
    ("o-reason", 1, 3),  # Logic in Stage 2: up 3
])
def test_the_attribute_bonus_does_what_the_current_stage_says_DIPLO_11(
        card: str, stage: int, affinity: int) -> None:
    table = at(solo("o-plea", "o-reason", "o-shrug"), stage=stage)
    table.play(card)
    assert table.encounter.affinity == affinity


def test_stages_are_won_in_order_then_the_encounter_DIPLO_3_DIPLO_7_DIPLO_8() -> None:
    table = solo("o-plea", "o-reason", "o-shrug")
    table.play("o-plea")  # Stage 1: top
    table.end_play("o-nod-1")  # 2c: Stage 1 won, marker back to grey, no Response
    encounter = table.encounter
    assert (encounter.stage, encounter.affinity, encounter.turn) == (1, 0, 2)
    assert table.hero("oswy").terror == 0
    table.play("o-reason")  # Stage 2: Logic up 3, the top of the last Stage
    events = table.end_play()
    assert ended(events).won
    assert table.hero("oswy").exp == 2
    assert table.game.state.encounter_decks["blue"][-1] == "blue-reeve"


def test_no_card_played_brings_no_opportunity_attack_DIPLO_4() -> None:
    table = solo(*HAND)
    table.end_play("o-plea")  # no Opportunity attack, no extra draw: the turn's draw only
    oswy = table.hero("oswy")
    assert (oswy.health, oswy.terror) == (7, 1)  # the Response's Terror only
    assert table.game.state.asked == [] and len(table.hand("oswy")) == 4
    assert table.encounter.affinity == -1


def test_the_affinity_check_at_2c_comes_before_the_response_DIPLO_4_DIPLO_6() -> None:
    table = at(solo("o-bluster", "o-nod-1", "o-nod-2"), affinity=-1)
    table.play("o-bluster")  # the bottom
    events = table.end_play()
    assert ended(events).result == "failed"
    assert table.hero("oswy").terror == 0  # no Response
    assert (table.hero("oswy").rep, table.hero("oswy").wealth) == (3, 1)  # the Failure


def test_the_response_hits_the_active_character_then_affinity_is_checked_DIPLO_5_DIPLO_6() -> None:
    table = at(duo(*HAND), affinity=-1)
    table.play("o-shrug")
    events = table.end_play()  # the Response: down 1 (the bottom) and 1 Terror to Oswy
    assert ended(events).result == "failed"
    assert (table.hero("oswy").terror, table.hero("tamsin").terror) == (1, 0)
    # The Failure, for each member; then the card to the bottom, every deck whole again.
    assert (table.hero("tamsin").rep, table.hero("tamsin").wealth) == (1, 2)
    assert (table.hero("oswy").rep, table.hero("oswy").wealth) == (3, 1)
    assert table.game.state.encounter_decks["blue"][-1] == "blue-reeve"
    assert len(table.hero("tamsin").diplomacy_deck) == 4
    assert sorted(table.hero("oswy").diplomacy_deck) == DECK


def test_the_last_stage_won_rewards_each_member_unshared_DIPLO_7() -> None:
    table = at(duo("o-reason", "o-nod-1", "o-nod-2"), stage=1)
    table.play("o-reason")
    events = table.end_play()
    assert ended(events).won
    assert not any(isinstance(a, Share) for a in table.legal())
    assert (table.hero("tamsin").exp, table.hero("oswy").exp) == (2, 2)


def test_a_stage_won_sends_the_marker_to_grey_and_play_to_step_four_DIPLO_8() -> None:
    table = duo("o-plea", "o-nod-1", "o-nod-2")
    table.play("o-plea")
    table.end_play()
    assert (table.encounter.stage, table.encounter.affinity) == (1, 0)
    assert table.active == "tamsin" and table.encounter.turn == 1  # the next member
    assert table.hero("oswy").terror == 0


def test_the_marker_stops_at_the_ends_DIPLO_9() -> None:
    table = at(solo("o-flourish", "o-nod-1", "o-nod-2"), affinity=2)
    table.play("o-flourish")  # up 2, from 2: the top is 3
    assert table.encounter.affinity == 3


@pytest.mark.parametrize("check", ["at_checks", "immediately"])
def test_affinity_is_checked_only_at_the_checks_unless_the_campaign_says_so_DIPLO_9(
        check: str) -> None:
    # ASSUMPTION [DIPLO-9]: by default the marker may touch the top and come down again
    # before step 2c; the setting 'immediately' wins the Stage as soon as it gets there.
    table = at(solo("o-flourish", "o-backpedal", "o-nod-1",
                    table=Table(["oswy"], with_rules(pack(), affinity_check=check))), affinity=1)
    if check == "immediately":
        table.play("o-flourish", "o-nod-2")  # the top: Stage 1 won at once; the turn's draw
        assert (table.encounter.stage, table.encounter.affinity) == (1, 0)
        assert table.encounter.turn == 2
        return
    table.play("o-flourish")
    assert table.encounter.affinity == 3 and table.playable() == ["o-backpedal"]
    table.play("o-backpedal")  # down 2
    table.end_play("o-nod-2")
    assert (table.encounter.stage, table.encounter.affinity) == (0, 0)  # the Response: -1


@pytest.mark.parametrize(("card", "affinity", "drawn"), [
    ("o-nod-1", 1, []),          # up
    ("o-bluster", -1, []),       # down
    ("o-flourish", 2, []),       # x2 up
    ("o-hush", 0, ["o-nod-3"]),  # cancel voids the up; draw 1
    ("o-shrug", 0, []),          # an empty free key
])
def test_the_diplomacy_bonuses_DIPLO_10(card: str, affinity: int, drawn: list[str]) -> None:
    table = solo(card, "o-nod-2", "o-plea")
    table.play(card, *drawn)
    assert table.encounter.affinity == affinity
    assert len(table.hand("oswy")) == 2 + len(drawn)


def test_a_magic_key_and_continue_in_diplomacy_DIPLO_10() -> None:
    table = solo("o-nod-1", "o-magic-word", "o-shrug")
    table.play("o-nod-1")
    table.play("o-magic-word", magic=((3, "oswy"),))  # continue, up 2
    assert table.encounter.affinity == 3 and table.hero("oswy").magic == 0


@pytest.mark.parametrize(("affinity", "rep"), [(1, 5), (0, 4), (-1, 3)])
def test_an_ability_may_ask_whether_the_marker_is_on_green_or_red_DIPLO_12(
        affinity: int, rep: int) -> None:
    table = at(solo("o-read-room", "o-nod-1", "o-nod-2"), affinity=affinity)
    table.play("o-read-room")
    assert table.hero("oswy").rep == rep


@pytest.mark.parametrize(("card", "affinity"), [("o-soothe", 0), ("o-shrug", -1)])
def test_an_ability_acts_during_the_response_DIPLO_12(card: str, affinity: int) -> None:
    table = solo(card, "o-nod-1", "o-nod-2")
    table.play(card)
    table.end_play("o-nod-3")
    assert table.encounter.affinity == affinity


def test_a_delayed_ability_in_diplomacy_DIPLO_12() -> None:
    table = solo("o-patience", "o-nod-1", "o-nod-2")
    table.play("o-patience")
    table.end_play("o-nod-3")  # the Response: -1
    assert (table.encounter.turn, table.encounter.affinity) == (2, -1 + 2)


def test_a_team_escape_is_a_failure_for_each_member_DIPLO_13() -> None:
    table = duo(*HAND)
    events = table.act(Escape(hero="oswy"))
    assert ended(events).result == "escaped"
    tamsin, oswy = table.hero("tamsin"), table.hero("oswy")
    assert (tamsin.rep, tamsin.wealth, oswy.rep, oswy.wealth) == (1, 2, 3, 1)
    assert (tamsin.energy, oswy.energy, oswy.health) == (6, 6, 7)  # no Combat Escape price
    assert table.game.state.encounter_decks["blue"][-1] == "blue-reeve"


def test_an_escape_through_the_journal_is_a_failure_then_the_entrys_lost_DIPLO_13() -> None:
    table = Table(["oswy"])
    table.act(Explore(hero="oswy"))
    table.act(Choose(hero="oswy", option=1), *HAND)
    table.keep()
    events = table.act(Escape(hero="oswy"))
    assert ended(events).result == "escaped" and table.game.state.encounter is None
    oswy = table.hero("oswy")
    assert (oswy.rep, oswy.wealth, oswy.terror) == (3, 1, 1)  # the Failure, then "lost"


def test_avoid_before_starting_pays_the_cost_and_skips_the_encounter_DIPLO_14() -> None:
    table = Table(["oswy"])
    table.fight("blue-widow")
    assert table.legal() == [Avoid(), Ready()] and table.pending() is None
    events = table.act(Avoid())
    assert ended(events).result == "avoided"
    oswy = table.hero("oswy")
    assert (oswy.wealth, oswy.rep) == (0, 4)  # the cost, and no Failure
    assert table.game.state.encounter_decks["blue"][-1] == "blue-widow"


def test_avoid_is_only_before_the_start_DIPLO_14() -> None:
    table = Table(["oswy"])
    table.fight("blue-widow")
    table.act(Ready(), *HAND)
    assert table.refused(Avoid()).rule == "DIPLO-14"


def test_avoid_needs_an_avoid_section_DIPLO_14() -> None:
    table = Table(["oswy"])
    table.hero("oswy").items, table.hero("oswy").face_up = [3], ["item:3"]
    table.fight("blue-reeve")  # waits: the Knucklebone may be set aside [ITEM-3]
    assert table.legal() == [SetItemAside(hero="oswy", item=3), Ready()]
    assert table.refused(Avoid()).rule == "DIPLO-14"


@pytest.mark.parametrize(("heroes", "offered"), [
    (["tamsin", "oswy"], True),    # Oswy's Rep 4 and Logic 2 stand for the team
    (["tamsin", "corra"], False),  # Rep 2 and 2: the best is 2, never the sum 4
    (["oswy", "bryn"], False),     # Bryn cannot pay 2 Wealth
])
def test_avoid_takes_the_best_members_values_and_each_members_cost_DIPLO_15(
        heroes: list[str], offered: bool) -> None:
    # Engine reading: Avoid needs every member able to pay the cost.
    table = Table(heroes)
    table.hero(heroes[0]).items, table.hero(heroes[0]).face_up = [3], ["item:3"]
    table.fight("blue-widow")
    assert (Avoid() in table.legal()) is offered
    if not offered:
        assert table.refused(Avoid()).rule == "DIPLO-14"
        return
    table.act(Avoid())
    assert (table.hero("tamsin").wealth, table.hero("oswy").wealth) == (3 - 2, 2 - 2)


def test_a_deck_too_thin_to_draw_is_a_failure_DIPLO_16() -> None:
    table = Table(["oswy"])
    events = table.fight("blue-reeve", oswy__diplomacy_deck=["o-nod-1", "o-nod-2"])
    assert ended(events).result == "failed"
    assert (table.hero("oswy").rep, table.hero("oswy").wealth) == (3, 1)
    assert table.hero("oswy").energy == 6  # a Failure, not a Combat Escape


def test_a_deck_emptied_in_play_is_a_failure_DIPLO_16() -> None:
    table = Table(["oswy"])
    table.fight("blue-reeve", "o-nod-1", "o-nod-2", oswy__diplomacy_deck=HAND)
    table.play("o-nod-1")
    events = table.end_play()  # the Response, then no card for the turn's draw
    assert ended(events).result == "failed"
