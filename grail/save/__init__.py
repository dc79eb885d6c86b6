"""Save files: a JSON envelope written atomically and verified (files.py), read back with
clear errors, older formats migrated (migrations.py), saves kept through content updates
while they fit (fit.py), and the save folder with names confined to it (folder.py)."""

from .files import SaveError, autosave, load_game, save_game

__all__ = ["SaveError", "autosave", "load_game", "save_game"]
