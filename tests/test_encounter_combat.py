"""A Combat turn, from the hands to the victory: [COMBAT-1]..[COMBAT-16].

Mostly against the Tavern Brawler (value 8; its attack: 1 damage up to 2 markers, 2 up to 5,
3 from 6; Opportunity: 1 damage and 1 Terror; Reward 2 Exp each; Loot 3 Wealth, shared).
Every hero starts with 7 Health; Tamsin is character 1, Oswy 2, Bryn 3, Corra 4.
"""

from __future__ import annotations

import pytest

from grail.content.encounter_effects import Prevent
from grail.engine.actions import (
    Activate,
    Choose,
    DiscardCard,
    EndPlay,
    Explore,
    KeepHands,
    Mulligan,
    PlayCard,
    Share,
)
from grail.engine.encounters import effects as board_effects
from grail.engine.events import DamagePrevented
from grail.engine.state import Frame
from grail.words.events import event_text

from .encounter_helpers import FIRST, Table, ended, pack, with_rules


def team(*heroes: str, enemy: str = "grey-brawler") -> Table:
    """A team against ``enemy``, each member holding its first 3 cards, hands kept."""
    table = Table(list(heroes))
    table.fight(enemy, *[card for hero in heroes for card in FIRST[hero]])
    table.keep()
    return table


def solo(*hand: str, enemy: str = "grey-brawler") -> Table:
    table = Table(["tamsin"])
    table.fight(enemy, *hand)
    table.keep()
    return table


def test_members_add_cards_to_one_shared_sequence_COMBAT_1() -> None:
    table = team("tamsin", "oswy")
    table.act(Activate(hero="tamsin"))
    table.play("t-bulwark")  # 1 marker on placing
    table.end_play()  # the attack is prevented; Oswy is next
    assert table.active == "oswy"
    table.play("o-jab-1")  # his card follows hers, its free key joining hers
    assert [(c.card, c.owner) for c in table.encounter.sequence] == \
        [("t-bulwark", "tamsin"), ("o-jab-1", "oswy")]
    assert table.encounter.pool == 2  # one pool for the team


@pytest.mark.parametrize(("heroes", "size"), [
    (["tamsin"], 3), (["tamsin", "oswy"], 3), (["tamsin", "oswy", "bryn"], 3),
    (["tamsin", "oswy", "bryn", "corra"], 2),
])
def test_each_member_draws_three_cards_or_two_for_four_fighters_COMBAT_3(
        heroes: list[str], size: int) -> None:
    table = Table(heroes)
    table.fight("grey-brawler", *[card for hero in heroes for card in FIRST[hero][:size]])
    assert {hero: len(table.hand(hero)) for hero in heroes} == dict.fromkeys(heroes, size)


def test_the_hand_sizes_are_a_setting_COMBAT_3() -> None:
    table = Table(["tamsin"], with_rules(pack(), hand_size=[4, 3, 3, 2]))
    table.fight("grey-brawler", "t-blank", "t-brace", "t-bulwark", "t-charm")
    assert len(table.hand("tamsin")) == 4


def test_a_mulligan_draws_one_card_fewer_down_to_one_COMBAT_4() -> None:
    table = Table(["tamsin"])
    table.fight("grey-brawler", "t-jab-1", "t-jab-2", "t-jab-3")
    table.act(Mulligan(hero="tamsin"), "t-jab-4", "t-jab-5")
    assert table.hand("tamsin") == ["t-jab-4", "t-jab-5"]
    # By default the hand goes to the discards and back into the deck after the Encounter
    # ([NOTE-18], hand_returns_to_deck): the new hand cannot hold them.
    assert table.encounter.discards["tamsin"] == ["t-jab-1", "t-jab-2", "t-jab-3"]
    assert "t-jab-1" not in table.hero("tamsin").combat_deck
    table.act(Mulligan(hero="tamsin"), "t-strike")
    assert table.hand("tamsin") == ["t-strike"]
    # One card: nothing is left to decide, the hand is kept and play begins.
    assert table.encounter.step == "play"
    assert not any(isinstance(a, Mulligan | KeepHands) for a in table.legal())
    table.refused(Mulligan(hero="tamsin"))


