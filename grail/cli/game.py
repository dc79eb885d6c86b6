"""Command-line play on a save file: ``grail new``, ``show``, ``legal``, ``act``,
``players``, ``undo``, ``checkpoint``, ``marks``, ``restore``, ``replay``, ``export`` and
``import`` (``grail text`` is in cli/text.py).

``act`` saves its action in one transaction with the state it is decided on (the newest,
whatever another program wrote meanwhile); an illegal or malformed action exits with 2 and
leaves the save untouched; any other problem exits with 1.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

from grail.content import Campaign
from grail.content.cache import open_pack
from grail.content.problems import suggest
from grail.engine.actions import (
    Action,
    ChanceOutcome,
    GiveSecret,
    JoinGame,
    LeaveGame,
    MalformedAction,
)
from grail.engine.chance import ChanceMismatch
from grail.engine.game import Game, IllegalAction, UndoError
from grail.engine.modes import CHALLENGE_RULES
from grail.engine.setup import SetupError
from grail.lang import _, language, ngettext, number, pgettext
from grail.save import SaveError, export_save, save_game
from grail.save.saves import saved_log, saved_pack
from grail.save.store import SaveFile
from grail.session import Session, open_save
from grail.words.actions import action_lines, action_text, malformed, refused, undone_lines
from grail.words.decisions import ending
from grail.words.names import full_name
from grail.words.refusals import mismatch_words, refusal_words, setup_words
from grail.words.summary import mode_words, summary
from grail.words.table import event_lines, face_up_event


class CommandError(Exception):
    """A message for the user and the exit code to leave with."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


def problems_counted(errors: int, warnings: int) -> str:
    """The line that counts a pack's problems: "1 error, 2 warnings"."""
    return _("{errors}, {warnings}").format(
        errors=ngettext("{count} error", "{count} errors", errors).format(count=errors),
        warnings=ngettext("{count} warning", "{count} warnings", warnings).format(
            count=warnings))


SEEDS = 2**64
"""The generator's seeds, 0 to 2**64 - 1: a larger one would only repeat a smaller one."""


def seed_number(text: str) -> int:
    """A ``--seed`` as typed: a whole number the generator tells apart from every other."""
    try:
        if not re.fullmatch(r"[+-]?[0-9]+", text.strip()):  # ASCII digits: never "²" or "1_0"
            raise ValueError(text)
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("a seed is a whole number, not '{text}'").format(text=text)) from None
    if not 0 <= value < SEEDS:
        raise argparse.ArgumentTypeError(_("a seed is 0 to {last}, not {seed}").format(
            last=number(SEEDS - 1), seed=number(value)))
    return value


def seeds_fit(first: int, count: int) -> None:
    """Refuse a run whose seeds ``first`` .. ``first + count - 1`` go past the last seed."""
    if first + count > SEEDS:
        raise CommandError(_("the seeds run from --seed to --seed + {more}, past the last "
                             "seed ({last}): start lower").format(more=number(count - 1),
                                                                  last=number(SEEDS - 1)))


def unknown_hero(campaign: Campaign, hero: str) -> CommandError:
    """The refusal of a hero the campaign does not have, with the closest one's name."""
    return CommandError(_("no hero '{hero}'{suggestion}; heroes are {heroes}").format(
        hero=hero, suggestion=suggest(hero, list(campaign.hero)),
        heroes=", ".join(sorted(campaign.hero))))


def open_game(path: str, lang: str | None = None) -> Game:
    """The game saved at ``path``, to read and not play on: :func:`open_session`'s game."""
    session = open_session(path, lang)
    session.close()
    return session.game


def open_session(path: str, lang: str | None = None) -> Session:
    """The save at ``path`` to play on, opened once, with its own pack in the language
    ``lang`` (default: the language grail speaks); notes on stderr."""
    try:
        session = open_save(Path(path), lang=lang)
    except SaveError as error:
        raise CommandError(str(error)) from None
    for note in session.log[:-1]:
        print(_("grail: note: {note}").format(note=note), file=sys.stderr)
    return session


