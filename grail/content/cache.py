"""A cache of validated content, so that a second start skips YAML parsing and checks.

The cache lives outside the pack (the user's cache folder, or ``GRAIL_CACHE_DIR``), one
JSON file per pack folder and language, named by the hash of every file the pack holds (and
of the translation laid over it: ``translations.py``). A changed, added or removed file
changes the hash, so the old entry is never read again; an entry
that does not load (truncated, edited, from another grail version) is ignored, removed
and rebuilt. The entry is plain JSON (no pickle) under lines with its hash, read back
into the content models without validating again (``trusted.py``): validating it would
build every model's validator, most of a command's start.
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import json
import os
import re
import tempfile
import time
from functools import cache
from pathlib import Path

import platformdirs

from .. import __version__
from ..lang import PSEUDO, SOURCE, language, normal
from .folder import MAX_FILE_BYTES, bundled_pack, pack_files, paused_gc
from .pack import Campaign
from .problems import PackError
from .translations import catalog_file, in_language, speaks_source
from .trusted import rebuild

FORMAT = 2
"""Bumped whenever the cached JSON changes shape."""

UNUSED_DAYS = 30
"""An entry that no start has read for this many days is removed when another is written."""

ENTRY_NAME = re.compile(r"[0-9a-f]{16}-[0-9a-f]{32}\.json")
"""An entry's name: the hash of its pack folder's path, the hash of its files."""

WRITING = "entry-being-written-"
"""The start of an entry's name while it is written."""


def default_cache_dir() -> Path:
    """``GRAIL_CACHE_DIR`` if set, else the user's cache folder for grail."""
    override = os.environ.get("GRAIL_CACHE_DIR")
    if override:
        return Path(override)
    return Path(platformdirs.user_cache_dir("grail", appauthor=False)) / "content"


@cache
def _code_digest() -> bytes:
    """A hash of the content layer's own code: new checks must see packs cached before."""
    digest = hashlib.sha256()
    for module in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(module.read_bytes())
    return digest.digest()


def pack_digest(root: Path, files: dict[str, bytes] | None = None) -> str | None:
    """A hash of every content file of the pack (paths and bytes) and of the loading code;
    None when the pack holds something refused or unreadable (a link outside it, a folder
    that cannot be read): such a pack is always checked, never taken from the cache."""
    if files is None:
        by_kind, problems = pack_files(root)
        if any(problem.severity == "error" for problem in problems):
            return None
        try:
            files = {name: path.read_bytes()
                     for paths in by_kind.values() for name, path in paths.items()}
        except OSError:
            return None
    digest = hashlib.sha256(f"grail {__version__} cache {FORMAT}\n".encode())
    digest.update(_code_digest())
    for name in sorted(files):
        digest.update(name.encode() + b"\0")
        digest.update(hashlib.sha256(files[name]).digest())
    return digest.hexdigest()[:32]


def _entry(cache_dir: Path, root: Path, digest: str, code: str = SOURCE) -> Path:
    """The entry of a pack folder in a language (each language's entries are their own:
    writing one never removes another's)."""
    named = str(root.resolve()) if code == SOURCE else f"{root.resolve()}\n{code}"
    folder = hashlib.sha256(named.encode()).hexdigest()[:16]
    return cache_dir / f"{folder}-{digest}.json"


def _pack_of(entry: Path) -> str:
    """The pack folder an entry is for (its name's first part), whatever its files' hash."""
    return entry.name.split("-")[0]


_kept: dict[Path, Campaign] | None = None


def keep_loaded() -> None:
    """From now on keep each campaign read from the cache for the life of the process, by
    its entry, for a process that answers many commands on the same packs (a resident
    grail): content is never changed once loaded, and a changed pack has another entry."""
    global _kept
    if _kept is None:
        _kept = {}


def load_cached(root: Path | str, cache_dir: Path | None = None,
                max_bytes: int = MAX_FILE_BYTES, lang: str = SOURCE) -> Campaign:
    """The pack at ``root`` in the language ``lang`` (the source text by default), from the
    cache when its files and its translation are unchanged.

    Raises :class:`PackError` for a broken pack, exactly like :func:`load_pack`, and
    :class:`~grail.content.translations.TranslationError` for a translation that cannot be
    read.
    """
    root = Path(root)
    cache_dir = cache_dir or default_cache_dir()
    code = normal(lang)
    catalog = None if speaks_source(code) or code == PSEUDO else catalog_file(root, code)
    if speaks_source(code) or (code != PSEUDO and catalog is None):
        return _load_source(root, cache_dir, max_bytes)
    entry = _translated_entry(cache_dir, root, code, catalog)
    if entry is not None:
        found = _from_entry(entry)
        if found is not None:
            return found
    campaign = in_language(_load_source(root, cache_dir, max_bytes), root, code)
    if entry is not None:
        _store(cache_dir, entry, campaign)
        _keep(entry, campaign)
    return settled(campaign)


def _translated_entry(cache_dir: Path, root: Path, code: str, catalog: Path | None) -> Path | None:
    """The entry of the pack at ``root`` in the language ``code``, named by the hash of its
    files and of its ``catalog`` (None: the pseudo-language's, which has none); None when
    the pack or the catalog cannot be read, which is then never cached."""
    digest = pack_digest(root) if root.is_dir() else None
    if digest is None:
        return None
    try:
        said = b"" if catalog is None else catalog.read_bytes()
    except OSError:  # reading it again says why, at its place
        return None
    named = f"{digest}\n{code}\n{catalog.name if catalog else ''}\n".encode()
    return _entry(cache_dir, root, hashlib.sha256(named + hashlib.sha256(said).digest())
                  .hexdigest()[:32], code)


