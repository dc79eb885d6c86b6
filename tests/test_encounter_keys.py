"""Card anatomy, keys and bonus icons: the rulebook's card anatomy and keys ([ANAT-*], [KEY-*]).

Tamsin (Aggression 2, Courage 1, 2 Magic) fights the Tavern Brawler (value 8; 1 damage up to
2 markers, 2 up to 5, 3 from 6; its right edge is [1: Aggression 2, 3: Courage 1]) in a
companion game where the test names every card drawn. Most of Tamsin's cards carry the right
edge [1: Aggression 1, 2: Magic, 3: Courage 2] (tests/packs/encounters/cards/tamsin.yaml).
The pack follows the modelling assumptions [ANAT-12] (Attribute Keys on the right edge,
Bonus Keys on the left), [ANAT-13] (numbered positions, same position and type to meet)
and [ANAT-14] (Magic and free keys split, the bonus on the new card's half).
"""

from __future__ import annotations

import pytest

from grail.engine.actions import DiscardCard, PlayCard, SpendCharges
from grail.words.refusals import refusal_words

from .encounter_helpers import Table, pack, with_rules


def solo(*hand: str, enemy: str = "grey-brawler", table: Table | None = None) -> Table:
    """Tamsin alone against ``enemy``, holding ``hand``, active in step 2."""
    table = table or Table(["tamsin"])
    table.fight(enemy, *hand)
    table.keep()
    assert (table.encounter.step, table.active) == ("play", "tamsin")
    return table


def played(events: list[object]) -> object:
    return next(e for e in events if getattr(e, "type", "") == "card_played")


# --- Attribute Keys and Bonus Keys -----------------------------------------------------------


@pytest.mark.parametrize(("aggression", "pool"), [(2, 3), (1, 1)])
def test_an_attribute_key_connects_only_at_the_required_level_ANAT_2_KEY_2(
        aggression: int, pool: int) -> None:
    table = Table(["tamsin"])
    table.hero("tamsin").attributes["aggression"] = aggression
    solo("t-strike", "t-jab-1", "t-jab-2", table=table)
    events = table.play("t-strike")  # the Brawler's key asks for Aggression 2
    assert table.encounter.pool == pool  # 2 from the Bonus Key when it connects, 1 free
    assert played(events).connected == (["attribute 1", "free"] if aggression == 2 else ["free"])


def test_skill_cards_count_in_the_attribute_level_a_key_asks_for_KEY_2() -> None:
    # [ATTR-3]: Attribute value = board markers + Skill cards.
    table = Table(["tamsin"])
    table.hero("tamsin").attributes["aggression"] = 1
    table.hero("tamsin").skills = [1]  # Bar-Room Grit, an Aggression Skill
    solo("t-strike", "t-jab-1", "t-jab-2", table=table)
    table.play("t-strike")
    assert table.encounter.pool == 3


def test_an_attribute_count_in_an_ability_counts_skill_cards_ANAT_8() -> None:
    # [ATTR-3] and docs/content-format.md ("count: attribute", Skills included): Measured
    # Blow adds a marker per point of Aggression: 2 on the board + 1 Skill = 3.
    table = Table(["tamsin"])
    table.hero("tamsin").skills = [1]
    solo("t-measure", "t-jab-1", "t-jab-2", table=table)
    table.play("t-measure")
    assert table.encounter.pool == 3


def test_only_the_active_characters_level_counts_ANAT_2() -> None:
    table = Table(["tamsin", "oswy"])
    table.fight("grey-brawler", "t-jab-1", "t-jab-2", "t-jab-3", "o-strike", "o-jab-1", "o-jab-2")
    table.keep()
    table.act(next(a for a in table.legal() if getattr(a, "hero", "") == "oswy"))
    table.play("o-strike")  # Oswy has Aggression 0; Tamsin's 2 does not help him
    assert table.encounter.pool == 1


def test_a_bonus_key_gains_its_icons_when_it_connects_to_the_previous_card_ANAT_3() -> None:
    table = solo("t-jab-1", "t-lunge", "t-jab-2")
    table.play("t-jab-1")
    events = table.play("t-lunge")  # its Aggression Bonus Key meets the Jab's Aggression key
    assert played(events).icons == ["marker"]  # continue is not an icon gained
    assert played(events).connected == ["attribute 1", "free"]
    assert table.encounter.pool == 2


