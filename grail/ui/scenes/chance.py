"""A companion game: the table says how a chance point came out (the Encounter card drawn,
the die's face, the card turned from a deck...). The view names what is decided and during
which action, and shows the outcomes that may come up as tiles; each sends the engine's
``ChanceOutcome`` action.

Where there are many outcomes, or an Encounter card is drawn, the outcomes are searched:
typing filters them by number (their place in the list, or the number printed on the card)
and by name; Up/Down choose among the matches and Enter sends the one lit. While searching,
letters and digits go to the search (Ctrl+Z still undoes, Esc clears the search first).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from grail.engine.actions import ChanceOutcome
from grail.engine.chance import stopped as stopped_by
from grail.lang import _, ngettext
from grail.session import Session
from grail.words.actions import tell
from grail.words.decisions import pending_words
from grail.words.names import capitalized, chance_point, colour_words, outcome_name

from ..app import App
from ..changes import ChangeList, draw_changes
from ..tiles import Label, Tile, Tiles, grid, labels
from ..widgets import Button, draw_text
from .game import GameScene

SEARCHED = 10
"""More outcomes than this are searched (an Encounter card drawn always is)."""


@dataclass(frozen=True)
class Outcome:
    """An outcome the table may enter: its place in the list (from 1), its name, what else
    is printed on it (a card's number), and the action that enters it."""

    place: int
    name: str
    printed: str
    detail: str
    action: ChanceOutcome

    @property
    def number(self) -> str:
        """The number searched and shown: the printed one, else the place in the list."""
        return self.printed or str(self.place)

    def matches(self, query: str) -> bool:
        """Every word of ``query`` is the number (a printed number may be typed without
        its colour letter), or a part of the name or id."""
        number = self.number.lower()
        return all(word in (number, number.rstrip("abcdefghijklmnopqrstuvwxyz"))
                   or word in self.name.lower() or word in self.action.outcome.lower()
                   for word in query.lower().split())


def outcomes(session: Session) -> list[Outcome]:
    """The outcomes of the chance point waiting, in the engine's order, with their names."""
    campaign = session.campaign
    found = []
    for place, action in enumerate((a for a in session.legal() if isinstance(a, ChanceOutcome)),
                                   start=1):
        value = action.outcome
        printed, detail = "", ""
        if value in campaign.encounter:
            card = campaign.encounter[value]
            printed = str(card.number) if card.number is not None else ""
            detail = _("{colour} deck, level {level}").format(colour=colour_words(card.deck),
                                                             level=card.level)
        elif value in campaign.card:
            card_ = campaign.card[value]
            kind = _("Combat card, {colour}") if card_.kind == "combat" \
                else _("Diplomacy card, {colour}")
            printed, detail = card_.number, kind.format(colour=colour_words(card_.colour))
        found.append(Outcome(place, outcome_name(campaign, action.point, value), printed, detail,
                             action))
    if found and all(outcome.printed for outcome in found):  # by the numbers on the cards
        found.sort(key=lambda outcome: (int("0" + "".join(
            c for c in outcome.printed if c.isdigit())), outcome.printed))
    return found


class ChanceScene(GameScene):
    """A companion game: the table says how a chance point came out."""

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.query = ""
        self.selected = 0
        self.tiles = Tiles()
        self.labels: list[Label] = []
        self.box: pygame.Rect | None = None
        """The search box, when the outcomes are searched."""
        self.changes = ChangeList()
        self.changes.follow(session.campaign, session.revision, session.last_events)

    def searching(self) -> bool:
        """Whether the outcomes are searched: many of them, or an Encounter card."""
        chance = self.session.game.state.chance
        if chance is None:
            return False
        return chance.point.point.endswith("Encounter") or len(chance.point.options) > SEARCHED

    def matches(self) -> list[Outcome]:
        return [outcome for outcome in outcomes(self.session) if outcome.matches(self.query)]

    # --- input ---------------------------------------------------------------------------

    def handle_view(self, app: App, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            tile = self.tiles.at(event.pos)
            if tile is not None and tile.enabled:
                self.choose(app, Button(tile.rect, tile.title, tile.action, key=tile.key))
                return True
            return False
        if not self.searching():
            return False
        if event.type == pygame.TEXTINPUT:
            self.query += event.text
            self.selected = 0
            return True
        if event.type != pygame.KEYDOWN or event.mod & pygame.KMOD_CTRL:
            return False
        if event.key == pygame.K_BACKSPACE:
            self.query = self.query[:-1]
            self.selected = 0
        elif event.key == pygame.K_ESCAPE and self.query:
            self.query, self.selected = "", 0
        elif event.key in (pygame.K_UP, pygame.K_DOWN):
            count = max(1, len(self.matches()))
            self.selected = (self.selected + (1 if event.key == pygame.K_DOWN else -1)) % count
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            found = self.matches()
            if found:
                outcome = found[min(self.selected, len(found) - 1)]
                self.choose(app, Button(pygame.Rect(0, 0, 0, 0), outcome.name, outcome.action))
            else:
                self.notice = _("Nothing matches '{search}': Backspace or Esc to search "
                                "again.").format(search=self.query)
        elif event.unicode and event.unicode.isprintable():
            pass  # the letter comes as text input: it is not a shortcut while searching
        else:
            return False
        return True

    def act(self, app: App, action: object) -> None:
        self.query, self.selected = "", 0
        super().act(app, action)

    # --- layout --------------------------------------------------------------------------

    def update(self, app: App, dt: float) -> None:
        super().update(app, dt)
        session = self.session
        self.changes.follow(session.campaign, session.revision, session.last_events)
        chance = session.game.state.chance
        theme = app.theme
        rect = self.regions(app)["main"].inflate(-theme.px(32), -theme.px(28))
        if chance is None:
            self.labels, _fits = labels(_("No chance point waits for the table: the game waits "
                                          "on {decision}.").format(
                decision=pending_words(session.game)), rect, theme, 22)
            self.tiles = Tiles()
            return
        point = chance_point(session.campaign, chance.point.point)
        stopped, _given = stopped_by(chance)
        doing = _("the setup") if stopped is None else tell(session.campaign, session.game.state,
                                                             stopped)
        found = [Label(_("The table says how it came out"), rect.topleft, 18, colour="faint"),
                 Label(capitalized(point), (rect.x, rect.y + theme.px(22)), 30, True)]
        more, y = labels(_("During: {action}. This is a companion game: the cards, dice and "
                           "dials of the box decide, and the game follows what the table "
                           "enters.").format(action=doing),
                         pygame.Rect(rect.x, rect.y + theme.px(60), rect.width, 0), theme, 17,
                         colour="faint")
        found += more
        shown = self.matches()
        self.selected = min(self.selected, max(0, len(shown) - 1))
        if self.searching():
            y += theme.px(10)
            self.box = pygame.Rect(rect.x + theme.px(270), y - theme.px(6), theme.px(360),
                                   theme.px(30))
            found += [Label(_("Search by number or name:"), (rect.x, y), 20, True),
                      Label(f"{self.query}|", (self.box.x + theme.px(8), y), 22, True),
                      Label(ngettext("{count} of {total} match. Up/Down choose, Enter sends the "
                                     "lit one; Backspace or Esc to change the search.",
                                     "{count} of {total} match. Up/Down choose, Enter sends the "
                                     "lit one; Backspace or Esc to change the search.",
                                     len(shown)).format(count=len(shown),
                                                        total=len(chance.point.options)),
                            (rect.x, y + theme.px(28)), 16, colour="faint")]
            y += theme.px(56)
        tiles = []
        for index, outcome in enumerate(shown):
            tile = Tile(outcome.name, outcome.action, [outcome.detail] if outcome.detail else [],
                        size=17)
            if self.searching():
                tile.title = f"{outcome.number}  {outcome.name}"
                tile.tone = "highlight" if index == self.selected else ""
            else:
                tile.key = next((b.key for b in self.actions.buttons
                                 if b.action == outcome.action), "")
            tiles.append(tile)
        columns = 3 if len(tiles) > 4 else max(1, len(tiles))
        area = pygame.Rect(rect.x, y + theme.px(16), rect.width, rect.bottom - y - theme.px(16))
        height = theme.px(64) if self.searching() or len(tiles) > 6 else theme.px(96)
        self.tiles = grid(tiles, area, theme, columns, height, gap=8)
        self.labels = found

    # --- drawing -------------------------------------------------------------------------

    def draw_view(self, app: App, surface: pygame.Surface, rect: pygame.Rect) -> None:
        theme = app.theme
        clip = surface.get_clip()
        surface.set_clip(rect)  # a small window at a large scale cuts, never spills
        if self.box is not None and self.searching():
            pygame.draw.rect(surface, theme["card"], self.box, border_radius=theme.px(4))
            pygame.draw.rect(surface, theme["accent"], self.box, width=theme.px(2),
                             border_radius=theme.px(4))
        for label in self.labels:
            label.draw(surface, theme)
        for index, tile in enumerate(self.tiles.tiles):
            tile.draw(surface, theme, hovered=tile.rect.collidepoint(pygame.mouse.get_pos()))
            if self.searching() and index == self.selected:
                pygame.draw.rect(surface, theme["highlight"], tile.rect, width=theme.px(4),
                                 border_radius=theme.px(6))
        if self.tiles.hidden:
            draw_text(surface, ngettext("{count} more: type to narrow the search",
                                        "{count} more: type to narrow the search",
                                        self.tiles.hidden).format(count=self.tiles.hidden),
                      (rect.x + theme.px(16), rect.bottom - theme.px(22)), theme.font(16),
                      theme["faint"])
        surface.set_clip(clip)

    def draw_side(self, app: App, surface: pygame.Surface, rect: pygame.Rect) -> None:
        theme = app.theme
        inner = rect.inflate(-theme.px(24), -theme.px(24))
        chance = self.session.game.state.chance
        font = theme.font(20, bold=True)
        draw_text(surface, _("Entered for this action"), inner.topleft, font, theme["ink"])
        y = inner.y + font.get_linesize() + theme.px(6)
        small = theme.font(16)
        given = chance.answers if chance is not None else []
        if not given:
            draw_text(surface, _("Nothing yet."), (inner.x, y), small, theme["faint"])
            y += small.get_linesize()
        for answer in given[-8:]:
            point = str(answer["point"])
            text = _("{point}: {outcome}").format(
                point=capitalized(_point_words(self.session, point)),
                outcome=outcome_name(self.session.campaign, point, str(answer["outcome"])))
            draw_text(surface, text, (inner.x, y), small, theme["ink"])
            y += small.get_linesize()
        draw_changes(surface, self.changes.lines,
                     pygame.Rect(inner.x, y + theme.px(16), inner.width, inner.bottom - y), theme)


def _point_words(session: Session, point: str) -> str:
    """A chance point answered, in words: its name in the log when grail cannot read it."""
    try:
        return chance_point(session.campaign, point)
    except ValueError:
        return point
