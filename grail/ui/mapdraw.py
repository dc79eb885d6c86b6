"""Drawing a campaign's map: Location cards on their grid places, their Direction Keys,
blocked edges, seals, Menhirs and their radius, changed versions beside their originals.

Two steps, so that any front end can reuse them: :func:`layout` turns a campaign into
plain data (:class:`Layout`: cards with grid places, Menhir sites; it lives in
grail/content/geography.py), and :func:`draw_map` paints a layout on any pygame surface.
``grail map`` draws the whole campaign headless; a live map draws a layout of the
revealed cards only.

Nothing is told by colour alone: seals are shapes with a letter (triangle M for a Menhir,
circle D for Dreams, square E for an Enemy settlement, diamond F for a Friendly one), a
blocked edge is a zigzag wall, a Menhir's radius is a dashed frame named after its Menhir.

>>> from grail.content import load_pack, bundled_pack
>>> plan = layout(load_pack(bundled_pack()))
>>> size = map_size(plan)
>>> surface = pygame.Surface(size)
>>> draw_map(surface, plan)
>>> sorted(card_rects(plan))[:2]
[101, 102]
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import pygame

from grail.content import Campaign
from grail.content.geography import Card, Layout, Menhir, layout
from grail.content.locations import EDGES, STEP
from grail.lang import N_, Messages, _, listed, pgettext

from .theme import POINTS, TEXT_FACE, face_at, rendered

__all__ = ["STYLE", "Card", "Layout", "Menhir", "Style", "card_rects", "dashed_rect",
           "draw_badge", "draw_map", "draw_seal", "draw_wall", "layout", "map_size", "render_png"]

Spot = tuple[int, int]
WHY = Messages({"start": N_("the starting Menhir"),
                "restart": N_("the Menhir of a chapter's restart"),
                "seal": N_("a Menhir seal"), "placed": N_("a Menhir an effect places there"),
                "story": N_("a Menhir its own journal or card places")})
"""How the legend names each kind of Menhir site (grail/content/lint_map.py)."""
SEAL_NAMES = Messages({"menhir": N_("Menhir"), "dreams": N_("Dreams"),
                       "enemy_settlement": N_("Enemy settlement"),
                       "friendly_settlement": N_("Friendly settlement")})
"""Each seal's name, in the language grail speaks as it is read."""


def seal_letter(seal: str) -> str:
    """The letter a seal carries beside its shape [MAP-2]."""
    return {"menhir": pgettext("Menhir seal", "M"), "dreams": pgettext("Dreams seal", "D"),
            "enemy_settlement": pgettext("Enemy settlement seal", "E"),
            "friendly_settlement": pgettext("Friendly settlement seal", "F")}[seal]


def menhir_tag(location: int) -> str:
    """A Menhir's short name on the map: "M102"."""
    return pgettext("Menhir", "M{location}").format(location=location)


def _edge_letter(edge: str) -> str:
    """An edge as one letter, in a changed version's keys ("U104")."""
    return {"up": pgettext("edge", "U"), "down": pgettext("edge", "D"),
            "left": pgettext("edge", "L"), "right": pgettext("edge", "R")}.get(edge, edge[:1])


@dataclass(frozen=True)
class Style:
    """Sizes (pixels) and colours of a drawn map."""

    card: tuple[int, int] = (210, 150)
    gutter: int = 70
    margin: int = 30
    title: int = 48
    legend: int = 200
    min_width: int = 1100
    paper: tuple[int, int, int] = (246, 241, 228)
    ink: tuple[int, int, int] = (34, 30, 26)
    card_fill: tuple[int, int, int] = (255, 252, 243)
    version_fill: tuple[int, int, int] = (226, 236, 246)
    wall: tuple[int, int, int] = (150, 40, 30)
    road: tuple[int, int, int] = (96, 78, 52)
    radius: tuple[tuple[int, int, int], ...] = ((40, 110, 60), (40, 80, 150), (140, 70, 20),
                                                (110, 50, 130))


STYLE = Style()


def _font(size: int) -> pygame.font.Font:
    return face_at(TEXT_FACE, max(6, round(size * POINTS)))


def _text(surface: pygame.Surface, text: str, at: tuple[int, int], size: int,
          colour: tuple[int, int, int]) -> pygame.Rect:
    image = _font(size).render(text, True, colour)
    return surface.blit(image, at)


