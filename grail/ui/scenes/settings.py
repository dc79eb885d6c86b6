"""The settings: the UI scale (1x to 2x), the high-contrast theme, less motion and the
language. A change applies at once and is saved for every game
(:meth:`grail.ui.app.Settings.save`); a game's own text (the pack's) takes the new
language when a game is next opened.

Keys: Left/Right (or - and +) make everything smaller or larger, H turns high contrast on
or off, M turns less motion on or off, L goes to the next language, Esc goes back;
Up/Down and Enter, or the mouse, reach every button.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from grail.lang import N_, _, installed, use, wanted

from ..app import App, Scene, Settings
from ..theme import SCALES
from ..widgets import Button, Buttons, draw_lines, draw_panel, draw_text, wrap

SAMPLE = N_("Tamsin Vell, the Herbwife, explores Kestle Wood. A Menhir burns on the hill; "
             "its dial shows 6. This is how the game's text looks at this scale.")


def scale_text(scale: float) -> str:
    """``1.25x`` style, whole numbers without decimals."""
    return _("{scale}x").format(scale=f"{scale:g}")


def language_name(code: str) -> str:
    """A language as its speakers name it ("English", "Español"); "" for the one the
    environment asks for."""
    if not code:
        return _("As the system says")
    from babel import Locale, UnknownLocaleError

    try:
        name = Locale.parse(code).get_display_name(code) or code
    except (ValueError, UnknownLocaleError):
        return code
    return name[:1].upper() + name[1:]


def languages() -> list[str]:
    """The choices of language: the environment's, then each grail speaks."""
    return ["", *installed()]


class SettingsScene(Scene):
    """The settings, over whatever opened them."""

    def __init__(self, settings: Settings | None = None) -> None:
        scale = settings.scale if settings is not None else 1.0
        self.buttons = Buttons(cursor=min(range(len(SCALES)),
                                          key=lambda i: abs(SCALES[i] - scale)))

    def panel(self, app: App) -> pygame.Rect:
        px = app.theme.px
        width = min(app.size[0] - px(40), px(700))
        height = min(app.size[1] - px(40), px(680))
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
                          _("{scale} (now)").format(scale=scale_text(scale))
                          if scale == chosen else scale_text(scale),
                          ("scale", scale), style="primary" if scale == chosen else "normal")
                   for i, scale in enumerate(SCALES)]
        contrast = _("On (H turns it off)") if settings.contrast else _("Off (H turns it on)")
        buttons.append(Button(pygame.Rect(panel.x, row + px(110), panel.width, px(46)),
                              contrast, ("contrast", None),
                              style="primary" if settings.contrast else "normal"))
        motion = _("On: changes shown at once (M turns it off)") if settings.reduce_motion \
            else _("Off: meters and markers slide (M turns it on)")
        buttons.append(Button(pygame.Rect(panel.x, row + px(210), panel.width, px(46)),
                              motion, ("motion", None),
                              style="primary" if settings.reduce_motion else "normal"))
        choices = languages()
        width = (panel.width - gap * (len(choices) - 1)) // len(choices)
        for i, code in enumerate(choices):
            buttons.append(Button(pygame.Rect(panel.x + i * (width + gap), row + px(310), width,
                                              px(46)),
                                  language_name(code), ("language", code),
                                  style="primary" if code == settings.language else "normal"))
        back = pygame.Rect(panel.x, self.panel(app).bottom - px(66), px(200), px(46))
        buttons.append(Button(back, _("Back"), ("back", None), key="Esc"))
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
            elif event.key == pygame.K_l:
                choices = languages()
                at = choices.index(app.settings.language) \
                    if app.settings.language in choices else 0
                self.do(app, ("language", choices[(at + 1) % len(choices)]))
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

    def do(self, app: App, action: tuple[str, float | str | None]) -> None:
        what, value = action
        if what == "back":
            app.pop()
            return
        if what == "scale" and isinstance(value, float | int):
            app.settings = replace(app.settings, scale=value)
            self.buttons.cursor = SCALES.index(value)
        elif what == "contrast":
            app.settings = replace(app.settings, contrast=not app.settings.contrast)
        elif what == "motion":
            app.settings = replace(app.settings, reduce_motion=not app.settings.reduce_motion)
        elif what == "language" and isinstance(value, str):
            app.settings = replace(app.settings, language=value)
            use(value or wanted())
        app.settings.save()

    def draw(self, app: App, surface: pygame.Surface) -> None:
        theme = app.theme
        px = theme.px
        panel = self.panel(app)
        draw_panel(surface, theme, panel, radius=10)
        x = panel.x + px(24)
        draw_text(surface, _("Settings"), (x, panel.y + px(18)), theme.font(28, bold=True),
                  theme["ink"])
        label = theme.font(20, bold=True)
        small = theme.font(17)
        draw_text(surface, _("UI scale: the size of everything (Left/Right, - and +)"),
                  (x, panel.y + px(80)), label, theme["ink"])
        draw_text(surface, _("High contrast: white on black, with bright highlights"),
                  (x, panel.y + px(190)), label, theme["ink"])
        draw_text(surface, _("Less motion: no animation when something changes"),
                  (x, panel.y + px(290)), label, theme["ink"])
        draw_text(surface, _("Language (L): a game's own text follows when it is next opened"),
                  (x, panel.y + px(390)), label, theme["ink"])
        self.buttons.draw(surface, theme, pygame.mouse.get_pos())
        sample = panel.y + px(490)
        lines = wrap(_(SAMPLE), theme.font(20), panel.width - px(48))
        bottom = self.buttons.buttons[-1].rect.y - px(12) if self.buttons.buttons else 0
        room = max(0, (bottom - sample) // theme.font(20).get_linesize())
        draw_lines(surface, lines[:room], (x, sample), theme.font(20), theme["ink"])
        note = _("Saved for every game; applies at once.")
        back = self.buttons.buttons[-1].rect if self.buttons.buttons else panel
        draw_text(surface, note, (back.right + px(20), back.centery - small.get_height() // 2),
                  small, theme["faint"])
