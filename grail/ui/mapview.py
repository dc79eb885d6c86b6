"""The live map: the revealed Location cards on their grid as the game stands, seen through
a camera that pans and zooms.

:func:`revealed` turns the game's revealed cards into a :class:`~grail.content.geography.Layout`
(the plain data ``grail map`` draws, here with the engine's connections); :mod:`.mapcards`
paints it with what lies on the map; :class:`MapView` keeps that painting as one surface,
drawn again, where it changed, only when the game, the zoom or the theme changed (as much
of it as the frame's budget allows, :mod:`.budget`, the rest in the frames after), and per
frame blits the part in view. Its hit tests say which card and which hero token lie under a point.

>>> from grail.content import load_pack, bundled_pack
>>> from grail.engine.game import Game
>>> plan = revealed(Game.new(load_pack(bundled_pack()), ["tamsin"], seed=7))
>>> sorted(card.number for card in plan.cards), sorted(plan.cards[0].connected)
([101, 102, 103, 104, 105], ['down', 'left', 'right', 'up'])
"""

from __future__ import annotations

import json
import math

import pygame

from grail.content.geography import Card, Layout, Menhir
from grail.content.locations import EDGES
from grail.engine.game import Game
from grail.engine.items import card_name
from grail.engine.map import connected, neighbour
from grail.engine.preview import vanishing
from grail.lang import _, language, ngettext
from grail.words.effects import cost_words
from grail.words.names import hero_name

from .boards import draw_token, hero_marks
from .budget import Budget, allows, spend
from .mapcards import (
    CARD,
    GUTTER,
    Grid,
    Looks,
    Place,
    Spot,
    brought_up,
    changed,
    looks,
    most,
    paint,
    repaint,
    token_at,
)
from .mapdraw import SEAL_NAMES
from .theme import Theme
from .widgets import around, wrap

ZOOM = (0.4, 1.8)
"""The farthest and the nearest zoom."""
MAX_PIXELS = 16_000_000
"""The largest map surface kept (about 64 MB): a bigger map caps the zoom."""


def revealed(game: Game) -> Layout:
    """The revealed Locations as a layout: each card at its spot, its printed keys, the
    edges the engine connects [MAP-4], and the active Menhirs [MENHIR-2]."""
    state, campaign = game.state, game.campaign
    cards = []
    for place in state.placed:
        location = campaign.location[place.number]
        joined = connected(campaign, state, place.number)
        edges = frozenset(edge for edge in EDGES
                          if neighbour(state, place.number, edge) in joined)
        cards.append(Card(place.number, location.name, (place.x, place.y),
                          dict(location.keys.edges()), edges, tuple(location.seals),
                          location.old_number, place.number == campaign.manifest.start))
    menhirs = tuple(Menhir(menhir.location, spot, ()) for menhir in state.menhirs
                    if (spot := state.spot_of(menhir.location)) is not None)
    return Layout(campaign.manifest.name, tuple(cards), menhirs)


def bounds(plan: Layout) -> tuple[int, int, int, int]:
    """The layout's spots and Menhir radii, with room around for keys to unrevealed cards."""
    x0, y0, x1, y1 = plan.bounds()
    return x0 - 1, y0 - 1, x1 + 1, y1 + 1


SHOWN = frozenset({"placed", "menhirs", "dials", "guardians", "left_items", "location_tokens",
                   "quest_tokens", "time_tokens"})
"""The parts of the state the live map draws, with where each hero stands."""

def looks_of(game: Game) -> str:
    """What the map shows of the game, as a text that changes when any of it does."""
    state = game.state
    return json.dumps([state.model_dump(mode="json", include=set(SHOWN)),
                       [(hero.id, hero.location) for hero in state.heroes]], sort_keys=True)


def layout_of(game: Game) -> tuple[object, ...]:
    """What :func:`revealed` reads of the game: the cards on the map and the Menhirs."""
    state = game.state
    return (tuple((place.number, place.x, place.y) for place in state.placed),
            tuple(menhir.location for menhir in state.menhirs))


WALK_MS = 500
"""How long a hero token takes to walk to its new Location."""


