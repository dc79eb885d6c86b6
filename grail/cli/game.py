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
from grail.lang import language
from grail.save import SaveError, export_save, load_game, save_game
from grail.save.saves import saved_log, saved_pack
from grail.save.store import Mark, SaveFile
from grail.session import Session
from grail.words.actions import action_lines, action_text, malformed, refused, undone_lines
from grail.words.decisions import ending
from grail.words.events import story
from grail.words.names import full_name
from grail.words.summary import mode_words, summary
from grail.words.table import event_lines, face_up_event


class CommandError(Exception):
    """A message for the user and the exit code to leave with."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


SEEDS = 2**64
"""The generator's seeds, 0 to 2**64 - 1: a larger one would only repeat a smaller one."""


def seed_number(text: str) -> int:
    """A ``--seed`` as typed: a whole number the generator tells apart from every other."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seed is a whole number, not '{text}'") from None
    if not 0 <= value < SEEDS:
        raise argparse.ArgumentTypeError(f"a seed is 0 to {SEEDS - 1:,}, not {value:,}")
    return value


def seeds_fit(first: int, count: int) -> None:
    """Refuse a run whose seeds ``first`` .. ``first + count - 1`` go past the last seed."""
    if first + count > SEEDS:
        raise CommandError(f"the seeds run from --seed to --seed + {count - 1:,}, past the last "
                           f"seed ({SEEDS - 1:,}): start lower")


def unknown_hero(campaign: Campaign, hero: str) -> CommandError:
    """The refusal of a hero the campaign does not have, with the closest one's name."""
    return CommandError(f"no hero '{hero}'{suggest(hero, list(campaign.hero))}; heroes are "
                        f"{', '.join(sorted(campaign.hero))}")


def open_game(path: str, lang: str | None = None) -> Game:
    """The game saved at ``path``, with its own pack in the language ``lang`` (default: the
    language grail speaks); notes (content changed) on stderr."""
    notes: list[str] = []
    try:
        game = load_game(Path(path), open_pack(saved_pack(Path(path)), lang or language()),
                         notes)
    except SaveError as error:
        raise CommandError(str(error)) from None
    for note in notes:
        print(f"grail: note: {note}", file=sys.stderr)
    return game


def saved_session(path: Path, pack: str | None = None, mark: Mark | None = None,
                  lang: str | None = None) -> Session:
    """The save at ``path`` opened with the pack it was made with (``pack`` if it names
    none) in the language ``lang`` (default: the language grail speaks), or the game a
    checkpoint or autosave of it holds (``mark``); a :class:`grail.save.SaveError` or
    :class:`grail.content.PackError` says why it cannot be."""
    return Session.open(path, open_pack(saved_pack(path, pack), lang or language()), mark)


def open_session(path: str, lang: str | None = None) -> Session:
    """The save at ``path`` to play on, with its own pack in the language ``lang`` (default:
    the language grail speaks); notes on stderr."""
    try:
        session = saved_session(Path(path), lang=lang)
    except SaveError as error:
        raise CommandError(str(error)) from None
    for note in session.log[:-1]:
        print(f"grail: note: {note}", file=sys.stderr)
    return session


def may_write(path: Path, force: bool, source: Path | None = None) -> None:
    """A command about to write a new file at ``path`` refuses, in one line, to overwrite one
    there without ``--force``, to overwrite ``source`` (the file it reads) even with it, and
    to make the folders of a mistyped path: nothing kept is lost to a slip."""
    if source is not None and path.exists() and path.resolve() == source.resolve():
        raise CommandError(f"{path} is the file read: name another file to write")
    if path.is_symlink() or (path.exists() and not path.is_file()):  # never a device or a pipe
        raise CommandError(f"{path} is not a plain file: name a file to write")
    if path.exists() and not force:
        raise CommandError(f"{path} exists; use --force to overwrite it")
    if not path.parent.is_dir():  # a slip in the path makes no folders
        raise CommandError(f"there is no folder {path.parent} to hold {path.name}: make it "
                           "first, or name a file in a folder that is there")


def cmd_new(args: argparse.Namespace) -> int:
    path = Path(args.save)
    may_write(path, args.force)
    campaign = open_pack(args.pack, language())
    try:
        game = Game.new(campaign, args.hero, args.seed, args.mode, args.challenge_rule,
                        companion=args.companion)
    except SetupError as error:
        raise CommandError(str(error)) from None
    game.setup["pack"] = str(Path(args.pack).resolve()) if args.pack else None
    save_game(game, path)
    kind = "a companion game: the table answers every draw and roll" if args.companion \
        else f"seed {args.seed}"
    heroes = ", ".join(full_name(campaign, hero) for hero in args.hero)
    print(f"new game in {path}: {heroes}, {kind}, {mode_words(game.state)}")
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
        print(f"grail: {over}", file=sys.stderr)
    if args.json:
        print(json.dumps([action.model_dump() for action in actions], indent=2))
    else:
        lines = action_lines(game)
        for line, action in zip(lines, actions, strict=False):
            print(f"{line}    {action.to_json()}")
        for line in lines[len(actions):]:
            print(line)
    return 0