def _wrap(text: str, size: int, width: int, lines: int) -> list[str]:
    """``text`` in at most ``lines`` lines of ``width`` pixels, the last one cut with '...'."""
    font, words = _font(size), text.split()
    out: list[str] = []
    while words and len(out) < lines:
        line = words.pop(0)
        while words and font.size(f"{line} {words[0]}")[0] <= width:
            line = f"{line} {words.pop(0)}"
        out.append(line)
    if words or (out and font.size(out[-1])[0] > width):
        while out[-1] and font.size(out[-1] + "...")[0] > width:
            out[-1] = out[-1][:-1]
        out[-1] += "..."
    return out


def map_size(plan: Layout, style: Style = STYLE) -> tuple[int, int]:
    """The surface size that holds the whole map, title and legend."""
    x0, y0, x1, y1 = plan.bounds()
    width, height = style.card
    step_x, step_y = width + style.gutter, height + style.gutter
    unplaced = 1 if any(card.spot is None for card in plan.cards) else 0
    return (max(2 * style.margin + (x1 - x0 + 1) * step_x, style.min_width),
            style.title + 2 * style.margin + (y1 - y0 + 1 + unplaced) * step_y
            + style.legend)


def card_rects(plan: Layout, style: Style = STYLE) -> dict[int, pygame.Rect]:
    """Where each original card is drawn (changed versions sit inside theirs; cards with no
    grid place go in a row under the map)."""
    x0, y0, _x1, y1 = plan.bounds()
    width, height = style.card
    step_x, step_y = width + style.gutter, height + style.gutter
    left, top = style.margin + style.gutter // 2, style.title + style.margin + style.gutter // 2
    rects = {}
    for card in plan.placed():
        if card.replaces is None and card.spot is not None:
            x, y = card.spot
            rects[card.number] = pygame.Rect(left + (x - x0) * step_x, top + (y - y0) * step_y,
                                             width, height)
    loose = [card for card in plan.cards if card.spot is None]
    for index, card in enumerate(loose):
        rects[card.number] = pygame.Rect(left + index * step_x, top + (y1 - y0 + 1) * step_y,
                                         width, height)
    return rects


