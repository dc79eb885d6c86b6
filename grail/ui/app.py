"""The window: a stack of scenes, the frame loop, settings, and headless screenshots.

A :class:`Scene` handles input and may change the game (through its session); its ``draw``
only paints and must never change the game. The App draws the stack from the topmost
opaque scene up, so a dialog shows the scene under it.

>>> import os; os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
'dummy'
>>> app = App((640, 400))
>>> class Blank(Scene):
...     def draw(self, app, surface): surface.fill((1, 2, 3))
>>> app.push(Blank()); app.frame(); app.screen.get_at((5, 5))[:3]
(1, 2, 3)
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path

import platformdirs
import pygame

from grail.lang import _
from grail.session import Session

from .budget import Budget
from .theme import SCALES, Theme

FPS = 60
MIN_SIZE = (1280, 720)
"""The smallest window the layout is made for."""


def private_runtime_folder() -> None:
    """On Linux, SDL complains on the terminal when ``XDG_RUNTIME_DIR`` is missing or is not
    the user's own private folder (a plain console, ``sudo``, a container): give it one of
    its own for this run, removed at exit, so that the window opens quietly."""
    if not sys.platform.startswith("linux"):
        return
    current = os.environ.get("XDG_RUNTIME_DIR", "")
    try:
        found = os.stat(current) if current else None
    except OSError:
        found = None
    if found is not None and found.st_uid == os.getuid() and not found.st_mode & 0o077:
        return
    folder = tempfile.mkdtemp(prefix="grail-runtime-")  # made private (0700)
    os.environ["XDG_RUNTIME_DIR"] = folder
    atexit.register(shutil.rmtree, folder, True)


SHOWN_AGAIN = (pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED,
               pygame.WINDOWSHOWN, pygame.WINDOWSIZECHANGED)
"""The window shown again or anew: its next frame is drawn whole (:meth:`App.shows`)."""


class Scene:
    """One screen of the stack."""

    opaque = True
    """Hides the scenes under it; a dialog is not opaque."""
    covers = False
    """Paints every pixel of the window itself, so the window is not cleared before it."""

    def handle(self, app: App, event: pygame.event.Event) -> None:
        """An input event (keys, mouse, resize)."""

    def update(self, app: App, dt: float) -> None:
        """Time passing, ``dt`` seconds: animations, or following the game's state."""

    def draw(self, app: App, surface: pygame.Surface) -> None:
        """Paint the scene. Never changes the game."""

    @property
    def settled(self) -> bool:
        """Whether the last frame showed all there is (no painting left for the next frames,
        :mod:`.budget`)."""
        return True


@cache
def _theme(palette: str, scale: float) -> Theme:
    return Theme(palette, scale)


@dataclass
class Settings:
    """What the player sets once for every game: the UI scale, the high-contrast theme, less
    motion (no animation: every change shown at once), and the language ("": the one the
    environment asks for; ``--lang`` on the command line overrides it)."""

    scale: float = 1.0
    contrast: bool = False
    reduce_motion: bool = False
    language: str = ""

    @property
    def theme(self) -> Theme:
        return Theme(palette="contrast" if self.contrast else "normal",
                     scale=min(SCALES, key=lambda s: abs(s - self.scale)))

    @staticmethod
    def path() -> Path:
        return Path(platformdirs.user_config_dir("grail")) / "settings.json"

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        """The saved settings; the defaults if none were saved or they cannot be read."""
        try:
            data = json.loads((path or cls.path()).read_text(encoding="utf-8"))
            language = data.get("language", "")
            return cls(scale=float(data.get("scale", 1.0)), contrast=bool(data.get("contrast")),
                       reduce_motion=bool(data.get("reduce_motion")),
                       language=language if isinstance(language, str) else "")
        except (OSError, ValueError, TypeError, AttributeError):
            return cls()

    def save(self, path: Path | None = None) -> None:
        target = path or self.path()
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(json.dumps(asdict(self)), encoding="utf-8")
        except OSError:
            pass  # the settings are a comfort, never worth stopping the game for


class NoDisplay(RuntimeError):
    """There is no screen to open a window on."""


Home = Callable[[Session | None, str | None], None]
"""How a scene goes back to the title: ``app.home(session, pack)``."""


def _no_home(session: Session | None, pack: str | None) -> None:
    raise RuntimeError("no title to go back to: the title sets app.home when it is shown")


