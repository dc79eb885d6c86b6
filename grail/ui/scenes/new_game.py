"""A new campaign: the heroes (1 to 4, each with its colour and letter, number and the start
of its intro letter), the mode (story, normal, challenge and which Challenge rules), a
companion game or not, an optional seed and the save's name; then the game starts.

Keys: 1-4 choose heroes, M changes the mode, C turns the companion game on or off; Tab or
Up/Down move between the parts, Space or Enter use the one selected, and Enter in the seed
or the name starts the game; Esc goes back. The save's name is confined to the save folder
(:func:`grail.save.folder.save_path`); an existing save is replaced only if you say so.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pygame

from grail.content import Campaign
from grail.content.heroes import Hero
from grail.engine.modes import CHALLENGE_RULES, MODES
from grail.engine.setup import SetupError
from grail.engine.state import ChallengeRule, Mode
from grail.lang import N_, Messages, _, listed, ngettext, pgettext
from grail.save import SaveError
from grail.save.folder import SaveNameError, free_name, save_path, saves_folder
from grail.session import Session
from grail.words.names import challenge_rule_words, mode_name
from grail.words.refusals import setup_words

from ..app import App, Scene
from ..boards import draw_token
from ..choices import ChoiceScene, Entry, TextField
from ..theme import HERO_COLOURS
from ..widgets import draw_lines, draw_text, shade, wrap
from .confirm import ConfirmScene

MODE_TEXT = Messages({
    "story": N_("Story: gentler; player-scaled effects count one character fewer, and it can "
                "be left at any time."),
    "normal": N_("Normal: the rulebook's game."),
    "challenge": N_("Challenge: harder; its rules may be adopted whole or one by one.")})
"""What each mode is, under the mode's buttons."""


def mode_button(mode: str) -> str:
    """A mode as its button names it."""
    return {"story": pgettext("mode", "story"), "normal": pgettext("mode", "normal"),
            "challenge": pgettext("mode", "challenge")}.get(mode, mode)


def hero_colour(colour: str) -> str:
    """A hero's deck colour, in words (told beside its letter, never alone)."""
    return {"green": _("green"), "blue": _("blue"), "brown": _("brown"),
            "grey": _("grey")}.get(colour, colour)


def hero_letter(hero: Hero) -> str:
    """The letter a hero carries beside its colour: its name's initial."""
    return hero.name[0].upper()


def short_intro(hero: Hero) -> str:
    """The intro letter's first two sentences."""
    found = re.match(r"(.+?[.!?]\s+){1,2}", hero.intro + " ")
    return found.group(0).strip() if found else hero.intro



