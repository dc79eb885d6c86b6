"""A companion game: the table says how a chance point came out."""

from __future__ import annotations

from .game import GameScene


class ChanceScene(GameScene):
    """A companion game: the table says how a chance point came out."""
