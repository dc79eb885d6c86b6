"""What the journal, End of Day and chance views are built from.

Tiles are the large choices of a view's main area (a journal option with its cost, a way
to rest with what it does to the meters, a card to keep, an outcome the table saw). A tile
carries an engine action, its keyboard key from the action bar, a few lines of detail,
and, when it cannot be taken, the reason, shown greyed. Labels are lines of text a view
lays out when the game changes and paints each frame.

>>> from .theme import Theme
>>> theme = Theme()
>>> tiles = column([Tile("Eat 1 Food", "eat", detail=["Health 6 -> 7"]),
...                 Tile("Go hungry", None, why="no Food")], pygame.Rect(0, 0, 300, 400), theme)
>>> tiles.at((5, 5)).title, tiles.tiles[1].enabled
('Eat 1 Food', False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from grail.lang import _

from .theme import HERO_COLOURS, Colour, Theme
from .widgets import draw_lines, draw_text, overflow, wrap

TITLE, DETAIL = 19, 16
"""Font sizes of a tile's title and detail lines."""


@dataclass
class Tile:
    """One choice: its text, the engine action it sends (None: nothing to send), detail
    lines, the action bar's key for it, and why it cannot be taken (shown greyed)."""

    title: str
    action: Any = None
    detail: list[str] = field(default_factory=list)
    key: str = ""
    why: str = ""
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    tone: str = ""
    """A colour name of the theme for the tile's stripe (a hero's or deck's colour)."""
    compact: bool = False
    """One small line, no key badge, no reason (a row of a list: a card in a deck)."""
    size: int = DETAIL
    """The detail lines' font size."""

    @property
    def enabled(self) -> bool:
        return self.action is not None and not self.why

    def title_font(self, theme: Theme) -> pygame.font.Font:
        return theme.font(DETAIL + 1) if self.compact else theme.font(TITLE, bold=True)

    def badged(self) -> bool:
        return not self.compact and bool(self.key or not self.enabled)

    def lines(self, theme: Theme, width: int) -> tuple[list[str], list[str], list[str]]:
        """The title, detail and reason wrapped to ``width``, beside the key's badge: its
        room is kept whether or not a key is given yet (the action bar gives the keys after
        the tiles are laid out, and a badge then must not push the words out of the tile)."""
        inner = width - theme.px(24 if self.compact else 52)
        if self.compact:
            return [f"{self.key}  {self.title}" if self.key else self.title], [], []
        title = wrap(self.title, self.title_font(theme), inner)
        detail = [line for text in self.detail
                  for line in wrap(text, theme.font(self.size), inner)]
        why = wrap(_("Not open: {why}").format(why=self.why), theme.font(DETAIL), inner) \
            if self.why else []
        return title, detail, why

    def height(self, theme: Theme, width: int) -> int:
        title, detail, why = self.lines(theme, width)
        return len(title) * self.title_font(theme).get_linesize() \
            + len(detail) * theme.font(self.size).get_linesize() \
            + len(why) * theme.font(DETAIL).get_linesize() + theme.px(8 if self.compact else 16)

    def draw(self, surface: pygame.Surface, theme: Theme, hovered: bool = False) -> None:
        rect = self.rect
        radius = theme.px(6)
        fill = theme["card"] if self.enabled else theme["covered"]
        if hovered and self.enabled:
            fill = theme["highlight"]
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        border = theme["accent"] if self.enabled else theme["line"]
        pygame.draw.rect(surface, border, rect, width=theme.px(2) if self.enabled
                         and not self.compact else 1, border_radius=radius)
        if self.tone:
            stripe = pygame.Rect(rect.x, rect.y, theme.px(6), rect.height)
            pygame.draw.rect(surface, _colour(theme, self.tone), stripe,
                             border_top_left_radius=radius, border_bottom_left_radius=radius)
        left = rect.x + theme.px(14)
        if self.badged():
            first = theme.font(TITLE, bold=True).get_linesize()
            size = min(theme.px(26), rect.height - theme.px(8))
            badge = pygame.Rect(0, 0, theme.px(28), size)
            badge.center = (rect.x + theme.px(24), rect.y + theme.px(8) + first // 2)
            pygame.draw.rect(surface, theme["accent"] if self.enabled else theme["disabled"],
                             badge, border_radius=theme.px(4))
            mark = self.key if self.enabled else "\u2013"
            font = theme.font(18, bold=True)
            width, height = font.size(mark)
            draw_text(surface, mark, (badge.centerx - width // 2, badge.centery - height // 2),
                      font, theme["accent_ink"] if self.enabled else theme["faint"])
            left = badge.right + theme.px(10)
        title, detail, why = self.lines(theme, rect.width)
        ink = theme["ink"] if self.enabled else theme["faint"]
        clip = surface.get_clip()
        surface.set_clip(rect.inflate(-2, -2))
        y = draw_lines(surface, title, (left, rect.y + theme.px(4 if self.compact else 8)),
                       self.title_font(theme), ink)
        y = draw_lines(surface, detail, (left, y), theme.font(self.size),
                       theme["ink"] if self.size > DETAIL and self.enabled else theme["faint"])
        y = draw_lines(surface, why, (left, y), theme.font(DETAIL), theme["bad"])
        surface.set_clip(clip)
        if y > rect.bottom + theme.px(2):
            overflow(self.title, f"a tile {rect} {y - rect.bottom} px short")


def _colour(theme: Theme, name: str) -> Colour:
    return theme.colours.get(name) or HERO_COLOURS.get(name, theme["line"])


@dataclass
class Tiles:
    """Tiles laid out in a view: found by a point, drawn with the one under the mouse lit."""

    tiles: list[Tile] = field(default_factory=list)
    hidden: int = 0
    """Tiles that did not fit the area."""

    def at(self, point: tuple[int, int]) -> Tile | None:
        return next((tile for tile in self.tiles if tile.rect.collidepoint(point)), None)

    def by_text(self, text: str) -> Tile | None:
        """The first tile whose title holds ``text`` (for tests and scripts)."""
        return next((tile for tile in self.tiles if text in tile.title), None)

    def draw(self, surface: pygame.Surface, theme: Theme, mouse: tuple[int, int]) -> None:
        for tile in self.tiles:
            tile.draw(surface, theme, hovered=tile.rect.collidepoint(mouse))


def column(tiles: Sequence[Tile], rect: pygame.Rect, theme: Theme, gap: int = 8) -> Tiles:
    """Tiles one under another from the top of ``rect``, as tall as their text; those that
    do not fit are left out and counted."""
    placed: list[Tile] = []
    y = rect.y
    for tile in tiles:
        height = tile.height(theme, rect.width)
        if y + height > rect.bottom and placed:
            break
        tile.rect = pygame.Rect(rect.x, y, rect.width, height)
        placed.append(tile)
        y += height + theme.px(gap)
    return Tiles(placed, len(tiles) - len(placed))


def grid(tiles: Sequence[Tile], rect: pygame.Rect, theme: Theme, columns: int,
         height: int | None = None, gap: int = 8) -> Tiles:
    """Tiles in rows of ``columns``, all as tall as the tallest (or ``height``); those that
    do not fit are left out and counted."""
    columns = max(1, columns)
    space = theme.px(gap)
    width = (rect.width - space * (columns - 1)) // columns
    tall = height or max((tile.height(theme, width) for tile in tiles), default=0)
    placed: list[Tile] = []
    for index, tile in enumerate(tiles):
        row, col = divmod(index, columns)
        y = rect.y + row * (tall + space)
        if y + tall > rect.bottom:
            break
        tile.rect = pygame.Rect(rect.x + col * (width + space), y, width, tall)
        placed.append(tile)
    return Tiles(placed, len(tiles) - len(placed))


@dataclass
class Label:
    """A line of text a view lays out in ``update`` and paints in ``draw``."""

    text: str
    at: tuple[int, int]
    size: int = 18
    bold: bool = False
    colour: str = "ink"

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        draw_text(surface, self.text, self.at, theme.font(self.size, self.bold), theme[self.colour])


def labels(text: str, rect: pygame.Rect, theme: Theme, size: int = 18, bold: bool = False,
           colour: str = "ink") -> tuple[list[Label], int]:
    """``text`` wrapped into ``rect``'s width from its top: the labels and the y below."""
    font = theme.font(size, bold)
    found, y = [], rect.y
    for line in wrap(text, font, rect.width):
        found.append(Label(line, (rect.x, y), size, bold, colour))
        y += font.get_linesize()
    return found, y


def heading(surface: pygame.Surface, text: str, at: tuple[int, int], theme: Theme,
            size: int = 22, colour: str = "ink") -> int:
    """A bold line; the y below it."""
    font = theme.font(size, bold=True)
    draw_text(surface, text, at, font, theme[colour])
    return at[1] + font.get_linesize() + theme.px(4)


def paragraph(surface: pygame.Surface, text: str, rect: pygame.Rect, theme: Theme,
              size: int = 17, colour: str = "faint") -> int:
    """Wrapped text from the top of ``rect``; the y below it."""
    font = theme.font(size)
    return draw_lines(surface, wrap(text, font, rect.width), rect.topleft, font, theme[colour])