def test_the_encounter_card_is_the_previous_card_of_the_first_card_ANAT_11() -> None:
    table = solo("t-brace", "t-jab-1", "t-jab-2")
    events = table.play("t-brace")  # its Courage Bonus Key meets the Brawler's Courage 1 key
    assert played(events).connected == ["attribute 3", "free"]
    assert table.encounter.pool == 3


def test_keys_connect_only_where_both_halves_meet_KEY_1() -> None:
    # Wide Swing has Aggression Bonus Keys at 2 (nothing faces it) and 3 (a Courage key faces).
    table = solo("t-misaligned", "t-jab-1", "t-jab-2")
    events = table.play("t-misaligned")
    assert played(events).connected == ["free"]
    assert table.encounter.pool == 0


# --- Magic Keys and the free key ---------------------------------------------------------------


def test_a_magic_key_needs_both_halves_and_one_magic_ANAT_4_KEY_3() -> None:
    table = solo("t-spark", "t-jab-1", "t-jab-2")
    # First, against the Encounter card: it has no Magic half, so there is nothing to pay.
    table.refused(PlayCard(hero="tamsin", card="t-spark", magic=((2, "tamsin"),)))
    table.play("t-jab-1")
    # Second, after the Jab's Magic half: unpaid it gives no continue, so only paid is legal.
    spark = {a.magic for a in table.legal() if isinstance(a, PlayCard) and a.card == "t-spark"}
    assert spark == {((2, "tamsin"),)}
    table.play("t-spark", magic=((2, "tamsin"),))
    assert table.encounter.pool == 1 + 2
    assert table.hero("tamsin").magic == 1
    assert table.encounter.sequence[-1].magic == [2]  # the Magic sits on the key


def test_a_teammate_pays_the_magic_which_is_discarded_with_the_card_KEY_3() -> None:
    table = Table(["tamsin", "oswy"])
    table.fight("purple-unweaver", "t-jab-1", "t-spark", "t-jab-2", "o-jab-1", "o-jab-2", "o-jab-3")
    table.keep()
    table.act(next(a for a in table.legal() if getattr(a, "hero", "") == "tamsin"))
    table.play("t-jab-1")
    payers = {a.magic for a in table.legal() if isinstance(a, PlayCard) and a.card == "t-spark"}
    assert payers == {((2, "tamsin"),), ((2, "oswy"),)}
    table.play("t-spark", magic=((2, "oswy"),))
    assert (table.hero("tamsin").magic, table.hero("oswy").magic) == (2, 0)
    # Oswy has no Magic left to pay with.
    table.refused(PlayCard(hero="tamsin", card="t-jab-2", magic=((2, "oswy"),)))
    table.end_play()  # the Shade discards the last card: Spark goes, with the Magic on it
    assert table.sequence() == ["t-jab-1"]
    assert table.encounter.magic_discarded == 1
    assert table.hero("oswy").magic == 0


def test_the_free_key_always_connects_and_an_empty_one_gives_nothing_KEY_4_ANAT_5() -> None:
    table = solo("t-blank", "t-jab-1", "t-jab-2")
    table.play("t-blank")  # nothing connects but the free key, whose second half is empty
    assert table.encounter.pool == 0
    table = solo("t-jab-1", "t-blank", "t-jab-2")
    events = table.play("t-jab-1")  # Jab's Bonus Keys meet nothing: the free key still does
    assert played(events).connected == ["free"] and table.encounter.pool == 1


# --- Bonus icons --------------------------------------------------------------------------


@pytest.mark.parametrize(("card", "pool"), [
    ("t-double", 2),       # [x2, marker]
    ("t-void", 1),         # [cancel, marker3, marker]: the 3 markers are voided
    ("t-void-double", 1),  # [cancel, x2, marker]: the x2 is voided, the marker is not doubled
])
def test_x2_doubles_the_next_icon_and_cancel_voids_it_KEY_5(card: str, pool: int) -> None:
    table = solo(card, "t-jab-1", "t-jab-2")
    table.play(card)
    assert table.encounter.pool == pool


def test_continue_is_ignored_on_the_first_card_KEY_6() -> None:
    table = solo("t-lunge", "t-jab-1", "t-wasted")
    table.play("t-lunge")  # its continue connects, but it is the first card: nothing follows
    assert table.encounter.pool == 1
    assert table.playable() == ["t-wasted"]  # only a card connecting a continue of its own
    refusal = table.refused(PlayCard(hero="tamsin", card="t-jab-1"))
    assert refusal_words(table.game.campaign, refusal.refusal).startswith(
        "after the first card, a card must connect a continue key of its own: ")


