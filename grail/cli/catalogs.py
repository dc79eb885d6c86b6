"""grail's own catalogs (grail/locale): the template of every message grail says, extracted
from its code as pyproject.toml's ``[tool.babel]`` says (the keywords of grail/lang.py);
each language's file merged with it, keeping translations, marking changed ones fuzzy and
gone ones obsolete; the compiled files gettext reads; and what a language still lacks.
``grail translate extract --grail``, ``grail translate compile`` and ``grail translate check
--grail`` run them (docs/translating.md).
"""

from __future__ import annotations

import io
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from grail import __version__
from grail.lang import DOMAIN, LOCALE, _, ngettext

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

ROOT = LOCALE.parent.parent
"""The folder above the package: a checkout's top, where pyproject.toml lies."""

TEMPLATE = LOCALE / f"{DOMAIN}.pot"
"""grail's template: every message its code says, in English."""

PLACEHOLDER = re.compile(r"\{[^{}]*\}")

AUTHOR_TOOLS = "grail/content/"
"""Where the author tools' problems are made: the messages whose every place is there."""


class CatalogError(Exception):
    """grail's catalogs cannot be made or read here: why, in one line."""


def _keywords() -> dict[str, tuple[int | tuple[int, str], ...] | None]:
    """The extraction keywords pyproject.toml's ``[tool.babel]`` mapping names."""
    from babel.messages.frontend import parse_keywords

    pyproject = ROOT / "pyproject.toml"
    if not pyproject.is_file():
        raise CatalogError(_("grail's template is extracted in a checkout of grail's source, "
                             "beside its pyproject.toml"))
    babel = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("tool", {}).get("babel", {})
    mapping = next((entry for entry in babel.get("mappings", [])
                    if entry.get("method") == "python"), None)
    if mapping is None:
        raise CatalogError(_("pyproject.toml has no [[tool.babel.mappings]] for Python"))
    keywords = mapping.get("keywords", "")
    return dict(parse_keywords(keywords.split() if isinstance(keywords, str) else keywords))


def extracted() -> Catalog:
    """Every message of grail's code, with where it is said."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    catalog = Catalog(project="grail", version=__version__, domain=DOMAIN,
                      msgid_bugs_address="", copyright_holder="the grail authors",
                      charset="utf-8")
    found = extract_from_dir(str(ROOT / "grail"), method_map=[("**.py", "python")],
                             keywords=_keywords(), comment_tags=("TRANSLATORS:",),
                             strip_comment_tags=True)
    for filename, line, message, comments, context in found:
        place = f"grail/{Path(filename).as_posix()}"
        catalog.add(message, None, [(place, line)], auto_comments=comments, context=context)
    return catalog


def write(catalog: Catalog, path: Path, template: bool = False) -> None:
    """A catalog written where gettext and translators look for it."""
    from babel.messages.pofile import write_po

    out = io.BytesIO()
    write_po(out, catalog, width=96, sort_output=False, omit_header=False,
             ignore_obsolete=False, include_previous=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(out.getvalue())


def read(path: Path) -> Catalog:
    """A language's catalog of grail's messages."""
    from babel.messages.pofile import read_po

    with path.open("rb") as opened:
        return read_po(opened)


def catalogs() -> dict[str, Path]:
    """Each language grail has a catalog for, and its file."""
    return {path.parent.parent.name: path
            for path in sorted(LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))}


def extract(languages: list[str]) -> list[str]:
    """Write the template, and merge it into each language's catalog (a new one for each
    of ``languages`` without one): what was done, a line each."""
    from babel.messages.catalog import Catalog

    template = extracted()
    write(template, TEMPLATE, template=True)
    done = [ngettext("{file}: {count} message", "{file}: {count} messages", len(template)).format(
        file=TEMPLATE.relative_to(ROOT), count=len(template))]
    files = catalogs()
    for code in languages:
        if code not in files:
            files[code] = LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"
            write(Catalog(locale=code, domain=DOMAIN, project="grail", version=__version__,
                          charset="utf-8"), files[code])
    for path in files.values():
        catalog = read(path)
        catalog.update(template, no_fuzzy_matching=False, update_header_comment=False)
        write(catalog, path)
        done.append(_("{file}: merged").format(file=path.relative_to(ROOT)))
    return done


def compile_all() -> list[str]:
    """Compile each language's catalog for gettext (fuzzy translations left out)."""
    from babel.messages.mofile import write_mo

    done = []
    for path in catalogs().values():
        out = io.BytesIO()
        write_mo(out, read(path), use_fuzzy=False)
        path.with_suffix(".mo").write_bytes(out.getvalue())
        done.append(_("{file}: compiled").format(file=path.with_suffix(".mo").relative_to(ROOT)))
    return done


def compiled(path: Path) -> bytes:
    """What compiling a catalog gives, to compare with the file beside it."""
    from babel.messages.mofile import write_mo

    out = io.BytesIO()
    write_mo(out, read(path), use_fuzzy=False)
    return out.getvalue()


@dataclass(frozen=True)
class Standing:
    """How far a language's catalog of grail's messages is translated."""

    code: str
    messages: int
    untranslated: list[str]
    fuzzy: list[str]
    placeholders: list[str]
    author_tools: int
    author_tools_untranslated: int


def standing(code: str) -> Standing:
    """What of grail's messages a language lacks, each by its first place in the code."""
    path = catalogs().get(code)
    if path is None:
        raise CatalogError(_("grail has no catalog for the language '{code}'").format(code=code))
    catalog = read(path)
    untranslated, fuzzy, placeholders = [], [], []
    tools = tools_missing = 0
    for message in catalog:
        if not message.id:
            continue
        ids = [str(text) for text in
               (message.id if isinstance(message.id, tuple | list) else (message.id,))]
        strings = [str(text or "") for text in
                   (message.string if isinstance(message.string, tuple | list)
                    else (message.string,))]
        where = f"{message.locations[0][0]}:{message.locations[0][1]}" if message.locations \
            else path.name
        tool = bool(message.locations) and all(place.startswith(AUTHOR_TOOLS)
                                               for place, _line in message.locations)
        tools += tool
        if not all(strings):
            untranslated.append(where)
            tools_missing += tool
        elif message.fuzzy:
            fuzzy.append(where)
        elif any(sorted(PLACEHOLDER.findall(string))
                 not in [sorted(PLACEHOLDER.findall(english)) for english in ids]
                 for string in strings):  # a plural form says its count, or its one
            placeholders.append(where)
    return Standing(code, sum(1 for message in catalog if message.id), untranslated, fuzzy,
                    placeholders, tools, tools_missing)
