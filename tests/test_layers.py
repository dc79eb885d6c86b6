"""grail's house has its arrows pointing down: no import cycle, and no import going up the
layers that docs/architecture.md lists (cli > ui > session > words, save, sim > engine >
content > lang).
Imports inside functions and under ``TYPE_CHECKING`` count too: a cycle hidden there is still
a cycle. The one import grail resolves by name at run time (``view_for``'s scene table) is
invisible here on purpose: the scenes are leaves of the window."""

from __future__ import annotations

import ast
from pathlib import Path

GRAIL = Path(__file__).resolve().parent.parent / "grail"

LAYERS = {"cli": 6, "ui": 5, "session": 4, "words": 3, "save": 3, "sim": 3, "engine": 2,
          "content": 1, "campaign": 1, "lang": 0}
"""Each top-level part of grail and its height; an import may only go to the same height
or lower, and words/, save/ and sim/ stand side by side without importing each other."""

SIDE_BY_SIDE = {"words", "save", "sim"}


def _module(path: Path) -> str:
    parts = list(path.relative_to(GRAIL.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(source: str, name: str, package: str, modules: set[str]) -> set[str]:
    """The grail modules that module ``name`` (of ``package``) imports, wherever the import
    stands in its ``source``."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
            named = [f"{base}.{alias.name}" for alias in node.names]
            found.update(m for m in ([base] if node.module else []) + named if m in modules)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in modules)
    found.discard(name)
    return found


def _graph() -> dict[str, set[str]]:
    paths = {_module(path): path for path in GRAIL.rglob("*.py")}
    return {name: _imports(path.read_text(), name,
                           name if path.name == "__init__.py" else name.rsplit(".", 1)[0],
                           set(paths)) for name, path in paths.items()}


def _part(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "grail"


def test_no_import_cycle_hidden_or_not() -> None:
    graph = _graph()
    done: set[str] = set()
    path: list[str] = []

    def visit(module: str) -> None:
        if module in path:
            raise AssertionError("import cycle: " + " -> ".join(
                [*path[path.index(module):], module]))
        if module in done:
            return
        path.append(module)
        for imported in sorted(graph[module]):
            visit(imported)
        path.pop()
        done.add(module)

    for module in sorted(graph):
        visit(module)


def test_imports_point_down_the_layers() -> None:
    upward = []
    for module, imported in _graph().items():
        here = _part(module)
        if here not in LAYERS:
            continue
        for target in imported:
            there = _part(target)
            if there not in LAYERS or there == here:
                continue
            sideways = here in SIDE_BY_SIDE and there in SIDE_BY_SIDE
            if LAYERS[there] > LAYERS[here] or sideways:
                upward.append(f"{module} imports {target}")
    assert upward == []


def test_the_check_sees_imports_inside_functions_and_type_checking() -> None:
    modules = set(_graph())
    source = ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
              "    from ..engine import state\n"
              "def f() -> None:\n    from grail.ui import app\n    from . import boards\n")
    assert _imports(source, "grail.ui.probe", "grail.ui", modules) == {  # packages run too
        "grail.engine", "grail.engine.state", "grail.ui", "grail.ui.app", "grail.ui.boards"}


def test_no_test_module_imports_another() -> None:
    """Shared test helpers live in helper modules (conftest, playout, ui_input, ui_states,
    encounter_helpers, interrupting), never in a test module another one imports."""
    tests = Path(__file__).resolve().parent
    found = []
    for path in sorted(tests.glob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[-1] \
                    .startswith("test_"):
                found.append(f"{path.name} imports {node.module}")
    assert found == []


def test_models_and_values_are_made_from_their_types_not_their_texts() -> None:
    """The modules that define content models or engine values leave out postponed
    annotations (grail/content/base.py says why): pydantic reads each field's type as Python
    made it, rather than compiling and evaluating its text again at every start."""
    import sys

    from grail.content.base import content_models
    from grail.engine.plain import Plain

    kinds: list[type] = list(content_models())
    stack: list[type] = [Plain]
    while stack:
        kind = stack.pop()
        kinds.append(kind)
        stack.extend(kind.__subclasses__())
    modules = {kind.__module__ for kind in kinds if kind.__module__.startswith("grail.")}
    modules -= {"grail.engine.plain"}  # the base alone: no field of its own
    assert {"grail.content.effects", "grail.engine.state", "grail.engine.actions"} <= modules
    postponed = sorted(name for name in modules
                       if "from __future__ import annotations" in
                       Path(sys.modules[name].__file__ or "").read_text())
    assert postponed == []
