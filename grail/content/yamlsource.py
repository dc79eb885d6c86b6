"""Reading one YAML file safely, keeping the node tree so errors can name lines.

PyYAML's C safe loader composes the node tree (every node keeps its start mark), then a
small builder turns it into plain data. Refused, each with a message at the right line:
files over the size cap, text that is not UTF-8, anchors and aliases (alias bombs), deep
nesting (the C composer would overflow its stack), tags, merge keys, duplicate keys, and
YAML syntax errors (tabs get their own message).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import yaml

from grail.lang import _, ngettext, number

from .folder import MAX_FILE_BYTES

_Base: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

MAX_DEPTH = 100
"""Deeper nesting is refused: PyYAML's C composer overflows the C stack on very deep input,
and building data recurses once per level; no content needs more than a few dozen."""

_STR = "tag:yaml.org,2002:str"
_MAP = "tag:yaml.org,2002:map"
_SEQ = "tag:yaml.org,2002:seq"
_INT = "tag:yaml.org,2002:int"
_SCALARS = {f"tag:yaml.org,2002:{name}"
            for name in ("str", "int", "float", "bool", "null", "timestamp")}


class SourceError(Exception):
    """A file that cannot be read as YAML data; line and col are 1-based."""

    def __init__(self, line: int, col: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.col = col
        self.message = message


@dataclass(frozen=True)
class Document:
    """A parsed file: its node tree (for locating errors) and its plain data."""

    root: yaml.Node
    data: Any


_RESOLVER: Any = yaml.resolver.Resolver()


@lru_cache(maxsize=1 << 16)
def _resolve_scalar(value: str, implicit: tuple[bool, bool]) -> str:
    return str(_RESOLVER.resolve(yaml.ScalarNode, value, implicit))


class _Composer(_Base):  # type: ignore[misc]
    """The C composer, resolving implicit scalar tags through a memo (same results)."""

    def resolve(self, kind: Any, value: Any, implicit: Any) -> str:
        if kind is yaml.ScalarNode:
            return _resolve_scalar(value, implicit)
        return str(super().resolve(kind, value, implicit))


def _at(node: yaml.Node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


def _shown(value: str) -> str:
    return value if len(value) <= 40 else f"{value[:20]}...{value[-10:]}"


class _Builder:
    """Plain data from a node tree: safe scalars only; no tags, duplicate or merge keys."""

    def __init__(self) -> None:
        self._scalars = yaml.constructor.SafeConstructor()

    def build(self, node: yaml.Node, depth: int = 0) -> Any:
        tag = node.tag
        if tag == _STR:
            return node.value
        if depth > MAX_DEPTH:
            raise SourceError(*_at(node), _too_deep_message())
        if tag == _MAP and isinstance(node, yaml.MappingNode):
            return self._mapping(node, depth + 1)
        if tag == _SEQ:
            return [self.build(item, depth + 1) for item in node.value]
        if tag == _INT and isinstance(node, yaml.ScalarNode) and node.value.isdecimal():
            if node.value[0] == "0" and node.value != "0":
                raise SourceError(*_at(node), _(
                    "a number with a leading zero: YAML reads {written} as an octal number; "
                    "write {number}").format(written=node.value,
                                             number=node.value.lstrip("0") or "0"))
            return self._scalar(node, int)
        if tag in _SCALARS and isinstance(node, yaml.ScalarNode):
            return self._scalar(node, self._scalars.construct_object)
        raise SourceError(*_at(node), _("YAML tags are not allowed ('{tag}')").format(tag=tag))

    @staticmethod
    def _scalar(node: yaml.ScalarNode, construct: Any) -> Any:
        """A plain value as YAML reads it; one it cannot make (a date that does not exist,
        a number longer than Python reads) is a problem at its place, not a crash."""
        try:
            return construct(node.value if construct is int else node)
        except (ValueError, OverflowError):
            kind = node.tag.rsplit(":", 1)[-1]
            if kind == "timestamp":
                said = _("{written}: YAML reads it as a date, and there is no such date; write "
                         "it in quotes if it is text")
            elif kind == "int":
                said = ngettext("{written}: a whole number of {count} digit is longer than "
                                "grail reads; write it in quotes if it is text",
                                "{written}: a whole number of {count} digits is longer than "
                                "grail reads; write it in quotes if it is text",
                                len(node.value))
            else:
                said = _("{written}: YAML cannot read it as a {kind}; write it in quotes if it "
                         "is text")
            raise SourceError(*_at(node), said.format(
                written=_shown(node.value), count=number(len(node.value)), kind=kind)) from None

    def _mapping(self, node: yaml.MappingNode, depth: int) -> dict[Any, Any]:
        result: dict[Any, Any] = {}
        lines: dict[str, int] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise SourceError(*_at(key_node), _("merge keys ('<<') are not allowed"))
            if not isinstance(key_node, yaml.ScalarNode):
                raise SourceError(*_at(key_node), _("a mapping key must be a plain value"))
            key = self.build(key_node)
            if key is None:
                raise SourceError(*_at(key_node), _(
                    "a key that is null ('{key}'): write the field's name").format(
                        key=key_node.value) if key_node.value else
                    _("a key that is missing: write the field's name before ':'"))
            if str(key) in lines:  # "108" and 108 name the same journal entry
                raise SourceError(*_at(key_node), _(
                    "duplicate key '{key}' (first given on line {line})").format(
                        key=key_node.value, line=lines[str(key)]))
            lines[str(key)] = key_node.start_mark.line + 1
            result[key] = self.build(value_node, depth)
        return result


CRASH_SAFE_OPENERS = 2_000
"""With fewer openers than this, nesting cannot reach what crashes the C composer."""


def _may_be_unsafe(text: str) -> bool:
    """A cheap test: could the text hold an anchor, an alias or nesting deep enough to crash
    the C composer? (Moderate depths are refused while building.)"""
    if "&" in text or "*" in text:
        return True
    openers = text.count("[") + text.count("{") + text.count("- ") + text.count(":")
    return openers > CRASH_SAFE_OPENERS


def _check_events(text: str) -> None:
    """Refuse anchors, aliases (alias bombs) and deep nesting, reading parser events only."""
    depth = 0
    for event in yaml.parse(text, Loader=_Base):
        mark: Any = event.start_mark
        line, col = mark.line + 1, mark.column + 1
        if isinstance(event, yaml.AliasEvent):
            raise SourceError(line, col, _("YAML aliases ('{alias}') are not allowed; write the "
                                           "value out").format(alias=f"*{event.anchor}"))
        anchor = getattr(event, "anchor", None)
        if anchor is not None:
            raise SourceError(line, col, _("YAML anchors ('{anchor}') are not allowed; write "
                                           "the value out").format(anchor=f"&{anchor}"))
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                raise SourceError(line, col, _too_deep_message())
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


def _too_deep(text: str) -> tuple[int, int] | None:
    """Where '[' and '{' first nest deeper than the limit, counted outside quotes and
    comments; None if they never do. Asked only of a file PyYAML refused: newer releases
    refuse deep flow nesting themselves, in words of their own that change between
    releases, so grail tells it in its own."""
    depth, line, col, quote, comment = 0, 1, 0, "", False
    for char in text:
        col += 1
        if char == "\n":
            line, col, comment = line + 1, 0, False
        elif comment:
            continue
        elif quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "#":
            comment = True
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return line, col
        elif char in "]}":
            depth = max(0, depth - 1)
    return None


def _too_deep_message() -> str:
    return ngettext("nesting deeper than {count} level", "nesting deeper than {count} levels",
                    MAX_DEPTH).format(count=MAX_DEPTH)


_UNCLOSED = {"flow sequence": "[", "flow mapping": "{"}


def _syntax_error(error: yaml.MarkedYAMLError, text: str) -> SourceError:
    """A syntax error in plain words, at the place to mend (not where libyaml gave up)."""
    problem = error.problem or "syntax error"
    mark = error.problem_mark or error.context_mark
    line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    lines = text.splitlines()
    here = lines[line - 1] if 0 < line <= len(lines) else ""
    char = here[col - 1] if 0 < col <= len(here) else ""
    if "\t" in here[:col]:
        return SourceError(line, col, _("tab character: YAML indents with spaces, never tabs"))
    opened = next((b for name, b in _UNCLOSED.items() if name in (error.context or "")), None)
    if opened and error.context_mark is not None and "did not find expected" in problem:
        start = error.context_mark
        closer = "]" if opened == "[" else "}"
        return SourceError(start.line + 1, start.column + 1,
                           _("YAML syntax error: this '{opened}' is never closed (expected "
                             "',' or '{closer}')").format(opened=opened, closer=closer))
    if "expected node content" in problem and "flow node" in (error.context or ""):
        return SourceError(line, col, _("YAML syntax error: a value is missing here: a '[' or "
                                        "'{' above is never closed, or a ',' has nothing "
                                        "after it"))
    if "mapping values are not allowed" in problem:
        return SourceError(line, col, _("YAML syntax error: a mapping cannot start here: put "
                                        "text that contains ': ' in quotes, or check the "
                                        "indentation"))
    started = error.context_mark
    if "alias" in (error.context or "") and started is not None:
        return SourceError(started.line + 1, started.column + 1, _(
            "YAML syntax error: '*' starts a YAML alias; put text that starts with '*' in "
            "quotes"))
    if any(escape in problem for escape in ("unknown escape", "expected escape",
                                            "expected hexdecimal", "expected hexadecimal")):
        return SourceError(line, col, _("YAML syntax error: a backslash in double quotes starts "
                                        "an escape such as \\n; write \\\\ for a backslash, "
                                        "or use single quotes"))
    if "quoted scalar" in (error.context or "") and started is not None:
        return SourceError(started.line + 1, started.column + 1,
                           _("YAML syntax error: this quote is never closed"))
    if "single document" in (error.context or ""):
        return SourceError(line, col, _("YAML syntax error: a second document begins here "
                                        "('---'): a file holds one"))
    if char in ("]", "}"):
        return SourceError(line, col, _("YAML syntax error: unexpected '{char}' (nothing "
                                        "opened it)").format(char=char))
    if "did not find expected key" in problem:
        return SourceError(line, col, _("YAML syntax error: expected a 'key: value' line "
                                        "here; check the indentation and quotes above"))
    if "cannot start any token" in problem and char:
        return SourceError(line, col, _("YAML syntax error: '{char}' cannot start a plain "
                                        "value; put the text in quotes").format(char=char))
    context = f" {error.context}" if error.context else ""  # PyYAML's own words
    return SourceError(line, col, _("YAML syntax error: {problem}").format(
        problem=f"{problem}{context}"))


def read_document(raw: bytes, max_bytes: int = MAX_FILE_BYTES) -> Document:
    """Parse one content file's bytes into a :class:`Document` whose data is a mapping, or
    raise :class:`SourceError`."""
    document = read_yaml(raw, max_bytes)
    if not isinstance(document.data, dict):
        raise SourceError(*_at(document.root), _("expected a mapping of fields at the top of "
                                                 "the file"))
    return document


def read_yaml(raw: bytes, max_bytes: int = MAX_FILE_BYTES) -> Document:
    """Parse a YAML file's bytes, whatever its top value, into a :class:`Document`, or raise
    :class:`SourceError`: every file grail reads goes through here."""
    if len(raw) > max_bytes:
        raise SourceError(1, 1, ngettext(
            "file is too large ({size} byte; the limit is {limit})",
            "file is too large ({size} bytes; the limit is {limit})", len(raw)).format(
                size=number(len(raw)), limit=number(max_bytes)))
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        col = len(raw[raw.rfind(b"\n", 0, error.start) + 1: error.start].decode(
            "utf-8", errors="replace")) + 1
        raise SourceError(line, col, _("file is not UTF-8 text: save it as UTF-8")) from None
    try:
        if _may_be_unsafe(text):
            _check_events(text)
        composer = _Composer(text)
        try:
            root = composer.get_single_node()
        finally:
            composer.dispose()
        if root is None:
            raise SourceError(1, 1, _("the file is empty; expected a mapping"))
        data = _Builder().build(root)
    except yaml.MarkedYAMLError as error:
        deep = _too_deep(text)
        if deep is not None:
            raise SourceError(*deep, _too_deep_message()) from None
        raise _syntax_error(error, text) from None
    except yaml.reader.ReaderError as error:
        line = text.count("\n", 0, error.position) + 1
        col = error.position - (text.rfind("\n", 0, error.position) + 1) + 1
        raise SourceError(line, col, _("control character {character} is not allowed in YAML "
                                       "text").format(character=f"U+{error.character:04X}")) \
            from None
    except yaml.YAMLError as error:  # PyYAML's own words
        raise SourceError(1, 1, _("YAML error: {error}").format(
            error=" ".join(str(error).split()))) from None
    except RecursionError:
        raise SourceError(1, 1, _too_deep_message()) from None
    return Document(root, data)
