"""Where an entity was written: its file, node tree and path, to report problems at a line."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml

from .locate import node_at
from .problems import Problem


@dataclass(frozen=True)
class Origin:
    """An entity's file, the file's node tree, and the entity's path inside it."""

    file: str
    root: yaml.Node
    prefix: tuple[Any, ...] = ()

    @property
    def line(self) -> int:
        return node_at(self.root, self.prefix)[0].start_mark.line + 1

    def problem(self, loc: tuple[Any, ...], message: str, key: bool = False) -> Problem:
        """A problem at ``loc`` below the entity; ``key`` points at the key, not its value."""
        node, key_node, used = node_at(self.root, self.prefix + tuple(loc))
        mark = key_node.start_mark if key and key_node is not None else node.start_mark
        where = ""
        for part in used:
            where += f"[{part}]" if isinstance(part, int) else (f".{part}" if where else str(part))
        text = f"{where}: {message}" if where else message
        return Problem(self.file, mark.line + 1, mark.column + 1, text)