def _from_entry(entry: Path) -> Campaign | None:
    """The campaign an entry holds (the one kept in this process, if kept); None when there
    is no such entry or it does not load, which is then removed."""
    if _kept is not None and entry in _kept:
        return _kept[entry]
    try:
        gc.collect(1)  # the young garbage, before the content exists: the old holds
        # what the imports made (a full walk of it, 15-20 ms a command, freed 5 objects)
        with paused_gc():  # reading JSON into models makes no cycles to collect after
            campaign = settled(_read(entry.read_bytes()))
        with contextlib.suppress(OSError):
            os.utime(entry)  # used now: kept another UNUSED_DAYS
        _keep(entry, campaign)
        return campaign
    except (OSError, ValueError):  # Unexpected too
        with contextlib.suppress(OSError):
            entry.unlink(missing_ok=True)
    return None


def _load_source(root: Path, cache_dir: Path, max_bytes: int) -> Campaign:
    """The pack at ``root`` in its own language, from the cache when its files are
    unchanged."""
    digest = pack_digest(root) if root.is_dir() else None
    if digest is not None:
        found = _from_entry(_entry(cache_dir, root, digest))
        if found is not None:
            return found
    from .loader import check_pack  # a start from the cache never imports the checks

    report = check_pack(root, max_bytes)
    if report.campaign is None:
        raise PackError(report.problems, str(root))
    digest = pack_digest(root, report.files)
    if digest is not None:
        _store(cache_dir, _entry(cache_dir, root, digest), report.campaign)
        _keep(_entry(cache_dir, root, digest), report.campaign)
    return settled(report.campaign)


def _keep(entry: Path, campaign: Campaign) -> None:
    """The campaign kept by its entry, while a process keeps what it loads; the same pack's
    older version goes, as its entry did."""
    if _kept is not None:
        for older in [kept for kept in _kept if _pack_of(kept) == _pack_of(entry)]:
            del _kept[older]
        _kept[entry] = campaign


def settled(campaign: Campaign) -> Campaign:
    """The campaign, kept out of the cyclic collector's way: a program keeps its content
    for its whole life, and without this the first collections after a load walk every
    model of it (most of the wall time of a large pack's first games). The caller has
    collected the garbage first, which would be kept for ever too: before reading the
    cache, the young generations' (walking the loaded content was a third of a cached load,
    and walking all that the imports made, most of the rest); checking a pack's files
    leaves none (it makes no reference cycles, and froze what it built: ``paused_gc``)."""
    gc.freeze()
    return campaign


def _written(campaign: Campaign) -> bytes:
    """An entry: a line with the hash of what follows it, then the campaign's digest (which
    saves compare) on a line, then the campaign's JSON."""
    kept = f"{campaign.digest}\n".encode() \
        + campaign.model_dump_json(by_alias=True, exclude_defaults=True).encode()
    return f"{hashlib.sha256(kept).hexdigest()}\n".encode() + kept


def _read(written: bytes) -> Campaign:
    """The campaign of an entry, built again without validating (``trusted.py``): its JSON
    is what grail wrote from validated content, as its hash shows. Raises ValueError for an
    entry that is not (cut short, changed, damaged)."""
    check, _, kept = written.partition(b"\n")
    if hashlib.sha256(kept).hexdigest().encode() != check:
        raise ValueError("the cache entry does not match its hash")
    digest, _, body = kept.partition(b"\n")
    campaign = rebuild(Campaign, json.loads(body))
    vars(campaign)["digest"] = digest.decode()  # its cached_property, worked out when written
    return campaign


def _store(cache_dir: Path, entry: Path, campaign: Campaign) -> None:
    """Write the entry atomically, drop the older entries of its pack (in its language) and
    any entry unused for :data:`UNUSED_DAYS` days; never fails loudly."""
    written: str | None = None
    try:
        cache_dir.mkdir(parents=True, exist_ok=True)
        for old in cache_dir.glob(_pack_of(entry) + "-*.json"):
            old.unlink(missing_ok=True)
        _forget_unused(cache_dir)
        with tempfile.NamedTemporaryFile("wb", dir=cache_dir, delete=False,
                                         prefix=WRITING, suffix=".tmp") as tmp:
            written = tmp.name
            tmp.write(_written(campaign))
        os.replace(tmp.name, entry)
    except OSError:  # a cache that cannot be written only costs speed: nothing is left of it
        if written is not None:
            with contextlib.suppress(OSError):
                os.unlink(written)


def _forget_unused(cache_dir: Path) -> None:
    """Remove the entries no start has read for :data:`UNUSED_DAYS` days (those of a pack
    folder since moved, renamed or deleted: nothing else would ever remove them), and the
    half-written files of a writer stopped a day ago or more."""
    now = time.time()
    for path in cache_dir.iterdir():
        if not (ENTRY_NAME.fullmatch(path.name) or path.name.startswith(WRITING)):
            continue  # the cache folder can be anyone's (GRAIL_CACHE_DIR): only ours go
        days = UNUSED_DAYS if path.suffix == ".json" else 1
        with contextlib.suppress(OSError):
            if path.stat().st_mtime < now - days * 86_400:
                path.unlink()


def pack_folder(pack: str | Path | None) -> Path:
    """The folder of the pack asked for: the bundled campaign when None."""
    return Path(pack) if pack else bundled_pack()


def open_pack(pack: str | Path | None, lang: str | None = None) -> Campaign:
    """The pack at ``pack``, or the bundled campaign when None, in the language ``lang``
    (by default the language grail speaks), through the cache; raises :class:`PackError`
    for a pack with problems or a translation that cannot be read."""
    return load_cached(pack_folder(pack), lang=language() if lang is None else lang)
