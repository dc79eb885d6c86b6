"""Every entity of a loaded campaign and every model inside it: what the lint surveys
(``survey.py``) and what the map's facts read (``menhir_sites.py``), without the files'
text the survey keeps for its lines.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from .pack import Campaign

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
