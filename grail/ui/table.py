"""The Encounter's table: the Sequence laid out left to right from the Encounter card, and
the hand shown below it (the rulebook's card anatomy, Combat and Diplomacy).

A :class:`Row` places cards in a strip: at their full width while they fit, narrower down
to a least width, and past that the row shows a window of them with a stub on each side
telling how many are hidden (the view scrolls it). Between two cards, at every position
where their halves meet, a joint says how they stand (:func:`.cards.draw_joint`); beside
each card of the hand, how it would meet the open edge if placed now.

Each function returns the lines it wrote, so that a test can read what the table says.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import pygame

from grail.engine.actions import PlayCard, SpendCharges
from grail.engine.game import Game
from grail.lang import _, ngettext
from grail.words.effects import ability_lines

from .cards import Frame, Marks, draw_card, draw_fitted, roomy
from .fight import Fight, InHand, Joint
from .icons import DIPLOMACY_SHAPES, LEGEND, draw_joint, draw_shape
from .theme import Theme
from .widgets import draw_text, fitted_or_shorter


@dataclass
class Row:
    """Cards placed in a strip: which are shown where, and how many are hidden."""

    rect: pygame.Rect
    count: int
    first: int
    gap: int
    below: int
    """Room under each card for its words."""
    cards: list[tuple[int, pygame.Rect]] = field(default_factory=list)
    stubs: tuple[pygame.Rect | None, pygame.Rect | None] = (None, None)
    ghost: pygame.Rect | None = None
    """Where the next card goes."""

    @property
    def hidden_left(self) -> int:
        return self.first

    @property
    def hidden_right(self) -> int:
        return self.count - self.first - len(self.cards)


def fit(area: pygame.Rect, count: int, theme: Theme, ghost: bool, first: int | None,
        below: int = 0) -> Row:
    """``count`` cards in ``area``: all of them, shrunk down to a least width, else a window
    starting at ``first`` (None: ending at the last card), with stubs for the hidden."""
    px = theme.px
    gap, ideal, least = px(22), px(170), px(104)
    ghost_width = px(80) if ghost else 0
    height = area.height - below
    room = area.width - ghost_width
    row = Row(rect=area, count=count, first=0, gap=gap, below=below)
    if count and min(ideal, room // count - gap) >= least:
        size, shown, x = min(ideal, room // count - gap), count, area.x
    elif count:
        stub = px(30) + gap
        shown = max(1, (room - 2 * stub) // (least + gap))
        size = max(least // 2, (room - 2 * stub) // shown - gap)
        row.first = count - shown if first is None else max(0, min(first, count - shown))
        x = area.x + stub
    else:
        size, shown, x = ideal, 0, area.x
    for offset in range(shown):
        row.cards.append((row.first + offset, pygame.Rect(x, area.y, size, height)))
        x += size + gap
    stub_width = px(30)
    left = pygame.Rect(area.x, area.y, stub_width, height) if row.hidden_left else None
    right = pygame.Rect(area.right - stub_width, area.y, stub_width, height) \
        if row.hidden_right else None
    row.stubs = (left, right)
    if ghost and not row.hidden_right:
        row.ghost = pygame.Rect(x, area.y, ghost_width - px(4), height)
    return row


def _stubs(surface: pygame.Surface, row: Row, theme: Theme) -> None:
    """How many cards are hidden on each side: a count and an arrow."""
    for rect, count, way in ((row.stubs[0], row.hidden_left, -1),
                             (row.stubs[1], row.hidden_right, 1)):
        if rect is None:
            continue
        pygame.draw.rect(surface, theme["panel"], rect, border_radius=theme.px(4))
        pygame.draw.rect(surface, theme["line"], rect, 1, border_radius=theme.px(4))
        cx, cy, size = rect.centerx, rect.centery, theme.px(8)
        pygame.draw.polygon(surface, theme["ink"], [(cx + way * size, cy - size - theme.px(8)),
                                                    (cx - way * size, cy - theme.px(8)),
                                                    (cx + way * size, cy + size - theme.px(8))])
        font = theme.font(20, bold=True)
        label = font.render(f"+{count}", True, theme["ink"])
        surface.blit(label, label.get_rect(midtop=(cx, cy + theme.px(6))))


def _joints(surface: pygame.Surface, joints: tuple[Joint, ...], x: int, frame: Frame) -> str:
    """The joints at the left of a card, and in words."""
    for joint in joints:
        draw_joint(surface, (x, frame.key_y(joint.at)), joint.link, frame.theme)
    return ", ".join(f"{'free' if joint.kind == 'free' else f'{joint.kind} {joint.at}'} "
                     f"{joint.link}" for joint in joints)


def _tag(surface: pygame.Surface, text: str, at: tuple[int, int], theme: Theme) -> None:
    """A small label over a card's top edge."""
    font = theme.font(18, bold=True)
    rendered = font.render(text, True, theme["accent_ink"])
    box = rendered.get_rect(bottomleft=(at[0] + theme.px(4), at[1] - theme.px(4)))
    pygame.draw.rect(surface, theme["accent"], box.inflate(theme.px(8), theme.px(2)),
                     border_radius=theme.px(4))
    surface.blit(rendered, box)


