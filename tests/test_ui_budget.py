"""A frame's time for painting (grail/ui/budget.py: the frame after an
action): what an action changed is painted piece by piece once a frame's time is spent, and
the frames that follow paint the rest, ending exactly as a painting made afresh; the window
says when it shows all, and a screenshot waits for it; the map comes back as it was left.
Also the per-frame work kept between frames: the theme, the screen's regions, the log's
lines and the buttons' looks follow what they are made from."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from grail.content import Campaign
from grail.engine.actions import Explore, Travel
from grail.engine.game import Game
from grail.engine.map import place
from grail.engine.state import Menhir
from grail.session import Session
from grail.ui import budget
from grail.ui.app import App, Settings
from grail.ui.boards import DayPanel
from grail.ui.budget import Budget
from grail.ui.mapview import MapView
from grail.ui.scenes.map import MapScene
from grail.ui.widgets import around

from .ui_states import crowded, painted_afresh


def spent() -> Budget:
    """A frame's budget whose time is past: it allows the least, one piece."""
    return Budget(until=0.0)



@pytest.fixture(scope="module")
def app() -> App:
    return App((1600, 900), Settings(reduce_motion=True), headless=True)


def _random_action(game: Game, chooser: random.Random) -> bool:
    """A random legal action, moving (Travel, Explore) more often than not, Mother's Mercy
    accepted when the heroes fall [MERCY-1]; False when there is none."""
    legal = [action for action in game.legal_actions()
             if action.type not in ("join_game", "leave_game", "end_campaign")]
    if not legal:
        return False
    moving = [action for action in legal if isinstance(action, Travel | Explore)]
    game.apply(chooser.choice(moving if moving and chooser.random() < 0.7 else legal))
    return True