def test_a_mulligan_can_shuffle_the_hand_straight_back_COMBAT_4() -> None:
    table = Table(["tamsin"], with_rules(pack(), hand_returns_to_deck=False))
    table.fight("grey-brawler", "t-jab-1", "t-jab-2", "t-jab-3")
    table.act(Mulligan(hero="tamsin"), "t-jab-1", "t-jab-2")
    assert table.hand("tamsin") == ["t-jab-1", "t-jab-2"]
    assert table.encounter.discards.get("tamsin", []) == []


def test_the_team_chooses_the_active_character_among_those_not_activated_COMBAT_5() -> None:
    table = team("tamsin", "oswy", "bryn")
    assert table.legal() == [Activate(hero="tamsin"), Activate(hero="oswy"),
                             Activate(hero="bryn")]
    table.act(Activate(hero="oswy"))
    assert (table.active, table.encounter.activated) == ("oswy", ["oswy"])
    table.play("o-jab-1")
    table.end_play()
    assert table.legal() == [Activate(hero="tamsin"), Activate(hero="bryn")]
    assert table.refused(Activate(hero="oswy")).rule == "COMBAT-5"
    table.act(Activate(hero="bryn"))
    table.play("b-jab-1")
    table.end_play()
    assert table.active == "tamsin"  # the last one left needs no choice


def test_an_activations_effects_hit_only_the_active_character_COMBAT_6() -> None:
    table = team("tamsin", "oswy")
    table.act(Activate(hero="oswy"))
    table.end_play("o-jab-4")  # no card: the Opportunity attack, a draw, then the attack
    assert (table.hero("oswy").health, table.hero("oswy").terror) == (5, 1)
    assert len(table.hand("oswy")) == 4
    assert (table.hero("tamsin").health, table.hero("tamsin").terror) == (7, 0)
    assert len(table.hand("tamsin")) == 3


def test_step_one_takes_a_token_from_each_card_at_every_activation_COMBAT_7_COMBAT_15() -> None:
    table = Table(["tamsin", "oswy"])
    table.fight("grey-brawler", "t-longfuse", "t-jab-1", "t-jab-2", *FIRST["oswy"])
    table.keep()
    table.act(Activate(hero="tamsin"))
    table.play("t-longfuse")
    table.end_play()  # Oswy's activation, same turn: step 1 takes one of its 2 tokens
    assert (table.encounter.turn, table.active) == (1, "oswy")
    assert table.tokens() == {"t-longfuse": 1}
    table.end_play("o-jab-4")  # no card (that would cover it): he draws, 4 cards
    # Tamsin draws; Oswy's deck holds one card (Clumsy Strike): nobody need name it.
    table.act(DiscardCard(hero="oswy", card="o-jab-4"), "t-jab-3")
    assert table.hand("oswy") == ["o-jab-1", "o-jab-2", "o-jab-3", "o-strike"]
    # Phase III: the Time tokens leave the boards, not the cards.
    assert (table.encounter.turn, table.encounter.activated) == (2, [])
    assert table.tokens() == {"t-longfuse": 1}
    table.act(Activate(hero="tamsin"))  # the last token goes: 3 markers
    assert table.encounter.pool == 3 and table.tokens() == {"t-longfuse": 0}


def test_the_first_card_needs_no_key_COMBAT_8() -> None:
    table = solo("t-blank", "t-strike", "t-lunge")
    assert table.playable() == ["t-blank", "t-lunge", "t-strike"]
    table.play("t-blank")  # no key at all
    assert table.sequence() == ["t-blank"]


