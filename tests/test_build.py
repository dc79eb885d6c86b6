"""The optional compiled core (setup.py, buildtools/grail_backend.py): what a build asks for
with and without ``GRAIL_COMPILE=1``, what it compiles, and the editable install it refuses.
The compiled build itself is built and tested whole by .ci/run."""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "buildtools"))

import grail_backend as backend  # noqa: E402


@pytest.mark.filterwarnings("ignore::Warning")  # setuptools' own notes on its settings
def test_a_plain_build_asks_for_nothing_of_the_compiler(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(backend.COMPILE, raising=False)
    monkeypatch.chdir(ROOT)  # setuptools reads the project's setup.py from here
    assert not any(need.startswith("mypy") for need in backend.get_requires_for_build_wheel())


def test_a_compiled_build_asks_for_mypyc_and_the_types_it_reads(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """mypyc checks the compiled modules as ``mypy grail`` does: with the runtime
    dependencies in the same ranges, and the pydantic plugin pyproject.toml names."""
    monkeypatch.setenv(backend.COMPILE, "1")
    monkeypatch.chdir(ROOT)  # a build's hooks run in the project's folder
    needs = backend.get_requires_for_build_wheel()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert any(need.startswith("mypy>=") for need in needs)
    typed = [dep for dep in project["dependencies"] if not dep.startswith("pygame")]
    assert set(typed) <= set(needs)


def test_an_editable_install_of_the_compiled_core_is_refused(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A compiled module beside its .py would hide every edit to it."""
    monkeypatch.setenv(backend.COMPILE, "1")
    refused = re.escape("regular install (pip install .), not an editable")
    with pytest.raises(SystemExit, match=refused):
        backend.get_requires_for_build_editable()
    with pytest.raises(SystemExit, match=refused):
        backend.build_editable(str(tmp_path))


def test_the_engine_is_compiled_but_its_values_are_left_to_pydantic() -> None:
    compiled = backend.compiled_modules(ROOT)
    assert all((ROOT / module).is_file() for module in compiled)
    engine = sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / "grail/engine").rglob("*.py"))
    values = [module for module in engine if Path(module).name in backend.PLAIN]
    assert "grail/engine/state.py" in values and "grail/engine/actions.py" in values
    assert sorted(module for module in compiled if module.startswith("grail/engine")) == \
        [module for module in engine if module not in values]
    assert "grail/sim/planner.py" in compiled and "grail/sim/workers.py" not in compiled


def test_a_wheel_is_built_from_a_clean_build_folder(monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    """A compiled module left by a former build would otherwise go into the next wheel, a
    plain one too."""
    stale = tmp_path / "build" / "lib" / "grail" / "engine" / "game.cpython-311-x86_64-linux-gnu.so"
    stale.parent.mkdir(parents=True)
    stale.write_bytes(b"")
    monkeypatch.chdir(tmp_path)
    seen: list[bool] = []

    def build_wheel(*_: object) -> str:
        seen.append(stale.exists())
        return "grail.whl"

    monkeypatch.setattr(backend.build_meta, "build_wheel", build_wheel)
    assert backend.build_wheel(str(tmp_path / "dist")) == "grail.whl"
    assert seen == [False]
