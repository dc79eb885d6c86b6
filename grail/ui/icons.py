"""Bonus icons and joints, drawn so that nothing is told by colour alone (the rulebook's card
anatomy and keys): icons are words (+1, draw, x2, -last) or shapes (a triangle up or down for the Affinity
marker, a bolt for continue, a boxed S for the Stage's bonus, a slashed ring for cancel);
a joint where two halves meet is a filled circle with a tick (connected), an open circle
with a cross (not connected) or a diamond with an M (payable with 1 Magic).

>>> import pygame
>>> from .theme import Theme
>>> surface = pygame.Surface((200, 40))
>>> draw_icons(surface, ["x2", "marker", "continue"], (0, 20), Theme().font(18), (0, 0, 0)) > 0
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from grail.lang import N_, pgettext

from .theme import Colour, Theme

WORDS = {"marker": "+1", "marker2": "+2", "marker3": "+3", "draw": "draw", "x2": "x2",
         "discard_last": "-last"}
"""Bonus icons drawn as words [KEY-5], [DIPLO-10] (in the language's words:
:func:`icon_word`); the others are shapes."""

LEGEND: tuple[tuple[str, str], ...] = (("check", N_("connected")),
                                       ("cross", N_("not connected")),
                                       ("magic", N_("pay 1 Magic")), ("continue", N_("continue")),
                                       ("up", N_("marker up")), ("down", N_("marker down")),
                                       ("attribute", N_("the Stage's bonus")),
                                       ("cancel", N_("cancel next")))
"""What the shapes mean, for the legend under the Sequence (marked for the catalog: read
through ``_``)."""


def icon_word(icon: str) -> str:
    """A bonus icon drawn as a word, in the language grail speaks."""
    if icon == "draw":
        return pgettext("bonus icon", "draw")
    if icon == "discard_last":
        return pgettext("bonus icon", "-last")
    return WORDS[icon]

DIPLOMACY_SHAPES = frozenset({"up", "down", "attribute"})
"""Shapes only Diplomacy cards carry [DIPLO-10]."""


def draw_icons(surface: pygame.Surface, icons: Sequence[str], at: tuple[int, int],
               font: pygame.font.Font, colour: Colour) -> int:
    """Bonus icons left to right from ``at`` (x, centre y): words, or shapes; the x after."""
    x, cy = at
    size = font.get_height()
    for icon in icons:
        if icon in WORDS:
            rendered = font.render(icon_word(icon), True, colour)
            surface.blit(rendered, (x, cy - rendered.get_height() // 2))
        else:
            draw_shape(surface, icon, pygame.Rect(x, cy - size // 2, size, size), colour, font)
        x += _advance(icon, font)
    return x


def icons_width(icons: Sequence[str], font: pygame.font.Font) -> int:
    """How wide :func:`draw_icons` draws ``icons`` in ``font``."""
    return sum(_advance(icon, font) for icon in icons)


def _advance(icon: str, font: pygame.font.Font) -> int:
    """How far one icon moves the next along: its word's width or a square of the font's
    height, and a gap."""
    size = font.get_height()
    return (font.size(icon_word(icon))[0] if icon in WORDS else size) + max(2, size // 5)


def draw_shape(surface: pygame.Surface, shape: str, box: pygame.Rect, colour: Colour,
               font: pygame.font.Font) -> None:
    """One icon drawn in ``box``: up, down, continue, attribute, cancel, check, cross, magic."""
    left, top, right, bottom = box.left + 1, box.top + 1, box.right - 2, box.bottom - 2
    mid_x, mid_y = box.centerx, box.centery
    width = max(1, box.width // 7)
    if shape == "up":
        pygame.draw.polygon(surface, colour, [(mid_x, top), (right, bottom), (left, bottom)])
    elif shape == "down":
        pygame.draw.polygon(surface, colour, [(left, top), (right, top), (mid_x, bottom)])
    elif shape == "continue":  # a bolt
        pygame.draw.polygon(surface, colour, [
            (mid_x + box.width // 5, top), (left + box.width // 6, mid_y + 1),
            (mid_x, mid_y + 1), (mid_x - box.width // 5, bottom),
            (right - box.width // 6, mid_y - 1), (mid_x, mid_y - 1)])
    elif shape == "attribute":  # the Stage's bonus: a boxed S
        pygame.draw.rect(surface, colour, box.inflate(-2, -2), width)
        letter = font.render(pgettext("the Stage's bonus icon", "S"), True, colour)
        surface.blit(letter, letter.get_rect(center=box.center))
    elif shape == "cancel":
        pygame.draw.circle(surface, colour, box.center, box.width // 2 - 1, width)
        pygame.draw.line(surface, colour, (left + 2, bottom - 2), (right - 2, top + 2), width)
    elif shape == "check":
        pygame.draw.lines(surface, colour, False, [(left + 2, mid_y), (mid_x - 1, bottom - 2),
                                                   (right - 1, top + 2)], width + 1)
    elif shape == "cross":
        pygame.draw.line(surface, colour, (left + 2, top + 2), (right - 2, bottom - 2), width + 1)
        pygame.draw.line(surface, colour, (left + 2, bottom - 2), (right - 2, top + 2), width + 1)
    elif shape == "magic":
        _diamond(surface, colour, box, width)
        letter = font.render(pgettext("Magic icon", "M"), True, colour)
        surface.blit(letter, letter.get_rect(center=box.center))


def _diamond(surface: pygame.Surface, colour: Colour, box: pygame.Rect, width: int) -> None:
    pygame.draw.polygon(surface, colour, [(box.centerx, box.top), (box.right - 1, box.centery),
                                          (box.centerx, box.bottom - 1),
                                          (box.left, box.centery)], width)


def draw_joint(surface: pygame.Surface, centre: tuple[int, int], link: str, theme: Theme) -> None:
    """How two halves meet: connected (a filled circle with a tick), not connected (an open
    circle with a cross), payable with 1 Magic (a diamond with an M) [KEY-1]..[KEY-3]."""
    radius = theme.px(9)
    box = pygame.Rect(0, 0, radius * 2, radius * 2)
    box.center = centre
    font = theme.font(18, bold=True)
    if link == "connected":
        pygame.draw.circle(surface, theme["good"], centre, radius)
        draw_shape(surface, "check", box.inflate(-radius // 2, -radius // 2),
                   theme["accent_ink"] if theme.palette == "normal" else theme["card"], font)
    elif link == "payable":
        pygame.draw.polygon(surface, theme["panel"], [(box.centerx, box.top),
                                                      (box.right, box.centery),
                                                      (box.centerx, box.bottom),
                                                      (box.left, box.centery)])
        draw_shape(surface, "magic", box, theme["warn"], font)
    else:
        pygame.draw.circle(surface, theme["panel"], centre, radius)
        pygame.draw.circle(surface, theme["bad"], centre, radius, max(1, theme.px(2)))
        draw_shape(surface, "cross", box.inflate(-radius // 2, -radius // 2), theme["bad"], font)


RESOURCES: tuple[tuple[str, str], ...] = (("food", N_("Food")), ("wealth", N_("Wealth")),
                                          ("rep", N_("Rep")), ("magic", N_("Magic")),
                                          ("exp", N_("Exp")))
"""A hero's resources in the order of the board, each with its drawn icon [RES-1] and its
name (marked for the catalog: read through ``_``)."""

RESOURCE_COLOURS: dict[str, Colour] = {"food": (176, 112, 52), "wealth": (204, 158, 30),
                                       "rep": (70, 110, 170), "magic": (120, 72, 160),
                                       "exp": (60, 130, 80)}


def draw_resource(surface: pygame.Surface, kind: str, box: pygame.Rect, theme: Theme) -> None:
    """A resource's icon in ``box``, a shape of its own so that no colour is needed to tell
    it: a loaf (Food), a coin (Wealth), a star (Rep), a diamond (Magic), a chevron (Exp)."""
    colour = theme["ink"] if theme.palette == "contrast" else RESOURCE_COLOURS[kind]
    ink = theme["panel"]
    width = max(1, box.width // 8)
    if kind == "food":
        loaf = box.inflate(0, -box.height // 3)
        pygame.draw.ellipse(surface, colour, loaf)
        for step in (1, 2, 3):
            x = loaf.x + loaf.width * step // 4
            pygame.draw.line(surface, ink, (x - 1, loaf.y + 2), (x + 1, loaf.bottom - 3), width)
    elif kind == "wealth":
        pygame.draw.circle(surface, colour, box.center, box.width // 2)
        pygame.draw.circle(surface, ink, box.center, box.width // 2 - width - 1, width)
    elif kind == "rep":
        points = []
        for index in range(10):
            angle = math.pi / 2 + index * math.pi / 5
            reach = box.width / 2 if index % 2 == 0 else box.width / 4.5
            points.append((box.centerx + reach * math.cos(angle),
                           box.centery - reach * math.sin(angle)))
        pygame.draw.polygon(surface, colour, points)
    elif kind == "magic":
        _diamond(surface, colour, box, 0)
        _diamond(surface, ink, box.inflate(-box.width // 2, -box.height // 2), 0)
    elif kind == "exp":
        third = box.height // 3
        for top in (box.y + third // 2, box.y + third * 3 // 2):
            pygame.draw.lines(surface, colour, False, [(box.x + 1, top + third),
                                                       (box.centerx, top),
                                                       (box.right - 1, top + third)],
                              max(2, box.width // 5))
