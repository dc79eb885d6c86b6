"""The End of Day, each character in turn: rest and Food (eat or go hungry, with what each
does to the meters), upgrades with their Exp costs (Attribute points, deck upgrades: draw
and keep one, the drawn cards shown whole), deck building (the decks, the cards set aside,
the count against the minimum), and the Dreams read as night falls.

What each choice does comes from the engine: the rest previews are the engine's rest done
on a copy of the state, the costs are ``upgrades.attribute_costs`` and
``deck_upgrade_cost``, and every tile is a legal action. A tile that is not open says why.
When the night's Dreams are read and the game moves on, the view holds on to show them.

Keys: the wheel over the decks scrolls them; the action bar's numbers work as everywhere.
"""

from __future__ import annotations

from typing import Any

import pygame

from grail.content.base import ATTRIBUTES, OPPOSED
from grail.engine.actions import (
    BuyAttribute,
    DeckUpgrade,
    FinishUpgrades,
    KeepCard,
    Rest,
    SetAside,
    TakeBack,
)
from grail.engine.upgrades import attribute, attribute_costs, deck_upgrade_cost, free_skills
from grail.lang import _, ngettext, pgettext
from grail.session import Session
from grail.words.decisions import pending_words
from grail.words.effects import ability_lines
from grail.words.names import (
    card_lines,
    deck_words,
    hero_name,
    player_card_name,
    resource_words,
)
from grail.words.table import rest_lines

from ..app import App
from ..cards import Frame, Marks, draw_card, roomy
from ..changes import ChangeList, draw_changes, draw_hero
from ..reading import Passage, entry_passage
from ..tiles import Label, Tile, Tiles, column, grid, labels
from ..widgets import Button, draw_text
from .holding import HoldingScene

SKILLS = "skills"
"""A tile's action that shows an Attribute's Skill sides (the view's own, never sent)."""

PAIRS = [name for name in ATTRIBUTES if ATTRIBUTES.index(name) < ATTRIBUTES.index(OPPOSED[name])]
"""The first Attribute of each opposed pair, in printed order."""


def rest_preview(session: Session, hero_id: str, eat: bool) -> list[str]:
    """What resting does to the character's meters and Food (grail/words/table.py)."""
    return rest_lines(session.game, hero_id, eat)


def _below(tiles: Tiles, default: int) -> int:
    """The bottom of the lowest tile placed, or ``default`` for none."""
    return max((tile.rect.bottom for tile in tiles.tiles), default=default)


def dream_entries(session: Session) -> set[str]:
    """The campaign's Dream and Nightmare entries [END-DAY-6]."""
    return {entry for location in session.campaign.locations
            for entry in (location.dream, location.nightmare) if entry is not None}


def shown_whole(heroes: list[str], deciding: str | None, fits: int) -> list[str]:
    """The characters whose whole block the night's panel shows when ``fits`` fit: the one
    deciding, then the others in order."""
    first = [hero for hero in heroes if hero == deciding]
    return first + [hero for hero in heroes if hero != deciding][:max(0, fits - len(first))]


