"""The map: the revealed Locations, the heroes and the day panel.

The main area is the live map (:mod:`..mapview`): the acting hero's legal Travel targets
are framed and marked "Travel"; clicking one sends that Travel, clicking the hero's own card
opens a small menu of its other actions there (Explore, the Location action, the Menhir,
the character action, Pass). Hovering a card shows its details. The side panel is the day
panel (:mod:`..boards`). In hot-seat the acting hero is the first the engine waits on;
H (or a click on a token or a board) picks another of those it waits on.

Keys (besides the game screen's): the arrows or W A S D pan, + and - zoom (the wheel over
the map too), C centres on the acting hero, H picks the next acting hero; drag the map with
the mouse. Shift+Up/Down move the action bar's cursor here (the arrows are the map's).
"""

from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary

import pygame

from grail.engine.actions import (
    ActivateMenhir,
    CharacterAction,
    Explore,
    LocationAction,
    Pass,
    Travel,
)
from grail.lang import _, pgettext
from grail.session import Session
from grail.words.actions import action_label
from grail.words.names import hero_name

from ..app import App
from ..boards import DayPanel
from ..mapcards import Grid, hero_tokens, ink_on
from ..mapview import MapView, Tip, hint_line
from ..theme import rendered
from ..widgets import Button, Buttons, draw_text
from .game import GameScene

HERE = (Explore, LocationAction, ActivateMenhir, CharacterAction, Pass)
"""The actions a click on the acting hero's own card offers."""
PAN = {pygame.K_w: (0, 1), pygame.K_s: (0, -1), pygame.K_a: (1, 0), pygame.K_d: (-1, 0)}
ARROWS = {pygame.K_UP: (0, 1), pygame.K_DOWN: (0, -1), pygame.K_LEFT: (1, 0),
          pygame.K_RIGHT: (-1, 0)}
ZOOM_IN = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
ZOOM_OUT = (pygame.K_MINUS, pygame.K_KP_MINUS)
FIT_LEAST = 0.75
"""The first view zooms out to show the whole map, but not below this (times the UI scale):
farther out, it shows the acting hero's surroundings instead."""
DRAG = 5
"""Pixels the mouse moves, button held, before a press becomes a drag."""
KEPT: WeakKeyDictionary[Session, tuple[MapView, DayPanel]] = WeakKeyDictionary()
"""Each session's map and day panel, as painted and seen last: the map scene comes back
after a reading, an Encounter or the End of Day as the player left it, painting again
only what changed meanwhile (:mod:`..budget`), instead of painting it all in one frame."""


