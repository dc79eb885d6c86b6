"""Turning pydantic's validation errors into problems at a file's line and column.

Each error's ``loc`` is followed down the YAML node tree; parts that are not in the tree
(the tags pydantic inserts for discriminated unions) are skipped. The message says what
is wrong and what was expected, with a "did you mean" for misspelt names.
"""

from __future__ import annotations

import difflib
import types
from typing import Annotated, Any, Union, get_args, get_origin

import yaml
from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from .conditions import CONDITIONS
from .effects import EFFECTS
from .problems import Problem

KEYED = {
    "unknown_effect": ("effect", sorted(model.KEY for model in EFFECTS)),
    "unknown_condition": ("condition", sorted(model.KEY for model in CONDITIONS)),
}
_YAML_BOOLEANS = {"yes", "no", "on", "off", "true", "false", "y", "n"}


def node_at(root: yaml.Node, loc: tuple[Any, ...]) -> tuple[yaml.Node, yaml.Node | None, list[Any]]:
    """Follow ``loc`` down the tree: the node reached, its key node, and the parts used."""
    node, key_node, used = root, None, []
    for part in loc:
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if isinstance(key, yaml.ScalarNode) and key.value == str(part):
                    node, key_node = value, key
                    used.append(part)
                    break
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int):
            if 0 <= part < len(node.value):
                node, key_node = node.value[part], None
                used.append(part)
    return node, key_node, used


def _strip(tp: Any) -> Any:
    while get_origin(tp) is Annotated:
        tp = get_args(tp)[0]
    return tp


def _members(tp: Any) -> list[Any]:
    tp = _strip(tp)
    if get_origin(tp) in (Union, types.UnionType):
        return [arg for arg in get_args(tp) if arg is not type(None)]
    return [tp]


def _tag_of(member: Any) -> str | None:
    if get_origin(member) is Annotated:
        for meta in get_args(member)[1:]:
            if type(meta).__name__ == "Tag":
                return str(meta.tag)
    return None


def fields_at(model: Any, loc: tuple[Any, ...]) -> list[str] | None:
    """The field names accepted by the model found at ``loc`` below ``model``, if any."""
    current: Any = model
    for part in loc:
        options = _members(current)
        tagged = {_tag_of(m): m for m in _members(current) if _tag_of(m) is not None}
        if part in tagged:
            current = tagged[part]
            continue
        target = None
        for option in options:
            option = _strip(option)
            origin = get_origin(option)
            if isinstance(option, type) and issubclass(option, BaseModel):
                for name, field in option.model_fields.items():
                    if part in (name, field.alias):
                        target = field.annotation
            elif origin is list and isinstance(part, int):
                target = get_args(option)[0]
            elif origin is dict:
                target = get_args(option)[1]
            if target is not None:
                break
        if target is None:
            return None
        current = target
    for option in _members(current):
        option = _strip(option)
        if isinstance(option, type) and issubclass(option, BaseModel):
            return [field.alias or name for name, field in option.model_fields.items()]
    return None


def _suggest(word: str, choices: list[str]) -> str:
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def dotted(parts: list[Any]) -> str:
    text = ""
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def _show(value: Any) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return repr(value) if isinstance(value, str) else str(value)


def _message(error: ErrorDetails, node: yaml.Node, model: Any) -> str:
    kind, loc, value = error["type"], error["loc"], error.get("input")
    if kind == "missing":
        return f"missing required field '{loc[-1]}'"
    if kind == "extra_forbidden":
        expected = fields_at(model, loc[:-1]) or []
        hint = _suggest(str(loc[-1]), expected)
        listed = f"; expected one of: {', '.join(expected)}" if expected else ""
        return f"unknown field '{loc[-1]}'{hint}{listed}"
    if kind in KEYED:
        what, keys = KEYED[kind]
        if not isinstance(value, dict):
            return f"expected {what} (a mapping such as {{{keys[0]}: ...}}), got {_show(value)}"
        known = [k for k in value if k in keys]
        if len(known) > 1:
            return (f"one {what} per list item: found {', '.join(map(str, known))}; "
                    "write each as its own item")
        unknown = ", ".join(f"'{k}'" for k in value)
        hint = _suggest(str(next(iter(value), "")), keys)
        return f"unknown {what} {unknown}{hint}; expected one of: {', '.join(keys)}"
    if kind == "string_type" and isinstance(value, bool) and isinstance(node, yaml.ScalarNode):
        if node.value.lower() in _YAML_BOOLEANS:
            return (f"expected text, got {node.value} which YAML reads as {str(value).lower()}; "
                    f"write \"{node.value}\" in quotes")
    if kind == "literal_error":
        expected_text = error["msg"].removeprefix("Input should be ")
        choices = [c.strip(" '") for c in expected_text.replace(" or ", ", ").split(",")]
        hint = _suggest(str(value), choices) if isinstance(value, str) else ""
        return f"expected {expected_text}, got {_show(value)}{hint}"
    if kind in ("int_type", "int_parsing"):
        return f"expected a whole number, got {_show(value)}"
    if kind == "string_type":
        return f"expected text, got {_show(value)}"
    if kind == "bool_type":
        return f"expected true or false, got {_show(value)}"
    if kind in ("list_type", "dict_type", "model_type", "model_attributes_type"):
        wanted = "a list" if kind == "list_type" else "a mapping"
        return f"expected {wanted}, got {_show(value)}"
    if kind == "too_short":
        ctx = error.get("ctx", {})
        return (f"needs at least {ctx.get('min_length')} item(s), has "
                f"{ctx.get('actual_length')}")
    message = error["msg"]
    for prefix in ("Value error, ", "Assertion failed, "):
        message = message.removeprefix(prefix)
    if kind.startswith(("greater_than", "less_than", "too_long", "string_")):
        message = message.replace("Input should", "should").replace("Input", "value")
        return f"{message}, got {_show(value)}"
    return message[0].lower() + message[1:] if message else kind


def problems_from(
    error: ValidationError, root: yaml.Node, file: str, model: Any, prefix: tuple[Any, ...] = ()
) -> list[Problem]:
    """Map every error of a validation to a :class:`Problem` in ``file``."""
    found = []
    for detail in error.errors(include_url=False):
        loc = tuple(prefix) + tuple(detail["loc"])
        node, key_node, used = node_at(root, loc)
        if detail["type"] == "extra_forbidden" and key_node is not None:
            mark = key_node.start_mark
        else:
            mark = node.start_mark
        if detail["type"] == "extra_forbidden" and used and used[-1] == loc[-1]:
            used = used[:-1]  # the message names the unknown field itself
        where = dotted(used)
        text = _message(detail, node, model)
        found.append(Problem(file, mark.line + 1, mark.column + 1,
                             f"{where}: {text}" if where else text))
    return found


