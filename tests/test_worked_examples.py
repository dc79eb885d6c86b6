"""The rulebook's two worked examples, step by step (the rulebook's worked examples).

Both are played in a companion game on ``tests/packs/examples``: the table says which card
each draw gives, as the example tells it, and every step checks the pool or the Affinity
marker, the hand, the Magic spent, the Time tokens and which card is covered.

Where the example contradicts itself we follow grail's reading and say so:
[NOTE-20] (Attack's first key is an Attribute Key, not a Magic Key), [NOTE-21] (Throw's
"lightning key" is an Attribute Key), [NOTE-22] (the Stage 2 Response's "lose 1" is a Food
here), [NOTE-23] (Black Humour's Charges count Arev's Courage, 2).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from grail.content import Campaign, load_pack
from grail.engine.actions import (
    ChanceOutcome,
    Choose,
    EndPlay,
    Explore,
    KeepHands,
    PlayCard,
    SpendCharges,
)
from grail.engine.encounters.sequence import covered
from grail.engine.game import Game
from grail.engine.state import EncounterState

EXAMPLES = Path(__file__).parent / "packs" / "examples"


@pytest.fixture(scope="module")
def examples() -> Campaign:
    return load_pack(EXAMPLES)


class Table:
    """A companion game: the table answers each draw with the card the example names."""

    def __init__(self, campaign: Campaign, hero: str) -> None:
        self.game = Game.new(campaign, [hero], seed=1, companion=True)
        self.campaign = campaign
        self.hero = hero

    def act(self, action: object, *drawn: str) -> list[object]:
        events = self.game.apply(action)  # type: ignore[arg-type]
        for card in drawn:
            chance = self.game.state.chance
            assert chance is not None, f"no draw waits for {card}"
            events = self.game.apply(ChanceOutcome(point=chance.point.point, outcome=card))
        assert self.game.state.chance is None, "the example draws no more cards here"
        return events

    @property
    def encounter(self) -> EncounterState:
        assert self.game.state.encounter is not None
        return self.game.state.encounter

    def hand(self) -> list[str]:
        return sorted(self.encounter.hands[self.hero])

    def tokens(self) -> dict[str, int]:
        return {card.card: card.tokens for card in self.encounter.sequence}

    def covered(self) -> list[str]:
        sequence = self.encounter.sequence
        return [card.card for index, card in enumerate(sequence)
                if covered(sequence, index, self.campaign.card[card.card].passive)]

    def magic(self) -> int:
        return self.game.state.hero(self.hero).magic


def test_combat_example_beor_against_the_vagabond(examples: Campaign) -> None:  # [EX-COMBAT-*]
    table = Table(examples, "beor")
    table.act(Explore(hero="beor"))
    # [EX-COMBAT-1] Beor draws 3.
    table.act(Choose(hero="beor", option=0), "ex-attack", "ex-defense", "ex-shove")
    assert table.hand() == ["ex-attack", "ex-defense", "ex-shove"]
    table.act(KeepHands())
    encounter = table.encounter
    assert (encounter.turn, encounter.active, encounter.activated) == (1, "beor", ["beor"])
    assert encounter.sequence == [] and encounter.pool == 0  # no tokens in the Sequence

    # [EX-COMBAT-2] Attack: its Bonus Key meets the Vagabond's Aggression key (+1; the text
    # says "Magic Key", read as an Attribute Key [NOTE-20]); the free key +1.
    table.act(PlayCard(hero="beor", card="ex-attack"))
    assert table.encounter.pool == 2 and table.magic() == 3

    # [EX-COMBAT-3] Defense, the second card (Swift allows no third): 1 Magic for its Magic
    # Key, whose continue makes it legal; its delayed Ability takes a Time token.
    assert not any(isinstance(a, PlayCard) and a.card == "ex-defense" and not a.magic
                   for a in table.game.legal_actions())  # unpaid, no continue: not legal
    table.act(PlayCard(hero="beor", card="ex-defense", magic=((2, "beor"),)))
    assert table.encounter.pool == 2 and table.magic() == 2
    assert table.tokens() == {"ex-attack": 0, "ex-defense": 1}
    assert table.covered() == ["ex-attack"]
    assert not any(isinstance(a, PlayCard) for a in table.game.legal_actions())  # [TRAIT-4]

    # [EX-COMBAT-4..6] No Opportunity attack (cards were played); 2 < 5; the row at 2: 2
    # damage, all prevented by Defense, and 1 marker removed; then Beor draws 1 (2 cards).
    health = table.game.state.hero("beor").health
    table.act(EndPlay(hero="beor"), "ex-throw", "ex-enrage")
    assert table.game.state.hero("beor").health == health
    # [EX-COMBAT-7] Turn 2, step 1: Defense loses its last token and draws 1: 3 cards.
    encounter = table.encounter
    assert (encounter.turn, encounter.pool) == (2, 1)
    assert table.tokens() == {"ex-attack": 0, "ex-defense": 0}
    assert table.hand() == ["ex-enrage", "ex-shove", "ex-throw"]

    # [EX-COMBAT-8] Throw, first card: an Attribute Key (printed as the lightning key,
    # [NOTE-21]) +1, the free key x2 +1 = +2, its Magic Key left unpaid: pool 4. Beor has
    # no Weapon to throw. Defense is now covered.
    table.act(PlayCard(hero="beor", card="ex-throw"))
    assert table.encounter.pool == 4 and table.magic() == 2
    assert table.covered() == ["ex-attack", "ex-defense"]

    # [EX-COMBAT-9] Enrage: 1 Magic for its Magic Key (continue); on placing, lose 1 Magic
    # and +1 marker per connected Magic Key in the Sequence (Defense's, Enrage's): pool 6.
    table.act(PlayCard(hero="beor", card="ex-enrage", magic=((3, "beor"),)))
    assert table.encounter.pool == 6
    assert table.magic() == 0  # [EX-COMBAT-10] 3 Magic spent in all

    # [EX-COMBAT-10] Step 2d: 6 >= 5, Beor wins: Reward and Loot, the Vagabond to the
    # bottom of the grey deck, every Combat card back in his deck.
    events = table.act(EndPlay(hero="beor"))
    assert any(e.type == "encounter_ended" and e.won for e in events)  # type: ignore[attr-defined]
    state = table.game.state
    beor = state.hero("beor")
    assert state.encounter is None
    assert (beor.exp, beor.wealth) == (2 + 1, 2)  # Reward 2 Exp, Loot 2 Wealth, the entry's 1 Exp
    assert state.encounter_decks["grey"][-1] == "grey-vagabond"
    assert sorted(beor.combat_deck) == sorted(examples.hero["beor"].decks.combat.start)


def test_diplomacy_example_arev_and_the_grieving_orphan(examples: Campaign) -> None:  # [EX-DIPLO-*]
    table = Table(examples, "arev")
    table.act(Explore(hero="arev"))
    # [EX-DIPLO-1] The marker on grey (0); Arev draws 3.
    table.act(Choose(hero="arev", option=1), "ex-honest-truth", "ex-false-promise",
              "ex-idle-chatter")
    table.act(KeepHands())
    assert (table.encounter.affinity, table.encounter.active) == (0, "arev")

    # [EX-DIPLO-2] Honest Truth: its Empathy key connects (Arev has 1), the attribute-
    # dependent bonus is worth +2 in Stage 1; the free key +1: 3.
    table.act(PlayCard(hero="arev", card="ex-honest-truth"))
    assert table.encounter.affinity == 3
    # [EX-DIPLO-3] No card in hand connects a continue key: Arev stops.
    assert not any(isinstance(a, PlayCard) for a in table.game.legal_actions())
    # [EX-DIPLO-4] 3 is neither end; the Stage 1 Response: -1 (2) and 1 Terror.
    # [EX-DIPLO-5] Phase III: 2 cards, draw 1: 3.
    table.act(EndPlay(hero="arev"), "ex-black-humour")
    assert table.encounter.affinity == 2
    assert table.game.state.hero("arev").terror == 1
    assert len(table.hand()) == 3

    # [EX-DIPLO-6] False Promise, 1 Magic for its Magic Key: with its Attribute Key and the
    # free key, draw 1 and +2: the top, 4. Arev stops.
    table.act(PlayCard(hero="arev", card="ex-false-promise", magic=((3, "arev"),)),
              "ex-eye-for-detail")
    assert table.encounter.affinity == 4 and table.magic() == 0
    assert len(table.hand()) == 3
    # [EX-DIPLO-7] Step 2c: Stage 1 is won but not the last: the marker back to grey, no
    # Response; Phase III: 3 cards, draw 1: 4.
    terror = table.game.state.hero("arev").terror
    table.act(EndPlay(hero="arev"), "ex-small-talk")
    assert (table.encounter.stage, table.encounter.affinity) == (1, 0)
    assert table.game.state.hero("arev").terror == terror  # no Response
    assert len(table.hand()) == 4

    # [EX-DIPLO-8] Turn 3: Black Humour first (its continue ignored); its Logic key draws 1;
    # on placing, the marker is not on green: -1 Rep; 2 Charges, for Arev's Courage 2
    # [NOTE-23].
    rep = table.game.state.hero("arev").rep
    table.act(PlayCard(hero="arev", card="ex-black-humour"), "ex-closing-argument")
    assert len(table.hand()) == 4
    assert table.game.state.hero("arev").rep == rep - 1
    humour = table.encounter.sequence[-1]
    assert (humour.card, humour.charges) == ("ex-black-humour", 2)
    assert not any(isinstance(a, PlayCard) for a in table.game.legal_actions())  # no continue

    # [EX-DIPLO-9] 2 Charges pay for Eye for Detail as if it connected a continue key; its
    # Logic key gives the bonus worth +1 in Stage 2: 1. It takes a Time token.
    table.act(SpendCharges(hero="arev", serial=humour.serial, ability=1))
    assert table.encounter.sequence[-1].charges == 0
    table.act(PlayCard(hero="arev", card="ex-eye-for-detail"))
    assert table.encounter.affinity == 1
    assert table.tokens() == {"ex-honest-truth": 0, "ex-false-promise": 0,
                              "ex-black-humour": 0, "ex-eye-for-detail": 1}
    assert table.covered()[-1] == "ex-black-humour"

    # [EX-DIPLO-10] The Stage 2 Response: Arev loses 1 (Food here [NOTE-22]) and the last
    # card is destroyed: Eye for Detail goes with its token, never firing; Black Humour is
    # last again, uncovered. Phase III: 3 cards, draw 1 (the deck's last card: nobody need
    # say which).
    food = table.game.state.hero("arev").food
    table.act(EndPlay(hero="arev"))
    assert "ex-polite-nod" in table.hand()
    assert table.game.state.hero("arev").food == food - 1
    assert table.encounter.sequence[-1].card == "ex-black-humour"
    assert "ex-black-humour" not in table.covered()
    assert "ex-eye-for-detail" in table.encounter.discards["arev"]
    assert table.encounter.affinity == 1 and len(table.hand()) == 4

    # [EX-DIPLO-11] Play goes on until the top in Stage 2: Closing Argument's Logic key
    # doubles the Stage bonus (+2) and its free key adds 1: 4, the top of the last Stage.
    table.act(PlayCard(hero="arev", card="ex-closing-argument"))
    assert table.encounter.affinity == 4
    events = table.act(EndPlay(hero="arev"))
    assert any(e.type == "encounter_ended" and e.won for e in events)  # type: ignore[attr-defined]
    arev = table.game.state.hero("arev")
    assert arev.exp == 2 + 1  # the Reward, then the entry's 1 Exp for a victory
    assert len(arev.diplomacy_deck) == len(examples.hero["arev"].decks.diplomacy.start)
