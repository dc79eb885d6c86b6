"""The Exploration Journal: sections of addressable entries [JOURNAL-1].

A section file holds the entries of one Location (``104``, ``104.1``, ``104.d``...) or of
the Book of Secrets. Choices, links and "Exploration ends" are effects (``choose``,
``goto``, ``end_exploration``), so an entry reads top to bottom like the printed page.
"""

from pydantic import Field

from .base import EntryId, LocationRef, Model, Text
from .effects import Effect, Who


class Entry(Model):
    """One journal entry: text, then effects in order."""

    title: Text | None = Field(default=None, description="A heading shown above the text.")
    text: Text = Field(description="What the players read.")
    effects: list[Effect] = Field(
        default_factory=list,
        description="Resolved after the text, in order; a goto, choose or end_exploration "
        "decides what is read next.",
    )
    team: Who | None = Field(
        default=None,
        description="Default for this entry's gains and losses in a team "
        "(each / share / active) [ACT-EXPLORE-2].",
    )


class JournalSection(Model):
    """A journal file: the entries of one Location or of the Book of Secrets."""

    location: LocationRef | None = Field(
        default=None, description="The Location whose section this is, if any."
    )
    entries: dict[EntryId, Entry] = Field(min_length=1, description="Entries by address.")