class App:
    """The window and its stack of scenes."""

    def __init__(self, size: tuple[int, int] = (1600, 900), settings: Settings | None = None,
                 headless: bool = False) -> None:
        private_runtime_folder()
        try:
            pygame.display.init()  # no sound in grail: the mixer stays closed
        except pygame.error as error:
            raise NoDisplay(_("no screen to open the window on ({error})").format(
                error=error)) from None
        pygame.font.init()
        pygame.display.set_caption("grail")
        flags = 0 if headless else pygame.RESIZABLE
        drawn = self.visible and not headless
        try:
            self.screen = pygame.display.set_mode(size, flags, vsync=1 if drawn else 0)
        except pygame.error:  # no vsync on this display: draw without it
            self.screen = pygame.display.set_mode(size, flags)
        self.settings = settings or Settings()
        self._kept_theme: tuple[tuple[float, bool, tuple[int, int]] | None, Theme] = \
            (None, Theme())
        """The theme last worked out, and the scale, contrast and window size it was for."""
        self.stack: list[Scene] = []
        self.clock = pygame.time.Clock()
        self.running = True
        self.started = time.perf_counter()
        self.budget: Budget | None = None
        """The frame's painting of what changed (:mod:`.budget`): none outside a frame."""
        self._drawn: tuple[pygame.Surface, tuple[int, int], Scene] | None = None
        """What the screen shows: the scene the last frame drew alone, on this screen of this
        size (None: several scenes, or none)."""
        self._again: Scene | None = None
        """The scene this frame draws alone over what it drew alone in the last (:meth:`shows`)."""
        self.home: Home = _no_home
        """Back to the title, playing a session on it if given, with the pack to offer: set
        by the title when it is first shown, so that scenes go home without importing it."""

    @property
    def theme(self) -> Theme:
        """The settings' theme, grown with a window larger than :data:`MIN_SIZE` so that a
        scene looks the same at 1920x1080 or 2560x1440 as at 1280x720, only sharper; the
        UI scale chosen multiplies it."""
        key = (self.settings.scale, self.settings.contrast, self.size)
        if self._kept_theme[0] != key:  # asked for some 20 times a frame
            chosen = self.settings.theme
            width, height = self.size
            grown = round(max(1.0, min(width / MIN_SIZE[0], height / MIN_SIZE[1])) * 20) / 20
            self._kept_theme = (key, chosen if grown == 1.0 else
                                _theme(chosen.palette, chosen.scale * grown))
        return self._kept_theme[1]

    @property
    def visible(self) -> bool:
        """Whether the window shows on a screen: not on SDL's dummy driver (as in CI) or its
        offscreen one (what SDL falls back to with no display)."""
        return self.driver not in ("dummy", "offscreen")

    @property
    def driver(self) -> str:
        """SDL's video driver: x11, wayland, windows, cocoa... or dummy."""
        return str(pygame.display.get_driver())

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def push(self, scene: Scene) -> None:
        self.stack.append(scene)

    def pop(self) -> Scene:
        return self.stack.pop()

    def replace(self, scene: Scene) -> None:
        """Put ``scene`` in place of the top one."""
        if self.stack:
            self.stack.pop()
        self.stack.append(scene)

    def quit(self) -> None:
        self.running = False

    def frame(self, events: list[pygame.event.Event] | None = None, dt: float = 1 / FPS) -> None:
        """One frame: the events (or the queue's), time passing, the drawing."""
        self.budget = Budget.from_now()
        for event in pygame.event.get() if events is None else events:
            if event.type == pygame.QUIT:
                self.quit()
            elif event.type == pygame.VIDEORESIZE:
                width, height = max(MIN_SIZE[0], event.w), max(MIN_SIZE[1], event.h)
                self.screen = pygame.display.set_mode((width, height), pygame.RESIZABLE)
            elif event.type in SHOWN_AGAIN:
                self._drawn = None  # the system may have kept no pixel of the last frame
            if self.stack:
                self.stack[-1].handle(self, event)
        if self.stack:
            self.stack[-1].update(self, dt)
        self.draw()
        self.budget = None

    def draw(self) -> None:
        """Paint the stack from its topmost opaque scene up."""
        first = max((i for i, scene in enumerate(self.stack) if scene.opaque), default=0)
        last, scenes = self._drawn, self.stack[first:]
        self._drawn = (self.screen, self.screen.get_size(), scenes[0]) \
            if len(scenes) == 1 else None
        self._again = scenes[0] if last is not None and self._drawn is not None \
            and last[0] is self.screen and last[1] == self._drawn[1] \
            and last[2] is scenes[0] else None
        if not (self.stack and self.stack[first].covers):
            self.screen.fill(self.theme["background"])
        for scene in self.stack[first:]:
            scene.draw(self, self.screen)
        pygame.display.flip()

    def shows(self, scene: Scene) -> bool:
        """Whether the screen shows what ``scene`` drew in the last frame, nothing drawn over
        it since: it was drawn alone then, and is drawn alone now on the same screen. Such a
        scene may paint only what changed (the map, :class:`.mapview.MapView`)."""
        return self._again is scene

    def settle(self, most: int = 600) -> None:
        """Draw frames (no input) until the top scene shows all there is, ``most`` at most."""
        for _frame in range(most):
            if not self.stack or self.stack[-1].settled:
                return
            self.frame(events=[])

    def run(self) -> None:
        """The frame loop, 60 frames a second, until the player quits."""
        while self.running and self.stack:
            dt = self.clock.tick(FPS) / 1000
            self.frame(dt=dt)
        pygame.quit()

    def screenshot(self, path: Path, frames: int = 1) -> None:
        """Draw ``frames`` frames (no input), and more until the scene shows all there is
        (:attr:`Scene.settled`), and write the window to a PNG."""
        for _frame in range(max(1, frames)):
            self.frame(events=[])
        self.settle()
        pygame.image.save(self.screen, str(path))
