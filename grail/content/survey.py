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

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel

from .base import models_in
from .origin import Origin, Source
from .pack import Campaign
from .walk import entities

T = TypeVar("T", bound=BaseModel)

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
