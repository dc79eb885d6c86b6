"""The settings: the UI scale (1x to 2x), the high-contrast theme and less motion. A change
applies at once and is saved for every game (:meth:`grail.ui.app.Settings.save`).

Keys: Left/Right (or - and +) make everything smaller or larger, H turns high contrast on
or off, M turns less motion on or off, Esc goes back; Up/Down and Enter, or the mouse,
reach every button.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from ..app import App, Scene, Settings
from ..theme import SCALES
from ..widgets import Button, Buttons, draw_lines, draw_panel, draw_text, wrap

SAMPLE = ("Tamsin Vell, the Herbwife, explores Kestle Wood. A Menhir burns on the hill; its "
          "dial shows 6. This is how the game's text looks at this scale.")


def scale_text(scale: float) -> str:
    """``1.25x`` style, whole numbers without decimals."""
    return f"{scale:g}x"


class SettingsScene(Scene):
    """The settings, over whatever opened them."""

    def __init__(self, settings: Settings | None = None) -> None:
        scale = settings.scale if settings is not None else 1.0
        self.buttons = Buttons(cursor=min(range(len(SCALES)),
                                          key=lambda i: abs(SCALES[i] - scale)))

    def panel(self, app: App) -> pygame.Rect:
        px = app.theme.px
        width = min(app.size[0] - px(40), px(700))
        height = min(app.size[1] - px(40), px(580))
        rect = pygame.Rect(0, 0, width, height)
        rect.center = (app.size[0] // 2, app.size[1] // 2)
        return rect

    def update(self, app: App, dt: float) -> None:
        px = app.theme.px
        panel = self.panel(app).inflate(-px(48), 0)
        settings = app.settings
        chosen = min(SCALES, key=lambda s: abs(s - settings.scale))
        gap = px(8)
        width = (panel.width - gap * (len(SCALES) - 1)) // len(SCALES)
        row = self.panel(app).y + px(110)
        buttons = [Button(pygame.Rect(panel.x + i * (width + gap), row, width, px(46)),
                          scale_text(scale) + (" (now)" if scale == chosen else ""),
                          ("scale", scale), style="primary" if scale == chosen else "normal")
                   for i, scale in enumerate(SCALES)]
        contrast = "On (H turns it off)" if settings.contrast else "Off (H turns it on)"
        buttons.append(Button(pygame.Rect(panel.x, row + px(110), panel.width, px(46)),
                              contrast, ("contrast", None),
                              style="primary" if settings.contrast else "normal"))
        motion = "On: changes shown at once (M turns it off)" if settings.reduce_motion \
            else "Off: meters and markers slide (M turns it on)"
        buttons.append(Button(pygame.Rect(panel.x, row + px(210), panel.width, px(46)),
                              motion, ("motion", None),
                              style="primary" if settings.reduce_motion else "normal"))
        back = pygame.Rect(panel.x, self.panel(app).bottom - px(66), px(200), px(46))
        buttons.append(Button(back, "Back", ("back", None), key="Esc"))
        cursor = min(self.buttons.cursor, len(buttons) - 1)
        self.buttons = Buttons(buttons, cursor)

    def handle(self, app: App, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_LEFT, pygame.K_MINUS, pygame.K_KP_MINUS):
                self.step(app, -1)
            elif event.key in (pygame.K_RIGHT, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.step(app, 1)
            elif event.key == pygame.K_h:
                self.do(app, ("contrast", None))
            elif event.key == pygame.K_m:
                self.do(app, ("motion", None))
            elif event.key == pygame.K_ESCAPE:
                self.do(app, ("back", None))
            elif event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
                self.buttons.move(-1 if event.key == pygame.K_UP else 1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                current = self.buttons.current()
                if current is not None:
                    self.do(app, current.action)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            button = self.buttons.at(event.pos)
            if button is not None:
                self.do(app, button.action)

    def step(self, app: App, step: int) -> None:
        """The next scale up or down."""
        index = min(range(len(SCALES)), key=lambda i: abs(SCALES[i] - app.settings.scale))
        self.do(app, ("scale", SCALES[max(0, min(len(SCALES) - 1, index + step))]))

    def do(self, app: App, action: tuple[str, float | None]) -> None:
        what, value = action
        if what == "back":
            app.pop()
            return
        if what == "scale" and value is not None:
            app.settings = replace(app.settings, scale=value)
            self.buttons.cursor = SCALES.index(value)
        elif what == "contrast":
            app.settings = replace(app.settings, contrast=not app.settings.contrast)
        elif what == "motion":
            app.settings = replace(app.settings, reduce_motion=not app.settings.reduce_motion)
        app.settings.save()

    def draw(self, app: App, surface: pygame.Surface) -> None:
        theme = app.theme
        px = theme.px
        panel = self.panel(app)
        draw_panel(surface, theme, panel, radius=10)
        x = panel.x + px(24)
        draw_text(surface, "Settings", (x, panel.y + px(18)), theme.font(28, bold=True),
                  theme["ink"])
        label = theme.font(20, bold=True)
        small = theme.font(17)
        draw_text(surface, "UI scale: the size of everything (Left/Right, - and +)",
                  (x, panel.y + px(80)), label, theme["ink"])
        draw_text(surface, "High contrast: white on black, with bright highlights",
                  (x, panel.y + px(190)), label, theme["ink"])
        draw_text(surface, "Less motion: no animation when something changes",
                  (x, panel.y + px(290)), label, theme["ink"])
        self.buttons.draw(surface, theme, pygame.mouse.get_pos())
        sample = panel.y + px(390)
        lines = wrap(SAMPLE, theme.font(20), panel.width - px(48))
        bottom = self.buttons.buttons[-1].rect.y - px(12) if self.buttons.buttons else 0
        room = max(0, (bottom - sample) // theme.font(20).get_linesize())
        draw_lines(surface, lines[:room], (x, sample), theme.font(20), theme["ink"])
        note = "Saved for every game; applies at once."
        back = self.buttons.buttons[-1].rect if self.buttons.buttons else panel
        draw_text(surface, note, (back.right + px(20), back.centery - small.get_height() // 2),
                  small, theme["faint"])
