"""Other Combat rules: Escape, Flee, Charges, empty hands and decks, Panic, the negative pool,
falling to 0 Health, and the Challenge's Escape by dial: [COMBAT-17]..
[COMBAT-26], [MODE-CHALLENGE-4], [MODE-CHALLENGE-5].

The Tavern Brawler's Opportunity attack is 1 damage and 1 Terror; the Debt Collector takes 4
markers whatever the pool; the White Hare flees once the pool holds 3.
"""

from __future__ import annotations

from grail.content.campaign import DyingCard
from grail.content.effects import Die, SetMeters
from grail.engine.actions import (
    Activate,
    Begin,
    Choose,
    ChooseReplacement,
    DiscardCard,
    EndPlay,
    Escape,
    Explore,
    Mulligan,
    PlayCard,
    SpendCharges,
)
from grail.engine.events import DyingChanged

from .conftest import changed
from .encounter_helpers import Table, ended, pack, with_rules

START = sorted(pack().hero["tamsin"].decks.combat.start)


def solo(*hand: str, enemy: str = "grey-brawler", **meters: object) -> Table:
    table = Table(["tamsin"])
    table.fight(enemy, *hand, **meters)
    table.keep()
    return table


def test_an_escape_costs_energy_and_the_opportunity_attack_COMBAT_17() -> None:
    table = Table(["tamsin"])
    table.act(Explore(hero="tamsin"))  # 1 Energy
    table.act(Choose(hero="tamsin", option=0), "t-jab-1", "t-jab-2", "t-jab-3")
    table.keep()
    table.play("t-jab-1")
    events = table.act(Escape(hero="tamsin"))
    assert ended(events).result == "escaped" and not ended(events).won
    tamsin = table.hero("tamsin")
    assert tamsin.energy == 6 - 1 - 1
    assert tamsin.health == 6  # the Opportunity attack: 1 damage...
    assert tamsin.terror == 1 + 1  # ...and 1 Terror; then the journal's "lost": 1 Terror
    assert table.game.state.encounter_decks["grey"][-1] == "grey-brawler"
    assert sorted(tamsin.combat_deck) == START  # played, held and discarded cards shuffled in


def test_an_escape_suffers_the_opportunity_attack_before_the_hand_goes_back_COMBAT_17() -> None:
    """Lose 1 Energy, suffer the Opportunity attack, then reshuffle: the Cutpurse's attack
    takes a card the character chooses from the hand it still holds."""
    table = solo("t-jab-1", "t-jab-2", "t-jab-3", enemy="grey-cutpurse")
    table.play("t-jab-1")
    events = table.act(Escape(hero="tamsin"))
    assert not [e for e in events if e.type == "encounter_ended"]
    assert table.encounter.escaping == "tamsin"
    assert table.legal() == [DiscardCard(hero="tamsin", card="t-jab-2"),
                             DiscardCard(hero="tamsin", card="t-jab-3")]
    events = table.act(DiscardCard(hero="tamsin", card="t-jab-3"))
    assert ended(events).result == "escaped"
    assert sorted(table.hero("tamsin").combat_deck) == START  # all back once it is over


def test_only_the_active_character_escapes_COMBAT_17() -> None:
    table = Table(["tamsin", "oswy"])
    table.fight("grey-brawler", "t-jab-1", "t-jab-2", "t-jab-3", "o-jab-1", "o-jab-2", "o-jab-3")
    table.keep()
    table.act(Activate(hero="tamsin"))
    assert table.refused(Escape(hero="oswy")).rule == "COMBAT-6"


