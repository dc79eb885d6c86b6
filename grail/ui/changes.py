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

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

import pygame

from grail.cli.game import action_text
from grail.content import Campaign
from grail.engine.game import Game
from grail.words.events import event_text
from grail.words.names import hero_name, item_name, outcome_name, place_name, secret_name

from .theme import HERO_COLOURS, Theme
from .widgets import draw_lines, draw_text, wrap

Tone = Literal["good", "bad", "plain"]

WORSE_WHEN_GAINED = frozenset({"terror"})
"""Meters a character would rather not gain."""

KEPT = 12
"""Lines of "what changed" a view keeps."""


@dataclass(frozen=True)
class Change:
    """One line of what changed."""

    text: str
    tone: Tone = "plain"


def _signed(hero: str, name: str, amount: int) -> Change:
    worse = (amount > 0) == (name in WORSE_WHEN_GAINED)
    sign = "+" if amount > 0 else "\u2212"
    return Change(f"{hero}: {sign}{abs(amount)} {name.capitalize()}", "bad" if worse else "good")


def _status(campaign: Campaign, status_id: str) -> str:
    found = next((s for s in campaign.manifest.game_sheet.statuses if s.id == status_id), None)
    return found.name if found is not None else status_id


def named(campaign: Campaign, text: str) -> str:
    """``text`` with the ids of heroes, cards, Encounters, events and Statuses in it
    replaced by their names."""
    def name(match: re.Match[str]) -> str:
        word = match.group(0)
        if word in campaign.hero:
            return hero_name(campaign, word)
        card = campaign.card.get(word) or campaign.encounter.get(word)
        if card is not None:
            return card.name
        event = campaign.event.get(word)
        return event.title if event is not None else _status(campaign, word)

    return re.sub(r"[a-z][a-z0-9-]*", name, text)


def action_label(game: Game, action: Any) -> str:
    """A legal action in words, as the terminal says it, with names for ids: a button's text."""
    return named(game.campaign, action_text(game, action))


def change_of(campaign: Campaign, event: Any) -> list[Change]:
    """The lines one event makes; none for events told elsewhere (an entry's text, the
    details of a fight)."""
    kind = event.type
    if kind == "resources_changed":
        who = hero_name(campaign, event.hero)
        return [_signed(who, name, amount) for name, amount in event.changes.items() if amount]
    if kind == "energy_spent":
        return [_signed(hero_name(campaign, event.hero), "energy", -event.amount)]
    if kind == "meters_changed":
        return [Change(f"{hero_name(campaign, event.hero)}: Energy {event.energy}, Health "
                       f"{event.health}, Terror {event.terror}, Food {event.food} "
                       f"({event.reason})")]
    if kind == "status_marked":
        part = f", part {event.part}" if event.part is not None else ""
        return [Change(f"Game Sheet: {_status(campaign, event.status)}{part} "
                       f"{'marked' if event.marked else 'cleared'}")]
    if kind == "card_gained":
        name = secret_name(campaign, event.number) if event.kind == "secret" \
            else item_name(campaign, event.number)
        verb = "gains" if event.gained else "loses"
        return [Change(f"{hero_name(campaign, event.hero)} {verb} {event.kind.capitalize()} "
                       f"{event.number}: {name}", "good" if event.gained else "bad")]
    if kind == "quest_changed":
        quest = campaign.quest.get(event.quest)
        return [Change(f"Quest {event.change}: {quest.name if quest else event.quest}",
                       "good" if event.change == "completed" else "plain")]
    if kind == "task_logged":
        return [Change(f"Task {'opened' if event.open else 'closed'}: {event.task}")]
    if kind == "hero_moved":
        return [Change(f"{hero_name(campaign, event.hero)} goes to "
                       f"{place_name(campaign, event.to)}")]
    if kind == "location_revealed":
        return [Change(f"Revealed: {place_name(campaign, event.number)}")]
    if kind == "location_discarded":
        return [Change(f"Gone from the map: {place_name(campaign, event.number)}", "bad")]
    if kind == "chance_drawn":
        return [Change(f"{event.point[:1].upper()}{event.point[1:]}: "
                       f"{outcome_name(campaign, event.point, event.outcome)}")]
    if kind == "encounter_ended":
        card = campaign.encounter.get(event.encounter)
        name = card.name if card is not None else event.encounter
        return [Change(f"{name}: {event.result}", "good" if event.won else "bad")]
    if kind in ("dying_changed", "going_mad_changed", "hero_died"):
        better = getattr(event, "change", "") in ("healed", "given_back")
        return [Change(event_text(campaign, event).rstrip("."), "good" if better else "bad")]
    if kind == "world_changed":
        what = named(campaign, event.what)
        return [Change(f"{what[:1].upper()}{what[1:]}")]
    if kind == "day_began":
        return [Change(f"Day {event.day} begins")]
    if kind == "exploration_ended":
        return [Change("The exploration ends")]
    return []


def changes(campaign: Campaign, events: Sequence[Any]) -> list[Change]:
    """The lines of what changed, in the order it happened."""
    return [change for event in events for change in change_of(campaign, event)]


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
    return [f"Energy {hero.energy}/{meters.energy.max} \u00b7 Health {hero.health}/"
            f"{meters.health.max} \u00b7 Terror {hero.terror}/{meters.terror.max}",
            f"Food {hero.food} \u00b7 Wealth {hero.wealth} \u00b7 Rep {hero.rep} \u00b7 Magic "
            f"{hero.magic} \u00b7 Exp {hero.exp}"]


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
    draw_text(surface, name + ("  (deciding)" if current else ""),
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
                 theme: Theme, title: str = "What changed") -> None:
    """The newest lines of what changed, newest last, with the tone's colour; as many as
    fit under the title."""
    font = theme.font(20, bold=True)
    draw_text(surface, title, rect.topleft, font, theme["ink"])
    pygame.draw.line(surface, theme["line"], (rect.x, rect.y + font.get_linesize()),
                     (rect.right, rect.y + font.get_linesize()))
    small = theme.font(16)
    body = pygame.Rect(rect.x, rect.y + font.get_linesize() + theme.px(6), rect.width,
                       rect.height - font.get_linesize() - theme.px(6))
    if not lines:
        draw_lines(surface, wrap("Nothing yet: gains, losses, Statuses, Secrets and Items "
                                 "appear here as they happen.", small, body.width),
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
