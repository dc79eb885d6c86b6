"""The save folder, and save names that stay inside it.

The folder is ``--saves DIR`` if given, else ``GRAIL_SAVES`` if set, else ``saves/`` in the
source checkout grail runs from, else the user's data folder (``platformdirs``), e.g.
``~/.local/share/grail/saves`` on Linux. On the command line a SAVE is a plain file path;
names typed in the terminal menu (and later the window) are confined to the folder.

>>> save_path(Path("saves"), "Ennor, first try").name
'Ennor, first try.grail'
>>> save_path(Path("saves"), "../elsewhere")
Traceback (most recent call last):
...
grail.save.folder.SaveNameError: a save name cannot contain '/' or '\\': '../elsewhere'
"""

from __future__ import annotations

import itertools
import os
import re
import stat
from contextlib import closing
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs

from grail.lang import _, ngettext

from .errors import SaveError
from .files import read_envelope
from .store import Mark, SaveFile, is_database

MAX_NAME = 64
SUFFIX = ".grail"
"""A save's file in the folder is its name and this; saves of older grails end in .json."""
SUFFIXES = (SUFFIX, ".json")
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
    """The file of save ``name`` in ``folder`` (``.grail`` added, or ``.json`` for a save
    an older grail made under that name); refuses any name that could lead elsewhere or is
    not a portable file name."""
    stem = next((name[:-len(suffix)] for suffix in SUFFIXES if name.lower().endswith(suffix)),
                name)
    if not stem.strip():
        raise SaveNameError(_("a save name cannot be empty"))
    if "/" in stem or "\\" in stem:
        raise SaveNameError(_("a save name cannot contain '/' or '\\': {name}").format(
            name=repr(name)))
    if ":" in stem:
        raise SaveNameError(_("a save name cannot contain ':' (no drive letters): {name}").format(
            name=repr(name)))
    if stem.startswith(".") or ".." in stem:
        raise SaveNameError(_("a save name cannot start with '.' or contain '..': {name}").format(
            name=repr(name)))
    if len(stem) > MAX_NAME:
        raise SaveNameError(ngettext("a save name has at most {most} characters, not {count}",
                                     "a save name has at most {most} characters, not {count}",
                                     MAX_NAME).format(most=MAX_NAME, count=len(stem)))
    if stem != stem.strip() or stem.endswith("."):
        raise SaveNameError(_("a save name cannot start or end with a space or end with '.': "
                              "{name}").format(name=repr(name)))
    if not _ALLOWED.fullmatch(stem):
        raise SaveNameError(_("a save name is letters, digits, spaces and , ' ( ) + & ! - _ . "
                              "only: {name}").format(name=repr(name)))
    if stem.split(".")[0].strip().lower() in _RESERVED:
        raise SaveNameError(_("{name} is a reserved device name on Windows; choose another")
                            .format(name=repr(stem)))
    path = folder / f"{stem}{SUFFIX}"
    older = folder / f"{stem}.json"
    if (older.exists() or older.is_symlink()) and not (path.exists() or path.is_symlink()):
        path = older
    if path.resolve().parent != folder.resolve():  # e.g. the folder holds a link
        raise SaveNameError(_("save {name} would lie outside the save folder").format(
            name=repr(name)))
    return path


@dataclass(frozen=True)
class SaveInfo:
    """One row of the save lists: a save, or a checkpoint or autosave kept in one, or a file
    that cannot be opened (``problem`` says why, in words)."""

    name: str
    path: Path
    played: datetime
    heroes: tuple[str, ...] = ()
    day: int | None = None
    places: tuple[int, ...] = ()
    problem: str = ""
    kind: str = "save"
    """"save", "checkpoint" or "autosave"."""
    mark: Mark | None = None
    """The checkpoint or autosave inside the save at ``path``; None for the save itself (or an
    autosave file of an older grail)."""

    @property
    def title(self) -> str:
        """The row as the lists name it."""
        if self.kind == "save":
            return self.name
        known = self.day is not None
        if self.kind == "autosave":
            said = _("{name}: autosave of day {day}") if known else \
                _("{name}: autosave of day unknown")
        elif self.mark is not None:
            said = _("{name}: checkpoint {mark} of day {day}") if known else \
                _("{name}: checkpoint {mark} of day unknown")
        else:
            said = _("{name}: checkpoint of day {day}") if known else \
                _("{name}: checkpoint of day unknown")
        return said.format(name=self.name, day=self.day,
                           mark=repr(self.mark.name) if self.mark is not None else "")

_LEFTOVERS = ("-wal", "-shm", "-journal")
_OLD_AUTOSAVE = re.compile(r"(.+)\.day(\d+)")


