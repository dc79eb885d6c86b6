"""The title screen: continue the latest save, start a new game, or quit."""

from __future__ import annotations

import time

import pygame

from grail.cli_game import _campaign
from grail.save.folder import list_saves, saves_folder

from ..app import App, Scene
from ..session import Session
from ..widgets import Button, Buttons, draw_text
from .game import view_for


class TitleScene(Scene):
    """grail's first screen."""

    def __init__(self, pack: str | None = None) -> None:
        self.pack = pack
        self.buttons = Buttons()
        self.notice = ""

    def update(self, app: App, dt: float) -> None:
        px = app.theme.px
        width = px(420)
        x = (app.size[0] - width) // 2
        saves = list_saves(saves_folder())
        entries = [("Continue", "C", "continue", "" if saves else "no saves yet"),
                   ("New game (first hero)", "N", "new", ""), ("Quit", "Q", "quit", "")]
        self.buttons = Buttons([Button(pygame.Rect(x, px(300) + i * px(60), width, px(50)),
                                       text, what, key=key, why=why)
                                for i, (text, key, what, why) in enumerate(entries)],
                               self.buttons.cursor)

    def handle(self, app: App, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_c: "continue", pygame.K_n: "new", pygame.K_q: "quit"}
            if event.key in keys:
                self.do(app, keys[event.key])
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                self.buttons.move(1 if event.key == pygame.K_DOWN else -1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                current = self.buttons.current()
                if current is not None and current.enabled:
                    self.do(app, current.action)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            button = self.buttons.at(event.pos)
            if button is not None and button.enabled:
                self.do(app, button.action)

    def do(self, app: App, what: str) -> None:
        if what == "quit":
            app.quit()
            return
        campaign = _campaign(self.pack)
        if what == "continue":
            saves = list_saves(saves_folder())
            if not saves:
                return
            session = Session.open(saves[0].path, campaign)
        else:
            first = min(campaign.heroes, key=lambda hero: hero.number).id
            path = saves_folder() / f"game-{time.strftime('%Y%m%d-%H%M%S')}.json"
            session = Session.start(campaign, [first], seed=int(time.time()) % 100_000, path=path)
        app.push(view_for(session)(session))

    def draw(self, app: App, surface: pygame.Surface) -> None:
        theme = app.theme
        draw_text(surface, "grail", (app.size[0] // 2 - theme.px(60), theme.px(140)),
                  theme.font(72, bold=True), theme["ink"])
        self.buttons.draw(surface, theme, pygame.mouse.get_pos())
