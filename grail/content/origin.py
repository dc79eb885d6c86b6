"""Where an entity was written: its file and path inside it, to report problems at a line.

The file's node tree is composed again only when a problem needs a line: keeping every
file's tree alive during a load would make each garbage collection walk all of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

import yaml

from .locate import dotted, node_at, shown_mark
from .problems import Problem
from .yamlsource import read_document


class Source:
    """One content file: its path in the pack and its bytes; its node tree on demand."""

    def __init__(self, file: str, raw: bytes) -> None:
        self.file = file
        self.raw = raw

    @cached_property
    def root(self) -> yaml.Node:
        return read_document(self.raw, max_bytes=len(self.raw)).root


@dataclass(frozen=True)
class Origin:
    """An entity's file and its path inside the file."""

    source: Source
    prefix: tuple[Any, ...] = ()

    @property
    def file(self) -> str:
        return self.source.file

    def line_at(self, loc: tuple[Any, ...]) -> int:
        """The line of what is at ``loc`` below the entity (its key, for a mapping or list)."""
        node, key_node, _ = node_at(self.source.root, self.prefix + tuple(loc))
        return int(shown_mark(node, key_node).line) + 1

    def problem(self, loc: tuple[Any, ...], message: str) -> Problem:
        """A problem at ``loc`` below the entity, at the line of what is there."""
        node, key_node, used = node_at(self.source.root, self.prefix + tuple(loc))
        mark = shown_mark(node, key_node)
        where = dotted(used)
        text = f"{where}: {message}" if where else message
        return Problem(self.file, mark.line + 1, mark.column + 1, text)