def test_in_a_team_the_escaping_member_leaves_and_the_rest_go_on_COMBAT_18() -> None:
    table = Table(["tamsin", "oswy"])
    table.fight("grey-brawler", "t-jab-1", "t-jab-2", "t-jab-3", "o-jab-1", "o-jab-2", "o-jab-3")
    table.keep()
    table.act(Activate(hero="tamsin"))
    table.play("t-jab-1")
    table.act(Escape(hero="tamsin"))
    encounter = table.encounter
    assert encounter.heroes == ["oswy"] and table.active == "oswy"  # step 4, then Phase I
    assert (encounter.turn, encounter.pool) == (1, 1)
    assert table.sequence() == ["t-jab-1"]  # her card stays in the Sequence
    assert "tamsin" not in encounter.hands
    assert sorted(table.hero("tamsin").combat_deck) == sorted(set(START) - {"t-jab-1"})
    assert (table.hero("tamsin").energy, table.hero("tamsin").health) == (5, 6)
    table.play("o-jab-1")
    events = table.act(Escape(hero="oswy"))  # the last one out: the card goes to the bottom
    assert ended(events).result == "escaped"
    assert table.game.state.encounter_decks["grey"][-1] == "grey-brawler"
    assert sorted(table.hero("tamsin").combat_deck) == START


def test_a_flee_ends_the_encounter_without_reward_or_loot_COMBAT_19() -> None:
    table = solo("t-blank", "t-jab-1", "t-jab-2", enemy="green-hare")
    table.encounter.pool = 3
    table.game.refresh()
    table.play("t-blank")
    events = table.end_play()  # the row for 3: the Hare flees
    assert (ended(events).result, ended(events).won) == ("fled", False)
    tamsin = table.hero("tamsin")
    assert (tamsin.exp, tamsin.food, tamsin.health) == (0, 2, 7)
    assert table.game.state.encounter_decks["green"][-1] == "green-hare"


def test_charges_are_spent_only_by_the_active_character_COMBAT_20() -> None:
    # The card owner's consent is not modelled: the engine assumes it is given.
    table = Table(["tamsin", "bryn"])
    table.fight("grey-brawler", "t-jab-1", "t-jab-2", "t-jab-3", "b-charm", "b-jab-1", "b-jab-2")
    table.keep()
    table.act(Activate(hero="bryn"))
    table.play("b-charm")
    table.end_play()
    assert table.active == "tamsin"
    serial = table.encounter.sequence[0].serial
    assert SpendCharges(hero="tamsin", serial=serial, ability=1) in table.legal()
    refusal = table.refused(SpendCharges(hero="bryn", serial=serial, ability=1))
    assert refusal.rule in ("COMBAT-20", "COMBAT-6")
    table.act(SpendCharges(hero="tamsin", serial=serial, ability=1))
    assert table.encounter.sequence[0].charges == 0


def test_a_discard_from_an_empty_hand_takes_the_top_of_the_deck_COMBAT_21() -> None:
    table = Table(["tamsin"])
    table.fight("grey-collector", "t-jab-1", "t-jab-2", "t-jab-3")
    table.act(Mulligan(hero="tamsin"), "t-jab-4", "t-jab-5")
    table.act(Mulligan(hero="tamsin"), "t-double")  # one card: kept, play begins
    table.play("t-double")  # 2 markers, an empty hand
    # The Collector takes 4: 2 from the pool, then 2 cards from the top of the deck.
    table.end_play("t-strike", "t-lunge", "t-blank")  # two discards from the deck, the draw
    assert table.encounter.pool == 0
    assert table.encounter.discards["tamsin"][-2:] == ["t-strike", "t-lunge"]
    assert table.hand("tamsin") == ["t-blank"]


def test_the_pool_never_goes_below_zero_COMBAT_25() -> None:
    # The rulebook's example: 2 markers, 1 card in hand, lose 4: the pool goes to 0, the card
    # in hand and the top card of the deck are discarded.
    table = solo("t-jab-1", "t-lunge", "t-blank", enemy="grey-collector")
    table.play("t-jab-1")
    table.play("t-lunge")
    assert (table.encounter.pool, table.hand("tamsin")) == (2, ["t-blank"])
    table.end_play("t-strike", "t-jab-2")  # the deck's top card is discarded; the turn's draw
    assert table.encounter.pool == 0
    assert table.encounter.discards["tamsin"] == ["t-blank", "t-strike"]
    assert table.hand("tamsin") == ["t-jab-2"]


