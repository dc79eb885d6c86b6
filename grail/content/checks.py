"""Checks of the pack as a whole: names, hero decks, chapter setups, the map.

:func:`cross_check` runs them all after every file has validated on its own.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel

from grail.lang import N_, _, ngettext

from .cards import PlayerCard
from .crossref import Entities, Names, References
from .effects import RaiseAttributes
from .events import RandomEvent, StoryEvent
from .grid import Families, check_keys, place
from .heroes import Hero
from .locations import Location
from .loops import loop_problems
from .origin import Origin
from .problems import Problem
from .uses import Use


def cross_check(entities: Entities) -> list[Problem]:
    """Every problem that only shows across files."""
    problems: list[Problem] = []
    names = Names(entities, problems)
    References(entities, names, problems).run()
    _check_heroes(entities, names, problems)
    _check_chapters(entities, names, problems)
    _check_map(entities, problems)
    problems.extend(loop_problems(entities))
    problems.extend(_misplaced_bonuses(entities))
    return problems


def _misplaced_bonuses(entities: Entities) -> list[Problem]:
    """An ``attribute_bonus`` raises Attributes while its card is face up: it belongs to a
    passive use, and any other list that is resolved would do nothing with it."""
    found: list[Problem] = []
    for thing, origin in entities.everything():
        for path in _bonuses(thing, ()):
            found.append(origin.problem(path, _("'attribute_bonus' raises Attributes while "
                                                "its card is face up: write it in a use with "
                                                "'when: passive', where it counts, not here")))
    return found


def _bonuses(value: Any, path: tuple[Any, ...]) -> Iterator[tuple[Any, ...]]:
    """The paths of the Attribute bonuses in ``value`` outside passive uses."""
    if isinstance(value, RaiseAttributes):
        yield path
    elif isinstance(value, Use) and value.when == "passive":
        return
    elif isinstance(value, BaseModel):
        for name, info in type(value).model_fields.items():
            yield from _bonuses(getattr(value, name), (*path, info.alias or name))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _bonuses(item, (*path, index))
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _bonuses(item, (*path, key))


def _check_heroes(entities: Entities, names: Names, problems: list[Problem]) -> None:
    """Decks hold real cards of the hero's colour, at least the minimum [SETUP-C6], [UPG-3]."""
    minimum = entities.manifest[0].rules.deck_minimum if entities.manifest else 0
    salvage = entities.salvage
    if entities.manifest and not entities.of("heroes") and not salvage.names.get("hero") \
            and "hero" not in salvage.incomplete:
        problems.append(entities.manifest[1].problem(
            (), _("a pack needs at least one hero to play, and this one has none: write one "
                  "in {folder} [SETUP-C1]").format(folder="heroes/")))
    for hero, origin in entities.of("heroes"):
        for kind in ("combat", "diplomacy"):
            lists = getattr(hero.decks, kind)
            if len(lists.start) < minimum:
                problems.append(origin.problem(
                    ("decks", kind, "start"), ngettext(
                        "a starting deck needs at least {count} card, this one has {has} "
                        "[UPG-3]", "a starting deck needs at least {count} cards, this one "
                        "has {has} [UPG-3]", minimum).format(count=minimum,
                                                             has=len(lists.start))))
            seen: set[str] = set()
            for part in ("start", "advanced"):
                for index, card_id in enumerate(getattr(lists, part)):
                    loc = ("decks", kind, part, index)
                    if card_id in seen:
                        problems.append(origin.problem(
                            loc, _("card '{card}' is listed twice in {hero}'s decks").format(
                                card=card_id, hero=hero.id)))
                    seen.add(card_id)
                    card = names.get("card", card_id)
                    if card is not None:
                        problems.extend(_deck_card(hero, kind, card, names, origin, loc))


