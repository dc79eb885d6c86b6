"""An effect list in a player's words: a Combat-table row, a Response, an Ability, a
Failure, as the terminal and the window show them (names for ids, no rule tags)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from grail.content import Campaign
from grail.engine.state import GameState
from grail.engine.telling import effects_text

from .names import said


def effects_words(campaign: Campaign, state: GameState, effects: Sequence[Any]) -> str:
    """'2 damage, remove 1 marker', 'mark The Saltborn's Grudge, part 1'."""
    return said(campaign, effects_text(campaign, state, effects)).replace("mark status ",
                                                                          "mark ")