def test_a_later_first_card_meets_the_last_card_of_the_sequence_COMBAT_8() -> None:
    # With Aggression 1, Strike's key misses the Brawler's (level 2) but meets a Jab's
    # (level 1): the first card of turn 2 is placed after the Jab, not the Encounter card.
    table = Table(["tamsin"])
    table.hero("tamsin").attributes["aggression"] = 1
    table.fight("grey-brawler", "t-jab-1", "t-strike", "t-blank")
    table.keep()
    table.play("t-jab-1")
    table.end_play("t-jab-2")
    table.play("t-strike")
    assert table.encounter.pool == 1 + 3


def test_keys_then_the_ability_COMBAT_9() -> None:
    # Study the Foe: its Aggression key draws 1, then on placing it adds a marker per card in
    # hand. 2 cards left + 1 drawn = 3 markers: the key resolved before the Ability.
    table = solo("t-study", "t-jab-1", "t-jab-2")
    table.play("t-study", "t-jab-3")
    assert table.encounter.pool == 3


def test_a_further_card_must_connect_a_continue_of_its_own_COMBAT_10() -> None:
    table = solo("t-jab-1", "t-strike", "t-lunge")
    table.play("t-jab-1")
    assert table.playable() == ["t-lunge"]
    assert table.refused(PlayCard(hero="tamsin", card="t-strike")).rule == "COMBAT-10"
    table.play("t-lunge")
    assert table.encounter.pool == 2 and table.encounter.played == 2


@pytest.mark.parametrize("plays", [False, True])
def test_no_card_played_brings_the_opportunity_attack_and_a_draw_COMBAT_11(plays: bool) -> None:
    table = solo("t-blank", "t-jab-1", "t-jab-2")
    if plays:
        table.play("t-blank")
        table.end_play("t-jab-3")  # the attack only (1 damage); the turn's draw
        assert (table.hero("tamsin").health, table.hero("tamsin").terror) == (6, 0)
        return
    table.end_play("t-jab-3")  # Opportunity: 1 damage, 1 Terror; draw 1; the attack: 1 damage
    assert (table.hero("tamsin").health, table.hero("tamsin").terror) == (5, 1)
    assert table.hand("tamsin") == ["t-blank", "t-jab-1", "t-jab-2", "t-jab-3"]


def test_victory_is_checked_before_the_enemy_attack_COMBAT_12_COMBAT_16() -> None:
    table = solo("t-jab-1", "t-jab-2", "t-jab-3")
    table.encounter.pool = 7
    table.game.refresh()
    table.play("t-jab-1")
    events = table.end_play()
    assert ended(events).won and ended(events).result == "won"
    assert table.hero("tamsin").health == 7  # no attack
    assert table.game.state.encounter is None


@pytest.mark.parametrize(("pool", "health"), [(0, 6), (2, 6), (3, 5), (5, 5), (6, 4)])
def test_the_attack_is_the_combat_table_row_for_the_pool_COMBAT_13(pool: int, health: int) -> None:
    table = solo("t-blank", "t-jab-1", "t-jab-2")
    table.encounter.pool = pool
    table.game.refresh()
    table.play("t-blank")
    table.end_play("t-jab-3")
    assert table.hero("tamsin").health == health


def test_victory_is_checked_again_after_the_enemy_attack_COMBAT_13() -> None:
    table = solo("t-rally", "t-jab-1", "t-jab-2")
    table.encounter.pool = 6
    table.game.refresh()
    # Engine reading: the row is the one for the pool when step 3 begins; the Abilities
    # active during the attack resolve first, then the row's effects.
    table.play("t-rally")  # 6 < 8 at step 2d
    events = table.end_play()  # the row for 6 (3 damage); Rally adds 2 during it: 8
    assert ended(events).won
    assert table.hero("tamsin").health == 4


