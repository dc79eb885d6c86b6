"""The map scene (the map and the day panel): the live map renders a start,
mid-Day, four heroes, a Guardian and tokens without changing the game; a click on a framed
card travels; hovering shows a Location's details; the camera pans and zooms; the day panel
fits and scrolls; and the preview of what vanishes at the next Start of Day names exactly
what the engine discards [DAY-START-1], [DAY-START-2], [MENHIR-9]."""

from __future__ import annotations

import pygame
import pytest

from grail.content import Campaign, bundled_pack, load_pack
from grail.content.geography import Layout
from grail.engine.actions import Explore, FinishUpgrades, Pass, Rest, Travel
from grail.engine.game import Game
from grail.engine.map import place
from grail.engine.preview import fading_menhirs, vanishing
from grail.engine.state import HeroState, Menhir
from grail.session import Session
from grail.ui.app import App, Settings
from grail.ui.boards import hero_marks
from grail.ui.mapcards import Painter
from grail.ui.mapview import details, revealed
from grail.ui.scenes.map import MapScene

from .ui_input import click, key
from .ui_states import PAINT_WHOLE, crowded, painted_afresh

FOUR = ["tamsin", "jago", "kerra", "ysella"]


@pytest.fixture(scope="module")
def ennor() -> Campaign:
    return load_pack(bundled_pack())


@pytest.fixture(scope="module")
def app() -> App:
    return App((1600, 900), headless=True)


def whole_paintings(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts each painting of the whole map from now on (not those of ``painted_afresh``)."""
    counted: list[int] = []

    def paint(painter: Painter, plan: Layout) -> None:
        counted.append(1)
        PAINT_WHOLE(painter, plan)

    monkeypatch.setattr(Painter, "paint", paint)
    return counted


def boards_painted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Counts each hero's board painted from now on, by the hero's id."""
    from grail.ui import boards

    painted: list[str] = []
    paint_board = boards.Painter.paint_board

    def counted(painter: boards.Painter, hero: HeroState) -> None:
        painted.append(hero.id)
        paint_board(painter, hero)

    monkeypatch.setattr(boards.Painter, "paint_board", counted)
    return painted


def scene_on(app: App, game: Game) -> MapScene:
    """A map scene on ``game``, alone on the stack, after its first frame."""
    app.stack.clear()
    scene = MapScene(Session(game, None))
    app.push(scene)
    app.frame(events=[])
    return scene


def move(app: App, pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0),
         rel: tuple[int, int] = (0, 0)) -> None:
    app.frame(events=[pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=buttons)])


def centre_of(app: App, scene: MapScene, number: int) -> tuple[int, int]:
    spot = scene.session.game.state.spot_of(number)
    assert spot is not None
    rect = scene.view.screen_rect(scene.regions(app)["main"], scene.grid(), spot)
    return rect.center


@pytest.mark.parametrize("size,scale,contrast", [((1600, 900), 1.0, False),
                                                 ((1280, 720), 1.0, False),
                                                 ((1280, 720), 2.0, True),
                                                 ((1600, 900), 1.5, True)])
@pytest.mark.parametrize("build", ["start", "mid_day", "crowded"])
def test_the_map_renders_without_changing_the_game(ennor: Campaign, build: str,
                                                    size: tuple[int, int], scale: float,
                                                    contrast: bool) -> None:
    if build == "start":
        game = Game.new(ennor, ["tamsin", "jago"], seed=3)
    elif build == "mid_day":
        game = Game.new(ennor, ["tamsin"], seed=3)
        game.apply(Travel(hero="tamsin", to=102))
    else:
        game = crowded(ennor)
    before = game.state_hash()
    app = App(size, Settings(scale=scale, contrast=contrast), headless=True)
    scene = scene_on(app, game)
    main = scene.regions(app)["main"]
    for point in [main.center, centre_of(app, scene, 101), (main.x + 5, main.y + 5)]:
        move(app, point)  # hovering draws the details box
    side = scene.regions(app)["side"]
    move(app, side.center)
    app.frame(events=[pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3)])  # the panel scrolls
    assert game.state_hash() == before
    colours = {app.screen.get_at((x, y))[:3] for x in range(main.left, main.right, 37)
               for y in range(main.top, main.bottom, 29)}
    assert len(colours) > 4, "the map area shows cards, not a blank background"


