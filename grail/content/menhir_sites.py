"""The Menhir sites a pack names (``grail lint`` and the facts ``grail map`` draws).

**Menhir sites** are the spots a Menhir can stand on: the start [SETUP-W2] (and a chapter's
``restart`` Location, when the campaign has a mercy entry [MERCY-1]), every Location with
the ``menhir`` seal [MENHIR-5], and every ``place_menhir`` [MENHIR-7]: at its ``location``,
or, without one, at the Location whose card or journal section holds the effect; a
``place_menhir`` without ``location`` anywhere else (an Event, an Item...) can light any
Location the party stands on.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .base import models_in
from .effects import PlaceMenhir
from .pack import Campaign
from .walk import entities


@dataclass(frozen=True)
class MenhirSite:
    """A Location a Menhir can stand on, and why: ``start``, ``restart``, ``seal``,
    ``placed`` (a ``place_menhir`` names it) or ``story`` (a ``place_menhir`` without
    ``location`` in its card or journal section)."""

    location: int
    why: str


def menhir_sites(campaign: Campaign) -> list[MenhirSite]:
    """The Locations a Menhir can stand on that the pack names (module doc); the portable
    ones (:func:`portable_menhirs`) have no site."""
    manifest = campaign.manifest
    sites = [MenhirSite(manifest.start, "start")]
    if manifest.mercy is not None or any(c.mercy for c in manifest.chapters):
        sites += [MenhirSite(c.restart.location, "restart") for c in manifest.chapters
                  if c.restart.location is not None]
    sites += [MenhirSite(loc.number, "seal") for loc in campaign.locations
              if "menhir" in loc.seals]
    for owner, placed in _placed_menhirs(campaign):
        where = placed.place_menhir.location or _home(campaign, owner)
        if where is not None:
            sites.append(MenhirSite(where, "placed" if placed.place_menhir.location else "story"))
    unique: dict[tuple[int, str], MenhirSite] = {}
    for site in sites:
        unique.setdefault((site.location, site.why), site)
    return list(unique.values())


def portable_menhirs(campaign: Campaign) -> bool:
    """A ``place_menhir`` without ``location`` outside any Location's card or section: it
    can light whatever Location the party stands on."""
    return any(placed.place_menhir.location is None and _home(campaign, owner) is None
               for owner, placed in _placed_menhirs(campaign))


def _placed_menhirs(campaign: Campaign) -> Iterator[tuple[str, PlaceMenhir]]:
    for entity in entities(campaign):
        for _, model in models_in(entity.model):
            if isinstance(model, PlaceMenhir):
                yield entity.owner, model


def _home(campaign: Campaign, owner: str) -> int | None:
    """The Location whose card or journal section holds what ``owner`` names, if any."""
    kind, _, name = owner.partition(":")
    if kind == "location":
        return int(name)
    if kind == "entry":
        return next((section.location for section in campaign.journal
                     if name in section.entries), None)
    return None
