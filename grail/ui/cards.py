"""Drawing a Combat or Diplomacy card with its keys (the rulebook's card anatomy).

A card is laid out on a :class:`Frame` shared by every card of a row, so that the keys of
neighbouring cards line up: a header (name, owner's letter, Time tokens, Charges), one row
per key position (Bonus Keys and left Magic halves on the left edge, Attribute Keys and
right Magic halves on the right [ANAT-12], [ANAT-13]), the Abilities, and the free key at
the bottom [ANAT-5].

Nothing is told by colour alone: bonus icons are words or shapes (:mod:`.icons`), a paid
Magic half is filled, a covered Ability is hatched and says so, the owner's disc carries
their initial.

>>> import pygame
>>> from .theme import Theme
>>> frame = Frame(pygame.Rect(0, 0, 160, 260), rows=3, theme=Theme())
>>> frame.key_y(1) < frame.key_y(3) < frame.free_y
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from grail.content.cards import AttributeKey, BonusKey, MagicBonus, MagicHalf, PlayerCard
from grail.lang import N_, _, ngettext, pgettext

from .icons import draw_icons, icons_width
from .theme import HERO_COLOURS, TYPE_SCALE, Colour, Theme
from .widgets import draw_text, fits, fitted, overflow, wrap

SHORT = {"aggression": N_("Agg"), "empathy": N_("Emp"), "courage": N_("Cou"),
         "caution": N_("Cau"), "logic": N_("Log"), "spirituality": N_("Spi")}
"""Attributes as three letters on keys (marked for the catalog: :func:`short`)."""


def short(attribute: str) -> str:
    """An Attribute as three letters on a key, in the language grail speaks."""
    return _(SHORT[attribute])


@dataclass(frozen=True)
class Frame:
    """Where a card's parts lie in ``rect``, for ``rows`` key positions; ``tight``: its key
    rows and free key as low as their type allows, for Abilities that need the room
    (:func:`roomy`)."""

    rect: pygame.Rect
    rows: int
    theme: Theme
    tight: bool = False

    @property
    def header(self) -> int:
        return min(self.theme.px(44), self.rect.height // 6)

    @property
    def row(self) -> int:
        space = (self.rect.height - self.header - self.footer) * 55 // 100
        row = max(self.theme.px(18), min(self.theme.px(36), space // max(1, self.rows)))
        if self.tight:  # a key's letters at a caption's size, and the gap between two keys
            row = min(row, self.theme.font(TYPE_SCALE["caption"], bold=True).get_height()
                      + self.gap)
        return row

    @property
    def gap(self) -> int:
        """Between the halves of two key positions."""
        return self.theme.px(2 if self.tight else 4)

    @property
    def tab_height(self) -> int:
        """A half key's height."""
        return max(self.theme.px(12), self.row - self.gap)

    @property
    def footer(self) -> int:
        footer = min(self.theme.px(32), self.rect.height // 8)
        if self.tight:  # the free key's icons at a caption's size
            footer = min(footer, self.theme.font(TYPE_SCALE["caption"]).get_height()
                         + self.theme.px(4))
        return footer

    @property
    def key_size(self) -> int:
        """The largest key font size whose letters fit a key row."""
        return next((size for size in (18, 16, 14)
                     if self.theme.font(size, bold=True).get_height() <= self.tab_height), 12)

    @property
    def key_font(self) -> pygame.font.Font:
        return self.theme.font(self.key_size, bold=True)

    @property
    def icon_font(self) -> pygame.font.Font:
        return self.theme.font(self.key_size)

    def key_y(self, at: int) -> int:
        """The centre of key position ``at`` (0: the free key)."""
        if at == 0:
            return self.free_y
        return self.rect.y + self.header + self.row * (at - 1) + self.row // 2

    @property
    def free_y(self) -> int:
        return self.rect.bottom - self.footer // 2 - 1

    @property
    def body(self) -> pygame.Rect:
        """Below the keys and above the free key: the Abilities."""
        top = self.rect.y + self.header + self.row * self.rows + self.theme.px(2)
        return pygame.Rect(self.rect.x + self.theme.px(4), top,
                           self.rect.width - self.theme.px(8),
                           max(0, self.rect.bottom - self.footer - top - self.theme.px(2)))


def roomy(cards: Sequence[tuple[pygame.Rect, Marks]], rows: int, theme: Theme) -> bool:
    """Whether a row of cards, each in its rectangle with its marks, takes tight frames
    (the same for every card of the row, so that their keys line up): when some card's
    Abilities fit its body at no size, and fit it tight at some size."""
    loose = [_body_fits(Frame(rect, rows, theme), marks) for rect, marks in cards]
    return not all(loose) and all(_body_fits(Frame(rect, rows, theme, tight=True), marks)
                                  for (rect, marks), fit in zip(cards, loose, strict=True)
                                  if not fit)


def draw_fitted(surface: pygame.Surface, text: str, at: tuple[int, int], width: int,
                theme: Theme, size: int, colour: Colour, bold: bool = False,
                box: pygame.Rect | None = None) -> pygame.Rect:
    """One line in ``width`` (and inside ``box``, when given): a smaller font if need be
    (down to 8 points less, never under 10), then cut with an ellipsis, noted as not
    fitting."""
    font = line_font(text, width, theme, size, bold)
    if font is not None:
        return draw_text(surface, text, at, font, colour, box)
    font = theme.font(max(10, size - 8), bold)
    overflow(text, f"a line of {width} px")
    while len(text) > 1 and font.size(text + "...")[0] > width:
        text = text[:-1]
    return draw_text(surface, text.rstrip() + "...", at, font, colour, box)


def line_font(text: str, width: int, theme: Theme, size: int,
              bold: bool = False) -> pygame.font.Font | None:
    """The font :func:`draw_fitted` draws ``text`` in on one line of ``width``: the largest
    down to 8 points less than ``size`` that fits; None when none does."""
    for points in range(size, max(9, size - 9), -1):
        font = theme.font(points, bold)
        if font.size(text)[0] <= width:
            return font
    return None


# --- a card --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Marks:
    """What sits on a card or is said of it: the owner, Time tokens, Charges, the Magic Keys
    paid, a covered Ability, the Abilities in words."""

    owner: str = ""
    owner_colour: str = "grey"
    tokens: int = 0
    charges: int = 0
    paid: tuple[int, ...] = ()
    covered: bool = False
    abilities: tuple[str, ...] = ()


def draw_card(surface: pygame.Surface, frame: Frame, card: PlayerCard, marks: Marks) -> None:
    """A card on its frame: name, owner, tokens and Charges, its keys on both edges, its
    Abilities (hatched and marked when covered [ANAT-6]), its free key."""
    theme, rect = frame.theme, frame.rect
    px = theme.px
    pygame.draw.rect(surface, theme["card"], rect, border_radius=px(6))
    pygame.draw.rect(surface, theme["line"], rect, 1, border_radius=px(6))
    _header(surface, frame, card, marks)
    widths = _tab_widths(frame, card)
    for left in card.left:
        _left_key(surface, frame, left, marks, widths[left.at][0])
    for right in card.right:
        _right_key(surface, frame, right, widths.get(right.at, (0, 0))[1])
    _abilities(surface, frame, marks)
    _free_key(surface, frame, card)


def _header(surface: pygame.Surface, frame: Frame, card: PlayerCard, marks: Marks) -> None:
    theme, rect = frame.theme, frame.rect
    px = theme.px
    badge = px(9) if marks.owner else 0
    width = rect.width - px(10) - 2 * badge
    room = 1 if marks.tokens or marks.charges else 2
    for size in (20, 18, 16, 14):  # the name in the lines the header holds
        font = theme.font(size, bold=True)
        room = max(1, min(room, (frame.header - px(3)) // font.get_linesize()))
        lines = wrap(card.name, font, width)
        if len(lines) <= room:
            break
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(rect.x, rect.y, rect.width - 2 * badge - px(4),
                                 frame.header).clip(clip))
    y = rect.y + px(3)
    for line in lines[:room]:
        draw_text(surface, line, (rect.x + px(5), y), font, theme["ink"])
        y += font.get_linesize()
    surface.set_clip(clip)
    if marks.owner:
        centre = (rect.right - badge - px(4), rect.y + badge + px(3))
        pygame.draw.circle(surface, HERO_COLOURS.get(marks.owner_colour, (120, 120, 128)),
                           centre, badge)
        letter = theme.font(19, bold=True).render(marks.owner[:1], True, (255, 255, 255))
        surface.blit(letter, letter.get_rect(center=centre))
    pills = ([ngettext("{count} Time", "{count} Time", marks.tokens).format(
        count=marks.tokens)] if marks.tokens else []) + \
        ([ngettext("{count} Charge", "{count} Charges", marks.charges).format(
            count=marks.charges)] if marks.charges else [])
    x = rect.x + px(5)
    small = theme.font(18, bold=True)
    for pill in pills:
        rendered = small.render(pill, True, theme["accent_ink"])
        box = rendered.get_rect(topleft=(x + px(4), rect.y + frame.header - small.get_height()
                                         - px(3)))
        pygame.draw.rect(surface, theme["accent"], box.inflate(px(8), px(2)),
                         border_radius=px(6))
        surface.blit(rendered, box)
        x = box.right + px(8)


def _tab_widths(frame: Frame, card: PlayerCard) -> dict[int, tuple[int, int]]:
    """The widths of the left and right halves at each key position: half the card each,
    or most of it for a half with none facing it; a left half whose label and icons need
    more at the card's key size takes what the right half facing it can spare (then a
    smaller size, if need be: :func:`left_key_fonts`)."""
    theme, rect = frame.theme, frame.rect
    half, whole = rect.width // 2 - theme.px(2), rect.width - theme.px(4)
    height = frame.tab_height
    facing = {key.at: key for key in card.right}
    widths = {key.at: (0, half) for key in card.right}
    for key in card.left:
        right = facing.get(key.at)
        width = half if right is not None else rect.width * 3 // 4
        needed = theme.px(4) + frame.key_font.size(_left_label(key))[0] + theme.px(3) + \
            icons_width(key.bonus, frame.icon_font) + height // 3
        if needed > width:
            spare = whole - (_right_needs(frame, right, height) if right is not None else 0)
            width = max(width, min(needed, spare))
        widths[key.at] = (width, whole - width if right is not None else 0)
    return widths


def _left_label(key: BonusKey | MagicBonus) -> str:
    return pgettext("Magic key", "M:") if isinstance(key, MagicBonus) else short(key.attribute)


def _right_text(key: AttributeKey | MagicHalf) -> str:
    return _("Magic") if isinstance(key, MagicHalf) else f"{short(key.attribute)} {key.level}"


def _right_needs(frame: Frame, key: AttributeKey | MagicHalf, height: int) -> int:
    """The least width of a right half: its words (a Magic half's shortest, its M), clear
    of its rounded end."""
    text = pgettext("Magic icon", "M") if isinstance(key, MagicHalf) else _right_text(key)
    return frame.key_font.size(text)[0] + frame.theme.px(6) + height // 3


def _tab(frame: Frame, at: int, left: bool, width: int) -> pygame.Rect:
    """The room of a half key on one edge, ``width`` wide (:func:`_tab_widths`)."""
    rect = frame.rect
    height = frame.tab_height
    tab = pygame.Rect(0, 0, width, height)
    tab.centery = frame.key_y(at)
    if left:
        tab.left = rect.left
    else:
        tab.right = rect.right
    return tab


def _left_key(surface: pygame.Surface, frame: Frame, key: BonusKey | MagicBonus,
              marks: Marks, width: int) -> None:
    """A Bonus Key (its Attribute and icons) or a left Magic half (an M and its icons; a
    Magic token on it when paid [KEY-3])."""
    theme = frame.theme
    tab = _tab(frame, key.at, left=True, width=width)
    magic = isinstance(key, MagicBonus)
    _tab_shape(surface, tab, theme, magic, left=True)
    label = _left_label(key)
    font, icon_font = left_key_fonts(frame, label, key.bonus, tab.width - theme.px(4) - tab.height // 3)
    x = tab.x + theme.px(4)
    ink = theme["ink"]
    if isinstance(key, MagicBonus) and key.at in marks.paid:  # the Magic sits on the key
        pygame.draw.rect(surface, theme["accent"], tab.inflate(-theme.px(4), -theme.px(4)),
                         border_radius=tab.height // 2)
        ink = theme["accent_ink"]
    clip = surface.get_clip()
    surface.set_clip(tab.clip(clip))
    x = draw_text(surface, label, (x, tab.centery - font.get_height() // 2), font,
                  ink).right + theme.px(3)
    draw_icons(surface, key.bonus, (x, tab.centery), icon_font, ink)
    surface.set_clip(clip)


def left_key_fonts(frame: Frame, label: str, icons: Sequence[str],
                room: int) -> tuple[pygame.font.Font, pygame.font.Font]:
    """The fonts of a left key's label and icons: the card's, else smaller until they fit
    the key short of its rounded end; noted as not fitting at the smallest."""
    theme = frame.theme
    for size in range(frame.key_size, 9, -2):
        font, icon_font = theme.font(size, bold=True), theme.font(size)
        if font.size(label)[0] + theme.px(3) + icons_width(icons, icon_font) <= room:
            return font, icon_font
    overflow(f"{label} {' '.join(icons)}", f"a key of {room} px")
    return font, icon_font


def _right_key(surface: pygame.Surface, frame: Frame, key: AttributeKey | MagicHalf,
               width: int) -> None:
    """An Attribute Key (its Attribute and level) or a right Magic half."""
    theme = frame.theme
    tab = _tab(frame, key.at, left=False, width=width)
    magic = isinstance(key, MagicHalf)
    _tab_shape(surface, tab, theme, magic, left=False)
    font = frame.key_font
    text = _right_text(key)
    if font.size(text)[0] > tab.width - theme.px(6):
        text = pgettext("Magic icon", "M") if magic else text
    rendered = font.render(text, True, theme["ink"])
    clip = surface.get_clip()
    surface.set_clip(tab.clip(clip))
    surface.blit(rendered, rendered.get_rect(midright=(tab.right - theme.px(4), tab.centery)))
    surface.set_clip(clip)


def _tab_shape(surface: pygame.Surface, tab: pygame.Rect, theme: Theme, magic: bool,
               left: bool) -> None:
    """A half key: a rounded tab on the edge; a Magic half has a dashed double border."""
    radius = tab.height // 2
    corners = {"border_top_right_radius": radius, "border_bottom_right_radius": radius} if left \
        else {"border_top_left_radius": radius, "border_bottom_left_radius": radius}
    pygame.draw.rect(surface, theme["panel"], tab, **corners)
    pygame.draw.rect(surface, theme["accent"] if magic else theme["line"], tab,
                     max(1, theme.px(2 if magic else 1)), **corners)
    if magic:
        pygame.draw.rect(surface, theme["accent"], tab.inflate(-theme.px(6), -theme.px(6)), 1,
                         **corners)


def _abilities(surface: pygame.Surface, frame: Frame, marks: Marks) -> None:
    theme, body = frame.theme, frame.body
    if not marks.abilities or body.height < theme.px(10):
        return
    texts = _ability_texts(marks)
    if marks.covered:
        pygame.draw.rect(surface, theme["covered"], body, border_radius=theme.px(3))
        step = theme.px(9)
        clip = surface.get_clip()
        surface.set_clip(body.clip(clip))
        for x in range(body.left - body.height, body.right, step):
            pygame.draw.line(surface, theme["disabled"], (x, body.bottom), (x + body.height,
                                                                            body.top))
        surface.set_clip(clip)
    box = _text_box(body)
    font, lines = fitted("\n".join(texts), theme, 18, box)  # smaller type, never cut
    clip = surface.get_clip()
    surface.set_clip(body.clip(clip))
    y = body.y + 1
    ink = theme["faint"] if marks.covered else theme["ink"]
    for line in lines:
        draw_text(surface, line, (body.x + 2, y), font, ink)
        y += font.get_linesize()
    surface.set_clip(clip)


def _text_box(body: pygame.Rect) -> pygame.Rect:
    """Where the Abilities are written in a card's body."""
    return pygame.Rect(body.x + 2, body.y + 1, body.width - 4, body.height - 2)


def _ability_texts(marks: Marks) -> list[str]:
    """A card's Abilities in words, and that they are covered when they are."""
    return [_("(covered: not active)"), *marks.abilities] if marks.covered \
        else list(marks.abilities)


def _body_fits(frame: Frame, marks: Marks) -> bool:
    """Whether a card's Abilities fit its body at some size."""
    body = frame.body
    if not marks.abilities or body.height < frame.theme.px(10):
        return True
    return fits("\n".join(_ability_texts(marks)), frame.theme, 18, _text_box(body))


def _free_key(surface: pygame.Surface, frame: Frame, card: PlayerCard) -> None:
    """The free bottom key: its bonus on the left half [ANAT-5]; a plain right half."""
    theme, rect = frame.theme, frame.rect
    y = frame.free_y
    height = max(theme.px(12), frame.footer - theme.px(4))
    left = pygame.Rect(rect.left, y - height // 2, rect.width // 2 - theme.px(2), height)
    right = pygame.Rect(0, left.y, theme.px(26), height)
    right.right = rect.right
    for tab, side in ((left, True), (right, False)):
        _tab_shape(surface, tab, theme, False, side)
    font = frame.icon_font
    x = draw_text(surface, pgettext("free key", "free"),
                  (left.x + theme.px(4), y - font.get_height() // 2), font,
                  theme["faint"]).right + theme.px(3)
    clip = surface.get_clip()
    surface.set_clip(left.clip(clip))
    draw_icons(surface, card.free or [], (x, y), font, theme["ink"])
    surface.set_clip(clip)
