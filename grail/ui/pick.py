"""A small choice over the scene below: a question and a few options, each a button with a
number key; Esc (or the Cancel button) closes it without choosing. The Encounter view asks
with it which way to pay a card's Magic Keys when the engine offers several [KEY-3].

>>> import os; os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
'dummy'
>>> from .app import App
>>> app = App((1280, 720), headless=True)
>>> picked = []
>>> app.push(PickScene("Pay how?", [("no Magic", 0), ("1 Magic", 1)], picked.append))
>>> app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_2, mod=0)])
>>> picked, app.stack
([1], [])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from grail.lang import _

from .app import App, Scene
from .widgets import Button, Buttons, draw_panel, draw_text, shade, wrap

CANCEL = object()
"""The Cancel button's action."""


class PickScene(Scene):
    """Options as buttons 1-9; ``then`` gets the chosen option's value."""

    opaque = False

    def __init__(self, question: str, options: list[tuple[str, Any]],
                 then: Callable[[Any], None]) -> None:
        self.question, self.options, self.then = question, options[:9], then
        self.buttons = Buttons()

    def box(self, app: App) -> pygame.Rect:
        px = app.theme.px
        width = min(app.size[0] - px(40), px(640))
        height = px(90) + (len(self.options) + 1) * px(50)
        rect = pygame.Rect(0, 0, width, min(app.size[1] - px(20), height))
        rect.center = (app.size[0] // 2, app.size[1] // 2)
        return rect

    def update(self, app: App, dt: float) -> None:
        px = app.theme.px
        box = self.box(app)
        width = box.width - px(48)
        buttons = [Button(pygame.Rect(box.x + px(24), box.y + px(70) + index * px(50), width,
                                      px(42)), text, value, key=str(index + 1))
                   for index, (text, value) in enumerate(self.options)]
        buttons.append(Button(pygame.Rect(box.x + px(24), box.y + px(70) + len(buttons) * px(50),
                                          width, px(42)), _("Cancel"), CANCEL, key="Esc"))
        self.buttons = Buttons(buttons, self.buttons.cursor)

    def handle(self, app: App, event: pygame.event.Event) -> None:
        if not self.buttons.buttons:
            self.update(app, 0)
        if event.type == pygame.KEYDOWN:
            name = pygame.key.name(event.key)
            if event.key == pygame.K_ESCAPE:
                self.answer(app, CANCEL)
            elif name.isascii() and name.isdigit() and self.buttons.by_key(name) is not None:
                button = self.buttons.by_key(name)
                assert button is not None
                self.answer(app, button.action)
            elif event.key in (pygame.K_DOWN, pygame.K_UP, pygame.K_TAB):
                self.buttons.move(-1 if event.key == pygame.K_UP else 1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                current = self.buttons.current()
                if current is not None:
                    self.answer(app, current.action)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            button = self.buttons.at(event.pos)
            if button is not None:
                self.answer(app, button.action)

    def answer(self, app: App, value: Any) -> None:
        app.pop()
        if value is not CANCEL:
            self.then(value)

    def draw(self, app: App, surface: pygame.Surface) -> None:
        theme = app.theme
        shade(surface)
        box = self.box(app)
        draw_panel(surface, theme, box)
        font = theme.font(22, bold=True)
        line = wrap(self.question, font, box.width - theme.px(48))[0]
        draw_text(surface, line, (box.x + theme.px(24), box.y + theme.px(24)), font,
                  theme["ink"])
        self.buttons.draw(surface, theme, pygame.mouse.get_pos())
