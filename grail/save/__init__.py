"""Save files: a JSON envelope written atomically and verified, read back with clear errors."""

from .files import SaveError, autosave, load_game, save_game

__all__ = ["SaveError", "autosave", "load_game", "save_game"]
