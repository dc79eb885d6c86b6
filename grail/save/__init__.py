"""Save files: a JSON envelope written atomically and verified, read back with clear errors."""

from .files import SaveError, load_game, save_game

__all__ = ["SaveError", "load_game", "save_game"]
