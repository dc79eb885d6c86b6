"""A survey of a loaded campaign: every model inside every entity, with where it was written.

The lint (``lint.py``, ``lint_map.py``) asks questions about the whole pack: which effects
mark this Status, which entries this entry goes to, where a Menhir can be placed. A survey
walks every entity once and answers them by model type; any place it found turns into the
``file:line`` an author can open.

>>> from grail.content import bundled_pack, check_pack
>>> from grail.content.effects import Goto
>>> report = check_pack(bundled_pack())
>>> survey = Survey(report.campaign, report.files)
>>> found = survey.of(Goto)[0]  # the chapter clock's verse, written in campaign.yaml
>>> found.place.owner, found.place.where.split(":")[0]
('campaign', 'campaign.yaml')
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel

from .origin import Origin, Source
from .pack import Campaign

T = TypeVar("T", bound=BaseModel)

MANIFEST = "campaign"
"""The owner name of ``campaign.yaml``."""


@dataclass(frozen=True)
class Entity:
    """One thing an author wrote: ``owner`` names it as ``Campaign.sources`` does
    (``location:104``, ``entry:104.2``, ``secret:3``; ``campaign`` for the manifest)."""

    owner: str
    model: BaseModel
    file: str
    prefix: tuple[Any, ...] = ()
    """Its path inside the file: ``("entries", "104.2")``, ``("secrets", 0)``..."""


@dataclass(frozen=True)
class Place:
    """Where something sits: the entity holding it, and its path below the entity."""

    owner: str
    origin: Origin
    loc: tuple[Any, ...] = ()

    @property
    def file(self) -> str:
        return self.origin.file

    @property
    def line(self) -> int:
        """The line of what is there (its key, for a mapping or a list)."""
        return self.origin.line_at(self.loc)

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass(frozen=True)
class Found:
    """A model found inside an entity, and its place."""

    place: Place
    model: Any


def entities(campaign: Campaign) -> Iterator[Entity]:
    """Every entity of the campaign, journal entries one by one, with its file."""
    yield Entity(MANIFEST, campaign.manifest, "campaign.yaml")

    def file_of(owner: str) -> str:
        return campaign.sources[owner].rsplit(":", 1)[0]

    for loc in campaign.locations:
        yield Entity(f"location:{loc.number}", loc, file_of(f"location:{loc.number}"))
    for section in campaign.journal:
        for key, entry in section.entries.items():
            yield Entity(f"entry:{key}", entry, file_of(f"entry:{key}"), ("entries", key))
    singles: list[tuple[str, list[Any], str]] = [
        ("encounter", campaign.encounters, "id"), ("event", campaign.events, "id"),
        ("hero", campaign.heroes, "id")]
    for kind, things, ident in singles:
        for thing in things:
            owner = f"{kind}:{getattr(thing, ident)}"
            yield Entity(owner, thing, file_of(owner))
    listed: list[tuple[str, list[Any], str, str]] = [
        ("secret", campaign.secrets, "number", "secrets"),
        ("item", campaign.items, "number", "items"),
        ("skill", campaign.skills, "card", "skills"),
        ("card", campaign.cards, "id", "cards")]
    for kind, things, ident, key in listed:
        index_in: dict[str, int] = {}
        for thing in things:  # the loader keeps each file's list order
            owner = f"{kind}:{getattr(thing, ident)}"
            file = file_of(owner)
            index = index_in.get(file, 0)
            index_in[file] = index + 1
            yield Entity(owner, thing, file, (key, index))


def models_in(value: Any, loc: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], BaseModel]]:
    """Every model inside ``value`` (itself included), depth first, with its path written
    as in the YAML (field aliases such as ``if`` and ``else``)."""
    if isinstance(value, BaseModel):
        yield loc, value
        for name, field in type(value).model_fields.items():
            child = getattr(value, name)
            if isinstance(child, BaseModel | list | dict):
                yield from models_in(child, (*loc, field.alias or name))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from models_in(item, (*loc, index))
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from models_in(item, (*loc, key))


class Survey:
    """Every model of a campaign with its place, found by type."""

    def __init__(self, campaign: Campaign, files: Mapping[str, bytes]) -> None:
        self.campaign = campaign
        sources = {name: Source(name, raw) for name, raw in files.items()}
        self.places: dict[str, Place] = {}
        self._by_type: dict[type, list[tuple[int, Found]]] = {}
        count = 0
        for entity in entities(campaign):
            origin = Origin(sources[entity.file], entity.prefix)
            self.places[entity.owner] = Place(entity.owner, origin)
            for loc, model in models_in(entity.model):
                found = Found(Place(entity.owner, origin, loc), model)
                self._by_type.setdefault(type(model), []).append((count, found))
                count += 1

    def of(self, *kinds: type[Any]) -> list[Found]:
        """The models of these types (subclasses included), in the pack's order."""
        found = [item for kind, items in self._by_type.items() if issubclass(kind, kinds)
                 for item in items]
        return [item for _, item in sorted(found, key=lambda pair: pair[0])]

    def place(self, owner: str) -> Place:
        """The place of an entity itself."""
        return self.places[owner]
