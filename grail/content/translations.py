"""A pack's translations: which of its strings a player reads, and those strings in another
language, laid over the loaded content.

Every field typed ``Text`` (marked :class:`~grail.content.base.Translated`) is translatable.
A pack keeps its translations beside its content, one gettext catalog a language::

    translations/template.pot   every translatable string, as 'grail translate extract' writes it
    translations/es.po          Spanish: the template's strings and their translations
    translations/pt_BR.po       Brazilian Portuguese (pt_BR falls back to pt.po when absent)

Each string's message context names the thing it belongs to and its field, from ids, never
from list positions where an id exists: ``<kind>:<id>:<path>``. The kind and id are those of
the nearest thing with an id of its own (:data:`ENTITIES`): ``location:101:name``,
``journal:101.1:text``, ``encounter:green-bramble-hogs:name``, ``hero:tamsin:intro``,
``skill:3:uses.0.name`` (a Skill side, by its number), ``quest:q-answer:text``,
``status:flood:description``, ``chapter:1:name``, ``campaign:minimal:name``. The path is the
field's path below that thing as the YAML writes it (keys, then list positions):
``journal:101:effects.0.choose.2.text``. A translation is found by its context and its
English together, so a string whose English changed falls back to the English until the
translation is reviewed.

Laying a translation over a pack (:func:`in_language`) changes the strings alone: ids,
numbers and effects are the source's, and so is :attr:`Campaign.digest`, which saves record
(a game saved in Spanish opens in English as the same content). ``qps``, the pseudo-language
(:mod:`grail.lang`), lays :func:`grail.lang.pseudo` over every string with no file.

Babel reads and writes the catalogs, imported by the functions that use it: a pack read
from the content cache imports none of it.
"""

from __future__ import annotations

import io
import re
import types
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel

from grail.lang import PSEUDO, SOURCE, normal, pseudo

from .base import Translated, field_types, made
from .belongings import Item, Secret, SkillSide
from .campaign import Chapter, Manifest, Status
from .cards import PlayerCard
from .encounters import CombatEncounter, DiplomacyEncounter
from .events import Quest, RandomEvent, StoryEvent
from .heroes import Hero
from .journal import Entry
from .locations import Location
from .pack import Campaign
from .problems import PackError, Problem
from .references import held

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

FOLDER = "translations"
"""The folder of a pack that holds its catalogs."""

TEMPLATE = "template.pot"
"""The template's name in :data:`FOLDER`."""

ENTITIES: dict[type[BaseModel], tuple[str, str | None]] = {
    Manifest: ("campaign", "id"), Chapter: ("chapter", "number"), Status: ("status", "id"),
    Location: ("location", "number"), Entry: ("journal", None),
    CombatEncounter: ("encounter", "id"), DiplomacyEncounter: ("encounter", "id"),
    StoryEvent: ("event", "id"), RandomEvent: ("event", "id"), Quest: ("quest", "id"),
    Hero: ("hero", "id"), Secret: ("secret", "number"), Item: ("item", "number"),
    SkillSide: ("skill", "number"), PlayerCard: ("card", "id"),
}
"""The things a context names, by model: the kind, and the field that is its id (None: a
journal entry, named by its address, the key it is written under)."""

PLACEHOLDER = re.compile(r"\{[^{}]*\}")
"""A ``{placeholder}`` in a string, which its translation must keep."""

CODE = re.compile(r"[a-z]{2,3}(_[A-Z]{2})?")
"""A language code a pack's catalog is named by: ``es``, ``pt_BR``."""


class TranslationError(PackError):
    """A pack's catalog that cannot be read: its author's problem, said in one line."""

    @property
    def headline(self) -> str:
        return self.problems[0].shown_in(self.pack)


@dataclass(frozen=True)
class Translatable:
    """One string a player reads: its message context, its English, and where it is
    written in the pack (its file and line)."""

    context: str
    text: str
    file: str
    line: int


# --- Which strings ---------------------------------------------------------------------


