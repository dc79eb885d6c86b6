"""The one error of saving and loading: a save that cannot be written or read."""

from __future__ import annotations


class SaveError(Exception):
    """A save that cannot be written or read; the message is one line for the player."""
