"""``grail translate``: a pack's translations, kept inside the pack as a Battle for Wesnoth
add-on keeps its own (grail/content/translations.py, docs/translating.md).

``extract`` writes ``PACK/translations/template.pot``, every string a player reads with its
context and where it is written, and brings each ``PACK/translations/<lang>.po`` up to it
(``--lang CODE`` starts one). ``check`` says what each catalog still lacks, at its line;
it exits 1 when anything does.

With ``--grail`` they work on grail's own catalogs instead, in a checkout of its source
(grail/cli/catalogs.py): ``extract --grail`` writes ``grail/locale/grail.pot`` from the code
and merges it into each language's ``grail.po``; ``compile`` writes the ``grail.mo`` files
gettext reads; ``check --grail`` says what each language lacks, and how many of the author
tools' messages remain.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from grail.cli.catalogs import CatalogError, compile_all, standing
from grail.cli.catalogs import catalogs as own_catalogs
from grail.cli.catalogs import extract as own_extract
from grail.cli.game import CommandError
from grail.content import Campaign, PackError, bundled_pack
from grail.content.problems import commas
from grail.content.translations import (
    CODE,
    FOLDER,
    TEMPLATE,
    Counts,
    Gap,
    Translatable,
    TranslationError,
    catalogs,
    extract,
    gaps,
    merged,
    new_catalog,
    read_catalog,
    speaks_source,
    template,
    written,
)
from grail.lang import N_, PSEUDO, _, ngettext, normal


def _shown(pack: str | None) -> str:
    return pack if pack is not None else str(bundled_pack())


def _in(pack: str, file: str) -> str:
    """A file of the pack as the user names it: under the pack folder as it was given."""
    return file if pack in ("", ".") else f"{pack.rstrip('/')}/{file}"


def _code(text: str) -> str:
    """A ``--lang`` as a catalog is named by it: ``es``, ``pt_BR``."""
    code = normal(text)
    if speaks_source(code):
        raise CommandError(_("'{code}' is English, the language packs are written in: it needs "
                             "no catalog").format(code=text))
    if code == PSEUDO:
        raise CommandError(_("'{code}' is the pseudo-language, made from the English: it needs "
                             "no catalog").format(code=text))
    if not CODE.fullmatch(code):
        raise CommandError(_("--lang takes a language code such as es or pt_BR, not '{code}'")
                           .format(code=text))
    return code


def _checked(root: Path) -> tuple[Campaign, list[Translatable]]:
    """The pack at ``root`` and its translatable strings; :class:`PackError` when it has
    problems (a pack that does not validate cannot be translated)."""
    from grail.content.loader import check_pack

    report = check_pack(root)
    if report.campaign is None:
        raise PackError(report.problems, str(root))
    return report.campaign, extract(report.campaign, report.files)


def _write(path: Path, text: bytes) -> bool:
    """Write ``text`` at ``path`` whole or not at all (a translator's work is never left
    cut short); False when the file holds it already."""
    with contextlib.suppress(OSError):
        if path.read_bytes() == text:
            return False
    with tempfile.NamedTemporaryFile("wb", dir=path.parent, prefix=f".{path.name}.",
                                     delete=False) as out:
        out.write(text)
    try:
        os.replace(out.name, path)
    except OSError:
        os.unlink(out.name)
        raise
    return True


def _counted(counts: Counts) -> str:
    said = [ngettext("{count} translated", "{count} translated", counts.translated).format(
        count=counts.translated)]
    if counts.review:
        said.append(ngettext("{count} needing review", "{count} needing review",
                             counts.review).format(count=counts.review))
    if counts.untranslated:
        said.append(ngettext("{count} untranslated", "{count} untranslated",
                             counts.untranslated).format(count=counts.untranslated))
    if not counts.obsolete:
        return commas(said)
    # TRANSLATORS: "4 translated, 2 needing review; 2 obsolete"
    return ngettext("{counts}; {count} obsolete", "{counts}; {count} obsolete",
                    counts.obsolete).format(counts=commas(said), count=counts.obsolete)


def cmd_extract(args: argparse.Namespace) -> int:
    """Write the template, then merge it into every catalog (and a new one for --lang)."""
    if args.grail:
        return _grail_catalogs(lambda: own_extract([_code(args.lang)] if args.lang else []))
    root, pack = Path(_shown(args.pack)), _shown(args.pack)
    wanted = _code(args.lang) if args.lang else None
    campaign, found = _checked(root)
    manifest = campaign.manifest
    folder = root / FOLDER
    folder.mkdir(exist_ok=True)
    pot = folder / TEMPLATE
    fresh = template(found, manifest)
    if pot.is_file():
        with contextlib.suppress(TranslationError):  # a damaged template is written anew
            kept = template(found, manifest, read_catalog(pot, root).creation_date)
            if written(kept) == pot.read_bytes():
                fresh = kept  # nothing changed: not even its date
    changed = _write(pot, written(fresh))
    print((ngettext("{file}: {count} string", "{file}: {count} strings", len(found)) if changed
           else ngettext("{file}: {count} string, unchanged", "{file}: {count} strings, unchanged",
                         len(found))).format(file=_in(pack, f"{FOLDER}/{TEMPLATE}"),
                                             count=len(found)))
    targets: dict[str, Path | None] = dict(catalogs(root))
    if wanted is not None:
        targets.setdefault(wanted, None)
    for code, path in sorted(targets.items()):
        old = read_catalog(path, root) if path is not None else \
            new_catalog(code, manifest, fresh.creation_date)
        catalog, counts = merged(fresh, old)
        target = folder / f"{code}.po"
        changed = _write(target, written(catalog))
        said = _("{file}: new, {counts}") if path is None else _("{file}: {counts}") if changed \
            else _("{file}: unchanged, {counts}")
        print(said.format(file=_in(pack, f"{FOLDER}/{code}.po"), counts=_counted(counts)))
    return 0


_LACKS = {"untranslated": N_("untranslated"), "review": N_("needs review (its English changed)"),
          "placeholders": N_("placeholders differ")}
"""What a string's translation lacks, in words (translated where they are said)."""