def _marked(hint: Any) -> bool:
    """Whether a field's type is text to translate (``Text``, ``Text | None``, a list...)."""
    stack = [hint]
    while stack:
        tp = stack.pop()
        origin = get_origin(tp)
        if origin is Annotated:
            args = get_args(tp)
            if any(isinstance(meta, Translated) for meta in args[1:]):
                return True
            stack.append(args[0])
        elif origin in (list, dict, Union, types.UnionType):
            stack.extend(get_args(tp))
    return False


def _models_in(hint: Any) -> set[type[BaseModel]]:
    found: set[type[BaseModel]] = set()
    stack = [hint]
    while stack:
        tp = stack.pop()
        if isinstance(tp, type) and issubclass(tp, BaseModel):
            found.add(tp)
        elif get_origin(tp) in (Annotated, list, dict, Union, types.UnionType):
            stack.extend(get_args(tp))
    return found


_SPEAKS: dict[type[BaseModel], bool] = {}
"""Whether each model met so far can hold translatable text."""


def _speaks(model: type[BaseModel]) -> bool:
    """Whether any value inside ``model`` can be translatable text: a fixed point over the
    models it holds, which answers for each of them too (what a model can hold lies among
    them)."""
    if model not in _SPEAKS:
        universe = held(model)
        inside = {m: set().union(*map(_models_in, field_types(m).values())) for m in universe}
        speaking = {m for m in universe if any(map(_marked, field_types(m).values()))}
        grown = speaking
        while grown:
            grown = {m for m in universe - speaking if inside[m] & speaking}
            speaking |= grown
        _SPEAKS.update((m, m in speaking) for m in universe)
    return _SPEAKS[model]


@cache
def _plan(model: type[BaseModel]) -> tuple[tuple[str, str, bool], ...]:
    """The fields of ``model`` that hold translatable text: attribute, YAML key, and
    whether the field is that text itself (else models that hold some)."""
    types_of = field_types(model)
    return tuple((name, field.alias or name, _marked(types_of[name]))
                 for name, field in model.model_fields.items()
                 if _marked(types_of[name]) or any(map(_speaks, _models_in(types_of[name]))))


_Words = Callable[[str, str, tuple[Any, ...]], str]
"""What a string becomes, given its context, its English and its path from where the walk
began."""


def _over(value: Any, named: str, cut: int, loc: tuple[Any, ...], words: _Words) -> Any:
    """``value`` with ``words`` laid over its translatable strings: the same object where
    nothing changed. ``named`` is the nearest thing with an id (``location:101``), ``loc``
    the path from the walk's start, ``cut`` where that thing's own path begins in it."""
    if isinstance(value, BaseModel):
        entity = ENTITIES.get(type(value))
        if entity is not None:
            kind, ident = entity
            named = f"{kind}:{loc[-1] if ident is None else getattr(value, ident)}"
            cut = len(loc)
        changes = {}
        for name, key, text in _plan(type(value)):
            child = getattr(value, name)
            if child is None:
                continue
            here = (*loc, key)
            new = _said(child, named, cut, here, words) if text else \
                _over(child, named, cut, here, words)
            if new is not child:
                changes[name] = new
        if not changes:
            return value
        fields = {name: changes.get(name, getattr(value, name)) for name in type(value).model_fields}
        return made(type(value), fields, set(value.__pydantic_fields_set__))
    if isinstance(value, list):
        items = [_over(item, named, cut, (*loc, index), words) for index, item in enumerate(value)]
        return value if all(new is old for new, old in zip(items, value, strict=True)) else items
    if isinstance(value, dict):
        found = {key: _over(item, named, cut, (*loc, key), words) for key, item in value.items()}
        return value if all(found[key] is item for key, item in value.items()) else found
    return value


