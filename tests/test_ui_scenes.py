"""Every view of the window renders, without changing the game, for games in many states
(tests/ui_states.py), at the smallest and a large window, at both scales and in both
themes; and the view on top follows the engine's pending decision."""

from __future__ import annotations

import pygame
import pytest

from grail.session import Session
from grail.ui.app import App, Settings
from grail.ui.scenes.chance import ChanceScene
from grail.ui.scenes.encounter import EncounterScene
from grail.ui.scenes.end_of_day import EndOfDayScene
from grail.ui.scenes.game import GameScene, view_for
from grail.ui.scenes.journal import JournalScene
from grail.ui.scenes.map import MapScene
from grail.ui.widgets import OVERFLOWS

from .ui_states import STATES

VIEWS: list[type[GameScene]] = [MapScene, JournalScene, EncounterScene, EndOfDayScene,
                                ChanceScene]
EXPECTED = {"start": MapScene, "mid_day": MapScene, "mid_journal": JournalScene,
            "combat_of_four": EncounterScene, "diplomacy_stage_two": EncounterScene,
            "diplomacy_alone": EncounterScene, "end_of_day": EndOfDayScene,
            "hero_dying": MapScene, "companion_chance": ChanceScene,
            "dying_rest_of_four": EndOfDayScene, "two_abilities_in_hand": EncounterScene}


@pytest.fixture(scope="module")
def app() -> App:
    return App((1280, 720), headless=True)


@pytest.mark.parametrize("state", sorted(STATES))
def test_the_view_follows_the_pending_decision(state: str) -> None:
    assert view_for(Session(STATES[state](), None)) is EXPECTED[state]


@pytest.mark.parametrize("state", sorted(STATES))
def test_every_view_renders_every_state_without_changing_it(app: App, state: str) -> None:
    game = STATES[state]()
    session = Session(game, None)
    before = game.state_hash()
    for size, settings in (((1280, 720), Settings()), ((1600, 900), Settings(2.0, True))):
        app.screen = pygame.display.set_mode(size)
        app.settings = settings
        for view in VIEWS:
            app.stack = [view(session)]
            app.frame(events=[])
            app.frame(events=[])
            colours = {app.screen.get_at((x, y))[:3] for x in range(0, size[0], 97)
                       for y in range(0, size[1], 61)}
            assert len(colours) > 3, f"{view.__name__} drew almost nothing for {state}"
            assert game.state_hash() == before, f"drawing {view.__name__} changed the game"


@pytest.mark.parametrize("state", sorted(STATES))
def test_buttons_name_things_instead_of_giving_their_ids(app: App, state: str) -> None:
    """A player reads "Tamsin Vell" and "The Barrow-Keeper", never ``tamsin`` or
    ``purple-barrow-keeper``: the ids of heroes, cards, Encounters and events are named."""
    game = STATES[state]()
    campaign = game.campaign
    ids = {*campaign.hero, *campaign.card, *campaign.encounter, *campaign.event}
    app.screen = pygame.display.set_mode((1600, 900))
    app.settings = Settings()
    scene = view_for(Session(game, None))(Session(game, None))
    app.stack = [scene]
    app.frame(events=[])
    words = {word.strip(".,:;()") for button in scene.actions.buttons
             for word in button.text.split()}
    assert scene.actions.buttons and not words & ids


@pytest.mark.parametrize("scale", [1.0, 2.0])
@pytest.mark.parametrize("state", ["start", "mid_day", "mid_journal", "end_of_day"])
def test_the_action_bar_fits_its_buttons_and_every_action_is_on_a_page(
        app: App, state: str, scale: float) -> None:
    """At 1280x720, even at 2x, the bar leaves the view at least half the window below the
    banner, its buttons stay inside it without overlapping, and turning its pages reaches
    every legal action exactly once (keyboard access to every action)."""
    game = STATES[state]()
    session = Session(game, None)
    app.screen = pygame.display.set_mode((1280, 720))
    app.settings = Settings(scale, False)
    scene = view_for(session)(session)
    app.stack = [scene]
    app.frame(events=[])
    regions = scene.regions(app)
    assert regions["main"].height >= (720 - regions["banner"].height) // 2
    reached = []
    for _ in range(-(-len(session.legal()) // scene.per_page)):
        buttons = scene.actions.buttons
        rects = [button.rect for button in buttons]
        assert all(regions["actions"].contains(rect) for rect in rects)
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
        reached += [button.action for button in buttons]
        app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0,
                                      unicode="", scancode=0)])
    assert reached == session.legal()


