"""Cross-checks of names: every name is defined once, and every reference names something.

Definitions come from the entities (numbers, ids, journal entries, Statuses, quests) and
from the effects that open tasks and dials; references are found through the types'
``Ref`` markers. Every problem is reported at the line of the faulty name.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from grail.lang import N_, _, ngettext

from .base import Def, Ref
from .campaign import Manifest
from .conditions import StatusIs, StatusMark
from .effects import EncounterDraw, ReplaceLocation
from .events import StoryEvent
from .locations import DirectionKeys
from .origin import Origin
from .problems import Problem, suggest
from .references import Mention, mentions
from .salvage import Salvage

NAMES = {
    "location": N_("Location {name} does not exist{hint}"),
    "entry": N_("journal entry {name} does not exist{hint}"),
    "status": N_("Status {name} does not exist on the Game Sheet{hint}"),
    "secret": N_("Secret {name} does not exist{hint}"),
    "item": N_("Item {name} does not exist{hint}"),
    "encounter": N_("Encounter {name} does not exist{hint}"),
    "event": N_("Event {name} does not exist{hint}"),
    "quest": N_("Quest {name} does not exist{hint}"),
    "hero": N_("Hero {name} does not exist{hint}"),
    "card": N_("card {name} does not exist{hint}"),
    "dial": N_("dial {name} does not exist{hint}"),
    "task": N_("task {name} does not exist{hint}"),
}
"""The kinds of name a reference may name, each with what a reference to nothing is told
(``{name}`` as written, ``{hint}`` a "did you mean")."""


@dataclass
class Entities:
    """The validated entities of a pack, each with where it was written."""

    manifest: tuple[Manifest, Origin] | None = None
    by_kind: dict[str, list[tuple[Any, Origin]]] = field(default_factory=dict)
    salvage: Salvage = field(default_factory=Salvage)
    """What files that failed still define: referring to it is no new problem."""
    unread: dict[str, str] = field(default_factory=dict)
    """The files found but not read (a ``.yml``, one out of place), by their names' stems:
    a name that does not exist may be written there."""

    def of(self, kind: str) -> list[tuple[Any, Origin]]:
        return self.by_kind.get(kind, [])

    def everything(self) -> Iterator[tuple[Any, Origin]]:
        if self.manifest:
            yield self.manifest
        for found in self.by_kind.values():
            yield from found


@dataclass(frozen=True)
class Definition:
    """Where a name was defined: the thing, its file, and the path of the name in it."""

    thing: Any
    origin: Origin
    loc: tuple[Any, ...]

    @property
    def where(self) -> str:
        return f"{self.origin.file}:{self.origin.line_at(self.loc)}"


QUEST_TWICE = N_("quest id '{id}' is already used in {where}")

PRINTED_TWICE = {
    ("combat", False): N_("combat card {number} is already used in {where}"),
    ("combat", True): N_("combat card {number} of {hero} is already used in {where}"),
    ("diplomacy", False): N_("diplomacy card {number} is already used in {where}"),
    ("diplomacy", True): N_("diplomacy card {number} of {hero} is already used in {where}"),
}
"""A printed card number used twice, by the card's kind and whether it is a character's."""


class Names:
    """Every name of the pack by kind, each defined once; duplicates are problems."""

    def __init__(self, entities: Entities, problems: list[Problem]) -> None:
        self.entities = entities
        self.problems = problems
        self.defined: dict[str, dict[Any, Definition]] = {kind: {} for kind in NAMES}
        self.levels = {deck: set(found) for deck, found in entities.salvage.levels.items()}
        self._define_all()

    def define(self, space: str, key: Any, thing: Any, origin: Origin, loc: tuple[Any, ...],
               said: str, **values: Any) -> None:
        """Record a name in ``space``; a second definition is a problem at its line, told by
        ``said`` (marked with ``N_``: ``{where}`` the first definition's place, the other
        placeholders ``values``)."""
        table = self.defined.setdefault(space, {})
        if key in table:
            self.problems.append(origin.problem(
                loc, _(said).format(where=table[key].where, **values)))
        else:
            table[key] = Definition(thing, origin, loc)

    def _define_all(self) -> None:
        for loc, origin in self.entities.of("locations"):
            self.define("location", loc.number, loc, origin, ("number",),
                        N_("Location number {number} is already used in {where}"),
                        number=loc.number)
        for section, origin in self.entities.of("journal"):
            for key in section.entries:
                self.define("entry", key, section, origin, ("entries", key),
                            N_("journal entry '{id}' is already used in {where}"), id=key)
        for enc, origin in self.entities.of("encounters"):
            self.define("encounter", enc.id, enc, origin, ("id",),
                        N_("encounter id '{id}' is already used in {where}"), id=enc.id)
            self.levels.setdefault(enc.deck, set()).add(enc.level)
        for event, origin in self.entities.of("events"):
            self.define("event", event.id, event, origin, ("id",),
                        N_("event id '{id}' is already used in {where}"), id=event.id)
            if isinstance(event, StoryEvent) and event.quest:
                self.define("quest", event.quest.id, event.quest, origin, ("quest", "id"),
                            QUEST_TWICE, id=event.quest.id)
        for hero, origin in self.entities.of("heroes"):
            self.define("hero", hero.id, hero, origin, ("id",),
                        N_("hero id '{id}' is already used in {where}"), id=hero.id)
            self.define("hero-number", hero.number, hero, origin, ("number",),
                        N_("character number {number} is already used in {where}"),
                        number=hero.number)
        for secret, origin in self.entities.of("secrets"):
            self.define("secret", secret.number, secret, origin, ("number",),
                        N_("Secret number {number} is already used in {where}"),
                        number=secret.number)
            if secret.quest:
                self.define("quest", secret.quest.id, secret.quest, origin, ("quest", "id"),
                            QUEST_TWICE, id=secret.quest.id)
        for item, origin in self.entities.of("items"):
            self.define("item", item.number, item, origin, ("number",),
                        N_("Item number {number} is already used in {where}"),
                        number=item.number)
        for skill, origin in self.entities.of("skills"):
            self.define("skill-card", skill.card, skill, origin, ("card",),
                        N_("Skill card {number} is already used in {where}"), number=skill.card)
            for side in ("front", "back"):
                number = getattr(skill, side).number
                self.define("skill", number, skill, origin, (side, "number"),
                            N_("Skill {number} is already used in {where}"), number=number)
        for card, origin in self.entities.of("cards"):
            self.define("card", card.id, card, origin, ("id",),
                        N_("card id '{id}' is already used in {where}"), id=card.id)
            self.define("printed-card", (card.kind, card.hero, card.number), card, origin,
                        ("number",), PRINTED_TWICE[card.kind, card.hero is not None],
                        number=card.number, hero=card.hero)
        if self.entities.manifest:
            manifest, origin = self.entities.manifest
            for index, status in enumerate(manifest.game_sheet.statuses):
                self.define("status", status.id, status, origin,
                            ("game_sheet", "statuses", index, "id"),
                            N_("Status id '{id}' is already used in {where}"), id=status.id)

    def get(self, kind: str, key: Any) -> Any:
        found = self.defined.get(kind, {}).get(key)
        return found.thing if found else None


class References:
    """Checks that every reference in the pack names something defined."""

    def __init__(self, entities: Entities, names: Names, problems: list[Problem]) -> None:
        self.entities = entities
        self.names = names
        self.problems = problems
        self.old_numbers = {loc.old_number for loc, _origin in entities.of("locations")
                            if loc.old_number is not None}

    def run(self) -> None:
        found = [(mention, origin) for entity, origin in self.entities.everything()
                 for mention in mentions(entity)]
        for mention, origin in found:
            if isinstance(mention.marker, Def):
                self.names.defined[mention.marker.kind].setdefault(
                    mention.value, Definition(mention.owner, origin, mention.loc))
        for mention, origin in found:
            if isinstance(mention.marker, Ref):
                self._check(mention, origin)
        self._check_old_numbers()

    def _exists(self, mention: Mention) -> bool:
        kind, value = mention.marker.kind, mention.value
        if self.entities.salvage.known(kind, value):
            return True
        if kind == "encounter_level" and isinstance(mention.owner, EncounterDraw):
            return value in self.names.levels.get(mention.owner.deck, set())
        if kind == "location" and isinstance(mention.owner, DirectionKeys):
            return value in self.names.defined["location"] or value in self.old_numbers  # [MAP-8]
        return value in self.names.defined[kind]

    def _check(self, mention: Mention, origin: Origin) -> None:
        kind, value, owner = mention.marker.kind, mention.value, mention.owner
        if not self._exists(mention):
            if isinstance(owner, EncounterDraw):
                message = _("the {deck} deck has no level {level} encounter").format(
                    deck=owner.deck, level=value)
            else:
                unread = self.entities.unread.get(str(value))
                hint = _(" ({file} may define it, but that file is not read)").format(
                    file=unread) if unread else \
                    suggest(str(value), [str(key) for key in self.names.defined[kind]])
                message = _(NAMES[kind]).format(name=repr(value), hint=hint)
            self.problems.append(origin.problem(mention.loc, message))
            return
        if kind == "status" and isinstance(owner, StatusMark | StatusIs) and owner.part:
            status = self.names.get("status", value)
            if status is not None and owner.part > status.parts:
                self.problems.append(origin.problem(
                    (*mention.loc[:-1], "part"), ngettext(
                        "Status '{status}' has {count} numbered part; there is no part {part}",
                        "Status '{status}' has {count} numbered parts; there is no part {part}",
                        status.parts).format(status=value, count=status.parts,
                                             part=owner.part)))
        if isinstance(owner, ReplaceLocation):
            target = self.names.get("location", value)
            if target is not None and target.old_number is None:
                self.problems.append(origin.problem(
                    mention.loc, _("Location {location} has no 'old_number', so it replaces "
                                   "nothing [MAP-3]").format(location=value)))

    def _check_old_numbers(self) -> None:
        """A changed version replaces a Location of the pack [MAP-3]."""
        for loc, origin in self.entities.of("locations"):
            if loc.old_number is not None and not self.entities.salvage.known(
                    "location", loc.old_number) and \
                    loc.old_number not in self.names.defined["location"]:
                self.problems.append(origin.problem(
                    ("old_number",), _("old_number {number} names no Location of this "
                                       "pack").format(number=loc.old_number)))
