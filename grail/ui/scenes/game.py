"""The game screen shared by every view of a game in progress: the banner that says whose
decision it is, the legal actions as buttons, the log, and the shortcuts.

Each view (map, journal, encounter, End of Day, the table's answer in a companion game)
is a :class:`GameScene` that paints its own main area and side panel; :func:`view_for` says
which view the engine's pending decision calls for, and the scene on top follows it after
every action. The buttons are the engine's legal actions, in its order, numbered for the
keyboard; an irreversible one (passing the Day, leaving the game, escaping, ending the
campaign) asks for confirmation first.

Keys: 1-9 and 0 take the first ten actions of the page, Up/Down and Enter the selected
one, Page Up/Down turn the page of actions; U (or Ctrl+Z) undoes, K saves a checkpoint,
Esc opens the game menu, F5 reloads the pack (for authors), Tab shows more of the log.
"""

from __future__ import annotations

import importlib
from typing import Any

import pygame

from grail.engine.actions import Escape, Pass
from grail.engine.game import IllegalAction, UndoError
from grail.engine.journal import ContentLoop
from grail.lang import _, listed
from grail.save import SaveError
from grail.session import Session
from grail.words.actions import ASKED_FIRST, action_label, closed_joins, refused
from grail.words.decisions import pending_words
from grail.words.names import capitalized
from grail.words.summary import summary

from ..app import App, Scene
from ..boards import draw_token, hero_marks
from ..theme import Theme
from ..widgets import Button, Buttons, draw_text, fits_shorter, fitted, wrap
from .confirm import ConfirmScene
from .load import SaveAsScene
from .menu import MenuScene, checkpoint, reload_pack

CHECK_EVERY = 1.0
"""Seconds between two looks at the save for what another program played on it."""

IRREVERSIBLE = (*ASKED_FIRST, Pass, Escape)
"""Actions that ask "are you sure?" first: those every front end asks for, and in the
window, where a click is quickly made, a Pass and an Escape too."""

VIEWS = {
    "chance": ("chance", "ChanceScene"),
    "journal": ("journal", "JournalScene"), "skill": ("journal", "JournalScene"),
    "destination": ("journal", "JournalScene"), "item_cap": ("journal", "JournalScene"),
    "encounter": ("encounter", "EncounterScene"), "encounter_items": ("encounter", "EncounterScene"),
    "mulligan": ("encounter", "EncounterScene"), "approach": ("encounter", "EncounterScene"),
    "activation": ("encounter", "EncounterScene"), "play": ("encounter", "EncounterScene"),
    "rest": ("end_of_day", "EndOfDayScene"), "upgrade": ("end_of_day", "EndOfDayScene"),
    "keep_card": ("end_of_day", "EndOfDayScene"),
}
"""The view each kind of pending decision calls for; any other kind shows the map."""

KEYS = "1234567890"
PAGE_LINE = 20
"""The height of the action bar's "page 1 of 3" line, at scale 1."""
ROW, TALL_ROW = 36, 40
"""The pitch of the action bar's rows (a button and the gap below it), at scale 1: a
button's label on one line, or on two when a label of the bar needs them (a language
longer than English)."""


def view_for(session: Session) -> type[GameScene]:
    """The scene class for the decision the game waits on."""
    pending = session.pending()
    module, name = VIEWS.get(pending.kind, ("map", "MapScene"))
    team = session.game.state.team
    if pending.kind == "team_paying" and team is not None and team.action == "option":
        module, name = "journal", "JournalScene"  # the reading's own cost [TEAM-6]
    elif pending.kind == "discard" and session.game.state.encounter is None:
        module, name = "map", "MapScene"
    elif pending.kind == "discard":
        module, name = "encounter", "EncounterScene"
    scene: type[GameScene] = getattr(importlib.import_module(f"grail.ui.scenes.{module}"), name)
    return scene


