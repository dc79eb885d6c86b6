"""Every broken case reports exactly its problems, at the right file, line and column.

Each folder under tests/packs/broken/ is one mistake an author would make, laid over the
minimal pack (see conftest.build_broken); its expected.txt lists the exact problems.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from grail.cli import main
from grail.content import check_pack

from .conftest import BROKEN, build_broken

CASES = sorted(path for path in BROKEN.iterdir() if path.is_dir())


def test_the_corpus_has_at_least_40_distinct_cases() -> None:
    assert len(CASES) >= 40
    expectations = [(case / "expected.txt").read_text() for case in CASES]
    assert len(set(expectations)) == len(expectations), "two cases expect the same problems"


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_broken_case_reports_exact_problems(case: Path, tmp_path: Path) -> None:
    pack = build_broken(case, tmp_path / "pack")
    report = check_pack(pack)
    found = [str(problem) for problem in report.problems]
    expected = [line for line in (case / "expected.txt").read_text().splitlines() if line]
    assert found == expected
    errors = [problem for problem in report.problems if problem.severity == "error"]
    assert (report.campaign is None) == bool(errors)  # warnings alone do not stop a pack


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_cli_reports_broken_case_without_traceback(
    case: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = build_broken(case, tmp_path / "pack")
    expected = (case / "expected.txt").read_text()
    only_warnings = all(": warning: " in line for line in expected.splitlines())
    assert main(["validate", str(pack)]) == (0 if only_warnings else 1)
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    for line in (case / "expected.txt").read_text().splitlines():
        if line:
            assert f"{pack}/{line}" in out
