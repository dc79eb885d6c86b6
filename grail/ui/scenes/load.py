"""Loading a game, and Save as…: the saves of the save folder, each followed by the
checkpoints and autosaves it keeps, with their day, heroes, Location and when each was last
played or kept.

Each save is only glanced at (grail/save/folder.py): a file that cannot be opened is listed
with why; opening one that fails (another campaign, content that changed too much) says
why; nothing crashes. A checkpoint or autosave opened goes on as a save of its own
("game (day 3)"), so the save it was kept in stays as it is.

Keys: Up/Down (Page Up/Down, Home/End) choose, Enter opens, Esc goes back; the mouse and its
wheel work too. In Save as… the name is typed (a save chosen in the list fills it in), and
replacing another save is asked first.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from grail.content import Campaign, PackError
from grail.content.cache import open_pack
from grail.lang import N_, _, listed
from grail.save import SaveError
from grail.save.folder import (
    SaveInfo,
    SaveNameError,
    going_on,
    list_saves,
    save_path,
    saves_folder,
)
from grail.session import Session, open_save
from grail.words.names import hero_name

from ..app import App, Scene
from ..choices import TextField
from ..widgets import Button, Buttons, draw_text, wrap
from .confirm import ConfirmScene


def opened(info: SaveInfo, pack: str | None) -> Session | str:
    """The game of a row, with the save's own pack (``pack`` if it names none); a
    checkpoint or autosave goes on as a save of its own. Or why it cannot be opened."""
    try:
        session = open_save(info.path, pack, info.mark)
        if info.kind != "save":
            target = going_on(info)
            session.save(target)
            session.log.append(
                (_("The checkpoint goes on as the save '{name}'; the save it was kept in stays "
                   "as it was.") if info.kind == "checkpoint" else
                 _("The autosave goes on as the save '{name}'; the save it was kept in stays "
                   "as it was.")).format(name=target.stem))
    except PackError as error:
        return error.headline
    except SaveError as error:
        return str(error)
    return session


def row_title(row: SaveInfo) -> str:
    """A row as the lists name it: the save's name; a checkpoint's or an autosave's, with
    the save it is kept in and its Day."""
    if row.kind == "save":
        return row.name
    if row.kind == "autosave":
        text = _("{name}: autosave of day {day}") if row.day is not None \
            else _("{name}: autosave of day unknown")
    elif row.mark is not None:
        text = _("{name}: checkpoint {mark} of day {day}") if row.day is not None \
            else _("{name}: checkpoint {mark} of day unknown")
    else:
        text = _("{name}: checkpoint of day {day}") if row.day is not None \
            else _("{name}: checkpoint of day unknown")
    return text.format(name=row.name, day=row.day,
                       mark=repr(row.mark.name) if row.mark is not None else "")


class LoadScene(Scene):
    """The saves, to open one."""

    title = N_("Load a game")
    """The screen's title, marked for the catalog: shown through ``_``."""

    def __init__(self, pack: str | None) -> None:
        self.pack = pack
        self.folder = saves_folder()
        self.rows = self.listed()
        self.cursor = next((i for i, row in enumerate(self.rows) if not row.problem), 0)
        self.offset = 0
        self.notice = ""
        self.campaign: Campaign | None
        try:
            self.campaign = open_pack(pack)
        except PackError:
            self.campaign = None
        self.buttons = Buttons()

    def listed(self) -> list[SaveInfo]:
        return list_saves(self.folder)

    def area(self, app: App) -> pygame.Rect:
        """Where the rows are."""
        px = app.theme.px
        return pygame.Rect(px(40), px(120), app.size[0] - px(80), app.size[1] - px(220))

    def row_height(self, app: App) -> int:
        return app.theme.px(64)

    def visible(self, app: App) -> int:
        return max(1, self.area(app).height // self.row_height(app))

    def update(self, app: App, dt: float) -> None:
        self.cursor = max(0, min(self.cursor, len(self.rows) - 1))
        shown = self.visible(app)
        self.offset = max(0, min(self.offset, self.cursor, len(self.rows) - shown))
        self.offset = max(self.offset, self.cursor - shown + 1)
        px = app.theme.px
        y = app.size[1] - px(76)
        self.buttons = Buttons([Button(pygame.Rect(px(40), y, px(260), px(46)), self.verb(),
                                       "go", key="Enter", style="primary"),
                                Button(pygame.Rect(px(316), y, px(200), px(46)), _("Back"),
                                       "back", key="Esc")])

    def verb(self) -> str:
        """What Enter does."""
        return _("Open the save")

    def row_at(self, app: App, point: tuple[int, int]) -> int | None:
        area = self.area(app)
        if not area.collidepoint(point):
            return None
        index = self.offset + (point[1] - area.y) // self.row_height(app)
        return index if index < len(self.rows) else None

    def handle(self, app: App, event: pygame.event.Event) -> None:
        steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.visible(app),
                 pygame.K_PAGEDOWN: self.visible(app), pygame.K_HOME: -len(self.rows),
                 pygame.K_END: len(self.rows)}
        if event.type == pygame.KEYDOWN and event.key in steps:
            self.choose(self.cursor + steps[event.key])
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.go(app)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            app.pop()
        elif event.type == pygame.MOUSEWHEEL:
            self.offset = max(0, self.offset - event.y)
            self.cursor = max(self.offset, min(self.cursor, self.offset + self.visible(app) - 1))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            button = self.buttons.at(event.pos)
            index = self.row_at(app, event.pos)
            if button is not None:
                self.go(app) if button.action == "go" else app.pop()
            elif index is not None:
                self.cursor = index
                self.clicked(app, index)

    def choose(self, index: int) -> None:
        self.cursor = max(0, min(index, len(self.rows) - 1))

    def clicked(self, app: App, index: int) -> None:
        self.go(app)

    def go(self, app: App) -> None:
        """Open the save chosen."""
        if not self.rows:
            self.notice = _("No saves to open: start a new campaign from the title.")
            return
        row = self.rows[self.cursor]
        if row.problem:
            self.notice = _("'{name}' cannot be opened: {problem}.").format(
                name=row.name, problem=row.problem)
            return
        session = opened(row, self.pack)
        if isinstance(session, str):
            self.notice = session
            return
        app.home(session, self.pack)

    # --- drawing -----------------------------------------------------------------------

    def describe(self, row: SaveInfo) -> str:
        """The row's second line: day, heroes, Location."""
        if row.problem:
            return _("Cannot be opened: {problem}.").format(
                problem=row.problem)
        heroes = ", ".join(hero_name(self.campaign, hero) for hero in row.heroes)
        places = listed([self.place(number) for number in row.places])
        return (_("Day {day}  ·  {heroes}  ·  at {places}") if places else
                _("Day {day}  ·  {heroes}")).format(day=row.day, heroes=heroes, places=places)

    def place(self, number: int) -> str:
        location = self.campaign.location.get(number) if self.campaign is not None else None
        return f"{number} {location.name}" if location is not None else str(number)

    def draw(self, app: App, surface: pygame.Surface) -> None:
        theme = app.theme
        px = theme.px
        draw_text(surface, _(self.title), (px(40), px(24)), theme.font(30, bold=True),
                  theme["ink"])
        small = theme.font(17)
        draw_text(surface, _("Saves in {folder}").format(folder=self.folder),
                  (px(40), px(24) + theme.font(30)
                                                       .get_linesize()), small, theme["faint"])
        self.draw_rows(app, surface)
        self.buttons.draw(surface, theme, pygame.mouse.get_pos())
        last = self.buttons.buttons[-1].rect
        hint = _("Up/Down, Page Up/Down or the wheel: choose")
        if last.right + px(24) + small.size(hint)[0] < app.size[0]:
            draw_text(surface, hint, (last.right + px(24), last.centery - small.get_height() // 2),
                      small, theme["faint"])
        if self.notice:
            lines = wrap(self.notice, small, app.size[0] - px(80))[:2]
            for index, line in enumerate(lines):
                draw_text(surface, line, (px(40), last.y - px(8) - (len(lines) - index)
                                          * small.get_linesize()), small, theme["bad"])

    def draw_rows(self, app: App, surface: pygame.Surface) -> None:
        theme = app.theme
        px = theme.px
        area = self.area(app)
        height = self.row_height(app)
        if not self.rows:
            draw_text(surface, _("No saves yet. Start a new campaign from the title."),
                      (area.x, area.y), theme.font(22), theme["faint"])
            return
        bold, plain, small = theme.font(21, bold=True), theme.font(19), theme.font(17)
        mouse = pygame.mouse.get_pos()
        for index in range(self.offset, min(len(self.rows), self.offset + self.visible(app))):
            row = self.rows[index]
            indent = px(32) if row.kind != "save" else 0  # kept in the save above it
            rect = pygame.Rect(area.x + indent, area.y + (index - self.offset) * height,
                               area.width - indent, height - px(6))
            chosen = index == self.cursor
            fill = theme["card"] if not rect.collidepoint(mouse) else theme["covered"]
            pygame.draw.rect(surface, fill, rect, border_radius=px(5))
            pygame.draw.rect(surface, theme["highlight"] if chosen else theme["line"], rect,
                             max(1, px(3 if chosen else 1)), border_radius=px(5))
            draw_text(surface, row_title(row), (rect.x + px(12), rect.y + px(7)), bold,
                      theme["faint"] if row.problem else theme["ink"])
            verb = _("changed {when}") if row.problem else _("last played {when}") \
                if row.kind == "save" else _("kept {when}")
            when = verb.format(when=f"{row.played:%Y-%m-%d %H:%M}")
            draw_text(surface, when, (rect.right - small.size(when)[0] - px(12), rect.y + px(9)),
                      small, theme["faint"])
            line = wrap(self.describe(row), plain, rect.width - px(24))[0]
            draw_text(surface, line, (rect.x + px(12), rect.y + px(9) + bold.get_linesize()),
                      plain, theme["bad"] if row.problem else theme["ink"])
        if len(self.rows) > self.visible(app):
            more = _("{first}-{last} of {count}").format(
                first=self.offset + 1, last=min(len(self.rows), self.offset + self.visible(app)),
                count=len(self.rows))
            draw_text(surface, more, (area.right - small.size(more)[0], area.y - px(24)), small,
                      theme["faint"])


class SaveAsScene(LoadScene):
    """Save the game under a name typed or chosen among the saves."""

    title = N_("Save as…")

    def __init__(self, session: Session, done: Callable[[str], None]) -> None:
        pack = str(session.pack) if session.pack is not None else None
        super().__init__(pack)
        self.session, self.done = session, done
        here = session.path is not None and session.path.parent.resolve() == self.folder.resolve()
        self.name = TextField(session.path.stem if here and session.path else "")
        self.name.placeholder = _("a name for the save")
        self.cursor = -1

    def listed(self) -> list[SaveInfo]:
        return [row for row in list_saves(self.folder) if row.kind == "save"]

    def area(self, app: App) -> pygame.Rect:
        px = app.theme.px
        return pygame.Rect(px(40), px(210), app.size[0] - px(80), app.size[1] - px(310))

    def verb(self) -> str:
        return _("Save")

    def update(self, app: App, dt: float) -> None:
        cursor = self.cursor
        super().update(app, dt)
        self.cursor = cursor if cursor < 0 else self.cursor

    def handle(self, app: App, event: pygame.event.Event) -> None:
        if self.name.handle(event):
            self.notice = ""
        else:
            super().handle(app, event)

    def choose(self, index: int) -> None:
        super().choose(index)
        if self.rows:
            self.name.text = self.rows[self.cursor].path.stem

    def clicked(self, app: App, index: int) -> None:
        self.choose(index)

    def go(self, app: App, overwrite: bool = False) -> None:
        """Save under the name, asking before replacing another save."""
        try:
            path = save_path(self.folder, self.name.text)
        except SaveNameError as error:
            self.notice = _("Save name: {error}.").format(error=error)
            return
        current = self.session.path is not None and self.session.path.resolve() == path.resolve()
        if path.exists() and not current and not overwrite:
            row = next((row for row in self.rows if row.path == path), None)
            lost = _("That save cannot be opened anyway ({problem}); this one takes its "
                     "place.").format(problem=row.problem) if row and row.problem \
                else _("That game ({game}) is lost; this one takes its place.").format(
                    game=self.describe(row)) if row \
                else _("That save is lost; this one takes its place.")
            app.push(ConfirmScene(_("Replace the save '{name}'?").format(name=path.stem), lost,
                                  lambda: self.go(app, overwrite=True)))
            return
        try:
            self.session.save(path)
        except SaveError as error:
            self.notice = str(error)
            return
        self.session.log.append(_("Saved as '{name}'; the game is saved there from now "
                                  "on.").format(name=path.stem))
        app.pop()
        self.done(_("Saved as '{name}'.").format(name=path.stem))

    def draw(self, app: App, surface: pygame.Surface) -> None:
        super().draw(app, surface)
        theme = app.theme
        px = theme.px
        draw_text(surface, _("Name"), (px(40), px(100)), theme.font(20, bold=True), theme["ink"])
        self.name.draw(surface, pygame.Rect(px(40), px(126), px(560), px(42)), theme, True)
        draw_text(surface, _("Or choose a save to replace:"), (px(40), px(182)),
                  theme.font(20, bold=True), theme["ink"])