class GameScene(Scene):
    """A view of the game in progress, with the shared banner, actions and log."""

    covers = True  # its regions tile the window
    filled: tuple[str, ...] = ()
    """The regions whose every pixel the view paints itself (not filled under it first):
    their frame is drawn over what it painted."""
    within = False
    """The view and the side panel draw only inside their regions: while the window shows
    this scene's last frame (:meth:`.app.App.shows`), the banner, the action bar and the log
    are drawn again only when what they show changed."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.actions = Buttons()
        self.page = 0
        self.per_page = len(KEYS)
        """Actions on a page of the bar: fewer when a large scale leaves little room."""
        self.notice = ""
        self.log_open = False
        self.since_checked = 0.0
        self._regions: tuple[tuple[object, ...], dict[str, pygame.Rect]] = ((), {})
        self._log_lines: tuple[tuple[object, ...], list[str]] = ((), [])
        """The log's newest entries, font and width, and their lines as wrapped."""
        self._shown: dict[str, tuple[object, ...]] = {}
        """What the banner, the action bar and the log showed in the last frame."""
        self._labels: tuple[tuple[int, int], dict[int, str]] = ((-1, -1), {})
        """The buttons' words by the action's place in the bar, for the revision and
        game they were made for: made once, not at every frame."""
        self._bar_entries: tuple[tuple[int, int], list[tuple[Any, str]]] = ((-1, -1), [])
        """The bar's actions, each with why it is not open, for the revision and game."""
        self._pitch: tuple[tuple[object, ...], int] = ((), 0)
        """The bar's row pitch, for the revision, game, theme and window it was worked out
        for."""

    # --- what is where -----------------------------------------------------------------

    def regions(self, app: App) -> dict[str, pygame.Rect]:
        """The screen's parts: ``banner`` on top, ``main`` and ``side`` below it, ``actions``
        and ``log`` at the bottom. Worked out again only when the window, the theme, the
        log's opening, the page or the number of the bar's entries changed (a frame asks three
        times)."""
        theme = app.theme
        key = (app.size, theme, self.log_open, self.page, len(self.bar_entries()),
               self.pitch(app))
        if self._regions[0] != key:
            self._regions = (key, self._lay_out(app))
        return {name: rect.copy() for name, rect in self._regions[1].items()}

    def _lay_out(self, app: App) -> dict[str, pygame.Rect]:
        width, height = app.size
        px = app.theme.px
        banner = pygame.Rect(0, 0, width, px(44))
        bottom = self.bar_height(app) if not self.log_open else height // 2
        side_width = min(px(420), width // 3)
        main = pygame.Rect(0, banner.bottom, width - side_width, height - banner.bottom - bottom)
        side = pygame.Rect(main.right, banner.bottom, side_width, main.height)
        actions = pygame.Rect(0, main.bottom, width - side_width, bottom)
        log = pygame.Rect(actions.right, main.bottom, side_width, bottom)
        return {"banner": banner, "main": main, "side": side, "actions": actions, "log": log}

    def bar_rows(self, app: App) -> int:
        """The most rows of buttons the action bar holds (at most 5, in two fifths of the
        window at most, less the line that says the page when there are several): a page
        of the bar holds twice as many actions."""
        px = app.theme.px
        room = min(px(230), app.size[1] * 2 // 5) - px(10)
        pitch = self.pitch(app)
        if len(self.bar_entries()) > 2 * max(1, min(5, room // pitch)):
            room -= px(PAGE_LINE)
        return max(1, min(5, room // pitch))

    def pitch(self, app: App) -> int:
        """The pitch of the bar's rows: a line's button, or where a label of the bar does not
        fit one line (even without its words in brackets), a button of two lines. Worked
        out once per revision of the game, theme and window."""
        key = (self.session.revision, id(self.session.game), app.theme, app.size)
        if self._pitch[0] != key:
            px = app.theme.px
            width, height = self.bar_button_width(app) - 2 * px(8), px(ROW - 6) - 2
            one_line = all(fits_shorter(f"{KEYS[place % len(KEYS)]}  {self._label(place, action)}",
                                        app.theme, 18, width, height)
                           for place, (action, _why) in enumerate(self.bar_entries()))
            self._pitch = (key, px(ROW) if one_line else px(TALL_ROW))
        return self._pitch[1]

    def bar_button_width(self, app: App) -> int:
        """The width of a button of the bar, in two columns."""
        px = app.theme.px
        area = app.size[0] - min(px(420), app.size[0] // 3) - px(16)
        return (area - px(6)) // 2

    def paged(self, app: App) -> bool:
        return len(self.bar_entries()) > 2 * self.bar_rows(app)

    def bar_entries(self) -> list[tuple[Any, str]]:
        """The action bar's entries, each with why it is not open (empty for a legal one):
        the legal actions, then the characters a "You Are Dying" card keeps out of the team
        being formed, shown closed as grail text lists them [DEATH-1]."""
        seen = (self.session.revision, id(self.session.game))
        if self._bar_entries[0] != seen:
            closed = [(join, why) for join, _label, why in closed_joins(self.session.game)]
            self._bar_entries = (seen, [(action, "") for action in self.session.legal()] + closed)
        return self._bar_entries[1]

    def bar_height(self, app: App) -> int:
        """The action bar's height: as many rows as the page's actions need (at least 3), so
        that few actions leave the view more room; and the page's line if need be."""
        px = app.theme.px
        fit = self.bar_rows(app)
        left = len(self.bar_entries()) - self.page * 2 * fit
        rows = max(min(3, fit), min(fit, -(-left // 2)))
        return rows * self.pitch(app) - px(6) + px(16) + \
            (px(PAGE_LINE) if self.paged(app) else 0)

    # --- input -------------------------------------------------------------------------

    def handle(self, app: App, event: pygame.event.Event) -> None:
        if self.handle_view(app, event):
            return
        if event.type == pygame.KEYDOWN:
            self._key(app, event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            button = self.actions.at(event.pos)
            if button is not None:
                self.choose(app, button)
        elif event.type == pygame.MOUSEWHEEL and self.regions(app)["actions"].collidepoint(
                pygame.mouse.get_pos()):
            self.turn_page(-event.y)

    def handle_view(self, app: App, event: pygame.event.Event) -> bool:
        """A view's own input (a click on the map, a card in hand); True when taken."""
        return False

    def _key(self, app: App, event: pygame.event.Event) -> None:
        ctrl = event.mod & pygame.KMOD_CTRL
        name = pygame.key.name(event.key)
        if name in KEYS and not ctrl:
            button = self.actions.by_key(name)
            if button is not None:
                self.choose(app, button)
        elif event.key in (pygame.K_DOWN, pygame.K_UP):
            self.actions.move(1 if event.key == pygame.K_DOWN else -1)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            button = self.actions.current()
            if button is not None:
                self.choose(app, button)
        elif event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            self.turn_page(1 if event.key == pygame.K_PAGEDOWN else -1)
        elif event.key == pygame.K_u or (ctrl and event.key == pygame.K_z):
            self.undo()
        elif event.key == pygame.K_k:
            self.notice = checkpoint(self.session)
        elif event.key == pygame.K_TAB:
            self.log_open = not self.log_open
        elif event.key == pygame.K_ESCAPE:
            app.push(MenuScene(self.session))
        elif event.key == pygame.K_F5:
            self.notice = reload_pack(self.session)

    def turn_page(self, step: int) -> None:
        pages = max(1, -(-len(self.bar_entries()) // self.per_page))
        self.page = max(0, min(pages - 1, self.page + step))

    def undo(self) -> None:
        try:
            self.session.game.check_undo(1)
        except UndoError as error:
            self.notice = f"{capitalized(refused(self.session.game, error))}."
            return
        try:
            self.notice = _("Undone: {action}").format(action=self.session.undo())
        except SaveError as error:
            self.notice = _("Not undone: the save cannot be written: {error}").format(
                error=error)

    def choose(self, app: App, button: Button) -> None:
        """Take a button's action, asking first if it cannot be undone."""
        if not button.enabled:
            self.notice = button.why
            return
        if isinstance(button.action, IRREVERSIBLE):
            app.push(ConfirmScene(_("{action}?").format(action=button.text),
                                  _("This cannot be undone."),
                                  lambda: self.act(app, button.action)))
            return
        self.act(app, button.action)

    def act(self, app: App, action: Any) -> None:
        """Send an action to the engine; then show the view its next decision calls for.
        An action that cannot be saved is not taken: the game goes on as saved, and a
        dialog offers to try again or to save elsewhere."""
        try:
            self.session.act(action)
        except (IllegalAction, ContentLoop) as error:
            self.notice = refused(self.session.game, error)
            return
        except SaveError as error:
            self.notice = _("Not saved, so not taken: {error}").format(error=error)
            app.push(ConfirmScene(
                _("The game could not be saved"), _("{error}. The action was not taken; the "
                                                    "game is as it was last saved.").format(
                    error=error), lambda: self.act(app, action), yes=_("Try again"),
                no=_("Save elsewhere…"), otherwise=lambda: app.push(SaveAsScene(
                    self.session, lambda said: setattr(self, "notice", said)))))
            return
        warnings = [line for line in self.session.log[-3:] if line.startswith("Warning:")]
        self.notice = warnings[-1] if warnings else ""
        self.page = 0
        self.follow(app)

    def follow(self, app: App) -> None:
        """Put the right view on top for the decision the game now waits on."""
        wanted = view_for(self.session)
        if type(self) is not wanted and app.stack and app.stack[-1] is self:
            app.replace(wanted(self.session))

    def update(self, app: App, dt: float) -> None:
        self.since_checked += dt
        if self.since_checked >= CHECK_EVERY:  # another program may have played on the save
            self.since_checked = 0.0
            if self.session.refresh():
                self.notice = _("Another program played on this save: the game is as it left "
                                "it.")
                self.follow(app)
        self.layout_actions(app)

    # --- drawing ----------------------------------------------------------------------

    def layout_actions(self, app: App) -> None:
        """The buttons of the current page of legal actions (they follow the game)."""
        px = app.theme.px
        area = self.regions(app)["actions"].inflate(-px(16), -px(16))
        if self.paged(app):
            area.height -= px(PAGE_LINE)
        gap = px(6)
        if self.per_page != 2 * self.bar_rows(app):  # a large scale, a small window
            self.per_page, self.page = 2 * self.bar_rows(app), 0
        rows = max(1, min(self.per_page // 2, (area.height + gap) // self.pitch(app)))
        shown = self.bar_entries()[self.page * self.per_page:(self.page + 1) * self.per_page]
        columns = 2 if len(shown) > rows else 1  # a few actions: the whole width each
        width = (area.width - gap * (columns - 1)) // columns
        height = max(app.theme.px(30), (area.height - gap * (rows - 1)) // rows)
        buttons = []
        for index, (action, why) in enumerate(shown):
            column, row = divmod(index, rows)
            rect = pygame.Rect(area.x + column * (width + gap), area.y + row * (height + gap),
                               width, height)
            buttons.append(Button(rect, self._label(self.page * self.per_page + index, action),
                                  action, key=KEYS[index], why=why))
        cursor = min(self.actions.cursor, max(0, len(buttons) - 1))
        self.actions = Buttons(buttons, cursor)

    def _label(self, place: int, action: Any) -> str:
        """The words of the action at ``place`` in the bar, made once per revision of the
        game."""
        seen = (self.session.revision, id(self.session.game))
        if self._labels[0] != seen:
            self._labels = (seen, {})
        words = self._labels[1]
        if place not in words:
            words[place] = action_label(self.session.game, action)
        return words[place]

    def draw(self, app: App, surface: pygame.Surface) -> None:
        regions = self.regions(app)
        theme = app.theme
        mouse = pygame.mouse.get_pos()
        changed = self.changed(app, regions, mouse)
        drawn = {"main", "side", *changed}  # the view and the panel draw what they change
        for name in ("main", "side", "actions", "log"):
            if name in drawn and name not in self.filled:
                surface.fill(theme["panel"] if name != "main" else theme["background"],
                             regions[name])
                pygame.draw.rect(surface, theme["line"], regions[name], 1)
        self.draw_view(app, surface, regions["main"])
        self.draw_side(app, surface, regions["side"])
        for name in self.filled:
            pygame.draw.rect(surface, theme["line"], regions[name], 1)
        if "banner" in changed:
            self.draw_banner(app, surface, regions["banner"])
        if "actions" in changed:
            self.actions.draw(surface, theme, mouse)
            self.draw_pages(app, surface, regions["actions"])
        if "log" in changed:
            self.draw_log(app, surface, regions["log"])

    def changed(self, app: App, regions: dict[str, pygame.Rect],
                mouse: tuple[int, int]) -> set[str]:
        """The banner, the action bar and the log, unless the window shows them as they are
        (:attr:`within`): each is told by what it shows (the game, the notice; the buttons,
        their words, the one selected or hovered, the page; the log's newest lines), its
        rectangle and the theme."""
        theme, buttons = app.theme, self.actions
        bar = tuple((tuple(button.rect), button.text, button.key, button.why, button.style,
                     index == buttons.cursor, button.rect.collidepoint(mouse))
                    for index, button in enumerate(buttons.buttons))
        looks: dict[str, tuple[object, ...]] = {
            "banner": (self.notice, self.session.revision, id(self.session.game)),
            "actions": (bar, self.page, self.per_page, len(self.bar_entries())),
            "log": (tuple(self.session.log[-60:]),)}
        now: dict[str, tuple[object, ...]] = {
            name: (*look, tuple(regions[name]), theme) for name, look in looks.items()}
        kept = self.within and app.shows(self)
        changed = {name for name, look in now.items() if not kept or self._shown.get(name) != look}
        self._shown = now
        return changed

    def draw_view(self, app: App, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The view's main area: here, the game in plain words."""
        font = app.theme.font(20)
        lines = [line for text in summary(self.session.game).split("\n")
                 for line in wrap(text, font, rect.width - app.theme.px(24))]
        y = rect.y + app.theme.px(12)
        for line in lines:
            draw_text(surface, line, (rect.x + app.theme.px(12), y), font, app.theme["ink"])
            y += font.get_linesize()

    def draw_side(self, app: App, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The view's side panel: nothing in the plain view."""

    def draw_banner(self, app: App, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Day, stage, and whose decision it is: each hero's token (colour and letter) and
        name, so that in hot-seat the screen says whom to pass it to."""
        theme = app.theme
        game = self.session.game
        state = game.state
        pending = self.session.pending()
        surface.fill(theme["banner"], rect)
        font = theme.font(22, bold=True)
        x, middle = rect.x + theme.px(12), rect.centery
        if self.notice:
            _banner_lines(surface, self.notice, theme,
                          pygame.Rect(x, rect.y, rect.right - theme.px(12) - x, rect.height))
            return
        day = _("Day {day} · Chapter {chapter}").format(day=state.day, chapter=state.chapter) \
            + "   —   "
        x = draw_text(surface, day, (x, middle - font.get_height() // 2), font,
                      theme["accent_ink"]).right
        marks = hero_marks(game)
        waiting = [hero for hero in pending.heroes if hero in game.campaign.hero]
        radius = theme.px(13)
        for hero in waiting:
            colour, letter = marks.get(hero, ((90, 90, 90), hero[:1].upper()))
            draw_token(surface, (x + radius, middle), radius, colour, letter, theme,
                       theme.px(15))
            x += 2 * radius + theme.px(6)
        names = [game.campaign.hero[hero].short_name for hero in waiting]
        text = _("{heroes}: {decision}").format(heroes=listed(names), decision=pending_words(
            game)) if 0 < len(names) <= 2 else pending_words(game)  # more: the tokens say it
        _banner_lines(surface, text, theme,
                      pygame.Rect(x, rect.y, rect.right - theme.px(12) - x, rect.height))


    def draw_pages(self, app: App, surface: pygame.Surface, rect: pygame.Rect) -> None:
        entries = len(self.bar_entries())
        if entries > self.per_page:
            pages = -(-entries // self.per_page)
            font = app.theme.font(16)
            text = _("page {page} of {pages} (Page Up/Down)").format(page=self.page + 1,
                                                                     pages=pages)
            draw_text(surface, text, (rect.right - app.theme.px(8) - font.size(text)[0],
                                      rect.bottom - app.theme.px(PAGE_LINE + 4)), font,
                      app.theme["faint"])

    def draw_log(self, app: App, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The newest entries of the log that fit whole, newest last (of one entry longer
        than the box, its start)."""
        theme = app.theme
        font = theme.font(16)
        inner = rect.inflate(-theme.px(16), -theme.px(12))
        visible = max(1, inner.height // font.get_linesize())
        newest = (tuple(self.session.log[-60:]), font, inner.width, visible)
        if self._log_lines[0] != newest:  # wrapped once per change of the log
            self._log_lines = (newest, whole_entries(
                [wrap(text, font, inner.width) for text in newest[0]], visible))
        y = inner.y
        for line in self._log_lines[1]:
            draw_text(surface, line, (inner.x, y), font, theme["ink"])
            y += font.get_linesize()


def whole_entries(entries: list[list[str]], visible: int) -> list[str]:
    """The lines of the newest entries that fit ``visible`` lines whole, oldest first; of a
    newest entry longer than that, its first lines: the log never begins mid-sentence."""
    shown: list[str] = []
    for lines in reversed(entries):
        if len(shown) + len(lines) > visible:
            return shown or lines[:visible]
        shown = lines + shown
    return shown


def _banner_lines(surface: pygame.Surface, text: str, theme: Theme, box: pygame.Rect) -> None:
    """The banner's words in its box, in smaller type on two lines if need be, never cut
    short silently."""
    font, lines = fitted(text, theme, 22, box, bold=True)
    y = box.centery - len(lines) * font.get_linesize() // 2
    for line in lines:
        draw_text(surface, line, (box.x, y), font, theme["accent_ink"])
        y += font.get_linesize()
