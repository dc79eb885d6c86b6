"""A frame drawn over the last (the frame after an action, and the frame
where nothing changed): while the map scene is drawn alone frame after frame, each frame
blits again only what changed on the map (the places painted again, and what the last frame
drew over the map: tokens walking, frames, tabs, the tip, the menu), and draws the day
panel, the banner, the action bar and the log again only when what they show changed; the
window it leaves is the one a frame drawn afresh shows."""

from __future__ import annotations

import random

import pygame
import pytest

from grail.content import Campaign, bundled_pack, load_pack
from grail.engine.actions import Travel
from grail.session import Session
from grail.ui.app import App
from grail.ui.scenes.game import view_for
from grail.ui.scenes.map import MapScene

from .ui_states import crowded


@pytest.fixture(scope="module")
def ennor() -> Campaign:
    return load_pack(bundled_pack())


def _same_pixels(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def _events(chooser: random.Random, window: pygame.Rect,
            main: pygame.Rect) -> list[pygame.event.Event]:
    """What a player does between two frames: the mouse moved (over the map, the panel,
    the action bar), a drag of the map, a zoom, a pan, a hero picked, the bar's cursor
    moved or its page turned, the log opened or closed, the panel scrolled, or nothing."""
    def point(rect: pygame.Rect) -> tuple[int, int]:
        return (chooser.randrange(rect.left, rect.right), chooser.randrange(rect.top, rect.bottom))
    roll = chooser.random()
    if roll < 0.35:
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=point(window), rel=(0, 0),
                                   buttons=(0, 0, 0))]
    if roll < 0.39:
        start, end = point(main), point(main)
        return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
                pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)]
    if roll < 0.42:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=chooser.choice([-1, 1]))]
    if roll < 0.7:
        key, mod = chooser.choice([
            (pygame.K_PLUS, 0), (pygame.K_MINUS, 0), (pygame.K_LEFT, 0), (pygame.K_UP, 0),
            (pygame.K_c, 0), (pygame.K_h, 0), (pygame.K_h, 0), (pygame.K_DOWN, pygame.KMOD_SHIFT),
            (pygame.K_DOWN, pygame.KMOD_SHIFT), (pygame.K_UP, pygame.KMOD_SHIFT),
            (pygame.K_PAGEDOWN, 0), (pygame.K_TAB, 0), (pygame.K_k, 0)])
        return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="")]
    return []


def _act(sessions: list[Session], chooser: random.Random) -> None:
    """The same legal action in both games: a Travel most often where there is one, as
    players on the map do."""
    legal = [action for action in sessions[0].legal()
             if action.type not in ("join_game", "leave_game", "end_campaign")]
    travels = [action for action in legal if isinstance(action, Travel)]
    action = chooser.choice(travels if travels and chooser.random() < 0.8 else legal)
    for session in sessions:
        session.act(action)


def test_a_map_drawn_over_its_last_frame_shows_what_a_frame_drawn_afresh_shows(
        ennor: Campaign, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two map scenes on two copies of a crowded game take the same actions, mouse moves,
    drags, zooms, pans, menus, cursor moves, pages, log openings and panel scrolls, their
    clocks and mice alike: one drawn in the window frame after frame (only what changed drawn
    again), the other drawn afresh each frame on a surface of its own, first filled with a
    colour no frame uses. Every frame, the two windows have the same pixels: hero tokens
    walking [MAP-4] and meters sliding, Travel targets framed, the hovered card's frame and
    tip, the menu of the acting hero's card, the hovered or selected button, each shown where
    it is and gone where it was."""
    clock, mouse = [0], [(0, 0)]
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: clock[0])
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: mouse[0])
    app = App((1280, 720), headless=True)
    sessions = [Session(crowded(ennor), None) for _ in range(2)]
    over, afresh = (MapScene(session) for session in sessions)
    app.stack = [over]
    fresh = pygame.Surface(app.screen.get_size())
    chooser = random.Random(11)
    drawn_over = 0
    for step in range(240):
        main = over.regions(app)["main"]
        events = _events(chooser, app.screen.get_rect(), main)
        mouse[0] = next((event.pos for event in reversed(events) if hasattr(event, "pos")),
                        mouse[0])
        if chooser.random() < 0.35:
            _act(sessions, chooser)
        while view_for(sessions[0]) is not MapScene:  # a reading, an Encounter: acted
            _act(sessions, chooser)  # through, the map not drawn meanwhile
        roll = chooser.random()
        menu = roll < 0.15 and over.here()
        for scene in (over, afresh):
            for event in events:
                scene.handle(app, event)
            if menu:
                scene.open_menu(app, main.center, main)
            elif roll < 0.4:
                scene.menu = None
        clock[0] += 16 * chooser.randint(1, 12)
        for scene in (over, afresh):
            scene.update(app, 1 / 60)
        app.draw()
        drawn_over += app.shows(over)
        fresh.fill((255, 0, 255))
        afresh.draw(app, fresh)
        assert _same_pixels(app.screen, fresh), f"step {step}: {sessions[0].game.log[-1:]}"
    assert drawn_over > 150  # the window was mostly drawn over its last frame


def test_the_window_says_when_it_shows_a_scenes_last_frame(ennor: Campaign) -> None:
    """A scene may draw over its last frame only when it was drawn alone in the last frame
    and is drawn alone now, on the same screen: not on its first frame, not under a dialog
    nor on the frame after one closed, not after the window changed size, was restored or
    uncovered."""
    from grail.ui.scenes.confirm import ConfirmScene

    app = App((1280, 720), headless=True)
    scene = MapScene(Session(crowded(ennor), None))
    app.stack = [scene]
    shown = []
    for _ in range(2):
        app.frame(events=[])
        shown.append(app.shows(scene))
    app.push(ConfirmScene("Leave the game?", "It is saved.", lambda: None))
    app.frame(events=[])
    shown.append(app.shows(scene))
    app.pop()
    for _ in range(2):
        app.frame(events=[])
        shown.append(app.shows(scene))
    app.frame(events=[pygame.event.Event(pygame.VIDEORESIZE, w=1400, h=800, size=(1400, 800))])
    shown.append(app.shows(scene))
    app.frame(events=[])
    shown.append(app.shows(scene))
    for kind in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.VIDEOEXPOSE):
        app.frame(events=[pygame.event.Event(kind)])
        shown.append(app.shows(scene))
        app.frame(events=[])
        shown.append(app.shows(scene))
    assert shown == [False, True, False, False, True, False, True, *[False, True] * 3]
