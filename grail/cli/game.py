"""Command-line play on a save file: ``grail new``, ``show``, ``legal``, ``act``, ``undo``,
``checkpoint`` and ``replay`` (``grail text`` is in cli/text.py).

Every command reads the save, and ``act`` writes it back atomically only after the action
succeeded; an illegal or malformed action exits with 2 and leaves the save untouched.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

from grail.content.cache import open_pack
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
from grail.save import SaveError, load_game, save_game
from grail.session import Session
from grail.words.actions import action_lines
from grail.words.summary import summary


class CommandError(Exception):
    """A message for the user and the exit code to leave with."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


def open_game(path: str) -> Game:
    """The game saved at ``path``, with its own pack; notes (content changed) on stderr."""
    try:
        raw = json.loads(Path(path).read_text(encoding="utf-8"))
        pack = raw.get("setup", {}).get("pack") if isinstance(raw, dict) else None
    except (OSError, ValueError):
        pack = None  # load_game gives the precise message
    notes: list[str] = []
    try:
        game = load_game(Path(path), open_pack(pack), notes)
    except SaveError as error:
        raise CommandError(str(error)) from None
    for note in notes:
        print(f"grail: note: {note}", file=sys.stderr)
    return game


def cmd_new(args: argparse.Namespace) -> int:
    path = Path(args.save)
    if path.exists() and not args.force:
        raise CommandError(f"{path} exists; use --force to overwrite it")
    campaign = open_pack(args.pack)
    try:
        game = Game.new(campaign, args.hero, args.seed, args.mode, args.challenge_rule,
                        companion=args.companion)
    except SetupError as error:
        raise CommandError(str(error)) from None
    game.setup["pack"] = str(Path(args.pack).resolve()) if args.pack else None
    save_game(game, path)
    rules = f" ({', '.join(args.challenge_rule)})" if args.challenge_rule else ""
    kind = "a companion game: the table answers every draw and roll" if args.companion \
        else f"seed {args.seed}"
    print(f"new game in {path}: {', '.join(args.hero)}, {kind}, {args.mode} mode{rules}")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    game = open_game(args.save)
    print(game.state.model_dump_json(indent=2) if args.json else summary(game))
    return 0


def cmd_legal(args: argparse.Namespace) -> int:
    game = open_game(args.save)
    actions = game.legal_actions()
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
    if text.strip().isdigit():
        actions = game.legal_actions()
        number = int(text)
        if not 1 <= number <= len(actions):
            raise CommandError(f"no action {number}: 'grail legal' lists 1 to {len(actions)}", 2)
        return actions[number - 1]
    try:
        return Action.from_json(text)
    except MalformedAction as error:
        raise CommandError(str(error), 2) from None


def cmd_act(args: argparse.Namespace) -> int:
    session = Session(open_game(args.save), Path(args.save))
    action = parse_action(session.game, args.action)
    try:
        events = session.act(action)
    except IllegalAction as error:
        raise CommandError(str(error), 2) from None
    for event in events:
        print(event.model_dump_json())
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
    events: list[Any] = []
    try:
        for action in wanted:
            events += game.apply(action)
            while game.state.hand_over and game.state.hand_over[0] in gifts:
                secret = game.state.hand_over[0]
                events += game.apply(GiveSecret(secret=secret, to=gifts.pop(secret)))
    except IllegalAction as error:
        raise CommandError(str(error), 2) from None
    save_game(game, Path(args.save))  # joining and leaving never begin a Day: no autosave
    print("playing: " + ", ".join(hero.id for hero in game.state.heroes))
    if game.state.hand_over:
        print("Secrets to hand over: " + ", ".join(map(str, game.state.hand_over))
              + " (see 'grail legal')")
    return 0


def cmd_undo(args: argparse.Namespace) -> int:
    game = open_game(args.save)
    undone = game.undoable()[-args.count:] if args.count > 0 else []
    try:
        game.undo(args.count)
    except UndoError as error:
        raise CommandError(str(error), 2) from None
    save_game(game, Path(args.save))
    for text in reversed(undone):
        print(f"undone: {text}")
    return 0


def cmd_checkpoint(args: argparse.Namespace) -> int:
    if not re.fullmatch(r"[A-Za-z0-9_-]{1,40}", args.name):
        raise CommandError("a checkpoint name is letters, digits, '-' and '_' (at most 40)")
    game = open_game(args.save)
    path = Path(args.save)
    target = path.with_name(f"{path.stem}.{args.name}{path.suffix or '.json'}")
    save_game(game, target)
    print(f"checkpoint {target}: an ordinary save; play it or copy it back to return")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    game = open_game(args.save)
    try:
        again = Game.replay(game.campaign, game.setup, game.log)
    except (IllegalAction, ChanceMismatch) as error:
        print(f"{args.save}: the log does not replay: {error}", file=sys.stderr)
        return 1
    outcomes = sum(isinstance(entry, ChanceOutcome) for entry in game.log)
    counted = f"{len(game.log) - outcomes} actions and {outcomes} chance outcomes"
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
    new.add_argument("--seed", type=int, default=1, help="the random seed (default 1)")
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
    checkpoint = commands.add_parser("checkpoint", help="save a named copy beside the save")
    checkpoint.add_argument("save", help="the save file")
    checkpoint.add_argument("name", help="the checkpoint's name")
    checkpoint.set_defaults(run=cmd_checkpoint)
    replay = commands.add_parser("replay", help="replay the log and check the state")
    replay.add_argument("save", help="the save file")
    replay.set_defaults(run=cmd_replay)