def _gap_line(gap: Gap, pack: str, catalog: str) -> str:
    where = f"{catalog}:{gap.line}" if gap.line is not None else catalog
    string = gap.string
    # TRANSLATORS: "es.po:31: untranslated: location:103:name (locations/103.yaml:2)"
    said = _("{where}: {lack} ({detail}): {string} ({place})") if gap.detail else \
        _("{where}: {lack}: {string} ({place})")
    return said.format(where=where, lack=_(_LACKS[gap.lack]), detail=gap.detail,
                       string=string.context, place=f"{_in(pack, string.file)}:{string.line}")


def _grail_catalogs(work: Callable[[], list[str]]) -> int:
    try:
        done = work()
    except CatalogError as error:
        raise CommandError(str(error)) from None
    for line in done:
        print(line)
    return 0


def cmd_compile(args: argparse.Namespace) -> int:
    """Compile grail's own catalogs for gettext."""
    return _grail_catalogs(compile_all)


def _grail_check(only: str | None) -> int:
    """What each language's catalog of grail's messages lacks; exit 1 when any lacks a
    message a player reads (the author tools' messages are counted, not failed)."""
    codes = [only] if only else sorted(own_catalogs())
    lacking = False
    for code in codes:
        try:
            found = standing(code)
        except CatalogError as error:
            raise CommandError(str(error)) from None
        for where in found.untranslated:
            print(_("{code}: untranslated: {where}").format(code=code, where=where))
        for where in found.fuzzy:
            print(_("{code}: needs review: {where}").format(code=code, where=where))
        for where in found.placeholders:
            print(_("{code}: placeholders differ: {where}").format(code=code, where=where))
        missing = len(found.untranslated) + len(found.fuzzy) + len(found.placeholders)
        # TRANSLATORS: "es: 900 messages, 880 translated; the author tools' 300 messages: 20
        # untranslated"
        print(_("{code}: {messages}; the author tools' {tools}").format(
            code=code,
            messages=ngettext("{count} message, {translated} translated",
                              "{count} messages, {translated} translated", found.messages).format(
                count=found.messages, translated=found.messages - missing),
            tools=ngettext("{count} message: {untranslated} untranslated",
                           "{count} messages: {untranslated} untranslated",
                           found.author_tools).format(
                count=found.author_tools, untranslated=found.author_tools_untranslated)))
        lacking = lacking or missing > found.author_tools_untranslated
    return 1 if lacking else 0


