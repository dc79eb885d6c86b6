"""The errors of saving and loading: a save that cannot be written or read, and grail's own
fault met while reading one."""

from __future__ import annotations


class SaveError(Exception):
    """A save that cannot be written or read; the message is one line for the player."""


class GrailFault(SaveError):
    """Reading a save met a fault in grail itself (an error of its code, not of the save):
    the save is untouched, and the message names it and says so, never that it is damaged."""