class MapScene(GameScene):
    """The map: the revealed Locations, the heroes and the day panel."""

    filled = ("main", "side")
    within = True  # the map's marks, tip and menu are clipped to it

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        kept = KEPT.get(session)
        if kept is None:
            kept = KEPT[session] = (MapView(), DayPanel())
        self.view, self.panel = kept
        self.tip = Tip()
        self.focus: str | None = None
        self.mouse = (-1, -1)
        self.pressed: tuple[int, int] | None = None
        """Where the mouse button went down on the map, until it goes up."""
        self.held = (-1, -1)
        """Where a drag has brought the map so far."""
        self.dragged = False
        self.menu: Buttons | None = None
        self.seen = -1
        self.seen_acting: str | None = None

    # --- who acts, and where it may go ----------------------------------------------

    def acting(self) -> str | None:
        """The hero the map acts for: the one picked, if the engine waits on it; else the
        first the engine waits on; else the first hero."""
        heroes = [hero.id for hero in self.session.game.state.heroes]
        waiting = [hero for hero in self.session.pending().heroes if hero in heroes]
        if self.focus in waiting:
            return self.focus
        if waiting:
            return waiting[0]
        return self.focus if self.focus in heroes else (heroes[0] if heroes else None)

    def targets(self) -> dict[int, Travel]:
        """The acting hero's legal Travel actions, by destination."""
        hero = self.acting()
        return {action.to: action for action in self.session.legal()
                if isinstance(action, Travel) and action.hero == hero}

    def here(self) -> list[Any]:
        """The acting hero's legal actions on its own card, besides Travel."""
        hero = self.acting()
        return [action for action in self.session.legal()
                if isinstance(action, HERE) and action.hero == hero]

    def next_hero(self) -> None:
        """Pick the next hero the engine waits on (hot-seat)."""
        waiting = self.session.pending().heroes
        if waiting:
            current = self.acting()
            index = waiting.index(current) if current in waiting else -1
            self.focus = waiting[(index + 1) % len(waiting)]
            self.menu = None

    def centre(self, main: pygame.Rect) -> None:
        """Look at the acting hero's card (or the start), showing as many cards as fit."""
        game = self.session.game
        hero = self.acting()
        number = game.state.hero(hero).location if hero else game.campaign.manifest.start
        spot = game.state.spot_of(number)
        if spot is not None:
            spots = [(place.x, place.y) for place in game.state.placed]
            self.view.show(spot, main, self.grid(), spots)

    # --- input ----------------------------------------------------------------------

    def handle_view(self, app: App, event: pygame.event.Event) -> bool:
        regions = self.regions(app)
        main, side = regions["main"], regions["side"]
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.pressed is not None and (self.dragged or _far(event.pos, self.pressed)):
                self.dragged = True  # the map follows the mouse from where it was pressed
                self.view.pan(event.pos[0] - self.held[0], event.pos[1] - self.held[1],
                              self.grid())
                self.held = event.pos
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            return self.press(app, event.pos, main, side)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed:
            if not self.dragged:
                self.click(app, event.pos, main)
            self.pressed, self.dragged = None, False
            return True
        if event.type == pygame.MOUSEWHEEL:
            if main.collidepoint(self.mouse):
                self.view.zoom_by(1.15 ** event.y, main, self.grid(), self.mouse)
                return True
            if side.collidepoint(self.mouse):
                self.panel.scroll(-event.y * app.theme.px(40))
                return True
            return False
        if event.type == pygame.KEYDOWN:
            return self.key(app, event, main)
        return False

    def press(self, app: App, point: tuple[int, int], main: pygame.Rect,
              side: pygame.Rect) -> bool:
        if self.menu is not None:
            button = self.menu.at(point)
            self.menu = None
            if button is not None:
                self.choose(app, button)
                return True
            if main.collidepoint(point):
                return True  # the click only closes the menu
        if side.collidepoint(point):
            hero = self.panel.hero_at(side, point)
            if hero is not None and hero in self.session.pending().heroes:
                self.focus = hero
            return True
        if main.collidepoint(point):
            self.pressed, self.held, self.dragged = point, point, False
            return True
        return False

    def click(self, app: App, point: tuple[int, int], main: pygame.Rect) -> None:
        """A click on the map: a hero token picks that hero, a Travel target travels, the
        acting hero's own card opens its menu."""
        game = self.session.game
        grid = self.grid()
        origin = self.view.origin(main, grid)
        waiting = self.session.pending().heroes
        for where in sorted({hero.location for hero in game.state.heroes}):
            for hero, ((x, y), radius) in hero_tokens(grid, game, where).items():
                near = (x + origin[0] - point[0]) ** 2 + (y + origin[1] - point[1]) ** 2
                if near <= radius ** 2 and hero in waiting:
                    self.focus = hero
                    return
        spot = self.view.spot_at(main, grid, point)
        number = game.state.at(*spot) if spot is not None else None
        if number is None:
            return
        targets = self.targets()
        acting = self.acting()
        if number in targets:
            self.act(app, targets[number])
        elif acting is not None and number == game.state.hero(acting).location and self.here():
            self.open_menu(app, point, main)

    def open_menu(self, app: App, point: tuple[int, int], main: pygame.Rect) -> None:
        """The acting hero's actions on its card, as buttons beside the click."""
        theme = app.theme
        width, height, gap = theme.px(330), theme.px(34), theme.px(4)
        actions = self.here()
        box = pygame.Rect(point[0] + theme.px(8), point[1], width,
                          len(actions) * (height + gap) + theme.px(28))
        box.clamp_ip(main)
        buttons = [Button(pygame.Rect(box.x + theme.px(6), box.y + theme.px(24) + i * (height + gap),
                                      width - theme.px(12), height),
                          action_label(self.session.game, action), action)
                   for i, action in enumerate(actions)]
        self.menu = Buttons(buttons, cursor=-1)

    def key(self, app: App, event: pygame.event.Event, main: pygame.Rect) -> bool:
        step = app.theme.px(80)
        shift = event.mod & pygame.KMOD_SHIFT
        if event.key == pygame.K_ESCAPE and self.menu is not None:
            self.menu = None
        elif shift and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.actions.move(1 if event.key == pygame.K_DOWN else -1)  # the bar's cursor
        elif event.key in PAN or event.key in ARROWS:
            dx, dy = PAN.get(event.key) or ARROWS[event.key]
            self.view.pan(dx * step, dy * step, self.grid())
        elif event.key in ZOOM_IN or event.key in ZOOM_OUT:
            factor = 1.15 if event.key in ZOOM_IN else 1 / 1.15
            self.view.zoom_by(factor, main, self.grid())
        elif event.key == pygame.K_c:
            self.centre(main)
        elif event.key == pygame.K_h:
            self.next_hero()
        else:
            return False
        return True

    # --- following the game -----------------------------------------------------------

    def grid(self) -> Grid:
        """Where the spots fall on the painted map now."""
        return self.view.grid(self.session.game, self.session.revision)

    def update(self, app: App, dt: float) -> None:
        super().update(app, dt)
        acting = self.acting()
        if (self.seen, self.seen_acting) == (self.session.revision, acting):
            return
        changed = self.seen != self.session.revision
        self.seen, self.seen_acting = self.session.revision, acting
        main = self.regions(app)["main"]
        if changed:
            self.menu = None
        if not self.view.placed:
            self.view.placed = True
            spots = [(place.x, place.y) for place in self.session.game.state.placed]
            least = min(FIT_LEAST * app.theme.scale, self.view.readable(main))
            self.view.fit(main, spots, app.theme.scale, least)
            self.centre(main)
            return
        spot = self.session.game.state.spot_of(self.session.game.state.hero(acting).location) \
            if acting is not None else None
        if spot is not None and not main.contains(self.view.screen_rect(main, self.grid(), spot)):
            self.centre(main)  # keep the acting hero in view as the game goes on

    # --- drawing ----------------------------------------------------------------------

    def draw_view(self, app: App, surface: pygame.Surface, rect: pygame.Rect) -> None:
        theme, game = app.theme, self.session.game
        self.view.draw(surface, rect, game, self.session.revision, theme,
                       motion=not app.settings.reduce_motion, budget=app.budget,
                       shown=app.shows(self))
        grid = self.grid()
        clip = surface.get_clip()
        surface.set_clip(rect)
        over = self.view.over  # what is drawn over the map, shown as the map next frame
        targets = self.targets()
        for number in targets:
            over += self.mark(app, surface, rect, grid, number, pgettext("a card's tab", "Travel"))
        team = game.state.team
        if team is not None and team.action == "travel" and team.to is not None:
            over += self.mark(app, surface, rect, grid, team.to, pgettext("a card's tab", "Team"))
        acting = self.acting()
        if acting is not None:
            where = game.state.hero(acting).location
            token = hero_tokens(grid, game, where).get(acting)
            if token is not None:
                origin = self.view.origin(rect, grid)
                centre = (token[0][0] + origin[0], token[0][1] + origin[1])
                over.append(pygame.draw.circle(surface, theme["highlight"], centre,
                                               token[1] + theme.px(4), theme.px(3)))
        spot = self.view.spot_at(rect, grid, self.mouse)
        hovered = game.state.at(*spot) if spot is not None and not self.dragged else None
        if hovered is not None and spot is not None:
            over.append(pygame.draw.rect(surface, theme["accent"],
                                         self.view.screen_rect(rect, grid, spot), theme.px(2),
                                         border_radius=theme.px(6)))
            self.view.raise_badges(surface, rect, grid, hovered)
        if rect.height > theme.px(300):
            over.append(hint_line(surface, rect, theme))
        if self.menu is not None:
            over.append(self.draw_menu(app, surface))
        elif hovered is not None:
            travel = action_label(game, targets[hovered]) if hovered in targets else None
            over.append(self.tip.draw(surface, rect, self.mouse, game, self.session.revision,
                                      theme, hovered, acting, travel))
        surface.set_clip(clip)

    def mark(self, app: App, surface: pygame.Surface, rect: pygame.Rect, grid: Grid,
             number: int, words: str) -> list[pygame.Rect]:
        """A legal Travel target (or the team's destination): a thick frame and a tab;
        where they were drawn."""
        theme = app.theme
        spot = self.session.game.state.spot_of(number)
        if spot is None:
            return []
        card = self.view.screen_rect(rect, grid, spot)
        frame = pygame.draw.rect(surface, theme["highlight"],
                                 card.inflate(theme.px(6), theme.px(6)), theme.px(4),
                                 border_radius=theme.px(8))
        self.view.raise_badges(surface, rect, grid, number)
        image = rendered(words, theme.font(15, bold=True), ink_on(theme["highlight"]))
        tab = image.get_rect(bottomright=(card.right - theme.px(6), card.top - theme.px(5)))
        shape = pygame.draw.rect(surface, theme["highlight"], tab.inflate(theme.px(10), theme.px(4)),
                                 border_radius=theme.px(4))
        surface.blit(image, tab)
        return [frame, shape.union(tab)]

    def draw_menu(self, app: App, surface: pygame.Surface) -> pygame.Rect:
        """The acting hero's actions on its own card, in a box; where it was drawn."""
        assert self.menu is not None and self.menu.buttons
        theme = app.theme
        first = self.menu.buttons[0].rect
        box = pygame.Rect(first.x - theme.px(6), first.y - theme.px(24), first.width + theme.px(12),
                          self.menu.buttons[-1].rect.bottom - first.y + theme.px(30))
        pygame.draw.rect(surface, theme["panel"], box, border_radius=theme.px(6))
        pygame.draw.rect(surface, theme["accent"], box, theme.px(2), border_radius=theme.px(6))
        hero = self.acting()
        title = _("{hero} here:").format(hero=hero_name(self.session.campaign, hero)) if hero \
            else _("Here:")
        draw_text(surface, title, (box.x + theme.px(8), box.y + theme.px(5)),
                  theme.font(16, bold=True), theme["ink"])
        self.menu.draw(surface, theme, self.mouse)
        return box

    def draw_side(self, app: App, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The characters' boards, the one deciding marked: none when nobody decides (a
        campaign over)."""
        acting = self.acting()
        deciding = acting if acting in self.session.pending().heroes else None
        self.panel.draw(surface, rect, self.session.game, self.session.revision, app.theme,
                        deciding, motion=not app.settings.reduce_motion, budget=app.budget,
                        shown=app.shows(self))

    @property
    def settled(self) -> bool:
        return self.view.settled and self.panel.settled


def _far(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) > DRAG
