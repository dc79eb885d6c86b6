"""Turning pydantic's validation errors into problems at a file's line and column.

An error's ``loc`` is walked alongside the model's types: where the type is a tagged union,
the part is the tag pydantic inserted and is dropped; the rest is followed down the YAML
node tree. A check that names a deeper place (:class:`~grail.content.base.Placed`) extends
the path. The message says what is wrong and what was expected, with a "did you mean".
"""

from __future__ import annotations

import datetime
import difflib
import types
from typing import Annotated, Any, Literal, Union, get_args, get_origin

import yaml
from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from .base import PATTERN_HELP, Placed, field_types
from .conditions import CONDITIONS
from .effects import EFFECTS
from .problems import Problem, suggest

KEYED = {
    "unknown_effect": ("effect", EFFECTS),
    "unknown_condition": ("condition", CONDITIONS),
}
_YAML_BOOLEANS = {"yes", "no", "on", "off", "true", "false", "y", "n"}
KEY_PART = "[key]"
"""pydantic's loc part for an error in a mapping key rather than its value."""


def node_at(root: yaml.Node, loc: tuple[Any, ...]) -> tuple[yaml.Node, yaml.Node | None, list[Any]]:
    """Follow ``loc`` down the tree: the node reached, its key node, and the parts used."""
    node, key_node, used = root, None, []
    for part in loc:
        if part == KEY_PART and key_node is not None:
            node = key_node
        elif isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if isinstance(key, yaml.ScalarNode) and key.value == str(part):
                    node, key_node = value, key
                    used.append(part)
                    break
        elif (isinstance(node, yaml.SequenceNode) and isinstance(part, int)
              and 0 <= part < len(node.value)):
            node, key_node = node.value[part], None
            used.append(part)
    return node, key_node, used


def shown_mark(node: yaml.Node, key_node: yaml.Node | None) -> Any:
    """Where to point for a value: at its key when it is a mapping or a list, else at it."""
    if key_node is not None and isinstance(node, yaml.MappingNode | yaml.SequenceNode):
        return key_node.start_mark
    return node.start_mark


def _strip(tp: Any) -> Any:
    while get_origin(tp) is Annotated:
        tp = get_args(tp)[0]
    return tp


def _members(tp: Any) -> list[Any]:
    tp = _strip(tp)
    if get_origin(tp) in (Union, types.UnionType):
        return [arg for arg in get_args(tp) if arg is not type(None)]
    return [tp]


def _tags(tp: Any) -> dict[str, Any]:
    found = {}
    for member in _members(tp):
        if get_origin(member) is Annotated:
            for meta in get_args(member)[1:]:
                if type(meta).__name__ == "Tag":
                    found[str(meta.tag)] = _strip(member)
    return found


def _step(tp: Any, part: Any) -> Any:
    """The type found one ``part`` below ``tp``, or None."""
    for option in map(_strip, _members(tp)):
        origin = get_origin(option)
        if isinstance(option, type) and issubclass(option, BaseModel):
            for name, field in option.model_fields.items():
                if part in (name, field.alias):
                    return field_types(option)[name]
        elif origin is list and isinstance(part, int):
            return get_args(option)[0]
        elif origin is dict:
            return get_args(option)[0 if part == KEY_PART else 1]
    return None


def walk(model: Any, loc: tuple[Any, ...]) -> tuple[tuple[Any, ...], Any]:
    """``loc`` without union tags, and the type it reaches (None when lost)."""
    current, real = model, []
    for part in loc:
        if current is None:
            real.append(part)
            continue
        tags = _tags(current)
        if tags and part in tags:
            current = tags[part]
            continue
        real.append(part)
        current = _step(current, part)
    return tuple(real), current


def fields_at(model: Any, loc: tuple[Any, ...]) -> list[str]:
    """The field names accepted where ``loc`` leads below ``model`` (empty when unknown)."""
    _, reached = walk(model, loc)
    for option in map(_strip, _members(reached) if reached is not None else []):
        if isinstance(option, type) and issubclass(option, BaseModel):
            return [field.alias or name for name, field in option.model_fields.items()]
    return []


