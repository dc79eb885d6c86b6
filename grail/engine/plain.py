"""Plain values: the state, actions and events the engine makes and changes on every step.

They are slotted dataclasses, built and changed at the speed of plain Python: nothing is
checked on construction or assignment, since the engine makes them right. They are made by
:func:`value` (frozen: actions, events) and :func:`part` (changed in place: the state's
parts), which share their comparing, hashing and words among every class and write only each
class's ``__init__``: a command imports a hundred of them, and the standard decorator wrote
and compiled five or six methods for each (half the engine's import). Pydantic meets
them only where data crosses a boundary (a save written, the CLI's JSON, a state set up
from JSON), through one ``TypeAdapter`` per class, which reads and writes the same JSON
forms as before and refuses unknown fields; what grail wrote itself, a save's log and
snapshots, is read back by ``reading.py`` without it. The boundary methods keep
pydantic's names, so saves, tools and tests read any value alike.

>>> @part
... class Marker(Plain):
...     spot: int
...     '''Where it stands.'''
>>> Marker.model_validate_json('{"spot": 3}').model_dump_json()
'{"spot":3}'
"""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Callable
from operator import attrgetter
from typing import (
    TYPE_CHECKING,
    Any,
    ClassVar,
    Literal,
    Self,
    TypeVar,
    cast,
    dataclass_transform,
)

from pydantic import ConfigDict, TypeAdapter


