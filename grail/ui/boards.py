"""The day panel beside the map: the Day and its Event, each hero's board, the Quests, the
Game Sheet, the task log and the dials in play.

A hero's board shows its meters as the printed tracks: Energy with its red (Exhausted)
spaces and the spaces above the Health bar shut off, Health, Terror with its red (Going
Mad) spaces; then Attributes with their Skills, resources, Items and Secrets face up (in
use) or down. What a board says of the hero (Exhausted, Panic...) is asked of the engine.
Nothing is told by colour alone: heroes carry a letter, red spaces a stripe, the acting
hero's board a "deciding" ribbon.

The panel is painted in parts (its head, each board, the tracks' key, the Game Sheet), each
again only when what it shows changed (:class:`DayPanel`), and scrolled with the wheel; a
frame only blits the parts in view.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache

import pygame

from grail.content.base import ATTRIBUTES
from grail.engine.conditions import in_state
from grail.engine.game import Game
from grail.engine.items import card_name, in_use
from grail.engine.state import HeroState
from grail.engine.survival import health_bar
from grail.engine.upgrades import attribute
from grail.lang import N_, _
from grail.words.dying import dying_text
from grail.words.names import (
    dial_words,
    hero_name,
    mode_name,
    resource_words,
    skill_name,
    task_name,
)
from grail.words.summary import STAGE_TITLES

from .budget import Budget, allows, spend
from .icons import RESOURCES, draw_resource
from .theme import HERO_COLOURS, Colour, Theme, rendered
from .widgets import around, draw_text, wrap

FLAGS = (("dying", N_("Dying"), "bad"), ("going_mad", N_("Going Mad"), "bad"),
         ("panic", N_("Panic: Terror above the Health bar"), "bad"),
         ("exhausted", N_("Exhausted"), "warn"))
"""What the engine may say of a hero, as the board's chips: state name, words (marked for
the catalog: read through ``_``), colour."""


def hero_marks(game: Game) -> dict[str, tuple[Colour, str]]:
    """Each hero's colour and letter: the first letter of the name, followed by the
    character number when heroes share it, so that no two tokens look alike without colour."""
    firsts = [game.campaign.hero[hero.id].name[0].upper() for hero in game.state.heroes]
    marks = {}
    for hero in game.state.heroes:
        made = game.campaign.hero[hero.id]
        letter = made.name[0].upper()
        if firsts.count(letter) > 1:
            letter += str(made.number)
        marks[hero.id] = (HERO_COLOURS.get(made.colour, (90, 90, 90)), letter)
    return marks


def draw_token(surface: pygame.Surface, centre: tuple[int, int], radius: int, colour: Colour,
               letter: str, theme: Theme, font_size: int) -> pygame.Rect:
    """A hero token: a disc in the hero's colour with its letter, ringed in ink."""
    pygame.draw.circle(surface, colour, centre, radius)
    pygame.draw.circle(surface, theme["ink"], centre, radius, max(1, radius // 6))
    image = rendered(letter, _font(font_size, True), (255, 255, 255))
    surface.blit(image, image.get_rect(center=(centre[0], centre[1] + 1)))
    return pygame.Rect(centre[0] - radius, centre[1] - radius, 2 * radius, 2 * radius)


def _font(size: int, bold: bool = False) -> pygame.font.Font:
    """grail's font at ``size`` (a Theme at scale 1)."""
    return Theme(scale=1.0).font(max(6, size), bold)



SLIDE_MS = 450
"""How long a meter's marker takes to slide to its new space."""


@dataclass(frozen=True)
class Spaces:
    """A meter track on the panel: its first space's left, its top, a space's width and
    height, and the marker's space."""

    left: int
    y: int
    cell: int
    height: int
    value: int


@dataclass(frozen=True)
class Painted:
    """A part of the panel as painted (its head, a hero's board, the tracks' key, the Game
    Sheet): what it shows, its pixels the panel's width, its meter tracks and, for a board,
    the board's rectangle, both counted from the part's top."""

    name: tuple[str, str]
    """``("head", "")``, ``("board", hero)``, ``("key", "")`` or ``("sheet", "")``."""
    look: tuple[object, ...]
    image: pygame.Surface
    spaces: dict[tuple[str, str], Spaces]
    board: pygame.Rect | None = None
    name_at: tuple[int, int] | None = None
    """For a board, where its hero's name ends, on the middle of its line: the "DECIDING"
    chip follows it when the hero decides (:meth:`DayPanel.draw`)."""


@dataclass
class DayPanel:
    """The side panel of the map scene, scrolled by ``offset`` pixels."""

    offset: int = 0
    boards: dict[str, pygame.Rect] = field(default_factory=dict)
    """Each hero's board on the whole panel (before scrolling)."""
    _key: tuple[object, ...] = ()
    _parts: list[tuple[int, Painted]] = field(default_factory=list)
    """The panel's parts from top to bottom, each with its top: a part is painted again
    only when what it shows changed (an action changes one or two heroes' boards), and a
    frame blits those in view."""
    _height: int = 0
    _scratch: Scratch | None = None
    _shown: str | None = None
    _spaces: dict[tuple[str, str], Spaces] = field(default_factory=dict)
    settled: bool = True
    """The parts show the game as last drawn (none left for the next frames)."""
    sliding: dict[tuple[str, str], tuple[int, int, int]] = field(default_factory=dict)
    """Each meter's marker on its way from the old space to the new: (old, new, start in
    milliseconds)."""
    _on_screen: tuple[object, ...] = ()
    """What the last frame showed: the surface, the rectangle, the scroll and the panel's
    height, the hero deciding, the parts in view and where, and whether a marker slid."""

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, game: Game, revision: int,
             theme: Theme, acting: str | None, motion: bool = True,
             budget: Budget | None = None, shown: bool = False) -> None:
        """Blit the panel's parts in view (painted again only when what they show changed,
        as ``budget`` allows: :class:`Painter`), the rest of ``rect`` filled, and mark the acting
        hero's board, scrolled so that it shows when the acting hero changes; a meter that
        changed slides its marker to the new space, unless ``motion`` is off. Nothing is
        drawn when ``surface`` still ``shown`` the last frame's panel (:meth:`.app.App.shows`)
        and it would show the same."""
        key = (revision, id(game), theme, rect.width)
        if key != self._key or not self._parts or not self.settled:
            painter = Painter(game, theme, rect.width,
                              {part.name: part for _top, part in self._parts}, self._scratch,
                              budget)
            self.lay_out(painter, motion)
            self._key, self.settled = key, not painter.behind
        if acting != self._shown:
            self._shown = acting
            self.reveal(acting, rect.height)
        self.offset = max(0, min(self.offset, self._height - rect.height))
        seen = [(top, part) for top, part in self._parts
                if top + part.image.get_height() > self.offset and top < self.offset + rect.height]
        sliding = self._sliding(pygame.time.get_ticks())
        now = (id(surface), tuple(rect), self.offset, self._height, acting, theme, seen,
               bool(sliding))
        if shown and not sliding and now == self._on_screen:
            return
        self._on_screen = now
        clip = surface.get_clip()
        surface.set_clip(rect)
        within = pygame.Rect(rect.x, rect.y - self.offset, rect.width, self._height).clip(rect)
        for strip in around(rect, within):
            surface.fill(theme["panel"], strip)
        for top, part in seen:
            surface.blit(part.image, (rect.x, rect.y - self.offset + top))
            if part.name == ("board", acting):
                deciding(surface, part, (rect.x, rect.y - self.offset + top), theme)
        self._draw_sliding(surface, (rect.x, rect.y - self.offset), theme, sliding)
        self._scrollbar(surface, rect, theme)
        surface.set_clip(clip)

    def lay_out(self, painter: Painter, motion: bool) -> None:
        """Take the painter's parts, one under the other, and where their boards and
        tracks fall on the whole panel."""
        self._parts, self.boards, spaces, top = [], {}, {}, 0
        for part in painter.paint():
            self._parts.append((top, part))
            if part.board is not None:
                self.boards[part.name[1]] = part.board.move(0, top)
            spaces.update({meter: replace(at, y=at.y + top) for meter, at in part.spaces.items()})
            top += part.image.get_height()
        self._height = top
        self._scratch = painter.scratch
        self.slide(spaces, motion)

    def slide(self, spaces: dict[tuple[str, str], Spaces], motion: bool) -> None:
        """Start a marker's slide for each meter whose value changed since the last paint."""
        now = pygame.time.get_ticks()
        for meter, now_at in spaces.items():
            before = self._spaces.get(meter)
            if motion and before is not None and before.value != now_at.value:
                self.sliding[meter] = (before.value, now_at.value, now)
        self._spaces = spaces

    def _sliding(self, now: int) -> dict[tuple[str, str], float]:
        """The markers sliding now, each with how far it has come (eased), the slides that
        ended dropped."""
        found = {}
        for meter, (_old, _new, start) in list(self.sliding.items()):
            done = (now - start) / SLIDE_MS
            if done >= 1 or meter not in self._spaces:
                del self.sliding[meter]
                continue
            found[meter] = 1 - (1 - done) ** 3
        return found

    def _draw_sliding(self, surface: pygame.Surface, origin: tuple[int, int],
                      theme: Theme, sliding: dict[tuple[str, str], float]) -> None:
        for meter, eased in sliding.items():
            old, new, _start = self.sliding[meter]
            spaces = self._spaces[meter]
            x = spaces.left + round((old + (new - old) * eased) * spaces.cell)
            ring = pygame.Rect(origin[0] + x, origin[1] + spaces.y, spaces.cell - 1, spaces.height)
            pygame.draw.rect(surface, theme["highlight"], ring.inflate(4, 4), max(2, theme.px(3)),
                             border_radius=theme.px(3))

    def reveal(self, hero: str | None, height: int) -> None:
        """Scroll so that ``hero``'s board is in view."""
        board = self.boards.get(hero or "")
        if board is None:
            return
        if board.top < self.offset or board.bottom > self.offset + height:
            self.offset = max(0, board.top - 4)

    def scroll(self, pixels: int) -> None:
        self.offset = max(0, self.offset + pixels)

    def hero_at(self, rect: pygame.Rect, point: tuple[int, int]) -> str | None:
        """The hero whose board is under ``point`` (screen coordinates)."""
        if not rect.collidepoint(point):
            return None
        inner = (point[0] - rect.x, point[1] - rect.y + self.offset)
        return next((hero for hero, board in self.boards.items() if board.collidepoint(inner)),
                    None)

    def _scrollbar(self, surface: pygame.Surface, rect: pygame.Rect, theme: Theme) -> None:
        total = self._height
        if total <= rect.height:
            return
        width = theme.px(5)
        length = max(theme.px(24), rect.height * rect.height // total)
        top = rect.y + (rect.height - length) * self.offset // max(1, total - rect.height)
        pygame.draw.rect(surface, theme["line"], (rect.right - width - 2, top, width, length),
                         border_radius=width // 2)


@lru_cache(maxsize=1024)
def _spaces(value: int, top: int, cell: int, height: int, red: frozenset[int],
            shut: frozenset[int], font: pygame.font.Font, theme: Theme) -> pygame.Surface:
    """A meter's spaces 0 to ``top``, the marker on ``value``: painted once for each look
    (a board painted again shows tracks painted before)."""
    row = pygame.Surface(((top + 1) * cell, height))
    row.fill(theme["panel"])
    for space in range(top + 1):
        rect = pygame.Rect(space * cell, 0, cell - 1, height)
        fill = theme["covered"] if space in shut else theme["card"]
        if space == value:
            fill = theme["accent"]
        pygame.draw.rect(row, fill, rect)
        if space in red:  # a red space: a red edge and a red corner
            pygame.draw.rect(row, theme["bad"], rect, max(1, theme.px(2)))
            corner = max(3, cell // 4)
            pygame.draw.polygon(row, theme["bad"], [
                rect.topright, (rect.right - corner, rect.top), (rect.right, rect.top + corner)])
        else:
            pygame.draw.rect(row, theme["line"], rect, 1)
        ink = theme["accent_ink"] if space == value else theme["faint"]
        number = rendered(str(space), font, ink)
        row.blit(number, number.get_rect(center=rect.center))
    return row


class Scratch:
    """A surface to paint one part of the panel on, kept from painting to painting and
    cleared only as far as the last part reached."""

    def __init__(self, width: int, theme: Theme) -> None:
        self.theme = theme
        self.surface = pygame.Surface((width, theme.px(3000)))
        self.used = self.surface.get_height()

    def cleared(self) -> pygame.Surface:
        self.surface.fill(self.theme["panel"], (0, 0, self.surface.get_width(), self.used))
        return self.surface


def deciding(surface: pygame.Surface, board: Painted, at: tuple[int, int], theme: Theme) -> None:
    """Mark the board of the hero who decides, blitted at ``at``: a thick accent frame and a
    "DECIDING" chip after the name. Drawn over the board at each frame, so that the next
    hero deciding paints no board again."""
    assert board.board is not None and board.name_at is not None
    ribbon = rendered(_("DECIDING"), theme.font(14, bold=True), theme["accent_ink"])
    chip = ribbon.get_rect(midleft=(at[0] + board.name_at[0] + theme.px(10),
                                    at[1] + board.name_at[1]))
    pygame.draw.rect(surface, theme["accent"], chip.inflate(theme.px(10), theme.px(4)),
                     border_radius=theme.px(4))
    surface.blit(ribbon, chip)
    pygame.draw.rect(surface, theme["accent"], board.board.move(at), theme.px(3),
                     border_radius=theme.px(6))  # over a long name's chip, as ever


class Painter:
    """Paints the panel's parts, each apart, each taken from an earlier painting when it
    shows the same; when the frame's budget allows no more (:mod:`.budget`), a part painted
    before is taken as it was, left for the next frames."""

    def __init__(self, game: Game, theme: Theme, width: int,
                 kept: dict[tuple[str, str], Painted] | None = None,
                 scratch: Scratch | None = None, budget: Budget | None = None) -> None:
        self.game, self.theme, self.width = game, theme, width
        self.kept = kept or {}
        """Parts painted before, by name."""
        self.budget = budget
        self.behind = False
        """A part was taken as it was, though what it shows changed."""
        if scratch is None or scratch.theme != theme or scratch.surface.get_width() != width:
            scratch = Scratch(width, theme)
        self.scratch = scratch
        self.surface = scratch.surface
        self.spaces: dict[tuple[str, str], Spaces] = {}
        """Where the part's meter tracks were drawn, and their markers."""
        self.pad = theme.px(10)
        self.y = 0
        self.name_at = (0, 0)
        """Where the last board's hero name ended (:attr:`Painted.name_at`)."""

    def paint(self) -> list[Painted]:
        """The panel's parts, top to bottom."""
        state, theme, width = self.game.state, self.theme, self.width
        head = (state.day, state.stage, state.outcome, state.chapter, state.mode, state.event)
        loose = [dial for dial in state.dials if dial.location is None]
        sheet = repr((state.quests, state.statuses, state.tasks, loose))
        return [self.part(("head", ""), (*head, theme, width), self.head, above=self.pad),
                *(self.board(hero) for hero in state.heroes),
                self.part(("key", ""), (theme, width), self.key),
                self.part(("sheet", ""), (sheet, theme, width), self.sheet, below=self.pad)]

    def part(self, name: tuple[str, str], look: tuple[object, ...], paint: Callable[[], object],
             above: int = 0, below: int = 0, board: bool = False) -> Painted:
        """A part of the panel: the one painted before when its look is the same, else
        painted now by ``paint`` at the top of the scratch surface, with margins ``above``
        and ``below`` it (the panel's own, on its first and last parts)."""
        kept = self.kept.get(name)
        if kept is not None and kept.look == look:
            return kept
        if kept is not None and not allows(self.budget):
            self.behind = True
            return kept
        spend(self.budget)
        self.surface = self.scratch.cleared()
        self.y, self.spaces = above, {}
        paint()
        self.y += below
        height = min(self.y, self.surface.get_height())
        self.scratch.used = height
        image = self.surface.subsurface((0, 0, self.width, height)).copy()
        edge = pygame.Rect(self.pad // 2, self.theme.px(8), self.width - self.pad,
                           height - self.theme.px(8)) if board else None
        return Painted(name, look, image, self.spaces, edge, self.name_at if board else None)

    def board(self, hero: HeroState) -> Painted:
        """One hero's board."""
        state = self.game.state
        look = (hero.model_dump_json(), state.stage == "day",
                dying_text(self.game.campaign, state) if hero.dying else "",
                hero_marks(self.game)[hero.id], self.theme, self.width)
        return self.part(("board", hero.id), look, lambda: self.paint_board(hero), board=True)

    # --- text -----------------------------------------------------------------------

    def text(self, text: str, size: int = 16, colour: str = "ink", bold: bool = False,
             indent: int = 0) -> None:
        """Wrapped text at the cursor, all of it: the panel scrolls."""
        font = self.theme.font(size, bold)
        width = self.width - 2 * self.pad - indent
        for line in wrap(text, font, width):
            draw_text(self.surface, line, (self.pad + indent, self.y), font, self.theme[colour])
            self.y += font.get_linesize()

    def heading(self, text: str) -> None:
        self.y += self.theme.px(6)
        pygame.draw.line(self.surface, self.theme["line"], (self.pad, self.y),
                         (self.width - self.pad, self.y))
        self.y += self.theme.px(4)
        self.text(text, 17, bold=True)

    # --- parts ----------------------------------------------------------------------

    def head(self) -> None:
        state, campaign = self.game.state, self.game.campaign
        if state.stage == "over" and state.outcome == "won":
            stage = _("the campaign is over (won)")
        elif state.stage == "over" and state.outcome == "lost":
            stage = _("the campaign is over (lost)")
        else:
            stage = STAGE_TITLES[state.stage]
        self.text(_("Day {day} · {stage}").format(day=state.day, stage=stage), 22, bold=True)
        chapter = _("Chapter {chapter}") if state.mode == "normal" else \
            _("Chapter {chapter} · {mode}")
        self.text(chapter.format(chapter=state.chapter, mode=mode_name(state.mode)), 15, "faint")
        if state.event is not None and state.event in campaign.event:
            event = campaign.event[state.event]
            self.heading(_("Event of the Day: {title}").format(title=event.title))
            self.text(event.text, 15)

    def paint_board(self, hero: HeroState) -> None:
        """Paint one hero's board at the cursor, as it looks while another hero decides
        (:func:`deciding` marks the one who does, over it)."""
        theme = self.theme
        self.y += theme.px(8)
        top = self.y
        box = pygame.Rect(self.pad // 2, top, self.width - self.pad, 0)
        self.y += theme.px(6)
        self.title(hero)
        self.flags(hero)
        self.meters(hero)
        self.attributes(hero)
        self.resources(hero)
        self.cards(hero)
        box.height = self.y - top + theme.px(6)
        self.y = box.bottom
        pygame.draw.rect(self.surface, theme["line"], box, 1, border_radius=theme.px(6))

    def title(self, hero: HeroState) -> None:
        theme, game = self.theme, self.game
        colour, letter = hero_marks(game)[hero.id]
        radius = theme.px(13)
        draw_token(self.surface, (self.pad + radius, self.y + radius), radius, colour, letter,
                   theme, theme.px(18))
        font = theme.font(19, bold=True)
        x = self.pad + 2 * radius + theme.px(8)
        name = draw_text(self.surface, hero_name(game.campaign, hero.id), (x, self.y), font, theme["ink"])
        self.name_at = name.right, name.centery
        made = game.campaign.hero[hero.id].name
        role = made.split(",", 1)[1].strip() if "," in made else ""
        place = game.campaign.location[hero.location].name
        where = (_("{role} · at {number} {place}") if role else _("at {number} {place}")).format(
            role=role, number=hero.location, place=place)
        small = theme.font(14)
        lines = wrap(where, small, self.width - x - self.pad)[:2]
        for index, line in enumerate(lines):
            draw_text(self.surface, line, (x, self.y + font.get_linesize()
                                           + index * small.get_linesize()), small, theme["faint"])
        self.y += max(2 * radius, font.get_linesize() + len(lines) * small.get_linesize()) \
            + theme.px(4)

    def flags(self, hero: HeroState) -> None:
        """Chips for what the engine says of the hero, and passed or acted this round."""
        theme = self.theme
        chips = [(_(words), colour) for name, words, colour in FLAGS
                 if in_state(self.game.campaign, hero, name)]
        if self.game.state.stage == "day":  # never on a campaign over, nor at the night
            if hero.passed:
                chips.append((_("Passed for the Day"), "faint"))
            elif hero.acted:
                chips.append((_("Acted this round"), "faint"))
        x = self.pad
        font = theme.font(14, bold=True)
        for words, colour in chips:
            image = font.render(words, True, theme["accent_ink"])
            chip = image.get_rect(topleft=(x + theme.px(4), self.y + theme.px(2)))
            if chip.right > self.width - self.pad and x > self.pad:
                self.y += font.get_linesize() + theme.px(6)
                x = self.pad
                chip.topleft = (x + theme.px(4), self.y + theme.px(2))
            pygame.draw.rect(self.surface, theme[colour], chip.inflate(theme.px(8), theme.px(4)),
                             border_radius=theme.px(4))
            self.surface.blit(image, chip)
            x = chip.right + theme.px(10)
        if chips:
            self.y += font.get_linesize() + theme.px(6)
        if hero.dying:  # what the card asks, in the words the terminal uses [DEATH-1]
            held = dying_text(self.game.campaign, self.game.state)
            self.text(held[:1].upper() + held[1:] + ".", size=13, colour="bad")
            self.y += theme.px(6)

    def meters(self, hero: HeroState) -> None:
        """The three tracks [SURV-*]: red spaces marked, the marker filled and numbered; the
        same size of space on all three."""
        spec = self.game.campaign.hero[hero.id].meters
        bar = health_bar(self.game.campaign, hero)
        left = self.pad + self.theme.px(62)
        most = max(spec.energy.max, spec.health.max, spec.terror.max)
        cell = min(self.theme.px(24), (self.width - self.pad - left) // (most + 1))
        energy = set(range(spec.energy.red))
        shut = set(range(bar + 1, spec.energy.max + 1)) if bar is not None else set()
        terror = set(range(spec.terror.max - spec.terror.red + 1, spec.terror.max + 1))
        for meter, value, top, red, limit in (
                ("Energy", hero.energy, spec.energy.max, energy, bar),
                ("Health", hero.health, spec.health.max, set(), None),
                ("Terror", hero.terror, spec.terror.max, terror, None)):
            self.spaces[hero.id, meter] = self.track(
                resource_words(meter.lower()), value, top, cell, red,
                shut if meter == "Energy" else set(), limit)

    def track(self, label: str, value: int, top: int, cell: int, red: set[int], shut: set[int],
              limit: int | None) -> Spaces:
        """One meter's track; where it was drawn."""
        theme = self.theme
        font = theme.font(15)
        small = theme.font(13 if cell >= theme.px(20) else 11)
        left = self.pad + theme.px(62)
        draw_text(self.surface, f"{label} {value}", (self.pad, self.y + theme.px(2)), font,
                  theme["ink"])
        height = theme.px(18)
        self.surface.blit(_spaces(value, top, cell, height, frozenset(red), frozenset(shut),
                                  small, theme), (left, self.y))
        if limit is not None and limit < top:
            x = left + (limit + 1) * cell - 1
            pygame.draw.line(self.surface, theme["ink"], (x, self.y - theme.px(3)),
                             (x, self.y + height + theme.px(2)), max(2, theme.px(3)))
        drawn = Spaces(left, self.y, cell, height, value)
        self.y += height + theme.px(4)
        return drawn

    def attributes(self, hero: HeroState) -> None:
        """The three opposed pairs [ATTR-1], with Skills counted [ATTR-3]: a pair per column,
        or a pair per line when three columns do not fit."""
        campaign = self.game.campaign
        theme = self.theme
        font = theme.font(15)
        texts = [f"{resource_words(name)} {attribute(campaign, hero, name)}" for name in ATTRIBUTES]
        column = (self.width - 2 * self.pad) // 3
        if max(font.size(text)[0] for text in texts) + theme.px(8) <= column:
            for row in range(2):
                for pair in range(3):
                    draw_text(self.surface, texts[2 * pair + row],
                              (self.pad + pair * column, self.y), font, theme["ink"])
                self.y += font.get_linesize()
        else:
            for pair in range(3):
                draw_text(self.surface, f"{texts[2 * pair]} · {texts[2 * pair + 1]}",
                          (self.pad, self.y), font, theme["ink"])
                self.y += font.get_linesize()
        if hero.skills:
            names = ", ".join(skill_name(campaign, side) for side in hero.skills)
            self.text(_("Skills: {skills}").format(skills=names), 14, "faint")

    def resources(self, hero: HeroState) -> None:
        """Food, Wealth, Rep, Magic and Exp, each a drawn icon with its name and number, in
        a row (two rows in a narrow panel)."""
        theme = self.theme
        font = theme.font(16, bold=True)
        size = font.get_height() - theme.px(4)
        self.y += theme.px(3)
        x = self.pad
        for kind, name in RESOURCES:
            words = f"{_(name)} {getattr(hero, kind)}"
            width = size + theme.px(4) + font.size(words)[0]
            if x > self.pad and x + width > self.width - self.pad:
                x, self.y = self.pad, self.y + font.get_linesize()
            draw_resource(self.surface, kind, pygame.Rect(x, self.y + theme.px(2), size, size),
                          theme)
            draw_text(self.surface, words, (x + size + theme.px(4), self.y), font, theme["ink"])
            x += width + theme.px(12)
        self.y += font.get_linesize()

    def cards(self, hero: HeroState) -> None:
        """Items and Secrets: in use (face up) first, the others marked face down."""
        campaign = self.game.campaign
        used = set(in_use(campaign, hero))
        for kind, numbers, line in (("item", hero.items, _("Items: {cards}")),
                                    ("secret", hero.secrets, _("Secrets: {cards}"))):
            if not numbers:
                continue
            names = [card_name(campaign, f"{kind}:{n}") if f"{kind}:{n}" in used
                     else _("{card} (face down)").format(card=card_name(campaign, f"{kind}:{n}"))
                     for n in numbers]
            self.text(line.format(cards=", ".join(names)), 14)

    def key(self) -> None:
        """What the tracks' marks mean."""
        self.y += self.theme.px(6)
        self.text(_("Tracks: the filled space is the marker; red-cornered spaces are Exhausted "
                    "(Energy) or Going Mad (Terror); the black bar on Energy is the Health "
                    "limit, grey spaces beyond it are out of reach."), 13, "faint")

    def sheet(self) -> None:
        """Quests, marked Statuses, tasks and dials off the map."""
        state, campaign = self.game.state, self.game.campaign
        if state.quests:
            self.heading(_("Quests"))
            for quest in state.quests:
                known = campaign.quest.get(quest)
                self.text(known.name if known else quest, 15, bold=True)
                if known:
                    self.text(known.text, 14, "faint", indent=self.theme.px(10))
        marks = [mark for mark in state.statuses if mark.whole or mark.parts]
        if marks:
            self.heading(_("Game Sheet"))
            for mark in marks:
                status = campaign.status.get(mark.id)
                name = status.name if status else mark.id
                self.text(_marked(name, mark.whole, mark.parts,
                                  status.parts if status and status.parts else None), 15)
        if state.tasks:
            self.heading(_("Task log"))
            for task in state.tasks:
                said = task_name(campaign, task.id, task.text)
                self.text(_("- {task}").format(task=said) if task.location is None else
                          _("- {task} (until {location} changes)").format(
                              task=said, location=task.location), 14)
        loose = [dial for dial in state.dials if dial.location is None]
        if loose:
            self.heading(_("Dials"))
            for dial in loose:
                self.text(dial_line(dial_words(dial.id), dial.value, dial.token), 15)


def _marked(name: str, whole: bool, parts: list[int], of: int | None) -> str:
    """A Status marked on the Game Sheet, whole or by its parts (of how many)."""
    if not parts:
        return _("{status} (marked)").format(status=name) if whole else name
    numbers = ", ".join(map(str, parts))
    if of is None:
        text = _("{status} (marked): parts {parts}") if whole else _("{status}: parts {parts}")
    else:
        text = _("{status} (marked): parts {parts} of {total}") if whole \
            else _("{status}: parts {parts} of {total}")
    return text.format(status=name, parts=numbers, total=of)


def dial_line(name: str, value: int, token: str) -> str:
    """A named dial and its value, with the token it counts: "long fog: 3 (time dial)"."""
    return (_("{dial}: {value} (quest dial)") if token == "quest"
            else _("{dial}: {value} (time dial)")).format(dial=name, value=value)
