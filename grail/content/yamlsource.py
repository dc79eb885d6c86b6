"""Reading one YAML file safely, keeping the node tree so errors can name lines.

PyYAML's C safe loader composes the node tree (every node keeps its start mark), then our
constructor turns it into plain data. Refused, each with a message at the right line:
files over the size cap, text that is not UTF-8, anchors and aliases (alias bombs), merge
keys, duplicate keys, and YAML syntax errors (tabs get their own message).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml

_Base: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

MAX_FILE_BYTES = 1_000_000
"""Files larger than this are refused (a pack's largest file is a few dozen KB)."""


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


class _Constructor(_Base):  # type: ignore[misc]
    """The safe constructor, refusing duplicate keys and merge keys."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: dict[Any, yaml.Node] = {}
        for key_node, _ in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise SourceError(*_at(key_node), "merge keys ('<<') are not allowed")
            key = self.construct_object(key_node, deep=True)
            if not isinstance(key, str | int | bool | float) and key is not None:
                raise SourceError(*_at(key_node), "a mapping key must be a plain value")
            if key in seen:
                first = seen[key].start_mark.line + 1
                raise SourceError(
                    *_at(key_node), f"duplicate key '{key}' (first given on line {first})"
                )
            seen[key] = key_node
        return dict(super().construct_mapping(node, deep=deep))


def _at(node: yaml.Node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


def _refuse_anchors(text: str) -> None:
    """Anchors and aliases are refused: they allow alias bombs and hide where data is."""
    for event in yaml.parse(text, Loader=_Base):
        if isinstance(event, yaml.AliasEvent):
            raise SourceError(
                event.start_mark.line + 1, event.start_mark.column + 1,
                f"YAML aliases ('*{event.anchor}') are not allowed; write the value out",
            )
        anchor = getattr(event, "anchor", None)
        if anchor is not None:
            raise SourceError(
                event.start_mark.line + 1, event.start_mark.column + 1,
                f"YAML anchors ('&{anchor}') are not allowed; write the value out",
            )


def _syntax_message(error: yaml.MarkedYAMLError, text: str) -> str:
    problem = error.problem or "syntax error"
    mark = error.problem_mark
    lines = text.splitlines()
    if mark is not None and mark.line < len(lines) and "\t" in lines[mark.line][: mark.column + 1]:
        return "tab character: YAML indents with spaces, never tabs"
    if isinstance(error, yaml.constructor.ConstructorError) and "tag" in problem:
        return f"YAML tags are not allowed ({problem.split('tag', 1)[1].strip()})"
    context = f" {error.context}" if error.context else ""
    return f"YAML syntax error: {problem}{context}"


def read_document(raw: bytes, max_bytes: int = MAX_FILE_BYTES) -> Document:
    """Parse one file's bytes into a :class:`Document`, or raise :class:`SourceError`."""
    if len(raw) > max_bytes:
        raise SourceError(
            1, 1, f"file is too large ({len(raw):,} bytes; the limit is {max_bytes:,})"
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise SourceError(line, 1, "file is not UTF-8 text") from None
    try:
        if "&" in text or "*" in text:
            _refuse_anchors(text)
        loader = _Constructor(text)
        try:
            root = loader.get_single_node()
            if root is None:
                raise SourceError(1, 1, "the file is empty; expected a mapping")
            data = loader.construct_document(root)
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        raise SourceError(line, col, _syntax_message(error, text)) from None
    except yaml.YAMLError as error:
        raise SourceError(1, 1, f"YAML error: {error}") from None
    if not isinstance(data, dict):
        raise SourceError(*_at(root), "expected a mapping of fields at the top of the file")
    return Document(root, data)