def draw_map(surface: pygame.Surface, plan: Layout, style: Style = STYLE) -> None:
    """Paint the map of ``plan`` on ``surface`` (sized by :func:`map_size`)."""
    surface.fill(style.paper)
    _text(surface, _("{title}: the map as written").format(title=plan.title),
          (style.margin, style.margin // 2), 34, style.ink)
    rects = card_rects(plan, style)
    for index, menhir in enumerate(plan.menhirs):
        _radius(surface, plan, menhir, index, rects, style)
    by_number = {card.number: card for card in plan.cards}
    for number, rect in rects.items():
        _edges(surface, by_number[number], rect, style)
    for number, rect in rects.items():
        card = by_number[number]
        _card(surface, card, rect, style)
        _keys(surface, card, rect, style)
        _versions(surface, plan.versions_of(card), rect, style)
    for index, menhir in enumerate(plan.menhirs):
        _radius_tag(surface, plan, menhir, index, style)
    if any(card.spot is None for card in plan.cards):
        row = min(rect.top for n, rect in rects.items() if by_number[n].spot is None)
        _text(surface, _("Not linked to the start by any key:"), (style.margin, row - 30), 22,
              style.wall)
    _legend(surface, surface.get_height() - style.legend, plan, style)


def _radius(surface: pygame.Surface, plan: Layout, menhir: Menhir, index: int,
            rects: dict[int, pygame.Rect], style: Style) -> None:
    """A dashed frame over the Menhir's card and the 8 around it [MENHIR-1], named."""
    x0, y0, _x1, _y1 = plan.bounds()
    width, height = style.card
    step_x, step_y = width + style.gutter, height + style.gutter
    inset = 6 + 5 * (index % 4)
    left = style.margin + (menhir.spot[0] - 1 - x0) * step_x + inset
    top = style.title + style.margin + (menhir.spot[1] - 1 - y0) * step_y + inset
    frame = pygame.Rect(left, top, 3 * step_x - 2 * inset, 3 * step_y - 2 * inset)
    colour = style.radius[index % len(style.radius)]
    shade = pygame.Surface(frame.size, pygame.SRCALPHA)
    shade.fill((*colour, 16))
    surface.blit(shade, frame.topleft)
    dashed_rect(surface, frame, colour)


def _radius_tag(surface: pygame.Surface, plan: Layout, menhir: Menhir, index: int,
                style: Style) -> None:
    """The frame's name in one of its corners (a gutter crossing, where nothing else is)."""
    x0, y0, _x1, _y1 = plan.bounds()
    step_x, step_y = style.card[0] + style.gutter, style.card[1] + style.gutter
    corner_x = menhir.spot[0] - 1 + (1 if index % 4 in (1, 2) else 0) * 3
    corner_y = menhir.spot[1] - 1 + (1 if index % 4 in (2, 3) else 0) * 3
    centre = (style.margin + (corner_x - x0) * step_x,
              style.title + style.margin + (corner_y - y0) * step_y)
    colour = style.radius[index % len(style.radius)]
    image = _font(20).render(menhir_tag(menhir.location), True, style.card_fill)
    box = image.get_rect(center=centre).inflate(8, 4)
    pygame.draw.rect(surface, colour, box, border_radius=4)
    surface.blit(image, image.get_rect(center=box.center))


def dashed_rect(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int],
                k: float = 1.0) -> None:
    """A dashed frame, its dashes and width scaled by ``k``."""
    corners = [rect.topleft, rect.topright, rect.bottomright, rect.bottomleft, rect.topleft]
    period, dash, width = max(4, round(16 * k)), max(2, round(9 * k)), max(1, round(3 * k))
    clip = surface.get_clip()
    for (ax, ay), (bx, by) in itertools.pairwise(corners):
        side = pygame.Rect(min(ax, bx), min(ay, by), abs(bx - ax) + 1, abs(by - ay) + 1)
        if not side.inflate(2 * width, 2 * width).colliderect(clip):
            continue  # a side out of the part being painted: nothing of it would show
        length = max(abs(bx - ax), abs(by - ay))
        for start in range(0, length, period):
            end = min(start + dash, length)
            pygame.draw.line(surface, colour, (ax + (bx - ax) * start // length,
                                               ay + (by - ay) * start // length),
                             (ax + (bx - ax) * end // length, ay + (by - ay) * end // length),
                             width)


def _edge_points(rect: pygame.Rect, edge: str) -> tuple[tuple[int, int], tuple[int, int]]:
    return {"up": (rect.topleft, rect.topright), "down": (rect.bottomleft, rect.bottomright),
            "left": (rect.topleft, rect.bottomleft),
            "right": (rect.topright, rect.bottomright)}[edge]


def _edges(surface: pygame.Surface, card: Card, rect: pygame.Rect, style: Style) -> None:
    """Roads to connected neighbours and walls on blocked edges [MAP-4]."""
    for edge in EDGES:
        (ax, ay), (bx, by) = _edge_points(rect, edge)
        middle = ((ax + bx) // 2, (ay + by) // 2)
        dx, dy = STEP[edge]
        if edge in card.connected:  # half a road: the neighbour draws the other half
            far = (middle[0] + dx * style.gutter // 2, middle[1] + dy * style.gutter // 2)
            pygame.draw.line(surface, style.road, middle, far, 9)
        if edge not in card.keys:
            draw_wall(surface, (ax, ay), (bx, by), (dx, dy), style)


def _keys(surface: pygame.Surface, card: Card, rect: pygame.Rect, style: Style) -> None:
    """A badge on each keyed edge, over the card's border, as the keys are printed."""
    for edge, number in card.keys.items():
        (ax, ay), (bx, by) = _edge_points(rect, edge)
        dx, dy = STEP[edge]
        centre = ((ax + bx) // 2 + dx * 4, (ay + by) // 2 + dy * 4)
        draw_badge(surface, str(number), centre, edge in card.connected, (dx, dy), style)


def draw_wall(surface: pygame.Surface, a: tuple[int, int], b: tuple[int, int], outward: Spot,
              style: Style, k: float = 1.0) -> None:
    """A zigzag along a blocked edge, just outside the card (sizes scaled by ``k``)."""
    (ax, ay), (bx, by) = a, b
    length = max(abs(bx - ax), abs(by - ay))
    points = []
    for index, along in enumerate(range(0, length + 1, max(3, round(10 * k)))):
        off = round((4 + (7 if index % 2 else 0)) * k)
        points.append((ax + (bx - ax) * along // length + outward[0] * off,
                       ay + (by - ay) * along // length + outward[1] * off))
    pygame.draw.lines(surface, style.wall, False, points, max(1, round(3 * k)))


def draw_badge(surface: pygame.Surface, text: str, centre: tuple[int, int], connected: bool,
               outward: Spot, style: Style, k: float = 1.0) -> pygame.Rect:
    """A Direction Key: the number it names, in a rounded box; a key nothing answers on the
    facing edge has a thin box and an arrowhead pointing the one way it shows. Sizes are
    scaled by ``k``; returns the box."""
    def px(size: float) -> int:
        return max(1, round(size * k))

    image = rendered(text, _font(px(22)), style.ink)
    box = image.get_rect(center=centre).inflate(px(12), px(6))
    reach = 2 * (px(12) + px(7))  # with its arrow
    if not box.inflate(reach, reach).colliderect(surface.get_clip()):
        return box  # out of the part being painted: nothing of it would show
    pygame.draw.rect(surface, style.card_fill, box, border_radius=px(7))
    pygame.draw.rect(surface, style.ink, box, px(3) if connected else px(1), border_radius=px(7))
    if not connected:
        dx, dy = outward
        half_x, half_y = box.width // 2, box.height // 2
        tip = (box.centerx + dx * (half_x + px(12)), box.centery + dy * (half_y + px(12)))
        base = (box.centerx + dx * (half_x + px(2)), box.centery + dy * (half_y + px(2)))
        side = (dy * px(7), dx * px(7))
        pygame.draw.polygon(surface, style.ink, [tip, (base[0] + side[0], base[1] + side[1]),
                                                 (base[0] - side[0], base[1] - side[1])])
    surface.blit(image, image.get_rect(center=box.center))
    return box


def _card(surface: pygame.Surface, card: Card, rect: pygame.Rect, style: Style) -> None:
    pygame.draw.rect(surface, style.card_fill, rect, border_radius=6)
    pygame.draw.rect(surface, style.ink, rect, 4 if card.start else 2, border_radius=6)
    number = _text(surface, str(card.number), (rect.left + 8, rect.top + 7), 34, style.ink)
    if card.start:
        _text(surface, _("START"), (number.right + 8, rect.top + 12), 20, style.ink)
    for index, line in enumerate(_wrap(card.name, 22, rect.width - 16, 2)):
        _text(surface, line, (rect.left + 8, rect.top + 38 + 18 * index), 22, style.ink)
    for index, seal in enumerate(card.seals):
        draw_seal(surface, seal, (rect.right - 18 - 30 * index, rect.top + 18), style)
    if card.spot is not None:
        _text(surface, _("x {x}, y {y}").format(x=card.spot[0], y=card.spot[1]),
              (rect.left + 32, rect.top + 75), 17, style.road)


def draw_seal(surface: pygame.Surface, seal: str, centre: tuple[int, int], style: Style,
              r: int = 12) -> None:
    """A seal: its shape, filled, with its letter [MAP-2]."""
    x, y = centre
    if seal == "menhir":
        pygame.draw.polygon(surface, style.ink, [(x, y - r - 2), (x + r + 1, y + r),
                                                 (x - r - 1, y + r)])
    elif seal == "dreams":
        pygame.draw.circle(surface, style.ink, centre, r)
    elif seal == "enemy_settlement":
        pygame.draw.rect(surface, style.ink, pygame.Rect(x - r, y - r, 2 * r, 2 * r))
    else:
        pygame.draw.polygon(surface, style.ink, [(x, y - r - 2), (x + r + 2, y), (x, y + r + 2),
                                                 (x - r - 2, y)])
    image = _font(r + 6).render(seal_letter(seal), True, style.card_fill)
    surface.blit(image, image.get_rect(center=(x, y + (r // 4 if seal == "menhir" else 1))))


def _versions(surface: pygame.Surface, versions: list[Card], rect: pygame.Rect,
              style: Style) -> None:
    """Changed versions as notes pinned to the bottom of their original, each saying what
    it replaces and which keys it prints [MAP-3]."""
    width = min(150, max(96, (rect.width - 12) // max(1, len(versions)) - 4))
    for index, version in enumerate(sorted(versions, key=lambda card: card.number)):
        note = pygame.Rect(rect.right - 2 - (len(versions) - index) * (width + 4), rect.bottom - 58,
                           width, 52)
        pygame.draw.rect(surface, style.version_fill, note, border_radius=5)
        pygame.draw.rect(surface, style.ink, note, 2, border_radius=5)
        head = _text(surface, _("becomes {number}").format(number=version.number),
                     (note.left + 6, note.top + 4), 20, style.ink)
        if index == 0:
            _arrow(surface, (note.left - 2, head.centery), style)
        for place, seal in enumerate(reversed(version.seals)):
            draw_seal(surface, seal, (note.right - 10 - 17 * place, note.top + 26), style, 7)
        name = _wrap(version.name, 17, note.width - 12 - 17 * len(version.seals), 1)[0]
        _text(surface, name, (note.left + 6, note.top + 20), 17, style.ink)
        keys = " ".join(f"{_edge_letter(edge)}{number}" for edge, number in version.keys.items())
        _text(surface, _("keys {keys}").format(keys=keys) if keys else _("keys none"),
              (note.left + 6, note.top + 35), 17, style.ink)


def _arrow(surface: pygame.Surface, tip: tuple[int, int], style: Style) -> None:
    x, y = tip
    pygame.draw.line(surface, style.ink, (x - 16, y), (x, y), 3)
    pygame.draw.polygon(surface, style.ink, [(x, y), (x - 7, y - 5), (x - 7, y + 5)])


def _legend(surface: pygame.Surface, top: int, plan: Layout, style: Style) -> None:
    left = style.margin
    _text(surface, _("Legend"), (left, top + 4), 24, style.ink)
    y = top + 40
    x = left
    for seal in SEAL_NAMES:
        draw_seal(surface, seal, (x + 14, y + 10), style)
        x = _text(surface, _("{seal} seal").format(seal=SEAL_NAMES[seal]), (x + 34, y + 2), 20,
                  style.ink).right + 24
    y += 38
    draw_badge(surface, "102", (left + 24, y + 10), True, (1, 0), style)
    x = _text(surface, _("key answered by the neighbour (Travel)"), (left + 52, y + 2), 20,
              style.ink).right + 24
    pygame.draw.line(surface, style.road, (x, y + 10), (x + 40, y + 10), 9)
    x = _text(surface, _("road"), (x + 48, y + 2), 20, style.ink).right + 24
    draw_badge(surface, "108", (x + 24, y + 10), False, (1, 0), style)
    _text(surface, _("key with no key facing back (one way)"), (x + 66, y + 2), 20, style.ink)
    y += 38
    draw_wall(surface, (left, y + 4), (left + 50, y + 4), (0, 1), style)
    x = _text(surface, _("blocked edge (no key)"), (left + 60, y + 2), 20, style.ink).right + 24
    dashed_rect(surface, pygame.Rect(x, y, 40, 22), style.radius[0])
    x = _text(surface, _("a Menhir's radius: its card and the 8 around it"), (x + 50, y + 2),
              20, style.ink).right + 24
    _arrow(surface, (x + 20, y + 10), style)
    _text(surface, _("becomes N: a changed version of the card"), (x + 28, y + 2), 20,
          style.ink)
    y += 38
    frames = "; ".join(_("{menhir}: {why}").format(
        menhir=menhir_tag(m.location), why=listed([WHY[why] for why in m.why]))
        for m in plan.menhirs)
    radius = _("Radius frames: {frames}.").format(frames=frames) if frames \
        else _("Radius frames: none.")
    for index, line in enumerate(_wrap(radius, 20, surface.get_width() - 2 * left, 2)):
        _text(surface, line, (left, y + 2 + 20 * index), 20, style.ink)


def render_png(campaign: Campaign, path: str) -> tuple[int, int]:
    """Draw the campaign's whole map into a PNG file; its size in pixels."""
    plan = layout(campaign)
    surface = pygame.Surface(map_size(plan))
    draw_map(surface, plan)
    pygame.image.save(surface, path)
    return surface.get_size()