def _said(value: Any, named: str, cut: int, loc: tuple[Any, ...], words: _Words) -> Any:
    """A translatable field's value (a text, or a list or mapping of texts) with ``words``
    laid over it."""
    if isinstance(value, str):
        return words(f"{named}:{'.'.join(map(str, loc[cut:]))}", value, loc)
    if isinstance(value, list):
        items = [_said(item, named, cut, (*loc, index), words) for index, item in enumerate(value)]
        return value if all(new is old for new, old in zip(items, value, strict=True)) else items
    if isinstance(value, dict):
        found = {key: _said(item, named, cut, (*loc, key), words) for key, item in value.items()}
        return value if all(found[key] is item for key, item in value.items()) else found
    return value


def strings(campaign: Campaign) -> list[tuple[str, str]]:
    """Every translatable string of the campaign, ``(context, English)``, in the campaign's
    order (its parts, each thing's fields)."""
    found: list[tuple[str, str]] = []

    def kept(context: str, text: str, loc: tuple[Any, ...]) -> str:
        found.append((context, text))
        return text

    _over(campaign, "", 0, (), kept)
    return found


def laid_over(campaign: Campaign, words: Callable[[str, str], str]) -> Campaign:
    """The campaign with each translatable string replaced by ``words(context, English)``;
    its digest stays the source's (saves compare it)."""
    laid: Campaign = _over(campaign, "", 0, (), lambda context, text, loc: words(context, text))
    vars(laid)["digest"] = campaign.digest  # its cached_property: the source content's
    return laid


def extract(campaign: Campaign, files: Mapping[str, bytes]) -> list[Translatable]:
    """Every translatable string of a checked pack (its campaign and its files' text, as
    :func:`~grail.content.loader.check_pack` reports them) with its file and line, in the
    pack's order: file by file, line by line."""
    from .origin import Origin, Source  # YAML, for the lines: for authors' commands alone
    from .walk import entities

    sources = {name: Source(name, raw) for name, raw in files.items()}
    order = {name: index for index, name in enumerate(files)}
    found: list[Translatable] = []
    for entity in entities(campaign):
        origin = Origin(sources[entity.file])

        def kept(context: str, text: str, loc: tuple[Any, ...], file: str = entity.file,
                 origin: Origin = origin) -> str:
            found.append(Translatable(context, text, file, origin.line_at(loc)))
            return text

        _over(entity.model, "", len(entity.prefix), entity.prefix, kept)
    return sorted(found, key=lambda string: (order[string.file], string.line))


# --- Catalogs --------------------------------------------------------------------------


def speaks_source(code: str) -> bool:
    """Whether ``code`` is the pack's own language (any English): nothing is laid over."""
    return normal(code).split("_")[0] == SOURCE


def catalog_file(root: Path, code: str) -> Path | None:
    """The catalog of the pack at ``root`` for the language ``code``: ``<code>.po``, else
    for a regional code (``es_MX``) the language's (``es.po``); None when it has neither."""
    code = normal(code)
    for name in dict.fromkeys((code, code.split("_")[0])):
        path = root / FOLDER / f"{name}.po"
        if path.is_file():
            return path
    return None


def in_language(campaign: Campaign, root: Path, code: str) -> Campaign:
    """The campaign of the pack at ``root`` as it reads in the language ``code``: its
    catalog's translations laid over it, string by string (the English where one is
    missing, needs review or is empty); the pseudo-language's words for ``qps``; the
    campaign itself for English or a language the pack has no catalog for. Raises
    :class:`TranslationError` for a catalog that cannot be read."""
    code = normal(code)
    if speaks_source(code):
        return campaign
    if code == PSEUDO:
        return laid_over(campaign, lambda context, text: pseudo(text))
    path = catalog_file(root, code)
    if path is None:
        return campaign
    try:
        table = quick_translations(path.read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError):
        table = None
    if table is None:  # anything out of the plain: Babel's reader, and its words for a fault
        table = translations(read_catalog(path, root))
    return laid_over(campaign, lambda context, text: table.get((context, text), text))


def translations(catalog: Catalog) -> dict[tuple[str, str], str]:
    """The translations a catalog gives, by context and English: those neither empty nor
    needing review."""
    return {(message.context, message.id): message.string for message in catalog
            if isinstance(message.id, str) and message.id and message.context
            and isinstance(message.string, str) and message.string and not message.fuzzy}


_QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"')
_PLAIN = re.compile(r'(?:(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?) )?("(?:[^"\\]|\\.)*")')
_ESCAPED = re.compile(r'\\([\\trn"])')
_ESCAPES = {"\\": "\\", "t": "\t", "r": "\r", "n": "\n", '"': '"'}


def quick_translations(text: str) -> dict[tuple[str, str], str] | None:
    """What :func:`translations` gives for a catalog's text, read in one pass for a pack
    loaded in a language; None for a text with anything but plain entries, comments and
    blank lines in it (a fault, a merge left unfinished...), which Babel's reader then
    reads and says."""
    found: dict[tuple[str, str], str] = {}
    parts: dict[str, list[str]] = {}
    fuzzy = False
    field = ""

    def ended() -> bool:
        """The entry read so far kept, when it is a whole translation; False when it has a
        msgid and no msgstr."""
        if "msgid" in parts and "msgstr" not in parts and "msgstr[0]" not in parts:
            return False
        context, english = parts.get("msgctxt"), parts.get("msgid")
        string = parts.get("msgstr")
        if context and english and string and "msgid_plural" not in parts and not fuzzy:
            said = "".join(string)
            if said:
                found["".join(context), "".join(english)] = said
        return True

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:
                if parts and not ended():
                    return None
                parts, fuzzy = {}, True
            continue
        plain = _PLAIN.fullmatch(line)
        if plain is None:
            return None
        keyword, quoted = plain.groups()
        inner = quoted[1:-1]
        if "\\" in inner:
            inner = _ESCAPED.sub(lambda escape: _ESCAPES[escape[1]], inner)
        if keyword is None:
            if not field:
                return None
            parts[field].append(inner)
            continue
        if keyword in ("msgctxt", "msgid") and ("msgstr" in parts or "msgstr[0]" in parts
                                                  or (keyword == "msgctxt" and "msgid" in parts)):
            if not ended():
                return None
            parts, fuzzy = {}, False
        if keyword in parts:
            return None
        parts[keyword], field = [inner], keyword
    return found if not parts or ended() else None


_KEYWORD = re.compile(r"(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)(?=\s|\"|$)\s*(.*)")


def _scanned(text: str) -> tuple[int, int, str] | None:
    """The first line of a catalog's text that no catalog could hold, as ``(line, column,
    what is wrong)``: Babel's reader passes some by (a quote never closed), and says others
    otherwise from one version to the next."""
    unanswered: int | None = None  # the line of a msgid that has no msgstr yet
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        indent = len(raw) - len(raw.lstrip())
        if line.startswith("#~"):
            rest = line[2:].lstrip()
            indent += len(line) - len(rest)
            line = rest
        elif line.startswith("#"):
            continue
        if not line:
            continue
        keyword = _KEYWORD.fullmatch(line)
        if keyword is not None and keyword.group(1) in ("msgctxt", "msgid") \
                and unanswered is not None:
            return unanswered, 1, "a msgid with no msgstr after it"
        if keyword is not None and keyword.group(1) == "msgid":
            unanswered = number
        elif keyword is not None and keyword.group(1).startswith("msgstr"):
            unanswered = None
        quoted = keyword.group(2) if keyword else line
        column = indent + 1 + (len(line) - len(quoted))
        if keyword is None and not line.startswith('"'):
            return number, column, "expected msgctxt, msgid or msgstr and its text in double " \
                "quotes, a line of text in double quotes, or a comment starting with #"
        if not quoted.startswith('"'):
            return number, column, f"expected text in double quotes after {keyword.group(1)}" \
                if keyword else "expected text in double quotes"
        if not _QUOTED.fullmatch(quoted):
            closed = _QUOTED.match(quoted)
            if closed is None:
                return number, column, "this quote is never closed"
            after = quoted[closed.end():]
            return number, column + len(quoted) - len(after.lstrip()), \
                "unexpected text after the closing quote"
    if unanswered is not None:
        return unanswered, 1, "a msgid with no msgstr after it"
    return None