def parse_action(game: Game, text: str) -> Any:
    """An action typed as its number in the legal list, or as JSON."""
    over = ending(game)
    if over is not None:
        raise CommandError(f"{over} No action is left.", 2)
    if text.strip().removeprefix("-").isdigit():
        actions = game.legal_actions()
        number = int(text)
        if not 1 <= number <= len(actions):
            raise CommandError(f"no action {number}: 'grail legal' lists 1 to {len(actions)}", 2)
        return actions[number - 1]
    try:
        return Action.from_json(text)
    except MalformedAction as error:
        raise CommandError(malformed(error), 2) from None


def cmd_act(args: argparse.Namespace) -> int:
    session = open_session(args.save)
    action = parse_action(session.game, args.action)
    game = session.game  # the step's words as it reads before it is taken (if it may be)
    taken = action_text(game, action) if action in game.legal_actions() else ""
    try:
        events = session.act(action)
    except IllegalAction as error:
        raise CommandError(refused(game, error), 2) from None
    finally:
        session.close()
    told = [event.to_json() for event in events] if args.json \
        else story(session.campaign, events) or [f"{taken}."]  # a step that moves no meter
    for line in told:
        print(line)
    for line in session.log:
        if line.startswith("Warning:"):
            print(f"grail: {line}", file=sys.stderr)
        elif line.startswith("The save as it was"):  # kept beside at the first write
            print(f"grail: note: {line}", file=sys.stderr)
    return 0


def cmd_players(args: argparse.Namespace) -> int:
    """Characters join and leave at a Day's start, as logged actions [PLAYERS-1], [PLAYERS-2];
    nothing is saved unless every change is allowed."""
    game = open_game(args.save)
    gifts: dict[int, str] = {}
    for gift in args.give or []:
        secret, _, hero = gift.partition(":")
        if not secret.isdigit() or not hero:
            raise CommandError(f"--give takes SECRET:HERO, such as 3:tamsin, not '{gift}'", 2)
        gifts[int(secret)] = hero
    wanted: list[Any] = []
    for hero in args.add or []:
        where = args.at if args.at is not None else next(
            (a.at for a in game.legal_actions() if isinstance(a, JoinGame) and a.hero == hero),
            game.state.heroes[0].location)
        wanted.append(JoinGame(hero=hero, at=where))
    wanted += [LeaveGame(hero=hero) for hero in args.remove or []]
    done: list[Any] = []
    try:
        for action in wanted:
            game.apply(action)
            done.append(action)
            while game.state.hand_over and game.state.hand_over[0] in gifts:
                secret = game.state.hand_over[0]
                done.append(GiveSecret(secret=secret, to=gifts.pop(secret)))
                game.apply(done[-1])
        session = open_session(args.save)
        try:
            session.act_all(done)  # together: all saved, or none
        finally:
            session.close()
    except IllegalAction as error:
        raise CommandError(refused(game, error), 2) from None
    game = session.game
    print("playing: " + ", ".join(hero.id for hero in game.state.heroes))
    if game.state.hand_over:
        print("Secrets to hand over: " + ", ".join(map(str, game.state.hand_over))
              + " (see 'grail legal')")
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
        print(f"undone: {text}")
    return 0


def cmd_checkpoint(args: argparse.Namespace) -> int:
    if not re.fullmatch(r"[A-Za-z0-9_-]{1,40}", args.name):
        raise CommandError("a checkpoint name is letters, digits, '-' and '_' (at most 40)")
    session = open_session(args.save)
    try:
        mark = session.checkpoint(args.name)
    finally:
        session.close()
    assert mark is not None
    print(f"checkpoint '{mark.name}' of Day {mark.day} kept in {args.save}; "
          f"'grail restore {args.save} {mark.name} NEW_SAVE' plays it again")
    return 0


def cmd_marks(args: argparse.Namespace) -> int:
    """The checkpoints and autosaves a save keeps, newest first."""
    try:
        with closing(SaveFile.open(Path(args.save))) as save:
            marks = save.marks()
    except SaveError as error:
        raise CommandError(str(error)) from None
    if not marks:
        print(f"{args.save} keeps no checkpoint or autosave yet")
    for mark in marks:
        print(f"{mark.name}: {mark.kind} of Day {mark.day}, made {mark.made} UTC")
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    """A checkpoint or autosave of a save, as a new save of its own; the save is left as it
    is."""
    target = Path(args.new)
    may_write(target, args.force, Path(args.save))
    try:
        with closing(SaveFile.open(Path(args.save))) as save:
            mark = next((found for found in save.marks() if found.name == args.name), None)
            names = ", ".join(found.name for found in save.marks()) or "none"
        if mark is None:
            raise CommandError(f"{args.save} keeps no checkpoint or autosave "
                               f"'{args.name}' (it keeps: {names})")
        session = saved_session(Path(args.save), mark=mark)
        session.save(target)
        session.close()
    except SaveError as error:
        raise CommandError(str(error)) from None
    print(f"{target}: the game as {mark.kind} '{mark.name}' held it (Day {mark.day})")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    """The save as one JSON file, to share."""
    may_write(Path(args.file), args.force, Path(args.save))
    game = open_game(args.save)
    try:
        export_save(game, Path(args.file))
    except SaveError as error:
        raise CommandError(str(error)) from None
    print(f"{args.file}: {args.save} as JSON ({len(game.log)} log entries, Day "
          f"{game.state.day})")
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
    print(f"{target}: imported from {args.file} (Day {game.state.day})")
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
        print(f"{args.save}: the log does not replay: its action {len(played) + 1}: {error}",
              file=sys.stderr)
        return 1
    game = open_game(args.save)
    outcomes = sum(isinstance(entry, ChanceOutcome) for entry in game.log)
    actions = len(game.log) - outcomes
    counted = f"{actions} action{'s' * (actions != 1)} and {outcomes} chance " \
        f"outcome{'s' * (outcomes != 1)}"
    if again.state_hash() != game.state_hash():
        print(f"{args.save}: replaying {counted} gives a different state", file=sys.stderr)
        return 1
    print(f"{args.save}: {counted} replay to the same state ({game.state_hash()[:12]})")
    return 0