def test_the_map_is_painted_once_per_change(ennor: Campaign, app: App) -> None:
    """A frame only blits the painted map: it is painted again after an action."""
    scene = scene_on(app, Game.new(ennor, ["tamsin"], seed=3))
    painted = scene.view._surface
    assert painted is not None
    pixels = pygame.image.tobytes(painted, "RGB")
    for _ in range(5):
        move(app, scene.regions(app)["main"].center)
    assert scene.view._surface is painted and pygame.image.tobytes(painted, "RGB") == pixels
    click(app, centre_of(app, scene, 102))
    app.frame(events=[])
    assert scene.view._surface is not None
    assert pygame.image.tobytes(scene.view._surface, "RGB") != pixels  # Tamsin went


def test_clicking_a_framed_card_travels(ennor: Campaign, app: App) -> None:
    game = Game.new(ennor, ["tamsin"], seed=3)
    scene = scene_on(app, game)
    assert set(scene.targets()) == {102, 103, 104, 105}
    click(app, centre_of(app, scene, 104))
    assert game.state.hero("tamsin").location == 104
    assert scene.session.revision == 1


def test_clicking_a_card_that_is_no_target_does_nothing(ennor: Campaign, app: App) -> None:
    game = crowded(ennor)
    scene = scene_on(app, game)
    before = game.state_hash()
    click(app, centre_of(app, scene, 109))  # diagonal: never connected [MAP-5]
    assert game.state_hash() == before


def test_a_team_travel_starts_from_a_click(ennor: Campaign, app: App) -> None:
    game = Game.new(ennor, ["tamsin", "jago"], seed=3)
    scene = scene_on(app, game)
    click(app, centre_of(app, scene, 102))
    assert game.state.team is not None and game.state.team.to == 102  # who joins? [TEAM-1]


def test_a_join_a_dying_card_closes_is_a_button_that_says_why_DEATH_1_TEAM_1(
        ennor: Campaign, app: App) -> None:
    """Beside the team's choices the window shows the Join the card closes, as grail text
    lists it, and a click on it says why instead of joining."""
    from grail.content.campaign import DyingCard

    from .conftest import changed

    card = DyingCard(dies_when=[], may_not=["travel"])
    game = Game.new(changed(ennor, manifest=ennor.manifest.model_copy(update={"dying": card})),
                    ["tamsin", "jago", "kerra"], seed=3)
    game.state.hero("tamsin").health = 0
    game.settle()
    game.apply(Travel(hero="jago", to=102))
    scene = scene_on(app, game)
    closed = scene.actions.by_text("Tamsin Vell joins")
    assert closed is not None and not closed.enabled
    assert closed.why.startswith("Tamsin Vell is dying: the 'You Are Dying' card forbids travel")
    assert scene.actions.by_text("Kerra") is not None  # Kerra may join
    click(app, closed.rect.center)
    assert scene.notice == closed.why and game.state.team is not None
    assert game.state.team.members == ["jago"]


def test_the_own_card_opens_its_actions(ennor: Campaign, app: App) -> None:
    game = Game.new(ennor, ["tamsin"], seed=3)
    scene = scene_on(app, game)
    click(app, centre_of(app, scene, 101))
    assert scene.menu is not None
    button = scene.menu.by_text("Explore")
    assert button is not None and button.action == Explore(hero="tamsin")
    assert any(isinstance(b.action, Pass) for b in scene.menu.buttons)
    click(app, button.rect.center)
    assert game.log[-1] == Explore(hero="tamsin")


def test_h_and_a_token_pick_the_acting_hero(ennor: Campaign, app: App) -> None:
    game = crowded(ennor)
    scene = scene_on(app, game)
    assert scene.acting() == "tamsin"
    key(app, pygame.K_h)
    assert scene.acting() == "jago"
    assert all(action.hero == "jago" for action in scene.targets().values())
    main = scene.regions(app)["main"]
    from grail.ui.mapcards import hero_tokens
    centre, _ = hero_tokens(scene.grid(), game, 104)["kerra"]
    origin = scene.view.origin(main, scene.grid())
    click(app, (centre[0] + origin[0], centre[1] + origin[1]))
    assert scene.acting() == "kerra"


