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

from grail.lang import N_, _, ngettext

from .base import PATTERN_HELP, Placed, field_types
from .conditions import CONDITIONS
from .effects import EFFECTS
from .problems import Problem, commas, either, suggest

KEYED = {
    "unknown_effect": ("effect", EFFECTS),
    "unknown_condition": ("condition", CONDITIONS),
}
KEYED_SAID = {
    "effect": (
        N_("an empty mapping: expected an effect such as {example}"),
        N_("expected an effect (a mapping such as {example}), got {value}"),
        N_("one effect per list item: found {keys}; write each as its own item"),
        N_("unknown effect {names}{hint}; expected one of: {keys}"),
    ),
    "condition": (
        N_("an empty mapping: expected a condition such as {example}"),
        N_("expected a condition (a mapping such as {example}), got {value}"),
        N_("one condition per list item: found {keys}; write each as its own item"),
        N_("unknown condition {names}{hint}; expected one of: {keys}"),
    ),
}
"""What a mistaken effect or condition is told: an empty mapping, not a mapping, two keys
in one, an unknown key."""
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
    reached = walk(model, loc)[1]
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
        return _("a mapping")
    if isinstance(value, list):
        return _("a list")
    if isinstance(node, yaml.ScalarNode) and not isinstance(value, str):
        return str(node.value) or _("nothing")
    return repr(value) if isinstance(value, str) else str(value)


def _keyed_message(what: str, members: list[Any], value: Any, node: yaml.Node) -> str:
    keys = sorted(member.KEY for member in members)
    empty, not_mapping, several, unknown_key = KEYED_SAID[what]
    if isinstance(value, str) and value in keys:
        return _("'{key}' needs a value: write {example}").format(
            key=value, example=f"{{{value}: ...}}")
    example = f"{{{keys[0]}: ...}}"
    if value == {}:
        return _(empty).format(example=example)
    if not isinstance(value, dict):
        return _(not_mapping).format(example=example, value=_show(value, node))
    known = [k for k in value if k in keys]
    if len(known) > 1:
        return _(several).format(keys=commas([str(k) for k in known]))
    extras = {field.alias or name for member in members
              for name, field in member.model_fields.items()} - set(keys)
    unknown = [str(k) for k in value if k not in extras] or [str(k) for k in value]
    hint = suggest(unknown[0], keys) if unknown else ""
    return _(unknown_key).format(names=commas([f"'{k}'" for k in unknown]), hint=hint,
                                 keys=commas(keys))


