"""``grail play [SAVE]``: the Pygame window, on the title screen or on a save.

``--at ENTRY`` (or a Location number) starts a throwaway game reading that entry at once, as
``grail text --at`` does (grail/engine/trying.py): it is saved in a temporary folder, never
in the save folder, and deleted when the window closes (Save as… in the game menu keeps it).
``--screenshot PATH`` draws headless and writes a PNG instead of opening the window;
``--scene`` says which screen to draw.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from grail.cli.game import CommandError, seed_number
from grail.cli.text import tried
from grail.content.cache import keep_loaded, open_pack
from grail.lang import _, language, ngettext, use
from grail.lang import asked as language_asked
from grail.save import SaveError

GAME_SCENES = ("map", "journal", "encounter", "end-of-day", "menu")
"""Scenes drawn over a game (a save or ``--at``)."""
TITLE_SCENES = ("title", "new-game", "load", "settings")
"""Scenes drawn from the title."""
SCENES = TITLE_SCENES + GAME_SCENES


def cmd_play(args: argparse.Namespace) -> int:
    """Open the window on the title, on a save or on an entry tried; or draw a PNG."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # grail's output only
    if args.screenshot:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    save = args.save_option or args.save
    if args.at is not None and save:
        raise CommandError(_("--at starts a throwaway game: give no save file with it"), 2)
    if args.at is None and (args.hero is not None or args.seed is not None):
        raise CommandError(_("--hero and --seed go with --at"), 2)
    if args.scene in GAME_SCENES and not save and args.at is None:
        raise CommandError(_("--scene {scene} shows a game: give a save or --at").format(
            scene=args.scene), 2)
    from grail.session import Session
    from grail.ui.app import MIN_SIZE, App, NoDisplay, Settings
    from grail.ui.scenes.title import TitleScene

    keep_loaded()  # the title, each game and each reload open the same pack: read it once

    asked = _size(args.size)
    size = (max(MIN_SIZE[0], asked[0]), max(MIN_SIZE[1], asked[1]))
    if size != asked:
        print(_("grail: the window is {size}, not {asked}: the layout is made for {least} at "
                "least").format(size=f"{size[0]}x{size[1]}", asked=f"{asked[0]}x{asked[1]}",
                                least=f"{MIN_SIZE[0]}x{MIN_SIZE[1]}"), file=sys.stderr)
    with ExitStack() as stack:
        try:
            settings = Settings.load()
            if settings.language and not language_asked():  # the window's own choice, kept
                note = use(settings.language)
                if note is not None:
                    print(note, file=sys.stderr)
            app = App(size, settings, headless=bool(args.screenshot))
        except NoDisplay as error:
            raise CommandError(_("{error}; `grail text` plays in the terminal instead").format(
                error=error)) from None
        if args.at is not None:
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix=_prefix())))
            session = _try(args, folder, Session)
            TitleScene.play(app, session, args.pack)
        elif save:
            TitleScene.play(app, _open(Path(save), args.pack, Session), args.pack)
        else:
            TitleScene.show(app, args.pack)
        _push_scene(app, args.scene)
        if args.screenshot:
            app.screenshot(Path(args.screenshot), args.frames)
            print(ngettext("{file}: {size}, {count} frame", "{file}: {size}, {count} frames",
                           args.frames).format(file=args.screenshot, count=args.frames,
                                               size=f"{app.size[0]}x{app.size[1]}"))
            return 0
        if not app.visible:
            app.frame([])
            print(_("No screen to show the window on (SDL's video driver is '{driver}'): the "
                    "window was drawn once and closed. `grail text` plays in the "
                    "terminal.").format(driver=app.driver))
            return 0
        app.run()
    return 0


def _open(path: Path, pack: str | None, session_class: Any, lang: str | None = None) -> Any:
    """The save, with ``--pack`` if given, else with the pack it was made with; the pack in
    the language ``lang`` (default: the language grail speaks)."""
    from grail.session import open_save

    try:
        return open_save(path, lang=lang) if pack is None else \
            session_class.open(path, open_pack(pack, lang or language()))
    except SaveError as error:
        raise CommandError(str(error)) from None


def _prefix() -> str:
    from grail.ui.scenes.menu import TRY_PREFIX
    return TRY_PREFIX


def _try(args: argparse.Namespace, folder: Path, session_class: Any) -> Any:
    """A session of a throwaway game reading the entry asked for, saved in ``folder``."""
    game, said = tried(args)
    pack = Path(args.pack) if args.pack else None
    session = session_class(game, folder / "try.grail", pack)
    session.save()
    session.log += said
    return session


def _push_scene(app: Any, name: str | None) -> None:
    """Put the scene asked for on top: the title's others over the title, a game's view in
    place of the one its decision calls for, the menu over the game."""
    from importlib import import_module

    if name in (None, "title"):
        return
    top = app.stack[-1]
    if name in ("new-game", "load", "settings"):
        module = import_module(f"grail.ui.scenes.{name.replace('-', '_')}")
        if name == "new-game" and top.loaded is not None:
            app.push(module.NewGameScene(top.loaded, top.pack))
        elif name == "load":
            app.push(module.LoadScene(top.pack))
        elif name == "settings":
            app.push(module.SettingsScene(app.settings))
        return
    if not hasattr(top, "session"):
        return
    if name == "menu":
        app.push(import_module("grail.ui.scenes.menu").MenuScene(top.session))
        return
    module_name = name.replace("-", "_")
    cls = {"map": "MapScene", "journal": "JournalScene", "encounter": "EncounterScene",
           "end_of_day": "EndOfDayScene"}[module_name]
    app.replace(getattr(import_module(f"grail.ui.scenes.{module_name}"), cls)(top.session))


def _size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise CommandError(_("--size is WIDTHxHEIGHT, such as 1600x900, not '{text}'").format(
            text=text)) from None
    if max(width, height) > LARGEST:
        raise CommandError(_("--size is at most {largest}, the largest window SDL draws, not "
                             "'{text}'").format(largest=f"{LARGEST}x{LARGEST}", text=text))
    return width, height


LARGEST = 16384
"""The largest side of a window (or a screenshot) SDL makes."""


def add_play_command(commands: Any) -> None:
    """Add ``grail play`` to the ``grail`` parser."""
    play = commands.add_parser("play", help=_("play in the Pygame window"))
    play.add_argument("save", nargs="?", help=_("a save to open (default: the title screen)"))
    play.add_argument("--pack", help=_("pack folder (default: the bundled campaign)"))
    play.add_argument("--at", metavar="ENTRY", help=_(
        "try a journal entry (or a Location number: its explore entry) in a throwaway game, "
        "standing where it belongs"))
    play.add_argument("--hero", help=_(
        "with --at: the hero (default: the lowest character number)"))
    play.add_argument("--seed", type=seed_number, help=_(
        "with --at: the random seed (default: a random one)"))
    play.add_argument("--size", default="1600x900", help=_("window size (default 1600x900)"))
    play.add_argument("--screenshot", metavar="PATH",
                      help=_("draw headless and write a PNG instead of opening the window"))
    play.add_argument("--scene", choices=SCENES, help=_("with --screenshot: the screen to draw "
                                                        "(a game's screens need a save or --at)"))
    play.add_argument("--save", dest="save_option", metavar="SAVE",
                      help=_("with --screenshot: the save to draw"))
    play.add_argument("--frames", type=int, default=2,
                      help=_("frames drawn before the shot (more if the window is still "
                             "painting what changed)"))
    play.set_defaults(run=cmd_play)
