"""Painting the live map: the revealed Location cards with what lies on them.

Each card shows its number, name, seals (mapdraw's shapes with letters) and Location
action; roads join connected edges, a zigzag wall marks a blocked one, each printed
Direction Key sits on its edge (a thin box with an arrow when no key answers it). On the
cards: hero tokens (colour and letter), Guardians (a shield with G), the Quest token (a
diamond with Q), the Time token of a once-a-Day action used today (an hourglass), the
Time tokens cards put there (Tx2 for two), named dials, Items left by the dead, and the
Menhir miniature with its dial. Each active Menhir's radius is a dashed frame named after
it; a Menhir in its last Day has a thin faint frame.
A card the next Start of Day takes away is hatched and says so (``engine.preview``).

Everything here is painted once per change of the game (:class:`.mapview.MapView` keeps
it): the whole map when the zoom or the theme changed (or, with no frame's budget to keep
to, most of its cards must be painted again), else only the places that changed
(:func:`changed`): a card revealed or gone (the painting moved onto a map of the new size
first), a card whose tokens changed, a Menhir's radius whose dial turned; :func:`repaint`
paints them, tested to give the same pixels as a whole painting, and :func:`brought_up`
says what a painting shows when only some of them are painted yet. :func:`hero_tokens`
tells where the tokens are, for clicks and the acting hero's ring.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from typing import Any

import pygame

from grail.content.geography import Card, Layout
from grail.content.locations import EDGES, STEP
from grail.engine.game import Game
from grail.engine.preview import fading_menhirs, vanishing
from grail.lang import N_, _, ngettext, pgettext

from .boards import draw_token, hero_marks
from .mapdraw import Style, dashed_rect, draw_badge, draw_seal, draw_wall
from .theme import Colour, Theme, rendered
from .widgets import wrap

Spot = tuple[int, int]
CARD = (180, 160)
"""A Location card's size at zoom 1, in pixels."""
GUTTER = 44
"""The space between cards at zoom 1: roads, walls and key badges lie there."""


@dataclass(frozen=True)
class Grid:
    """Where grid spots fall on the map surface at a zoom."""

    bounds: tuple[int, int, int, int]
    zoom: float

    @cached_property  # worked out once: a painting asks for them thousands of times
    def card(self) -> tuple[int, int]:
        return round(CARD[0] * self.zoom), round(CARD[1] * self.zoom)

    @cached_property
    def gutter(self) -> int:
        return max(8, round(GUTTER * self.zoom))

    @cached_property
    def step(self) -> tuple[int, int]:
        return self.card[0] + self.gutter, self.card[1] + self.gutter

    @property
    def size(self) -> tuple[int, int]:
        x0, y0, x1, y1 = self.bounds
        return ((x1 - x0 + 1) * self.step[0] + self.gutter,
                (y1 - y0 + 1) * self.step[1] + self.gutter)

    def rect(self, spot: Spot) -> pygame.Rect:
        """A card's rectangle on the map surface."""
        x0, y0 = self.bounds[:2]
        return pygame.Rect(self.gutter + (spot[0] - x0) * self.step[0],
                           self.gutter + (spot[1] - y0) * self.step[1], *self.card)

    def point(self, at: tuple[float, float]) -> tuple[float, float]:
        """The map surface's pixel at the centre of a (fractional) spot."""
        x0, y0 = self.bounds[:2]
        return (self.gutter + (at[0] - x0) * self.step[0] + self.card[0] / 2,
                self.gutter + (at[1] - y0) * self.step[1] + self.card[1] / 2)

    def spot(self, pixel: tuple[float, float]) -> tuple[float, float]:
        """The fractional spot at a pixel of the map surface (the inverse of :meth:`point`)."""
        x0, y0 = self.bounds[:2]
        return (x0 + (pixel[0] - self.gutter - self.card[0] / 2) / self.step[0],
                y0 + (pixel[1] - self.gutter - self.card[1] / 2) / self.step[1])

    def spot_at(self, pixel: tuple[float, float]) -> Spot | None:
        """The spot whose card (not the gutter around it) holds ``pixel``."""
        x0, y0 = self.bounds[:2]
        x = x0 + math.floor((pixel[0] - self.gutter) / self.step[0])
        y = y0 + math.floor((pixel[1] - self.gutter) / self.step[1])
        return (x, y) if self.rect((x, y)).collidepoint(pixel) else None