def test_hovering_shows_a_locations_details(ennor: Campaign, app: App) -> None:
    game = crowded(ennor)
    scene = scene_on(app, game)
    main = scene.regions(app)["main"]
    move(app, (main.right - 3, main.bottom - 3))
    plain = app.screen.copy()
    move(app, centre_of(app, scene, 104))
    assert scene.tip._key[2] == 104
    changed = sum(1 for x in range(main.left, main.right, 9) for y in range(main.top, main.bottom, 9)
                  if plain.get_at((x, y)) != app.screen.get_at((x, y)))
    assert changed > 100
    said = " ".join(text for text, *_ in details(game, 104, "tamsin", "Travel"))
    assert "Lowen Ford" in said and "Guardian: Old Tusk" in said and "Kerra Pascoe" in said
    assert "Ysella Tregear" in said


def test_details_name_tokens_dials_and_the_menhir(ennor: Campaign) -> None:
    game = crowded(ennor)
    said = " ".join(text for text, *_ in details(game, 101, "tamsin", None))
    assert "Time token" in said and "Menhir:" in said and "Click: what Tamsin Vell may do" in said
    assert "raiders: 3" in " ".join(text for text, *_ in details(game, 105, None, None))
    assert "Quest token" in " ".join(text for text, *_ in details(game, 103, None, None))
    assert "last Day" in " ".join(text for text, *_ in details(game, 102, None, None))


def test_pan_and_zoom_change_the_view(ennor: Campaign, app: App) -> None:
    game = crowded(ennor)
    scene = scene_on(app, game)
    main = scene.regions(app)["main"]
    start, zoom = scene.view.centre, scene.view.zoom
    key(app, pygame.K_d)
    assert scene.view.centre[0] > start[0]
    key(app, pygame.K_UP)
    assert scene.view.centre[1] < start[1]
    key(app, pygame.K_EQUALS)
    assert scene.view.zoom > zoom
    move(app, main.center)
    app.frame(events=[pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2)])
    assert scene.view.zoom < zoom * 1.15
    before = scene.view.centre
    app.frame(events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=main.center, button=1)])
    for step in range(1, 6):
        move(app, (main.centerx + 20 * step, main.centery), (1, 0, 0), (20, 0))
    app.frame(events=[pygame.event.Event(pygame.MOUSEBUTTONUP, pos=main.center, button=1)])
    assert scene.view.centre[0] < before[0]  # dragged right: the view looks further left
    assert game.state_hash() == crowded(ennor).state_hash()  # a drag is no click
    key(app, pygame.K_c)
    assert scene.view.centre == (0, 0)  # Tamsin at 101, the start


def test_the_arrows_pan_the_map_and_shift_moves_the_action_bar(
        ennor: Campaign, app: App) -> None:
    scene = scene_on(app, Game.new(ennor, ["tamsin"], seed=3))
    start = scene.view.centre
    key(app, pygame.K_DOWN, pygame.KMOD_SHIFT)
    assert scene.view.centre == start and scene.actions.cursor == 1
    key(app, pygame.K_DOWN)
    assert scene.view.centre != start and scene.actions.cursor == 1


def test_the_day_panel_shows_the_boards_and_the_sheet(ennor: Campaign) -> None:
    game = crowded(ennor)
    for size, scale in (((1280, 720), 1.0), ((1600, 900), 1.0), ((1280, 720), 2.0)):
        app = App(size, Settings(scale=scale), headless=True)
        scene = scene_on(app, game)
        side = scene.regions(app)["side"]
        assert set(scene.panel.boards) == set(FOUR)
        assert all(board.width <= side.width for board in scene.panel.boards.values())
        last = max(board.bottom for board in scene.panel.boards.values())
        move(app, side.center)
        for _ in range(30):
            app.frame(events=[pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3)])
        assert scene.panel.offset > 0 or last <= side.height  # it scrolls when it must
    assert len({letter for _, letter in hero_marks(game).values()}) == 4