class EndOfDayScene(HoldingScene):
    """The End of Day: rest, upgrades, deck building, dreams."""

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.changes = ChangeList()
        self.tiles = Tiles()
        self.labels: list[Label] = []
        self.dreams: list[Passage] = []
        self.deck_scroll = 0
        self.skill_for: str | None = None
        """The Attribute whose Skill sides are shown to buy."""
        self.previews: dict[tuple[int, str, bool], list[str]] = {}
        self.changes.follow(session.campaign, session.revision, session.last_events)

    # --- following the game ---------------------------------------------------------------

    def holds(self) -> bool:
        """Dreams were read and the game moved on to a Day: show them first (a Dream with a
        choice goes on in the journal, which shows it)."""
        dreams = dream_entries(self.session)
        read = [event.entry for event in self.session.last_events
                if event.type == "entry_read" and event.entry in dreams]
        if read and self.session.pending().kind not in ("journal", "chance", "skill",
                                                         "destination", "item_cap"):
            self.dreams = [entry_passage(self.session.campaign, entry) for entry in read]
            return True
        return False

    def update(self, app: App, dt: float) -> None:
        super().update(app, dt)
        session = self.session
        self.changes.follow(session.campaign, session.revision, session.last_events)
        main = self.regions(app)["main"]
        self.labels, tiles = self.layout(app, main.inflate(-app.theme.px(32), -app.theme.px(28)))
        for tile in tiles.tiles:
            tile.key = next((b.key for b in self.actions.buttons if b.action == tile.action), "")
        self.tiles = tiles

    def layout(self, app: App, rect: pygame.Rect) -> tuple[list[Label], Tiles]:
        """The labels and tiles of what the End of Day asks now."""
        if self.ended:
            return self.night(app, rect)
        pending = self.session.pending()
        if pending.kind == "rest":
            return self.resting(app, rect)
        if pending.kind == "keep_card":
            return self.offer(app, rect)
        if pending.kind == "upgrade":
            return self.upgrading(app, rect)
        waits = pending_words(self.session.game)
        found, _below_labels = labels(_("The End of Day is not under way: the game waits on "
                                        "{decision}. Choose in the action bar below.").format(
            decision=waits), rect, app.theme, 22)
        return found, Tiles()

    # --- rest and Food ----------------------------------------------------------------------

    def resting(self, app: App, rect: pygame.Rect) -> tuple[list[Label], Tiles]:
        theme = app.theme
        session = self.session
        hero_id = session.pending().heroes[0]
        name = hero_name(session.campaign, hero_id)
        found = [Label(_("End of Day {day}: {hero} rests").format(day=session.game.state.day,
                                                                   hero=name), rect.topleft,
                       28, True)]
        more, y = labels(_("Eat 1 Food, or go hungry. Each character rests in turn, then spends "
                           "Exp and builds decks; the Dreams come last."),
                         pygame.Rect(rect.x, rect.y + theme.px(40), rect.width, 0), theme, 18,
                         colour="faint")
        legal = session.legal()
        tiles = []
        for eat, title in ((True, _("Eat 1 Food")), (False, _("Go hungry"))):
            action = next((a for a in legal if isinstance(a, Rest) and a.eat == eat), None)
            key = (session.revision, hero_id, eat)
            if action is not None and key not in self.previews:
                self.previews[key] = rest_preview(session, hero_id, eat)
            tiles.append(Tile(title, action, self.previews.get(key, []), size=22,
                              why="" if action else _("{hero} has no Food").format(hero=name)))
        top = y + theme.px(16)  # the tiles as tall as their words need, down to the bottom
        placed = grid(tiles, pygame.Rect(rect.x, top, rect.width, rect.bottom - top), theme, 2,
                      gap=16)
        return found + more, placed

    # --- upgrades and decks ---------------------------------------------------------------

    def upgrading(self, app: App, rect: pygame.Rect) -> tuple[list[Label], Tiles]:
        theme = app.theme
        session = self.session
        campaign, state = session.campaign, session.game.state
        hero_id = session.pending().heroes[0]
        hero = state.hero(hero_id)
        name = hero_name(campaign, hero_id)
        legal = session.legal()
        left = pygame.Rect(rect.x, rect.y, rect.width * 45 // 100, rect.height)
        right = pygame.Rect(left.right + theme.px(24), rect.y, rect.right - left.right
                            - theme.px(24), rect.height)
        found, y = labels(_("{hero}: {exp} Exp to spend").format(hero=name, exp=hero.exp), left,
                          theme, 26, True)
        more, y = labels(_("An Attribute point costs by its pair's total after buying."),
                         pygame.Rect(left.x, y + theme.px(2), left.width, 0), theme, 16,
                         colour="faint")
        found += more
        costs = attribute_costs(campaign, state, hero)
        tiles, sides = [], {}
        for first in PAIRS:
            for which in (first, OPPOSED[first]):
                level = attribute(campaign, hero, which)
                buys = [a for a in legal if isinstance(a, BuyAttribute) and a.attribute == which]
                plain = next((a for a in buys if a.skill is None), None)
                title = f"{resource_words(which)} {level} -> {level + 1}"
                if buys and plain is None:  # beyond the 2nd point: a Skill side [ATTR-4]
                    sides[which] = buys
                    tiles.append(Tile(title, (SKILLS, which), [
                        _("{cost} Exp, as a Skill side").format(cost=costs[which])]))
                elif plain is not None:
                    tiles.append(Tile(title, plain, [_("{cost} Exp").format(cost=costs[which])]))
                else:
                    tiles.append(Tile(title, None, why=self.why_not(hero.exp, costs[which],
                                                                    which)))
        if self.skill_for not in sides:
            self.skill_for = next(iter(sides), None)
        for tile in tiles:
            tile.tone = "accent" if tile.action == (SKILLS, self.skill_for) else ""
        room = left.bottom - theme.px(52)  # above Done
        placed = grid(tiles, pygame.Rect(left.x, y + theme.px(6), left.width,
                                         room - y - theme.px(6)), theme, 2, gap=6)
        cost, drawn, kept = deck_upgrade_cost(campaign, state)
        more, y = labels(_("Deck upgrade: {cost} Exp, draw {drawn} from the Advanced pool, keep "
                           "{kept}").format(cost=cost, drawn=drawn, kept=kept),
                         pygame.Rect(left.x, _below(placed, y) + theme.px(10), left.width, 0),
                         theme, 18, True)
        found += more
        decks = []
        for deck, pool in (("combat", hero.combat_pool), ("diplomacy", hero.diplomacy_pool)):
            action = next((a for a in legal if isinstance(a, DeckUpgrade) and a.deck == deck),
                          None)
            why = "" if action else (_("the Advanced pool is empty") if not pool
                                     else _("{cost} Exp, only {exp} held").format(
                                         cost=cost, exp=hero.exp))
            decks.append(Tile(_("Combat deck") if deck == "combat" else _("Diplomacy deck"),
                              action, [ngettext("{count} card in the Advanced pool",
                                                "{count} cards in the Advanced pool",
                                                len(pool)).format(count=len(pool))], why=why))
        upgrades = grid(decks, pygame.Rect(left.x, y + theme.px(4), left.width,
                                           room - y - theme.px(4)), theme, 2, gap=6)
        finish = next((a for a in legal if isinstance(a, FinishUpgrades)), None)
        done = column([Tile(_("Done: {hero} ends the upgrades").format(hero=name), finish)],
                      pygame.Rect(left.x, left.bottom - theme.px(44), left.width, theme.px(44)),
                      theme)
        y = _below(upgrades, y) + theme.px(10)
        lower = Tiles()
        if self.skill_for is not None:
            more, y = labels(_("Skill sides of {attribute}, {cost} Exp (the card's other side is "
                               "lost):").format(attribute=resource_words(self.skill_for),
                                                cost=costs[self.skill_for]),
                             pygame.Rect(left.x, y, left.width, 0), theme, 17, True)
            found += more
            lower = grid([Tile(campaign.skill_side[a.skill].name if a.skill else "", a,
                               compact=True) for a in sides[self.skill_for]],
                         pygame.Rect(left.x, y + theme.px(4), left.width,
                                     left.bottom - theme.px(52) - y), theme, 2, gap=4)
            if lower.hidden:
                found.append(Label(ngettext("{count} more in the action bar",
                                            "{count} more in the action bar",
                                            lower.hidden).format(count=lower.hidden),
                                   (left.x, _below(lower, y) + theme.px(2)), 15, colour="faint"))
        if placed.hidden or upgrades.hidden:
            found.append(Label(_("More upgrades than fit here: see the action bar"),
                               (left.x, room - theme.px(18)), 15, colour="faint"))
        deck_labels, rows = self.deck_lists(app, right)
        return found + deck_labels, Tiles(placed.tiles + upgrades.tiles + lower.tiles
                                          + done.tiles + rows.tiles)

    def why_not(self, exp: int, cost: int, name: str) -> str:
        """Why a point of an Attribute cannot be bought now, in words."""
        if exp < cost:
            return _("{cost} Exp, only {exp} held").format(cost=cost, exp=exp)
        if not free_skills(self.session.campaign, self.session.game.state, name):
            return _("no Skill card of it is left")
        return _("not open now")

    def deck_lists(self, app: App, rect: pygame.Rect) -> tuple[list[Label], Tiles]:
        """The decks and the cards set aside, each card a row that moves it when allowed."""
        theme = app.theme
        session = self.session
        campaign = session.campaign
        hero = session.game.state.hero(session.pending().heroes[0])
        legal = session.legal()
        minimum = campaign.manifest.rules.deck_minimum
        found, y = labels(ngettext("Decks: each keeps at least {minimum} card",
                                   "Decks: each keeps at least {minimum} cards", minimum).format(
            minimum=minimum), rect, theme, 22, True)
        more, top = labels(_("Click a card to set it aside (it stays with the character, never "
                             "back in the pool), or one set aside to take it back."),
                           pygame.Rect(rect.x, y, rect.width, 0), theme, 16, colour="faint")
        found += more
        top += theme.px(6)
        gap = theme.px(10)
        width = (rect.width - 2 * gap) // 3
        rows: list[Tile] = []
        lists = ((deck_words("combat"), hero.combat_deck, SetAside),
                 (deck_words("diplomacy"), hero.diplomacy_deck, SetAside),
                 (pgettext("the cards set aside", "Set aside"), hero.set_aside, TakeBack))
        for index, (title, cards, kind) in enumerate(lists):
            x = rect.x + index * (width + gap)
            count = _("{count} of at least {minimum}").format(count=len(cards), minimum=minimum) \
                if kind is SetAside else ngettext("{count} card", "{count} cards",
                                                  len(cards)).format(count=len(cards))
            colour = "bad" if kind is SetAside and len(cards) <= minimum else "faint"
            found += [Label(title, (x, top), 19, True), Label(count, (x, top + theme.px(22)), 16,
                                                            colour=colour)]
            shown = sorted(set(cards), key=lambda card: player_card_name(campaign, card))
            area = pygame.Rect(x, top + theme.px(46), width, rect.bottom - top - theme.px(46))
            made = []
            for card in shown[self.deck_scroll:]:
                action = kind(hero=hero.id, card=card)
                copies = cards.count(card)
                label = player_card_name(campaign, card) + (f" \u00d7{copies}" if copies > 1
                                                             else "")
                made.append(Tile(label, action if action in legal else None, compact=True,
                                 why="" if action in legal else _("at the minimum")))
            placed = column(made, area, theme, gap=3)
            rows += placed.tiles
            if placed.hidden:
                found.append(Label(ngettext("{count} more: wheel", "{count} more: wheel",
                                            placed.hidden).format(count=placed.hidden),
                                   (x, rect.bottom
                                                                    - theme.px(2)), 15,
                                   colour="faint"))
        return found, Tiles(rows)

    # --- a deck upgrade's cards -------------------------------------------------------------

    def offer(self, app: App, rect: pygame.Rect) -> tuple[list[Label], Tiles]:
        theme = app.theme
        session = self.session
        state = session.game.state
        name = hero_name(session.campaign, session.pending().heroes[0])
        deck = state.offer_deck or "combat"
        drawn = len(state.offer)
        kept = ngettext("{hero} keeps 1 of the {count} diplomacy card drawn",
                        "{hero} keeps 1 of the {count} diplomacy cards drawn", drawn) \
            if deck == "diplomacy" else \
            ngettext("{hero} keeps 1 of the {count} combat card drawn",
                     "{hero} keeps 1 of the {count} combat cards drawn", drawn)
        found = [Label(kept.format(hero=name, count=drawn), rect.topleft, 28, True)]
        more, y = labels(_("The card kept joins the deck; the others go back to the Advanced "
                           "pool, which is shuffled."), pygame.Rect(rect.x, rect.y + theme.px(40),
                                                                 rect.width, 0), theme, 18,
                         colour="faint")
        cards = [Tile(player_card_name(session.campaign, action.card), action,
                      card_lines(session.campaign, action.card), size=19)
                 for action in session.legal() if isinstance(action, KeepCard)]
        width = min(rect.width, len(cards) * theme.px(360))
        area = pygame.Rect(rect.x, y + theme.px(16), width, rect.bottom - y - theme.px(16))
        columns = max(1, len(cards))
        tall = max([theme.px(560)] + [card.height(theme, width // columns) for card in cards])
        return found + more, grid(cards, area, theme, columns, min(tall, area.height), gap=16)

    # --- the night ------------------------------------------------------------------------

    def night(self, app: App, rect: pygame.Rect) -> tuple[list[Label], Tiles]:
        theme = app.theme
        found = [Label(_("Night falls: the Dreams"), rect.topleft, 28, True)]
        y = rect.y + theme.px(44)
        for passage in self.dreams:
            found += [Label(passage.where, (rect.x, y), 16, colour="faint"),
                      Label(passage.title, (rect.x, y + theme.px(20)), 24, True)]
            text, y = labels(passage.text, pygame.Rect(rect.x, y + theme.px(50), rect.width, 0),
                             theme, 22)
            found += text
            y += theme.px(18)
        return found, column([self.continue_tile()], pygame.Rect(
            rect.x, rect.bottom - theme.px(64), rect.width // 2, theme.px(64)), theme)

    # --- input and drawing ------------------------------------------------------------------

    def handle_view(self, app: App, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            tile = self.tiles.at(event.pos)
            if tile is None:
                return False
            if isinstance(tile.action, tuple) and tile.action[0] == SKILLS:
                self.skill_for = tile.action[1]
            elif tile.enabled:
                self.choose(app, Button(tile.rect, tile.title, tile.action, key=tile.key))
            else:
                self.notice = tile.why or _("Not open now.")
            return True
        if event.type == pygame.MOUSEWHEEL and self.regions(app)["main"].collidepoint(
                pygame.mouse.get_pos()):
            self.deck_scroll = max(0, self.deck_scroll - event.y)
            return True
        return False

    def act(self, app: App, action: Any) -> None:
        super().act(app, action)
        self.deck_scroll = 0 if isinstance(action, FinishUpgrades) else self.deck_scroll

    def draw_view(self, app: App, surface: pygame.Surface, rect: pygame.Rect) -> None:
        clip = surface.get_clip()
        surface.set_clip(rect)  # a small window at a large scale cuts, never spills
        for label in self.labels:
            label.draw(surface, app.theme)
        self.tiles.draw(surface, app.theme, pygame.mouse.get_pos())
        if self.session.pending().kind == "keep_card" and not self.ended:
            self.draw_faces(app, surface)
        surface.set_clip(clip)

    def draw_faces(self, app: App, surface: pygame.Surface) -> None:
        """Each card offered, drawn as in a fight, under its words [UPG-2]."""
        theme = app.theme
        campaign = self.session.campaign
        offered = [tile for tile in self.tiles.tiles if isinstance(tile.action, KeepCard)]
        top = max((tile.rect.y + tile.height(theme, tile.rect.width) for tile in offered),
                  default=0)  # one line of faces, so that their keys line up
        for tile in offered:
            card = campaign.card[tile.action.card]
            width = min(tile.rect.width - theme.px(28), theme.px(190))
            height = min(tile.rect.bottom - top - theme.px(10), width * 3 // 2)
            if height < theme.px(120):
                continue  # no room at this size: the words say it all
            rect = pygame.Rect(0, top, width, height)
            rect.centerx = tile.rect.centerx
            rows = max([3, *(key.at for key in (*card.left, *card.right))])
            marks = Marks(abilities=tuple(ability_lines(campaign, self.session.game.state, card)))
            draw_card(surface, Frame(rect, rows, theme, roomy([(rect, marks)], rows, theme)),
                      card, marks)

    def draw_side(self, app: App, surface: pygame.Surface, rect: pygame.Rect) -> None:
        theme = app.theme
        game = self.session.game
        inner = rect.inflate(-theme.px(24), -theme.px(24))
        pending = self.session.pending()
        deciding = pending.heroes[0] if pending.heroes and not self.ended else None
        font = theme.font(20, bold=True)
        draw_text(surface, _("The night is over") if self.ended else _("Tonight, in order"),
                  inner.topleft, font, theme["ink"])
        y = inner.y + font.get_linesize() + theme.px(6)
        small = theme.font(16)
        heroes = game.state.heroes
        room = inner.bottom - theme.px(24) - 3 * small.get_linesize()  # What changed, 2 lines
        scratch = pygame.Surface(inner.size)  # a block's height, drawn where none sees it
        block = draw_hero(scratch, game, heroes[0].id, (0, 0), inner.width, theme) \
            - theme.px(4) + small.get_linesize() + theme.px(8) if heroes else 0
        each = small.get_linesize()  # whole blocks, and a line for each of the others
        fits = max(1, (room - y - len(heroes) * each) // max(1, block - each))
        whole = shown_whole([hero.id for hero in heroes], deciding, fits)
        for hero in heroes:  # the rest a line each: nobody left out
            done = _night_done(hero.rested, hero.upgraded) if not self.ended else ""
            if hero.id not in whole:
                line = _("{hero}: {done}").format(hero=hero_name(game.campaign, hero.id),
                                                  done=done) if done \
                    else hero_name(game.campaign, hero.id)
                draw_text(surface, line, (inner.x, y), small, theme["faint"])
                y += small.get_linesize()
                continue
            y = draw_hero(surface, game, hero.id, (inner.x, y), inner.width, theme,
                          current=hero.id == deciding) - theme.px(4)
            if done:
                draw_text(surface, done, (inner.x, y), small, theme["faint"])
                y += small.get_linesize()
            y += theme.px(8)
        draw_changes(surface, self.changes.lines,
                     pygame.Rect(inner.x, y + theme.px(8), inner.width, inner.bottom - y), theme)



def _night_done(rested: bool, upgraded: bool) -> str:
    """How far a character has come through the End of Day, in words."""
    if upgraded:
        return _("rested, upgrades done") if rested else _("to rest, upgrades done")
    return _("rested") if rested else _("to rest")
