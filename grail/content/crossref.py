"""Cross-checks after every file validated: names exist, numbers are unique, the grid holds.

Every problem is reported at the line of the field that holds the faulty name.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .base import Def, Ref
from .campaign import Manifest, RuleSettings
from .cards import PlayerCard
from .conditions import StatusIs
from .effects import ReplaceLocation, StatusMark
from .events import RandomEvent, StoryEvent
from .grid import Families, check_keys, place
from .heroes import Hero
from .locations import Location
from .origin import Origin
from .problems import Problem
from .references import Mention, mentions
from .salvage import Salvage

NAMES = {
    "location": "Location", "entry": "journal entry", "status": "Status",
    "secret": "Secret", "item": "Item", "encounter": "Encounter", "event": "Event",
    "quest": "Quest", "hero": "Hero", "card": "card", "dial": "dial", "task": "task",
}


@dataclass
class Entities:
    """The validated entities of a pack, each with where it was written."""

    manifest: tuple[Manifest, Origin] | None = None
    by_kind: dict[str, list[tuple[Any, Origin]]] = field(default_factory=dict)
    salvage: Salvage = field(default_factory=Salvage)
    """What files that failed still define: referring to it is no new problem."""

    def of(self, kind: str) -> list[tuple[Any, Origin]]:
        return self.by_kind.get(kind, [])


class CrossCheck:
    """Runs every cross-check over :class:`Entities`, collecting problems."""

    def __init__(self, entities: Entities) -> None:
        self.entities = entities
        self.problems: list[Problem] = []
        self.defined: dict[str, dict[Any, Any]] = {kind: {} for kind in NAMES}
        self.old_numbers = {loc.old_number for loc, _ in entities.of("locations")
                            if loc.old_number is not None}

    def run(self) -> list[Problem]:
        self._define_all()
        found = list(self._mentions())
        for mention, _ in found:
            if isinstance(mention.marker, Def):
                self.defined[mention.marker.kind].setdefault(mention.value, mention.owner)
        for mention, origin in found:
            if isinstance(mention.marker, Ref):
                self._check_ref(mention, origin)
        self._check_heroes()
        self._check_chapters()
        self._check_map()
        return self.problems

    # --- definitions -------------------------------------------------------------------

    def _define(self, kind: str, key: Any, thing: Any, origin: Origin,
                loc: tuple[Any, ...], label: str) -> None:
        table = self.defined[kind]
        if key in table:
            _, first, first_loc = table[key]
            self.problems.append(origin.problem(
                loc, f"{label} is already used in {first.file}:{first.line_at(first_loc)}"))
        else:
            table[key] = (thing, origin, loc)

    def _define_all(self) -> None:
        for loc, origin in self.entities.of("locations"):
            self._define("location", loc.number, loc, origin, ("number",),
                         f"Location number {loc.number}")
        for section, origin in self.entities.of("journal"):
            for key in section.entries:
                self._define("entry", key, section, origin, ("entries", key),
                             f"journal entry '{key}'")
        for enc, origin in self.entities.of("encounters"):
            self._define("encounter", enc.id, enc, origin, ("id",), f"encounter id '{enc.id}'")
        for event, origin in self.entities.of("events"):
            self._define("event", event.id, event, origin, ("id",), f"event id '{event.id}'")
            if isinstance(event, StoryEvent) and event.quest:
                self._define("quest", event.quest.id, event.quest, origin, ("quest", "id"),
                             f"quest id '{event.quest.id}'")
        for hero, origin in self.entities.of("heroes"):
            self._define("hero", hero.id, hero, origin, ("id",), f"hero id '{hero.id}'")
        numbers: dict[Any, Any] = {}
        for hero, origin in self.entities.of("heroes"):
            if hero.number in numbers:
                self.problems.append(origin.problem(
                    ("number",), f"character number {hero.number} is also "
                    f"{numbers[hero.number]}'s; numbers break ties [COMP-4]"))
            numbers.setdefault(hero.number, hero.id)
        for secret, origin in self.entities.of("secrets"):
            self._define("secret", secret.number, secret, origin, ("number",),
                         f"Secret number {secret.number}")
            if secret.quest:
                self._define("quest", secret.quest.id, secret.quest, origin, ("quest", "id"),
                             f"quest id '{secret.quest.id}'")
        for item, origin in self.entities.of("items"):
            self._define("item", item.number, item, origin, ("number",),
                         f"Item number {item.number}")
        skill_numbers: dict[str, dict[Any, Any]] = {"card": {}, "side": {}}
        for skill, origin in self.entities.of("skills"):
            for table, key, loc, label in (
                ("card", skill.card, ("card",), f"Skill card {skill.card}"),
                ("side", skill.front.number, ("front", "number"), f"Skill {skill.front.number}"),
                ("side", skill.back.number, ("back", "number"), f"Skill {skill.back.number}"),
            ):
                if key in skill_numbers[table]:
                    first, first_loc = skill_numbers[table][key]
                    self.problems.append(origin.problem(
                        loc, f"{label} is already used in {first.file}:"
                        f"{first.line_at(first_loc)}"))
                skill_numbers[table].setdefault(key, (origin, loc))
        printed: dict[Any, Origin] = {}
        for card, origin in self.entities.of("cards"):
            self._define("card", card.id, card, origin, ("id",), f"card id '{card.id}'")
            slot = (card.kind, card.hero, card.number)
            if slot in printed:
                self.problems.append(origin.problem(
                    ("number",), f"{card.kind} card {card.number}"
                    f"{' of ' + card.hero if card.hero else ''} is already in "
                    f"{printed[slot].file}:{printed[slot].line_at(('number',))}"))
            printed.setdefault(slot, origin)
        if self.entities.manifest:
            manifest, origin = self.entities.manifest
            for index, status in enumerate(manifest.game_sheet.statuses):
                self._define("status", status.id, status, origin,
                             ("game_sheet", "statuses", index, "id"), f"Status id '{status.id}'")

    # --- references --------------------------------------------------------------------

    def _mentions(self) -> Iterable[tuple[Mention, Origin]]:
        everything: list[tuple[Any, Origin]] = []
        if self.entities.manifest:
            everything.append(self.entities.manifest)
        for kind in ("locations", "journal", "encounters", "events", "heroes", "secrets",
                     "items", "skills", "cards"):
            everything.extend(self.entities.of(kind))
        for entity, origin in everything:
            for mention in mentions(entity):
                yield mention, origin

    def _exists(self, kind: str, value: Any) -> bool:
        if self.entities.salvage.known(kind, value):
            return True
        if kind == "location":
            return value in self.defined["location"] or value in self.old_numbers
        return value in self.defined[kind]

    def _check_ref(self, mention: Mention, origin: Origin) -> None:
        kind, value = mention.marker.kind, mention.value
        if not self._exists(kind, value):
            choices = [str(key) for key in self.defined[kind]]
            close = difflib.get_close_matches(str(value), choices, n=1, cutoff=0.6)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            where = " on the Game Sheet" if kind == "status" else ""
            self.problems.append(origin.problem(
                mention.loc, f"{NAMES[kind]} {value!r} does not exist{where}{hint}"))
            return
        owner = mention.owner
        if (kind == "status" and isinstance(owner, StatusMark | StatusIs) and owner.part
                and value in self.defined["status"]):
            status = self.defined["status"][value][0]
            if owner.part > status.parts:
                self.problems.append(origin.problem(
                    (*mention.loc[:-1], "part"),
                    f"Status '{value}' has {status.parts} numbered parts; there is no "
                    f"part {owner.part}"))
        if isinstance(owner, ReplaceLocation):
            target = self.defined["location"].get(value)
            if target is not None and target[0].old_number is None:
                self.problems.append(origin.problem(
                    mention.loc, f"Location {value} has no 'old_number', so it replaces "
                    "nothing [MAP-3]"))

    # --- heroes, chapters, map ---------------------------------------------------------

    def _check_heroes(self) -> None:
        minimum = self._rules().deck_minimum if self.entities.manifest else 0
        cards = self.defined["card"]
        for hero, origin in self.entities.of("heroes"):
            for kind in ("combat", "diplomacy"):
                lists = getattr(hero.decks, kind)
                if len(lists.start) < minimum:
                    self.problems.append(origin.problem(
                        ("decks", kind, "start"), f"a starting deck needs at least {minimum} "
                        f"cards, this one has {len(lists.start)} [UPG-3]"))
                seen: set[str] = set()
                for part in ("start", "advanced"):
                    for index, card_id in enumerate(getattr(lists, part)):
                        loc = ("decks", kind, part, index)
                        if card_id in seen:
                            self.problems.append(origin.problem(
                                loc, f"card '{card_id}' is listed twice in {hero.id}'s decks"))
                        seen.add(card_id)
                        if card_id in cards:
                            self._check_deck_card(hero, kind, cards[card_id][0], origin, loc)

    def _check_deck_card(self, hero: Hero, kind: str, card: PlayerCard, origin: Origin,
                         loc: tuple[Any, ...]) -> None:
        if card.kind != kind:
            self.problems.append(origin.problem(
                loc, f"card '{card.id}' is a {card.kind} card, not {kind}"))
        if card.colour != hero.colour:
            self.problems.append(origin.problem(
                loc, f"card '{card.id}' ({card.number}) is {card.colour}; {hero.id} plays "
                f"{hero.colour} cards [SETUP-C6]"))
        if card.hero is not None and card.hero != hero.id and card.hero in self.defined["hero"]:
            self.problems.append(origin.problem(
                loc, f"card '{card.id}' belongs to {card.hero}, not {hero.id}"))

    def _check_chapters(self) -> None:
        if not self.entities.manifest:
            return
        manifest, origin = self.entities.manifest
        events = self.defined["event"]
        firsts: dict[str, Origin] = {}
        for enc, enc_origin in self.entities.of("encounters"):
            if not enc.first_encounter:
                continue
            if enc.deck in firsts:
                self.problems.append(enc_origin.problem(
                    ("first_encounter",), f"the {enc.deck} deck already has its 'Your first "
                    f"encounter' card in {firsts[enc.deck].file} [COMP-8]"))
            else:
                firsts[enc.deck] = enc_origin
        levels = {deck: set(found) for deck, found in self.entities.salvage.levels.items()}
        for enc, _ in self.entities.of("encounters"):
            levels.setdefault(enc.deck, set()).add(enc.level)
        check_levels = "encounter_levels" not in self.entities.salvage.incomplete
        for c_index, chapter in enumerate(manifest.chapters):
            base = ("chapters", c_index, "setup")
            for part, wanted in (("events", StoryEvent), ("random_events", RandomEvent)):
                for index, event_id in enumerate(getattr(chapter.setup, part)):
                    event = events.get(event_id)
                    if event is not None and not isinstance(event[0], wanted):
                        kind = "story" if wanted is StoryEvent else "random"
                        self.problems.append(origin.problem(
                            (*base, part, index), f"event '{event_id}' is not a {kind} event"))
            for deck in ("green", "grey", "purple", "blue") if check_levels else ():
                for index, level in enumerate(getattr(chapter.setup.encounters, deck)):
                    if level not in levels.get(deck, set()):
                        self.problems.append(origin.problem(
                            (*base, "encounters", deck, index),
                            f"the {deck} deck has no level {level} encounter"))

    def _rules(self) -> RuleSettings:
        return self.entities.manifest[0].rules if self.entities.manifest else RuleSettings()

    def _check_map(self) -> None:
        located = self.entities.of("locations")
        if not located:
            return
        origins = {id(loc): origin for loc, origin in located}
        locations = [loc for loc, _ in located]

        def report(loc: Location, path: tuple[str, ...], message: str) -> None:
            self.problems.append(origins[id(loc)].problem(path, message))

        families = Families(locations)
        one_way: set[tuple[int, str]] | None = None  # without the manifest, which keys are one-way is unknown
        if self.entities.manifest:
            manifest, origin = self.entities.manifest
            one_way = {(key.location, key.edge) for key in manifest.one_way_keys}
            by_number = {loc.number: loc for loc in locations}
            for index, key in enumerate(manifest.one_way_keys):
                holder = by_number.get(key.location)
                if holder is not None and getattr(holder.keys, key.edge) is None:
                    self.problems.append(origin.problem(
                        ("one_way_keys", index), f"Location {key.location} has no key on "
                        f"its {key.edge} edge: nothing to mark one-way"))
        check_keys(locations, families, one_way, report)
        if self.entities.manifest:
            place(locations, families, self.entities.manifest[0].start, report)