def dotted(parts: list[Any]) -> str:
    """``entries["104.3"].effects[0]``: a path as an author reads it."""
    text = ""
    for part in parts:
        if isinstance(part, int):
            text += f"[{part}]"
        elif "." in str(part):
            text += f'["{part}"]'
        else:
            text += f".{part}" if text else str(part)
    return text


def _show(value: Any, node: yaml.Node | None = None) -> str:
    """A value as the author wrote it (``yes``, not ``True``)."""
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(node, yaml.ScalarNode) and not isinstance(value, str):
        return str(node.value) or "nothing"
    return repr(value) if isinstance(value, str) else str(value)


def _keyed_message(what: str, members: list[Any], value: Any, node: yaml.Node) -> str:
    keys = sorted(member.KEY for member in members)
    a_what = f"{'an' if what[0] in 'aeiou' else 'a'} {what}"
    if isinstance(value, str) and value in keys:
        return f"'{value}' needs a value: write {{{value}: ...}}"
    if value == {}:
        return f"an empty mapping: expected {a_what} such as {{{keys[0]}: ...}}"
    if not isinstance(value, dict):
        return (f"expected {a_what} (a mapping such as {{{keys[0]}: ...}}), "
                f"got {_show(value, node)}")
    known = [k for k in value if k in keys]
    if len(known) > 1:
        return (f"one {what} per list item: found {', '.join(map(str, known))}; "
                "write each as its own item")
    extras = {field.alias or name for member in members
              for name, field in member.model_fields.items()} - set(keys)
    unknown = [str(k) for k in value if k not in extras] or [str(k) for k in value]
    hint = suggest(unknown[0], keys) if unknown else ""
    listed = ", ".join(f"'{k}'" for k in unknown)
    return f"unknown {what} {listed}{hint}; expected one of: {', '.join(keys)}"


def _message(error: ErrorDetails, node: yaml.Node, model: Any, real: tuple[Any, ...]) -> str:
    kind, value = error["type"], error.get("input")
    ctx = error.get("ctx") or {}
    if kind == "missing":
        return f"missing required field '{real[-1]}'"
    if kind == "extra_forbidden":
        expected = fields_at(model, tuple(error["loc"][:-1]))
        listed = f"; expected one of: {', '.join(expected)}" if expected else ""
        return f"unknown field '{real[-1]}'{suggest(str(real[-1]), expected)}{listed}"
    if kind in KEYED:
        return _keyed_message(KEYED[kind][0], KEYED[kind][1], value, node)
    if (kind == "string_type" and isinstance(value, bool) and isinstance(node, yaml.ScalarNode)
            and node.value.lower() in _YAML_BOOLEANS):
        return (f"expected text, got {node.value} which YAML reads as {str(value).lower()}; "
                f"write \"{node.value}\" in quotes")
    if kind == "string_type" and isinstance(value, datetime.date) and isinstance(
            node, yaml.ScalarNode):
        return f"expected text, got {node.value} which YAML reads as a date; write " \
            f"\"{node.value}\" in quotes"
    if kind == "string_type" and isinstance(value, int | float) and isinstance(
            node, yaml.ScalarNode):
        return f"expected text, got the number {node.value}; write \"{node.value}\" in quotes"
    if kind == "string_pattern_mismatch" and ctx.get("pattern") in PATTERN_HELP:
        return f"{PATTERN_HELP[ctx['pattern']]}; got {_show(value)}"
    if kind == "literal_error":
        choices = _choices(model, tuple(error["loc"]))
        hint = suggest(str(value), [str(c) for c in choices]) if isinstance(value, str) else ""
        return f"expected {_either(choices)}, got {_show(value, node)}{hint}"
    if kind in ("model_type", "model_attributes_type") and not isinstance(value, dict):
        fields = fields_at(model, tuple(error["loc"]))
        if fields:
            return (f"expected a mapping such as {{{fields[0]}: ...}} (its fields: "
                    f"{', '.join(fields)}), got {_show(value, node)}")
    if kind in ("int_type", "int_parsing") and isinstance(value, str) \
            and value.strip().lstrip("-").isdigit():
        return f"expected a whole number, got '{value}'; write {value.strip()} without quotes"
    simple = {
        "int_type": "a whole number", "int_parsing": "a whole number", "string_type": "text",
        "bool_type": "true or false", "list_type": "a list", "dict_type": "a mapping",
        "model_type": "a mapping", "model_attributes_type": "a mapping",
    }
    if kind in simple:
        return f"expected {simple[kind]}, got {_show(value, node)}"
    if kind == "too_short":
        least, has = ctx.get("min_length"), ctx.get("actual_length")
        return f"needs at least {least} item{'s' * (least != 1)}, has " \
            f"{has or 'none'}"
    if kind == "string_too_short":
        return "must not be empty" if ctx.get("min_length") == 1 else \
            f"needs at least {ctx.get('min_length')} characters, got {_show(value)}"
    if kind == "string_too_long":
        return f"takes at most {ctx.get('max_length')} characters"
    if kind == "too_long":
        most = ctx.get("max_length")
        return f"takes at most {most} item{'s' * (most != 1)}, has {ctx.get('actual_length')}"
    if kind in BOUNDS:
        bound = next(ctx[key] for key in ("gt", "ge", "lt", "le") if key in ctx)
        return f"should be {BOUNDS[kind]} {bound}, got {_show(value, node)}"
    if kind == "value_error" and isinstance(ctx.get("error"), Placed):
        return str(ctx["error"].message)
    message = error["msg"].removeprefix("Value error, ").removeprefix("Assertion failed, ")
    return message[0].lower() + message[1:] if message else kind