def read_catalog(path: Path, root: Path) -> Catalog:
    """The catalog at ``path`` (in the pack at ``root``), the old English of each string
    needing review as its ``previous_id``; raises :class:`TranslationError` at the line of
    what cannot be read."""
    from babel.messages.pofile import PoFileError, read_po

    shown = path.relative_to(root).as_posix() if path.is_relative_to(root) else str(path)

    def refused(line: int, column: int, message: str) -> TranslationError:
        return TranslationError([Problem(shown, line, column, message)], str(root))

    try:
        raw = path.read_bytes()
    except OSError as error:
        raise refused(1, 1, f"cannot read the file: {error.strerror or error}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise refused(line, 1, "the file is not UTF-8 text: save it as UTF-8") from None
    wrong = _scanned(text)
    if wrong is not None:
        raise refused(*wrong)
    try:
        catalog = read_po(io.StringIO(text), abort_invalid=True)
    except PoFileError as error:
        raise refused(error.lineno + 1, 1, _plainly(str(error))) from None
    except (ValueError, TypeError, KeyError, IndexError) as error:  # a header that does not read
        raise refused(1, 1, f"the catalog's header does not read: {error}") from None
    for message in [*catalog, *catalog.obsolete.values()]:
        _previous(message)
    return catalog


def _plainly(message: str) -> str:
    """Babel's words for what is wrong in a catalog, as grail says it."""
    if message.startswith("missing msgstr"):
        return "a msgid with no msgstr after it"
    if "conflicts" in message:
        return "a merge conflict is left in the file"
    if "num_plurals" in message:
        return "more plural forms than the catalog's Plural-Forms header gives"
    return message


def _previous(message: Any) -> None:
    """Read the old English of a string needing review (its ``#| msgid`` lines, which
    Babel reads as comments) into its ``previous_id``."""
    from babel.messages.pofile import unescape

    lines = [comment for comment in message.user_comments if comment.startswith("|")]
    if not lines:
        return
    message.user_comments = [comment for comment in message.user_comments
                             if not comment.startswith("|")]
    joined = " ".join(line[1:].strip() for line in lines)
    found = re.search(r"\bmsgid\s+((?:\"(?:[^\"\\]|\\.)*\"\s*)+)", joined)
    if found is not None:
        message.previous_id = ["".join(unescape(part) for part in _QUOTED.findall(found[1]))]


def template(found: Iterable[Translatable], manifest: Manifest,
             created: datetime | str | None = None) -> Catalog:
    """The template of a pack's catalogs: every string, its context and where it is."""
    from babel.messages.catalog import Catalog

    catalog = Catalog(project=manifest.id, version=manifest.version, msgid_bugs_address="",
                      header_comment=f"# Translations template for {manifest.name}.\n"
                      "# Written by 'grail translate extract' from the pack's content: "
                      "edit the content, then extract again.",
                      creation_date=created, charset="utf-8")
    for string in found:
        catalog.add(string.text, locations=[(string.file, string.line)], context=string.context)
    return catalog


def new_catalog(code: str, manifest: Manifest, created: datetime | str | None) -> Catalog:
    """An empty catalog of the language ``code``, to merge the template into."""
    from babel.core import Locale, UnknownLocaleError
    from babel.messages.catalog import Catalog

    try:
        name = Locale.parse(code).english_name or code
    except (UnknownLocaleError, ValueError):
        name = code
    return Catalog(locale=code, project=manifest.id, version=manifest.version,
                   msgid_bugs_address="", header_comment=f"# {name} translation of "
                   f"{manifest.name}.", creation_date=created, fuzzy=False, charset="utf-8")


@dataclass(frozen=True)
class Counts:
    """A catalog's strings as a merge leaves them."""

    translated: int
    review: int
    untranslated: int
    obsolete: int


def merged(template: Catalog, old: Catalog) -> tuple[Catalog, Counts]:
    """``old`` brought up to ``template``: each string kept with its translation where its
    context and English are unchanged; marked as needing review (fuzzy), its old English
    kept as ``previous_id``, where only the English changed; new and untranslated where it
    is new. A translated string the template no longer has becomes obsolete (``#~``); an
    untranslated one goes."""
    from babel.messages.catalog import Catalog, Message

    fresh = Catalog(header_comment=old.header_comment, fuzzy=old.fuzzy)
    fresh.mime_headers = old.mime_headers
    fresh.creation_date = template.creation_date
    fresh.charset = "utf-8"
    everything = [message for message in [*old, *old.obsolete.values()]
                  if isinstance(message.id, str) and message.id]
    exact: dict[tuple[str | None, str], Message] = {}
    by_context: dict[str | None, Message] = {}
    for message in reversed(everything):  # a live string before an obsolete one
        exact[message.context, str(message.id)] = message
        if message.string:
            by_context[message.context] = message
    used: set[int] = set()
    for message in template:
        if not isinstance(message.id, str) or not message.id:
            continue
        earlier = exact.get((message.context, message.id))
        flags: set[str] = set()
        if earlier is None:
            earlier = by_context.get(message.context)
            flags = set() if earlier is None else {"fuzzy"}
        previous: list[str] = []
        if earlier is not None:
            used.add(id(earlier))
            flags |= earlier.flags
            previous = [str(part) for part in earlier.previous_id]
            if "fuzzy" in flags and not (earlier.fuzzy and previous):
                previous = [] if earlier.id == message.id else [str(earlier.id)]
        fresh.add(message.id, earlier.string if earlier is not None else "",
                  locations=message.locations, flags=flags, previous_id=previous,
                  user_comments=earlier.user_comments if earlier is not None else (),
                  context=message.context)
    for message in everything:
        if id(message) not in used and message.string:
            key = str(message.id)
            fresh.obsolete[key if message.context is None else (key, message.context)] = message
    live = [message for message in fresh if message.id]
    review = sum(bool(message.string) and message.fuzzy for message in live)
    translated = sum(bool(message.string) and not message.fuzzy for message in live)
    return fresh, Counts(translated, review, len(live) - translated - review, len(fresh.obsolete))


def written(catalog: Catalog) -> bytes:
    """A catalog's text as its file holds it."""
    from babel.messages.pofile import write_po

    out = io.BytesIO()
    write_po(out, catalog, width=76, include_previous=True)
    return out.getvalue()


# --- Checking a translation -------------------------------------------------------------

Lack = Literal["untranslated", "review", "placeholders"]


@dataclass(frozen=True)
class Gap:
    """What a translation lacks for one string: ``untranslated`` (missing or empty),
    ``review`` (fuzzy: its English changed since) or ``placeholders`` (the translation's
    ``{placeholders}`` are not the English's); ``line`` is the catalog's line (None when the
    string is not in it yet)."""

    lack: Lack
    string: Translatable
    line: int | None
    detail: str = ""


def gaps(found: Iterable[Translatable], catalog: Catalog) -> list[Gap]:
    """What ``catalog`` lacks for each of the pack's strings, in the pack's order."""
    lacking = []
    for string in found:
        message = catalog.get(string.text, context=string.context)
        if message is None:
            lacking.append(Gap("untranslated", string, None, "not in the catalog yet"))
        elif not message.string:
            lacking.append(Gap("untranslated", string, message.lineno))
        elif message.fuzzy:
            lacking.append(Gap("review", string, message.lineno))
        elif isinstance(message.string, str):
            english, translated = _held(string.text), _held(message.string)
            if english != translated:
                lacking.append(Gap("placeholders", string, message.lineno,
                                   f"{' '.join(english) or 'none'} in the English, "
                                   f"{' '.join(translated) or 'none'} in the translation"))
    return lacking


def _held(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


def catalogs(root: Path) -> Mapping[str, Path]:
    """The pack's catalogs by language code, in order of their codes."""
    folder = root / FOLDER
    found = sorted(folder.glob("*.po")) if folder.is_dir() else []
    return {path.stem: path for path in found if path.is_file()}