class MapView:
    """The camera on the live map and the painting it shows."""

    def __init__(self) -> None:
        self.zoom = 1.0
        self.centre: tuple[float, float] = (0.0, 0.0)
        """The spot (fractional) at the middle of the view."""
        self.placed = False
        """The camera was put on its first place."""
        self._shown: tuple[object, ...] = ()
        """What the map shows, as :func:`looks_of` says it: the painting is looked at again
        when it changed."""
        self._layout_key: tuple[object, ...] = ()
        """What the layout is made of, as :func:`layout_of` says it."""
        self._seen: tuple[int, int] = (-1, -1)
        """The revision and game the plan was last checked against."""
        self._plan: Layout | None = None
        self._grid: tuple[Layout, Grid] | None = None
        self._key: tuple[object, ...] = ()
        self._looks: Looks | None = None
        """What the painting shows, as :func:`.mapcards.looks` says it."""
        self._surface: pygame.Surface | None = None
        self._behind = False
        """Places of the painting are left for the next frames (:meth:`painted`)."""
        self.badges: dict[int, list[pygame.Rect]] = {}
        """Each card's key badges on the painted map."""
        self._changed: list[pygame.Rect] | None = None
        """The places of the painting painted again since the screen last showed it (None:
        all of it, or another painting)."""
        self._on_screen: tuple[int, tuple[int, int, int, int], tuple[int, int]] | None = None
        """Where the screen last showed the painting: the surface, the view's rectangle and
        the painting's origin on it."""
        self.over: list[pygame.Rect] = []
        """What the frame drew over the painting (tokens, frames, tips: the scene adds its
        own): a frame drawn over it shows the painting there again first."""
        self.stands: dict[str, tuple[int, tuple[float, float]]] = {}
        """Where each hero's token was last shown: its Location and its spot."""
        self.walking: dict[str, tuple[tuple[float, float], tuple[float, float], int]] = {}
        """Each hero token on its way to a new Location: (from, to) in spots, and its start
        in milliseconds."""

    # --- the painting -----------------------------------------------------------------

    def plan(self, game: Game, revision: int) -> Layout:
        """The revealed layout, made again only when the cards on the map or the Menhirs
        changed; what the map shows is looked at once per revision."""
        if self._seen != (revision, id(game)):
            self._seen = (revision, id(game))
            self._shown = (looks_of(game), id(game))
            layout = (layout_of(game), id(game))
            if self._plan is None or self._layout_key != layout:
                self._plan, self._layout_key = revealed(game), layout
        assert self._plan is not None
        return self._plan

    def grid(self, game: Game, revision: int) -> Grid:
        """Where the spots fall on the painting: made again when the layout or the zoom
        changed (a frame asks for it a few times, and it keeps its sizes once worked out)."""
        plan = self.plan(game, revision)
        if self._grid is None or self._grid[0] is not plan or self._grid[1].zoom != self.zoom:
            self._grid = (plan, Grid(bounds(plan), self.zoom))
        return self._grid[1]

    def painted(self, game: Game, revision: int, theme: Theme, budget: Budget | None = None,
                seen: pygame.Rect | None = None) -> tuple[pygame.Surface, Grid]:
        """The whole map at the current zoom, painted again only when what it shows, the
        zoom or the theme changed: most actions (a trade, a journal choice, a rest) leave
        the map as it was, and most others change what lies on a card or two (a Travel, a
        token), reveal a card or turn a Menhir's dial, whose places alone are painted again
        (:func:`.mapcards.changed`), all of them at once when they are most of the map and
        no budget is given. With a frame's budget (:mod:`.budget`), places are painted as
        it allows, those in ``seen`` (the part of the painting in view) first, and the next
        calls paint the rest (:attr:`settled`)."""
        grid = self.grid(game, revision)
        key = (self._shown, self.zoom, theme)
        if self._surface is None or self._key != key:
            plan = self.plan(game, revision)
            now = looks(grid, plan, game, theme)
            before = self._looks
            if self._surface is None or before is None or before.scale != now.scale:
                self._paint_whole(grid, plan, game, theme)
            else:
                places = changed(grid, game, theme, before, now)
                if budget is None and most(now, grid, places):
                    self._paint_whole(grid, plan, game, theme)
                else:
                    if before.bounds != now.bounds:  # cards revealed or gone at the edge
                        self._move_to(grid, before.bounds, theme)
                    places.sort(key=lambda place: seen is None or
                                not place.area.colliderect(seen))  # in view first
                    done = self._paint_places(grid, plan, game, theme, places, budget)
                    if len(done) < len(places):
                        self._key, self._behind = (), True
                        self._looks = brought_up(before, now, done)
                        return self._surface, grid
                for number in set(self.badges) - set(now.cards):
                    del self.badges[number]
            self._key, self._looks, self._behind = key, now, False
        assert self._surface is not None
        return self._surface, grid

    @property
    def settled(self) -> bool:
        """Whether the painting shows the game as last asked (nothing left for later
        frames)."""
        return not self._behind

    def _paint_whole(self, grid: Grid, plan: Layout, game: Game, theme: Theme) -> None:
        if self._surface is None or self._surface.get_size() != grid.size:
            self._surface = pygame.Surface(grid.size)
        self.badges = paint(self._surface, grid, plan, game, theme)
        self._changed = None

    def _paint_places(self, grid: Grid, plan: Layout, game: Game, theme: Theme,
                      places: list[Place], budget: Budget | None) -> list[Place]:
        """Paint ``places`` again, in order, while the budget allows; those painted."""
        assert self._surface is not None
        done: list[Place] = []
        for place in places:
            if not allows(budget):
                break
            self.badges.update(repaint(self._surface, grid, plan, game, theme, [place.area]))
            spend(budget)
            done.append(place)
            if self._changed is not None:
                self._changed.append(place.area)
        return done

    def _move_to(self, grid: Grid, bounds: tuple[int, int, int, int], theme: Theme) -> None:
        """Move the painting, which spanned ``bounds``, to its place on a surface spanning
        the grid's, the rest left blank for :func:`.mapcards.repaint`."""
        assert self._surface is not None
        was = Grid(bounds, grid.zoom)
        offset = grid.rect(bounds[:2]).x - was.rect(bounds[:2]).x, \
            grid.rect(bounds[:2]).y - was.rect(bounds[:2]).y
        moved = pygame.Surface(grid.size)
        kept = moved.blit(self._surface, offset)
        for strip in around(moved.get_rect(), kept):
            moved.fill(theme["background"], strip)
        self._surface, self._changed = moved, None
        self.badges = {number: [badge.move(offset) for badge in badges]
                       for number, badges in self.badges.items()}

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, game: Game, revision: int,
             theme: Theme, motion: bool = True, budget: Budget | None = None,
             shown: bool = False) -> None:
        """Blit the part of the map in view into ``rect``, painted again as ``budget``
        allows (:meth:`painted`), the rest of ``rect`` filled; a hero who moved walks from
        the old Location to the new one, unless ``motion`` is off. When ``surface`` still
        ``shown`` the last frame's view (:meth:`.app.App.shows`), only what changed is blitted
        again: the places painted since, and what that frame drew over the map
        (:attr:`over`)."""
        origin = self.origin(rect, self.grid(game, revision))
        painted, grid = self.painted(game, revision, theme, budget,
                                     seen=rect.move(-origin[0], -origin[1]))
        clip = surface.get_clip()
        surface.set_clip(rect)
        at = pygame.Rect(origin, painted.get_size())
        where = (id(surface), (rect.x, rect.y, rect.width, rect.height), origin)
        if shown and self._changed is not None and self._on_screen == where:
            for part in [*(area.move(origin) for area in self._changed), *self.over]:
                self._show(surface, painted, at, part.clip(rect), theme)
        else:
            self._show(surface, painted, at, rect, theme)
        self._on_screen, self._changed, self.over = where, [], []
        self.over += self._walk(surface, rect, grid, game, theme, motion)
        surface.set_clip(clip)

    @staticmethod
    def _show(surface: pygame.Surface, painted: pygame.Surface, at: pygame.Rect,
              part: pygame.Rect, theme: Theme) -> None:
        """Show ``part`` of the screen as the painting, blitted at ``at``, and the
        background beyond it."""
        inside = part.clip(at)
        for strip in around(part, inside):
            surface.fill(theme["background"], strip)
        if inside.width and inside.height:
            surface.blit(painted, inside, area=inside.move(-at.x, -at.y))

    def _walk(self, surface: pygame.Surface, rect: pygame.Rect, grid: Grid, game: Game,
              theme: Theme, motion: bool) -> list[pygame.Rect]:
        """Start a walk for each hero whose Location changed; draw the walks under way, and
        say where."""
        now = pygame.time.get_ticks()
        marks = hero_marks(game)
        for hero in game.state.heroes:
            spot = game.state.spot_of(hero.location)
            if spot is None:
                continue
            here = (float(spot[0]), float(spot[1]))
            before = self.stands.get(hero.id)
            if motion and before is not None and before[0] != hero.location:
                self.walking[hero.id] = (before[1], here, now)
            self.stands[hero.id] = (hero.location, here)
        drawn = []
        for hero_id, (start, end, began) in list(self.walking.items()):
            done = (now - began) / WALK_MS
            if done >= 1 or hero_id not in marks:
                del self.walking[hero_id]
                continue
            eased = 1 - (1 - done) ** 3
            (x, y), radius = token_at(grid, (start[0] + (end[0] - start[0]) * eased,
                                             start[1] + (end[1] - start[1]) * eased), 0)
            origin = self.origin(rect, grid)
            colour, letter = marks[hero_id]
            drawn.append(draw_token(surface, (origin[0] + x, origin[1] + y), radius, colour,
                                    letter, theme, theme.px(15)))
        return drawn

    def raise_badges(self, surface: pygame.Surface, rect: pygame.Rect, grid: Grid,
                     number: int) -> None:
        """Blit a card's key badges again, over a frame drawn around the card."""
        if self._surface is None:
            return
        origin = self.origin(rect, grid)
        for badge in self.badges.get(number, []):
            surface.blit(self._surface, badge.move(origin), area=badge)

    # --- the camera ---------------------------------------------------------------------

    def origin(self, rect: pygame.Rect, grid: Grid) -> tuple[int, int]:
        """Where the map surface's top-left corner falls on the screen."""
        x, y = grid.point(self.centre)
        return round(rect.centerx - x), round(rect.centery - y)

    def screen_rect(self, rect: pygame.Rect, grid: Grid, spot: Spot) -> pygame.Rect:
        """A card's rectangle on the screen."""
        return grid.rect(spot).move(self.origin(rect, grid))

    def spot_at(self, rect: pygame.Rect, grid: Grid, point: tuple[int, int]) -> Spot | None:
        """The spot of the card under a screen point, if the point is on the map's area."""
        if not rect.collidepoint(point):
            return None
        ox, oy = self.origin(rect, grid)
        return grid.spot_at((point[0] - ox, point[1] - oy))

    def look_at(self, spot: tuple[float, float], grid: Grid) -> None:
        """Put ``spot`` in the middle of the view (kept within the map)."""
        x0, y0, x1, y1 = grid.bounds
        self.centre = (min(max(spot[0], x0 + 1), x1 - 1), min(max(spot[1], y0 + 1), y1 - 1))

    def show(self, spot: Spot, rect: pygame.Rect, grid: Grid, spots: list[Spot]) -> None:
        """Look at ``spot``, moved as little as needed to fill the view with the cards at
        ``spots`` (along an axis where they all fit: their middle)."""
        centre = []
        for axis, size in ((0, rect.width), (1, rect.height)):
            ends = [s[axis] for s in spots] or [spot[axis]]
            half = size / 2 / grid.step[axis]
            low, high = min(ends) - 0.65 + half, max(ends) + 0.65 - half
            centre.append((min(ends) + max(ends)) / 2 if low > high
                          else min(max(spot[axis], low), high))
        self.look_at((centre[0], centre[1]), grid)

    def pan(self, dx: float, dy: float, grid: Grid) -> None:
        """Move the map by ``dx``, ``dy`` screen pixels (dragging it)."""
        self.look_at((self.centre[0] - dx / grid.step[0], self.centre[1] - dy / grid.step[1]),
                     grid)

    def zoom_by(self, factor: float, rect: pygame.Rect, grid: Grid,
                anchor: tuple[int, int] | None = None) -> None:
        """Zoom by ``factor``, keeping the spot under ``anchor`` (default: the middle) where
        it is on the screen."""
        width, height = grid.size
        most = min(ZOOM[1], self.zoom * math.sqrt(MAX_PIXELS / max(1, width * height)))
        zoom = min(max(self.zoom * factor, ZOOM[0]), max(ZOOM[0], most))
        if anchor is None or not rect.collidepoint(anchor):
            anchor = rect.center
        ox, oy = self.origin(rect, grid)
        held = grid.spot((anchor[0] - ox, anchor[1] - oy))
        self.zoom = zoom
        after = Grid(grid.bounds, zoom)
        x, y = after.point(held)
        cx, cy = after.spot((x - (anchor[0] - rect.centerx), y - (anchor[1] - rect.centery)))
        self.look_at((cx, cy), after)

    @staticmethod
    def readable(rect: pygame.Rect) -> float:
        """The zoom that shows a card and its neighbours' edges in a small ``rect``."""
        return min(rect.height / (1.2 * (CARD[1] + GUTTER)), rect.width / (3 * (CARD[0] + GUTTER)))

    def fit(self, rect: pygame.Rect, spots: list[Spot], most: float, least: float) -> None:
        """Zoom to show ``spots`` whole in ``rect`` above the hint line, if it can between
        ``least`` and ``most``."""
        if not spots:
            return
        xs, ys = [s[0] for s in spots], [s[1] for s in spots]
        across = (max(xs) - min(xs) + 1) * (CARD[0] + GUTTER) + GUTTER
        down = (max(ys) - min(ys) + 1) * (CARD[1] + GUTTER) + GUTTER
        wanted = min(rect.width / across, (rect.height - 24 * most) / down)
        least = max(ZOOM[0], min(least, ZOOM[1]))
        self.zoom = max(least, min(most, ZOOM[1], wanted))