class NewGameScene(Scene):
    """Setting up a new campaign."""

    def __init__(self, campaign: Campaign, pack: str | None, folder: Path | None = None) -> None:
        self.campaign, self.pack = campaign, pack
        self.folder = folder or saves_folder()
        self.heroes = sorted(campaign.heroes, key=lambda hero: hero.number)
        self.chosen: list[str] = []
        self.mode: Mode = "normal"
        self.companion = False
        self.rules: list[ChallengeRule] = list(CHALLENGE_RULES)
        self.seed = TextField(placeholder=_("random"), digits=True)
        """The same seed makes the same draws."""
        self.name = TextField(placeholder=free_name(self.folder))
        self.focus: tuple[str, str] = ("hero", self.heroes[0].id)
        """The part Space and Enter use, and typing goes to."""
        self.rects: list[tuple[tuple[str, str], pygame.Rect]] = []
        self.notice = ""
        fewest, most = campaign.manifest.players
        self.fewest, self.most = fewest, min(most, len(self.heroes))

    # --- the parts, in the order Tab visits them ---------------------------------------

    def items(self) -> list[tuple[str, str]]:
        found = [("hero", hero.id) for hero in self.heroes]
        found += [("mode", mode) for mode in MODES]
        found += [("rules", "")] if self.mode == "challenge" else []
        found += [("companion", "")] + ([] if self.companion else [("seed", "")])
        return [*found, ("name", ""), ("start", ""), ("back", "")]

    def layout(self, app: App) -> None:
        """Every part's rectangle: heroes on the left; on the right the options, spaced out
        as far as the window allows, and Start at the bottom."""
        px = app.theme.px
        width, height = app.size
        top = px(86)
        left = pygame.Rect(px(24), top, width * 11 // 20, height - top - px(90))
        right = pygame.Rect(left.right + px(32), top, width - left.right - px(56), left.height)
        card = min(px(150), (left.height - 3 * px(10)) // max(1, len(self.heroes)))
        rects = {("hero", hero.id): pygame.Rect(left.x, left.y + i * (card + px(10)), left.width,
                                                card) for i, hero in enumerate(self.heroes)}
        bottom = height - px(70)
        rects[("start", "")] = pygame.Rect(right.x, bottom, right.width * 3 // 5, px(50))
        rects[("back", "")] = pygame.Rect(right.x + right.width * 3 // 5 + px(10), bottom,
                                          right.width * 2 // 5 - px(10), px(50))
        blocks = [px(42) + px(46), px(42) if self.mode == "challenge" else 0, px(42),
                  px(26) + px(40)]
        room = bottom - px(90) - right.y
        gap = max(px(8), min(px(36), (room - sum(blocks)) // len(blocks)))
        y = right.y
        third = (right.width - 2 * px(8)) // 3
        for i, mode in enumerate(MODES):
            rects[("mode", mode)] = pygame.Rect(right.x + i * (third + px(8)), y, third, px(42))
        y += blocks[0] + gap
        if self.mode == "challenge":
            rects[("rules", "")] = pygame.Rect(right.x, y, right.width, px(42))
            y += blocks[1] + gap
        rects[("companion", "")] = pygame.Rect(right.x, y, right.width, px(42))
        y += blocks[2] + gap + px(26)
        seed = 0 if self.companion else right.width * 2 // 5  # a companion game has none
        rects[("seed", "")] = pygame.Rect(right.x, y, seed - px(10), px(40))
        rects[("name", "")] = pygame.Rect(right.x + seed, y, right.width - seed, px(40))
        self.rects = [(item, rects[item]) for item in self.items()]

    def update(self, app: App, dt: float) -> None:
        self.layout(app)

    def focused(self) -> tuple[str, str]:
        return self.focus

    # --- input -------------------------------------------------------------------------

    def handle(self, app: App, event: pygame.event.Event) -> None:
        kind = self.focused()[0]
        field = self.seed if kind == "seed" else self.name if kind == "name" else None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_TAB, pygame.K_UP,
                                                          pygame.K_DOWN):
            back = event.key == pygame.K_UP or (event.key == pygame.K_TAB
                                                and event.mod & pygame.KMOD_SHIFT)
            items = self.items()
            index = items.index(self.focus) if self.focus in items else -1
            self.focus = items[(index + (-1 if back else 1)) % len(items)]
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            app.pop()
        elif field is not None and field.handle(event):
            self.notice = ""
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            # on a hero, Enter chooses the first one and then starts (1, 2, Enter): it never
            # takes a hero out again, Space and the number keys do
            starts = field is not None or (kind == "hero" and bool(self.chosen))
            self.use(app, ("start", "") if starts else self.focused())
        elif event.type == pygame.KEYDOWN and field is None:
            self.key(app, event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for item, rect in self.rects:
                if rect.collidepoint(event.pos):
                    self.focus = item
                    self.use(app, item)

    def key(self, app: App, event: pygame.event.Event) -> None:
        name = pygame.key.name(event.key)
        if name.isascii() and name.isdigit() and 1 <= int(name) <= len(self.heroes):
            self.use(app, ("hero", self.heroes[int(name) - 1].id))
        elif event.key == pygame.K_m:
            self.use(app, ("mode", MODES[(MODES.index(self.mode) + 1) % len(MODES)]))
        elif event.key == pygame.K_c:
            self.use(app, ("companion", ""))
        elif event.key == pygame.K_r and self.mode == "challenge":
            self.use(app, ("rules", ""))
        elif event.key == pygame.K_SPACE:
            self.use(app, self.focused())

    def use(self, app: App, item: tuple[str, str]) -> None:
        """Choose a hero, a mode, a rule, the companion game; start; go back."""
        kind, value = item
        self.notice = ""
        if kind == "hero" and value in self.chosen:
            self.chosen.remove(value)
        elif kind == "hero" and len(self.chosen) >= self.most:
            self.notice = ngettext("At most {count} hero: take one out first.",
                                   "At most {count} heroes: take one out first.",
                                   self.most).format(count=self.most)
        elif kind == "hero":
            numbers = {hero.id: hero.number for hero in self.heroes}
            self.chosen = sorted([*self.chosen, value], key=numbers.__getitem__)
        elif kind == "mode":
            self.mode = value  # type: ignore[assignment]  # one of MODES
        elif kind == "rule":
            self.rules = [rule for rule in CHALLENGE_RULES
                          if (rule in self.rules) != (rule == value)]
        elif kind == "rules":
            app.push(RulesScene(self))
        elif kind == "companion":
            self.companion = not self.companion
        elif kind == "start":
            self.start(app)
        elif kind == "back":
            app.pop()

    def start(self, app: App, overwrite: bool = False) -> None:
        """Check the choices, ask before replacing a save, and begin the game."""
        if not self.fewest <= len(self.chosen) <= self.most:
            self.notice = _("Choose {fewest} to {most} heroes (keys 1-{keys} or click "
                            "them).").format(fewest=self.fewest, most=self.most,
                                             keys=len(self.heroes))
            return
        try:
            path = save_path(self.folder, self.name.text or self.name.placeholder)
        except SaveNameError as error:
            self.notice = _("Save name: {error}.").format(error=error)
            return
        if path.exists() and not overwrite:
            app.push(ConfirmScene(_("Replace the save '{name}'?").format(name=path.stem),
                                  _("A save of that name exists; the new campaign takes its "
                                    "place, and the old game is lost."),
                                  lambda: self.start(app, overwrite=True)))
            return
        seed = 0 if self.companion else int(self.seed.text) if self.seed.text else \
            random.SystemRandom().randrange(1, 1_000_000)
        rules = None if self.mode != "challenge" or len(self.rules) == len(CHALLENGE_RULES) \
            else self.rules
        pack = Path(self.pack) if self.pack else None
        try:  # some Challenge rules only, if so chosen [MODE-CHALLENGE-1]
            session = Session.start(self.campaign, self.chosen, seed, self.mode,
                                    self.companion, path, pack, rules)
        except SetupError as error:
            self.notice = setup_words(self.campaign, error)
            return
        except SaveError as error:
            self.notice = str(error)
            return
        told = _("New campaign saved as '{name}': {mode}, a companion game.") if self.companion \
            else _("New campaign saved as '{name}': {mode}, seed {seed}.")
        session.log.append(told.format(name=path.stem, mode=mode_name(self.mode), seed=seed))
        app.home(session, self.pack)

    # --- drawing -----------------------------------------------------------------------

    def draw(self, app: App, surface: pygame.Surface) -> None:
        theme = app.theme
        px = theme.px
        draw_text(surface, _("New campaign: {name}").format(name=self.campaign.manifest.name),
                  (px(24), px(22)), theme.font(30, bold=True), theme["ink"])
        label = theme.font(20, bold=True)
        rects = dict(self.rects)
        first = rects[("hero", self.heroes[0].id)]
        draw_text(surface, _("Heroes: choose {fewest} to {most} (keys 1-{keys})").format(
            fewest=self.fewest, most=self.most, keys=len(self.heroes)),
            (first.x, first.y - px(26)), label, theme["ink"])
        for hero in self.heroes:
            self.draw_hero(app, surface, hero, rects[("hero", hero.id)])
        mode = rects[("mode", MODES[0])]
        draw_text(surface, _("Mode (M)"), (mode.x, mode.y - px(26)), label, theme["ink"])
        for item, rect in self.rects:
            kind, value = item
            if kind == "mode":
                self.draw_button(app, surface, rect, mode_button(value), self.mode == value, item)
            elif kind == "rules":
                self.draw_button(app, surface, rect, _("Challenge rules (R): {adopted}").format(
                    adopted=self.adopted()), False, item)
            elif kind == "companion":
                text = _("Companion game (C): yes, the table enters every draw and roll") \
                    if self.companion else _("Companion game (C): no, grail draws")
                self.draw_button(app, surface, rect, text, self.companion, item)
            elif kind in ("seed", "name"):
                optional = _("Seed (optional)")
                text = _("Save name") if kind == "name" else optional \
                    if label.size(optional)[0] < rect.width else _("Seed")
                draw_text(surface, text, (rect.x, rect.y - px(26)), label, theme["ink"])
                field = self.seed if kind == "seed" else self.name
                field.draw(surface, rect, theme, self.focused() == item)
            elif kind in ("start", "back"):
                text = _("Start the campaign") if kind == "start" else _("Back (Esc)")
                self.draw_button(app, surface, rect, text, kind == "start", item)
        small = theme.font(17)
        below = rects[("mode", MODES[0])]
        width = rects[("companion", "")].width
        draw_lines(surface, wrap(MODE_TEXT[self.mode], small, width), (below.x, below.bottom
                                                                        + px(8)), small,
                   theme["faint"])
        start = rects[("start", "")]
        text, colour = (self.notice, theme["bad"]) if self.notice else (self.summary(),
                                                                        theme["ink"])
        lines = wrap(text, theme.font(19), width)[:4]
        draw_lines(surface, lines, (start.x, start.y - px(12) - len(lines)
                                    * theme.font(19).get_linesize()), theme.font(19), colour)
        hint = "   ".join([_("Tab or Up/Down: move"), _("Space: choose"), _("Enter: start"),
                           _("Esc: back")])
        draw_text(surface, hint, (px(24), app.size[1] - px(30)), small, theme["faint"])

    def summary(self) -> str:
        """The campaign that Start would begin, in words."""
        if not self.chosen:
            return _("Choose the heroes on the left.")
        names = [hero.short_name for hero in self.heroes if hero.id in self.chosen]
        draws = _("the table drawing") if self.companion else \
            _("seed {seed}").format(seed=self.seed.text) if self.seed.text else _("a random seed")
        text = _("Ready: {heroes}, {mode} ({rules}), {draws}; saved as '{name}'.") \
            if self.mode == "challenge" else _("Ready: {heroes}, {mode}, {draws}; saved as "
                                               "'{name}'.")
        return text.format(heroes=listed(names), mode=mode_name(self.mode), rules=self.adopted(),
                           draws=draws, name=self.name.text or self.name.placeholder)

    def adopted(self) -> str:
        """How many Challenge rules are adopted, in words."""
        if len(self.rules) == len(CHALLENGE_RULES):
            return _("all adopted")
        return _("{count} of {total} adopted").format(count=len(self.rules),
                                                      total=len(CHALLENGE_RULES))

    def draw_hero(self, app: App, surface: pygame.Surface, hero: Hero, rect: pygame.Rect) -> None:
        """A hero's card: token, name, number and colour, the start of its intro."""
        theme = app.theme
        px = theme.px
        chosen = hero.id in self.chosen
        pygame.draw.rect(surface, theme["card"], rect, border_radius=px(6))
        border = theme["accent"] if chosen else theme["line"]
        pygame.draw.rect(surface, border, rect, px(4) if chosen else 1, border_radius=px(6))
        if self.focused() == ("hero", hero.id):
            pygame.draw.rect(surface, theme["highlight"], rect.inflate(px(6), px(6)),
                             max(1, px(3)), border_radius=px(8))
        radius = min(px(30), rect.height // 2 - px(8))
        draw_token(surface, (rect.x + px(16) + radius, rect.y + px(12) + radius), radius,
                   HERO_COLOURS.get(hero.colour, theme["faint"]), hero_letter(hero), theme,
                   round(radius * 1.2))
        x = rect.x + 2 * radius + px(32)
        name = theme.font(22, bold=True)
        draw_text(surface, hero.name, (x, rect.y + px(10)), name, theme["ink"])
        small = theme.font(17)
        key = self.heroes.index(hero) + 1
        about = _("Character {number} · {colour} ({letter}) · key {key}").format(
            number=hero.number, colour=hero_colour(hero.colour), letter=hero_letter(hero), key=key)
        draw_text(surface, about, (x, rect.y + px(10) + name.get_linesize()), small,
                  theme["faint"])
        if chosen:  # a tag, not the border's colour alone
            tag = small.render(_("Chosen"), True, theme["accent_ink"])
            box = tag.get_rect(topright=(rect.right - px(14), rect.y + px(12))).inflate(px(14),
                                                                                     px(6))
            pygame.draw.rect(surface, theme["accent"], box, border_radius=px(4))
            surface.blit(tag, tag.get_rect(center=box.center))
        text = theme.font(18)
        top = rect.y + px(14) + name.get_linesize() + small.get_linesize()
        room = max(0, (rect.bottom - px(6) - top) // text.get_linesize())
        lines = wrap(short_intro(hero), text, rect.right - x - px(12))
        if len(lines) > room:
            lines = lines[:room]
            if lines:
                lines[-1] = lines[-1].rstrip(".,;") + "…"
        draw_lines(surface, lines, (x, top), text, theme["ink"])

    def draw_button(self, app: App, surface: pygame.Surface, rect: pygame.Rect, text: str,
                    on: bool, item: tuple[str, str]) -> None:
        theme = app.theme
        fill, ink = (theme["accent"], theme["accent_ink"]) if on else (theme["panel"],
                                                                        theme["ink"])
        pygame.draw.rect(surface, fill, rect, border_radius=theme.px(5))
        focused = self.focused() == item
        pygame.draw.rect(surface, theme["highlight"] if focused else theme["line"], rect,
                         max(1, theme.px(3 if focused else 1)), border_radius=theme.px(5))
        font = theme.font(19)
        line = wrap(text, font, rect.width - theme.px(16))[0]
        draw_text(surface, line, (rect.x + theme.px(8), rect.centery - font.get_height() // 2),
                  font, ink)


class RulesScene(ChoiceScene):
    """Which Challenge rules the new campaign adopts [MODE-CHALLENGE-1]; 1-9 turn one on or
    off, Esc or Done goes back."""

    opaque = False
    title = N_("Challenge rules")
    width, tall, pitch = 860, 34, 40

    def __init__(self, setup: NewGameScene) -> None:
        super().__init__()
        self.setup = setup

    def subtitle(self) -> str:
        return _("Adopt them whole or one by one. Keys 1-9 turn a rule on or off.")

    def entries(self, app: App) -> list[Entry]:
        rules = [Entry((_("On:  {rule}") if rule in self.setup.rules else _("Off:  {rule}"))
                       .format(rule=challenge_rule_words(rule)), str(number), rule)
                 for number, rule in enumerate(CHALLENGE_RULES, 1)]
        return [*rules, Entry(_("Done"), "Esc", "done")]

    def do(self, app: App, what: str) -> None:
        if what == "done":
            app.pop()
        else:
            self.setup.use(app, ("rule", what))

    def back(self, app: App) -> None:
        app.pop()

    def draw(self, app: App, surface: pygame.Surface) -> None:
        shade(surface)
        super().draw(app, surface)