def test_the_active_character_chooses_the_cards_discarded_for_missing_markers_COMBAT_25(
        ) -> None:
    table = solo("t-blank", "t-jab-1", "t-lunge", enemy="grey-collector")
    table.encounter.pool = 3
    table.game.refresh()
    table.play("t-blank")
    table.end_play()  # 4 taken from 3: one card from the two in hand, her choice
    assert table.legal() == [DiscardCard(hero="tamsin", card="t-jab-1"),
                             DiscardCard(hero="tamsin", card="t-lunge")]
    table.act(DiscardCard(hero="tamsin", card="t-jab-1"), "t-jab-2")
    assert (table.encounter.pool, table.encounter.turn) == (0, 2)
    assert table.hand("tamsin") == ["t-jab-2", "t-lunge"]


def test_in_panic_the_first_card_is_the_top_of_the_deck_COMBAT_22() -> None:
    # Panic: Terror (8) above Health (7).
    table = Table(["tamsin"])
    table.fight("grey-brawler", "t-jab-1", "t-jab-2", "t-lunge", tamsin__terror=8)
    table.keep("t-strike")  # step 2: the top card is turned
    assert table.encounter.forced == "t-strike"
    assert table.playable() == ["t-strike"]
    assert table.refused(PlayCard(hero="tamsin", card="t-jab-1")).rule == "COMBAT-22"
    assert table.refused(EndPlay(hero="tamsin")).rule == "COMBAT-22"
    table.play("t-strike")
    assert table.encounter.pool == 3
    assert table.playable() == ["t-lunge"]  # later cards come from hand, as usual
    assert table.hand("tamsin") == ["t-jab-1", "t-jab-2", "t-lunge"]


def test_in_panic_there_is_no_end_of_turn_draw_but_bonus_draws_still_happen_COMBAT_23() -> None:
    table = Table(["tamsin"])
    table.fight("grey-brawler", "t-jab-1", "t-jab-2", "t-lunge", tamsin__terror=8)
    table.keep("t-study")  # the top card: Study the Foe, whose key draws 1
    table.play("t-study", "t-jab-3")
    assert len(table.hand("tamsin")) == 4
    table.end_play()  # Phase III: discard down to 3, and no draw in Panic
    table.act(DiscardCard(hero="tamsin", card="t-jab-3"), "t-jab-4")  # turn 2: the top card
    assert table.hand("tamsin") == ["t-jab-1", "t-jab-2", "t-lunge"]
    assert (table.encounter.turn, table.encounter.forced) == (2, "t-jab-4")


def test_the_panic_card_not_yet_played_goes_back_into_the_deck_on_escape_COMBAT_22_COMBAT_17(
        ) -> None:
    table = Table(["tamsin"])
    table.fight("grey-brawler", "t-jab-1", "t-jab-2", "t-lunge", tamsin__terror=8)
    table.keep("t-strike")
    table.act(Escape(hero="tamsin"))
    assert sorted(table.hero("tamsin").combat_deck) == START


def test_a_deck_too_thin_for_the_hand_forces_an_escape_COMBAT_24() -> None:
    table = Table(["tamsin"])
    events = table.fight("grey-brawler", tamsin__combat_deck=["t-jab-1", "t-jab-2"])
    assert ended(events).result == "escaped"
    tamsin = table.hero("tamsin")
    assert (tamsin.energy, tamsin.health, tamsin.terror) == (5, 6, 1)  # the Escape's price
    assert sorted(tamsin.combat_deck) == ["t-jab-1", "t-jab-2"]


def test_a_deck_too_thin_for_the_turns_draw_forces_an_escape_COMBAT_24() -> None:
    # The third card is the deck's last: nobody need name it; with no card left to draw
    # instead, no mulligan is possible and the hand is kept.
    table = Table(["tamsin"])
    table.fight("grey-brawler", "t-jab-1", "t-jab-2",
                tamsin__combat_deck=["t-jab-1", "t-jab-2", "t-jab-3"])
    assert table.encounter.step == "play"
    table.play("t-jab-1")
    events = table.end_play()  # the attack (1 damage), then no card to draw
    assert ended(events).result == "escaped"
    assert (table.hero("tamsin").energy, table.hero("tamsin").health) == (5, 7 - 1 - 1)