def draw_sequence(surface: pygame.Surface, row: Row, legend: pygame.Rect | None, fight: Fight,
                  game: Game, theme: Theme, hinted: Any,
                  rising: Mapping[int, float] | None = None) -> list[str]:
    """The Sequence from the Encounter card rightwards: each card with its keys, Time
    tokens, Charges, Magic paid and covered Abilities, and its joints with the card before;
    a card just placed rises into its place (``rising``: how far it still has to go, from 1
    to 0, by its serial)."""
    said = []
    names = {hero: (spec.name, spec.colour) for hero, spec in game.campaign.hero.items()}
    tight = sequence_tight(row, fight, game, theme)
    for index, rect in row.cards:
        placed = fight.sequence[index]
        rect = rect.move(0, round((rising or {}).get(placed.serial, 0.0) * theme.px(80)))
        frame = Frame(rect, fight.rows, theme, tight)
        name, colour = names.get(placed.owner, (placed.owner, "grey"))
        draw_card(surface, frame, placed.card, Marks(
            owner=name, owner_colour=colour, tokens=placed.tokens, charges=placed.charges,
            paid=placed.magic, covered=placed.covered,
            abilities=tuple(ability_lines(game.campaign, game.state, placed.card))))
        joints = _joints(surface, placed.joints, rect.left - row.gap // 2, frame)
        if isinstance(hinted, SpendCharges) and hinted.serial == placed.serial:
            pygame.draw.rect(surface, theme["highlight"], rect.inflate(4, 4), theme.px(4),
                             border_radius=theme.px(6))
            _tag(surface, _("HINT: spend its Charges"), rect.topleft, theme)
        said.append(f"{index + 1}. {placed.card.name} ({name}): {joints}"
                    + (f"; {placed.tokens} Time" if placed.tokens else "")
                    + (f"; {placed.charges} Charges" if placed.charges else "")
                    + ("; Ability covered" if placed.covered and placed.card.abilities else ""))
    _stubs(surface, row, theme)
    if row.ghost is not None:
        _ghost(surface, row.ghost, theme, bool(fight.sequence))
    if not fight.sequence:
        said.append("Sequence: no card yet; the first card meets the Encounter card.")
    if legend is not None:
        _legend(surface, legend, theme, fight.combat)
    return said


def sequence_tight(row: Row, fight: Fight, game: Game, theme: Theme) -> bool:
    """Whether the Sequence's cards take tight frames (:func:`.cards.roomy`), as the
    Encounter card's keys beside them do."""
    return roomy([(rect, Marks(covered=fight.sequence[index].covered, abilities=tuple(
        ability_lines(game.campaign, game.state, fight.sequence[index].card))))
        for index, rect in row.cards], fight.rows, theme)


def _ghost(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, grown: bool) -> None:
    """Where the next card goes (the first: beside the Encounter card): a dashed outline."""
    step = theme.px(8)
    for x in range(rect.left, rect.right, step * 2):
        for y in (rect.top, rect.bottom - 1):
            pygame.draw.line(surface, theme["line"], (x, y), (min(x + step, rect.right), y))
    for y in range(rect.top, rect.bottom, step * 2):
        for x in (rect.left, rect.right - 1):
            pygame.draw.line(surface, theme["line"], (x, y), (x, min(y + step, rect.bottom)))
    font = theme.font(19)
    y = rect.centery - font.get_linesize()
    for word in (_("next\ncard") if grown else _("first\ncard")).split("\n"):
        label = font.render(word, True, theme["faint"])
        surface.blit(label, label.get_rect(midtop=(rect.centerx, y)))
        y += font.get_linesize()


def _legend(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, combat: bool) -> None:
    """What the shapes mean (in Combat, without the Diplomacy ones)."""
    font = theme.font(18)
    x, cy = rect.x, rect.centery
    size = font.get_height()
    for shape, meaning in LEGEND:
        if combat and shape in DIPLOMACY_SHAPES:
            continue
        meaning = _(meaning)
        if x + size + theme.px(10) + font.size(meaning)[0] > rect.right:
            break
        box = pygame.Rect(x, cy - size // 2, size, size)
        if shape in ("check", "cross", "magic"):
            link = {"check": "connected", "cross": "unconnected", "magic": "payable"}[shape]
            draw_joint(surface, box.center, link, theme)
            box = box.inflate(theme.px(6), 0)
        else:
            draw_shape(surface, shape, box, theme["ink"], font)
        label = draw_text(surface, meaning, (box.right + theme.px(4), cy - size // 2), font,
                          theme["faint"])
        x = label.right + theme.px(14)


def draw_hand(surface: pygame.Surface, title: pygame.Rect, row: Row, fight: Fight, game: Game,
              theme: Theme, hinted: Any, keys: Mapping[Any, str],
              mouse: tuple[int, int]) -> list[str]:
    """The hand shown: each card with how it would meet the open edge, whether it can be
    played (or must be discarded) now and with which key, and what it would yield."""
    members = {member.hero: member for member in fight.members}
    shown = members.get(fight.shown or "")
    name = shown.name if shown else (fight.shown or _("nobody"))
    encounter = fight.encounter
    playing = encounter.step == "play" and encounter.active == fight.shown
    count = len(fight.hand)
    if fight.discarding:
        text = ngettext("Hand of {name}, {count} card - click a card to discard it",
                        "Hand of {name}, {count} cards - click a card to discard it", count)
    elif playing:
        text = ngettext("Hand of {name}, {count} card - click a highlighted card to play it",
                        "Hand of {name}, {count} cards - click a highlighted card to play it",
                        count)
    elif encounter.active is None and len(fight.members) > 1:
        text = ngettext("Hand of {name}, {count} card - click a member on the right to see "
                        "their hand", "Hand of {name}, {count} cards - click a member on the "
                        "right to see their hand", count)
    else:
        text = ngettext("Hand of {name}, {count} card", "Hand of {name}, {count} cards", count)
    text = text.format(name=name, count=count)
    if encounter.step == "equipment":
        text = _("The hands are drawn once the Items are confirmed (Ready).")
    draw_fitted(surface, text, title.topleft, title.width, theme, 20, theme["ink"], bold=True)
    said = [text]
    tight = roomy([(rect, Marks(abilities=tuple(ability_lines(game.campaign, game.state,
                                                               fight.hand[index].card))))
                   for index, rect in row.cards], fight.rows, theme)
    for index, rect in row.cards:
        held = fight.hand[index]
        said.append(_hand_card(surface, Frame(rect, fight.rows, theme, tight), row, held, fight,
                               game, theme, hinted, keys, playing, rect.collidepoint(mouse)))
    _stubs(surface, row, theme)
    return said


def _hand_card(surface: pygame.Surface, frame: Frame, row: Row, held: InHand, fight: Fight,
               game: Game, theme: Theme, hinted: Any, keys: Mapping[Any, str], playing: bool,
               hovered: bool) -> str:
    """One card of the hand on its frame, its marks and words; the words."""
    px = theme.px
    rect = frame.rect
    draw_card(surface, frame, held.card, Marks(
        abilities=tuple(ability_lines(game.campaign, game.state, held.card))))
    joints = _joints(surface, held.joints, rect.left - row.gap // 2, frame)
    numbers = [keys[action] for action in (*held.plays, held.discard) if action in keys]
    keyed = ", ".join(numbers)
    if held.discard is not None:
        state = (_("Discard: click (or key {keys})") if numbers else _("Discard: click")).format(
            keys=keyed)
        ink, border = theme["bad"], theme["bad"]
    elif held.plays:
        state = (_("Play: click (or key {keys})") if numbers else _("Play: click")).format(
            keys=keyed)
        ink, border = theme["good"], theme["highlight"]
    elif playing:
        state, ink, border = _("Cannot be played now"), theme["faint"], None
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((*theme["background"], 150))
        surface.blit(shade, rect.topleft)
    else:
        state, ink, border = "", theme["faint"], None
    if border is not None:
        pygame.draw.rect(surface, theme["accent"] if hovered else border, rect.inflate(6, 6),
                         px(4), border_radius=px(7))
    is_hint = isinstance(hinted, PlayCard) and hinted.card == held.card.id
    if is_hint:
        pygame.draw.rect(surface, theme["accent"], rect.inflate(12, 12), px(2),
                         border_radius=px(9))
    tags = ([_("PANIC: top card")] if held.forced else []) + \
        ([_("HINT: play first")] if is_hint else [])
    if tags:
        _tag(surface, " - ".join(tags), rect.topleft, theme)
    below = pygame.Rect(rect.x, rect.bottom + px(4), rect.width + row.gap - px(4),
                        row.below - px(4))
    clip = surface.get_clip()
    surface.set_clip(below.clip(clip))
    y = below.y
    if state:
        y = draw_fitted(surface, state, (below.x, y), rect.width, theme, 18, ink,
                        bold=True).bottom
    if held.yields:  # in the room left under the card, smaller type if need be, never cut
        font, lines = fitted_or_shorter("; ".join(held.yields), theme, 17,
                                        pygame.Rect(below.x, y, below.width, below.bottom - y))
        for line in lines:
            y = draw_text(surface, line, (below.x, y), font, theme["ink"]).bottom
    surface.set_clip(clip)
    return f"{held.card.name}: {state or 'in hand'}; yields {' / '.join(held.yields)}; " \
        f"meets {joints}" + (f"; {held.why}" if held.why else "") + ("; HINT" if is_hint else "")