def may_write(path: Path, force: bool, source: Path | None = None) -> None:
    """A command about to write a new file at ``path`` refuses, in one line, to overwrite one
    there without ``--force``, to overwrite ``source`` (the file it reads) even with it, and
    to make the folders of a mistyped path: nothing kept is lost to a slip."""
    if source is not None and path.exists() and path.resolve() == source.resolve():
        raise CommandError(_("{path} is the file read: name another file to write").format(
            path=path))
    if path.is_symlink() or (path.exists() and not path.is_file()):  # never a device or a pipe
        raise CommandError(_("{path} is not a plain file: name a file to write").format(
            path=path))
    if path.exists() and not force:
        raise CommandError(_("{path} exists; use --force to overwrite it").format(path=path))
    if not path.parent.is_dir():  # a slip in the path makes no folders
        raise CommandError(_("there is no folder {folder} to hold {name}: make it first, or "
                             "name a file in a folder that is there").format(
            folder=path.parent, name=path.name))


def cmd_new(args: argparse.Namespace) -> int:
    path = Path(args.save)
    may_write(path, args.force)
    campaign = open_pack(args.pack, language())
    try:
        game = Game.new(campaign, args.hero, args.seed, args.mode, args.challenge_rule,
                        companion=args.companion)
    except SetupError as error:
        raise CommandError(setup_words(campaign, error)) from None
    game.setup["pack"] = str(Path(args.pack).resolve()) if args.pack else None
    save_game(game, path)
    heroes = ", ".join(full_name(campaign, hero) for hero in args.hero)
    said = _("new game in {path}: {heroes}, a companion game: the table answers every draw "
             "and roll, {mode}") if args.companion else \
        _("new game in {path}: {heroes}, seed {seed}, {mode}")
    print(said.format(path=path, heroes=heroes, seed=args.seed, mode=mode_words(game.state)))
    if face_up_event(game) is not None:  # the story's first page [SETUP-W10]
        print("\n".join(event_lines(game)))
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    game = open_game(args.save)
    print(game.state.model_dump_json(indent=2) if args.json else summary(game))
    return 0


def cmd_legal(args: argparse.Namespace) -> int:
    game = open_game(args.save)
    actions = game.legal_actions()
    over = ending(game)
    if over is not None:  # none: the campaign has ended [DEATH-6]
        print(_("grail: {error}").format(error=over), file=sys.stderr)
    if args.json:
        print(json.dumps([action.model_dump() for action in actions], indent=2))
    else:
        lines = action_lines(game)
        for line, action in zip(lines, actions, strict=False):
            print(f"{line}    {action.to_json()}")
        for line in lines[len(actions):]:
            print(line)
    return 0


class NotAnAction(Exception):
    """A typed answer that names no action: a number outside the legal list (``number``),
    or JSON that is no action (``malformed``); each front end says it in its own words."""

    def __init__(self, number: int | None = None,
                 malformed: MalformedAction | None = None) -> None:
        super().__init__(number, malformed)
        self.number, self.malformed = number, malformed


def typed_action(game: Game, text: str) -> Any:
    """The action a typed answer names, the one reading of it that grail act and grail text
    share: its number in the legal list, or its JSON; else :class:`NotAnAction`."""
    if re.fullmatch(r"[+-]?[0-9]+", text.strip()):
        actions, chosen = game.legal_actions(), int(text)
        if 1 <= chosen <= len(actions):
            return actions[chosen - 1]
        raise NotAnAction(number=chosen)
    try:
        return Action.from_json(text)
    except MalformedAction as error:
        raise NotAnAction(malformed=error) from None


def parse_action(game: Game, text: str) -> Any:
    """An action typed as its number in the legal list, or as JSON."""
    over = ending(game)
    if over is not None:
        raise CommandError(_("{ending} No action is left.").format(ending=over), 2)
    try:
        return typed_action(game, text)
    except NotAnAction as error:
        if error.malformed is not None:
            raise CommandError(malformed(error.malformed), 2) from None
        raise CommandError(_("no action {number}: 'grail legal' lists 1 to {last}").format(
            number=error.number, last=len(game.legal_actions())), 2) from None


