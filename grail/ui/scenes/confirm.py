"""A question before something that cannot be undone: Yes (Enter, Y) or No (Esc, N); or
another choice of two, such as Try again or Save elsewhere… when a save failed."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from grail.lang import _

from ..app import App, Scene
from ..widgets import Button, Buttons, draw_panel, draw_text, shade, wrap


class ConfirmScene(Scene):
    """A dialog over the scene below: ``then`` runs on Yes, ``otherwise`` (if given) on No;
    Esc closes it and runs neither."""

    opaque = False

    def __init__(self, question: str, detail: str, then: Callable[[], None],
                 yes: str | None = None, no: str | None = None,
                 otherwise: Callable[[], None] | None = None) -> None:
        self.question, self.detail, self.then = question, detail, then
        self.yes = _("Yes") if yes is None else yes
        self.no = _("No") if no is None else no
        self.otherwise = otherwise
        self.buttons = Buttons()

    def box(self, app: App) -> pygame.Rect:
        width, height = app.theme.px(560), app.theme.px(220)
        rect = pygame.Rect(0, 0, width, height)
        rect.center = (app.size[0] // 2, app.size[1] // 2)
        return rect

    def update(self, app: App, dt: float) -> None:
        box = self.box(app)
        px = app.theme.px
        yes = pygame.Rect(box.x + px(24), box.bottom - px(64), px(240), px(44))
        no = pygame.Rect(box.right - px(264), box.bottom - px(64), px(240), px(44))
        self.buttons = Buttons([Button(yes, self.yes, True, key="Y", style="primary"),
                                Button(no, self.no, False, key="N")], self.buttons.cursor)

    def handle(self, app: App, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_y, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.answer(app, event.key == pygame.K_y or self.buttons.cursor == 0)
            elif event.key == pygame.K_n:
                self.answer(app, False)
            elif event.key == pygame.K_ESCAPE:
                app.pop()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                self.buttons.move(1)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            button = self.buttons.at(event.pos)
            if button is not None:
                self.answer(app, bool(button.action))

    def answer(self, app: App, yes: bool) -> None:
        app.pop()
        if yes:
            self.then()
        elif self.otherwise is not None:
            self.otherwise()

    def draw(self, app: App, surface: pygame.Surface) -> None:
        theme = app.theme
        shade(surface)
        box = self.box(app)
        draw_panel(surface, theme, box)
        font = theme.font(24, bold=True)
        y = box.y + theme.px(20)
        for line in wrap(self.question, font, box.width - theme.px(48)):
            draw_text(surface, line, (box.x + theme.px(24), y), font, theme["ink"])
            y += font.get_linesize()
        small = theme.font(18)
        for line in wrap(self.detail, small, box.width - theme.px(48)):
            draw_text(surface, line, (box.x + theme.px(24), y + theme.px(6)), small, theme["faint"])
            y += small.get_linesize()
        self.buttons.draw(surface, theme, pygame.mouse.get_pos())