def test_continue_is_never_doubled_KEY_6() -> None:
    # Wild Follow-up's Aggression key is [x2, continue, marker]. The rulebook: continue "is not
    # multiplied: if it stands next to the multiplier, ignore it". Engine reading: the x2 is
    # spent on the continue and does not pass on to the marker, so the card adds 1, not 2.
    table = solo("t-jab-1", "t-wasted", "t-jab-2")
    table.play("t-jab-1")
    table.play("t-wasted")
    assert table.encounter.pool == 1 + 1


def test_cancel_voids_a_continue_so_the_card_cannot_follow_KEY_5_COMBAT_10() -> None:
    table = solo("t-jab-1", "t-stifled", "t-lunge")
    table.play("t-jab-1")
    assert table.playable() == ["t-lunge"]
    refusal = table.refused(PlayCard(hero="tamsin", card="t-stifled"))
    assert refusal.rule == "COMBAT-10"
    assert refusal_words(table.game.campaign, refusal.refusal).endswith(
        "the continue of its key 1 is cancelled")  # says why


def test_the_draw_bonus_draws_one_card_KEY_5() -> None:
    table = solo("t-study", "t-jab-1", "t-jab-2")
    table.play("t-study", "t-jab-3")  # its Aggression key: draw 1
    assert table.hand("tamsin") == ["t-jab-1", "t-jab-2", "t-jab-3"]


def test_the_discard_last_bonus_discards_the_last_card_of_the_sequence_KEY_5() -> None:
    # ASSUMPTION (engine reading of [COMBAT-9]): the card is placed before its bonuses
    # resolve, so the last card of the Sequence is the card itself: Fall Back's free key
    # [marker, discard_last] adds 1 marker, then sends Fall Back to the discards.
    table = solo("t-retreat", "t-jab-1", "t-jab-2")
    table.play("t-retreat")
    assert table.encounter.pool == 1
    assert table.sequence() == []
    assert table.encounter.discards["tamsin"] == ["t-retreat"]


# --- Abilities: covering, triggers, Charges ---------------------------------------------------


@pytest.mark.parametrize(("cards", "health"), [(["t-guard"], 7), (["t-guard", "t-lunge"], 6)])
def test_only_uncovered_abilities_are_active_ANAT_6(cards: list[str], health: int) -> None:
    table = solo(*cards, *["t-jab-1", "t-jab-2"][:3 - len(cards)])
    for card in cards:
        table.play(card)
    assert table.covered() == cards[:-1]
    table.end_play("t-jab-3")  # the attack at 0 or 1 marker: 1 damage, Guard prevents 2
    assert table.hero("tamsin").health == health


def test_an_on_place_ability_resolves_right_after_placing_ANAT_7() -> None:
    table = solo("t-bulwark", "t-jab-1", "t-jab-2")
    table.play("t-bulwark")
    assert table.encounter.pool == 1  # before any later step


def test_a_delayed_ability_fires_once_when_its_last_token_goes_ANAT_7_COMBAT_7() -> None:
    table = solo("t-slowburn", "t-jab-1", "t-jab-2")
    table.play("t-slowburn")
    assert table.tokens() == {"t-slowburn": 1}
    table.end_play("t-jab-3")  # turn 2, step 1: the token goes, 2 markers
    assert (table.encounter.turn, table.encounter.pool) == (2, 2)
    assert table.tokens() == {"t-slowburn": 0}
    table.play("t-jab-1")
    table.end_play("t-jab-4")  # turn 3: no token left, it never fires again
    assert table.encounter.pool == 3


def test_a_delayed_card_covered_with_its_token_never_fires_ANAT_7() -> None:
    table = solo("t-slowburn", "t-lunge", "t-jab-1")
    table.play("t-slowburn")
    table.play("t-lunge")
    assert table.tokens() == {"t-slowburn": 0, "t-lunge": 0}  # the token is discarded
    table.end_play("t-jab-2")
    assert table.encounter.pool == 1


def test_wounds_lose_health_ANAT_8() -> None:
    table = solo("t-reckless", "t-jab-1", "t-jab-2")
    table.play("t-reckless")  # on placing: 1 wound, before any enemy attack
    assert table.hero("tamsin").health == 6
    assert table.encounter.pool == 3