def cmd_act(args: argparse.Namespace) -> int:
    session = open_session(args.save)
    try:
        action = parse_action(session.game, args.action)
        game = session.game  # the step's words as it reads before it is taken (if it may be)
        taken = action_text(game, action) if action in game.legal_actions() else ""
        events = session.act(action)
    except IllegalAction as error:
        raise CommandError(refused(session.game, error), 2) from None
    finally:
        session.close()
    told = [event.to_json() for event in events] if args.json \
        else session.said or [_("{action}.").format(action=taken)]  # moves no meter
    for line in told:
        print(line)
    for line in session.kept:  # the save as it was, kept beside at the first write
        print(_("grail: note: {note}").format(note=line), file=sys.stderr)
    for line in session.warnings:
        print(_("grail: {error}").format(error=line), file=sys.stderr)
    return 0


def cmd_players(args: argparse.Namespace) -> int:
    """Characters join and leave at a Day's start, as logged actions [PLAYERS-1], [PLAYERS-2];
    nothing is saved unless every change is allowed."""
    gifts: dict[int, str] = {}
    for gift in args.give or []:
        secret, _colon, hero = gift.partition(":")
        if not (secret.isascii() and secret.isdigit()) or not hero:
            raise CommandError(_("--give takes SECRET:HERO, such as 3:tamsin, not '{given}'")
                               .format(given=gift), 2)
        gifts[int(secret)] = hero
    session = open_session(args.save)

    def changes() -> Iterator[Any]:
        """Each change in turn, read off the game as the ones before it left it; after each,
        the Secrets it hands over to the heroes named for them."""
        game = session.game  # caught up with any other program's play, before the first
        wanted: list[Any] = [JoinGame(hero=hero, at=args.at if args.at is not None else next(
            (a.at for a in game.legal_actions() if isinstance(a, JoinGame) and a.hero == hero),
            game.state.heroes[0].location)) for hero in args.add or []]
        for action in [*wanted, *(LeaveGame(hero=hero) for hero in args.remove or [])]:
            yield action
            while session.game.state.hand_over and session.game.state.hand_over[0] in gifts:
                secret = session.game.state.hand_over[0]
                yield GiveSecret(secret=secret, to=gifts.pop(secret))

    try:
        session.act_all(changes())  # together: all saved, or none
    except IllegalAction as error:
        raise CommandError(refused(session.game, error), 2) from None
    finally:
        session.close()
    state = session.game.state
    print(_("playing: {heroes}").format(heroes=", ".join(hero.id for hero in state.heroes)))
    if state.hand_over:
        print(_("Secrets to hand over: {secrets} (see 'grail legal')").format(
            secrets=", ".join(map(str, state.hand_over))))
    return 0


def cmd_undo(args: argparse.Namespace) -> int:
    session = open_session(args.save)
    undone = session.game.undoable()[-args.count:] if args.count > 0 else []
    try:
        session.undo(args.count)
    except UndoError as error:
        raise CommandError(refused(session.game, error), 2) from None
    finally:
        session.close()
    for text in undone_lines(session.game, undone):
        print(_("undone: {action}").format(action=text))
    return 0


def cmd_checkpoint(args: argparse.Namespace) -> int:
    if not re.fullmatch(r"[A-Za-z0-9_-]{1,40}", args.name):
        raise CommandError(_("a checkpoint name is letters, digits, '-' and '_' (at most 40)"))
    session = open_session(args.save)
    try:
        mark = session.checkpoint(args.name)
    finally:
        session.close()
    assert mark is not None
    print(_("checkpoint '{name}' of Day {day} kept in {save}; 'grail restore {save} {name} "
            "NEW_SAVE' plays it again").format(name=mark.name, day=mark.day, save=args.save))
    return 0


