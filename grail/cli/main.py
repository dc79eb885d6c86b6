"""The ``grail`` command line: validate packs, list their content, export JSON Schemas,
play on a save file (``new``, ``show``, ``legal``, ``act``, ``undo``, ``checkpoint``,
``replay``: cli/game.py) and in the terminal (``text``: cli/text.py).

``play`` opens the window.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from grail import __version__
from grail.cli.game import CommandError, add_commands, problems_counted
from grail.content import Campaign, PackError, bundled_pack
from grail.content.cache import load_cached
from grail.content.problems import Problem, commas
from grail.engine import compiled
from grail.engine.journal import ContentLoop
from grail.lang import _, language, ngettext, use, wanted
from grail.resident import ON_A_SAVE, ResidentError, spoken
from grail.save import SaveError
from grail.words.refusals import loop_words

LISTABLE = ("heroes", "locations", "journal", "encounters", "events", "secrets", "items",
            "skills", "cards")


def _shown(pack: str | None) -> str:
    return pack if pack is not None else str(bundled_pack())


def _pack_path(pack: str | None) -> Path:
    return Path(pack) if pack is not None else bundled_pack()


def _print_problems(problems: list[Problem], pack: str, out: Any) -> None:
    for problem in problems:
        print(problem.shown_in(pack), file=out)


def counted(name: str, count: int) -> str:
    """So many of one kind of what a pack holds, as ``grail validate`` counts it: "1
    location", "15 journal entries"."""
    said = {
        "locations": ngettext("{count} location", "{count} locations", count),
        "journal_entries": ngettext("{count} journal entry", "{count} journal entries", count),
        "encounters": ngettext("{count} encounter", "{count} encounters", count),
        "events": ngettext("{count} event", "{count} events", count),
        "secrets": ngettext("{count} secret", "{count} secrets", count),
        "items": ngettext("{count} item", "{count} items", count),
        "skills": ngettext("{count} skill", "{count} skills", count),
        "heroes": ngettext("{count} hero", "{count} heroes", count),
        "cards": ngettext("{count} card", "{count} cards", count)}[name]
    return said.format(count=count)


def cmd_validate(args: argparse.Namespace) -> int:
    """Check a pack; exit 0 when clean, 1 with one line per problem."""
    from grail.content.loader import check_pack  # the checks: for this command alone

    report = check_pack(_pack_path(args.pack))
    if args.json:
        print(json.dumps({"counts": report.counts,
                          "problems": [p.to_json() for p in report.problems]}, indent=2))
    else:
        _print_problems(report.problems, _shown(args.pack), sys.stdout)
        errors = sum(problem.severity == "error" for problem in report.problems)
        warnings = len(report.problems) - errors
        if report.ok:
            counts = commas([counted(name, n) for name, n in report.counts.items()])
            print(_("{pack}: valid ({counts})").format(pack=_shown(args.pack), counts=counts))
        if report.problems:
            print(problems_counted(errors, warnings), file=sys.stderr)
    return 0 if report.ok else 1


def _rows(campaign: Campaign, kind: str) -> list[dict[str, Any]]:
    if kind == "journal":
        return [{"id": key, "name": entry.title or entry.text.split("\n")[0][:60]}
                for key, entry in campaign.entry.items()]
    if kind == "skills":
        return [{"id": side.number, "name": side.name, "attribute": side.attribute,
                 "card": skill.card}
                for skill in campaign.skills for side in (skill.front, skill.back)]
    rows = []
    for thing in getattr(campaign, kind):
        ident = getattr(thing, "id", None) or thing.number
        name = getattr(thing, "name", None) or thing.title
        row: dict[str, Any] = {"id": ident, "name": name}
        for extra in ("number", "kind", "deck", "level", "keyword", "colour"):
            if extra in type(thing).model_fields:
                row[extra] = getattr(thing, extra)
        rows.append(row)
    return rows


def cmd_list(args: argparse.Namespace) -> int:
    """List one kind of content, one id and name per line (or JSON)."""
    try:
        campaign = load_cached(_pack_path(args.pack))
    except PackError as error:
        _print_problems(error.problems, _shown(args.pack), sys.stderr)
        print(_("the pack has problems: run 'grail validate' for the list"), file=sys.stderr)
        return 1
    rows = _rows(campaign, args.kind)
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        for row in rows:
            print(f"{row['id']}\t{row['name']}")
    return 0


def cmd_schema(args: argparse.Namespace) -> int:
    """Write the JSON Schema of every content kind (default: docs/schema)."""
    from grail.content.schema import schema_texts

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for name, text in schema_texts().items():
        (out / name).write_text(text, encoding="utf-8")
        print(out / name)
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    """Keep grail loaded and answer the commands on a save (grail/resident.py)."""
    from grail.resident import serve, stop

    if args.stop:
        if not stop():
            raise CommandError(_("no resident grail answers"))
        print(_("the resident grail stops"))
        return 0
    if args.idle < 0:
        raise CommandError(_("--idle takes minutes, 0 or more"), code=2)
    try:
        serve(main, args.idle * 60 or None,
              lambda line: print(line, file=sys.stderr, flush=True))
    except ResidentError as error:
        raise CommandError(str(error)) from None
    return 0


def _add_text(commands: Any) -> None:
    from grail.cli.text import add_text_command
    add_text_command(commands)


def _add_odds(commands: Any) -> None:
    from grail.cli.odds import add_odds_command
    add_odds_command(commands)


def _add_author(commands: Any) -> None:
    from grail.cli.author import add_author_commands
    add_author_commands(commands)


def _add_translate(commands: Any) -> None:
    from grail.cli.translate import add_translate_command
    add_translate_command(commands)


