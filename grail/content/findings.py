"""A lint finding: where, how bad, which check, and what to do (``grail lint``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from grail.lang import _

from .problems import Problem
from .survey import Place

Severity = Literal["error", "warning"]


@dataclass(frozen=True, order=True)
class Finding:
    """One thing the lint found, at a file and line.

    >>> str(Finding("journal/104.yaml", 12, "warning", "entry-unreached", "no path reads it"))
    'journal/104.yaml:12: warning: no path reads it [entry-unreached]'
    """

    file: str
    line: int
    severity: Severity
    code: str
    message: str

    def __str__(self) -> str:
        return self._at(f"{self.file}:{self.line}")

    def shown_in(self, pack: str) -> str:
        """The finding with its file under the pack folder as the user named it."""
        if not self.file:  # the folder itself: no line in it to point at
            return self._at(pack or ".")
        prefix = "" if pack in ("", ".") else pack.rstrip("/") + "/"
        return f"{prefix}{self}"

    def _at(self, where: str) -> str:
        said = _("{where}: warning: {message} [{code}]") if self.severity == "warning" else \
            _("{where}: error: {message} [{code}]")
        return said.format(where=where, message=self.message, code=self.code)

    def to_json(self) -> dict[str, object]:
        return {"file": self.file, "line": self.line, "severity": self.severity,
                "code": self.code, "message": self.message}


def at(place: Place, severity: Severity, code: str, message: str) -> Finding:
    """A finding at the line of ``place``."""
    return Finding(place.file, place.line, severity, code, message)


def from_problem(problem: Problem) -> Finding:
    """A validation problem as a finding (code ``validate``)."""
    return Finding(problem.file, problem.line, problem.severity, "validate", problem.message)
