"""grail: a co-op campaign engine for the Tainted Grail deck-and-map game."""

__version__ = "0.1.0"
