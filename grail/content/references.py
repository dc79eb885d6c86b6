"""Finding every reference and definition inside content, through the types' markers.

A field typed ``SecretRef`` carries a :class:`~grail.content.base.Ref` marker; this module
walks any content model and yields each marked value with its path, so the cross-checker
needs no list of which fields refer to what.
"""

from __future__ import annotations

import types
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel

from .base import Def, Ref, field_types


@dataclass(frozen=True)
class Mention:
    """A reference to (or definition of) a name at ``loc`` below an entity, in ``owner``."""

    marker: Ref | Def
    value: Any
    loc: tuple[Any, ...]
    owner: BaseModel


def _marker(annotation: Any) -> Ref | Def | None:
    stack = [annotation]
    while stack:
        tp = stack.pop()
        origin = get_origin(tp)
        if origin is Annotated:
            args = get_args(tp)
            for meta in args[1:]:
                if isinstance(meta, Ref | Def):
                    return meta
            stack.append(args[0])
        elif origin in (list, dict, Union, types.UnionType):
            stack.extend(get_args(tp))
    return None


def _models_in(annotation: Any) -> set[type[BaseModel]]:
    """The model classes directly inside a field's annotation."""
    found: set[type[BaseModel]] = set()
    stack = [annotation]
    while stack:
        tp = stack.pop()
        if isinstance(tp, type) and issubclass(tp, BaseModel):
            found.add(tp)
        elif get_origin(tp) in (Annotated, list, dict, Union, types.UnionType):
            stack.extend(get_args(tp))
    return found


@cache
def held(model: type[BaseModel]) -> frozenset[type[BaseModel]]:
    """``model`` and every model class its fields can hold, however deep."""
    seen, stack = {model}, [model]
    while stack:
        for tp in field_types(stack.pop()).values():
            for inner in _models_in(tp) - seen:
                seen.add(inner)
                stack.append(inner)
    return frozenset(seen)


@cache
def _refers(model: type[BaseModel]) -> bool:
    """Whether any value inside ``model`` can name content (a fixed point over its models)."""
    universe = held(model)
    referring = {m for m in universe if any(_marker(tp) for tp in field_types(m).values())}
    changed = True
    while changed:
        changed = False
        for candidate in universe - referring:
            if any(_models_in(tp) & referring for tp in field_types(candidate).values()):
                referring.add(candidate)
                changed = True
    return model in referring


@cache
def _plan(model: type[BaseModel]) -> tuple[tuple[str, str, Ref | Def | None], ...]:
    """The fields of ``model`` that can name content: attribute, YAML key, marker if direct."""
    plan = []
    types_of = field_types(model)
    for name, field in model.model_fields.items():
        marker = _marker(types_of[name])
        if marker is not None or any(_refers(inner) for inner in _models_in(types_of[name])):
            plan.append((name, field.alias or name, marker))
    return tuple(plan)


def mentions(obj: BaseModel, loc: tuple[Any, ...] = ()) -> Iterator[Mention]:
    """Every marked value inside ``obj``, depth first, in field order."""
    for name, key, marker in _plan(type(obj)):
        value = getattr(obj, name)
        if value is None:
            continue
        here = (*loc, key)
        if marker is not None:
            if isinstance(value, list):
                for index, item in enumerate(value):
                    yield Mention(marker, item, (*here, index), obj)
            else:
                yield Mention(marker, value, here, obj)
        else:
            yield from _inside(value, here)


def _inside(value: Any, loc: tuple[Any, ...]) -> Iterator[Mention]:
    if isinstance(value, BaseModel):
        yield from mentions(value, loc)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            if isinstance(item, BaseModel | list | dict):
                yield from _inside(item, (*loc, index))
    elif isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, BaseModel | list | dict):
                yield from _inside(item, (*loc, key))
