"""Where the party can go (``grail lint``, and the facts ``grail map`` draws).

The grid: the start at (0, 0), each Direction Key placing the Location it names one step
away, a Location and its changed versions on one spot (``grid.py``) [MAP-1], [MAP-3].

**Menhir sites** are where a Menhir can stand (``menhir_sites.py``).

**Reaching a Location**, worked out to a fixed point from the start:

- *revealed*: a Direction Key of an entered Location names it (or the card it replaced
  [MAP-8]) and, under ``reveal_needs_key_and_radius`` (the default), its spot is within
  the radius of a Menhir that can be lit by then: the Menhir's spot and the 8 around it
  [MENHIR-1], [MAP-7]; the start's own keys reveal without radius [SETUP-W3];
- *entered*: revealed next to an entered Location whose key faces a key of its (Travel
  [MAP-4]), or the target of special movement (``move``) [MAP-9]: ``any_revealed`` may
  lead to any revealed Location, ``lowest_revealed`` and ``highest_revealed`` to the
  lowest- and highest-numbered Location that can be revealed;
- a changed version comes into play only through ``replace_location``, on its original's
  spot, with the party on it if they stood on the original [MAP-3].

Effects count wherever they are written: the lint does not follow conditions.

A **Menhir coverage gap** is a Location on the grid farther than one card, diagonals
included, from every Menhir site other than its own (a Menhir on it cannot be lit before it
is revealed), and no ``move`` target: its keys can never reveal it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from grail.lang import _, ngettext

from .effects import Move, ReplaceLocation
from .findings import Finding, at
from .grid import Families
from .locations import FACING
from .menhir_sites import menhir_sites, portable_menhirs
from .pack import Campaign
from .problems import commas
from .survey import Survey

Spot = tuple[int, int]
FIXED = frozenset({"start", "restart", "placed"})
"""Sites lit without standing on them first; ``seal`` and ``story`` sites need the party
there."""


def covers(site: Spot, spot: Spot) -> bool:
    """The Menhir's radius: its card and the 8 around it, diagonals included [MENHIR-1]."""
    return abs(site[0] - spot[0]) <= 1 and abs(site[1] - spot[1]) <= 1


@dataclass
class Facts:
    """What the pack's effects say about moving and Menhirs."""

    fixed: set[int] = field(default_factory=set)
    """Sites lit without standing there first: the start, restarts, placed Menhirs."""
    setup: set[int] = field(default_factory=set)
    """Where the party is put at a start or restart, its keys revealing without radius."""
    lit_here: set[int] = field(default_factory=set)
    """Sites lit by standing on them: seals and story Menhirs."""
    portable: bool = False
    moves: set[int] = field(default_factory=set)
    rules: set[str] = field(default_factory=set)
    """The special movement rules some ``move`` uses."""
    replaced: set[int] = field(default_factory=set)
    """Changed versions some replace_location brings into play."""


def _facts(survey: Survey) -> Facts:
    campaign = survey.campaign
    sites = menhir_sites(campaign)
    facts = Facts(fixed={site.location for site in sites if site.why in FIXED},
                  setup={site.location for site in sites if site.why in ("start", "restart")},
                  lit_here={site.location for site in sites if site.why not in FIXED},
                  portable=portable_menhirs(campaign))
    for found in survey.of(Move):
        destination = found.model.move
        if destination.location is not None:
            facts.moves.add(destination.location)
        else:
            facts.rules.add(destination.rule)
    facts.replaced = {found.model.replace_location for found in survey.of(ReplaceLocation)}
    return facts


@dataclass
class Reach:
    """Where the party can be: Locations revealed, Locations entered."""

    revealed: set[int]
    entered: set[int]


def reach(campaign: Campaign, spots: dict[int, Spot], facts: Facts) -> Reach:
    """Revealed and entered Locations, to a fixed point from the start (module doc)."""
    location = campaign.location
    families = Families(campaign.locations)
    in_play = {n for n, loc in location.items() if loc.old_number is None or n in facts.replaced}

    def cards(number: int) -> list[int]:
        return [m.number for m in families.members.get(families.find(number), [])
                if m.number in in_play and (m.number == number or m.old_number is not None)]

    radius = campaign.manifest.rules.reveal_needs_key_and_radius
    setup = facts.setup
    now = Reach(set(setup), set(setup))
    moved = {card for target in facts.moves for card in cards(target)}
    size = (-1, -1)
    while size != (len(now.revealed), len(now.entered)):
        size = (len(now.revealed), len(now.entered))
        lit = facts.fixed | (facts.lit_here & now.entered) | (now.entered if facts.portable
                                                              else set())
        active = [spots[n] for n in lit if n in spots]
        versions = {n for n in now.revealed if location[n].old_number is not None}
        for number in sorted(now.entered | versions):
            for edge, key in location[number].keys.edges():
                for card in cards(key):
                    spot = spots.get(card)
                    if card not in now.revealed and (not radius or number in setup or (
                            spot is not None and any(covers(a, spot) for a in active))):
                        now.revealed.add(card)
                    facing = getattr(location[card].keys, FACING[edge])
                    if number in now.entered and card in now.revealed and facing is not None:
                        now.entered.add(card)
        for number in sorted(in_play):
            old = location[number].old_number
            if old is not None and old in now.revealed:
                now.revealed.add(number)
                if old in now.entered:
                    now.entered.add(number)
        now.revealed |= moved
        now.entered |= moved | _moved_by_rule(facts.rules, now.revealed)
    return now


