"""The campaign's geography as its authors wrote it, as plain data: every Location card on
its grid place with its Direction Keys and seals, changed versions on their original's
place, and the Menhir sites (``grail map`` draws it: grail/ui/mapdraw.py).

>>> from grail.content import load_pack, bundled_pack
>>> plan = layout(load_pack(bundled_pack()))
>>> start = next(card for card in plan.cards if card.start)
>>> start.number, start.spot
(101, (0, 0))
"""

from __future__ import annotations

from dataclasses import dataclass

from .locations import FACING, STEP
from .menhir_sites import menhir_sites
from .pack import Campaign

Spot = tuple[int, int]


@dataclass(frozen=True)
class Card:
    """A Location card as drawn: its grid place (None: no key links it to the start)."""

    number: int
    name: str
    spot: Spot | None
    keys: dict[str, int]
    """Printed Direction Keys by edge; an edge left out is blocked [MAP-4]."""
    connected: frozenset[str]
    """Edges whose key meets a key on the neighbour's facing edge (Travel) [MAP-4]."""
    seals: tuple[str, ...]
    replaces: int | None = None
    """For a changed version, the number of the card it replaces [MAP-3]."""
    start: bool = False


@dataclass(frozen=True)
class Menhir:
    """A Menhir site: where it stands, and why (``start``, ``restart``, ``seal``,
    ``placed``: several when one Location is a site for several reasons)."""

    location: int
    spot: Spot
    why: tuple[str, ...]

    @property
    def tag(self) -> str:
        """Its short name on the map: ``M102``."""
        return f"M{self.location}"


@dataclass(frozen=True)
class Layout:
    """What a map shows, as plain data."""

    title: str
    cards: tuple[Card, ...]
    menhirs: tuple[Menhir, ...]

    def placed(self) -> list[Card]:
        """Cards on the grid, originals first."""
        return sorted((c for c in self.cards if c.spot is not None),
                      key=lambda c: (c.replaces is not None, c.number))

    def versions_of(self, card: Card) -> list[Card]:
        """Changed versions drawn on ``card``'s place (it replaces them, or they it)."""
        return [c for c in self.cards if c.replaces is not None and c.spot == card.spot
                and c.spot is not None and c is not card]

    def bounds(self) -> tuple[int, int, int, int]:
        """Smallest and largest x and y of the cards and Menhir radii."""
        spots = [c.spot for c in self.cards if c.spot is not None]
        spots += [(m.spot[0] + dx, m.spot[1] + dy) for m in self.menhirs
                  for dx in (-1, 1) for dy in (-1, 1)]
        if not spots:
            return 0, 0, 0, 0
        xs, ys = [s[0] for s in spots], [s[1] for s in spots]
        return min(xs), min(ys), max(xs), max(ys)


def layout(campaign: Campaign) -> Layout:
    """The whole campaign's geography as its authors wrote it."""
    spots = campaign.grid
    by_spot: dict[Spot, list[int]] = {}
    for number, place in spots.items():
        by_spot.setdefault(place, []).append(number)
    cards = []
    for loc in campaign.locations:
        spot = spots.get(loc.number)
        connected = set()
        for edge, _ in loc.keys.edges():
            x, y = spot or (0, 0)
            beside = by_spot.get((x + STEP[edge][0], y + STEP[edge][1]), []) if spot else []
            if any(getattr(campaign.location[n].keys, FACING[edge]) is not None for n in beside):
                connected.add(edge)
        cards.append(Card(loc.number, loc.name, spot, dict(loc.keys.edges()), frozenset(connected),
                          tuple(loc.seals), loc.old_number, loc.number == campaign.manifest.start))
    why: dict[int, list[str]] = {}
    for site in menhir_sites(campaign):
        if site.location in spots:
            why.setdefault(site.location, []).append(site.why)
    menhirs = tuple(Menhir(number, spots[number], tuple(reasons))
                    for number, reasons in why.items())
    return Layout(campaign.manifest.name, tuple(cards), menhirs)