def test_the_buttons_words_are_made_once_an_action_and_follow_the_game(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Words are made when the game changed, not at every frame, and never go stale: after
    an action the bar says what the new state allows."""
    from grail.ui.scenes import game as scene_module
    from grail.words.actions import action_label

    made: list[object] = []

    def counted(game: object, action: object) -> str:
        made.append(action)
        return action_label(game, action)  # type: ignore[arg-type]

    monkeypatch.setattr(scene_module, "action_label", counted)
    session = Session(STATES["mid_day"](), None)
    app.screen = pygame.display.set_mode((1280, 720))
    app.settings = Settings()
    scene = MapScene(session)
    app.stack = [scene]
    for _ in range(5):
        app.frame(events=[])
    assert len(made) == len(scene.actions.buttons) > 0  # once, however many frames
    session.act(session.legal()[0])
    app.stack = [scene]
    app.frame(events=[])
    assert [button.text for button in scene.actions.buttons] == [
        action_label(session.game, action) for action in session.legal()[:len(scene.actions.buttons)]]


@pytest.mark.parametrize(("deciding", "fits", "whole"), [
    ("ysella", 3, ["ysella", "tamsin", "jago"]),  # the fourth to rest is shown whole
    ("tamsin", 3, ["tamsin", "jago", "kerra"]), (None, 2, ["tamsin", "jago"]),
    ("kerra", 1, ["kerra"]), ("jago", 9, ["jago", "tamsin", "kerra", "ysella"])])
def test_the_night_panel_shows_the_character_deciding_whole(
        deciding: str | None, fits: int, whole: list[str]) -> None:
    """Four characters at 1280x720 leave room for three whole blocks: the one who decides
    is one of them, whoever's turn it is, and the others fill the room in order [END-DAY-1]."""
    from grail.ui.scenes.end_of_day import shown_whole

    assert shown_whole(["tamsin", "jago", "kerra", "ysella"], deciding, fits) == whole


def test_a_bonus_key_s_words_fit_the_key_in_smaller_type_if_need_be() -> None:
    """"Agg", a continue and "draw" on a left key half a card wide: the card's own type
    where it fits, smaller where it does not, never cut at the key's rounded end [KEY-5]."""
    from grail.ui.cards import Frame, left_key_fonts
    from grail.ui.icons import icons_width
    from grail.ui.theme import Theme

    theme = Theme()
    frame = Frame(pygame.Rect(0, 0, 190, 240), 3, theme)
    icons = ["continue", "draw"]

    def width(room: int) -> tuple[int, int]:
        font, icon_font = left_key_fonts(frame, "Agg", icons, room)
        return font.size("Agg")[0] + theme.px(3) + icons_width(icons, icon_font), font.get_height()

    roomy, cramped = width(200), width(width(200)[0] - 1)
    assert roomy[1] == frame.key_font.get_height()  # the card's own type
    assert cramped[0] < roomy[0] and cramped[1] < roomy[1]  # smaller, and it fits
    OVERFLOWS.clear()
    width(10)  # fits no type: drawn at the smallest, and noted
    assert list(OVERFLOWS) == ["a key of 10 px: 'Agg continue draw'"]


@pytest.mark.parametrize(("entries", "visible", "shown"), [
    ([["a1", "a2"], ["b1"], ["c1", "c2"]], 4, ["b1", "c1", "c2"]),  # not a2 alone
    ([["a1", "a2"], ["b1"], ["c1", "c2"]], 5, ["a1", "a2", "b1", "c1", "c2"]),
    ([["a1"], ["b1", "b2", "b3"]], 2, ["b1", "b2"]),  # the newest alone, too long: its start
    ([], 3, [])])
def test_the_log_shows_whole_entries_newest_last(
        entries: list[list[str]], visible: int, shown: list[str]) -> None:
    """The log panel never begins in the middle of an entry ("1. This game is not kept."
    after the start of its sentence scrolled away)."""
    from grail.ui.scenes.game import whole_entries

    assert whole_entries(entries, visible) == shown


def test_a_label_too_long_for_its_box_drops_its_aside_before_it_is_cut() -> None:
    """'4 Play Let the Fog Lift: ... (Caution key 2, the free key)' on a bar's button at
    1280x720: without the words in brackets (the card beside shows its keys), whole, rather
    than cut short with an ellipsis."""
    from grail.ui.theme import Theme
    from grail.ui.widgets import fitted_or_shorter

    theme = Theme()
    label = "4 Play Let the Fog Lift: discard the last card, up 1, draw 1 (Caution key 2, " \
        "the free key)"
    OVERFLOWS.clear()
    _, roomy = fitted_or_shorter(label, theme, 18, pygame.Rect(0, 0, 1200, 30))
    _, narrow = fitted_or_shorter(label, theme, 18, pygame.Rect(0, 0, 400, 30))
    assert " ".join(roomy) == label
    assert " ".join(narrow) == "4 Play Let the Fog Lift: discard the last card, up 1, draw 1"
    assert list(OVERFLOWS) == []
