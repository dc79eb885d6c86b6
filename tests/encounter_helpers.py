"""Shared helpers for the Encounter rule tests (tests/test_encounter_*.py).

Every test plays on ``tests/packs/encounters`` in a companion game: the table (the test)
names each card drawn, each card turned from the top of a deck and each dial flipped, so
that nothing depends on the generator. An Encounter is begun either through the journal
(Explore, then Choose) or directly with :func:`grail.engine.encounter_decks.fight`, as the
simulations do, followed by the game's own advance.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest

from grail.content import Campaign, load_pack
from grail.engine.actions import ChanceOutcome, EndPlay, KeepHands, PlayCard
from grail.engine.encounters.sequence import covered
from grail.engine.events import Event
from grail.engine.game import Game, IllegalAction
from grail.engine.state import EncounterState, HeroState

from .conftest import changed

PACK = Path(__file__).parent / "packs" / "encounters"

FIRST = {"tamsin": ["t-blank", "t-brace", "t-bulwark"], "oswy": ["o-jab-1", "o-jab-2", "o-jab-3"],
         "bryn": ["b-charm", "b-jab-1", "b-jab-2"], "corra": ["c-jab-1", "c-jab-2", "c-jab-3"]}
"""The first cards of each hero's Combat deck, in the order they may be named."""


@cache
def pack() -> Campaign:
    """The Encounter test pack, loaded once."""
    return load_pack(PACK)


def with_rules(campaign: Campaign, **settings: Any) -> Campaign:
    """The pack with some rule settings changed (RuleSettings in grail/content/campaign.py)."""
    rules = campaign.manifest.rules.model_copy(update=settings)
    return changed(campaign, manifest=campaign.manifest.model_copy(update={"rules": rules}))


class Table:
    """A companion game on the test pack: the test answers every chance point."""

    def __init__(self, heroes: list[str], campaign: Campaign | None = None,
                 **options: Any) -> None:
        self.campaign = campaign or pack()
        self.game = Game.new(self.campaign, heroes, seed=1, companion=True, **options)

    # --- starting and acting ------------------------------------------------------------

    def fight(self, encounter: str, *answers: str, heroes: list[str] | None = None,
              **meters: Any) -> list[Event]:
        """Begin ``encounter`` for ``heroes`` (default: everyone), after setting the
        heroes' fields given as ``hero__field=value``; then run it to its first decision,
        answering the draws in order."""
        for name, value in meters.items():
            hero, field = name.split("__")
            setattr(self.hero(hero), field, value)
        team = heroes or [hero.id for hero in self.game.state.heroes]
        return self.game.fight(encounter, team) + self.answer(*answers)

    def answer(self, *outcomes: str) -> list[Event]:
        """Answer the chance points waiting, in order."""
        events: list[Event] = []
        for outcome in outcomes:
            chance = self.game.state.chance
            assert chance is not None, f"no chance point waits for {outcome}"
            events = self.game.apply(ChanceOutcome(point=chance.point.point, outcome=outcome))
        return events

    def act(self, action: Any, *answers: str) -> list[Event]:
        """Apply ``action`` and answer what it draws; nothing may be left unanswered."""
        events = self.game.apply(action)
        if answers:
            events = self.answer(*answers)
        assert self.game.state.chance is None, \
            f"the table still has to answer: {self.game.state.chance.point.point}"
        return events

    def refused(self, action: Any) -> IllegalAction:
        """The action is refused and the state left as it was."""
        before = self.game.state_hash()
        with pytest.raises(IllegalAction) as refusal:
            self.game.apply(action)
        assert self.game.state_hash() == before
        return refusal.value

    def keep(self, *answers: str) -> list[Event]:
        return self.act(KeepHands(), *answers)

    def play(self, card: str, *answers: str, magic: tuple[tuple[int, str], ...] = ()) -> list[Event]:
        """The active character plays ``card``."""
        return self.act(PlayCard(hero=self.active, card=card, magic=magic), *answers)

    def end_play(self, *answers: str) -> list[Event]:
        return self.act(EndPlay(hero=self.active), *answers)

    # --- what the table sees --------------------------------------------------------------

    def hero(self, hero_id: str) -> HeroState:
        return self.game.state.hero(hero_id)

    @property
    def encounter(self) -> EncounterState:
        assert self.game.state.encounter is not None, "no Encounter under way"
        return self.game.state.encounter

    @property
    def active(self) -> str:
        assert self.encounter.active is not None, "no active character"
        return self.encounter.active

    def hand(self, hero_id: str) -> list[str]:
        return sorted(self.encounter.hands.get(hero_id, []))

    def legal(self) -> list[Any]:
        return self.game.legal_actions()

    def playable(self) -> list[str]:
        """The cards the active character may play now (any way of paying Magic)."""
        return sorted({a.card for a in self.legal() if isinstance(a, PlayCard)})

    def sequence(self) -> list[str]:
        return [placed.card for placed in self.encounter.sequence]

    def tokens(self) -> dict[str, int]:
        return {placed.card: placed.tokens for placed in self.encounter.sequence}

    def covered(self) -> list[str]:
        sequence = self.encounter.sequence
        return [placed.card for index, placed in enumerate(sequence)
                if covered(sequence, index, self.campaign.card[placed.card].passive)]

    def pending(self) -> str | None:
        """The chance point waiting for the table, if any."""
        chance = self.game.state.chance
        return None if chance is None else chance.point.point


def ended(events: list[Event]) -> Any:
    """The ``encounter_ended`` event among ``events``."""
    found = [event for event in events if event.type == "encounter_ended"]
    assert len(found) == 1, f"expected the Encounter to end once, got {found}"
    return found[0]