def _deck_card(hero: Hero, kind: str, card: PlayerCard, names: Names, origin: Origin,
               loc: tuple[Any, ...]) -> list[Problem]:
    found = []
    if card.kind != kind:
        found.append(origin.problem(loc, _(OTHER_KIND[card.kind]).format(card=card.id)))
    if card.colour != hero.colour:
        found.append(origin.problem(
            loc, _("card '{card}' ({number}) is {colour}; {hero} plays {hero_colour} cards "
                   "[SETUP-C6]").format(card=card.id, number=card.number, colour=card.colour,
                                        hero=hero.id, hero_colour=hero.colour)))
    if card.hero is not None and card.hero != hero.id and names.get("hero", card.hero):
        found.append(origin.problem(loc, _("card '{card}' belongs to {owner}, not {hero}").format(
            card=card.id, owner=card.hero, hero=hero.id)))
    return found


OTHER_KIND = {"combat": N_("card '{card}' is a combat card, not diplomacy"),
              "diplomacy": N_("card '{card}' is a diplomacy card, not combat")}
"""A card in the other kind's deck, by the card's kind."""


def _check_chapters(entities: Entities, names: Names, problems: list[Problem]) -> None:
    """Setups use story and random events rightly and levels their decks hold [EVENT-4]."""
    firsts: dict[str, Origin] = {}
    for enc, origin in entities.of("encounters"):
        if not enc.first_encounter:
            continue
        if enc.deck in firsts:
            problems.append(origin.problem(
                ("first_encounter",), _("the {deck} deck already has its 'Your first "
                                        "encounter' card in {file} [COMP-8]").format(
                                            deck=enc.deck, file=firsts[enc.deck].file)))
        else:
            firsts[enc.deck] = origin
    if not entities.manifest:
        return
    manifest, origin = entities.manifest
    count = len(manifest.chapters)
    for event, written in entities.of("events"):
        if isinstance(event, StoryEvent) and event.chapter > count:
            problems.append(written.problem(
                ("chapter",), ngettext("chapter {chapter}, but the campaign has {count} "
                                       "chapter", "chapter {chapter}, but the campaign has "
                                       "{count} chapters", count).format(
                                           chapter=event.chapter, count=count)))
    check_levels = "encounter_level" not in entities.salvage.incomplete
    for c_index, chapter in enumerate(manifest.chapters):
        base = ("chapters", c_index, "setup")
        for part, wanted in (("events", StoryEvent), ("random_events", RandomEvent)):
            for index, event_id in enumerate(getattr(chapter.setup, part)):
                event = names.get("event", event_id)
                if event is not None and not isinstance(event, wanted):
                    said = _("event '{event}' is not a story event") if wanted is StoryEvent \
                        else _("event '{event}' is not a random event")
                    problems.append(origin.problem((*base, part, index),
                                                   said.format(event=event_id)))
        for deck in ("green", "grey", "purple", "blue") if check_levels else ():
            for index, level in enumerate(getattr(chapter.setup.encounters, deck)):
                if level not in names.levels.get(deck, set()):
                    problems.append(origin.problem(
                        (*base, "encounters", deck, index),
                        _("the {deck} deck has no level {level} encounter").format(
                            deck=deck, level=level)))


def _check_map(entities: Entities, problems: list[Problem]) -> None:
    """Keys agree and place every Location on one grid [MAP-1], [MAP-4], [NOTE-25]."""
    located = entities.of("locations")
    if not located:
        return
    origins = {id(loc): origin for loc, origin in located}
    numbers = {loc.number for loc, _origin in located}
    # a changed version whose old_number names nothing is reported already; leave it off the map
    locations = [loc for loc, _origin in located if loc.old_number in (None, *numbers)]

    def report(loc: Location, path: tuple[str, ...], message: str) -> None:
        problems.append(origins[id(loc)].problem(path, message))

    families = Families(locations)
    if not entities.manifest:  # without it, which keys are one-way is unknown
        check_keys(locations, families, None, report)
        return
    manifest, origin = entities.manifest
    by_number = {loc.number: loc for loc in locations}
    for index, key in enumerate(manifest.one_way_keys):
        holder = by_number.get(key.location)
        if holder is not None and getattr(holder.keys, key.edge) is None:
            problems.append(origin.problem(
                ("one_way_keys", index), _("Location {location} has no key on its {edge} "
                                           "edge: nothing to mark one-way").format(
                                               location=key.location, edge=key.edge)))
    one_way: set[tuple[int, str]] = {(key.location, key.edge) for key in manifest.one_way_keys}
    check_keys(locations, families, one_way, report)
    place(families, manifest.start, report)
