"""The Encounter's side panel: the team in activation order (who is active, who has
activated this turn, who is still to activate [COMBAT-5]) with their meters, Magic and
cards, the shown member's Attributes, the hint asked for, and the fight's own lines.

Nothing is told by colour alone: a member's colour disc carries their initial, the active
member a pointer and the word, an activated one a drawn Time token and "done".
"""

from __future__ import annotations

import pygame

from grail.content.base import ATTRIBUTES
from grail.lang import N_, Messages, _

from .cards import draw_fitted, line_font, short
from .fight import Fight, Member
from .theme import HERO_COLOURS, Theme
from .widgets import draw_text, wrap

STANDING = Messages({"active": N_("active"), "done": N_("done this turn"),
                     "waiting": N_("to activate")})
"""A member's standing this turn, in words [COMBAT-5]."""


def draw_side_panel(surface: pygame.Surface, rect: pygame.Rect,
                    members: list[tuple[pygame.Rect, str]], fight: Fight, theme: Theme,
                    hint: str | None, below: int, lines: list[str]) -> list[str]:
    """The team, the hint and the fight's lines; what it wrote."""
    px = theme.px
    font = theme.font(21, bold=True)
    title = _("Team, turn {turn}").format(turn=fight.encounter.turn) if fight.encounter.turn \
        else _("Team")
    draw_text(surface, title, (rect.x + px(10), rect.y + px(8)), font, theme["ink"])
    said = [title]
    by_hero = {member.hero: member for member in fight.members}
    for box, hero in members:
        member = by_hero[hero]
        said.append(_member(surface, box, member, member.hero == fight.shown, theme))
    shown = by_hero.get(fight.shown or "")
    if shown is not None and members:
        levels = "  ".join(f"{short(name)} {shown.levels.get(name, 0)}" for name in ATTRIBUTES)
        text = f"{shown.short_name}: {levels}"  # all six Attributes [ANAT-2]
        draw_fitted(surface, text, (rect.x + px(10), members[-1][0].bottom + px(8)),
                    rect.width - px(16), theme, 18, theme["ink"])
        said.append(text)
    area = pygame.Rect(rect.x + px(10), below + px(10), rect.width - px(20),
                       rect.bottom - below - px(14))
    if hint is not None:
        told = _("Hint: {hint}").format(hint=hint)
        said.append(told)
        area.y = _box(surface, area, told, theme, theme["highlight"])
        area.height = rect.bottom - area.y - px(4)
    if lines and area.height > px(40):
        said += _log(surface, area, lines, theme)
    return said


def _member(surface: pygame.Surface, box: pygame.Rect, member: Member, shown: bool,
            theme: Theme) -> str:
    """One member: disc and initial, name, standing, meters; the words."""
    px = theme.px
    fill = theme["card"] if member.standing == "active" else theme["panel"]
    pygame.draw.rect(surface, fill, box, border_radius=px(5))
    border = theme["accent"] if member.standing == "active" else theme["line"]
    pygame.draw.rect(surface, border, box, px(3) if member.standing == "active" else 1,
                     border_radius=px(5))
    radius = min(px(13), box.height // 2 - 2)
    centre = (box.x + px(8) + radius, box.centery)
    pygame.draw.circle(surface, HERO_COLOURS.get(member.colour, (120, 120, 128)), centre, radius)
    initial = theme.font(22, bold=True).render(next((c for c in member.name if c.isalpha()), ""),
                                               True, (255, 255, 255))
    surface.blit(initial, initial.get_rect(center=centre))
    _standing(surface, (box.right - px(16), box.y + px(12)), member.standing, theme)
    x = centre[0] + radius + px(8)
    standing = STANDING[member.standing]
    if member.panic:
        standing = _("{standing}, PANIC").format(standing=standing)
    if shown:
        standing = _("{standing} (hand shown)").format(standing=standing)
    tall = box.height >= px(44)
    width, size = box.right - x - px(28), 20 if tall else 16
    top = _("{name} - {standing}").format(name=member.name, standing=standing)
    if line_font(top, width, theme, size, bold=True) is None:  # the name without its epithet
        top = _("{name} - {standing}").format(name=member.short_name, standing=standing)
    meters = _("Health {health}  Terror {terror}  Magic {magic}  hand {hand}  deck {deck}  "
               "discards {discards}").format(health=member.health, terror=member.terror,
                                             magic=member.magic, hand=member.hand,
                                             deck=member.deck, discards=member.discards)
    draw_fitted(surface, top, (x, box.y + px(4 if tall else 2)), width, theme, size,
                theme["bad"] if member.panic else theme["ink"], bold=True, box=box)
    below = box.y + px(4 if tall else 2) + theme.font(20 if tall else 16, True).get_linesize()
    draw_fitted(surface, meters, (x, below), box.right - x - px(4), theme, 16 if tall else 14,
                theme["faint"], box=box)
    return f"{top}: {meters}"


def _standing(surface: pygame.Surface, centre: tuple[int, int], standing: str,
              theme: Theme) -> None:
    """A pointer (active), a Time token (done), an empty ring (to activate)."""
    size = theme.px(7)
    x, y = centre
    if standing == "active":
        pygame.draw.polygon(surface, theme["accent"], [(x - size, y - size), (x + size, y),
                                                       (x - size, y + size)])
    elif standing == "done":
        pygame.draw.polygon(surface, theme["faint"], [(x - size, y - size), (x + size, y - size),
                                                      (x - size, y + size), (x + size, y + size)])
    else:
        pygame.draw.circle(surface, theme["line"], centre, size, max(1, theme.px(2)))


def _box(surface: pygame.Surface, area: pygame.Rect, text: str, theme: Theme,
         edge: tuple[int, int, int]) -> int:
    """Text in a framed box at the top of ``area``; the y below it."""
    font = theme.font(21)
    lines = wrap(text, font, area.width - theme.px(12))[:6]
    box = pygame.Rect(area.x, area.y, area.width, len(lines) * font.get_linesize() + theme.px(10))
    pygame.draw.rect(surface, theme["card"], box, border_radius=theme.px(5))
    pygame.draw.rect(surface, edge, box, theme.px(3), border_radius=theme.px(5))
    y = box.y + theme.px(5)
    for line in lines:
        draw_text(surface, line, (box.x + theme.px(6), y), font, theme["ink"])
        y += font.get_linesize()
    return box.bottom + theme.px(8)


def _log(surface: pygame.Surface, area: pygame.Rect, lines: list[str], theme: Theme) -> list[str]:
    """The fight's newest lines, newest last."""
    bold, font = theme.font(20, bold=True), theme.font(19)
    draw_text(surface, _("This fight"), area.topleft, bold, theme["faint"])
    top = area.y + bold.get_linesize()
    wrapped = [line for text in lines for line in wrap(text, font, area.width)]
    visible = max(0, (area.bottom - top) // font.get_linesize())
    y = top
    for line in wrapped[-visible:] if visible else []:
        draw_text(surface, line, (area.x, y), font, theme["ink"])
        y += font.get_linesize()
    return lines[-visible:] if visible else []
