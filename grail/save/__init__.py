"""Saves: one SQLite database a campaign (store.py), opened and checked whole (saves.py,
fit.py, sound.py); the JSON envelope of older saves and of export (files.py), older formats
migrated (migrations.py); the save folder with names confined to it (folder.py)."""

from .errors import SaveError
from .saves import export_save, load_game, save_game

__all__ = ["SaveError", "export_save", "load_game", "save_game"]
