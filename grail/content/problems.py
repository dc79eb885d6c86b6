"""Problems found in a pack, each at a file, line and column, and the error that lists them.

A problem's message is in the language grail speaks (:mod:`grail.lang`); the words lists
are made of (:func:`commas`, :func:`either`) are the catalog's too.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from grail.lang import _, pgettext


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
        return self._at(f"{self.file}:{self.line}:{self.col}")

    def shown_in(self, pack: str) -> str:
        """The problem with the file shown under the pack folder as the user named it."""
        if not self.file:  # the folder itself: no line in it to point at
            return self._at(pack or ".")
        prefix = "" if pack in ("", ".") else pack.rstrip("/") + "/"
        return f"{prefix}{self}"

    def _at(self, where: str) -> str:
        if self.severity == "warning":
            return _("{where}: warning: {message}").format(where=where, message=self.message)
        return f"{where}: {self.message}"

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
            return f"{self.pack or _('the pack')}: {first.message}"
        validate = f"grail validate {self.pack}" if self.pack else "grail validate"
        return _("the pack has problems; run '{command}': {problem}").format(
            command=validate, problem=first.shown_in(self.pack))


def suggest(word: str, choices: list[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest choice, or nothing: the ``{hint}`` a
    message ends its name with."""
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return _(" (did you mean '{word}'?)").format(word=close[0]) if close else ""


def commas(items: Sequence[str]) -> str:
    """Items one after the other, as the language separates them: ``a, b, c`` (names an
    author wrote or may write, where English says no "and").

    >>> commas(["green", "grey", "purple"])
    'green, grey, purple'
    """
    if not items:
        return ""
    head = items[0]
    for item in items[1:]:
        head = pgettext("list", "{head}, {item}").format(head=head, item=item)
    return head


def either(items: Sequence[str]) -> str:
    """Items as the language offers a choice of them: ``'green', 'grey' or 'blue'``.

    >>> either(["'green'", "'grey'", "'blue'"]), either(["true"])
    ("'green', 'grey' or 'blue'", 'true')
    """
    if len(items) < 2:
        return "".join(items)
    return pgettext("list", "{head} or {last}").format(head=commas(items[:-1]), last=items[-1])
