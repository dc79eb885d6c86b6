"""Authoring commands: ``grail lint`` (the story's shape, beyond validation) and
``grail map`` (a picture of the campaign's geography). ``grail text --at`` (cli/text.py)
tries an entry.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from grail.cli.game import CommandError
from grail.content import bundled_pack
from grail.content.cache import open_pack
from grail.content.lint import lint_pack
from grail.lang import _, ngettext


def _shown(pack: str | None) -> str:
    return pack if pack is not None else str(bundled_pack())


def cmd_lint(args: argparse.Namespace) -> int:
    """Validate, then lint; exit 1 when anything is an error, else 0."""
    report = lint_pack(Path(args.pack) if args.pack else bundled_pack())
    if args.json:
        print(json.dumps([finding.to_json() for finding in report.findings], indent=2))
        return 1 if report.errors else 0
    for finding in report.findings:
        print(finding.shown_in(_shown(args.pack)))
    if not report.valid:
        print(_("the pack does not validate, so it was not linted: fix the errors above "
                "('grail validate' lists the same)"), file=sys.stderr)
    elif not report.findings:
        print(_("{pack}: nothing found").format(pack=_shown(args.pack)))
    if report.findings:
        # TRANSLATORS: "0 errors, 3 warnings"
        print(_("{errors}, {warnings}").format(
            errors=ngettext("{count} error", "{count} errors", report.errors).format(
                count=report.errors),
            warnings=ngettext("{count} warning", "{count} warnings", report.warnings).format(
                count=report.warnings)), file=sys.stderr)
    return 1 if report.errors else 0


def cmd_map(args: argparse.Namespace) -> int:
    """Draw the whole map into a PNG file."""
    out = Path(args.out)
    if out.suffix.lower() != ".png":
        raise CommandError(_("--out names a PNG file (ending in .png), not '{file}'").format(
            file=out), 2)
    campaign = open_pack(args.pack)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on standard output
    from pygame import error as pygame_error  # pygame loads only for this command

    from grail.ui.mapdraw import render_png

    try:
        width, height = render_png(campaign, str(out))
    except pygame_error as error:  # a folder that does not exist, a disk that is full...
        raise CommandError(_("cannot write {file}: {error}").format(file=out, error=error)) from None
    print(ngettext("{file}: the map of {campaign}, {count} Location, {width}x{height} pixels",
                   "{file}: the map of {campaign}, {count} Locations, {width}x{height} pixels",
                   len(campaign.locations)).format(file=out, campaign=campaign.manifest.name,
                                                   count=len(campaign.locations), width=width,
                                                   height=height))
    return 0


def add_author_commands(commands: Any) -> None:
    """Add ``grail lint`` and ``grail map`` to the ``grail`` parser."""
    lint = commands.add_parser("lint", help=_("find story-shape mistakes a valid pack may hold"))
    lint.add_argument("pack", nargs="?", help=_("pack folder (default: the bundled campaign)"))
    lint.add_argument("--json", action="store_true", help=_("print the findings as a JSON list"))
    lint.set_defaults(run=cmd_lint)
    drawn = commands.add_parser("map", help=_("draw the campaign's whole map into a PNG file"))
    drawn.add_argument("pack", nargs="?", help=_("pack folder (default: the bundled campaign)"))
    drawn.add_argument("--out", required=True, metavar="FILE.png", help=_("the PNG file to write"))
    drawn.set_defaults(run=cmd_map)