def _message(error: ErrorDetails, node: yaml.Node, model: Any, real: tuple[Any, ...]) -> str:
    kind, value = error["type"], error.get("input")
    ctx = error.get("ctx") or {}
    if kind == "missing":
        return _("missing required field '{field}'").format(field=real[-1])
    if kind == "extra_forbidden":
        expected = fields_at(model, tuple(error["loc"][:-1]))
        hint = suggest(str(real[-1]), expected)
        if expected:
            return _("unknown field '{field}'{hint}; expected one of: {fields}").format(
                field=real[-1], hint=hint, fields=commas(expected))
        return _("unknown field '{field}'{hint}").format(field=real[-1], hint=hint)
    if kind in KEYED:
        return _keyed_message(KEYED[kind][0], KEYED[kind][1], value, node)
    if (kind == "string_type" and isinstance(value, bool) and isinstance(node, yaml.ScalarNode)
            and node.value.lower() in _YAML_BOOLEANS):
        return _("expected text, got {written} which YAML reads as {value}; write {quoted} in "
                 "quotes").format(written=node.value, value=str(value).lower(),
                                  quoted=f'"{node.value}"')
    if kind == "string_type" and isinstance(value, datetime.date) and isinstance(
            node, yaml.ScalarNode):
        return _("expected text, got {written} which YAML reads as a date; write {quoted} in "
                 "quotes").format(written=node.value, quoted=f'"{node.value}"')
    if kind == "string_type" and isinstance(value, int | float) and isinstance(
            node, yaml.ScalarNode):
        return _("expected text, got the number {written}; write {quoted} in quotes").format(
            written=node.value, quoted=f'"{node.value}"')
    if kind == "string_pattern_mismatch" and ctx.get("pattern") in PATTERN_HELP:
        helped = PATTERN_HELP[ctx["pattern"]]  # a message of the table, said in the language
        return _(helped).format(value=_show(value))
    if kind == "literal_error":
        choices = _choices(model, tuple(error["loc"]))
        hint = suggest(str(value), [str(c) for c in choices]) if isinstance(value, str) else ""
        return _("expected {choices}, got {value}{hint}").format(
            choices=_either(choices), value=_show(value, node), hint=hint)
    if kind in ("model_type", "model_attributes_type") and not isinstance(value, dict):
        fields = fields_at(model, tuple(error["loc"]))
        if fields:
            return _("expected a mapping such as {example} (its fields: {fields}), got "
                     "{value}").format(example=f"{{{fields[0]}: ...}}", fields=commas(fields),
                                       value=_show(value, node))
    if kind in ("int_type", "int_parsing") and isinstance(value, str) \
            and value.strip().lstrip("-").isdigit():
        return _("expected a whole number, got '{value}'; write {number} without "
                 "quotes").format(value=value, number=value.strip())
    if kind in SIMPLE:
        return _(SIMPLE[kind]).format(value=_show(value, node))
    if kind == "too_short":
        least, has = int(ctx.get("min_length") or 0), ctx.get("actual_length")
        if not has:
            return ngettext("needs at least {count} item, has none",
                            "needs at least {count} items, has none", least).format(count=least)
        return ngettext("needs at least {count} item, has {has}",
                        "needs at least {count} items, has {has}", least).format(
                            count=least, has=has)
    if kind == "string_too_short":
        least = int(ctx.get("min_length") or 0)
        return _("must not be empty") if least == 1 else ngettext(
            "needs at least {count} character, got {value}",
            "needs at least {count} characters, got {value}", least).format(
                count=least, value=_show(value))
    if kind == "string_too_long":
        most = int(ctx.get("max_length") or 0)
        return ngettext("takes at most {count} character", "takes at most {count} characters",
                        most).format(count=most)
    if kind == "too_long":
        most = int(ctx.get("max_length") or 0)
        return ngettext("takes at most {count} item, has {has}",
                        "takes at most {count} items, has {has}", most).format(
                            count=most, has=ctx.get("actual_length"))
    if kind in BOUNDS:
        bound = next(ctx[key] for key in ("gt", "ge", "lt", "le") if key in ctx)
        return _(BOUNDS[kind]).format(bound=bound, value=_show(value, node))
    if kind == "value_error" and isinstance(ctx.get("error"), Placed):
        return str(ctx["error"].message)
    # grail's own checks raise their messages in grail's words; pydantic's own are its
    message = error["msg"].removeprefix("Value error, ").removeprefix("Assertion failed, ")
    return message[0].lower() + message[1:] if message else kind


SIMPLE = {
    "int_type": N_("expected a whole number, got {value}"),
    "int_parsing": N_("expected a whole number, got {value}"),
    "string_type": N_("expected text, got {value}"),
    "bool_type": N_("expected true or false, got {value}"),
    "list_type": N_("expected a list, got {value}"),
    "dict_type": N_("expected a mapping, got {value}"),
    "model_type": N_("expected a mapping, got {value}"),
    "model_attributes_type": N_("expected a mapping, got {value}"),
}
"""A value of the wrong type, by pydantic's error type."""

BOUNDS = {"greater_than": N_("should be more than {bound}, got {value}"),
          "greater_than_equal": N_("should be at least {bound}, got {value}"),
          "less_than": N_("should be less than {bound}, got {value}"),
          "less_than_equal": N_("should be at most {bound}, got {value}")}
"""Numeric bounds, in grail's words (pydantic's change between releases)."""


def _choices(model: Any, loc: tuple[Any, ...]) -> list[Any]:
    """The values a ``Literal`` field at ``loc`` accepts, in their declared order."""
    reached = walk(model, loc)[1]
    for option in map(_strip, _members(reached) if reached is not None else []):
        if get_origin(option) is Literal:
            return list(get_args(option))
    return []


def _either(choices: list[Any]) -> str:
    """``'green', 'grey' or 'blue'``; ``true``; a value the author may write."""
    shown = [str(c).lower() if isinstance(c, bool) else repr(c) for c in choices]
    return either(shown) if shown else _("another value")


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
        real = walk(model, tuple(detail["loc"]))[0]
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
