"""Small widgets of our own: text drawn and wrapped, buttons, a scrolling text box.

Own widgets rather than pygame_gui: every screen is drawn from the engine's state each
frame (nothing to keep in sync), the UI scale and high-contrast theme apply to everything
through one :class:`.theme.Theme`, every button has a keyboard key, and tests can find a
button by its text and press it without a mouse.

>>> import pygame
>>> from .theme import Theme
>>> theme = Theme()
>>> lines = wrap("the quick brown fox jumps over the lazy dog", theme.font(18), 80)
>>> len(lines) > 1 and all(theme.font(18).size(line)[0] <= 80 for line in lines)
True
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import pygame

from grail.lang import pgettext

from .theme import TYPE_SCALE, Colour, Theme, rendered


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """``text`` cut into lines no wider than ``width`` pixels (a word too long stays whole);
    blank lines between paragraphs are kept. Worked out once per text, font and width (a
    frame wraps the same texts as the last)."""
    return list(_laid_out(text, font, width)[0])


@lru_cache(maxsize=4096)
def _laid_out(text: str, font: pygame.font.Font, width: int) -> tuple[tuple[str, ...], int]:
    """:func:`wrap`'s lines, and the width of the widest. A line takes words while the
    line, measured whole, fits: where it ends is first guessed from the words' own widths
    (each measured once per font), then checked by measuring the line and the line with the
    next word, so that a line costs two measures however many words it has, not one per
    word."""
    lines: list[str] = []
    widest = 0
    space = _word_width(" ", font)
    for paragraph in text.split("\n"):
        words = paragraph.split()
        if not words:
            lines.append("")
            continue
        sizes = [_word_width(word, font) for word in words]
        start = 0
        while start < len(words):
            end, measured = _line_end(words, sizes, space, start, font, width)
            lines.append(" ".join(words[start:end]))
            widest = max(widest, measured)
            start = end
    return tuple(lines), widest


def _line_end(words: list[str], sizes: list[int], space: int, start: int,
              font: pygame.font.Font, width: int) -> tuple[int, int]:
    """Where the line beginning at ``words[start]`` ends (past its last word), and its
    width: it takes words while it fits, the first word always."""
    end, guess = start + 1, sizes[start]
    while end < len(words) and guess + space + sizes[end] <= width:
        guess += space + sizes[end]
        end += 1
    measured = sizes[start] if end == start + 1 else _measure(words, start, end, font)
    while end > start + 1 and measured > width:  # the guess was short of a kerned line
        end -= 1
        measured = _measure(words, start, end, font)
    while end < len(words):  # the guess was wide of it
        longer = _measure(words, start, end + 1, font)
        if longer > width:
            break
        end, measured = end + 1, longer
    return end, measured


def _measure(words: list[str], start: int, end: int, font: pygame.font.Font) -> int:
    width: int = font.size(" ".join(words[start:end]))[0]
    return width


@lru_cache(maxsize=16384)
def _word_width(word: str, font: pygame.font.Font) -> int:
    width: int = font.size(word)[0]
    return width


OVERFLOWS: deque[str] = deque(maxlen=100)
"""The last texts drawn beyond their box or off the window, with where: a text that does
not fit is a layout to fix, and the fit test (tests/test_ui_fit.py) fails on any."""


def overflow(text: str, where: str) -> None:
    """Note a text that does not fit ``where``."""
    OVERFLOWS.append(f"{where}: {text!r}")


def draw_text(surface: pygame.Surface, text: str, at: tuple[int, int], font: pygame.font.Font,
              colour: Colour, box: pygame.Rect | None = None) -> pygame.Rect:
    """One line of text; its rectangle. A text that leaves ``box`` (by default the window,
    unless a clip is set for a scrolling region) is noted in :data:`OVERFLOWS`."""
    image = rendered(text, font, colour)
    drawn = pygame.Rect(at, image.get_size())
    bounds = box if box is not None else surface.get_rect() \
        if surface.get_clip() == surface.get_rect() else None
    if bounds is not None and text.strip() and not bounds.contains(drawn):
        overflow(text, f"{drawn} beyond {bounds}")
    return surface.blit(image, at)


def fitted(text: str, theme: Theme, size: int, box: pygame.Rect,
           bold: bool = False) -> tuple[pygame.font.Font, list[str]]:
    """``text`` wrapped in ``box`` at ``size``, else at the smaller steps of the type scale
    down to a caption; if it fits none, the lines that fit the box at a caption's size, the
    last cut with an ellipsis, and the text noted in :data:`OVERFLOWS` (each time it is
    drawn). Worked out once per text, theme, size and box: a frame fits the texts of the
    last."""
    font, lines, beyond = _fitted(text, theme, size, box.width, box.height, bold)
    if beyond:
        overflow(text, f"{box} at {beyond}")
    return font, list(lines)


def fits(text: str, theme: Theme, size: int, box: pygame.Rect, bold: bool = False) -> bool:
    """Whether :func:`fitted` fits ``text`` in ``box`` at some size, without cutting it."""
    return not _fitted(text, theme, size, box.width, box.height, bold)[2]


@lru_cache(maxsize=1024)
def _fitted(text: str, theme: Theme, size: int, width: int, height: int,
            bold: bool) -> tuple[pygame.font.Font, tuple[str, ...], str]:
    """:func:`fitted`'s font and lines, and the font's height when the text fits no size
    ("" when it fits)."""
    font, lines = theme.font(size, bold), []
    for points in sorted({step for step in TYPE_SCALE.values()
                          if TYPE_SCALE["caption"] <= step <= size} | {size}, reverse=True):
        font = theme.font(points, bold)
        laid, widest = _laid_out(text, font, width)
        lines = list(laid)
        if len(lines) * font.get_linesize() <= height and widest <= width:
            return font, laid, ""
    room = max(1, height // font.get_linesize())
    kept = lines[:room]
    while kept[-1] and font.size(kept[-1] + "...")[0] > width:
        kept[-1] = kept[-1][:-1]
    kept[-1] = kept[-1].rstrip() + "..."
    return font, tuple(kept), f"{font.get_height()} px"


def around(rect: pygame.Rect, inner: pygame.Rect) -> list[pygame.Rect]:
    """The parts of ``rect`` outside ``inner`` (a rectangle inside it, or an empty one):
    the strips above and below it, and beside it."""
    if not inner.width or not inner.height:
        return [rect] if rect.width and rect.height else []
    return [strip for strip in (
        pygame.Rect(rect.left, rect.top, rect.width, inner.top - rect.top),
        pygame.Rect(rect.left, inner.bottom, rect.width, rect.bottom - inner.bottom),
        pygame.Rect(rect.left, inner.top, inner.left - rect.left, inner.height),
        pygame.Rect(inner.right, inner.top, rect.right - inner.right, inner.height))
        if strip.width > 0 and strip.height > 0]


def shade(surface: pygame.Surface) -> None:
    """Darken what lies under a dialog."""
    dark = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    dark.fill((0, 0, 0, 120))
    surface.blit(dark, (0, 0))


def draw_panel(surface: pygame.Surface, theme: Theme, rect: pygame.Rect, radius: int = 8) -> None:
    """A dialog's or menu's panel: filled, with a border."""
    pygame.draw.rect(surface, theme["panel"], rect, border_radius=theme.px(radius))
    pygame.draw.rect(surface, theme["line"], rect, max(1, theme.px(2)),
                     border_radius=theme.px(radius))


def draw_lines(surface: pygame.Surface, lines: list[str], at: tuple[int, int],
               font: pygame.font.Font, colour: Colour) -> int:
    """Lines of text one under another; the y below the last."""
    x, y = at
    for line in lines:
        draw_text(surface, line, (x, y), font, colour)
        y += font.get_linesize()
    return y


@dataclass
class Button:
    """A button: what it does (``action``, any value the scene understands), its text, its
    keyboard key, and why it cannot be used (``why``, shown instead of acting)."""

    rect: pygame.Rect
    text: str
    action: Any
    key: str = ""
    why: str = ""
    selected: bool = False
    style: str = "normal"

    @property
    def enabled(self) -> bool:
        return not self.why

    def draw(self, surface: pygame.Surface, theme: Theme, hovered: bool = False) -> None:
        if not self.enabled:
            fill, ink = theme["disabled"], theme["faint"]
        elif self.style == "primary" or hovered or self.selected:
            fill, ink = theme["accent"], theme["accent_ink"]
        else:
            fill, ink = theme["panel"], theme["ink"]
        label = f"{key_cap(self.key)}  {self.text}" if self.key else self.text
        font, lines = fitted_or_shorter(label, theme, 18, self.rect.inflate(-2 * theme.px(8), -2))
        surface.blit(_button(tuple(lines), font, self.rect.size, fill, ink, self.selected,
                             theme), self.rect)


def key_cap(key: str) -> str:
    """A key as its button shows it: a named key in the language's words for it ("Enter",
    "Esc"), a letter, digit or F-key as it is printed on the keyboard. The key itself, which
    matches the key pressed, stays the same in every language."""
    if key == "Enter":
        return pgettext("key", "Enter")
    if key == "Esc":
        return pgettext("key", "Esc")
    return key


def fitted_or_shorter(text: str, theme: Theme, size: int,
                      box: pygame.Rect) -> tuple[pygame.font.Font, list[str]]:
    """:func:`fitted`, or where ``text`` fits no size, the same without the words in
    brackets at its end, which say more of it than the box has room for (the Failure an
    Escape takes, the keys a card meets: the card beside shows them)."""
    return fitted(_shorter(text, theme, size, box.width, box.height), theme, size, box)


def fits_shorter(text: str, theme: Theme, size: int, width: int, height: int) -> bool:
    """Whether :func:`fitted_or_shorter` fits ``text`` in a box of ``width`` and ``height``
    (at some size, or without its words in brackets), without cutting it."""
    shorter = _shorter(text, theme, size, width, height)
    return not _fitted(shorter, theme, size, width, height, False)[2]


def _shorter(text: str, theme: Theme, size: int, width: int, height: int) -> str:
    """``text``, or without the words in brackets at its end when it fits no size."""
    if _fitted(text, theme, size, width, height, False)[2]:
        return _ASIDE.sub("", text)
    return text


_ASIDE = re.compile(r"\s*\([^()]*\)(?=[^\w()]*$)")
"""Words in brackets at the end of a text, before nothing but marks: a full stop, or what
closes the message they end (the pseudo-language's "~]")."""


@lru_cache(maxsize=64)  # a bar's worth of buttons, each plain, hovered and selected
def _button(lines: tuple[str, ...], font: pygame.font.Font, size: tuple[int, int],
            fill: Colour, ink: Colour, selected: bool, theme: Theme) -> pygame.Surface:
    """A button's look, its label fitted in ``lines`` of ``font``: painted once for each
    label, size, colours and theme (a frame draws the bar's buttons as the last did),
    transparent beyond its rounded corners."""
    image = pygame.Surface(size, pygame.SRCALPHA)
    rect = image.get_rect()
    pygame.draw.rect(image, fill, rect, border_radius=theme.px(5))
    border = theme["highlight"] if selected else theme["line"]
    pygame.draw.rect(image, border, rect, width=max(1, theme.px(2 if selected else 1)),
                     border_radius=theme.px(5))
    pad = theme.px(8)
    height = len(lines) * font.get_linesize()
    top = max(1, (rect.height - height) // 2)  # two lines: the button's whole height
    image.set_clip(rect.inflate(-2, -2))
    draw_lines(image, list(lines), (pad, top), font, ink)
    return image


@dataclass
class Buttons:
    """A column of buttons, navigable with the keyboard (up/down, Enter) and the mouse."""

    buttons: list[Button] = field(default_factory=list)
    cursor: int = 0

    def at(self, point: tuple[int, int]) -> Button | None:
        return next((button for button in self.buttons if button.rect.collidepoint(point)),
                    None)

    def by_key(self, key: str) -> Button | None:
        return next((button for button in self.buttons if button.key == key), None)

    def by_text(self, text: str) -> Button | None:
        """The first button whose text contains ``text`` (for tests and scripts)."""
        return next((button for button in self.buttons if text in button.text), None)

    def move(self, step: int) -> None:
        if self.buttons:
            self.cursor = (self.cursor + step) % len(self.buttons)

    def current(self) -> Button | None:
        return self.buttons[self.cursor] if self.buttons else None

    def draw(self, surface: pygame.Surface, theme: Theme, mouse: tuple[int, int]) -> None:
        for index, button in enumerate(self.buttons):
            button.selected = index == self.cursor
            button.draw(surface, theme, hovered=button.rect.collidepoint(mouse))
