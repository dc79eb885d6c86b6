"""The journal: the entry being read and its choices."""

from __future__ import annotations

from .game import GameScene


class JournalScene(GameScene):
    """The journal: the entry being read and its choices."""
