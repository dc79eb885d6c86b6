"""Every scene of a real game fits the window at the sizes players use: at 1280x720,
1600x900, 1920x1080 and 2560x1440, no text of any widget leaves its box or the window, and
no button label is cut (grail.ui.widgets.OVERFLOWS notes each text that does not fit)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


def _word_by_word(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Wrapping as its rule says: a line takes the next word while the line, measured whole,
    fits; the first word always."""
    lines = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}".strip()
            if line and font.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


WORDS = ["Travel", "to", "the", "Old", "Mill", "Tamsin", "Jago", "(1", "Energy)", "Wåll",
         "AV", "Ty", "kerning:", "—", "a", "Stone", "Circle", "of", "Ennor,", "fff",
         "Menhir's", "WWWWWWWWWWWWWWWWWWWW", "l", "iiii", "'quoted'", "…"]


@settings(max_examples=300, deadline=None)
@given(words=st.lists(st.sampled_from(WORDS), max_size=40),
       breaks=st.lists(st.integers(0, 39), max_size=3),
       width=st.integers(1, 700), size=st.sampled_from([14, 16, 18, 22, 28]),
       bold=st.booleans(), scale=st.sampled_from([0.8, 1.0, 1.5]))
def test_wrapping_measures_whole_lines_as_the_rule_says(
        app: App, words: list[str], breaks: list[int], width: int, size: int, bold: bool,
        scale: float) -> None:
    """The lines wrap gives, from each word's width guessed and two whole lines measured,
    are those of measuring each trial line word by word, in every face, size and scale, with
    words kerned against their neighbours, blank paragraphs and words wider than the line;
    and the widest it reports is the widest line's width."""
    from grail.ui.theme import Theme
    from grail.ui.widgets import _laid_out, wrap

    font = Theme(scale=scale).font(size, bold)
    text = " ".join(f"{word}\n" if index in breaks else word for index, word in enumerate(words))
    lines = wrap(text, font, width)
    assert lines == _word_by_word(text, font, width)
    assert _laid_out(text, font, width)[1] == max(font.size(line)[0] for line in lines)