def test_a_panicking_character_with_an_empty_deck_escapes_NOTE_19() -> None:
    # ASSUMPTION [NOTE-19]: Panic's top card from an empty deck is [COMBAT-24].
    table = Table(["tamsin"])
    events = table.fight("grey-brawler", "t-jab-1", "t-jab-2", tamsin__terror=8,
                         tamsin__combat_deck=["t-jab-1", "t-jab-2", "t-jab-3"])
    assert ended(events).result == "escaped"


def test_a_member_at_zero_health_leaves_at_once_COMBAT_26() -> None:
    table = Table(["tamsin", "oswy"])
    table.fight("grey-brawler", "t-blank", "t-jab-1", "t-jab-2", "o-jab-1", "o-jab-2", "o-jab-3",
                tamsin__health=1)
    table.keep()
    table.act(Activate(hero="tamsin"))
    table.play("t-blank")
    table.end_play()  # 1 damage: 0 Health
    encounter = table.encounter
    assert encounter.heroes == ["oswy"] and table.active == "oswy"
    tamsin = table.hero("tamsin")
    # No Escape price [NOTE-17]: no Opportunity attack (its Terror). Energy follows Health
    # down to 0 [SURV-2], so it tells nothing here.
    assert (tamsin.health, tamsin.terror) == (0, 0)
    assert "tamsin" not in encounter.hands


def test_a_member_at_zero_health_takes_the_card_at_once_DEATH_1_COMBAT_26_TEAM_4() -> None:
    """ "Añade la carta de «Te estás muriendo» ..., Escapa inmediatamente de cualquier
    Encuentro y resuelve todas las reglas adicionales de esta carta": the card and what it
    says come as the member leaves, not once the others have fought on to the end."""
    card = DyingCard(effects=[SetMeters.model_validate({"set": {"wealth": 0}})], dies_when=[])
    campaign = changed(pack(), manifest=pack().manifest.model_copy(update={"dying": card}))
    table = Table(["tamsin", "oswy"], campaign)
    table.fight("grey-brawler", "t-blank", "t-jab-1", "t-jab-2", "o-jab-1", "o-jab-2", "o-jab-3",
                tamsin__health=1)
    table.keep()
    table.act(Activate(hero="tamsin"))
    table.play("t-blank")
    events = table.end_play()  # 1 damage: 0 Health
    assert table.encounter.heroes == ["oswy"] and table.active == "oswy"  # the fight goes on
    tamsin = table.hero("tamsin")
    assert tamsin.dying and tamsin.wealth == 0  # the card, and what it says, at once
    assert DyingChanged(hero="tamsin", change="taken") in events
    assert [event.type for event in events].index("dying_changed") < \
        [event.type for event in events].index("activated")  # before Oswy acts


def test_a_card_that_kills_at_once_ends_the_fight_of_the_one_who_began_it_DEATH_1() -> None:
    """A card whose rules kill its holder at once kills it as it leaves the fight; nothing of
    the reading that began the fight follows for the dead (its 'lost'), and its place is
    taken after the fight, as after any death."""
    card = DyingCard(effects=[Die.model_validate({"die": True})], dies_when=[])
    table = Table(["tamsin", "oswy"],
                  changed(pack(), manifest=pack().manifest.model_copy(update={"dying": card})))
    table.hero("tamsin").health = 1
    table.act(Explore(hero="tamsin"))
    table.act(Begin(hero="tamsin"))  # alone: Oswy does not join
    table.act(Choose(hero="tamsin", option=0), "t-blank", "t-jab-1", "t-jab-2")
    table.keep()
    table.play("t-blank")
    events = table.end_play()  # 1 damage: 0 Health, the card, and death
    kinds = [event.type for event in events]
    assert kinds.index("dying_changed") < kinds.index("hero_died") < kinds.index("encounter_ended")
    state = table.game.state
    assert state.dead == ["tamsin"] and state.encounter is None and state.frames == []
    assert table.hero("oswy").terror == pack().hero["oswy"].meters.terror.start
    assert table.game.legal_actions() == [ChooseReplacement(hero="bryn"),
                                          ChooseReplacement(hero="corra")]


