"""The installed package holds every part of grail: each Python package folder is listed in
pyproject.toml, since setuptools installs only the packages named there."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_python_package_is_installed() -> None:
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
                 ["packages"])
    found = {".".join(init.parent.relative_to(ROOT).parts)
             for init in (ROOT / "grail").rglob("__init__.py")}
    assert found <= listed, f"add to pyproject.toml's packages: {sorted(found - listed)}"


def test_every_catalog_is_installed_with_the_package() -> None:
    """grail's own catalogs (compiled and not) and the campaign's translations are package
    data: a language installed with pip speaks as it does in a checkout."""
    from fnmatch import fnmatch

    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"]
    shipped = [*(("grail", path.relative_to(ROOT / "grail"))
                 for path in (ROOT / "grail" / "locale").rglob("*.*o*")),
               *(("grail.campaign", path.relative_to(ROOT / "content"))
                 for path in (ROOT / "content" / "translations").glob("*.po*"))]
    assert any(path.suffix == ".mo" for _package, path in shipped)
    unshipped = [str(path) for package, path in shipped
                 if not any(fnmatch(path.as_posix(), pattern) for pattern in data[package])]
    assert unshipped == []


def test_ci_runs_the_tests_at_the_floor_of_every_declared_range() -> None:
    """.ci/floors.py pins every runtime and test dependency to its declared floor, and .ci/run
    runs the tests against those pins as well as at the newest versions."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    declared = [*project["dependencies"], *project["optional-dependencies"]["test"]]
    done = subprocess.run([sys.executable, str(ROOT / ".ci" / "floors.py"), str(ROOT)],
                          capture_output=True, text=True, check=True)
    pins = done.stdout.split()
    assert len(pins) == len(declared)
    for requirement, pin in zip(declared, pins, strict=True):
        name, floor = pin.split("==")
        assert requirement.startswith(name) and f">={floor}" in requirement.replace(" ", "")
    assert "floors.py" in (ROOT / ".ci" / "run").read_text()


def test_a_dependency_without_a_floor_is_refused(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[project]\ndependencies = ["PyYAML"]\n[project.optional-dependencies]\ntest = []\n')
    done = subprocess.run([sys.executable, str(ROOT / ".ci" / "floors.py"), str(tmp_path)],
                          capture_output=True, text=True)
    assert done.returncode != 0 and "'PyYAML' declares no floor" in done.stderr