def cmd_marks(args: argparse.Namespace) -> int:
    """The checkpoints and autosaves a save keeps, newest first."""
    try:
        with closing(SaveFile.open(Path(args.save))) as save:
            marks = save.marks()
    except SaveError as error:
        raise CommandError(str(error)) from None
    if not marks:
        print(_("{save} keeps no checkpoint or autosave yet").format(save=args.save))
    for mark in marks:
        said = _("{name}: autosave of Day {day}, made {made} UTC") if mark.kind == "autosave" \
            else _("{name}: checkpoint of Day {day}, made {made} UTC")
        print(said.format(name=mark.name, day=mark.day, made=mark.made))
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    """A checkpoint or autosave of a save, as a new save of its own; the save is left as it
    is."""
    target = Path(args.new)
    may_write(target, args.force, Path(args.save))
    try:
        with closing(SaveFile.open(Path(args.save))) as save:
            mark = next((found for found in save.marks() if found.name == args.name), None)
            names = ", ".join(found.name for found in save.marks()) or pgettext("marks", "none")
        if mark is None:
            raise CommandError(_("{save} keeps no checkpoint or autosave '{name}' (it keeps: "
                                 "{names})").format(save=args.save, name=args.name, names=names))
        session = open_save(Path(args.save), mark=mark)
        session.save(target)
        session.close()
    except SaveError as error:
        raise CommandError(str(error)) from None
    said = _("{target}: the game as autosave '{name}' held it (Day {day})") \
        if mark.kind == "autosave" else \
        _("{target}: the game as checkpoint '{name}' held it (Day {day})")
    print(said.format(target=target, name=mark.name, day=mark.day))
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    """The save as one JSON file, to share."""
    may_write(Path(args.file), args.force, Path(args.save))
    game = open_game(args.save)
    try:
        export_save(game, Path(args.file))
    except SaveError as error:
        raise CommandError(str(error)) from None
    print(ngettext("{file}: {save} as JSON ({count} log entry, Day {day})",
                   "{file}: {save} as JSON ({count} log entries, Day {day})", len(game.log))
          .format(file=args.file, save=args.save, count=len(game.log), day=game.state.day))
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    """A JSON save (any format) as a save of this format."""
    target = Path(args.save)
    may_write(target, args.force, Path(args.file))
    game = open_game(args.file)
    try:
        save_game(game, target)
    except SaveError as error:
        raise CommandError(str(error)) from None
    print(_("{target}: imported from {file} (Day {day})").format(target=target, file=args.file,
                                                                 day=game.state.day))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """The log played again from the setup, before the save is opened (which plays it too):
    where it stops, if it does, by the action's number and the rule it breaks."""
    path = Path(args.save)
    try:
        campaign = open_pack(saved_pack(path), language())
        setup, log = saved_log(path)
    except SaveError as error:
        raise CommandError(str(error)) from None
    played: list[int] = []  # one for each action played again
    try:
        again = Game.replay(campaign, setup, log, heard=lambda game, events: played.append(1))
    except (IllegalAction, ChanceMismatch, SetupError) as error:
        why = _("{action}: not allowed: {why} (its rule {rule})").format(
            action=error.action.to_json(), why=refusal_words(campaign, error.refusal),
            rule=error.rule) if isinstance(error, IllegalAction) \
            else mismatch_words(campaign, error) if isinstance(error, ChanceMismatch) \
            else setup_words(campaign, error)
        raise CommandError(_("{save}: the log does not replay: its action {number}: {error}")
                           .format(save=args.save, number=len(played) + 1, error=why)) from None
    game = open_game(args.save)
    outcomes = sum(isinstance(entry, ChanceOutcome) for entry in game.log)
    actions = len(game.log) - outcomes
    counted = _("{actions} and {outcomes}").format(
        actions=ngettext("{count} action", "{count} actions", actions).format(count=actions),
        outcomes=ngettext("{count} chance outcome", "{count} chance outcomes", outcomes).format(
            count=outcomes))
    if again.state_hash() != game.state_hash():
        raise CommandError(_("{save}: replaying {counted} gives a different state").format(
            save=args.save, counted=counted))
    print(_("{save}: {counted} replay to the same state ({hash})").format(
        save=args.save, counted=counted, hash=game.state_hash()[:12]))
    return 0