def test_a_falling_member_pays_the_escape_price_when_the_campaign_says_so_NOTE_17() -> None:
    table = Table(["tamsin", "oswy"], with_rules(pack(), dying_escape_penalty=True))
    table.fight("grey-brawler", "t-blank", "t-jab-1", "t-jab-2", "o-jab-1", "o-jab-2", "o-jab-3",
                tamsin__health=1)
    table.keep()
    table.act(Activate(hero="tamsin"))
    table.play("t-blank")
    table.end_play()
    assert table.encounter.heroes == ["oswy"]
    assert table.hero("tamsin").terror == 1  # the Opportunity attack of the Escape
    assert table.hero("tamsin").dying  # then the card, before Oswy fights on [DEATH-1]


# --- Challenge mode: Escape by dial ----------------------------------------------------------


def challenge(heroes: list[str]) -> Table:
    return Table(heroes, mode="challenge", challenge_rules=["escape_by_dial"])


def test_an_escape_flips_a_dial_once_per_activation_MODE_CHALLENGE_4() -> None:
    table = challenge(["tamsin"])
    table.fight("grey-brawler", "t-jab-1", "t-jab-2", "t-jab-3")
    table.keep()
    table.act(Escape(hero="tamsin"), "skull")  # -1 Energy, the Opportunity attack, Skull: stay
    tamsin = table.hero("tamsin")
    assert (tamsin.energy, tamsin.health, tamsin.terror) == (5, 6, 1)
    assert table.encounter.heroes == ["tamsin"] and table.encounter.step == "play"
    assert table.refused(Escape(hero="tamsin")).rule == "MODE-CHALLENGE-4"
    table.play("t-jab-1")
    table.end_play("t-jab-4")
    events = table.act(Escape(hero="tamsin"), "grail")  # a new activation: Grail, escaped
    assert ended(events).result == "escaped"
    assert table.hero("tamsin").energy == 4
    assert table.game.state.encounter_decks["grey"][-1] == "grey-brawler"
    assert sorted(table.hero("tamsin").combat_deck) == START


def test_when_every_member_escapes_the_card_goes_to_the_bottom_MODE_CHALLENGE_5() -> None:
    table = challenge(["tamsin", "oswy"])
    table.fight("grey-brawler", "t-jab-1", "t-jab-2", "t-jab-3", "o-jab-1", "o-jab-2", "o-jab-3")
    table.keep()
    table.act(Activate(hero="tamsin"))
    table.act(Escape(hero="tamsin"), "grail")
    assert table.encounter.heroes == ["oswy"] and table.active == "oswy"
    events = table.act(Escape(hero="oswy"), "grail")
    assert ended(events).result == "escaped"
    assert table.game.state.encounter_decks["grey"][-1] == "grey-brawler"
    assert sorted(table.hero("oswy").combat_deck) == \
        sorted(pack().hero["oswy"].decks.combat.start)


def test_a_game_lost_in_a_fight_loses_no_card_of_the_fallen_DISC_2_MERCY_2() -> None:
    """A dying character escapes, the Opportunity attack kills, the game is lost in the
    middle of the fight: the card in the Sequence and the hand go back into the deck of the
    one who fell, whom Mother's Mercy brings back."""
    table = Table(["tamsin"])
    table.act(Explore(hero="tamsin"))
    table.act(Choose(hero="tamsin", option=0), "t-jab-1", "t-jab-2", "t-jab-3")
    table.keep()
    table.play("t-jab-1")
    tamsin = table.hero("tamsin")
    tamsin.health, tamsin.dying = 0, True
    table.game.refresh()
    events = table.act(Escape(hero="tamsin"))
    assert [e.type for e in events][-2:] == ["hero_died", "game_lost"]
    fallen = table.game.state.fallen
    assert fallen is not None and sorted(fallen.combat_deck) == START