class Plain:
    """Base of the engine's values: the boundary's reading and writing, by class."""

    __slots__ = ()
    __pydantic_config__ = ConfigDict(extra="forbid")
    if TYPE_CHECKING:  # set by value() and part(), kept out of the class's type hints
        _names: ClassVar[tuple[str, ...]]
        """The fields, in their declared order."""
        _compared: ClassVar[Callable[[Any], Any]]
        """The fields' values together, which equal values share."""

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        compared = type(self)._compared
        return bool(compared(self) == compared(other))

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._names)
        return f"{self.__class__.__qualname__}({fields})"

    @classmethod
    def model_validate(cls, data: Any) -> Self:
        """The value a JSON-like form gives, checked field by field."""
        return adapter(cls).validate_python(data)  # type: ignore[no-any-return]

    @classmethod
    def model_validate_json(cls, text: str | bytes) -> Self:
        """The value a JSON text gives, checked field by field."""
        return adapter(cls).validate_json(text)  # type: ignore[no-any-return]

    def model_dump(self, *, mode: Literal["python", "json"] = "python",
                   include: set[str] | None = None,
                   exclude: set[str] | None = None) -> dict[str, Any]:
        """The value as dicts and lists (``mode="json"``: only JSON's types), with only the
        fields in ``include``, or without those in ``exclude``."""
        return adapter(type(self)).dump_python(  # type: ignore[no-any-return]
            self, mode=mode, include=include, exclude=exclude)

    def to_json(self) -> str:
        """The value's JSON form, byte for byte as ``model_dump_json`` writes it (tested
        over whole games), without building pydantic's writer for its class (1-2 ms each:
        a command writes an action and a few events, each of its own class)."""
        return json.dumps(_json_form(self), ensure_ascii=False, separators=(",", ":"))

    def model_dump_json(self, *, indent: int | None = None) -> str:
        """The value's JSON form, fields in their declared order."""
        return adapter(type(self)).dump_json(self, indent=indent).decode()

    def model_copy(self, *, update: dict[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy, deep or sharing its parts, with some fields changed."""
        source = copy.deepcopy(self) if deep else self
        return dataclasses.replace(source, **(update or {}))  # type: ignore[type-var]


def _json_form(value: Any) -> Any:
    """``value`` as JSON data: a value's fields in order, a tuple as a list."""
    if isinstance(value, Plain):
        return {name: _json_form(getattr(value, name)) for name in value._names}
    if isinstance(value, list | tuple):
        return [_json_form(item) for item in value]
    if isinstance(value, dict):
        return {key: _json_form(item) for key, item in value.items()}
    return value


_ADAPTERS: dict[Any, TypeAdapter[Any]] = {}


def adapter(kind: Any) -> TypeAdapter[Any]:
    """The one TypeAdapter that reads and writes a kind of value (a class, or a form such as
    the union of every action), made when first needed: a command pays only for those it
    uses."""
    found = _ADAPTERS.get(kind)
    if found is None:
        found = _ADAPTERS[kind] = TypeAdapter(kind)
    return found


V = TypeVar("V", bound=Plain)


@dataclass_transform(kw_only_default=True, frozen_default=True,
                     field_specifiers=(dataclasses.field,))
def value(cls: type[V]) -> type[V]:
    """``cls`` as a frozen slotted dataclass of keyword fields, equal and hashed by its
    fields' values (as ``@dataclass(slots=True, kw_only=True, frozen=True)`` makes it).

    >>> @value
    ... class Mark(Plain):
    ...     spot: int
    >>> Mark(spot=3) == Mark(spot=3), hash(Mark(spot=3)) == hash(Mark(spot=3))
    (True, True)
    >>> Mark(spot=3).spot = 4
    Traceback (most recent call last):
    dataclasses.FrozenInstanceError: cannot assign to field 'spot'
    """
    return _dataclass(cls, frozen=True, methods={
        "__hash__": _hash, "__setattr__": _refuse_setting, "__delattr__": _refuse_deleting,
        "__getstate__": _state, "__setstate__": _set_state})  # pickled and copied whole


@dataclass_transform(kw_only_default=True, field_specifiers=(dataclasses.field,))
def part(cls: type[V]) -> type[V]:
    """``cls`` as a slotted dataclass of keyword fields, changed in place and equal by its
    fields' values (as ``@dataclass(slots=True, kw_only=True)`` makes it)."""
    return _dataclass(cls, frozen=False, methods={"__hash__": None})  # it changes: no hash


def _dataclass(cls: type[V], frozen: bool, methods: dict[str, Any]) -> type[V]:
    made = dataclasses.dataclass(cls, slots=True, kw_only=True, init=False, repr=False,
                                 eq=False)
    fields = dataclasses.fields(cast(Any, made))
    for field in fields:  # the same values, from factories pydantic reads quickly
        quick = _QUICK_FACTORIES.get(field.default_factory)
        if quick is not None:
            field.default_factory = quick
    made._names = tuple(field.name for field in fields)
    made._compared = attrgetter(*made._names) if made._names else _nothing_compared
    methods["__init__"] = _init(made, fields, frozen)
    for name, method in methods.items():
        setattr(made, name, method)
    return made


def _init(cls: type, fields: tuple[dataclasses.Field[Any], ...],
          frozen: bool) -> Callable[..., None]:
    """The class's ``__init__``, written and compiled as the standard decorator's is: each
    field a keyword, its default or a call of its factory when not given, set in place
    (through ``object.__setattr__`` when the class is frozen)."""
    space: dict[str, Any] = {"_set": object.__setattr__, "_unset": _UNSET}
    parameters, lines = [], []
    for field in fields:
        name = field.name
        given = name
        if field.default is not dataclasses.MISSING:
            space[f"_default_{name}"] = field.default
            parameters.append(f"{name}=_default_{name}")
        elif field.default_factory is not dataclasses.MISSING:
            space[f"_factory_{name}"] = field.default_factory
            parameters.append(f"{name}=_unset")
            given = f"_factory_{name}() if {name} is _unset else {name}"
        else:
            parameters.append(name)
        lines.append(f"_set(self, {name!r}, {given})" if frozen else f"self.{name} = {given}")
    if hasattr(cls, "__post_init__"):
        lines.append("self.__post_init__()")
    source = (f"def __init__(self{', *, ' if parameters else ''}{', '.join(parameters)}) "
              f"-> None:\n    " + "\n    ".join(lines or ["pass"]) + "\n")
    exec(compile(source, f"<{cls.__qualname__}.__init__>", "exec"), space)
    made: Callable[..., None] = space["__init__"]
    made.__qualname__ = f"{cls.__qualname__}.__init__"
    return made


_UNSET = object()
"""A field with a factory, not given."""


def _new_list() -> list[Any]:
    return []


def _new_dict() -> dict[Any, Any]:
    return {}


_QUICK_FACTORIES: dict[Any, Callable[[], Any]] = {list: _new_list, dict: _new_dict}
"""Python functions for the builtin factories of fields' defaults: pydantic reads each
factory's signature when it builds a reader, and a builtin's is parsed from its text every
time (half of building the reader of the state, which holds some fifty of them)."""


def _nothing_compared(_: Any) -> tuple[()]:
    return ()


def _hash(self: Plain) -> int:
    return hash((self.__class__, type(self)._compared(self)))


def _refuse_setting(self: Plain, name: str, _: Any) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")


def _refuse_deleting(self: Plain, name: str) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")


def _state(self: Plain) -> list[Any]:
    return [getattr(self, name) for name in self._names]


def _set_state(self: Plain, state: list[Any]) -> None:
    for name, field in zip(self._names, state, strict=True):
        object.__setattr__(self, name, field)
