"""The title screen: continue the latest save, a new campaign, load a save, the settings,
quit. Each choice has a key (C, N, L, S, Q); Up/Down and Enter or the mouse work too.

The title is always at the bottom of the window's stack: a game is played on top of it,
and "Quit to the title" (the game menu) puts a fresh one, with the saves listed anew, in
place of everything.
"""

from __future__ import annotations

import pygame

from grail.content import Campaign, PackError
from grail.content.cache import open_pack
from grail.lang import _, listed
from grail.save.folder import SaveInfo, list_saves, saves_folder
from grail.session import Session
from grail.words.names import hero_name

from ..app import App
from ..choices import ChoiceScene, Entry
from ..widgets import draw_lines, draw_text, wrap
from .game import view_for
from .load import LoadScene, opened
from .new_game import NewGameScene
from .settings import SettingsScene


class TitleScene(ChoiceScene):
    """grail's first screen."""

    width = 520

    def __init__(self, pack: str | None = None) -> None:
        super().__init__()
        self.pack = pack
        self.folder = saves_folder()
        self.saves: list[SaveInfo] = list_saves(self.folder)
        self.newest: SaveInfo | None = next((info for info in self.saves if info.kind == "save"
                                             and not info.problem), None)
        """The save last played that is not damaged: Continue opens it."""
        self.loaded: Campaign | None = None
        try:
            self.loaded = open_pack(pack)
        except PackError as error:
            self.notice, self.warning = error.headline, True

    @staticmethod
    def show(app: App, pack: str | None) -> None:
        """Put a fresh title in place of every scene; from now on, scenes go back to it
        through ``app.home``."""
        app.home = lambda session, pack: TitleScene.play(app, session, pack) \
            if session is not None else TitleScene.show(app, pack)
        app.stack.clear()
        app.push(TitleScene(pack))

    @staticmethod
    def play(app: App, session: Session, pack: str | None) -> None:
        """Play ``session``: its view on top of a fresh title."""
        TitleScene.show(app, pack)
        app.push(view_for(session)(session))

    def latest(self) -> str:
        """The latest save in a few words, for the Continue button."""
        info = self.newest
        if info is None:
            return _("Continue")
        heroes = listed([hero_name(self.loaded, hero) for hero in info.heroes])
        return _("Continue '{save}': day {day}, {heroes}").format(save=info.name, day=info.day,
                                                                  heroes=heroes)

    def entries(self, app: App) -> list[Entry]:
        broken = "" if self.loaded is not None else _("the pack has problems")
        none = "" if self.saves else _("no saves yet")
        cannot = "" if self.newest is not None else _("no saves yet") if not self.saves \
            else _("no save here can be opened")
        return [Entry(self.latest(), "C", "continue", cannot),
                Entry(_("New campaign"), "N", "new", broken),
                Entry(_("Load…"), "L", "load", none), Entry(_("Settings"), "S", "settings"),
                Entry(_("Quit"), "Q", "quit")]

    def block(self, app: App) -> int:
        """The height of the name and the two lines under it, and a gap."""
        theme = app.theme
        return theme.font(96, True).get_height() + 2 * theme.font(24).get_linesize() + \
            theme.px(36)

    def step(self, app: App) -> int:
        px = app.theme.px
        room = app.size[1] - self.block(app) - px(110)  # the hints and a notice below
        return max(px(24), min(px(self.pitch), room // max(1, len(self.entries(app)))))

    def heading(self, app: App) -> int:
        """The y of the name: the name and the column centred together."""
        total = self.block(app) + self.step(app) * len(self.entries(app))
        return max(app.theme.px(10), (app.size[1] - app.theme.px(60) - total) // 2)

    def top(self, app: App) -> int:
        return self.heading(app) + self.block(app)

    def do(self, app: App, what: str) -> None:
        newest = self.newest
        if what == "quit":
            app.quit()
        elif what == "continue" and newest is not None:
            session = opened(newest, self.pack)
            if isinstance(session, str):
                self.notice, self.warning = session, True
            else:
                TitleScene.play(app, session, self.pack)
        elif what == "new" and self.loaded is not None:
            app.push(NewGameScene(self.loaded, self.pack))
        elif what == "load":
            app.push(LoadScene(self.pack))
        elif what == "settings":
            app.push(SettingsScene(app.settings))

    def back(self, app: App) -> None:
        self.notice, self.warning = _("Q quits grail."), False

    def draw(self, app: App, surface: pygame.Surface) -> None:
        theme = app.theme
        px = theme.px
        width, height = app.size
        big = theme.font(96, bold=True)
        name = big.render("grail", True, theme["accent"])
        surface.blit(name, name.get_rect(midtop=(width // 2, self.heading(app))))
        sub = theme.font(24)
        campaign = self.loaded.manifest.name if self.loaded is not None else _("no campaign")
        y = self.heading(app) + big.get_height()
        for index, line in enumerate((_("a campaign engine for Tainted Grail"), campaign)):
            shown = sub.render(line, True, theme["faint"] if index == 0 else theme["ink"])
            surface.blit(shown, shown.get_rect(midtop=(width // 2, y)))
            y += sub.get_linesize()
        self.buttons.draw(surface, theme, pygame.mouse.get_pos())
        small = theme.font(18)
        if self.notice and self.buttons.buttons:
            column = self.buttons.buttons[-1].rect
            draw_lines(surface, wrap(self.notice, small, column.width)[:4],
                       (column.x, column.bottom + px(16)), small,
                       theme["bad"] if self.warning else theme["good"])
        hint = _("Up/Down and Enter, a key, or the mouse")
        draw_text(surface, hint, (px(16), height - px(30)), small, theme["faint"])
        where = _("Saves in {folder}").format(folder=self.folder)
        draw_text(surface, where, (width - small.size(where)[0] - px(16), height - px(30)),
                  small, theme["faint"])
