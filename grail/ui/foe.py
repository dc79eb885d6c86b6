"""Drawing the Encounter card (the rulebook's card anatomy, Combat and
Diplomacy): its name, deck and corner mark,
its Attribute Keys on the right edge where the first card meets them [ANAT-11], and

- Combat: the pool as a counter out of the value, the traits in words, the Combat table
  with the row of the current pool marked, the Opportunity attack [COMBAT-11], [COMBAT-13];
- Diplomacy: the Stages (won, now, to come), the Affinity track with the marker, its red,
  grey and green spaces also told by their sign and the ends by words, the Stage's bonus
  per Attribute and its Response [DIPLO-3], [DIPLO-5], [DIPLO-11].

Each function returns the lines it wrote, so that a test can read what the card says.
"""

from __future__ import annotations

from typing import Any

import pygame

from grail.content.cards import AttributeKey
from grail.content.encounters import CombatEncounter, DiplomacyEncounter
from grail.engine.encounters.play import stages
from grail.engine.game import Game
from grail.lang import _
from grail.words.effects import effects_words
from grail.words.encounter import TRAIT_NAMES, TRAITS
from grail.words.names import resource_words

from .cards import Frame, short
from .icons import draw_icons
from .theme import DECK_MARKS, Colour, Theme
from .widgets import draw_text, overflow, wrap

DECK_COLOURS: dict[str, Colour] = {"grey": (128, 128, 128), "green": (60, 140, 70),
                                   "purple": (128, 72, 156), "blue": (52, 100, 180)}
"""The Encounter decks' colours, always shown with their corner mark and name."""


class Flow:
    """Text written down a column, wrapped and clipped to its rectangle; lines beside the
    card's keys wrap short of them, the others take the whole width."""

    def __init__(self, surface: pygame.Surface, rect: pygame.Rect, theme: Theme,
                 aside: tuple[int, int, int] = (0, 0, 0), smaller: int = 0) -> None:
        self.surface, self.rect, self.theme = surface, rect, theme
        self.aside = aside
        """(width, top, bottom): lines reaching between ``top`` and ``bottom`` leave
        ``width`` free on the right (for the card's keys)."""
        self.smaller = smaller
        """Points taken off every size asked, to fit a long card in a small window."""
        self.y = rect.y
        self.said: list[str] = []

    @property
    def overflowed(self) -> bool:
        return self.y > self.rect.bottom

    @property
    def width(self) -> int:
        """The width free at the current line."""
        return self.width_at(self.y, self.theme.px(20))

    def width_at(self, y: int, height: int) -> int:
        """The width free for a line from ``y``, ``height`` high."""
        width, top, bottom = self.aside
        return self.rect.width - (width if y < bottom and y + height > top else 0)

    def lines(self, text: str, font: pygame.font.Font, indent: int = 0) -> list[str]:
        """``text`` wrapped from the current line down, each line as wide as is free where
        it falls."""
        step, y = font.get_linesize(), self.y
        room = self.theme.px(4) + indent
        lines = wrap(text, font, self.width_at(y, step) - room)
        if len({self.width_at(y + step * index, step) for index in range(len(lines))}) == 1:
            return lines  # the whole text beside the keys, or clear of them
        lines = []
        for paragraph in text.split("\n"):
            words = paragraph.split()
            if not words:
                lines.append("")
            while words:
                line = wrap(" ".join(words), font, self.width_at(y + step * len(lines), step)
                            - room)[0]
                lines.append(line)
                words = words[len(line.split()):]
        return lines

    def write(self, text: str, size: int = 20, bold: bool = False, colour: Colour | None = None,
              indent: int = 0, fill: Colour | None = None) -> pygame.Rect:
        """Wrapped lines; ``fill`` paints behind them. Their rectangle."""
        font = self.theme.font(size - self.smaller, bold)
        lines = self.lines(text, font, indent)
        box = pygame.Rect(self.rect.x, self.y, self.width, len(lines) * font.get_linesize())
        self.said.append(text)
        clip = self.surface.get_clip()
        self.surface.set_clip(self.rect.clip(clip))
        if fill is not None:
            pygame.draw.rect(self.surface, fill, box.inflate(0, self.theme.px(2)),
                             border_radius=self.theme.px(3))
        for line in lines:
            draw_text(self.surface, line, (self.rect.x + indent, self.y), font,
                      colour or self.theme["ink"])
            self.y += font.get_linesize()
        self.surface.set_clip(clip)
        return box

    @property
    def tight(self) -> bool:
        """Whether the flow is in its smallest type, with less room between its parts."""
        return self.smaller >= 8

    def gap(self, size: int = 4) -> None:
        """Room between two parts."""
        self.y += self.theme.px(size / 2 if self.tight else size)



