"""Loading a content pack: read every file, validate it, cross-check it, report everything.

>>> from grail.content import bundled_pack
>>> campaign = load_pack(bundled_pack())
>>> campaign.location[campaign.manifest.start].number
101

A broken pack raises :class:`PackError` listing every problem at its file, line and column.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path, PurePosixPath
from typing import Any

from pydantic import TypeAdapter, ValidationError

from grail.lang import SOURCE, _

from .base import content_models
from .checks import cross_check
from .crossref import Entities
from .folder import MAX_FILE_BYTES, pack_files, paused_gc
from .locate import node_at, problems_from
from .origin import Origin, Source
from .pack import KINDS, Campaign, Kind
from .problems import PackError, Problem
from .references import held
from .salvage import sound_parts
from .translations import in_language
from .yamlsource import Document, SourceError, read_document


@cache
def adapter(kind: Kind) -> TypeAdapter[Any]:
    """The validator of one kind's files (built on first use, with every content model's)."""
    _build_validators()
    return TypeAdapter(kind.model)


@cache
def _build_validators() -> None:
    """Build every content model's validator, each after those of the models it holds (as
    defining the classes did before ``Model`` deferred it), so that each is built once:
    built one kind at a time, each kind's validator would build the effects' and the
    conditions' again for itself (a cold load some 0.6 s slower)."""
    for model in sorted(content_models(), key=lambda model: (len(held(model)), model.__name__)):
        model.model_rebuild()


@dataclass
class PackReport:
    """The outcome of checking a pack: the campaign when clean, and every problem."""

    campaign: Campaign | None
    problems: list[Problem]
    counts: dict[str, int] = field(default_factory=dict)
    files: dict[str, bytes] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not any(p.severity == "error" for p in self.problems)


def _kind_of(file: str) -> Kind | None:
    """The kind of content a path of the pack would hold, if any."""
    first = file.split("/", 1)[0]
    return next((kind for kind in KINDS if (kind.folder or "campaign.yaml") == first), None)


def check_pack(root: Path, max_bytes: int = MAX_FILE_BYTES) -> PackReport:
    """Read, validate and cross-check the pack at ``root``; never raises for bad content."""
    with paused_gc():
        return _check_pack(root, max_bytes)


def _check_pack(root: Path, max_bytes: int) -> PackReport:
    if not root.is_dir():
        return PackReport(None, [Problem("", 1, 1, _("not a pack folder: a file")
                                         if root.exists() else _("no such pack folder"))])
    by_kind, problems = pack_files(root)
    entities = Entities()
    for refused in problems:  # what could not be read defines names we cannot know
        kind = _kind_of(refused.file)
        if refused.severity == "error" and kind is not None:
            entities.salvage.unreadable(kind)
        elif refused.severity == "warning":  # found, not read (a .yml, a file out of place)
            entities.unread[PurePosixPath(refused.file).stem] = refused.file
    if not by_kind[KINDS[0]]:
        entities.salvage.unreadable(KINDS[0])  # no manifest: its Statuses are unknown
    files: dict[str, bytes] = {}
    sources: dict[str, str] = {}
    for kind, paths in by_kind.items():
        for rel, path in paths.items():
            try:
                raw = path.read_bytes()
            except OSError as error:
                problems.append(Problem(rel, 1, 1, _("cannot read the file: {error}").format(
                    error=error.strerror)))
                entities.salvage.unreadable(kind)
                continue
            files[rel] = raw
            try:
                doc = read_document(raw, max_bytes)
            except SourceError as error:
                problems.append(Problem(rel, error.line, error.col, error.message))
                entities.salvage.unreadable(kind)
                continue
            try:
                value = adapter(kind).validate_python(doc.data, strict=True)
            except ValidationError as error:
                problems.extend(problems_from(error, doc.root, rel, kind.model))
                entities.salvage.invalid(kind, doc.data)
                entities.by_kind.setdefault(kind.name, []).extend(
                    (part, Origin(Source(rel, raw), path))
                    for part, path in sound_parts(kind, doc.data))
                continue
            _collect(kind, value, doc, Origin(Source(rel, raw)), entities, sources)
    problems.extend(cross_check(entities))
    counts = _counts(entities)
    campaign = None
    errors = [problem for problem in problems if problem.severity == "error"]
    if not errors and entities.manifest is not None:
        parts: dict[str, Any] = {kind.name: [e for e, _origin in entities.of(kind.name)]
                                 for kind in KINDS[1:]}
        # every part is validated already
        campaign = Campaign.model_construct(manifest=entities.manifest[0], sources=sources,
                                            **parts)
    return PackReport(campaign, sorted(problems), counts, files)


def _collect(kind: Kind, value: Any, doc: Document, origin: Origin, entities: Entities,
             sources: dict[str, str]) -> None:
    if kind.name == "campaign":
        entities.manifest = (value, origin)
        return
    if kind.list_key is None:
        found = [(value, origin)]
    else:
        found = [(item, Origin(origin.source, (kind.list_key, index)))
                 for index, item in enumerate(getattr(value, kind.list_key))]
    entities.by_kind.setdefault(kind.name, []).extend(found)
    if kind.name == "journal":
        entries = node_at(doc.root, ("entries",))[0]
        for key_node, _entry in entries.value:
            sources[f"entry:{key_node.value}"] = f"{origin.file}:{key_node.start_mark.line + 1}"
        return
    for index, (item, where) in enumerate(found):
        ident = next(getattr(item, name) for name in ("id", "number", "card")
                     if name in type(item).model_fields)
        node = doc.root if kind.list_key is None else node_at(doc.root, (kind.list_key, index))[0]
        sources[f"{kind.entity}:{ident}"] = f"{where.file}:{node.start_mark.line + 1}"


def _counts(entities: Entities) -> dict[str, int]:
    counts = {kind.name: len(entities.of(kind.name)) for kind in KINDS[1:]}
    counts["journal_entries"] = sum(len(s.entries) for s, _origin in entities.of("journal"))
    del counts["journal"]
    order = ["locations", "journal_entries", "encounters", "events", "secrets", "items",
             "skills", "heroes", "cards"]
    return {name: counts[name] for name in order}


def load_pack(root: Path | str, max_bytes: int = MAX_FILE_BYTES, lang: str = SOURCE) -> Campaign:
    """The validated campaign at ``root``, in the language ``lang`` (its translation laid
    over it: ``translations.py``; the source text by default); raises :class:`PackError`
    with every problem, :class:`~grail.content.translations.TranslationError` for a
    translation that cannot be read."""
    report = check_pack(Path(root), max_bytes)
    if report.campaign is None:
        raise PackError(report.problems, str(root))
    return in_language(report.campaign, Path(root), lang)