BOUNDS = {"greater_than": "more than", "greater_than_equal": "at least",
          "less_than": "less than", "less_than_equal": "at most"}
"""Numeric bounds, in grail's words (pydantic's change between releases)."""


def _choices(model: Any, loc: tuple[Any, ...]) -> list[Any]:
    """The values a ``Literal`` field at ``loc`` accepts, in their declared order."""
    _, reached = walk(model, loc)
    for option in map(_strip, _members(reached) if reached is not None else []):
        if get_origin(option) is Literal:
            return list(get_args(option))
    return []


def _either(choices: list[Any]) -> str:
    """``'green', 'grey' or 'blue'``; ``true``; a value the author may write."""
    shown = [str(c).lower() if isinstance(c, bool) else repr(c) for c in choices]
    if not shown:
        return "another value"
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} or {shown[-1]}"


def problems_from(error: ValidationError, root: yaml.Node, file: str, model: Any) -> list[Problem]:
    """Map every error of a validation to a :class:`Problem` in ``file``."""
    found = []
    details = error.errors(include_url=False)
    misspelt = {(tuple(d["loc"][:-1]), close) for d in details if d["type"] == "extra_forbidden"
                for close in difflib.get_close_matches(
                    str(d["loc"][-1]), fields_at(model, tuple(d["loc"][:-1])), n=1, cutoff=0.6)}
    for detail in details:
        if detail["type"] == "missing" and (tuple(detail["loc"][:-1]), detail["loc"][-1]) in misspelt:
            continue  # the misspelt field's "did you mean" says it already
        real, _ = walk(model, tuple(detail["loc"]))
        placed = (detail.get("ctx") or {}).get("error")
        if isinstance(placed, Placed):
            real += placed.path
        node, key_node, used = node_at(root, real)
        point_at_key = detail["type"] == "extra_forbidden" and key_node is not None
        mark = key_node.start_mark if point_at_key and key_node else shown_mark(node, key_node)
        if point_at_key and used and used[-1] == real[-1]:
            used = used[:-1]  # the message names the unknown field itself
        where = dotted(used)
        text = _message(detail, node, model, real)
        found.append(Problem(file, mark.line + 1, mark.column + 1,
                             f"{where}: {text}" if where else text))
    return found
