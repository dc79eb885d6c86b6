"""What a broken file still tells: the names it defines, so one mistake is one problem, and
the parts of it that are sound, so that their own mistakes show in the same pass.

When a file fails validation, its names (a Location number, an encounter id, journal
entry ids, Status ids, tasks and dials it opens) are read from its raw data where they are
valid, and references to them raise no second problem. Where a name cannot be read (the
file does not parse, or the name itself is the mistake), the whole kind is *incomplete*:
references to that kind are not checked until the file is mended.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any, get_args

from pydantic import TypeAdapter, ValidationError

from .base import EntryId, Level, Slug
from .journal import Entry, JournalSection
from .pack import Kind

_IDENTITY: dict[str, tuple[tuple[str, str, Any], ...]] = {
    "locations": (("location", "number", int), ("location", "old_number", int | None)),
    "encounters": (("encounter", "id", Slug),),
    "events": (("event", "id", Slug),),
    "heroes": (("hero", "id", Slug),),
    "secrets": (("secret", "number", int),),
    "items": (("item", "number", int),),
    "cards": (("card", "id", Slug),),
}
"""Per kind: (reference kind, field, type) of the names each entity defines."""

_OWN: dict[str, tuple[str, ...]] = {
    "campaign": ("status",), "locations": ("location",), "journal": ("entry",),
    "encounters": ("encounter", "encounter_level"), "events": ("event", "quest"),
    "heroes": ("hero",), "secrets": ("secret", "quest"), "items": ("item",), "skills": (),
    "cards": ("card",),
}
"""The names each kind of file defines itself; any file's effects may also open tasks and
dials."""


def sound_parts(kind: Kind, data: Any) -> list[tuple[Any, tuple[Any, ...]]]:
    """The journal entries or listed entities (Secrets, Items, Skills, cards) of a file that
    failed validation which validate on their own, each with its path in the file, for the
    cross-checks: a misspelt name beside another mistake is reported in the same pass."""
    if kind.name == "journal":
        entries = data.get("entries") if isinstance(data, dict) else None
        if not isinstance(entries, dict):
            return []
        sound = {key: entry for key, entry in entries.items()
                 if isinstance(key, str) and _valid(EntryId, key) and _valid(Entry, entry)}
        if not sound:
            return []
        built = {key: _adapter(Entry).validate_python(entry, strict=True)
                 for key, entry in sound.items()}
        return [(JournalSection.model_construct(location=None, entries=built), ())]
    listed = data.get(kind.list_key) if kind.list_key and isinstance(data, dict) else None
    if not isinstance(listed, list):
        return []
    item = get_args(kind.model.model_fields[kind.list_key].annotation)[0]
    return [(_adapter(item).validate_python(thing, strict=True), (kind.list_key, index))
            for index, thing in enumerate(listed) if _valid(item, thing)]


@cache
def _adapter(tp: Any) -> TypeAdapter[Any]:
    return TypeAdapter(tp)


def _valid(tp: Any, value: Any) -> bool:
    try:
        _adapter(tp).validate_python(value, strict=True)
    except ValidationError:
        return False
    return True


@dataclass
class Salvage:
    """Names from broken files, and the reference kinds that cannot be checked."""

    names: dict[str, set[Any]] = field(default_factory=dict)
    incomplete: set[str] = field(default_factory=set)
    levels: dict[str, set[int]] = field(default_factory=dict)

    def known(self, kind: str, value: Any) -> bool:
        return kind in self.incomplete or value in self.names.get(kind, ())

    def unreadable(self, kind: Kind) -> None:
        """A file of ``kind`` did not parse: nothing it defines can be known."""
        self.incomplete.update((*_OWN[kind.name], "task", "dial"))

    def invalid(self, kind: Kind, data: dict[str, Any]) -> None:
        """A file of ``kind`` parsed but failed validation: keep what names it defines."""
        self._definitions(data)
        if kind.name == "journal":
            self._keys(data.get("entries"), "entry", EntryId)
        elif kind.name == "campaign":
            sheet = data.get("game_sheet")
            statuses = sheet.get("statuses") if isinstance(sheet, dict) else None
            for status in statuses if isinstance(statuses, list) else [None]:
                self._name("status", status.get("id") if isinstance(status, dict) else None,
                           Slug)
        elif kind.name in _IDENTITY:
            listed = data.get(kind.list_key) if kind.list_key else [data]
            for thing in listed if isinstance(listed, list) else [None]:
                thing = thing if isinstance(thing, dict) else {}
                for ref, name, tp in _IDENTITY[kind.name]:
                    self._name(ref, thing.get(name), tp)
                if kind.name == "encounters":
                    self._level(thing)

    def _name(self, ref: str, value: Any, tp: Any) -> None:
        if value is None and _valid(tp, None):
            return
        if _valid(tp, value):
            self.names.setdefault(ref, set()).add(value)
        else:
            self.incomplete.add(ref)

    def _keys(self, mapping: Any, ref: str, tp: Any) -> None:
        if not isinstance(mapping, dict):
            self.incomplete.add(ref)
            return
        for key in mapping:
            self._name(ref, str(key) if isinstance(key, int) else key, tp)

    def _level(self, thing: dict[str, Any]) -> None:
        deck, level = thing.get("deck"), thing.get("level")
        if isinstance(deck, str) and deck in ("green", "grey", "purple", "blue") \
                and isinstance(level, int) and _valid(Level, level):
            self.levels.setdefault(deck, set()).add(level)
        else:
            self.incomplete.add("encounter_level")

    def _definitions(self, data: Any) -> None:
        """Tasks, dials and quests are defined where they are used: find them anywhere."""
        stack = [data]
        while stack:
            value = stack.pop()
            if isinstance(value, dict):
                for key, inner in value.items():
                    defines = key in ("add_task", "place_dial", "quest") or (
                        key == "dial" and isinstance(inner, dict) and "token" in inner)
                    if defines and isinstance(inner, dict) and "id" in inner:
                        ref = {"add_task": "task", "quest": "quest"}.get(key, "dial")
                        self._name(ref, inner["id"], Slug)
                    stack.append(inner)
            elif isinstance(value, list):
                stack.extend(value)
