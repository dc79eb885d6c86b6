"""Every scene of a real game fits the window at the sizes players use: at 1280x720,
1600x900, 1920x1080 and 2560x1440, no text of any widget leaves its box or the window, and
no button label is cut (grail.ui.widgets.OVERFLOWS notes each text that does not fit)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from grail.session import Session
from grail.ui.app import App, Settings
from grail.ui.scenes.game import view_for
from grail.ui.widgets import OVERFLOWS

from .ui_states import STATES

SIZES = [(1280, 720), (1600, 900), (1920, 1080), (2560, 1440)]


@pytest.fixture(scope="module")
def app() -> App:
    return App(SIZES[0], headless=True)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("state", sorted(STATES))
def test_every_scene_fits_the_window(app: App, state: str, size: tuple[int, int]) -> None:
    game = STATES[state]()
    session = Session(game, None)
    app.screen = pygame.display.set_mode(size)
    app.settings = Settings()
    app.stack = [view_for(session)(session)]
    OVERFLOWS.clear()
    app.frame(events=[])
    app.frame(events=[])
    assert list(OVERFLOWS) == []


def test_a_text_beyond_its_box_is_noted(app: App) -> None:
    """The check itself: a button whose label cannot fit is cut and noted."""
    from grail.ui.theme import Theme
    from grail.ui.widgets import Button

    surface = pygame.Surface((400, 200))
    OVERFLOWS.clear()
    Button(pygame.Rect(10, 10, 60, 20), "a label far too long for so small a button",
           None).draw(surface, Theme())
    assert len(OVERFLOWS) == 1 and "far too long" in OVERFLOWS[0]
    OVERFLOWS.clear()
    Button(pygame.Rect(10, 10, 300, 60), "Pass", None).draw(surface, Theme())
    assert not OVERFLOWS


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_menus_fit_the_window(app: App, size: tuple[int, int], tmp_path: Path,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The title, the settings, a new game's choices and the save list fit too."""
    from grail.content import bundled_pack, load_pack
    from grail.ui.scenes.load import LoadScene
    from grail.ui.scenes.new_game import NewGameScene
    from grail.ui.scenes.settings import SettingsScene
    from grail.ui.scenes.title import TitleScene

    monkeypatch.setenv("GRAIL_SAVES", str(tmp_path))
    app.screen = pygame.display.set_mode(size)
    app.settings = Settings()
    for scene in (TitleScene(), SettingsScene(app.settings),
                  NewGameScene(load_pack(bundled_pack()), None, tmp_path), LoadScene(None)):
        app.stack = [scene]
        OVERFLOWS.clear()
        app.frame(events=[])
        app.frame(events=[])
        assert list(OVERFLOWS) == [], type(scene).__name__
