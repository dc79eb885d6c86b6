"""What the title's screens and the game menu share: a column of choices
(:class:`ChoiceScene`), each an :class:`Entry` with its key, and a line of typed text
(:class:`TextField`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import pygame

from grail.lang import _
from grail.save.folder import MAX_NAME

from .app import App, Scene
from .theme import Theme
from .widgets import Button, Buttons, draw_lines, draw_panel, draw_text, wrap

KEY_NAMES = {"Esc": "escape", "Enter": "return"}
"""Keys shown on buttons whose pygame name is another."""
class Entry(NamedTuple):
    """One choice: its text, its key, what it does, and why it cannot be done now."""

    text: str
    key: str
    what: str
    why: str = ""


@dataclass
class TextField:
    """One line of typed text; ``digits`` keeps only digits."""

    text: str = ""
    placeholder: str = ""
    digits: bool = False

    def handle(self, event: pygame.event.Event) -> bool:
        """Typing and Backspace (Ctrl+Backspace clears); True when the event was taken."""
        if event.type == pygame.TEXTINPUT:
            typed = "".join(c for c in event.text if c in "0123456789" or not self.digits)
            self.text = (self.text + typed)[:MAX_NAME]
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            self.text = "" if event.mod & pygame.KMOD_CTRL else self.text[:-1]
            return True
        return False

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, theme: Theme,
             focused: bool) -> None:
        pygame.draw.rect(surface, theme["card"], rect, border_radius=theme.px(4))
        pygame.draw.rect(surface, theme["highlight"] if focused else theme["line"], rect,
                         max(1, theme.px(3 if focused else 1)), border_radius=theme.px(4))
        font = theme.font(20)
        shown, colour = (self.text, theme["ink"]) if self.text else \
            (self.placeholder, theme["faint"])
        y = rect.centery - font.get_height() // 2
        drawn = draw_text(surface, shown, (rect.x + theme.px(8), y), font, colour)
        if focused:
            x = drawn.right if self.text else rect.x + theme.px(8)
            pygame.draw.line(surface, theme["ink"], (x + 1, y), (x + 1, y + font.get_height()), 2)


class ChoiceScene(Scene):
    """A titled column of choices in a panel: Up/Down and Enter, each choice's key, or the
    mouse. A notice (what the last choice did) shows between the title and the column; the
    column closes up when the window is short."""

    title = ""
    """The panel's title, marked for the catalog (``N_``): shown through ``_``."""
    width = 460
    tall, pitch = 46, 54
    """A button's height, and from one button to the next, at their roomiest."""

    def __init__(self) -> None:
        self.buttons = Buttons()
        self.notice = ""
        self.warning = False
        self.head: list[tuple[list[str], int, bool, str]] = []
        """The panel's lines above the column: (lines, size, bold, colour name)."""

    def entries(self, app: App) -> list[Entry]:
        """The choices, top to bottom."""
        return []

    def subtitle(self) -> str:
        """A line or two under the title."""
        return ""

    def top(self, app: App) -> int:
        """Where the column begins: the panel centred."""
        px = app.theme.px
        room = self.head_height(app) + self.step(app) * len(self.entries(app)) + px(20)
        return max(0, (app.size[1] - room) // 2) + self.head_height(app)

    def step(self, app: App) -> int:
        """From one button to the next: as roomy as the window allows."""
        px = app.theme.px
        room = app.size[1] - self.head_height(app) - px(40)
        return max(px(24), min(px(self.pitch), room // max(1, len(self.entries(app)))))

    def head_height(self, app: App) -> int:
        px = app.theme.px
        return px(30) + sum(len(lines) * app.theme.font(size, bold).get_linesize() + px(8)
                            for lines, size, bold, _colour in self.head)

    def do(self, app: App, what: str) -> None:
        """Carry out a choice."""

    def back(self, app: App) -> None:
        """Esc when no choice has it."""

    def update(self, app: App, dt: float) -> None:
        theme = app.theme
        px = theme.px
        width = min(px(self.width), app.size[0] - px(100))
        self.head = [(wrap(_(self.title), theme.font(28, True), width), 28, True, "ink")] \
            if self.title else []
        for text, colour in ((self.subtitle(), "faint"),
                             (self.notice, "bad" if self.warning else "good")):
            if text:
                self.head.append((wrap(text, theme.font(17), width)[:3], 17, False, colour))
        x = (app.size[0] - width) // 2
        y, step = self.top(app), self.step(app)
        tall = step * self.tall // self.pitch
        self.buttons = Buttons([Button(pygame.Rect(x, y + index * step, width, tall),
                                       entry.text, entry.what, key=entry.key, why=entry.why)
                                for index, entry in enumerate(self.entries(app))],
                               self.buttons.cursor)

    def handle(self, app: App, event: pygame.event.Event) -> None:
        if not self.buttons.buttons:  # an event before the first frame
            self.update(app, 0.0)
        if event.type == pygame.KEYDOWN:
            name = pygame.key.name(event.key)
            chosen = next((b for b in self.buttons.buttons
                           if KEY_NAMES.get(b.key, b.key.lower()) == name), None)
            if chosen is not None:
                self.press(app, chosen)
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                self.buttons.move(1 if event.key == pygame.K_DOWN else -1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                current = self.buttons.current()
                if current is not None:
                    self.press(app, current)
            elif event.key == pygame.K_ESCAPE:
                self.back(app)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            button = self.buttons.at(event.pos)
            if button is not None:
                self.press(app, button)
        elif event.type == pygame.MOUSEMOTION:
            hovered = self.buttons.at(event.pos)
            if hovered is not None:
                self.buttons.cursor = self.buttons.buttons.index(hovered)

    def press(self, app: App, button: Button) -> None:
        """Do a button's choice, or say why it cannot be done."""
        if button.enabled:
            self.notice, self.warning = "", False
            self.do(app, button.action)
        else:
            self.notice, self.warning = _("{choice}: {why}.").format(choice=button.text,
                                                                     why=button.why), True

    def panel(self, app: App) -> pygame.Rect:
        """The panel behind the title, the notice and the column."""
        px = app.theme.px
        if not self.buttons.buttons:
            return pygame.Rect(0, 0, 0, 0)
        column = self.buttons.buttons[0].rect.unionall([b.rect for b in self.buttons.buttons])
        head = self.head_height(app)
        return pygame.Rect(column.x - px(32), column.y - head, column.width + px(64),
                           head + column.height + px(20))

    def draw(self, app: App, surface: pygame.Surface) -> None:
        theme = app.theme
        px = theme.px
        panel = self.panel(app)
        draw_panel(surface, theme, panel, radius=10)
        y = panel.y + px(18)
        for lines, size, bold, colour in self.head:
            font = theme.font(size, bold)
            y = draw_lines(surface, lines, (panel.x + px(32), y), font, theme[colour]) + px(8)
        self.buttons.draw(surface, theme, pygame.mouse.get_pos())
