"""Scripted input for the window's tests: keys, typing and clicks sent as one frame each,
and the scene on top of the stack."""

from __future__ import annotations

import pygame

from grail.session import Session
from grail.ui.app import App, Scene
from grail.ui.scenes.game import GameScene


def key(app: App, code: int, mod: int = 0, text: str = "") -> None:
    """A key pressed (with ``mod`` held; ``text`` is what it types)."""
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=text, scancode=0)])


def type_text(app: App, text: str) -> None:
    app.frame([pygame.event.Event(pygame.TEXTINPUT, text=text)])


def click(app: App, point: tuple[int, int]) -> None:
    """The mouse moved to ``point``, then a left click there."""
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0)),
               pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=point),
               pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=point)])


def top(app: App) -> Scene:
    return app.stack[-1]


def session_of(app: App) -> Session:
    """The game of the view on top (which must be a game's view)."""
    scene = top(app)
    assert isinstance(scene, GameScene), f"a game view, not {type(scene).__name__}"
    return scene.session
