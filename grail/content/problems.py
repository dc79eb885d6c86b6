"""Problems found in a pack, each at a file, line and column, and the error that lists them."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True, order=True)
class Problem:
    """One mistake in a pack: where it is and what was expected.

    >>> str(Problem("locations/104.yaml", 5, 3, "keys.up: expected a whole number"))
    'locations/104.yaml:5:3: keys.up: expected a whole number'
    """

    file: str
    """Path inside the pack, with '/' separators; empty for the pack folder itself."""
    line: int
    col: int
    message: str
    severity: Literal["error", "warning"] = "error"

    def __str__(self) -> str:
        kind = "warning: " if self.severity == "warning" else ""
        return f"{self.file}:{self.line}:{self.col}: {kind}{self.message}"

    def shown_in(self, pack: str) -> str:
        """The problem with the file shown under the pack folder as the user named it."""
        if not self.file:  # the folder itself: no line in it to point at
            kind = "warning: " if self.severity == "warning" else ""
            return f"{pack or '.'}: {kind}{self.message}"
        prefix = "" if pack in ("", ".") else pack.rstrip("/") + "/"
        return f"{prefix}{self}"

    def to_json(self) -> dict[str, object]:
        return {
            "file": self.file, "line": self.line, "col": self.col,
            "message": self.message, "severity": self.severity,
        }


class PackError(Exception):
    """A content pack that cannot be played, with every problem found in it (warnings too)."""

    def __init__(self, problems: list[Problem], pack: str = "") -> None:
        self.problems = sorted(problems)
        self.pack = pack
        """The pack's folder as it was named."""
        super().__init__("\n".join(str(p) for p in self.problems))

    @property
    def headline(self) -> str:
        """The pack's trouble in one line, for a player who only wanted to play it: the
        folder itself (none there), or the first problem of its files, where it is."""
        first = self.problems[0]
        if not first.file:
            return f"{self.pack or 'the pack'}: {first.message}"
        validate = f"grail validate {self.pack}" if self.pack else "grail validate"
        return f"the pack has problems; run '{validate}': {first.shown_in(self.pack)}"


def suggest(word: str, choices: list[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest choice, or nothing."""
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""