WHOLE = 0.5
"""The share of the cards on the map which, to be painted again, are painted with the
whole map at once rather than place by place (each place with the cards and radii that
reach into it)."""
RADIUS_COLOURS = ((40, 110, 60), (40, 80, 150), (140, 70, 20), (110, 50, 130))
VANISH = (N_("VANISHES AT THE NEXT START OF DAY"), N_("VANISHES AT START OF DAY"),
          N_("VANISHES"))
"""The strip on a card the next Start of Day discards, the longest that fits (marked for
the catalog: read through ``_``)."""


def style_for(theme: Theme) -> Style:
    """mapdraw's style in the theme's colours."""
    return Style(paper=theme["background"], ink=theme["ink"], card_fill=theme["card"],
                 wall=theme["bad"], road=theme["faint"], version_fill=theme["covered"])


def fit(text: str, font: pygame.font.Font, width: int) -> str:
    """``text`` cut with '...' to ``width`` pixels."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "...")[0] > width:
        text = text[:-1]
    return text.rstrip() + "..."


def blend(a: Colour, b: Colour, share: float) -> Colour:
    return (round(a[0] + (b[0] - a[0]) * share), round(a[1] + (b[1] - a[1]) * share),
            round(a[2] + (b[2] - a[2]) * share))


def ink_on(colour: Colour) -> Colour:
    """Black or white, whichever reads better on ``colour``."""
    light = 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2]
    return (0, 0, 0) if light > 140 else (255, 255, 255)


class Painter:
    """Paints one map surface at one zoom."""

    def __init__(self, surface: pygame.Surface, grid: Grid, game: Game, theme: Theme) -> None:
        self.surface, self.grid, self.game, self.theme = surface, grid, game, theme
        self.k = grid.zoom
        self.style = style_for(theme)
        self.fonts = Theme(theme.palette, scale=self.k)
        self.badges: dict[int, list[pygame.Rect]] = {}
        """Each card's key badges (with their arrows), kept above the frames drawn later."""

    def px(self, size: float) -> int:
        return max(1, round(size * self.k))

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        return self.fonts.font(size, bold)

    def label(self, text: str, at: tuple[int, int], size: int, colour: Colour,
              bold: bool = False, anchor: str = "topleft") -> pygame.Rect:
        image = rendered(text, self.font(size, bold), colour)
        box = image.get_rect(**{anchor: at})
        return self.surface.blit(image, box)

    # --- the whole map ------------------------------------------------------------------

    def paint(self, plan: Layout) -> None:
        self.surface.fill(self.theme["background"])
        state = self.game.state
        fading = set(fading_menhirs(state))
        for index, menhir in enumerate(plan.menhirs):
            self.radius(menhir.spot, index, menhir.location in fading)
        for card in plan.cards:
            self.roads(card)
        gone = set(vanishing(state))
        for card in plan.cards:
            assert card.spot is not None
            self.card(card, self.grid.rect(card.spot), card.number in gone)
        for index, menhir in enumerate(plan.menhirs):
            self.radius_tag(menhir.spot, menhir.location, index, menhir.location in fading)

    def repaint(self, plan: Layout, areas: list[pygame.Rect]) -> None:
        """Paint these areas of the map again, each clipped to itself, in the order
        :meth:`paint` paints the map: the radii, the roads and walls of the cards that reach
        into it, the cards on it (only the key badges of those around, which reach into
        the gutter), the radius names on top."""
        state = self.game.state
        fading = set(fading_menhirs(state))
        gone = set(vanishing(state))
        for area in areas:
            near = [card for card in plan.cards if card.spot is not None and
                    self.card_area(card.spot, keys=True).colliderect(area)]
            self.surface.set_clip(area)
            self.surface.fill(self.theme["background"], area)
            for index, menhir in enumerate(plan.menhirs):
                self.radius(menhir.spot, index, menhir.location in fading)
            for card in near:
                self.roads(card)
            for card in near:
                assert card.spot is not None
                rect = self.grid.rect(card.spot)
                if rect.colliderect(area):
                    self.card(card, rect, card.number in gone)
                else:
                    self.keys(card, rect)
            for index, menhir in enumerate(plan.menhirs):
                self.radius_tag(menhir.spot, menhir.location, index, menhir.location in fading)
            self.surface.set_clip(None)

    def card_area(self, spot: Spot, keys: bool = False) -> pygame.Rect:
        """What a card's tokens reach: the card; with ``keys``, what its roads, walls and
        key badges reach too: the whole gutter around it (a badge's arrow reaches past the
        half; none reaches the next card)."""
        rect = self.grid.rect(spot)
        return rect.inflate(2 * self.grid.gutter, 2 * self.grid.gutter) if keys else rect

    def menhir_area(self, spot: Spot, index: int, words: str) -> pygame.Rect:
        """What a Menhir's radius reaches: its frame and shade, and its name reading
        ``words``."""
        return self.frame(spot, index).inflate(self.px(8), self.px(8)).union(
            self.tag_box(spot, index, words))

    def radius(self, spot: Spot, index: int, fading: bool) -> None:
        """The dashed frame over the Menhir's card and the 8 around it [MENHIR-1]."""
        frame = self.frame(spot, index)
        clip = self.surface.get_clip()
        if not frame.inflate(self.px(8), self.px(8)).colliderect(clip):
            return  # a card painted again far from this radius
        colour = self.theme["faint"] if fading else RADIUS_COLOURS[index % len(RADIUS_COLOURS)]
        if not fading:
            under = frame.clip(clip)
            self.surface.blit(_shade(under.size, colour), under.topleft)
        dashed_rect(self.surface, frame, colour, self.k * (0.6 if fading else 1))

    def frame(self, spot: Spot, index: int) -> pygame.Rect:
        first = self.grid.rect((spot[0] - 1, spot[1] - 1))
        last = self.grid.rect((spot[0] + 1, spot[1] + 1))
        inset = self.px(4 + 5 * (index % 4)) - self.grid.gutter // 2
        return pygame.Rect(first.left + inset, first.top + inset,
                           last.right - first.left - 2 * inset, last.bottom - first.top - 2 * inset)

    def radius_tag(self, spot: Spot, location: int, index: int, fading: bool) -> None:
        """The frame's name and its Menhir's dial, on the frame's top edge."""
        words = tag_words(self.game, location)
        text = self._tag_text(spot, index, words)
        box = text.inflate(self.px(10), self.px(4))
        if not box.colliderect(self.surface.get_clip()):
            return
        colour = self.theme["faint"] if fading else RADIUS_COLOURS[index % len(RADIUS_COLOURS)]
        pygame.draw.rect(self.surface, colour, box, border_radius=self.px(4))
        self.surface.blit(rendered(words, self._tag_font(), (255, 255, 255)), text.topleft)

    def tag_box(self, spot: Spot, index: int, words: str) -> pygame.Rect:
        """Where a radius's name reading ``words`` is painted."""
        return self._tag_text(spot, index, words).inflate(self.px(10), self.px(4))

    def _tag_text(self, spot: Spot, index: int, words: str) -> pygame.Rect:
        frame = self.frame(spot, index)
        return pygame.Rect((frame.left + self.px(6), frame.top - self.px(7)),
                           self._tag_font().size(words))

    def _tag_font(self) -> pygame.font.Font:
        return self.fonts.font(max(14, round(12 / self.k)), True)  # never below 12 pixels

    def roads(self, card: Card) -> None:
        """Roads between connected edges [MAP-4] and walls on edges with no key."""
        assert card.spot is not None
        rect = self.grid.rect(card.spot)
        for edge in EDGES:
            dx, dy = STEP[edge]
            if edge in card.connected and edge in ("right", "down"):
                other = self.grid.rect((card.spot[0] + dx, card.spot[1] + dy))
                start = rect.midright if edge == "right" else rect.midbottom
                end = other.midleft if edge == "right" else other.midtop
                pygame.draw.line(self.surface, self.style.road, start, end, self.px(8))
            if edge not in card.keys:
                a, b = _edge(rect, edge)
                draw_wall(self.surface, a, b, (dx, dy), self.style, self.k)

    # --- one card -----------------------------------------------------------------------

    def card(self, card: Card, rect: pygame.Rect, gone: bool) -> None:
        theme, px = self.theme, self.px
        pygame.draw.rect(self.surface, theme["card"], rect, border_radius=px(6))
        if gone:
            self.hatch(rect)
        pygame.draw.rect(self.surface, theme["ink"], rect, px(3) if card.start else px(2),
                         border_radius=px(6))
        pad = px(7)
        number = self.label(str(card.number), (rect.left + pad, rect.top + pad - px(1)), 24,
                            theme["ink"], bold=True)
        right = rect.right - pad
        for seal in reversed(card.seals):
            r = px(9)
            draw_seal(self.surface, seal, (right - r, rect.top + pad + r), self.style, r)
            right -= 2 * r + px(6)
        font = self.font(17)
        lines = wrap(card.name, font, rect.width - 2 * pad)
        if len(lines) > 2:
            lines = [lines[0], fit(" ".join(lines[1:]), font, rect.width - 2 * pad)]
        for index, line in enumerate(lines):
            self.label(line, (rect.left + pad, number.bottom + px(2) + index * px(16)), 17,
                       theme["ink"])
        self.action(card, rect, pad)
        self.tokens(card, rect, pad)
        if gone:
            strip = pygame.Rect(rect.left, rect.bottom - px(20), rect.width, px(20))
            pygame.draw.rect(self.surface, theme["bad"], strip, border_bottom_left_radius=px(6),
                             border_bottom_right_radius=px(6))
            font = self.font(13, True)
            words = next((words for words in map(_, VANISH)
                          if font.size(words)[0] <= strip.width - pad), _(VANISH[-1]))
            self.label(words, strip.center, 13, theme["accent_ink"], bold=True, anchor="center")
        self.keys(card, rect)

    def keys(self, card: Card, rect: pygame.Rect) -> None:
        """Each printed Direction Key on its edge, reaching into the gutter."""
        px = self.px
        self.badges[card.number] = []
        for edge, key in card.keys.items():
            a, b = _edge(rect, edge)
            dx, dy = STEP[edge]
            centre = ((a[0] + b[0]) // 2 + dx * px(4), (a[1] + b[1]) // 2 + dy * px(4))
            box = draw_badge(self.surface, str(key), centre, edge in card.connected, (dx, dy),
                             self.style, self.k * 0.8)
            if edge not in card.connected:  # and its arrow
                box = box.inflate(abs(dx) * 2 * px(12), abs(dy) * 2 * px(12))
            self.badges[card.number].append(box)

    def hatch(self, rect: pygame.Rect) -> None:
        """Diagonal stripes over a card that vanishes at the next Start of Day."""
        colour = blend(self.theme["card"], self.theme["bad"], 0.3)
        clip = self.surface.get_clip()
        self.surface.set_clip(rect.inflate(-self.px(3), -self.px(3)).clip(clip))
        step = self.px(12)
        for x in range(rect.left - rect.height, rect.right, step):
            pygame.draw.line(self.surface, colour, (x, rect.bottom), (x + rect.height, rect.top),
                             self.px(3))
        self.surface.set_clip(clip)

    def action(self, card: Card, rect: pygame.Rect, pad: int) -> None:
        """The Location action's name, once a Day or not [ACT-LOC-1], [ACT-LOC-2]."""
        action = self.game.campaign.location[card.number].action
        if action is None:
            return
        words = _("Action: {name} (once a Day)") if action.once_per_day else _("Action: {name}")
        font = self.font(14, bold=True)
        text = fit(words.format(name=action.name), font, rect.width - 2 * pad)
        self.label(text, (rect.left + pad, rect.top + self.px(92)), 14, self.theme["faint"],
                   bold=True)

    def tokens(self, card: Card, rect: pygame.Rect, pad: int) -> None:
        """Heroes from the left; from the right the Menhir and its dial, Guardians, Quest and
        Time tokens, dials and Items left here."""
        state, theme, px = self.game.state, self.theme, self.px
        marks = hero_marks(self.game)
        for hero, (centre, radius) in hero_tokens(self.grid, self.game, card.number).items():
            colour, letter = marks[hero]
            draw_token(self.surface, centre, radius, colour, letter, theme, px(15))
        r = px(11)
        y = rect.top + px(122)
        x = rect.right - pad - r
        menhir = next((m for m in state.menhirs if m.location == card.number), None)
        if menhir is not None:
            self.stone((x, y), r, "0" if menhir.dial is None else str(menhir.dial))
            x -= 2 * r + px(5)
        for guardian in state.guardians:
            if guardian.location == card.number:
                self.shield((x, y), r)
                x -= 2 * r + px(5)
        if card.number in state.quest_tokens:
            self.diamond((x, y), r, pgettext("Quest token", "Q"), theme["warn"])
            x -= 2 * r + px(5)
        if card.number in state.location_tokens:
            self.hourglass((x, y), r)
            x -= 2 * r + px(5)
        tokens = state.time_tokens.count(card.number)
        if tokens:
            x = self.pill((x + r, y), pgettext("Time tokens", "Tx{count}").format(
                count=tokens)) - px(5) - r
        for dial in state.dials:
            if dial.location == card.number:
                pill = pgettext("a quest dial", "Q{value}") if dial.token == "quest" else \
                    pgettext("a time dial", "T{value}")
                x = self.pill((x + r, y), pill.format(value=dial.value)) - px(5) - r
        left = state.left_items.get(str(card.number), [])
        if left:
            self.pill((x + r, y), pgettext("Items left", "I{count}").format(count=len(left)))

    def stone(self, centre: tuple[int, int], r: int, dial: str) -> None:
        """The Menhir miniature with its dial [MENHIR-2]."""
        x, y = centre
        top = y - r - self.px(4)
        points = [(x - r, y + r), (x - r + self.px(2), top + self.px(6)), (x - self.px(3), top),
                  (x + r - self.px(3), top + self.px(3)), (x + r, y + r)]
        pygame.draw.polygon(self.surface, self.theme["faint"], points)
        pygame.draw.polygon(self.surface, self.theme["ink"], points, self.px(1))
        pygame.draw.circle(self.surface, self.theme["card"], (x, y + self.px(2)), r - self.px(3))
        self.label(dial, (x, y + self.px(3)), 15, self.theme["ink"], bold=True, anchor="center")

    def shield(self, centre: tuple[int, int], r: int) -> None:
        """A Guardian: a shield with G [GUARD-1]."""
        x, y = centre
        points = [(x - r, y - r), (x + r, y - r), (x + r, y + r // 3), (x, y + r + self.px(2)),
                  (x - r, y + r // 3)]
        pygame.draw.polygon(self.surface, self.theme["bad"], points)
        pygame.draw.polygon(self.surface, self.theme["ink"], points, self.px(1))
        self.label(pgettext("Guardian", "G"), (x, y), 15, (255, 255, 255), bold=True,
                   anchor="center")

    def diamond(self, centre: tuple[int, int], r: int, letter: str, colour: Colour) -> None:
        x, y = centre
        points = [(x, y - r - 1), (x + r + 1, y), (x, y + r + 1), (x - r - 1, y)]
        pygame.draw.polygon(self.surface, colour, points)
        pygame.draw.polygon(self.surface, self.theme["ink"], points, self.px(1))
        self.label(letter, (x, y + 1), 14, self.theme["ink"], bold=True, anchor="center")

    def hourglass(self, centre: tuple[int, int], r: int) -> None:
        """A Time token: the once-a-Day action was used today [ACT-LOC-2]."""
        x, y = centre
        w = r - self.px(2)
        pygame.draw.circle(self.surface, self.theme["covered"], centre, r)
        pygame.draw.circle(self.surface, self.theme["ink"], centre, r, self.px(1))
        pygame.draw.polygon(self.surface, self.theme["ink"],
                            [(x - w // 2, y - w + 1), (x + w // 2, y - w + 1), (x, y)])
        pygame.draw.polygon(self.surface, self.theme["ink"],
                            [(x - w // 2, y + w - 1), (x + w // 2, y + w - 1), (x, y)])

    def pill(self, right_centre: tuple[int, int], text: str) -> int:
        """A small rounded label ending at ``right_centre``; its left edge."""
        image = rendered(text, self.font(14, True), self.theme["ink"])
        box = image.get_rect(midright=right_centre).inflate(self.px(8), self.px(4))
        box.right = right_centre[0]
        pygame.draw.rect(self.surface, self.theme["covered"], box, border_radius=self.px(5))
        pygame.draw.rect(self.surface, self.theme["ink"], box, self.px(1),
                         border_radius=self.px(5))
        self.surface.blit(image, image.get_rect(center=box.center))
        return box.left


@lru_cache(maxsize=64)
def _shade(size: tuple[int, int], colour: Colour) -> pygame.Surface:
    """A radius's light wash of its colour, over ``size``."""
    shade = pygame.Surface(size, pygame.SRCALPHA)
    shade.fill((*colour, 22))
    return shade


def _edge(rect: pygame.Rect, edge: str) -> tuple[tuple[int, int], tuple[int, int]]:
    return {"up": (rect.topleft, rect.topright), "down": (rect.bottomleft, rect.bottomright),
            "left": (rect.topleft, rect.bottomleft),
            "right": (rect.topright, rect.bottomright)}[edge]


def hero_tokens(grid: Grid, game: Game, number: int) -> dict[str, tuple[tuple[int, int], int]]:
    """Where each hero on Location ``number`` stands on the map surface: centre and radius,
    side by side from the card's left, in character order."""
    state = game.state
    spot = state.spot_of(number)
    if spot is None:
        return {}
    here = [hero.id for hero in state.heroes if hero.location == number]
    return {hero: token_at(grid, spot, index) for index, hero in enumerate(here)}


def token_at(grid: Grid, spot: tuple[float, float], index: int) -> tuple[tuple[int, int], int]:
    """Where the ``index``-th hero token on the card at ``spot`` stands on the map surface
    (a fractional spot: a token on its way between two cards), and its radius."""
    x, y = grid.point(spot)
    k = grid.zoom
    r = max(4, round(12 * k))
    gap = max(1, round(3 * k))
    return (round(x - grid.card[0] / 2) + round(7 * k) + r + index * (2 * r + gap),
            round(y - grid.card[1] / 2) + round(122 * k)), r


def paint(surface: pygame.Surface, grid: Grid, plan: Layout, game: Game,
          theme: Theme) -> dict[int, list[pygame.Rect]]:
    """Paint the live map of ``plan`` on ``surface`` (sized by ``grid.size``); each card's
    key badges on it."""
    painter = Painter(surface, grid, game, theme)
    painter.paint(plan)
    return painter.badges


def tag_words(game: Game, location: int) -> str:
    """A Menhir radius's name: its Location and the Days its dial has left [MENHIR-2]."""
    dial = next((m.dial for m in game.state.menhirs if m.location == location), None)
    if dial is None:
        return _("M{location} · last Day").format(location=location)
    return ngettext("M{location} · {count} Day", "M{location} · {count} Days", dial).format(
        location=location, count=dial)


@dataclass(frozen=True)
class Looks:
    """What a painting of a layout shows, as values that differ when the painting would."""

    scale: tuple[float, Theme]
    """The zoom and the theme: the whole map is painted again when either changes."""
    bounds: tuple[int, int, int, int]
    """The spots the painting spans (:attr:`Grid.bounds`)."""
    cards: dict[int, tuple[Card, object]]
    """Each card by its number: the card as drawn (its spot, its roads) and what lies on
    it."""
    menhirs: dict[int, tuple[int, Spot, bool, str]]
    """Each Menhir's radius by its Location: its place among the radii (its colour and
    inset), its spot, in its last Day or not, its name."""


def looks(grid: Grid, plan: Layout, game: Game, theme: Theme) -> Looks:
    """What a painting of ``plan`` shows now."""
    state = game.state
    fading, gone = set(fading_menhirs(state)), set(vanishing(state))
    marks = hero_marks(game)
    cards: dict[int, tuple[Card, object]] = {card.number: (card, (
        card.number in gone, [marks[h.id] for h in state.heroes if h.location == card.number],
        next((m.dial for m in state.menhirs if m.location == card.number), "none"),
        sum(g.location == card.number for g in state.guardians),
        card.number in state.quest_tokens, card.number in state.location_tokens,
        state.time_tokens.count(card.number),
        [(d.token, d.value) for d in state.dials if d.location == card.number],
        len(state.left_items.get(str(card.number), []))))
        for card in plan.cards}
    menhirs = {m.location: (index, m.spot, m.location in fading, tag_words(game, m.location))
               for index, m in enumerate(plan.menhirs)}
    return Looks((grid.zoom, theme), grid.bounds, cards, menhirs)


@dataclass(frozen=True)
class Place:
    """A place of a painting to paint again (:func:`changed`), and the cards and Menhir
    radii it brings up to date: those whose whole place lies in it."""

    area: pygame.Rect
    cards: frozenset[int]
    menhirs: frozenset[int]


def changed(grid: Grid, game: Game, theme: Theme, before: Looks, now: Looks) -> list[Place]:
    """The places of a painting at ``grid`` that differ since ``before``, at the same zoom:
    each card that was revealed, went or changed, with the gutter around it, or whose tokens
    changed (the card alone); the radius of each Menhir that came, went or changed (its dial
    turned, its last Day), with its name as it read and reads now, and every radius when the
    painting's bounds changed. A place lying in another is that one's."""
    painter = Painter(pygame.Surface((1, 1)), grid, game, theme)  # to measure, not paint
    places = []
    for number in {*before.cards, *now.cards}:
        was, is_now = before.cards.get(number), now.cards.get(number)
        if was == is_now:
            continue
        card = is_now[0] if is_now is not None else was[0] if was is not None else None
        if card is not None and card.spot is not None:
            keys = was is None or is_now is None or was[0] != is_now[0]
            places.append(Place(painter.card_area(card.spot, keys), frozenset([number]),
                                frozenset()))
    for location in {*before.menhirs, *now.menhirs}:
        had, has = before.menhirs.get(location), now.menhirs.get(location)
        if had != has or before.bounds != now.bounds:
            first, *more = [painter.menhir_area(look[1], look[0], look[3])
                            for look in (had, has) if look is not None]
            places.append(Place(first.unionall(more), frozenset(), frozenset([location])))
    kept = [place for index, place in enumerate(places)  # one painting of each place
            if not any(other.area.contains(place.area) and (other.area != place.area
                                                            or later < index)
                       for later, other in enumerate(places) if later != index)]
    return [replace(place,
                    cards=frozenset().union(*(inner.cards for inner in places
                                              if place.area.contains(inner.area))),
                    menhirs=frozenset().union(*(inner.menhirs for inner in places
                                                if place.area.contains(inner.area))))
            for place in kept]


def most(now: Looks, grid: Grid, places: list[Place]) -> bool:
    """Whether ``places`` hold most of the cards: the map is then painted whole, at once."""
    areas = [place.area for place in places]
    rects = [grid.rect(card.spot) for card, _look in now.cards.values() if card.spot is not None]
    return sum(rect.collidelist(areas) != -1 for rect in rects) >= len(rects) * WHOLE


def brought_up(before: Looks, now: Looks, places: list[Place]) -> Looks:
    """What a painting that showed ``before`` shows once ``places`` (of the way to ``now``)
    are painted again: ``now``'s zoom and bounds, and ``now``'s look of the cards and radii
    those places hold. A painting moved to new bounds shows no radius but those: every
    radius is painted again after a move (:func:`changed`)."""
    cards = dict(before.cards)
    menhirs = dict(before.menhirs) if before.bounds == now.bounds else {}
    for place in places:
        for number in place.cards:
            _take(cards, now.cards, number)
        for location in place.menhirs:
            _take(menhirs, now.menhirs, location)
    return Looks(now.scale, now.bounds, cards, menhirs)


def _take(into: dict[int, Any], source: dict[int, Any], key: int) -> None:
    if key in source:
        into[key] = source[key]
    else:
        into.pop(key, None)


def repaint(surface: pygame.Surface, grid: Grid, plan: Layout, game: Game, theme: Theme,
            areas: list[pygame.Rect]) -> dict[int, list[pygame.Rect]]:
    """Paint these places of a painting of ``plan`` again (:func:`changed`): the same
    pixels as painting it all again. The key badges of the cards whose keys were painted
    again."""
    painter = Painter(surface, grid, game, theme)
    painter.repaint(plan, areas)
    return painter.badges