def told(game: Game, effects: Any) -> str:
    """Effects in words, with names for the ids in them (a Status's name, not its id)."""
    return effects_words(game.campaign, game.state, effects)

def deck_line(deck: str, level: int) -> str:
    """An Encounter card's deck, level and corner mark [COMP-8], in words: "Green deck,
    level 2 (bottom right mark)"."""
    name = {"grey": _("Grey deck"), "green": _("Green deck"), "purple": _("Purple deck"),
            "blue": _("Blue deck")}.get(deck, deck)
    mark = {"bottom-left": _("bottom left mark"), "bottom-right": _("bottom right mark"),
            "top-right": _("top right mark"), "top-left": _("top left mark")}.get(
        DECK_MARKS.get(deck, ""), "")
    return _("{deck}, level {level} ({mark})").format(deck=name, level=level, mark=mark)


def draw_foe(surface: pygame.Surface, rect: pygame.Rect, keys: Frame, game: Game) -> list[str]:
    """The Encounter card in ``rect``; its right-edge keys at the rows of ``keys``."""
    theme = keys.theme
    px = theme.px
    encounter = game.state.encounter
    assert encounter is not None
    card = game.campaign.encounter[encounter.id]
    corner = DECK_MARKS.get(card.deck, "")
    below = px(30) if corner.startswith("bottom") else px(16)  # clear of a mark down there
    for smaller in (0, 2, 4, 6, 8, 10):  # a long card in a small window: smaller type, never cut
        pygame.draw.rect(surface, theme["card"], rect, border_radius=px(8))
        pygame.draw.rect(surface, theme["line"], rect, max(1, px(2)), border_radius=px(8))
        _corner(surface, rect, card.deck, theme)
        tabs = px(64)
        for key in card.right:
            if isinstance(key, AttributeKey):
                _edge_key(surface, rect, keys, key.at, tabs, key)
        edge = max((keys.key_y(key.at) + keys.row // 2 for key in card.right), default=rect.y)
        top = min((keys.key_y(key.at) - keys.row // 2 for key in card.right), default=rect.y)
        flow = Flow(surface, pygame.Rect(rect.x + px(10), rect.y + px(8), rect.width - px(16),
                                         rect.height - below), theme, aside=(tabs, top, edge),
                    smaller=smaller)
        marked = px(16) if corner.startswith("top-left") else 0
        flow.write(card.name, 24, bold=True, indent=marked)
        flow.write(deck_line(card.deck, card.level), 18, colour=theme["faint"])
        flow.gap()
        if isinstance(card, CombatEncounter):
            _combat(flow, card, game)
        else:
            assert isinstance(card, DiplomacyEncounter)
            _diplomacy(flow, card, game)
        if not flow.overflowed:
            break
    else:
        overflow(card.name, f"the Encounter card {rect}")
    return flow.said


def _corner(surface: pygame.Surface, rect: pygame.Rect, deck: str, theme: Theme) -> None:
    """The deck's colour-blind corner mark [COMP-8]: a triangle in its corner."""
    size = theme.px(22)
    corner = DECK_MARKS.get(deck, "bottom-left")
    x = rect.left + 2 if "left" in corner else rect.right - 3
    y = rect.top + 2 if "top" in corner else rect.bottom - 3
    dx = size if "left" in corner else -size
    dy = size if "top" in corner else -size
    pygame.draw.polygon(surface, DECK_COLOURS.get(deck, theme["faint"]),
                        [(x, y), (x + dx, y), (x, y + dy)])


def _edge_key(surface: pygame.Surface, rect: pygame.Rect, keys: Frame, at: int, width: int,
              key: AttributeKey) -> None:
    theme, y = keys.theme, keys.key_y(at)
    height = max(theme.px(12), keys.row - theme.px(4))
    tab = pygame.Rect(rect.right - width, y - height // 2, width, height)
    radius = height // 2
    pygame.draw.rect(surface, theme["panel"], tab, border_top_left_radius=radius,
                     border_bottom_left_radius=radius)
    pygame.draw.rect(surface, theme["line"], tab, 1, border_top_left_radius=radius,
                     border_bottom_left_radius=radius)
    font = keys.key_font
    rendered = font.render(f"{short(key.attribute)} {key.level}", True, theme["ink"])
    surface.blit(rendered, rendered.get_rect(midright=(tab.right - theme.px(4), tab.centery)))


def _combat(flow: Flow, card: CombatEncounter, game: Game) -> None:
    """The pool counter, traits, Combat table and Opportunity attack."""
    theme, state = flow.theme, game.state
    encounter = state.encounter
    assert encounter is not None
    flow.write(_("Pool {pool} of {value}").format(pool=encounter.pool, value=card.value), 25,
               bold=True)
    _pips(flow, encounter.pool, card.value)
    for trait in card.traits:
        flow.write(_("{trait}: {does}").format(trait=TRAIT_NAMES[trait], does=TRAITS[trait]), 18)
    flow.gap()
    flow.write(_("Combat table (enemy attack by pool):"), 18, bold=True, colour=theme["faint"])
    for row in card.attack:
        low, high = row.pool
        low = low or 0
        now = low <= encounter.pool and (high is None or encounter.pool <= high)
        span = f"{low}+" if high is None else str(low) if low == high else f"{low}-{high}"
        text = (_("{pool}: {effects}  (now)") if now else _("{pool}: {effects}")).format(
            pool=span, effects=told(game, row.effects))
        indent = flow.theme.px(16)
        box = flow.write(text, 19, bold=now, indent=indent,
                         fill=theme["highlight"] if now else None,
                         colour=theme["accent_ink"] if now and theme.palette == "contrast"
                         else None)
        if now and box.bottom <= flow.rect.bottom:
            size = theme.px(10)
            pygame.draw.polygon(flow.surface, theme["ink"], [
                (box.x + 2, box.y + 3), (box.x + 2 + size, box.y + 3 + size // 2),
                (box.x + 2, box.y + 3 + size)])
    flow.gap()
    flow.write(_("Opportunity attack: {effects}").format(effects=told(game, card.opportunity)),
               19)
    _reward(flow, card, game)


def _pips(flow: Flow, pool: int, value: int) -> None:
    """The pool as markers out of the value: filled discs and empty rings."""
    theme = flow.theme
    radius = max(theme.px(3), min(theme.px(7), flow.width // max(1, value) // 2 - 2))
    x, y = flow.rect.x + radius, flow.y + radius + theme.px(2)
    for index in range(max(value, pool)):
        centre = (x + index * (2 * radius + 3), y)
        if centre[0] > flow.rect.right:
            break
        if index < pool:
            pygame.draw.circle(flow.surface, theme["accent"], centre, radius)
        else:
            pygame.draw.circle(flow.surface, theme["line"], centre, radius, 1)
    flow.y = y + radius + theme.px(4)


def _reward(flow: Flow, card: CombatEncounter | DiplomacyEncounter, game: Game) -> None:
    parts = [_("Reward: {effects}").format(effects=told(game, card.reward))] if card.reward \
        else []
    if isinstance(card, CombatEncounter) and card.loot:
        parts.append(_("Loot: {effects}").format(effects=told(game, card.loot)))
    if parts:
        flow.gap()
        flow.write("; ".join(parts), 18, colour=flow.theme["faint"])


def _diplomacy(flow: Flow, card: DiplomacyEncounter, game: Game) -> None:
    """The Stages, the Affinity track, the Stage's bonus per Attribute, the Response."""
    theme, state = flow.theme, game.state
    encounter = state.encounter
    assert encounter is not None
    choosing = card.approaches is not None and encounter.approach is None
    for number, approach in enumerate((card.approaches or []) if choosing else []):
        names = approach.stages[0].name if approach.stages else ""
        for stage in approach.stages[1:]:
            names = _("{stages}, then {stage}").format(stages=names, stage=stage.name)
        flow.write(_("Approach {number}: {name}. Stages: {stages}").format(
            number=number + 1, name=approach.name, stages=names), 18)
        if approach.text:
            flow.write(approach.text, 17, colour=theme["faint"], indent=theme.px(8))
    played = [] if choosing else stages(card, encounter)
    if card.approaches is not None and encounter.approach is not None:
        flow.write(_("Approach: {name}").format(name=card.approaches[encounter.approach].name),
                   18)
    for number, stage in enumerate(played):
        when = _("Stage {number} of {count}: {name} (won)") if number < encounter.stage else \
            _("Stage {number} of {count}: {name} (now)") if number == encounter.stage else \
            _("Stage {number} of {count}: {name} (to come)")
        flow.write(when.format(number=number + 1, count=len(played), name=stage.name), 19,
                   bold=number == encounter.stage,
                   colour=theme["ink"] if number == encounter.stage else theme["faint"])
    flow.gap()
    flow.write(_("Affinity {affinity}").format(
        affinity=f"{encounter.affinity:+d}" if encounter.affinity else "0"), 25, bold=True)
    _track(flow, card, encounter.affinity)
    if choosing:
        flow.write(_("Failure: {effects}").format(effects=told(game, card.failure)), 18,
                   colour=theme["faint"])
        return
    stage = played[encounter.stage]
    if stage.text:
        flow.write(stage.text, 18)
    flow.write(_("Bonus per Attribute in this Stage:"), 18, bold=True, colour=theme["faint"])
    font = theme.font(19 - flow.smaller)
    clip = flow.surface.get_clip()
    flow.surface.set_clip(flow.rect.clip(clip))  # as every line of the flow: never below it
    for name, icons in stage.bonus.model_dump(exclude_none=True).items():
        y = flow.y + font.get_linesize() // 2
        x = draw_text(flow.surface, _("{attribute}:").format(attribute=resource_words(name)),
                      (flow.rect.x + theme.px(12),
                                                              flow.y), font, theme["ink"]).right
        draw_icons(flow.surface, icons, (x + theme.px(6), y), font, theme["ink"])
        flow.said.append(f"{name.capitalize()}: {' '.join(icons)}")
        flow.y += font.get_linesize()
    flow.surface.set_clip(clip)
    flow.gap()
    flow.write(_("Response: {effects}").format(effects=told(game, stage.response)), 19)
    flow.write(_("Failure: {effects}").format(effects=told(game, card.failure)), 18,
               colour=theme["faint"])
    _reward(flow, card, game)


def _track(flow: Flow, card: DiplomacyEncounter, affinity: int) -> None:
    """The Affinity track left (the bottom, Failure) to right (the top): each space with its
    sign, red below grey, green above; the marker a ring and a pointer over its space."""
    theme = flow.theme
    spaces = list(range(-card.affinity.red, card.affinity.green + 1))
    flow.said.append(f"Affinity track {spaces[0]} to {spaces[-1]}, marker on {affinity}")
    if flow.rect.bottom - flow.y < theme.px(56):
        return
    size = min(theme.px(20 if flow.tight else 28), (flow.width - theme.px(4)) // len(spaces))
    font = theme.font(14 if flow.tight else 18, bold=True)
    top = flow.y + theme.px(12)
    for index, space in enumerate(spaces):
        box = pygame.Rect(flow.rect.x + index * size, top, size - 2, size - 2)
        fill = theme["bad"] if space < 0 else theme["good"] if space > 0 else theme["disabled"]
        pygame.draw.rect(flow.surface, fill, box, border_radius=theme.px(3))
        label = f"{space:+d}" if space else "0"
        ink = (255, 255, 255) if space else theme["ink"]
        rendered = font.render(label, True, ink)
        flow.surface.blit(rendered, rendered.get_rect(center=box.center))
        if space == affinity:
            pygame.draw.rect(flow.surface, theme["ink"], box.inflate(theme.px(4), theme.px(4)),
                             max(2, theme.px(3)), border_radius=theme.px(4))
            tip = (box.centerx, box.top - theme.px(3))
            pygame.draw.polygon(flow.surface, theme["ink"], [
                tip, (tip[0] - theme.px(6), tip[1] - theme.px(8)),
                (tip[0] + theme.px(6), tip[1] - theme.px(8))])
    small = theme.font(17 - flow.smaller)
    below = top + size + theme.px(2)
    clip = flow.surface.get_clip()
    flow.surface.set_clip(flow.rect.clip(clip))  # as every line of the flow: never below it
    bottom_end = draw_text(flow.surface, _("bottom: Failure"), (flow.rect.x, below), small,
                           theme["faint"]).right
    top_label = _("top: won")
    width = small.size(top_label)[0]
    right = flow.rect.x + max(len(spaces) * size, width)
    if right - width < bottom_end + theme.px(8):  # no room beside the other: under it
        below += small.get_linesize()
    draw_text(flow.surface, top_label, (right - width, below), small, theme["faint"])
    flow.surface.set_clip(clip)
    flow.y = below + small.get_linesize() + theme.px(4)
