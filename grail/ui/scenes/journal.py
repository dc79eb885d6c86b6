"""The journal: the entry being read (its title and text, wrapped and scrollable), the
options of the choice as large tiles with their costs, the options that are not open
greyed with the engine's reason, and, beside it, the characters reading and what changed.

The same view serves the decisions effects ask for while reading (which Skill side to keep,
where special movement goes, which Item to give up over the cap) and the parts of a gain or
loss a team splits. Every tile is one of the engine's legal actions, with the same number
key as in the action bar; the view keeps the passages read and the options taken as a
story, newest at the bottom.

Keys: the wheel over the text scrolls it, as do Page Up/Down while the action bar has one
page; Home and End go to the story's start and its newest passage.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from grail.engine.actions import ItemCap, MoveTo, PickSkill, Share
from grail.lang import _, listed, ngettext
from grail.session import Session
from grail.words.names import (
    capitalized,
    hero_name,
    item_name,
    other_side,
    place_name,
    resource_words,
    skill_name,
)

from ..app import App
from ..changes import ChangeList, draw_changes, draw_heroes
from ..reading import Passage, chosen, entry_passage, options, passage_of, read_so_far, shared
from ..theme import Theme
from ..tiles import Tile, Tiles, column, heading
from ..widgets import Button, draw_text, wrap
from .holding import CONTINUE, HoldingScene

CHANGING = frozenset({"resources_changed", "energy_spent", "meters_changed", "status_marked",
                      "card_gained", "quest_changed", "task_logged", "hero_moved"})
"""Events worth a look before the view moves on."""

STYLES = {"where": (17, False, "faint"), "title": (30, True, "ink"), "sub": (21, True, "ink"),
          "text": (25, False, "ink"), "chose": (21, True, "accent"), "gap": (14, False, "ink")}
"""How each kind of story line is drawn: font size, bold, colour."""


@dataclass(frozen=True)
class Piece:
    """A piece of the story: a passage read, or an option taken (``passage`` is None)."""

    passage: Passage | None
    chose: str = ""


class JournalScene(HoldingScene):
    """The journal: the entry being read and its choices."""

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.story: list[Piece] = []
        if not session.last_events:  # a game just opened mid-reading: all read so far
            self.story = [Piece(entry_passage(session.campaign, entry))
                          for entry in dict.fromkeys(read_so_far(session.game,
                                                                  session.before_reading()))]
        self.changes = ChangeList()
        self.seen = -1
        self.scroll = 0
        self.newest: int | None = None
        """The story piece to show at the top once laid out (a new passage)."""
        self.tiles = Tiles()
        self.prompt = ""
        self.titles: dict[str, str] = {}
        """Each decision's words, by the action's JSON, to tell it in the story."""
        self.gather()

    # --- following the game ---------------------------------------------------------------

    def gather(self) -> None:
        """Add the passages the newest events read and what they changed; the passages
        being resolved join the story if no event brought them (a game just opened)."""
        session = self.session
        campaign = session.campaign
        if session.revision != self.seen:
            self.seen = session.revision
            first = len(self.story)
            self.story += [Piece(entry_passage(campaign, event.entry))
                           for event in session.last_events if event.type == "entry_read"]
            self.changes.follow(campaign, session.revision, session.last_events)
            if len(self.story) > first:
                self.newest = first
        told = {piece.passage.key for piece in self.story if piece.passage is not None}
        for frame in session.game.state.frames:
            passage = passage_of(campaign, frame)
            if passage.key not in told:
                told.add(passage.key)
                self.newest = len(self.story) if self.newest is None else self.newest
                self.story.append(Piece(passage))

    def act(self, app: App, action: Any) -> None:
        """Send the action; the option taken joins the story."""
        told = chosen(self.session.game, action) or self.titles.get(action.to_json(), "")
        revision = self.session.revision
        super().act(app, action)
        if self.session.revision != revision and told:
            self.story.append(Piece(None, told))
            self.newest = len(self.story) - 1

    def holds(self) -> bool:
        """The reading is over: hold on if its last action read a passage or changed
        something, so that the players read it before the game goes on (a fight, the map)."""
        return self.session.pending().kind != "chance" and any(
            event.type == "entry_read" or event.type in CHANGING
            for event in self.session.last_events)

    def update(self, app: App, dt: float) -> None:
        super().update(app, dt)
        self.gather()
        rect = self.regions(app)["main"]
        self.tiles = self.layout_tiles(app, rect)
        box = self.text_rect(app, rect)
        lines = self.story_lines(app.theme, box.width)
        last = _last_page(lines, app.theme, box.height)
        if self.newest is not None:  # as much of what came before as fits with the newest
            start = next((index for index, (_text, _style, piece) in enumerate(lines)
                          if piece >= self.newest), last)
            self.scroll = min(start, last)
            self.newest = None
        self.scroll = max(0, min(self.scroll, last))

    # --- input ------------------------------------------------------------------------------

    def handle_view(self, app: App, event: pygame.event.Event) -> bool:
        main = self.regions(app)["main"]
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            tile = self.tiles.at(event.pos)
            if tile is None:
                return False
            if tile.enabled:
                self.choose(app, Button(tile.rect, tile.title, tile.action, key=tile.key))
            else:
                self.notice = tile.why or _("Not open now.")
            return True
        if event.type == pygame.MOUSEWHEEL and main.collidepoint(pygame.mouse.get_pos()):
            self.scroll = max(0, self.scroll - 3 * event.y)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) and not self.paging():
                page = max(1, self.text_rect(app, main).height
                           // app.theme.font(STYLES["text"][0]).get_linesize() - 2)
                self.scroll = max(0, self.scroll + (page if event.key == pygame.K_PAGEDOWN
                                                    else -page))
                return True
            if event.key in (pygame.K_HOME, pygame.K_END):
                self.scroll = 0 if event.key == pygame.K_HOME else 1 << 30
                return True
        return False

    # --- the decision --------------------------------------------------------------------

    def key_of(self, action: Any) -> str:
        """The action bar's key for ``action`` (none when it is on another page)."""
        return next((button.key for button in self.actions.buttons if button.action == action),
                    "")

    def decision(self) -> tuple[str, list[Tile]]:
        """What is asked, in words, and the tiles that answer it."""
        if self.ended:
            return _("The reading is over."), [self.continue_tile()]
        session = self.session
        game, campaign = session.game, session.campaign
        pending = session.pending()
        who = listed([hero_name(campaign, hero) for hero in pending.heroes]) or _("The table")
        legal = session.legal()
        if pending.kind == "skill":
            return _("{who} gains a Skill: keep which side? (the card's other side is "
                     "lost)").format(who=who), [
                Tile(skill_name(campaign, a.skill), a,
                     [text for text in (campaign.skill_side[a.skill].text,
                                        _lost(campaign, a.skill)) if text])
                for a in legal if isinstance(a, PickSkill)]
        if pending.kind == "destination":
            return _("{who}: where to? Special movement, not a Travel: no Energy is "
                     "spent.").format(who=who), [
                Tile(place_name(campaign, a.to), a) for a in legal if isinstance(a, MoveTo)]
        if pending.kind == "item_cap":
            return _("{who} holds the most Items allowed: give one up for the new one, or "
                     "refuse it.").format(who=who), [Tile(_item_cap(campaign, a), a)
                                                     for a in legal if isinstance(a, ItemCap)]
        tiles = [Tile(option.text, option.action,
                      ([_("Costs {cost}").format(cost=option.cost)]
                       if option.cost and option.open else [])
                      + ([_("Leads to {where}").format(where=option.leads)]
                         if option.leads else []), why=option.why)
                 for option in options(game)]
        shares = [Tile(_share(campaign, a), a) for a in legal if isinstance(a, Share)]
        if shares:
            return _("The team splits this: {shared}. Who takes the next part?").format(
                shared=shared(game)), tiles + shares
        if tiles:
            return _("What does {who} do?").format(who=who), tiles
        return _("Choose in the action bar below."), []

    def layout_tiles(self, app: App, main: pygame.Rect) -> Tiles:
        """The decision's tiles at the bottom of the main area, with their keys."""
        theme = app.theme
        prompt, tiles = self.decision()
        for tile in tiles:
            tile.key = self.key_of(tile.action) if tile.enabled else ""
        self.titles = {tile.action.to_json(): tile.title for tile in tiles
                       if tile.enabled and tile.action != CONTINUE}
        area = self.tiles_rect(app, main, tiles)
        self.prompt = prompt
        placed = column(tiles, area, theme, gap=6)
        if placed.hidden:  # too little room: the options that can be taken come first
            placed = column(sorted(tiles, key=lambda tile: not tile.enabled), area, theme, gap=6)
        return placed

    def tiles_rect(self, app: App, main: pygame.Rect, tiles: list[Tile]) -> pygame.Rect:
        theme = app.theme
        pad = theme.px(16)
        width = main.width - 2 * pad
        wanted = sum(tile.height(theme, width) + theme.px(6) for tile in tiles)
        prompt = theme.font(20, bold=True).get_linesize() + theme.px(10)
        story = max(5 * theme.font(STYLES["text"][0]).get_linesize(),
                    (main.height - prompt - 3 * pad) // 3)  # the text keeps a third, 5 lines
        height = min(wanted, main.height - prompt - 3 * pad - story)
        return pygame.Rect(main.x + pad, main.bottom - pad - height, width, height)

    def text_rect(self, app: App, main: pygame.Rect) -> pygame.Rect:
        """The story's box: above the prompt and the tiles."""
        theme = app.theme
        pad = theme.px(16)
        top = self.tiles.tiles[0].rect.y if self.tiles.tiles else main.bottom - pad
        prompt = theme.font(20, bold=True).get_linesize() + theme.px(10)
        return pygame.Rect(main.x + pad, main.y + pad, main.width - 2 * pad,
                           max(0, top - prompt - main.y - 2 * pad))

    # --- drawing -------------------------------------------------------------------------

    def story_lines(self, theme: Theme, width: int) -> list[tuple[str, str, int]]:
        """The story wrapped: (text, style, piece) per line."""
        lines: list[tuple[str, str, int]] = []
        for index, piece in enumerate(self.story):
            def add(text: str, style: str, at: int = index) -> None:
                size, bold, _colour = STYLES[style]
                lines.extend((line, style, at) for line in wrap(text, theme.font(size, bold),
                                                                width))
            if piece.passage is None:
                add(_("You chose: {option}").format(option=piece.chose), "chose")
                add("", "gap")
                continue
            if piece.passage.where:
                add(piece.passage.where, "where")
            add(piece.passage.title, "title" if piece.passage.text else "sub")
            if piece.passage.text:
                add(piece.passage.text, "text")
            add("", "gap")
        return lines

    def draw_view(self, app: App, surface: pygame.Surface, rect: pygame.Rect) -> None:
        theme = app.theme
        outer = surface.get_clip()
        surface.set_clip(rect)  # a small window at a large scale cuts, never spills
        box = self.text_rect(app, rect)
        lines = self.story_lines(theme, box.width)
        pygame.draw.rect(surface, theme["card"], box.inflate(theme.px(16), theme.px(12)),
                         border_radius=theme.px(6))
        clip = surface.get_clip()
        surface.set_clip(box)
        y = box.y
        shown = self.scroll
        for text, style, _piece in lines[self.scroll:]:
            size, bold, colour = STYLES[style]
            font = theme.font(size, bold)
            if y + font.get_linesize() > box.bottom:
                break
            draw_text(surface, text, (box.x, y), font, theme[colour])
            y += font.get_linesize()
            shown += 1
        surface.set_clip(clip)
        if not lines:
            draw_text(surface, _("Nothing is being read now."), box.topleft, theme.font(22),
                      theme["faint"])
        small = theme.font(15)
        if self.scroll > 0:
            _corner(surface, _("more above: wheel or Page Up"), (box.right, box.y), small, theme)
        if shown < len(lines):
            _corner(surface, _("more below: wheel or Page Down"),
                    (box.right, box.bottom - small.get_linesize()), small, theme)
        prompt_y = self.tiles.tiles[0].rect.y - theme.font(20, bold=True).get_linesize() \
            - theme.px(6) if self.tiles.tiles else box.bottom + theme.px(14)
        heading(surface, self.prompt, (box.x, prompt_y), theme, size=20)
        self.tiles.draw(surface, theme, pygame.mouse.get_pos())
        if self.tiles.hidden:
            draw_text(surface, ngettext("{count} more in the action bar below",
                                        "{count} more in the action bar below",
                                        self.tiles.hidden).format(count=self.tiles.hidden),
                      (box.x, rect.bottom - theme.px(18)), small, theme["faint"])
        surface.set_clip(outer)

    def draw_side(self, app: App, surface: pygame.Surface, rect: pygame.Rect) -> None:
        theme = app.theme
        inner = rect.inflate(-theme.px(24), -theme.px(24))
        state = self.session.game.state
        pending = self.session.pending()
        readers = list(state.frames[-1].heroes) if state.frames else list(pending.heroes)
        deciding = pending.heroes[0] if pending.heroes else None
        y = heading(surface, _("Reading"), inner.topleft, theme, size=20)
        y = draw_heroes(surface, self.session.game, readers, pygame.Rect(
            inner.x, y, inner.width, inner.height // 2), theme, deciding)
        draw_changes(surface, self.changes.lines,
                     pygame.Rect(inner.x, y + theme.px(8), inner.width, inner.bottom - y), theme)


def _last_page(lines: list[tuple[str, str, int]], theme: Theme, height: int) -> int:
    """The first line shown when the story is scrolled to its end."""
    used = 0
    for index in range(len(lines) - 1, -1, -1):
        size, bold, _colour = STYLES[lines[index][1]]
        used += theme.font(size, bold).get_linesize()
        if used > height:
            return index + 1
    return 0


def _corner(surface: pygame.Surface, text: str, at: tuple[int, int], font: pygame.font.Font,
            theme: Theme) -> None:
    """A faint note set against the right edge at ``at``."""
    width = font.size(text)[0]
    back = pygame.Rect(at[0] - width - 8, at[1], width + 8, font.get_linesize())
    pygame.draw.rect(surface, theme["card"], back)
    draw_text(surface, text, (back.x + 4, at[1]), font, theme["faint"])


def _lost(campaign: Any, side: int) -> str:
    other = other_side(campaign, side)
    return _("The other side, {skill}, is lost.").format(skill=skill_name(campaign, other)) \
        if other is not None else ""


def _item_cap(campaign: Any, action: ItemCap) -> str:
    new = item_name(campaign, action.item)
    if action.discard is None:
        return _("Refuse {item}: keep the Items held").format(item=new)
    return _("Give up {item} to take {new}").format(item=item_name(campaign, action.discard),
                                                    new=new)


def _share(campaign: Any, action: Share) -> str:
    who = hero_name(campaign, action.hero)
    if action.what == "secret":
        text = _("{hero} loses the Secret") if action.loss else _("{hero} takes the Secret")
    elif action.what == "item":
        text = _("{hero} loses the Item") if action.loss else _("{hero} takes the Item")
    elif action.what == "meters":
        text = _("{hero}'s meters are set")
    else:
        text = _("{hero} loses {amount} {resource}") if action.loss \
            else _("{hero} takes {amount} {resource}")
    return text.format(hero=who, amount=action.amount,
                       resource=capitalized(resource_words(action.what)))