def _same_pixels(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


@pytest.mark.parametrize("zoom", [0.4, 0.55, 1.0, 1.8])
def test_a_map_painted_place_by_place_ends_as_one_painted_afresh(
        ennor: Campaign, app: App, zoom: float) -> None:
    """With no time left, each call paints one changed place (a card whose tokens
    changed, a card revealed or gone, a Menhir's radius): the map says it is not settled
    until the last, and actions taken meanwhile (cards revealed at the edge by hand, the
    Start of Day discarding [MAP-7], [DAY-START-2]) are found against what it shows. Once
    settled it has the same pixels and key badges as the whole map painted afresh."""
    game, view, chooser = crowded(ennor), MapView(), random.Random(7)
    game.state.menhirs = [Menhir(location=101, dial=10)]
    game.refresh()
    view.zoom = zoom
    far = [number for number, (x, y) in sorted(ennor.grid.items()) if max(abs(x), abs(y)) == 3]
    view.painted(game, 0, app.theme, budget=spent())  # the first painting is whole
    assert view.settled
    revision, behind, longest = 0, 0, 0
    while revision < 200 and game.state.day < 3 and _random_action(game, chooser):
        revision += 1
        if revision % 9 == 4 and far:
            number = far.pop()
            if game.state.spot_of(number) is None and game.state.at(*ennor.grid[number]) is None:
                place(game.state, number, ennor.grid[number])
                game.refresh()
        view.painted(game, revision, app.theme, budget=spent())
        if not view.settled:
            behind += 1
            if revision % 2:  # sometimes the game goes on before the map caught up
                continue
        calls = 0
        while not view.settled:
            assert calls < 200, f"still painting after {game.log[-1]}"
            view.painted(game, revision, app.theme, budget=spent())
            calls += 1
        longest = max(longest, calls)
        painted, grid = view.painted(game, revision, app.theme, budget=spent())
        afresh = painted_afresh(game, grid, view.plan(game, revision), app.theme)
        assert _same_pixels(painted, afresh.surface), f"after {game.log[-1]}"
        assert view.badges == afresh.badges, f"after {game.log[-1]}"
    assert game.state.day > 1 and behind >= 10 and longest >= 2  # the slow path was taken


def test_the_places_in_view_are_painted_first(ennor: Campaign, app: App) -> None:
    """With a Quest token on every card, a frame with no time left paints the place in
    view first: there, the painting is at once the map painted afresh."""
    game, view = crowded(ennor), MapView()
    view.painted(game, 0, app.theme)
    game.state.quest_tokens = [place.number for place in game.state.placed]
    last = max(game.state.placed, key=lambda place: place.number)  # the last otherwise
    seen = view.grid(game, 1).rect((last.x, last.y))
    painted, grid = view.painted(game, 1, app.theme, budget=spent(), seen=seen)
    assert not view.settled
    afresh = painted_afresh(game, grid, view.plan(game, 1), app.theme).surface
    assert _same_pixels(painted.subsurface(seen), afresh.subsurface(seen))


def test_a_map_given_time_paints_all_at_once(ennor: Campaign, app: App) -> None:
    """With no budget (a test, a first painting), the places an action changed are all
    painted in the same call: the map is settled after each."""
    game, view, chooser = crowded(ennor), MapView(), random.Random(2)
    view.painted(game, 0, app.theme)
    for revision in range(1, 30):
        if not _random_action(game, chooser):
            break
        view.painted(game, revision, app.theme)
        assert view.settled


def test_the_panel_painted_part_by_part_ends_as_one_painted_afresh(
        ennor: Campaign, app: App) -> None:
    """With no time left, each drawing of the day panel paints one changed part (a board,
    the head, the Game Sheet) and shows the others as they were; it says it is not settled
    until the last, then shows the same pixels, board rectangles and meter tracks as a
    panel painted afresh."""
    game, panel, chooser = crowded(ennor), DayPanel(), random.Random(5)
    rect = pygame.Rect(0, 0, 400, 3000)  # the whole panel in view
    drawn = pygame.Surface(rect.size)
    panel.draw(drawn, rect, game, 0, app.theme, None, motion=False, budget=spent())
    assert panel.settled
    behind = 0
    for revision in range(1, 70):
        if not _random_action(game, chooser):
            break
        acting = game.pending().heroes[0] if game.pending().heroes else None
        panel.draw(drawn, rect, game, revision, app.theme, acting, motion=False,
                   budget=spent())
        if not panel.settled:
            behind += 1
            if revision % 2:
                continue
        for _ in range(20):
            if panel.settled:
                break
            panel.draw(drawn, rect, game, revision, app.theme, acting, motion=False,
                       budget=spent())
        assert panel.settled, f"still painting after {game.log[-1]}"
        afresh, image = DayPanel(), pygame.Surface(rect.size)
        afresh.draw(image, rect, game, revision, app.theme, acting, motion=False)
        assert _same_pixels(drawn, image), f"after {game.log[-1]}"
        assert panel.boards == afresh.boards and panel._spaces == afresh._spaces
    assert behind >= 5  # the slow path was taken


def test_a_frame_out_of_time_paints_a_piece_and_the_next_frames_the_rest(
        ennor: Campaign, app: App, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A frame that has spent its time for painting still paints one piece (of the map,
    else of the panel), so the window always catches up: after an action the scene is not
    settled, the frames that follow settle it, and it then shows the same window as a
    scene drawn afresh on the same game. A screenshot waits until the scene is settled."""
    monkeypatch.setattr(budget, "PAINT_BY", -1.0)
    app.settings = Settings(reduce_motion=True)  # no walk under way to tell the two apart
    game = crowded(ennor)
    session = Session(game, None)
    scene = MapScene(session)
    app.stack = [scene]
    app.frame(events=[])
    assert scene.settled  # the first painting is whole
    game.state.quest_tokens = [place.number for place in game.state.placed]  # every card
    session.act(Travel(hero="tamsin", to=102))
    app.frame(events=[])
    assert not scene.settled
    frames = 1
    while not scene.settled and frames < 100:
        app.frame(events=[])
        frames += 1
    assert scene.settled and frames >= 3
    shown = app.screen.copy()
    assert _same_pixels(_drawn_afresh(app, scene), shown)

    session.act(next(action for action in session.legal() if isinstance(action, Travel)))
    shot = tmp_path / "shot.png"
    app.screenshot(shot)
    assert scene.settled
    assert _same_pixels(pygame.image.load(str(shot)), _drawn_afresh(app, scene))


def _drawn_afresh(app: App, scene: MapScene) -> pygame.Surface:
    """The window drawn by a new map scene on the same game, the camera and the panel's
    scroll where ``scene`` has them; ``scene`` back on top after."""
    fresh = MapScene(scene.session)
    fresh.view, fresh.panel = MapView(), DayPanel()  # not the session's kept ones
    fresh.view.zoom, fresh.view.centre, fresh.view.placed = \
        scene.view.zoom, scene.view.centre, True
    fresh.panel.offset = scene.panel.offset
    app.stack = [fresh]
    app.frame(events=[])
    assert fresh.settled
    app.stack = [scene]
    return app.screen.copy()


def test_the_map_and_panel_cover_their_regions(ennor: Campaign, app: App) -> None:
    """The map and the day panel are not filled under before they are drawn: they fill
    whatever of their regions they do not paint (the map zoomed out far, a short panel),
    so nothing of an earlier frame is left there when the scene is drawn afresh (here, the
    map scene of the same session made again, as after a reading)."""
    game = Game.new(ennor, ["tamsin"], seed=3)
    session = Session(game, None)
    app.stack = [MapScene(session)]
    app.frame(events=[])
    scene = MapScene(session)
    scene.view.zoom = 0.4  # the five cards far smaller than the view
    app.stack = [scene]
    app.screen.fill((255, 0, 255))
    app.frame(events=[])
    regions = scene.regions(app)
    for name in ("main", "side"):
        rect = regions[name]
        left = [(x, y) for x in range(rect.left, rect.right, 7)
                for y in range(rect.top, rect.bottom, 7)
                if app.screen.get_at((x, y))[:3] == (255, 0, 255)]
        assert left == [], f"{name}: {len(left)} pixels of the last frame"
    painted = scene.view.painted(game, scene.session.revision, app.theme)[0]
    assert painted.get_width() < regions["main"].width


@given(st.tuples(*[st.integers(0, 50)] * 4), st.tuples(*[st.integers(0, 60)] * 4))
def test_around_is_what_lies_outside_the_inner_rectangle(
        outer: tuple[int, int, int, int], inner: tuple[int, int, int, int]) -> None:
    """:func:`around` gives strips inside the rectangle, apart from each other and from
    the inner one, which with it cover the rectangle."""
    rect = pygame.Rect(outer)
    within = pygame.Rect(inner).clip(rect)
    strips = around(rect, within)
    assert all(rect.contains(strip) and not strip.colliderect(within) for strip in strips)
    assert not any(a.colliderect(b) for i, a in enumerate(strips) for b in strips[i + 1:])
    covered = sum(strip.width * strip.height for strip in strips)
    assert covered + within.width * within.height == rect.width * rect.height


def test_the_theme_follows_the_settings_and_the_window(app: App) -> None:
    """The theme, worked out once for the settings and the window's size, follows a new
    scale or contrast, set anew or in place, and a window grown larger."""
    app.settings = Settings()
    plain = app.theme
    app.settings = replace(app.settings, scale=2.0)
    assert app.theme.scale == 2 * plain.scale
    app.settings.contrast = True
    assert app.theme.palette == "contrast"
    app.settings = Settings()
    assert app.theme == plain
    grown = App((2560, 1440), Settings(), headless=True)
    assert grown.theme.scale == 2 * Settings().theme.scale
    app.screen = pygame.display.set_mode((1600, 900))


def test_the_regions_follow_the_window_the_page_and_the_log(ennor: Campaign,
                                                           app: App) -> None:
    """The screen's regions, worked out once for the window, theme, log, page and number
    of legal actions, are the regions worked out afresh after each of those changes; a
    caller changing its copy changes nothing for the next."""
    app.settings = Settings()
    game = Game.new(ennor, ["tamsin", "jago"], seed=3)
    scene = MapScene(Session(game, None))
    app.stack = [scene]
    app.frame(events=[])
    first = scene.regions(app)
    first["main"].width = 1
    assert scene.regions(app) == scene._lay_out(app) != first

    def changes() -> Iterator[None]:
        scene.log_open = True
        yield None
        scene.log_open = False
        app.screen = pygame.display.set_mode((1280, 720))
        yield None
        scene.session.act(Travel(hero="tamsin", to=102))
        yield None
        app.screen = pygame.display.set_mode((1600, 900))
        yield None

    shown = []
    for _ in changes():
        regions = scene.regions(app)
        assert regions == scene._lay_out(app)
        shown.append(tuple(tuple(rect) for rect in regions.values()))
    assert len(set(shown)) >= 3


def test_a_buttons_look_is_kept_and_shows_what_lies_beyond_its_corners() -> None:
    """A button's look is painted once and blitted at each frame: its rounded corners
    leave what lies under them, and hovered or selected it looks otherwise."""
    from grail.ui.theme import Theme
    from grail.ui.widgets import Button

    theme, under = Theme(), (255, 0, 255)
    surface = pygame.Surface((300, 100))
    button = Button(pygame.Rect(10, 10, 200, 40), "Rest", None)
    drawn = []
    for hovered, selected in ((False, False), (False, False), (True, False), (False, True)):
        surface.fill(under)
        button.selected = selected
        button.draw(surface, theme, hovered=hovered)
        drawn.append(pygame.image.tobytes(surface, "RGB"))
        assert surface.get_at(button.rect.topleft)[:3] == under  # beyond the rounded corner
        assert surface.get_at((button.rect.right - 3, button.rect.centery))[:3] != under
    assert drawn[0] == drawn[1] and len(set(drawn)) == 3


def test_the_log_shows_its_newest_lines(ennor: Campaign, app: App) -> None:
    """The log's lines, wrapped once per change of the log or of its width, are the lines
    of its newest entries wrapped afresh: after an action, an undo [UNDO-1], another action
    and a narrower window."""
    from grail.engine.actions import Pass
    from grail.ui.widgets import wrap

    app.settings = Settings()
    session = Session(Game.new(ennor, ["tamsin", "jago"], seed=3), None)
    scene = MapScene(session)
    app.stack = [scene]
    for change in (lambda: session.act(Pass(hero="tamsin")), lambda: session.undo(1),
                   lambda: session.act(Travel(hero="tamsin", to=102)),
                   lambda: setattr(app, "screen", pygame.display.set_mode((1280, 720)))):
        change()
        app.frame(events=[])
        log = scene.regions(app)["log"].inflate(-app.theme.px(16), -app.theme.px(12))
        font = app.theme.font(16)
        assert scene._log_lines[1] == [line for text in session.log[-60:]
                                       for line in wrap(text, font, log.width)]
    assert "proposes to travel" in " ".join(scene._log_lines[1][-3:])
    app.screen = pygame.display.set_mode((1600, 900))


def test_the_map_comes_back_as_it_was_left(ennor: Campaign, app: App,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """A map scene made again for the same session (back from a reading, an Encounter or
    the End of Day) takes the map and the panel as they were painted and seen, camera
    included, and paints again only what changed meanwhile: no whole painting, and then the
    same window as a scene drawn afresh."""
    from grail.ui.mapcards import Painter

    app.settings = Settings(reduce_motion=True)
    game = crowded(ennor)
    session = Session(game, None)
    first = MapScene(session)
    app.stack = [first]
    app.frame(events=[])
    first.view.pan(40, 25, first.grid())
    app.frame(events=[])
    centre = first.view.centre
    whole: list[int] = []
    paint = Painter.paint
    monkeypatch.setattr(Painter, "paint", lambda painter, plan: (whole.append(1),
                                                                 paint(painter, plan))[1])
    session.act(next(action for action in session.legal() if isinstance(action, Travel)))
    again = MapScene(session)
    app.stack = [again]
    app.frame(events=[])
    app.settle()
    assert again.view is first.view and again.panel is first.panel
    assert whole == [] and again.view.centre == centre
    shown = app.screen.copy()
    assert _same_pixels(_drawn_afresh(app, again), shown)
    assert whole == [1]  # the scene drawn afresh painted its map whole