def add_commands(commands: Any) -> None:
    """Add the play commands to the ``grail`` parser."""
    new = commands.add_parser("new", help=_("start a game in a save file"))
    new.add_argument("save", help=_("the save file to create"))
    new.add_argument("--pack", help=_("pack folder (default: the bundled campaign)"))
    new.add_argument("--hero", action="append", required=True,
                     help=_("a hero id (repeat for more)"))
    new.add_argument("--seed", type=seed_number, default=1, help=_("the random seed (default 1)"))
    new.add_argument("--mode", choices=("story", "normal", "challenge"), default="normal")
    new.add_argument("--challenge-rule", action="append", choices=list(CHALLENGE_RULES),
                     help=_("in challenge mode, adopt only these Challenge rules (repeat; "
                            "default all)"))
    new.add_argument("--force", action="store_true", help=_("overwrite an existing save"))
    new.add_argument("--companion", action="store_true",
                     help=_("play with the physical box: the table answers every draw and roll"))
    new.set_defaults(run=cmd_new)
    for name, run, text in (("show", cmd_show, _("a readable summary of a save")),
                            ("legal", cmd_legal, _("the legal actions now, numbered"))):
        command = commands.add_parser(name, help=text)
        command.add_argument("save", help=_("the save file"))
        command.add_argument("--json", action="store_true", help=_("JSON output"))
        command.set_defaults(run=run)
    act = commands.add_parser("act", help=_("apply one action and save"))
    act.add_argument("save", help=_("the save file"))
    act.add_argument("action", help=_("a number from 'grail legal' or an action's JSON"))
    act.add_argument("--json", action="store_true",
                     help=_("print what happened as events, one JSON object per line"))
    act.set_defaults(run=cmd_act)
    players = commands.add_parser("players", help=_("characters join or leave at a Day's start"))
    players.add_argument("save", help=_("the save file"))
    players.add_argument("--add", action="append", help=_("a character who joins (repeat)"))
    players.add_argument("--at", type=int, help=_("where new characters start: a Location "
                                                  "holding a character (default: the first one)"))
    players.add_argument("--remove", action="append", help=_("a character who leaves (repeat)"))
    players.add_argument("--give", action="append", help=_("SECRET:HERO: where a leaving "
                                                           "character's Secret goes (repeat)"))
    players.set_defaults(run=cmd_players)
    undo = commands.add_parser("undo", help=_("take back actions since the last reveal"))
    undo.add_argument("save", help=_("the save file"))
    undo.add_argument("count", nargs="?", type=int, default=1, help=_("how many (default 1)"))
    undo.set_defaults(run=cmd_undo)
    checkpoint = commands.add_parser("checkpoint", help=_("keep the game as it stands under "
                                                          "a name, inside the save"))
    checkpoint.add_argument("save", help=_("the save file"))
    checkpoint.add_argument("name", help=_("the checkpoint's name"))
    checkpoint.set_defaults(run=cmd_checkpoint)
    marks = commands.add_parser("marks", help=_("the checkpoints and autosaves a save keeps"))
    marks.add_argument("save", help=_("the save file"))
    marks.set_defaults(run=cmd_marks)
    restore = commands.add_parser("restore", help=_("a checkpoint or autosave as a new save"))
    restore.add_argument("save", help=_("the save file"))
    restore.add_argument("name", help=_("the checkpoint's or autosave's name ('grail marks')"))
    restore.add_argument("new", help=_("the new save file"))
    restore.add_argument("--force", action="store_true", help=_("overwrite an existing file"))
    restore.set_defaults(run=cmd_restore)
    export = commands.add_parser("export", help=_("write a save as one JSON file, to share"))
    export.add_argument("save", help=_("the save file"))
    export.add_argument("file", help=_("the JSON file to write"))
    export.add_argument("--force", action="store_true", help=_("overwrite an existing file"))
    export.set_defaults(run=cmd_export)
    imported = commands.add_parser("import", help=_("a JSON save (of any grail) as a save"))
    imported.add_argument("file", help=_("the JSON file"))
    imported.add_argument("save", help=_("the save file to create"))
    imported.add_argument("--force", action="store_true", help=_("overwrite an existing save"))
    imported.set_defaults(run=cmd_import)
    replay = commands.add_parser("replay", help=_("replay the log and check the state"))
    replay.add_argument("save", help=_("the save file"))
    replay.set_defaults(run=cmd_replay)
