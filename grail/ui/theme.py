"""Colours, sizes and fonts of the window: a normal and a high-contrast palette, a UI scale
from 1x to 2x, and the fonts installed with grail (never a system font): Source Sans Pro for
text and numbers, Playfair Display for titles, both under the SIL Open Font License
(``fonts/``), shaped with kerning by SDL_ttf. Sizes keep to a type scale
(:data:`TYPE_SCALE`): a size asked for is drawn at the nearest step.

Nothing in the window is told by colour alone: heroes carry a letter, Encounter decks the
rulebook's corner marks (:data:`DECK_MARKS`), seals a shape and a letter (mapdraw.py).

>>> theme = Theme(scale=1.5)
>>> theme.px(10), theme.font(16).get_height() > theme.font(12).get_height()
(15, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path

import pygame

Colour = tuple[int, int, int]

PALETTES: dict[str, dict[str, Colour]] = {
    "normal": {
        "background": (239, 233, 220), "panel": (250, 246, 236), "ink": (40, 34, 28),
        "faint": (120, 110, 98), "line": (176, 164, 146), "accent": (46, 92, 138),
        "accent_ink": (255, 255, 255), "good": (52, 122, 62), "bad": (160, 52, 40),
        "warn": (176, 120, 20), "disabled": (196, 190, 180), "highlight": (255, 214, 102),
        "banner": (46, 92, 138), "card": (255, 252, 244), "covered": (214, 208, 198),
    },
    "contrast": {
        "background": (0, 0, 0), "panel": (16, 16, 16), "ink": (255, 255, 255),
        "faint": (214, 214, 214), "line": (255, 255, 255), "accent": (255, 230, 0),
        "accent_ink": (0, 0, 0), "good": (0, 255, 120), "bad": (255, 90, 90),
        "warn": (255, 190, 0), "disabled": (110, 110, 110), "highlight": (0, 200, 255),
        "banner": (255, 230, 0), "card": (0, 0, 0), "covered": (60, 60, 60),
    },
}
"""The palettes: ``normal`` and ``contrast`` (high contrast)."""

HERO_COLOURS: dict[str, Colour] = {"green": (60, 140, 70), "blue": (52, 100, 180),
                                   "brown": (140, 92, 52), "grey": (120, 120, 128)}
"""A hero's deck colour, always shown with the hero's letter."""

DECK_MARKS: dict[str, str] = {"grey": "bottom-left", "green": "bottom-right",
                              "purple": "top-right", "blue": "top-left"}
"""The colour-blind corner marks of the Encounter decks [COMP-8]."""

SCALES = (1.0, 1.25, 1.5, 1.75, 2.0)
"""The UI scales offered in the settings."""


FONTS = Path(__file__).parent / "fonts"
"""The fonts installed with grail, each beside its licence."""

TEXT_FACE, STRONG_FACE, TITLE_FACE = (FONTS / "SourceSansPro-Regular.ttf",
                                      FONTS / "SourceSansPro-Semibold.ttf",
                                      FONTS / "PlayfairDisplay-SemiBold.ttf")

TYPE_SCALE: dict[str, int] = {"caption": 14, "detail": 16, "body": 18, "label": 20,
                              "heading": 22, "title": 28, "display": 96}
"""The type scale, in the window's nominal sizes: a caption under a meter, a card's detail,
the body of the text, a button's label, a heading, a scene's title, the title screen's
name. Bold sizes from a heading up are titles, drawn in the title face."""

POINTS = 0.85
"""Font points per nominal size: the faces' line height and width at the sizes the layout
was drawn for."""


def step(size: int) -> int:
    """The step of the type scale nearest ``size`` (the smaller one of two as near).

    >>> step(17), step(19), step(24), step(40)
    (16, 18, 22, 28)
    """
    return min(TYPE_SCALE.values(), key=lambda value: (abs(value - size), value))


@dataclass(frozen=True)
class Theme:
    """A palette and a scale; fonts are grail's faces at the type scale's sizes, scaled."""

    palette: str = "normal"
    scale: float = 1.0
    colours: dict[str, Colour] = field(init=False, compare=False)
    """The palette's colours: a theme is its palette and scale, compared and hashed by them."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "colours", PALETTES[self.palette])

    def px(self, size: float) -> int:
        """A length at this scale."""
        return round(size * self.scale)

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The font for ``size`` on the type scale, scaled: the text face, its semibold for
        ``bold``, the title face for bold headings and titles."""
        return _font_at(self.scale, size, bold)

    def __getitem__(self, name: str) -> Colour:
        return self.colours[name]


@cache
def _font_at(scale: float, size: int, bold: bool) -> pygame.font.Font:
    """:meth:`Theme.font`, looked up once per scale, size and weight (a frame asks for
    fonts hundreds of times)."""
    nearest = step(size)
    face = TITLE_FACE if bold and nearest >= TYPE_SCALE["heading"] else \
        STRONG_FACE if bold else TEXT_FACE
    return face_at(face, max(6, round(round(nearest * scale) * POINTS)))


@lru_cache(maxsize=4096)
def rendered(text: str, font: pygame.font.Font, colour: Colour) -> pygame.Surface:
    """A line rendered once per text, font and colour: most of a frame's lines, a map's
    labels and a board's numbers are those drawn before."""
    return font.render(text, True, colour)


@cache
def face_at(face: Path, points: int) -> pygame.font.Font:
    """One of grail's faces at ``points``, kerned (HarfBuzz shaping, Latin script)."""
    if not pygame.font.get_init():
        pygame.font.init()
    font = pygame.font.Font(face, points)
    font.set_script("Latn")
    return font
