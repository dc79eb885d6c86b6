"""Print a pip constraints file pinning every dependency of grail and of its test extra to
the lowest version pyproject.toml declares (``name==floor``), so that CI can run the tests
at the bottom of every range as well as at the top."""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path


def floors(pyproject: Path) -> list[str]:
    """``name==version`` for each requirement with a ``>=`` floor, runtime and test."""
    project = tomllib.loads(pyproject.read_text())["project"]
    requirements = [*project["dependencies"], *project["optional-dependencies"]["test"]]
    pins = []
    for requirement in requirements:
        found = re.match(r"^\s*([A-Za-z0-9_.-]+)\s*(?:\[[^]]*\])?\s*.*?>=\s*([^,;\s]+)",
                         requirement)
        if found is None:
            raise SystemExit(f"{requirement!r} declares no floor (>=): give it one")
        pins.append(f"{found.group(1)}=={found.group(2)}")
    return pins


if __name__ == "__main__":
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent
    print("\n".join(floors(root / "pyproject.toml")))
