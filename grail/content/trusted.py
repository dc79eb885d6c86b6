"""Content models built again, without validating, from the JSON grail's cache wrote.

A pack's content is validated once, when its YAML is checked; the cache then keeps it as
JSON (``cache.py``). Validating that JSON again on every start would need pydantic's
validators for every content model, and building those is most of a command's start
(``Model`` defers them until first used). The cache's JSON was written from validated
models, and its entry carries a hash of its text, so reading it back only has to put the
values where the models' own types say: a model for a mapping, a list for a list, the
member a union's discriminator picks. Anything else than what grail wrote — a key no
field has, a list where a model goes, a tag no member has — raises :class:`Unexpected`,
and the cache then checks the pack's files again.
"""

from __future__ import annotations

import copy
import types
import typing
from collections.abc import Callable, Hashable
from functools import cache, partial
from typing import Any, TypeVar

from pydantic import BaseModel, Discriminator, Tag
from pydantic.fields import FieldInfo

from .base import field_types, made

Build = Callable[[Any], Any]
M = TypeVar("M", bound=BaseModel)


class Unexpected(ValueError):
    """JSON that the cache could not have written for these models."""


def rebuild(model: type[M], data: Any) -> M:
    """The ``model`` whose JSON form (by alias, defaults left out) is ``data``."""
    built: M = _model(model)(data)
    return built


def _same(value: Any) -> Any:
    return value


def _build(hint: Any) -> Build:
    """How to build a value of the type ``hint`` from its JSON form."""
    origin = typing.get_origin(hint)
    if origin is typing.Annotated:
        inner, *metadata = typing.get_args(hint)
        picks = [m for m in metadata if isinstance(m, Discriminator)]
        return _tagged(inner, picks[0]) if picks else _build(inner)
    if origin is list:
        return _list(_build(typing.get_args(hint)[0]))
    if origin is dict:
        return _dict(_build(typing.get_args(hint)[1]))
    if origin is typing.Union or origin is types.UnionType:
        members = [m for m in typing.get_args(hint) if m is not type(None)]
        if len(members) == 1:
            return _optional(_build(members[0]))
        if any(_build(member) is not _same for member in members):
            raise TypeError(f"a union of models without a discriminator: {hint}")
        return _same  # one of several Literals
    if isinstance(hint, type) and issubclass(hint, BaseModel):
        return _model(hint)
    if origin is typing.Literal or hint in (int, str, bool):
        return _same  # JSON has it as it is
    raise TypeError(f"the cache cannot read back a {hint!r}: teach trusted.py its JSON form")


def _list(item: Build) -> Build:
    def build(data: Any) -> list[Any]:
        if not isinstance(data, list):
            raise Unexpected(f"a list expected, not {type(data).__name__}")
        return [item(value) for value in data]
    return build


def _dict(item: Build) -> Build:
    def build(data: Any) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise Unexpected(f"a mapping expected, not {type(data).__name__}")
        return {key: item(value) for key, value in data.items()}
    return build


def _optional(item: Build) -> Build:
    def build(data: Any) -> Any:
        return None if data is None else item(data)
    return build


@cache
def _tagged(union: Any, discriminator: Discriminator) -> Build:
    """A discriminated union: the discriminator reads the JSON and names the member. Made
    once for each union (the effects' and the conditions' are the fields of dozens of
    models: building theirs again for each was a third of a start's reading back)."""
    members: dict[Hashable, Build] = {}
    for member in typing.get_args(union):
        inner, *metadata = typing.get_args(member)
        tag = next(m.tag for m in metadata if isinstance(m, Tag))
        members[tag] = _build(inner)
    pick = discriminator.discriminator
    if not callable(pick):
        raise TypeError("only callable discriminators are read back")

    def build(data: Any) -> Any:
        member = members.get(pick(data))
        if member is None:
            raise Unexpected("a union member that no tag names")
        return member(data)
    return build


@cache
def _model(model: type[BaseModel]) -> Build:
    """Build ``model`` from its JSON mapping, as ``model_construct`` would with every field
    given (the equality with validated content is tested on every bundled model)."""
    plan: list[Plan] = []
    fields_sets: dict[int, set[str]] = {}  # by the bits of the fields given

    def build(data: Any) -> BaseModel:
        if not plan:
            plan.append(_plan(model))  # not before: a model can hold itself
        fields = plan[0]
        if not isinstance(data, dict):
            raise Unexpected(f"a mapping expected for {model.__name__}")
        values, bits = {}, 0
        for key, name, field, required, maker, default, bit in fields:  # in the fields' order,
            if key in data:  # as pydantic keeps them (and writes them: a digest hashes JSON)
                value = data[key]
                values[name] = value if field is None else field(value)
                bits |= bit
            elif maker is not None:
                values[name] = maker()
            elif required:
                raise Unexpected(f"a required field of {model.__name__} missing")
            else:
                values[name] = default
        if bits.bit_count() != len(data):
            raise Unexpected(f"a key that {model.__name__} has no field for")
        given = fields_sets.get(bits)
        if given is None:
            given = fields_sets[bits] = {field[1] for field in fields if bits & field[6]}
        return made(model, values, given)
    return build


Plan = list[tuple[str, str, Build | None, bool, Callable[[], Any] | None, Any, int]]


def _plan(model: type[BaseModel]) -> Plan:
    """Each field in order: its JSON key, its name, how to build it (None: as JSON has it),
    whether it is required, its default: made afresh by a function for each model (a
    new list for each), else one value (None, a number, a text, an immutable model); and its
    bit among the fields given.

    The models built alike share the set of the fields given (``model_fields_set``): one set
    for each model was more memory than the models' fields (140 MB of a pack 16 times the
    bundled one's size), which a frozen model never changes."""
    if model.__pydantic_post_init__ or model.__private_attributes__ or model.__pydantic_root_model__:
        raise TypeError(f"{model.__name__}: a model with more than fields")
    if not model.model_config.get("frozen"):
        raise TypeError(f"{model.__name__}: a model that may change its fields set")
    types_of = _types(model)
    plan: Plan = []
    for bit, (name, field) in enumerate(model.__pydantic_fields__.items()):
        build = _build(types_of[name])
        plan.append((field.alias or name, name, None if build is _same else build,
                     field.is_required(), _maker(field), field.default, 1 << bit))
    return plan


def _types(model: type[BaseModel]) -> dict[str, Any]:
    """Each field's type, as :func:`.base.field_types` gives it where it matters here (a
    union's discriminator): taken from pydantic's fields, which resolved them when it made
    the model, rather than evaluated again from the module's text (a third of the time of
    reading a campaign back), unless pydantic could not resolve them all then."""
    fields = model.model_fields
    if not getattr(model, "__pydantic_fields_complete__", False) \
            or any(field.discriminator is not None for field in fields.values()):
        return field_types(model)
    found = {}
    for name, field in fields.items():
        picks = [marker for marker in field.metadata if isinstance(marker, Discriminator)]
        found[name] = typing.Annotated[(field.annotation, *picks)] if picks else field.annotation
    return found


def _maker(field: FieldInfo) -> Callable[[], Any] | None:
    """What makes a field's default afresh for each model, or None when one value will do."""
    factory = field.default_factory
    if isinstance(factory, type) and issubclass(factory, BaseModel):
        return partial(_model(factory), {})  # a model of its defaults, not validated either
    if factory is not None:
        return factory  # type: ignore[return-value]
    if isinstance(field.default, list | dict):
        return partial(copy.deepcopy, field.default)
    return None
