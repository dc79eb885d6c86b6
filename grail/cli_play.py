"""``grail play [SAVE]``: the Pygame window; ``--screenshot`` renders headless to a PNG."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

from .cli_game import CommandError, _campaign
from .save import SaveError

SCENES = ("title", "map", "journal", "encounter", "end-of-day")


def cmd_play(args: argparse.Namespace) -> int:
    """Open the window on the title, on a save, or (``--screenshot``) draw a PNG."""
    if args.screenshot:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from .ui.app import App, Settings
    from .ui.scenes.game import view_for
    from .ui.session import Session

    save = args.save_option or args.save
    size = _size(args.size)
    app = App(size, Settings.load(), headless=bool(args.screenshot))
    if save:
        try:
            session = Session.open(Path(save), _campaign(args.pack))
        except SaveError as error:
            raise CommandError(str(error)) from None
        app.push(_scene(args.scene, session, view_for))
    else:
        from .ui.scenes.title import TitleScene
        app.push(TitleScene(args.pack))
    if args.screenshot:
        app.screenshot(Path(args.screenshot), args.frames)
        print(f"{args.screenshot}: {app.size[0]}x{app.size[1]}, {args.frames} frame(s)")
        return 0
    app.run()
    return 0


def _scene(name: str | None, session: Any, view_for: Any) -> Any:
    """The scene asked for, or the one the game's decision calls for."""
    if name is None or name == "title":
        return view_for(session)(session)
    module = {"end-of-day": "end_of_day"}.get(name, name)
    cls = {"map": "MapScene", "journal": "JournalScene", "encounter": "EncounterScene",
           "end_of_day": "EndOfDayScene"}[module]
    from importlib import import_module
    return getattr(import_module(f"grail.ui.scenes.{module}"), cls)(session)


def _size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise CommandError(f"--size is WIDTHxHEIGHT, such as 1600x900, not '{text}'") from None
    return max(1280, width), max(720, height)


def add_play_command(commands: Any) -> None:
    """Add ``grail play`` to the ``grail`` parser."""
    play = commands.add_parser("play", help="play in the Pygame window")
    play.add_argument("save", nargs="?", help="a save to open (default: the title screen)")
    play.add_argument("--pack", help="pack folder (default: the bundled campaign)")
    play.add_argument("--size", default="1600x900", help="window size (default 1600x900)")
    play.add_argument("--screenshot", metavar="PATH",
                      help="draw headless and write a PNG instead of opening the window")
    play.add_argument("--scene", choices=SCENES, help="with --screenshot: the scene to draw")
    play.add_argument("--save", dest="save_option", metavar="SAVE",
                      help="with --screenshot: the save to draw")
    play.add_argument("--frames", type=int, default=2, help="frames drawn before the shot")
    play.set_defaults(run=cmd_play)