def test_joined_keys_count_connected_or_not_ANAT_8() -> None:
    table = Table(["tamsin"])
    table.hero("tamsin").attributes["aggression"] = 1
    solo("t-strike", "t-tally", "t-jab-1", table=table)
    table.play("t-strike")  # its Aggression key joins the Brawler's (level 2): not connected
    assert table.encounter.pool == 1
    table.play("t-tally")  # joins Strike's Aggression 1 key, connected: 2 joined in all
    assert table.encounter.pool == 1 + 2


def test_a_passive_card_is_never_covered_ANAT_9() -> None:
    table = solo("t-totem", "t-lunge", "t-jab-1")
    table.play("t-totem")
    table.play("t-lunge")
    assert table.covered() == []
    table.end_play("t-jab-2")  # pool 1: 1 damage, prevented by the Totem
    assert table.hero("tamsin").health == 7


def test_charges_are_paid_for_an_ability_ANAT_10() -> None:
    table = solo("t-charm", "t-jab-1", "t-jab-2")
    table.play("t-charm")
    charm = table.encounter.sequence[0]
    assert charm.charges == 2
    assert table.playable() == []  # no continue in hand
    table.act(SpendCharges(hero="tamsin", serial=charm.serial, ability=1))
    assert table.encounter.sequence[0].charges == 0
    assert table.playable() == ["t-jab-1", "t-jab-2"]  # as if they connected a continue
    refusal = table.refused(SpendCharges(hero="tamsin", serial=charm.serial, ability=1))
    assert refusal.rule == "ANAT-10"
    table.play("t-jab-1")
    assert table.encounter.pool == 1


def test_time_tokens_are_card_data_ANAT_15() -> None:
    # ASSUMPTION [ANAT-15]: Time tokens per delayed card = card data (Long Fuse: 2).
    table = solo("t-longfuse", "t-jab-1", "t-jab-2")
    table.play("t-longfuse")
    assert table.tokens() == {"t-longfuse": 2}
    table.end_play("t-jab-3")
    assert table.tokens() == {"t-longfuse": 1} and table.encounter.pool == 0
    # Turn 2, no card (a card played would cover Long Fuse): the Opportunity draw makes 4
    # cards, one is discarded at the end of the turn, then the turn's draw.
    table.end_play("t-jab-4")
    table.act(DiscardCard(hero="tamsin", card="t-jab-4"), "t-jab-5")
    assert table.tokens() == {"t-longfuse": 0} and table.encounter.pool == 3


def test_the_default_number_of_time_tokens_is_a_setting_ANAT_15() -> None:
    table = solo("t-slowburn", "t-jab-1", "t-jab-2",
                 table=Table(["tamsin"], with_rules(pack(), delayed_tokens=2)))
    table.play("t-slowburn")
    assert table.tokens() == {"t-slowburn": 2}


def test_discarding_the_last_card_uncovers_the_one_before_without_refiring_ANAT_16() -> None:
    # ASSUMPTION [ANAT-16]: each card covers only the one before it; a discarded last card
    # uncovers that one, whose on-place effects do not fire again.
    table = solo("t-bulwark", "t-lunge", "t-jab-1", enemy="purple-unweaver")
    table.play("t-bulwark")  # on placing: 1 marker
    table.play("t-lunge")  # 1 marker; Bulwark covered
    # The Shade: discard the last card (Lunge), then 2 damage: Bulwark was covered when the
    # attack began, so nothing prevents it. Bulwark does not add its marker again.
    table.end_play("t-jab-2")
    assert table.sequence() == ["t-bulwark"] and table.covered() == []
    assert (table.encounter.pool, table.hero("tamsin").health) == (2, 5)
    # Turn 2, no card: the Opportunity attack (1 damage, not an enemy attack), a draw; then
    # the attack, with Bulwark's Ability active again: 2 damage prevented.
    table.end_play("t-jab-3", "t-jab-4")
    assert (table.encounter.pool, table.hero("tamsin").health) == (2, 4)


def test_a_card_may_carry_several_abilities_with_their_own_triggers_ANAT_17() -> None:
    table = solo("t-bulwark", "t-jab-1", "t-jab-2")
    table.play("t-bulwark")  # on placing: 1 marker
    table.end_play("t-jab-3")  # during the enemy attack: prevents 2 (the row at 1: 1 damage)
    assert (table.encounter.pool, table.hero("tamsin").health) == (1, 7)
