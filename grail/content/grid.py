"""Checking that Direction Keys agree and place every Location on one grid [MAP-1], [MAP-4].

A Location and its changed versions (``old_number`` chains) form a *family* that shares one
spot [MAP-3]. Starting from the start Location at (0, 0), every key places the family it
names one step away. Problems: a key whose facing edge names another family (or nothing,
unless the campaign marks the key one-way [NOTE-25]), two families on one spot, one family
at two spots. Keys naming no Location are the reference check's to report.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

from grail.lang import _

from .locations import FACING, STEP, Location

Spot = tuple[int, int]
Report = Callable[[Location, tuple[str, ...], str], None]


class Families:
    """Locations grouped with their changed versions; any member's number names the family."""

    def __init__(self, locations: Iterable[Location]) -> None:
        self.parent: dict[int, int] = {}
        self.members: dict[int, list[Location]] = {}
        locations = list(locations)
        for loc in locations:
            self._union(loc.number, loc.old_number or loc.number)
        for loc in sorted(locations, key=lambda item: item.number):
            self.members.setdefault(self.find(loc.number), []).append(loc)

    def find(self, number: int) -> int:
        self.parent.setdefault(number, number)
        while self.parent[number] != number:
            self.parent[number] = self.parent[self.parent[number]]
            number = self.parent[number]
        return number

    def _union(self, a: int, b: int) -> None:
        root_a, root_b = self.find(a), self.find(b)
        if root_a != root_b:
            self.parent[max(root_a, root_b)] = min(root_a, root_b)

    def known(self, number: int) -> bool:
        return number in self.parent


def check_keys(locations: list[Location], families: Families,
               one_way: set[tuple[int, str]] | None, report: Report) -> None:
    """Every key naming a Location (or an old number) is met by a facing key.

    ``one_way`` lists the keys meant to have none facing back; None when unknown (the
    manifest is broken), and then one-sided keys are not reported.
    """
    for loc in locations:
        for edge, number in loc.keys.edges():
            if not families.known(number):
                continue  # reported as a missing Location by the reference check
            mine = families.find(loc.number)
            for other in families.members.get(families.find(number), []):
                back = getattr(other.keys, FACING[edge])
                if back is None:
                    if one_way is not None and (loc.number, edge) not in one_way:
                        report(loc, ("keys", edge),
                               _("Location {other} has no key on its {edge} edge facing back "
                                 "to {location}; add one, or list {listed} in the campaign's "
                                 "one_way_keys").format(
                                     other=other.number, edge=FACING[edge], location=loc.number,
                                     listed=f"{{location: {loc.number}, edge: {edge}}}"))
                elif families.known(back) and families.find(back) != mine:
                    report(loc, ("keys", edge),
                           _("non-reciprocal keys: this edge names {location}, but {other}'s "
                             "{edge} edge names {back}").format(
                                 location=number, other=other.number, edge=FACING[edge],
                                 back=back))


def place(families: Families, start: int, report: Report) -> dict[int, Spot]:
    """Grid spots of every family reachable from ``start`` by keys, reporting conflicts."""
    if not families.known(start):
        return {}
    spots: dict[int, Spot] = {families.find(start): (0, 0)}
    holder: dict[Spot, int] = {(0, 0): families.find(start)}
    queue = deque([families.find(start)])
    while queue:
        family = queue.popleft()
        x, y = spots[family]
        for loc in families.members[family]:
            for edge, number in loc.keys.edges():
                if not families.known(number):
                    continue
                target = families.find(number)
                dx, dy = STEP[edge]
                spot = (x + dx, y + dy)
                if target in spots:
                    if spots[target] != spot:
                        report(loc, ("keys", edge),
                               _("the keys put Location {location} at two places: {first} and "
                                 "{second} (x right, y down, start at (0, 0))").format(
                                     location=number, first=spots[target], second=spot))
                    continue
                if spot in holder:
                    report(loc, ("keys", edge),
                           _("Location {location} would sit at {spot}, where Location "
                             "{holder} already is").format(location=number, spot=spot,
                                                           holder=holder[spot]))
                    continue
                spots[target], holder[spot] = spot, target
                queue.append(target)
    return spots


def spots(locations: list[Location], start: int) -> dict[int, Spot]:
    """Every Location's grid spot as the keys lay the map out, a changed version on its
    original's [MAP-1], [MAP-3] (for a valid pack: the validator reports any conflict)."""
    families = Families(locations)
    placed = place(families, start, lambda *ignored: None)
    return {loc.number: placed[families.find(loc.number)] for loc in locations
            if families.find(loc.number) in placed}