def _add_balance(commands: Any) -> None:
    from grail.cli.balance import add_balance_command
    add_balance_command(commands)


def _add_play(commands: Any) -> None:
    from grail.cli.play import add_play_command
    add_play_command(commands)


IN_ITS_OWN_MODULE: dict[str, Callable[[Any], None]] = {
    "text": _add_text, "odds": _add_odds, "lint": _add_author, "map": _add_author,
    "translate": _add_translate, "balance": _add_balance, "play": _add_play,
}
"""The commands whose parser a module of their own adds, in the order of the help; each
module imported only for its commands or for the list of every command."""


class _Version(argparse.Action):
    """``--version``: grail's version, and whether its engine is the compiled core."""

    def __init__(self, option_strings: Sequence[str], dest: str, **unused: Any) -> None:
        super().__init__(option_strings, dest, nargs=0,
                         help=_("show grail's version and whether its core is compiled, and "
                                "exit"))

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        said = _("grail {version}, the compiled core (GRAIL_COMPILE=1)") if compiled() \
            else _("grail {version}, plain Python")
        print(said.format(version=__version__))
        parser.exit()


class _Parser(argparse.ArgumentParser):
    """argparse's parser, a command line it cannot read said as every error of grail's:
    one line on standard error starting with ``grail:``, exit code 1 (docs/cli.md)."""

    def error(self, message: str) -> NoReturn:
        self.exit(1, _("grail: {message} (see '{command} --help')").format(
            message=message, command=self.prog) + "\n")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command; of the commands on a save alone when ``command`` is one
    of them, or of the commands of ``command``'s own module when it has one."""
    parser = _Parser(
        prog="grail", description=_("A co-op campaign engine for the Tainted Grail board game."))
    parser.add_argument("--version", action=_Version)
    parser.add_argument("--lang", metavar="CODE", dest="language",
                        help=_("the language grail speaks, such as es or pt_BR (default: "
                               "GRAIL_LANG, else LANGUAGE, LC_ALL, LC_MESSAGES or LANG; else "
                               "English); before the command"))
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    if command in ON_A_SAVE:
        add_commands(commands)
        return parser
    if command in IN_ITS_OWN_MODULE:  # that module alone: `play` imports no simulation
        IN_ITS_OWN_MODULE[command](commands)
        return parser

    validate = commands.add_parser("validate", help=_("check a content pack"))
    validate.add_argument("pack", nargs="?",
                          help=_("pack folder (default: the bundled campaign)"))
    validate.add_argument("--json", action="store_true",
                          help=_("print counts and problems as JSON"))
    validate.set_defaults(run=cmd_validate)

    listing = commands.add_parser("list", help=_("list one kind of content"))
    listing.add_argument("kind", choices=LISTABLE, metavar="KIND",
                         help=_("one of: {kinds}").format(kinds=", ".join(LISTABLE)))
    listing.add_argument("--pack", help=_("pack folder (default: the bundled campaign)"))
    listing.add_argument("--json", action="store_true", help=_("print a JSON list"))
    listing.set_defaults(run=cmd_list)

    schema = commands.add_parser("schema", help=_("write the JSON Schema of every content kind"))
    schema.add_argument("--out", default="docs/schema", help=_("folder (default: docs/schema)"))
    schema.set_defaults(run=cmd_schema)
    add_commands(commands)
    serve = commands.add_parser("serve", help=_("keep grail loaded to answer the commands on a "
                                                "save at once (act, legal, show...)"))
    serve.add_argument("--idle", type=float, default=60, metavar="MINUTES",
                       help=_("stop after this long without a command (default 60; 0: never)"))
    serve.add_argument("--stop", action="store_true", help=_("stop the resident grail"))
    serve.set_defaults(run=cmd_serve)
    for add in dict.fromkeys(IN_ITS_OWN_MODULE.values()):
        add(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """The ``grail`` command on ``argv`` (default: the program's own), in the language
    ``--lang`` (before the command) or the environment asks for, set before anything is
    said, ``--help`` included; the language grail spoke before is spoken again after."""
    option, words = spoken(sys.argv[1:] if argv is None else argv)
    before = language()
    note = use(wanted(option), asked=option is not None)
    if note is not None:
        print(note, file=sys.stderr)
    try:
        return _run(words)
    finally:
        use(before)


def _run(words: list[str]) -> int:
    parser = build_parser(words[0] if words else None)
    args, extra = parser.parse_known_args(words)
    if extra:  # said by the command's own parser, which points at its own --help
        command = next(action.choices[args.command] for action in parser._actions
                       if isinstance(action, argparse._SubParsersAction))
        command.error(f"unrecognized arguments: {' '.join(extra)}")  # argparse's words
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        return run(args)
    except KeyboardInterrupt:  # pressed again while a first press was being said, say
        print(_("grail: stopped at Ctrl-C"), file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. `grail list cards | head`
        sys.stderr.close()
        return 0
    except (CommandError, SaveError) as error:
        print(_("grail: {error}").format(error=error), file=sys.stderr)
        return getattr(error, "code", 1)
    except ContentLoop as loop:  # met where no campaign is at hand: ids and numbers
        print(_("grail: {error}").format(error=loop_words(None, loop)), file=sys.stderr)
        return 1
    except PackError as error:
        print(_("grail: {error}").format(error=error.headline), file=sys.stderr)
        return 1
    except OSError as error:
        print(os_error(error), file=sys.stderr)
        return 1


def os_error(error: OSError) -> str:
    """A failure of the system's, as grail's one line: its reason, and the file if it has
    one."""
    if error.filename:
        return _("grail: {error}: {file}").format(error=error.strerror or error,
                                                  file=error.filename)
    return _("grail: {error}").format(error=error.strerror or error)

