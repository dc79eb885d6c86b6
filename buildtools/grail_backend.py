"""grail's build backend: setuptools', asking for mypyc's needs when the compiled core is
wanted (``GRAIL_COMPILE=1``; see setup.py), and refusing it in an editable install."""

from __future__ import annotations

import os
import shutil
import tomllib
from pathlib import Path
from typing import Any

from setuptools import build_meta
from setuptools.build_meta import (  # noqa: F401  (the rest of the backend, unchanged)
    build_sdist,
    get_requires_for_build_sdist,
    prepare_metadata_for_build_editable,
    prepare_metadata_for_build_wheel,
)

COMPILE = "GRAIL_COMPILE"
"""The environment variable asking for the compiled core."""

PLAIN = {"__init__.py", "plain.py", "state.py", "actions.py", "events.py", "rng.py",
         "pending.py"}
"""Modules left as Python: the engine's values, which pydantic reads and writes at the
boundary (a compiled class has no ``__dict__`` or ``__pydantic_config__`` for it)."""
SIMULATION = ["board.py", "steps.py", "planner.py", "policies.py", "playouts.py"]
"""The simulation's look-ahead and playouts, compiled with the engine. Not its Day plans
(days.py): their frozen results cross to the worker processes, and a compiled frozen class
cannot be unpickled there."""


def compiled_modules(root: Path) -> list[str]:
    """The files mypyc compiles, relative to the project's ``root``, in a stable order."""
    engine = root / "grail" / "engine"
    found = sorted([*engine.glob("*.py"), *(engine / "encounters").glob("*.py")])
    return [path.relative_to(root).as_posix() for path in found if path.name not in PLAIN] + \
        [f"grail/sim/{name}" for name in SIMULATION]


def compiling() -> bool:
    """Whether this build compiles the core."""
    return os.environ.get(COMPILE, "") == "1"


def compiler_needs(root: Path) -> list[str]:
    """mypyc (with mypy and the stubs of the dev extra), and what it reads to type the
    compiled modules: the runtime dependencies in their declared ranges, pydantic among them
    for the plugin pyproject.toml's mypy settings name; not pygame, which they never import."""
    project = tomllib.loads((root / "pyproject.toml").read_text())["project"]
    tools = [dep for dep in project["optional-dependencies"]["dev"]
             if dep.startswith(("mypy", "types-"))]
    return tools + [dep for dep in project["dependencies"] if not dep.startswith("pygame")]


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    if compiling():  # not setuptools' own answer, which runs setup.py, which needs mypyc
        return compiler_needs(Path("."))
    needs: list[str] = build_meta.get_requires_for_build_wheel(config_settings)
    return needs


def build_wheel(wheel_directory: str, config_settings: dict[str, Any] | None = None,
                metadata_directory: str | None = None) -> str:
    """setuptools' wheel, from a clean ``build`` folder: setuptools would put into the wheel
    whatever a former build left there, such as compiled modules in a plain install, or
    one no longer compiled."""
    shutil.rmtree("build", ignore_errors=True)
    name: str = build_meta.build_wheel(wheel_directory, config_settings, metadata_directory)
    return name


EDITABLE = (f"grail: {COMPILE}=1 builds the compiled core in a regular install (pip install .), "
            "not an editable one, where a compiled module would hide the edits to its .py file")


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    if compiling():
        raise SystemExit(EDITABLE)
    needs: list[str] = build_meta.get_requires_for_build_editable(config_settings)
    return needs


def build_editable(wheel_directory: str, config_settings: dict[str, Any] | None = None,
                   metadata_directory: str | None = None) -> str:
    if compiling():
        raise SystemExit(EDITABLE)
    name: str = build_meta.build_editable(wheel_directory, config_settings, metadata_directory)
    return name
