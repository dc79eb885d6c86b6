"""Plain values: the state, actions and events the engine makes and changes on every step.

They are slotted dataclasses, built and changed at the speed of plain Python: nothing is
checked on construction or assignment, since the engine makes them right. Pydantic meets
them only where data crosses a boundary (a save read or written, the CLI's JSON, a state
set up from JSON), through one ``TypeAdapter`` per class, which reads and writes the same
JSON forms as before and refuses unknown fields. The boundary methods keep pydantic's
names, so saves, tools and tests read any value alike.

>>> from dataclasses import dataclass
>>> @dataclass(slots=True, kw_only=True)
... class Marker(Plain):
...     spot: int
...     '''Where it stands.'''
>>> Marker.model_validate_json('{"spot": 3}').model_dump_json()
'{"spot":3}'
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any, Literal, Self

from pydantic import ConfigDict, TypeAdapter


class Plain:
    """Base of the engine's values: the boundary's reading and writing, by class."""

    __slots__ = ()
    __pydantic_config__ = ConfigDict(extra="forbid")

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

    def model_dump_json(self, *, indent: int | None = None) -> str:
        """The value's JSON form, fields in their declared order."""
        return adapter(type(self)).dump_json(self, indent=indent).decode()

    def model_copy(self, *, update: dict[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy, deep or sharing its parts, with some fields changed."""
        source = copy.deepcopy(self) if deep else self
        return dataclasses.replace(source, **(update or {}))  # type: ignore[type-var]


_ADAPTERS: dict[Any, TypeAdapter[Any]] = {}


def adapter(kind: Any) -> TypeAdapter[Any]:
    """The one TypeAdapter that reads and writes a kind of value (a class, or a form such as
    the union of every action), made when first needed: a command pays only for those it
    uses."""
    found = _ADAPTERS.get(kind)
    if found is None:
        found = _ADAPTERS[kind] = TypeAdapter(kind)
    return found
