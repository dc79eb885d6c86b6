"""Uses of Items, Secrets and Skills inside an Encounter [ITEM-3], [ITEM-6]: at its start
by any member, during an activation by the active character [COMBAT-6]."""

from __future__ import annotations

from grail.content import Campaign

from .. import uses
from ..actions import UseCard
from ..state import GameState
from .hands import diplomacy


def offered(campaign: Campaign, state: GameState, when: str) -> list[UseCard]:
    """The uses that may be taken now: ``start`` (by every member, before the hands are
    drawn) or ``activation`` (the active character's Combat or Diplomacy uses)."""
    encounter = state.encounter
    assert encounter is not None
    if when == "start":
        return [found for member in encounter.heroes
                for found in uses.offered(campaign, state, state.hero(member),
                                          ("encounter_start",))]
    assert encounter.active is not None
    kind = "diplomacy" if diplomacy(campaign, state) else "combat"
    return uses.offered(campaign, state, state.hero(encounter.active), (kind, "encounter"))
