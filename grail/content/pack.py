"""A content pack's layout (which folder holds which kind) and the loaded :class:`Campaign`.

A pack is a folder::

    campaign.yaml          the manifest
    locations/*.yaml       one Location per file
    journal/*.yaml         one journal section per file
    encounters/**/*.yaml   one Encounter per file
    events/*.yaml          one Event per file
    heroes/*.yaml          one Hero per file
    secrets/*.yaml         lists:  secrets: [...]
    items/*.yaml                   items: [...]
    skills/*.yaml                  skills: [...]
    cards/**/*.yaml                cards: [...]

Sub-folders are allowed everywhere; files are read in sorted order.
"""

import hashlib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from operator import attrgetter
from typing import Any

from pydantic import Field

from .base import Model, models_in
from .belongings import Item, ItemsFile, Secret, SecretsFile, Skill, SkillsFile, SkillSide
from .campaign import Manifest, Status
from .cards import CardsFile, PlayerCard
from .effects import TaskAdd
from .encounters import Encounter
from .events import Event, Quest, StoryEvent
from .grid import spots
from .heroes import Hero
from .journal import Entry, JournalSection
from .locations import Location


@dataclass(frozen=True)
class Kind:
    """One kind of content file: where it lives, its model, its schema file."""

    name: str
    folder: str
    model: Any
    schema: str
    entity: str
    list_key: str | None = None


KINDS: tuple[Kind, ...] = (
    Kind("campaign", "", Manifest, "campaign.json", "campaign"),
    Kind("locations", "locations", Location, "location.json", "location"),
    Kind("journal", "journal", JournalSection, "journal.json", "entry"),
    Kind("encounters", "encounters", Encounter, "encounter.json", "encounter"),
    Kind("events", "events", Event, "event.json", "event"),
    Kind("heroes", "heroes", Hero, "hero.json", "hero"),
    Kind("secrets", "secrets", SecretsFile, "secrets.json", "secret", "secrets"),
    Kind("items", "items", ItemsFile, "items.json", "item", "items"),
    Kind("skills", "skills", SkillsFile, "skills.json", "skill", "skills"),
    Kind("cards", "cards", CardsFile, "cards.json", "card", "cards"),
)
KIND_BY_NAME = {kind.name: kind for kind in KINDS}


class Campaign(Model):
    """Everything a pack holds, validated and cross-checked; the engine's input.

    ``sources`` maps ``"kind:id"`` (e.g. ``"location:104"``) to ``"file:line"``, so that any
    later message about content can say where it was written.
    """

    manifest: Manifest = Field(description="campaign.yaml.")
    locations: list[Location] = Field(description="Every Location, original and changed.")
    journal: list[JournalSection] = Field(description="Every journal section.")
    encounters: list[Encounter] = Field(description="Every Encounter card.")
    events: list[Event] = Field(description="Every story and Random Event.")
    heroes: list[Hero] = Field(description="Every Hero.")
    secrets: list[Secret] = Field(description="Every Secret.")
    items: list[Item] = Field(description="Every Item.")
    skills: list[Skill] = Field(description="Every Skill card.")
    cards: list[PlayerCard] = Field(description="Every Combat and Diplomacy card.")
    sources: dict[str, str] = Field(description="Where each entity was written.")

    @cached_property
    def digest(self) -> str:
        """A hash of the whole validated content: saves record it to detect changed packs."""
        return hashlib.sha256(self.model_dump_json().encode()).hexdigest()[:16]

    @cached_property
    def location(self) -> dict[int, Location]:
        return _by("number", self.locations)

    @cached_property
    def entry(self) -> "Entries":
        return Entries(self.journal)

    @cached_property
    def encounter(self) -> dict[str, Encounter]:
        return _by("id", self.encounters)

    @cached_property
    def deck(self) -> dict[str, list[Encounter]]:
        """The Encounters of each Encounter deck, in the pack's order."""
        found: dict[str, list[Encounter]] = {}
        for encounter in self.encounters:
            found.setdefault(encounter.deck, []).append(encounter)
        return found

    @cached_property
    def event(self) -> dict[str, Event]:
        return _by("id", self.events)

    @cached_property
    def hero(self) -> dict[str, Hero]:
        return _by("id", self.heroes)

    @cached_property
    def secret(self) -> dict[int, Secret]:
        return _by("number", self.secrets)

    @cached_property
    def item(self) -> dict[int, Item]:
        return _by("number", self.items)

    @cached_property
    def skill_side(self) -> dict[int, SkillSide]:
        """Each Skill card's two sides, by number."""
        return {side.number: side for skill in self.skills for side in (skill.front, skill.back)}

    @cached_property
    def grid(self) -> dict[int, tuple[int, int]]:
        """Each Location's spot on the map as its keys lay it out (x right, y down, the
        start at 0, 0) [MAP-1]."""
        return spots(self.locations, self.manifest.start)

    @cached_property
    def card(self) -> dict[str, PlayerCard]:
        return _by("id", self.cards)

    @cached_property
    def status(self) -> dict[str, Status]:
        """The Game Sheet's Statuses, by id."""
        return {s.id: s for s in self.manifest.game_sheet.statuses}

    @cached_property
    def task(self) -> dict[str, str]:
        """Each task's text by its name, as the first ``add_task`` opening it writes it: the
        words a player reads for it [TASK-1]."""
        found: dict[str, str] = {}
        for _, model in models_in(self):
            if isinstance(model, TaskAdd):
                found.setdefault(model.id, model.text)
        return found

    @cached_property
    def quest(self) -> dict[str, Quest]:
        quests = [e.quest for e in self.events if isinstance(e, StoryEvent) and e.quest]
        quests += [s.quest for s in self.secrets if s.quest]
        return {q.id: q for q in quests}


class Entries(Mapping[str, Entry]):
    """Every journal entry by its address, the sections indexed in their order as far as
    an entry asked for: a game reads a few dozen entries, and indexing a large pack's
    thousands at once was most of the first game's extra time right after it loaded."""

    def __init__(self, journal: Sequence[JournalSection]) -> None:
        self._journal = journal
        self._found: dict[str, Entry] = {}
        self._indexed = 0
        """The sections indexed so far."""

    def __getitem__(self, key: str) -> Entry:
        found = self._found.get(key)
        # the section read, then the count set from it, never "+= 1": another thread (a
        # cluster worker's) may have gone on meanwhile, and no section is ever skipped
        while found is None and (indexed := self._indexed) < len(self._journal):
            self._found.update(self._journal[indexed].entries)
            self._indexed = indexed + 1
            found = self._found.get(key)
        if found is None:
            raise KeyError(key)
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def _all(self) -> dict[str, Entry]:
        for section in self._journal[self._indexed:]:
            self._found.update(section.entries)
        self._indexed = len(self._journal)
        return self._found


def _by(field: str, things: Sequence[Any]) -> dict[Any, Any]:
    """``things`` by their ``field``, the last of any two alike kept: built in C, which matters
    to the first game right after a large pack is loaded, which builds the indexes."""
    return dict(zip(map(attrgetter(field), things), things, strict=True))
