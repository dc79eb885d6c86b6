"""The map: the revealed Locations, the heroes and the day panel."""

from __future__ import annotations

from .game import GameScene


class MapScene(GameScene):
    """The map: the revealed Locations, the heroes and the day panel."""
