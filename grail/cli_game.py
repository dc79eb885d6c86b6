"""Command-line play on a save file: ``grail new``, ``show``, ``legal``, ``act``, ``undo``,
``checkpoint`` and ``replay`` (``grail text`` is in cli_text.py).

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

from .content import Campaign, PackError, bundled_pack
from .content.cache import load_cached
from .engine.actions import Action, Choose, MalformedAction
from .engine.game import Game, IllegalAction, UndoError
from .engine.journal import closed_options, pending_choice
from .engine.setup import SetupError
from .save import SaveError, autosave, load_game, save_game


class CommandError(Exception):
    """A message for the user and the exit code to leave with."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


def _campaign(pack: str | None) -> Campaign:
    try:
        return load_cached(Path(pack) if pack else bundled_pack())
    except PackError as error:
        raise CommandError(f"the pack has problems; run 'grail validate': {error.problems[0]}") \
            from None


def _open(path: str) -> Game:
    try:
        raw = json.loads(Path(path).read_text(encoding="utf-8"))
        pack = raw.get("setup", {}).get("pack") if isinstance(raw, dict) else None
    except (OSError, ValueError):
        pack = None  # load_game gives the precise message
    notes: list[str] = []
    try:
        game = load_game(Path(path), _campaign(pack), notes)
    except SaveError as error:
        raise CommandError(str(error)) from None
    for note in notes:
        print(f"grail: note: {note}", file=sys.stderr)
    return game


def cmd_new(args: argparse.Namespace) -> int:
    path = Path(args.save)
    if path.exists() and not args.force:
        raise CommandError(f"{path} exists; use --force to overwrite it")
    campaign = _campaign(args.pack)
    try:
        game = Game.new(campaign, args.hero, args.seed, args.mode)
    except SetupError as error:
        raise CommandError(str(error)) from None
    game.setup["pack"] = str(Path(args.pack).resolve()) if args.pack else None
    save_game(game, path)
    print(f"new game in {path}: {', '.join(args.hero)}, seed {args.seed}, {args.mode} mode")
    return 0


def summary(game: Game) -> str:
    """A plain-text picture of the game, readable by a screen reader."""
    state = game.state
    lines = [f"Day {state.day}, {state.stage.replace('_', ' ')}, chapter {state.chapter}"]
    menhirs = ", ".join(f"{m.location} ({m.dial if m.dial is not None else 'last day'})"
                        for m in state.menhirs) or "none"
    lines.append(f"Menhirs: {menhirs}")
    for hero in state.heroes:
        name = game.campaign.hero[hero.id].name
        place = game.campaign.location[hero.location].name
        lines.append(
            f"{name} at {hero.location} {place}: Energy {hero.energy}, Health {hero.health}, "
            f"Terror {hero.terror}; Food {hero.food}, Wealth {hero.wealth}, Rep {hero.rep}, "
            f"Magic {hero.magic}, Exp {hero.exp}" + (" (passed)" if hero.passed else ""))
    if state.quests:
        lines.append("Quests: " + ", ".join(state.quests))
    marks = [m.id + (f" {m.parts}" if m.parts else "") for m in state.statuses
             if m.whole or m.parts]
    if marks:
        lines.append("Game Sheet: " + ", ".join(marks))
    for task in state.tasks:
        lines.append(f"Task: {task.text}")
    if state.frames:
        entry = state.frames[-1].key
        lines.append(f"Reading {entry}: {game.campaign.entry[entry].text}"
                     if state.frames[-1].source == "entry" else f"Resolving {entry}")
    return "\n".join(lines)


def cmd_show(args: argparse.Namespace) -> int:
    game = _open(args.save)
    print(game.state.model_dump_json(indent=2) if args.json else summary(game))
    return 0


def action_lines(game: Game) -> list[str]:
    """The legal actions as numbered lines of plain text."""
    choice = pending_choice(game.campaign, game.state)
    lines = []
    for number, action in enumerate(game.legal_actions(), start=1):
        text = action.describe()
        if isinstance(action, Choose) and choice is not None:
            text = f"{action.hero} chooses: {choice.choose[action.option].text}"
        lines.append(f"{number}. {text}")
    for _, text, why in closed_options(game.campaign, game.state):
        lines.append(f"-. (not open: {why}) {text}")
    return lines


def cmd_legal(args: argparse.Namespace) -> int:
    game = _open(args.save)
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


def describe(event: Any) -> str:
    """An event as a line of text."""
    if event.type == "entry_read":
        return f"[{event.entry}] {event.text}"
    fields = ", ".join(f"{key}: {value}" for key, value in event.model_dump().items()
                       if key != "type")
    return f"{event.type.replace('_', ' ')}: {fields}"


def _parse(game: Game, text: str) -> Any:
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
    game = _open(args.save)
    action = _parse(game, args.action)
    try:
        events = game.apply(action)
    except IllegalAction as error:
        raise CommandError(str(error), 2) from None
    _keep(game, Path(args.save), events)
    for event in events:
        print(event.model_dump_json())
    return 0


def _keep(game: Game, path: Path, events: list[Any]) -> None:
    """Save, and autosave when a new Day began."""
    save_game(game, path)
    if any(event.type == "day_began" for event in events):
        autosave(game, path)


def cmd_undo(args: argparse.Namespace) -> int:
    game = _open(args.save)
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
    game = _open(args.save)
    path = Path(args.save)
    target = path.with_name(f"{path.stem}.{args.name}{path.suffix or '.json'}")
    save_game(game, target)
    print(f"checkpoint {target}: an ordinary save; play it or copy it back to return")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    game = _open(args.save)
    again = Game.replay(game.campaign, game.setup, game.log)
    if again.state_hash() != game.state_hash():
        print(f"{args.save}: replaying {len(game.log)} actions gives a different state",
              file=sys.stderr)
        return 1
    print(f"{args.save}: {len(game.log)} actions replay to the same state "
          f"({game.state_hash()[:12]})")
    return 0


def add_commands(commands: Any) -> None:
    """Add the play commands to the ``grail`` parser."""
    new = commands.add_parser("new", help="start a game in a save file")
    new.add_argument("save", help="the save file to create")
    new.add_argument("--pack", help="pack folder (default: the bundled campaign)")
    new.add_argument("--hero", action="append", required=True, help="a hero id (repeat for more)")
    new.add_argument("--seed", type=int, default=1, help="the random seed (default 1)")
    new.add_argument("--mode", choices=("story", "normal", "challenge"), default="normal")
    new.add_argument("--force", action="store_true", help="overwrite an existing save")
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
