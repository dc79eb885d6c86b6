"""An Encounter: the card, the Sequence, the hands."""

from __future__ import annotations

from .game import GameScene


class EncounterScene(GameScene):
    """An Encounter: the card, the Sequence, the hands."""
