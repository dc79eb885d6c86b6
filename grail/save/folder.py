"""The save folder, and save names that stay inside it.

The folder is ``--saves DIR`` if given, else ``GRAIL_SAVES`` if set, else ``saves/`` in the
source checkout grail runs from, else the user's data folder (``platformdirs``), e.g.
``~/.local/share/grail/saves`` on Linux. On the command line a SAVE is a plain file path;
names typed in the terminal menu (and later the window) are confined to the folder.

>>> save_path(Path("saves"), "Ennor, first try").name
'Ennor, first try.json'
>>> save_path(Path("saves"), "../elsewhere")
Traceback (most recent call last):
...
grail.save.folder.SaveNameError: a save name cannot contain '/' or '\\': '../elsewhere'
"""

from __future__ import annotations

import itertools
import json
import os
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import platformdirs

MAX_NAME = 64
_ALLOWED = re.compile(r"[\w ,'()+&!-]+(\.[\w ,'()+&!-]+)*")
_RESERVED = {"con", "prn", "aux", "nul", *(f"com{n}" for n in range(10)),
             *(f"lpt{n}" for n in range(10))}


class SaveNameError(ValueError):
    """A save name that is not a plain name inside the save folder; says why."""


def checkout_root() -> Path | None:
    """The source checkout grail runs from, if any: the folder above the package holding
    grail's ``pyproject.toml`` and a ``.git`` (a folder, or a file in a worktree)."""
    root = Path(__file__).resolve().parent.parent.parent
    pyproject = root / "pyproject.toml"
    if not (root / ".git").exists() or not pyproject.is_file():
        return None
    try:
        named = re.search(r'(?m)^name\s*=\s*"grail"\s*$', pyproject.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return None
    return root if named else None


def default_folder() -> Path:
    """``saves/`` in a source checkout, else the user's data folder."""
    root = checkout_root()
    if root is not None:
        return root / "saves"
    return Path(platformdirs.user_data_dir("grail", appauthor=False)) / "saves"


def saves_folder(option: str | None = None) -> Path:
    """The save folder: the ``--saves`` option, else ``GRAIL_SAVES``, else the default."""
    chosen = option or os.environ.get("GRAIL_SAVES")
    return Path(chosen).expanduser() if chosen else default_folder()


def save_path(folder: Path, name: str) -> Path:
    """The file of save ``name`` in ``folder`` (``.json`` added); refuses any name that
    could lead elsewhere or is not a portable file name."""
    stem = name[:-5] if name.lower().endswith(".json") else name
    if not stem.strip():
        raise SaveNameError("a save name cannot be empty")
    if "/" in stem or "\\" in stem:
        raise SaveNameError(f"a save name cannot contain '/' or '\\': {name!r}")
    if ":" in stem:
        raise SaveNameError(f"a save name cannot contain ':' (no drive letters): {name!r}")
    if stem.startswith(".") or ".." in stem:
        raise SaveNameError(f"a save name cannot start with '.' or contain '..': {name!r}")
    if len(stem) > MAX_NAME:
        raise SaveNameError(f"a save name has at most {MAX_NAME} characters, not {len(stem)}")
    if stem != stem.strip() or stem.endswith("."):
        raise SaveNameError(f"a save name cannot start or end with a space or end with '.': "
                            f"{name!r}")
    if not _ALLOWED.fullmatch(stem):
        raise SaveNameError(f"a save name is letters, digits, spaces and , ' ( ) + & ! - _ . "
                            f"only: {name!r}")
    if stem.split(".")[0].strip().lower() in _RESERVED:
        raise SaveNameError(f"{stem!r} is a reserved device name on Windows; choose another")
    path = folder / f"{stem}.json"
    if path.resolve().parent != folder.resolve():  # e.g. the folder holds a link
        raise SaveNameError(f"save {name!r} would lie outside the save folder")
    return path


@dataclass(frozen=True)
class SaveInfo:
    """One save in the folder, as the menu lists it."""

    name: str
    path: Path
    heroes: list[str]
    day: int | None
    played: datetime


def list_saves(folder: Path) -> list[SaveInfo]:
    """The saves in ``folder`` (not its autosaves), last played first. Only a glance:
    heroes and day are read without checking; opening a save checks it."""
    found = []
    for path in folder.glob("*.json") if folder.is_dir() else []:
        try:
            data = json.loads(path.read_bytes())
            heroes = [str(hero["id"]) for hero in data["state"]["heroes"]]
            day = int(data["state"]["day"])
        except (OSError, ValueError, KeyError, TypeError):
            heroes, day = [], None
        try:
            played = datetime.fromtimestamp(path.stat().st_mtime)
        except OSError:
            continue
        found.append(SaveInfo(path.stem, path, heroes, day, played))
    return sorted(found, key=lambda info: (-info.played.timestamp(), info.name))


def free_name(folder: Path) -> str:
    """The first of 'game', 'game 2', 'game 3'... not used in ``folder``: the name a new
    game is offered."""
    for number in itertools.count(1):
        name = "game" if number == 1 else f"game {number}"
        if not (folder / f"{name}.json").exists():
            return name
    raise AssertionError("unreachable")
