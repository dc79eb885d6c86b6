"""Engine values read back from the JSON forms grail writes: a save's log, snapshots and
setup, and an action typed in that form.

Pydantic reads them as well, but only through a reader built for each form, and building
those for every action and for the state is a tenth of a command's start (12-16 ms each),
paid to read JSON that grail itself wrote from its own values. What grail writes has one
reading, which the values' types spell out: a class's fields by name, a list for a list, a
tuple from a list, a number for a number, the member a union's tag names. Anything else
raises :class:`Unreadable` — a key no field has, a field missing, text where a number goes,
``true`` where a number goes, a tag no member has — and the save then says it is damaged.
Nothing is converted on the way ("3" is not a number here: grail never writes one), so a
value read here equals the one that was written (tested over whole games against
pydantic's reading).

>>> from grail.engine.actions import AnyAction
>>> read(AnyAction, {"type": "travel", "hero": "tamsin", "to": 102})
Travel(type='travel', hero='tamsin', to=102)
>>> read(AnyAction, {"type": "travel", "hero": "tamsin", "to": "102"})
Traceback (most recent call last):
grail.engine.reading.Unreadable: int expected, not str
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from typing import Any, TypeVar, overload

from pydantic.fields import FieldInfo

Read = Callable[[Any], Any]
T = TypeVar("T")


class Unreadable(ValueError):
    """JSON that is not the form grail writes for this kind of value."""


@overload
def read(kind: type[T], data: Any) -> T: ...
@overload
def read(kind: Any, data: Any) -> Any: ...
def read(kind: Any, data: Any) -> Any:
    """The value of ``kind`` (a class, or a form such as the union of every action) whose
    JSON form is ``data``; :class:`Unreadable` if it is none."""
    return reader(kind)(data)


_READERS: dict[Any, Read] = {}


def reader(kind: Any) -> Read:
    """How to read a value of ``kind`` from its JSON form, worked out once."""
    found = _READERS.get(kind)
    if found is None:
        found = _READERS[kind] = _reader(kind)
    return found


def _reader(hint: Any) -> Read:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Annotated:
        tags = [m.discriminator for m in args[1:]
                if isinstance(m, FieldInfo) and isinstance(m.discriminator, str)]
        return _tagged(args[0], tags[0]) if tags else reader(args[0])
    if origin is list:
        return _list(reader(args[0]))
    if origin is tuple and args[-1] is Ellipsis:  # tuple[X, ...]
        return _as_tuple(_list(reader(args[0])))
    if origin is tuple:
        return _tuple([reader(arg) for arg in args])
    if origin is dict and args[0] is str:
        return _dict(reader(args[1]))
    if origin is typing.Union or origin is types.UnionType:
        return _union(hint)
    if origin is typing.Literal:
        return _one_of(args)
    if hint in (int, str, bool):
        return _leaf(hint)
    if hint is type(None):
        return _one_of((None,))
    if hint is typing.Any:
        return _same
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _value(hint)
    raise TypeError(f"grail cannot read back a {hint!r}: teach grail/engine/reading.py its form")


def _same(data: Any) -> Any:
    return data


def _leaf(kind: type) -> Read:
    def read(data: Any) -> Any:
        if type(data) is not kind:  # not isinstance: a bool is no number here
            raise Unreadable(f"{kind.__name__} expected, not {type(data).__name__}")
        return data
    return read


def _one_of(values: tuple[Any, ...]) -> Read:
    allowed = {(type(value), value) for value in values}
    kinds = {type(value) for value in values}

    def read(data: Any) -> Any:
        if type(data) not in kinds or (type(data), data) not in allowed:  # a list: unhashable
            raise Unreadable(f"one of {list(values)} expected, not {data!r}")
        return data
    return read


def _list(item: Read) -> Read:
    def read(data: Any) -> list[Any]:
        if type(data) is not list:
            raise Unreadable(f"a list expected, not {type(data).__name__}")
        return [item(value) for value in data]
    return read


def _tuple(items: list[Read]) -> Read:
    def read(data: Any) -> tuple[Any, ...]:
        if type(data) is not list or len(data) != len(items):
            raise Unreadable(f"a list of {len(items)} expected")
        return tuple(item(value) for item, value in zip(items, data, strict=True))
    return read


def _as_tuple(as_list: Read) -> Read:
    def read(data: Any) -> tuple[Any, ...]:
        return tuple(as_list(data))
    return read


def _dict(item: Read) -> Read:
    def read(data: Any) -> dict[str, Any]:
        if type(data) is not dict:
            raise Unreadable(f"a mapping expected, not {type(data).__name__}")
        return {key: item(value) for key, value in data.items()}  # JSON's keys are texts
    return read


def _union(hint: Any) -> Read:
    """``X | None``, or a union of plain JSON values (a number or a text), read as the
    first member that takes it; a union of classes needs a tag (:func:`_tagged`)."""
    members = typing.get_args(hint)
    if any(isinstance(m, type) and dataclasses.is_dataclass(m) for m in members) \
            and len([m for m in members if m is not type(None)]) > 1:
        raise TypeError(f"a union of values without a tag: {hint}")
    readers = [reader(member) for member in members]

    def read(data: Any) -> Any:
        for member in readers:
            try:
                return member(data)
            except Unreadable:
                continue
        raise Unreadable(f"none of {hint} reads {type(data).__name__}")
    return read


def _tagged(union: Any, tag: str) -> Read:
    """A union of classes told apart by the value of their field ``tag``."""
    members: dict[Any, Read] = {}
    for member in typing.get_args(union):
        field = next(f for f in dataclasses.fields(member) if f.name == tag)
        members[field.default] = reader(member)

    def read(data: Any) -> Any:
        named = data.get(tag) if type(data) is dict else None
        member = members.get(named) if type(named) is str else None
        if member is None:
            raise Unreadable(f"no member of the union has this '{tag}'")
        return member(data)
    return read


def _value(cls: type) -> Read:
    """A dataclass from its mapping of field names; defaults for the fields left out."""
    fields: dict[str, Read] = {}
    planned: list[bool] = []

    def read(data: Any) -> Any:
        if not planned:  # worked out at the first reading: a class can hold itself
            hints = typing.get_type_hints(cls, include_extras=True)
            fields.update({f.name: reader(hints[f.name]) for f in dataclasses.fields(cls)})
            planned.append(True)
        if type(data) is not dict:
            raise Unreadable(f"a mapping expected for {cls.__name__}")
        given = {}
        for key, value in data.items():
            field = fields.get(key)
            if field is None:
                raise Unreadable(f"{cls.__name__} has no field {key!r}")
            given[key] = field(value)
        try:
            return cls(**given)
        except TypeError:
            raise Unreadable(f"a field of {cls.__name__} is missing") from None
    return read