def hint_words() -> str:
    """The map's keys in words, each a message of its own."""
    return " · ".join([_("Drag, arrows or W A S D: pan"), _("wheel or + -: zoom"),
                       _("C: centre"), _("H: next hero"),
                       _("click a framed card to Travel, your own card for its actions"),
                       _("hatched cards vanish at the next Start of Day")])


_hints: list[tuple[tuple[object, ...], pygame.Surface]] = []


def hint_line(surface: pygame.Surface, rect: pygame.Rect, theme: Theme) -> pygame.Rect:
    """The map's keys, on a strip along the bottom of the view (drawn once per theme);
    where."""
    key = (theme.palette, theme.scale, rect.width, language())
    if not _hints or _hints[0][0] != key:
        font = theme.font(14)
        lines = wrap(hint_words(), font, rect.width - theme.px(16))  # two lines in a narrow view
        strip = pygame.Surface((rect.width, len(lines) * font.get_linesize() + theme.px(6)),
                               pygame.SRCALPHA)
        strip.fill((*theme["panel"], 225))
        for row, line in enumerate(lines):
            strip.blit(font.render(line, True, theme["faint"]),
                       (theme.px(8), theme.px(3) + row * font.get_linesize()))
        _hints[:] = [(key, strip)]
    strip = _hints[0][1]
    return surface.blit(strip, (rect.x, rect.bottom - strip.get_height()))


