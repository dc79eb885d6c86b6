"""What changed, and the side panel that shows it: the events of the last actions as short
lines, each with a tone (good for a gain, bad for a loss, plain for the rest), under the
characters concerned with their meters and resources (the side panel of the journal, the
End of Day and the table's answer). The engine's events say what happened; this only words
them. Each character carries its letter beside its colour, so that nothing is told by
colour alone (theme.py).

>>> from grail.content import load_pack, bundled_pack
>>> from grail.engine.events import ResourcesChanged, StatusMarked
>>> campaign = load_pack(bundled_pack())
>>> [(c.text, c.tone) for c in changes(campaign, [
...     ResourcesChanged(hero="tamsin", changes={"food": 1, "terror": 1, "wealth": 0})])]
[('Tamsin Vell: +1 Food', 'good'), ('Tamsin Vell: +1 Terror', 'bad')]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from grail.content import Campaign
from grail.engine.game import Game
from grail.lang import _
from grail.words.events import Change, changes
from grail.words.names import hero_name

from .theme import HERO_COLOURS, Theme
from .widgets import draw_lines, draw_text, wrap

KEPT = 12
"""Lines of "what changed" a view keeps."""


class ChangeList:
    """The newest lines of what changed, kept by a view while it is shown: it adds the
    session's newest events each time the game changes.

    >>> from grail.content import load_pack, bundled_pack
    >>> from grail.engine.events import ResourcesChanged
    >>> kept = ChangeList()
    >>> event = ResourcesChanged(hero="tamsin", changes={"food": -1})
    >>> kept.follow(load_pack(bundled_pack()), 1, [event]); [c.text for c in kept.lines]
    ['Tamsin Vell: \u22121 Food']
    """

    def __init__(self) -> None:
        self.lines: list[Change] = []
        self.seen = -1

    def follow(self, campaign: Campaign, revision: int, events: Sequence[Any]) -> None:
        """Add what ``events`` changed, once for each ``revision`` of the session."""
        if revision == self.seen:
            return
        self.seen = revision
        self.lines = [*self.lines, *changes(campaign, events)][-KEPT:]


def hero_lines(game: Game, hero_id: str) -> list[str]:
    """A character's meters (with their tops) and resources in two lines."""
    hero = game.state.hero(hero_id)
    meters = game.campaign.hero[hero_id].meters
    return [_("Energy {energy}/{energy_max} \u00b7 Health {health}/{health_max} \u00b7 "
              "Terror {terror}/{terror_max}").format(
                energy=hero.energy, energy_max=meters.energy.max, health=hero.health,
                health_max=meters.health.max, terror=hero.terror, terror_max=meters.terror.max),
            _("Food {food} \u00b7 Wealth {wealth} \u00b7 Rep {rep} \u00b7 Magic {magic} \u00b7 "
              "Exp {exp}").format(food=hero.food, wealth=hero.wealth, rep=hero.rep,
                                  magic=hero.magic, exp=hero.exp)]


def draw_hero(surface: pygame.Surface, game: Game, hero_id: str, at: tuple[int, int],
              width: int, theme: Theme, current: bool = False) -> int:
    """A character's name with its colour and letter, meters and resources; the y below."""
    x, y = at
    name = hero_name(game.campaign, hero_id)
    colour = HERO_COLOURS.get(game.campaign.hero[hero_id].colour, theme["line"])
    badge = pygame.Rect(x, y, theme.px(24), theme.px(24))
    pygame.draw.rect(surface, colour, badge, border_radius=theme.px(4))
    letter = theme.font(18, bold=True)
    size = letter.size(name[0])
    draw_text(surface, name[0], (badge.centerx - size[0] // 2, badge.centery - size[1] // 2),
              letter, (255, 255, 255))
    title = theme.font(20, bold=True)
    draw_text(surface, _("{hero} (deciding)").format(hero=name) if current else name,
              (badge.right + theme.px(8), y + theme.px(3)), title,
              theme["accent"] if current else theme["ink"])
    small = theme.font(16)
    lines = [line for text in hero_lines(game, hero_id) for line in wrap(text, small, width)]
    return draw_lines(surface, lines, (x, y + theme.px(30)), small, theme["ink"]) + theme.px(8)


def draw_heroes(surface: pygame.Surface, game: Game, heroes: Sequence[str], rect: pygame.Rect,
                theme: Theme, deciding: str | None = None) -> int:
    """Several characters one under another from the top of ``rect``; the y below."""
    y = rect.y
    for hero_id in heroes:
        if hero_id not in game.campaign.hero or y > rect.bottom - theme.px(60):
            continue
        y = draw_hero(surface, game, hero_id, (rect.x, y), rect.width, theme,
                      current=hero_id == deciding and len(heroes) > 1)
    return y


def draw_changes(surface: pygame.Surface, lines: Sequence[Change], rect: pygame.Rect,
                 theme: Theme, title: str | None = None) -> None:
    """The newest lines of what changed, newest last, with the tone's colour; as many as
    fit under the title ("What changed" unless told)."""
    font = theme.font(20, bold=True)
    draw_text(surface, _("What changed") if title is None else title, rect.topleft, font,
              theme["ink"])
    pygame.draw.line(surface, theme["line"], (rect.x, rect.y + font.get_linesize()),
                     (rect.right, rect.y + font.get_linesize()))
    small = theme.font(16)
    body = pygame.Rect(rect.x, rect.y + font.get_linesize() + theme.px(6), rect.width,
                       rect.height - font.get_linesize() - theme.px(6))
    if not lines:
        draw_lines(surface, wrap(_("Nothing yet: gains, losses, Statuses, Secrets and Items "
                                   "appear here as they happen."), small, body.width),
                   body.topleft, small, theme["faint"])
        return
    colours = {"good": theme["good"], "bad": theme["bad"], "plain": theme["ink"]}
    wrapped = [(line, change.tone) for change in lines
               for line in wrap(f"\u2022 {change.text}", small, body.width)]
    visible = max(1, body.height // small.get_linesize())
    y = body.y
    for line, tone in wrapped[-visible:]:
        draw_text(surface, line, (body.x, y), small, colours[tone])
        y += small.get_linesize()