def add_commands(commands: Any) -> None:
    """Add the play commands to the ``grail`` parser."""
    new = commands.add_parser("new", help="start a game in a save file")
    new.add_argument("save", help="the save file to create")
    new.add_argument("--pack", help="pack folder (default: the bundled campaign)")
    new.add_argument("--hero", action="append", required=True, help="a hero id (repeat for more)")
    new.add_argument("--seed", type=seed_number, default=1, help="the random seed (default 1)")
    new.add_argument("--mode", choices=("story", "normal", "challenge"), default="normal")
    new.add_argument("--challenge-rule", action="append", choices=list(CHALLENGE_RULES),
                     help="in challenge mode, adopt only these Challenge rules (repeat; "
                     "default all)")
    new.add_argument("--force", action="store_true", help="overwrite an existing save")
    new.add_argument("--companion", action="store_true",
                     help="play with the physical box: the table answers every draw and roll")
    new.set_defaults(run=cmd_new)
    for name, run, text in (("show", cmd_show, "a readable summary of a save"),
                            ("legal", cmd_legal, "the legal actions now, numbered")):
        command = commands.add_parser(name, help=text)
        command.add_argument("save", help="the save file")
        command.add_argument("--json", action="store_true", help="JSON output")
        command.set_defaults(run=run)
    act = commands.add_parser("act", help="apply one action and save")
    act.add_argument("save", help="the save file")
    act.add_argument("action", help="a number from 'grail legal' or an action's JSON")
    act.add_argument("--json", action="store_true",
                     help="print what happened as events, one JSON object per line")
    act.set_defaults(run=cmd_act)
    players = commands.add_parser("players", help="characters join or leave at a Day's start")
    players.add_argument("save", help="the save file")
    players.add_argument("--add", action="append", help="a character who joins (repeat)")
    players.add_argument("--at", type=int, help="where new characters start: a Location "
                         "holding a character (default: the first one)")
    players.add_argument("--remove", action="append", help="a character who leaves (repeat)")
    players.add_argument("--give", action="append", help="SECRET:HERO: where a leaving "
                         "character's Secret goes (repeat)")
    players.set_defaults(run=cmd_players)
    undo = commands.add_parser("undo", help="take back actions since the last reveal")
    undo.add_argument("save", help="the save file")
    undo.add_argument("count", nargs="?", type=int, default=1, help="how many (default 1)")
    undo.set_defaults(run=cmd_undo)
    checkpoint = commands.add_parser("checkpoint", help="keep the game as it stands under "
                                     "a name, inside the save")
    checkpoint.add_argument("save", help="the save file")
    checkpoint.add_argument("name", help="the checkpoint's name")
    checkpoint.set_defaults(run=cmd_checkpoint)
    marks = commands.add_parser("marks", help="the checkpoints and autosaves a save keeps")
    marks.add_argument("save", help="the save file")
    marks.set_defaults(run=cmd_marks)
    restore = commands.add_parser("restore", help="a checkpoint or autosave as a new save")
    restore.add_argument("save", help="the save file")
    restore.add_argument("name", help="the checkpoint's or autosave's name ('grail marks')")
    restore.add_argument("new", help="the new save file")
    restore.add_argument("--force", action="store_true", help="overwrite an existing file")
    restore.set_defaults(run=cmd_restore)
    export = commands.add_parser("export", help="write a save as one JSON file, to share")
    export.add_argument("save", help="the save file")
    export.add_argument("file", help="the JSON file to write")
    export.add_argument("--force", action="store_true", help="overwrite an existing file")
    export.set_defaults(run=cmd_export)
    imported = commands.add_parser("import", help="a JSON save (of any grail) as a save")
    imported.add_argument("file", help="the JSON file")
    imported.add_argument("save", help="the save file to create")
    imported.add_argument("--force", action="store_true", help="overwrite an existing save")
    imported.set_defaults(run=cmd_import)
    replay = commands.add_parser("replay", help="replay the log and check the state")
    replay.add_argument("save", help="the save file")
    replay.set_defaults(run=cmd_replay)
