"""The game menu (Esc): resume, undo, a checkpoint, reload the pack from disk (for authors),
quit. Everything here is also a key on the game screen."""

from __future__ import annotations

import pygame

from grail.content import PackError, bundled_pack, load_pack

from ..app import App, Scene
from ..session import Session
from ..widgets import Button, Buttons, draw_text


def reload_pack(session: Session) -> str:
    """Read the pack from disk again and go on with it where the game still fits: what
    happened, in words."""
    try:
        campaign = load_pack(session.pack or bundled_pack())
    except PackError as error:
        return f"The pack has problems; the game goes on as it was: {error.problems[0]}"
    problems = session.reload(campaign)
    if problems:
        return f"The game no longer fits the pack: {problems[0]}"
    return "The pack was reloaded from disk."


class MenuScene(Scene):
    """A column of choices over the game."""

    opaque = False

    def __init__(self, session: Session) -> None:
        self.session = session
        self.buttons = Buttons()
        self.notice = ""

    def entries(self) -> list[tuple[str, str, str, str]]:
        """(text, key, what, why it cannot be done now) of each choice."""
        undo = "" if self.session.can_undo() else "nothing to undo since the last reveal"
        return [("Resume", "Esc", "resume", ""), ("Undo the last action", "U", "undo", undo),
                ("Save a checkpoint", "K", "checkpoint", ""),
                ("Reload the pack from disk", "F5", "reload", ""), ("Quit grail", "Q", "quit", "")]

    def update(self, app: App, dt: float) -> None:
        px = app.theme.px
        width = px(420)
        x = (app.size[0] - width) // 2
        y = app.size[1] // 2 - px(150)
        self.buttons = Buttons([Button(pygame.Rect(x, y + index * px(54), width, px(46)), text,
                                       what, key=key, why=why)
                                for index, (text, key, what, why) in enumerate(self.entries())],
                               self.buttons.cursor)

    def handle(self, app: App, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_ESCAPE: "resume", pygame.K_u: "undo", pygame.K_k: "checkpoint",
                    pygame.K_F5: "reload", pygame.K_q: "quit"}
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
        if what == "resume":
            app.pop()
        elif what == "undo" and self.session.can_undo():
            self.notice = f"Undone: {self.session.undo()}"
        elif what == "checkpoint":
            saved = self.session.checkpoint(f"day{self.session.game.state.day:04d}")
            self.notice = f"Checkpoint saved: {saved.name}" if saved else "No save file."
        elif what == "reload":
            self.notice = reload_pack(self.session)
        elif what == "quit":
            app.quit()

    def draw(self, app: App, surface: pygame.Surface) -> None:
        theme = app.theme
        shade = pygame.Surface(app.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        surface.blit(shade, (0, 0))
        self.buttons.draw(surface, theme, pygame.mouse.get_pos())
        if self.notice:
            font = theme.font(20)
            first = self.buttons.buttons[0].rect if self.buttons.buttons else pygame.Rect(0, 0, 0, 0)
            draw_text(surface, self.notice, (first.x, first.y - theme.px(34)), font,
                      theme["accent_ink"])
