"""The End of Day: rest, upgrades, deck building, dreams."""

from __future__ import annotations

from .game import GameScene


class EndOfDayScene(GameScene):
    """The End of Day: rest, upgrades, deck building, dreams."""