def _moved_by_rule(rules: set[str], revealed: set[int]) -> set[int]:
    """Where special movement by rule may lead, among the revealed Locations [MAP-9]."""
    if "any_revealed" in rules:
        return set(revealed)
    return {pick(revealed) for rule, pick in (("lowest_revealed", min), ("highest_revealed", max))
            if rule in rules and revealed}


def gaps(campaign: Campaign, spots: dict[int, Spot], facts: Facts) -> dict[int, tuple[int, int]]:
    """Menhir coverage gaps: Location -> (nearest site, its distance in cards), for every
    original Location on the grid that no Menhir but its own could light."""
    if not campaign.manifest.rules.reveal_needs_key_and_radius or facts.portable:
        return {}
    found: dict[int, tuple[int, int]] = {}
    families = Families(campaign.locations)
    sites = sorted(facts.fixed | facts.lit_here)
    moved = {families.find(n) for n in facts.moves}
    for loc in campaign.locations:
        spot = spots.get(loc.number)
        family = families.find(loc.number)
        if spot is None or loc.old_number is not None or family in moved:
            continue
        others = [(_distance(spots[s], spot), s) for s in sites if s in spots
                  and (families.find(s) != family or s in facts.fixed)]
        if others and min(others)[0] > 1:
            distance, nearest = min(others)
            found[loc.number] = (nearest, distance)
    return found


def _distance(a: Spot, b: Spot) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def map_findings(survey: Survey) -> list[Finding]:
    """Unreachable Locations, Menhir coverage gaps, a start the party cannot leave."""
    campaign = survey.campaign
    spots = campaign.grid
    facts = _facts(survey)
    now = reach(campaign, spots, facts)
    start = campaign.manifest.start
    findings: list[Finding] = []
    if len(campaign.locations) > 1 and now.entered <= {start}:
        findings.append(at(survey.place(f"location:{start}"), "error", "start-isolated", _(
            "the party can never leave the start ({start}): no Location beside it has a key "
            "facing a key of its, and no 'move' leads away; give it a connected neighbour "
            "[MAP-4]").format(start=start)))
    gapped = gaps(campaign, spots, facts)
    for number, (nearest, distance) in sorted(gapped.items()):
        x, y = spots[number]
        findings.append(at(survey.place(f"location:{number}"), "warning", "menhir-gap", ngettext(
            "Location {location} (x {x}, y {y}) is {distance} card from the nearest Menhir site "
            "({nearest}): no Menhir's radius (its card and the 8 around it) can reach it, so no "
            "key ever reveals it [MENHIR-1], [MAP-7]; put a Menhir within one card of it",
            "Location {location} (x {x}, y {y}) is {distance} cards from the nearest Menhir site "
            "({nearest}): no Menhir's radius (its card and the 8 around it) can reach it, so no "
            "key ever reveals it [MENHIR-1], [MAP-7]; put a Menhir within one card of it",
            distance).format(location=number, x=x, y=y, distance=distance, nearest=nearest)))
    for loc in campaign.locations:
        if loc.number in now.entered or loc.number in gapped:
            continue
        if loc.old_number is not None and loc.old_number not in now.entered \
                and loc.number in facts.replaced:
            continue  # its original is unreachable: that is the finding
        findings.append(at(survey.place(f"location:{loc.number}"), "warning",
                           "location-unreachable", _(
                               "the party can never enter Location {location} ({name}): {why}")
                           .format(location=loc.number, name=loc.name,
                                   why=_why(campaign, loc.number, spots, facts, now))))
    return findings


def _why(campaign: Campaign, number: int, spots: dict[int, Spot], facts: Facts,
         now: Reach) -> str:
    loc = campaign.location[number]
    if loc.old_number is not None and number not in facts.replaced:
        return _("it replaces {old}, but no {effect} brings it into play [MAP-3]").format(
            old=loc.old_number, effect=f"'replace_location: {number}'")
    if number not in spots:
        return _("no chain of Direction Keys links it to the start ({start}), and no 'move' goes "
                 "there; give a neighbour a key naming it, and it a key back").format(
                     start=campaign.manifest.start)
    if number in now.revealed:
        return _("it can be revealed, but no Location the party reaches beside it has a key "
                 "facing a key of its (blocked edges) and no 'move' goes there [MAP-4]")
    namers = _namers(campaign, number)
    if namers & now.entered:
        return _("the keys of {locations} name it, but no Menhir the party can light covers "
                 "its spot when they stand there [MAP-7]").format(
                     locations=_listed(namers & now.entered))
    return _("only Locations the party never enters ({locations}) have keys naming it").format(
        locations=_listed(namers))


def _namers(campaign: Campaign, number: int) -> set[int]:
    names = {number} | ({campaign.location[number].old_number} - {None})
    return {loc.number for loc in campaign.locations
            if any(key in names for _edge, key in loc.keys.edges())}


def _listed(numbers: Iterable[int]) -> str:
    return commas([str(n) for n in sorted(numbers)])