def test_every_member_acts_then_the_turn_ends_COMBAT_14() -> None:
    table = team("tamsin", "oswy")
    table.act(Activate(hero="tamsin"))
    table.play("t-bulwark")
    table.end_play()
    assert (table.encounter.turn, table.active) == (1, "oswy")  # step 4: back to Phase I
    table.play("o-jab-1")
    table.end_play("t-jab-1", "o-jab-4")  # Phase III: each member draws 1
    assert table.encounter.turn == 2
    assert table.legal() == [Activate(hero="tamsin"), Activate(hero="oswy")]
    assert (len(table.hand("tamsin")), len(table.hand("oswy"))) == (3, 3)


def test_the_end_of_the_turn_discards_down_to_three_then_draws_one_COMBAT_15() -> None:
    table = solo("t-blank", "t-jab-1", "t-jab-2")
    table.end_play("t-jab-3")  # the Opportunity draw: 4 cards at the end of the turn
    assert table.legal() == [DiscardCard(hero="tamsin", card=card)
                             for card in ["t-blank", "t-jab-1", "t-jab-2", "t-jab-3"]]
    assert table.refused(EndPlay(hero="tamsin")).rule == "COMBAT-15"
    table.act(DiscardCard(hero="tamsin", card="t-blank"), "t-jab-4")
    assert table.hand("tamsin") == ["t-jab-1", "t-jab-2", "t-jab-3", "t-jab-4"]
    assert table.encounter.discards["tamsin"] == ["t-blank"]
    assert table.encounter.turn == 2


def test_a_victory_through_the_journal_gives_reward_and_loot_COMBAT_16() -> None:
    table = Table(["tamsin"])
    table.act(Explore(hero="tamsin"))
    table.act(Choose(hero="tamsin", option=0), "t-jab-1", "t-jab-2", "t-strike")
    table.keep()
    table.encounter.pool = 5
    table.game.refresh()
    table.play("t-strike")  # 3 markers: 8
    events = table.end_play()
    assert ended(events).won
    tamsin = table.hero("tamsin")
    assert (tamsin.exp, tamsin.wealth, tamsin.food) == (2, 3 + 3, 2 + 1)  # Reward, Loot, won
    state = table.game.state
    assert state.encounter_decks["grey"][-1] == "grey-brawler"  # to the bottom [ENC-4]
    assert sorted(tamsin.combat_deck) == sorted(pack().hero["tamsin"].decks.combat.start)


def test_a_team_victory_rewards_each_member_and_shares_the_loot_COMBAT_16() -> None:
    table = team("tamsin", "oswy")
    table.act(Activate(hero="tamsin"))
    table.encounter.pool = 7
    table.game.refresh()
    table.play("t-bulwark")
    table.end_play()
    # Each member takes the Reward (2 Exp); the Loot (3 Wealth) is split as they decide.
    assert (table.hero("tamsin").exp, table.hero("oswy").exp) == (2, 2)
    assert table.legal() == [Share(hero="tamsin", what="wealth", amount=n) for n in range(4)]
    table.act(Share(hero="tamsin", what="wealth", amount=1))
    assert (table.hero("tamsin").wealth, table.hero("oswy").wealth) == (3 + 1, 2 + 2)
    assert table.game.state.encounter is None


def test_damage_prevented_twice_says_how_much_more_and_in_all_EX_COMBAT_5() -> None:
    """Two Abilities preventing damage of one attack: the second says what it adds and the
    whole, not a second total that reads as a contradiction."""
    table = solo("t-jab-1", "t-strike", "t-lunge")
    frame = Frame(source="ability", key="t-jab-1", heroes=["tamsin"])
    prevent = Prevent.model_validate({"prevent": 2})
    said = [event for _ in range(2)
            for event in board_effects.apply(table.game.campaign, table.game.state, frame,
                                             prevent)
            if isinstance(event, DamagePrevented)]
    assert said == [DamagePrevented(amount=2, total=2, feint=False),
                    DamagePrevented(amount=2, total=4, feint=False)]
    assert [event_text(table.game.campaign, event) for event in said] == [
        "2 damage of the enemy attack will be prevented.",
        "2 more damage of the enemy attack will be prevented (4 in all)."]
    assert table.encounter.prevent == 4