def list_saves(folder: Path) -> list[SaveInfo]:
    """Every file of ``folder`` as the lists show it, last played first: each save followed
    by its checkpoints and autosaves, newest first, then the autosave files an older grail
    kept in ``autosaves/``. A file that is not a save that opens (empty, junk, too large, too
    deeply nested, another program's database, unreadable) is listed with the reason; only a
    glance, never a crash: opening a save checks it whole."""
    found: list[tuple[float, list[SaveInfo]]] = []
    for path in _files(folder):
        try:
            played = path.stat().st_mtime
        except OSError:
            played = 0.0  # a link to nothing, say: listed as unreadable
        rows = glance(path, datetime.fromtimestamp(played))
        found.append((played, rows))
    for path in _files(folder / "autosaves"):
        try:
            played = path.stat().st_mtime
        except OSError:
            continue
        row = glance(path, datetime.fromtimestamp(played))[0]
        named = _OLD_AUTOSAVE.fullmatch(path.stem)
        found.append((played - 1e10, [replace(row, kind="autosave",
                                              name=named.group(1) if named else row.name)]))
    found.sort(key=lambda item: (-item[0], item[1][0].name))
    return [row for _unused, rows in found for row in rows]


def _files(folder: Path) -> list[Path]:
    """The files a save list shows: not hidden ones, nor those SQLite keeps beside a save."""
    try:
        return sorted(path for path in folder.iterdir() if not path.name.startswith(".")
                      and not path.name.endswith(_LEFTOVERS) and not path.is_dir())
    except OSError:
        return []


def _regular(path: Path) -> bool:
    """A file that can be read without waiting (not a pipe, a device or a socket)."""
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except OSError:
        return False


def glance(path: Path, played: datetime) -> list[SaveInfo]:
    """The rows of one file: the save and its marks, or the file and why it cannot be
    opened."""
    name = path.stem
    seen: dict[str, Any]
    if not _regular(path):
        return [SaveInfo(name, path, played, problem=_("not a regular file"))]
    try:
        if is_database(path):
            with closing(SaveFile.open(path)) as save:
                seen, marks = save.header().get("glance") or {}, save.marks()
                parties = [save.party(mark) for mark in marks]
        else:
            state = read_envelope(path).state
            seen = {"day": state.day, "heroes": [hero.id for hero in state.heroes],
                    "places": list(dict.fromkeys(hero.location for hero in state.heroes))}
            marks, parties = [], []
        row = SaveInfo(name, path, played, tuple(str(hero) for hero in seen["heroes"]),
                       int(seen["day"]), tuple(int(place) for place in seen["places"]))
    except SaveError as error:
        why = str(error).removeprefix(f"{path}: ")
        return [SaveInfo(name, path, played, problem=why)]
    except (KeyError, TypeError, ValueError):
        return [SaveInfo(name, path, played, problem=_("the save is damaged"))]
    return [row] + [replace(row, kind=mark.kind, mark=mark, day=mark.day, places=(),
                            heroes=party or row.heroes, played=_made(mark.made, played))
                    for mark, party in zip(marks, parties, strict=True)]


def _made(text: str, otherwise: datetime) -> datetime:
    try:
        return datetime.fromisoformat(text).replace(tzinfo=UTC).astimezone() \
            .replace(tzinfo=None)
    except ValueError:
        return otherwise


def going_on(info: SaveInfo) -> Path:
    """Where a checkpoint or an autosave goes on as a save of its own, beside the save it
    was kept in (which stays as it is): "NAME (day N)", "NAME (day N) 2"..."""
    folder = info.path.parent if info.mark is not None else info.path.parent.parent
    base = _("{name} (day {day})").format(name=info.name, day=info.day) \
        if info.day is not None else _("{name} (kept)").format(name=info.name)
    for number in itertools.count(1):
        name = base if number == 1 else _("{name} {number}").format(name=base, number=number)
        if not any((folder / f"{name}{suffix}").exists() for suffix in SUFFIXES):
            try:
                return save_path(folder, name)
            except SaveNameError:
                return save_path(folder, _("kept {number}").format(number=number))
    raise AssertionError("unreachable")


def free_name(folder: Path) -> str:
    """The first of 'game', 'game 2', 'game 3'... (in the language grail speaks) not used in
    ``folder``: the name a new game is offered."""
    for number in itertools.count(1):
        name = _("game") if number == 1 else _("game {number}").format(number=number)
        if not any((folder / f"{name}{suffix}").exists() for suffix in SUFFIXES):
            return name
    raise AssertionError("unreachable")