class Tip:
    """The details of the Location under the mouse, in a box beside it."""

    def __init__(self) -> None:
        self._key: tuple[object, ...] = ()
        self._surface: pygame.Surface | None = None
        self.badges: dict[int, list[pygame.Rect]] = {}
        """Each card's key badges on the painted map."""

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, mouse: tuple[int, int],
             game: Game, revision: int, theme: Theme, number: int, acting: str | None,
             travel: str | None) -> pygame.Rect:
        """Draw the box for Location ``number`` near ``mouse``, inside ``rect``; ``travel``
        is the acting hero's Travel there in words, if legal. Where it was drawn."""
        key = (revision, id(game), number, acting, travel, theme)
        if key != self._key or self._surface is None:
            self._surface = self.paint(theme, details(game, number, acting, travel))
            self._key = key
        box = self._surface.get_rect(topleft=(mouse[0] + theme.px(18), mouse[1] + theme.px(18)))
        if box.right > rect.right:
            box.right = mouse[0] - theme.px(12)
        if box.bottom > rect.bottom:
            box.bottom = max(rect.top + box.height, mouse[1] - theme.px(12))
        box.clamp_ip(rect)
        return surface.blit(self._surface, box)

    def paint(self, theme: Theme, lines: list[tuple[str, str, int, bool]]) -> pygame.Surface:
        width, pad = theme.px(340), theme.px(10)
        rows = []
        for text, colour, size, bold in lines:
            font = theme.font(size, bold)
            rows += [(line, colour, font) for line in wrap(text, font, width - 2 * pad)]
        height = sum(font.get_linesize() for _line, _colour, font in rows) + 2 * pad
        tip = pygame.Surface((width, height))
        tip.fill(theme["panel"])
        pygame.draw.rect(tip, theme["ink"], tip.get_rect(), max(1, theme.px(2)))
        y = pad
        for line, colour, font in rows:
            tip.blit(font.render(line, True, theme[colour]), (pad, y))
            y += font.get_linesize()
        return tip


