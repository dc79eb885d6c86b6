"""``grail lint``: what a valid pack may still get wrong about its story's shape.

Validation (``loader.py``) proves that every name exists; the lint asks whether the story
can use it. Each finding has a *code*, a *severity* and a ``file:line``:

- ``error``: the campaign cannot work as written (a chapter nothing ends, a start the party
  cannot leave, the only route to a chapter's end blocked);
- ``warning``: likely a mistake (an entry nothing reaches, a Secret nothing gives, a
  Location nobody can enter).

The checks live in three modules: ``lint_story.py`` (the journal, quests and chapters),
``lint_things.py`` (Statuses, Secrets, Items, Encounters, Events) and ``lint_map.py``
(Locations: reachability and Menhir coverage). docs/authoring.md explains every code.

>>> from grail.content import bundled_pack
>>> report = lint_pack(bundled_pack())
>>> report.valid
True
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .findings import Finding, from_problem
from .lint_map import map_findings
from .lint_story import story_findings
from .lint_things import thing_findings
from .loader import check_pack
from .survey import Survey


@dataclass(frozen=True)
class LintReport:
    """Everything found; ``valid`` is false when validation failed (and nothing else ran)."""

    valid: bool
    findings: list[Finding]

    @property
    def errors(self) -> int:
        return sum(finding.severity == "error" for finding in self.findings)

    @property
    def warnings(self) -> int:
        return len(self.findings) - self.errors


def lint_pack(root: Path) -> LintReport:
    """Validate the pack at ``root``, then, if it is valid, lint its story's shape."""
    report = check_pack(root)
    findings = [from_problem(problem) for problem in report.problems]
    if report.campaign is None:
        return LintReport(False, sorted(findings))
    survey = Survey(report.campaign, report.files)
    findings += story_findings(survey) + thing_findings(survey) + map_findings(survey)
    return LintReport(True, sorted(findings))