def test_the_hero_deciding_is_marked_without_painting_a_board_again(
        ennor: Campaign, app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The board of the hero who decides carries a thick frame and a DECIDING chip, drawn
    over the kept board: the next hero deciding paints no board again, and the panel shows
    the same pixels as one painted afresh for that hero, then none deciding."""
    from grail.ui import boards

    painted = boards_painted(monkeypatch)
    game, panel, rect = crowded(ennor), boards.DayPanel(), pygame.Rect(0, 0, 400, 3000)
    shown = []
    for acting in [None, *FOUR, None]:
        drawn = pygame.Surface(rect.size)
        panel.draw(drawn, rect, game, 0, app.theme, acting, motion=False)
        afresh, image = boards.DayPanel(), pygame.Surface(rect.size)
        afresh.draw(image, rect, game, 0, app.theme, acting, motion=False)
        assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(image, "RGB")
        shown.append(pygame.image.tobytes(drawn, "RGB"))
    assert painted.count("tamsin") == 1 + 6  # the panel's first painting, then each afresh
    assert len(set(shown)) == 5 and shown[0] == shown[-1]  # each deciding hero marked


def test_the_day_panel_follows_the_acting_hero(ennor: Campaign) -> None:
    app = App((1280, 720), Settings(scale=2.0), headless=True)
    game = crowded(ennor)
    scene = scene_on(app, game)
    side = scene.regions(app)["side"]
    key(app, pygame.K_h)
    key(app, pygame.K_h)
    app.frame(events=[])
    board = scene.panel.boards["kerra"]
    assert scene.panel.offset <= board.top < scene.panel.offset + side.height
    assert scene.panel.hero_at(side, (side.x + 20, side.y + board.top - scene.panel.offset + 5)) \
        == "kerra"


def test_the_revealed_layout_uses_the_engines_connections(ennor: Campaign) -> None:
    plan = revealed(crowded(ennor))
    cards = {card.number: card for card in plan.cards}
    assert sorted(cards[101].connected) == ["down", "left", "right", "up"]
    assert "down" not in cards[107].keys and "up" not in cards[103].connected  # a wall [MAP-4]
    assert "right" in cards[107].connected and "left" in cards[102].connected
    assert [menhir.location for menhir in plan.menhirs] == [101, 102]


def finish_the_day(game: Game) -> None:
    """Pass, rest hungry and finish upgrading until the next Day has begun."""
    day = game.state.day
    while game.state.day == day:
        legal = game.legal_actions()
        wanted = [a for a in legal if isinstance(a, Pass | FinishUpgrades)] \
            + [a for a in legal if isinstance(a, Rest) and not a.eat]
        game.apply(wanted[0] if wanted else legal[0])


def test_the_vanish_preview_names_what_the_start_of_day_discards(ennor: Campaign) -> None:
    game = Game.new(ennor, ["tamsin"], seed=3)
    state = game.state
    for number, spot in sorted(ennor.grid.items()):
        if max(abs(spot[0]), abs(spot[1])) <= 2 and state.at(*spot) is None \
                and state.spot_of(number) is None:
            place(state, number, spot)
    state.menhirs = [Menhir(location=101, dial=None), Menhir(location=102, dial=3)]
    state.hero("tamsin").location = 105  # (0, 1): outside 102's radius [MENHIR-3]
    game.refresh()
    preview, gone = vanishing(state), fading_menhirs(state)
    assert gone == [101]
    spots = {place.number: (place.x, place.y) for place in state.placed}
    near_102 = {n for n, (x, y) in spots.items() if abs(x) <= 1 and -2 <= y <= 0}
    assert sorted(preview) == sorted(set(spots) - near_102) and 105 in preview
    finish_the_day(game)
    assert game.state.day == 2
    assert sorted(game.state.discarded) == sorted(preview)
    assert [m.location for m in game.state.menhirs] == [102]


def test_no_menhir_left_means_nothing_vanishes(ennor: Campaign) -> None:
    game = Game.new(ennor, ["tamsin"], seed=3)
    game.state.menhirs = [Menhir(location=101, dial=None)]
    placed = [p.number for p in game.state.placed]
    assert vanishing(game.state) == [] and fading_menhirs(game.state) == [101]
    finish_the_day(game)
    assert [p.number for p in game.state.placed] == placed  # the Wyrdness hurts [MENHIR-9]


def test_the_map_marks_what_vanishes(ennor: Campaign, app: App) -> None:
    game = crowded(ennor)
    said = " ".join(text for text, *_ in details(game, 121, None, None))
    assert 121 in vanishing(game.state) and "Vanishes at the next Start of Day" in said
    assert 101 not in vanishing(game.state)
    scene = scene_on(app, game)
    centre = centre_of(app, scene, 101)
    move(app, centre)
    assert scene.tip._key[2] == 101


def test_cards_painted_again_alone_match_the_whole_map_painted_afresh(
        ennor: Campaign, app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """After an action that leaves the map itself as it was, only the cards whose tokens
    changed are painted again: the painting then has the same pixels as the whole map
    painted afresh, action after action."""
    import random

    from grail.ui import mapview
    from grail.ui.mapcards import paint

    repainted: list[list[int]] = []
    partial = mapview.repaint

    def counted(*args: object) -> list[int]:
        numbers = partial(*args)  # type: ignore[arg-type]
        repainted.append(numbers)
        return numbers

    monkeypatch.setattr(mapview, "repaint", counted)
    game, view, chooser = crowded(ennor), mapview.MapView(), random.Random(4)
    for revision in range(80):
        legal = [action for action in game.legal_actions()
                 if action.type not in ("join_game", "leave_game")]
        if not legal:
            break
        travels = [action for action in legal if isinstance(action, Travel)]
        game.apply(chooser.choice(travels if travels and chooser.random() < 0.7 else legal))
        painted, grid = view.painted(game, revision, app.theme)
        afresh = pygame.Surface(grid.size)
        paint(afresh, grid, view.plan(game, revision), game, app.theme)
        assert pygame.image.tobytes(painted, "RGB") == pygame.image.tobytes(afresh, "RGB"), \
            f"after {game.log[-1]}"
    assert sum(len(numbers) for numbers in repainted) >= 10  # the partial path was taken


@pytest.mark.parametrize("zoom", [0.4, 1.0, 1.8])
def test_a_menhirs_dial_turning_paints_its_radius_again_not_the_whole_map(
        ennor: Campaign, app: App, zoom: float, monkeypatch: pytest.MonkeyPatch) -> None:
    """A Menhir's dial turning, down to its last Day, changes its radius's name, its stone
    and the cards that will vanish [MENHIR-2], [DAY-START-1], [DAY-START-2]: only its radius
    and those cards are painted again (the whole map took a frame of 30-40 ms), unless they
    are most of the cards, with the same pixels as the whole map painted afresh, at the
    farthest and nearest zooms too."""
    from grail.ui import mapview

    whole = whole_paintings(monkeypatch)
    game, view = crowded(ennor), mapview.MapView()
    view.zoom = zoom
    game.state.menhirs = [Menhir(location=101, dial=10), Menhir(location=102, dial=None)]
    game.refresh()
    counts = []
    for revision, dial in enumerate([10, 9, 2, 1, None]):
        game.state.menhirs[0].dial = dial
        painted, grid = view.painted(game, revision, app.theme)
        afresh = painted_afresh(game, grid, view.plan(game, revision), app.theme)
        assert pygame.image.tobytes(painted, "RGB") == \
            pygame.image.tobytes(afresh.surface, "RGB"), f"the dial at {dial}"
        counts.append(len(whole))
    assert fading_menhirs(game.state) == [101, 102] and vanishing(game.state) == []
    assert counts == [1, 1, 1, 1, 2]  # the last: no Menhir left, 16 cards no longer vanish


@pytest.mark.parametrize("zoom", [0.4, 1.0])
def test_cards_revealed_and_discarded_paint_their_places_not_the_whole_map(
        ennor: Campaign, app: App, zoom: float, monkeypatch: pytest.MonkeyPatch) -> None:
    """Cards revealed, sometimes past the map's edge (here also by hand, far out), and each
    Start of Day discarding those outside every Menhir's radius [MAP-7], [DAY-START-2]:
    the painting is moved onto a map of the new size and only those places and the cards
    around them painted again, unless that is most of the cards, with the same pixels and
    key badges as the whole map painted afresh, action after action."""
    import random

    from grail.ui import mapview

    whole = whole_paintings(monkeypatch)
    game, view, chooser = crowded(ennor), mapview.MapView(), random.Random(3)
    game.state.menhirs = [Menhir(location=101, dial=10)]
    game.refresh()
    view.zoom = zoom
    far = [number for number, (x, y) in sorted(ennor.grid.items()) if max(abs(x), abs(y)) == 3]
    sizes, numbers = set(), set()
    for revision in range(120):
        legal = [action for action in game.legal_actions()
                 if action.type not in ("join_game", "leave_game")]
        if not legal or game.state.outcome is not None:
            break
        moving = [action for action in legal if isinstance(action, Travel | Explore)]
        game.apply(chooser.choice(moving if moving and chooser.random() < 0.6 else legal))
        if revision % 7 == 3 and far:
            number = far.pop()
            if game.state.spot_of(number) is None and game.state.at(*ennor.grid[number]) is None:
                place(game.state, number, ennor.grid[number])
                game.refresh()
        painted, grid = view.painted(game, revision, app.theme)
        afresh = painted_afresh(game, grid, view.plan(game, revision), app.theme)
        assert pygame.image.tobytes(painted, "RGB") == \
            pygame.image.tobytes(afresh.surface, "RGB"), f"after {game.log[-1]}"
        assert view.badges == afresh.badges, f"after {game.log[-1]}"
        sizes.add(grid.size)
        numbers.add(tuple(sorted(place.number for place in game.state.placed)))
    assert game.state.day > 1 and any(not set(a) <= set(b) for a in numbers for b in numbers)
    # the first; and at a Start of Day, the cards discarded (most of them), then the Menhir's
    # dial turning over most of what is left, apart when a Guardian met in between is fought
    assert len(whole) <= 2 * game.state.day
    assert len(sizes) > len(whole)  # the map grew and was moved, not painted whole


def test_a_change_over_most_of_the_map_paints_it_whole_at_once(
        ennor: Campaign, app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """When most of the map must be painted again (the Menhir moved to a corner: a new
    radius, most cards now vanishing [DAY-START-2]; a Quest token on every card), it is
    painted whole at once rather than place by place, with the same pixels as one painted
    afresh."""
    from grail.ui import mapview

    whole = whole_paintings(monkeypatch)
    game, view = crowded(ennor), mapview.MapView()
    game.state.menhirs = [Menhir(location=101, dial=3)]
    game.refresh()
    view.painted(game, 0, app.theme)
    before = set(vanishing(game.state))
    corner = next(place.number for place in game.state.placed if (place.x, place.y) == (2, 2))
    game.state.menhirs = [Menhir(location=corner, dial=3)]
    game.state.quest_tokens = [place.number for place in game.state.placed]
    painted, grid = view.painted(game, 1, app.theme)
    afresh = painted_afresh(game, grid, view.plan(game, 1), app.theme)
    assert pygame.image.tobytes(painted, "RGB") == pygame.image.tobytes(afresh.surface, "RGB")
    assert len(before ^ set(vanishing(game.state))) >= 10
    assert len(whole) == 2
    game.state.heroes[0].location = corner  # one card's tokens: place by place again
    view.painted(game, 2, app.theme)
    assert len(whole) == 2


def test_boards_kept_from_the_last_painting_match_the_panel_painted_afresh(
        ennor: Campaign, app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The day panel paints again only the parts whose look changed (most often a board or
    two): the panel then shows the same pixels, the same board rectangles and the same
    meter tracks as one painted afresh, action after action, whoever decides."""
    import random

    from grail.ui import boards

    painted = boards_painted(monkeypatch)
    game, panel, chooser = crowded(ennor), boards.DayPanel(), random.Random(6)
    rect = pygame.Rect(0, 0, 400, 3000)  # the whole panel in view
    shown = 0
    for revision in range(60):
        legal = [action for action in game.legal_actions()
                 if action.type not in ("join_game", "leave_game")]
        if not legal:
            break
        game.apply(chooser.choice(legal))
        acting = game.pending().heroes[0] if game.pending().heroes else None
        drawn = pygame.Surface(rect.size)
        panel.draw(drawn, rect, game, revision, app.theme, acting, motion=False)
        shown += len(game.state.heroes)
        kept = len(painted)
        afresh, image = boards.DayPanel(), pygame.Surface(rect.size)
        afresh.draw(image, rect, game, revision, app.theme, acting, motion=False)
        del painted[kept:]  # the panel's own paintings only
        assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(image, "RGB")
        assert panel.boards == afresh.boards and panel._spaces == afresh._spaces
    assert len(painted) < shown / 2  # most boards were kept