def details(game: Game, number: int, acting: str | None,
            travel: str | None) -> list[tuple[str, str, int, bool]]:
    """What the box says of a Location: (text, colour, size, bold) per paragraph."""
    state, campaign = game.state, game.campaign
    location = campaign.location[number]
    lines = [(f"{number} {location.name}", "ink", 19, True)]
    if location.seals:
        names = ", ".join(SEAL_NAMES[seal] for seal in location.seals)
        lines.append((_("Seals: {seals}").format(seals=names), "faint", 14, False))
    if location.description:
        lines.append((location.description, "ink", 15, False))
    if location.action is not None:
        action = location.action
        cost = cost_words(campaign, state, action.cost)
        if cost:
            words = _("Action: {name} ({cost}, once a Day)") if action.once_per_day \
                else _("Action: {name} ({cost})")
        else:
            words = _("Action: {name} (free, once a Day)") if action.once_per_day \
                else _("Action: {name} (free)")
        lines.append((words.format(name=action.name, cost=cost), "ink", 15, True))
        if action.text:
            lines.append((action.text, "ink", 14, False))
        if number in state.location_tokens:
            lines.append((_("A Time token lies here: used today."), "warn", 14, True))
    tokens = state.time_tokens.count(number)
    if tokens:
        lines.append((_("Time tokens a card put here: {count}.").format(count=tokens), "ink",
                      14, False))
    for menhir in state.menhirs:
        if menhir.location == number:
            left = _("Menhir: its last Day: it leaves at the next Start of Day.") \
                if menhir.dial is None else \
                ngettext("Menhir: {count} Day left on its dial.",
                         "Menhir: {count} Days left on its dial.", menhir.dial).format(
                    count=menhir.dial)
            lines.append((left, "ink", 15, True))
    heroes = [hero_name(game.campaign, hero.id) for hero in state.heroes if hero.location == number]
    if heroes:
        lines.append((_("Here: {heroes}").format(heroes=", ".join(heroes)), "ink", 15, False))
    for guardian in state.guardians:
        if guardian.location == number:
            lines.append((_("Guardian: {name}").format(
                name=campaign.encounter[guardian.id].name), "bad", 15, True))
    if number in state.quest_tokens:
        lines.append((_("A Quest token lies here."), "ink", 14, False))
    for dial in state.dials:
        if dial.location == number:
            words = _("Dial {dial}: {value} (quest dial)") if dial.token == "quest" \
                else _("Dial {dial}: {value} (time dial)")
            lines.append((words.format(dial=dial.id, value=dial.value), "ink", 14, False))
    dropped = state.left_items.get(str(number), [])
    if dropped:
        names = ", ".join(card_name(campaign, f"item:{item}") for item in dropped)
        lines.append((_("Items left by the dead: {items}").format(items=names), "ink", 14,
                      False))
    if number in vanishing(state):
        lines.append((_("Vanishes at the next Start of Day: outside the radius of every "
                        "Menhir still standing then."), "bad", 15, True))
    if travel is not None:
        lines.append((_("Click: {action}").format(action=travel), "accent", 15, True))
    elif acting is not None and state.hero(acting).location == number:
        lines.append((_("Click: what {hero} may do here").format(
            hero=hero_name(game.campaign, acting)), "accent", 15, True))
    return lines
