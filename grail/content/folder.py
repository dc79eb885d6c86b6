"""A pack's folder as grail reads it: where the bundled pack is, which of a pack's files
are its content (and a problem for each file it holds that is not read), the largest file
read, and the collector paused while a whole pack is read. Reading a pack from the
content cache needs no more than this of the loader (no YAML, checks or validators).
"""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator
from contextlib import contextmanager
from operator import attrgetter, itemgetter
from pathlib import Path

from grail.lang import _

from .pack import KINDS, Kind
from .problems import Problem, commas, suggest

CONTENT_SUFFIX = ".yaml"

MAX_FILE_BYTES = 1_000_000
"""Files larger than this are refused (a pack's largest file is a few dozen KB)."""


def bundled_pack() -> Path:
    """The campaign shipped with grail: installed as ``grail/campaign``, or ``content/``."""
    here = Path(__file__).resolve().parent.parent
    installed = here / "campaign"
    if (installed / "campaign.yaml").is_file():
        return installed
    return here.parent / "content"


@contextmanager
def paused_gc() -> Iterator[None]:
    """Pause the cyclic garbage collector while loading builds many acyclic objects, and
    keep what it built out of the collector's way when it ends.

    Loading a full pack creates hundreds of thousands of short-lived nodes and models with
    no reference cycles; collections during that time only walk them in vain, and so would
    the first one after it: everything built in the pause is young then, and that walk
    found nothing to free and took 70 ms of a 600 ms load of the synthetic pack. So what is
    alive when it ends is frozen (``gc.freeze``): freed as ever once unused, never walked.
    A load makes no cyclic garbage that freezing would keep for ever (tested, broken packs
    too); whatever the caller holds is frozen with it, as a cached load freezes it
    (``cache.settled``).
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if enabled:
            gc.enable()


def pack_files(root: Path) -> tuple[dict[Kind, dict[str, Path]], list[Problem]]:
    """Every content file of the pack by kind, by its name in the pack (``cards/x.yaml``,
    in order), and problems with what is not read: YAML files out of place (warnings),
    links leading outside the pack, folders that cannot be read and YAML names that are not
    plain files (errors, never skipped in silence).

    Hidden files and folders (``.git``, ``.github``, editor backups) are ignored.
    """
    folders = {kind.folder: kind for kind in KINDS if kind.folder}
    by_kind: dict[Kind, dict[str, Path]] = {kind: {} for kind in KINDS}
    found, problems = _walk(root)
    for name, path in found:
        parts = name.split("/")
        suffix = path.suffix
        if name == "campaign.yaml":
            by_kind[KINDS[0]][name] = path
        elif suffix == CONTENT_SUFFIX and len(parts) > 1 and parts[0] in folders:
            by_kind[folders[parts[0]]][name] = path
        elif suffix != CONTENT_SUFFIX and suffix.lower() in (CONTENT_SUFFIX, ".yml"):  # .YAML
            problems.append(_not_read(name, _(
                "content files end in .yaml, not {suffix}: this file is not read").format(
                    suffix=suffix)))
        elif suffix == CONTENT_SUFFIX and len(parts) > 1:
            hint = suggest(parts[0], list(folders))
            problems.append(_not_read(name, _(
                "'{folder}' is not a content folder{hint}: this file is not read; folders are "
                "{folders}").format(folder=parts[0], hint=hint, folders=commas(sorted(folders)))))
        elif suffix == CONTENT_SUFFIX:
            problems.append(_not_read(name, _("only campaign.yaml belongs at the top of a pack: "
                                              "this file is not read")))
    if not by_kind[KINDS[0]]:
        problems.append(Problem("campaign.yaml", 1, 1,
                                _("missing: every pack needs a campaign.yaml manifest")))
    return by_kind, problems


def _walk(root: Path) -> tuple[list[tuple[str, Path]], list[Problem]]:
    """The plain files under ``root`` (hidden ones left out) by their names in it, in the
    order of their paths; and a problem for each link that leads outside the pack or
    nowhere, each folder that cannot be read, and each ``.yaml`` name that is not a plain
    file (a FIFO would hang a read)."""
    inside = root.resolve()
    files: list[tuple[list[str], Path]] = []
    problems: list[Problem] = []
    folders: list[tuple[Path, list[str]]] = [(root, [])]
    seen = {inside}
    while folders:
        folder, where = folders.pop()
        try:  # scandir: each entry knows its kind without another stat (pathlib's 5x)
            with os.scandir(folder) as listing:
                children = sorted(listing, key=attrgetter("name"))
        except OSError as error:
            problems.append(Problem("/".join(where) or ".", 1, 1,
                                    _("cannot read this folder: {error}").format(
                                        error=error.strerror or error)))
            continue
        for child in children:
            if child.name.startswith("."):
                continue
            path, parts = folder / child.name, [*where, child.name]
            if child.is_symlink():
                try:
                    target = path.resolve()
                except (RuntimeError, OSError):  # a loop of links (OSError from Python 3.13)
                    problems.append(Problem("/".join(parts), 1, 1, _(
                        "a link that leads back to itself through other links: refused")))
                    continue
                if not target.is_relative_to(inside):
                    problems.append(Problem("/".join(parts), 1, 1, _(
                        "a link that leads outside the pack folder: refused; copy what it points "
                        "to into the pack")))
                    continue
                if not target.exists():
                    problems.append(Problem("/".join(parts), 1, 1,
                                            _("a link to nothing: refused")))
                    continue
            if child.is_dir():
                if path.resolve() not in seen:  # a link inside the pack is read once
                    seen.add(path.resolve())
                    folders.append((path, parts))
            elif child.is_file():
                files.append((parts, path))
            elif path.suffix in (CONTENT_SUFFIX, ".yml"):
                problems.append(Problem("/".join(parts), 1, 1, _("not a plain file: refused")))
    files.sort(key=itemgetter(0))  # a path's order: folder by folder
    return [("/".join(parts), path) for parts, path in files], problems


def _not_read(file: str, message: str) -> Problem:
    return Problem(file, 1, 1, message, "warning")