def cmd_check(args: argparse.Namespace) -> int:
    """Say what each catalog lacks, one line a string, then a line of counts; exit 1 when
    any lacks anything."""
    if args.grail:
        return _grail_check(_code(args.lang) if args.lang else None)
    root, pack = Path(_shown(args.pack)), _shown(args.pack)
    found = _checked(root)[1]
    targets = dict(catalogs(root))
    if args.lang:
        code = _code(args.lang)
        if code not in targets:
            raise CommandError(_("{pack} has no catalog for '{code}' ({file}): '{command}' "
                                 "starts one").format(
                pack=pack, code=code, file=_in(pack, f"{FOLDER}/{code}.po"),
                command=f"grail translate extract --lang {code}"))
        targets = {code: targets[code]}
    if not targets:
        print(_("{pack}: no translations to check ({folder}/ holds no .po file)").format(
            pack=pack, folder=_in(pack, FOLDER)))
        return 0
    lacking = False
    for code, path in targets.items():
        shown = _in(pack, path.relative_to(root).as_posix())
        found_gaps = gaps(found, read_catalog(path, root))
        for gap in found_gaps:
            print(_gap_line(gap, pack, shown))
        lacking = lacking or bool(found_gaps)
        print(ngettext("{code}: {count} string, {counts}", "{code}: {count} strings, {counts}",
                       len(found)).format(code=code, count=len(found),
                                          counts=_summed(found_gaps, len(found))))
    return 1 if lacking else 0


def _summed(found_gaps: list[Gap], strings: int) -> str:
    untranslated = sum(gap.lack == "untranslated" for gap in found_gaps)
    review = sum(gap.lack == "review" for gap in found_gaps)
    placeholders = sum(gap.lack == "placeholders" for gap in found_gaps)
    if not found_gaps:
        return _("all translated")
    translated = strings - untranslated - review
    said = [ngettext("{count} translated", "{count} translated", translated).format(
                count=translated),
            ngettext("{count} untranslated", "{count} untranslated", untranslated).format(
                count=untranslated),
            ngettext("{count} needing review", "{count} needing review", review).format(
                count=review)]
    if placeholders:
        said.append(ngettext("{count} with other placeholders than the English's",
                             "{count} with other placeholders than the English's",
                             placeholders).format(count=placeholders))
    return commas(said)


def add_translate_command(commands: Any) -> None:
    """Add ``grail translate extract`` and ``grail translate check`` to the parser."""
    translate = commands.add_parser("translate", help=_("extract a pack's strings for "
                                                        "translation and check its translations"))
    actions = translate.add_subparsers(dest="action", required=True, metavar="ACTION")
    extracting = actions.add_parser(
        "extract", help=_("write PACK/translations/template.pot and merge it into each "
                          "PACK/translations/<lang>.po"))
    extracting.add_argument("pack", nargs="?", help=_("pack folder (default: the bundled campaign)"))
    extracting.add_argument("--lang", metavar="CODE",
                            help=_("start the catalog of this language (es, pt_BR...) if the "
                                   "pack has none"))
    extracting.add_argument("--grail", action="store_true",
                            help=_("grail's own catalogs (grail/locale), in a checkout of its "
                                   "source, instead of a pack's"))
    extracting.set_defaults(run=cmd_extract)
    compiling = actions.add_parser(
        "compile", help=_("compile grail's own catalogs (grail/locale/<lang>/LC_MESSAGES/"
                          "grail.mo) for gettext; a pack's need no compiling"))
    compiling.set_defaults(run=cmd_compile)
    checking = actions.add_parser(
        "check", help=_("say what each translation lacks: untranslated strings, strings "
                        "needing review, placeholders that differ; exit 1 when any"))
    checking.add_argument("pack", nargs="?", help=_("pack folder (default: the bundled campaign)"))
    checking.add_argument("--lang", metavar="CODE",
                          help=_("check this language only (default: every catalog)"))
    checking.add_argument("--grail", action="store_true",
                          help=_("grail's own catalogs instead of a pack's"))
    checking.set_defaults(run=cmd_check)
