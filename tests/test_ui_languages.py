"""grail in the languages it speaks: under the pseudo-language every text a player reads in
the window or in ``grail text`` comes from grail's catalog or from the pack (both made
longer, accented and bracketed by it), and in Spanish and in the pseudo-language every
scene fits the window at every size players use, as it does in English
(tests/test_ui_fit.py)."""

from __future__ import annotations

import contextlib
import io
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pygame
import pytest

from grail.cli import main
from grail.lang import PSEUDO, language, pseudo, use
from grail.session import Session
from grail.ui import theme
from grail.ui.app import App, Settings
from grail.ui.scenes.game import view_for
from grail.ui.widgets import OVERFLOWS

from .ui_states import STATES

SIZES = [(1280, 720), (1600, 900), (1920, 1080), (2560, 1440)]

SAID_BY_NAME = {"grail", "English", "Español"}
"""What is shown as it is in every language: grail's own name, and each language's name
in that language."""

_BRACKETED = re.compile(r"\[[^\[\]]*\]")

_ACCENTED = set(pseudo("ABCDEGHIJKLNORSTUWYZabcdeghijklnorstuwyzp"))
"""The letters only the pseudo-language writes: a word with one is in the middle of a
message wrapped over lines."""


def outside_the_catalog(text: str) -> str:
    """What of a line drawn or printed no catalog and no pack gave, under the
    pseudo-language: the letters outside its brackets. A line wrapped from a longer message
    holds a bracket opened before it or closed after it.

    >>> outside_the_catalog("[Ðàý 2 ḃéĝîñš ~~] 12 [Ŧàšš")
    ''
    >>> outside_the_catalog("Day 2 [ḃéĝîñš ~~]")
    'Day'
    >>> outside_the_catalog("ŧĥé ḃļàçķ ḃàŕ, Health")
    'Health'
    """
    while _BRACKETED.search(text):
        text = _BRACKETED.sub(" ", text)
    if "]" in text:
        text = text[text.rindex("]") + 1:]
    if "[" in text:
        text = text[:text.index("[")]
    words = re.findall(r"[^\W\d_]+", text)
    return " ".join(word for word in words if len(word) > 1  # a key: "C", "Q"
                    and word not in SAID_BY_NAME and not _ACCENTED.intersection(word))


@pytest.fixture
def speaking(request: pytest.FixtureRequest) -> Iterator[str]:
    """grail speaking the language of the test's parameter, English again after."""
    before = language()
    use(request.param)
    try:
        yield request.param
    finally:
        use(before)


class _Recording(pygame.font.Font):
    """A font that keeps every text it renders."""

    drawn: ClassVar[list[str]] = []

    def render(self, text: str | bytes | None, *args: object, **kwargs: object) -> pygame.Surface:
        if isinstance(text, str):
            _Recording.drawn.append(text)
        return super().render(text, *args, **kwargs)  # type: ignore[arg-type]


@pytest.fixture
def recording(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every text the window renders from now on."""
    monkeypatch.setattr(pygame.font, "Font", _Recording)
    for cached in (theme.face_at, theme._font_at, theme.rendered):
        cached.cache_clear()
    _Recording.drawn = []
    yield _Recording.drawn
    for cached in (theme.face_at, theme._font_at, theme.rendered):
        cached.cache_clear()


def _drawn(game_state: str, size: tuple[int, int]) -> None:
    app = App(size, Settings(), headless=True)
    session = Session(STATES[game_state](), None)
    app.stack = [view_for(session)(session)]
    OVERFLOWS.clear()
    app.frame(events=[])
    app.frame(events=[])


@pytest.mark.parametrize("speaking", [PSEUDO], indirect=True)
@pytest.mark.parametrize("state", sorted(STATES))
def test_every_text_of_every_scene_comes_from_a_catalog(
        speaking: str, state: str, recording: list[str]) -> None:
    for size in SIZES:
        _drawn(state, size)
    stray = sorted({text for text in recording if outside_the_catalog(text)})
    assert stray == []


@pytest.mark.parametrize("speaking", ["es", PSEUDO], indirect=True)
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("state", sorted(STATES))
def test_every_scene_fits_in_every_language(speaking: str, state: str,
                                            size: tuple[int, int]) -> None:
    _drawn(state, size)
    assert list(OVERFLOWS) == []


@pytest.mark.parametrize("speaking", ["es", PSEUDO], indirect=True)
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_menus_fit_and_come_from_a_catalog(speaking: str, size: tuple[int, int],
                                              tmp_path: Path, recording: list[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The title, the settings, a new game's choices and the save list."""
    from grail.content import bundled_pack, load_pack
    from grail.ui.scenes.load import LoadScene
    from grail.ui.scenes.new_game import NewGameScene
    from grail.ui.scenes.settings import SettingsScene
    from grail.ui.scenes.title import TitleScene

    monkeypatch.setenv("GRAIL_SAVES", str(tmp_path))
    assert main(["new", str(tmp_path / "1.grail"), "--hero", "tamsin", "--seed", "3"]) == 0
    (tmp_path / "2.grail").write_text("not a save")  # names of the player's: digits here
    app = App(size, Settings(), headless=True)
    for scene in (TitleScene(), SettingsScene(app.settings),
                  NewGameScene(load_pack(bundled_pack(), lang=speaking), None, tmp_path),
                  LoadScene(None)):
        app.stack = [scene]
        OVERFLOWS.clear()
        app.frame(events=[])
        app.frame(events=[])
        assert list(OVERFLOWS) == [], type(scene).__name__
    if speaking == PSEUDO:
        assert sorted({text for text in recording if outside_the_catalog(text)}) == []


class _Player:
    """Answers ``grail text`` as a player who picks at random among the numbered choices
    printed since the last answer, and types other things at set turns: every view, the
    help, a tip, an undo, words that are no choice, a number out of range."""

    TYPED: ClassVar[dict[int, str]] = {
        5: "?", 9: "t", 14: "u", 20: "nonsense", 26: "99", 31: "s", 33: "c", 35: "e",
        37: "l", 39: "m", 41: "f", 43: "i"}

    def __init__(self, out: io.StringIO, seed: int, answers: int) -> None:
        self.out, self.random, self.left, self.seen, self.turn = out, random.Random(seed), \
            answers, 0, 0

    def __call__(self, prompt: str) -> str | None:
        print(prompt, flush=True)
        printed = self.out.getvalue()[self.seen:]
        self.seen = len(self.out.getvalue())
        self.turn += 1
        if self.turn > self.left:
            return None
        if self.turn in self.TYPED:
            return self.TYPED[self.turn]
        numbers = [int(number) for number in re.findall(r"^(\d+)\. ", printed, re.M)]
        return str(self.random.randint(1, max(numbers))) if numbers else "1"


@pytest.mark.parametrize("heroes", [["tamsin"], ["jago", "kerra"], ["ysella"]])
def test_every_line_grail_text_prints_comes_from_a_catalog(
        heroes: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Games played at random for 400 answers each, every view, help and refusal on the
    way: not one letter outside the pseudo-language's brackets."""
    import grail.cli.text

    save = tmp_path / "game.grail"
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        assert main(["--lang", PSEUDO, "new", str(save),
                     *[word for hero in heroes for word in ("--hero", hero)],
                     "--seed", str(len(heroes))]) == 0
        monkeypatch.setattr(grail.cli.text, "ask", _Player(out, len(heroes[0]), 400))
        main(["--lang", PSEUDO, "text", str(save)])
    printed = out.getvalue().splitlines()
    assert len(printed) > 400
    stray = [line for line in printed if outside_the_catalog(line)]
    assert stray == []
    assert language() == "en"  # --lang holds for its command alone


def test_the_bundled_fonts_draw_every_letter_of_spanish_and_the_pseudo_language() -> None:
    """Every face grail draws with has a glyph for Spanish's letters and marks and for the
    pseudo-language's, never the empty box of a missing one."""
    pygame.font.init()
    letters = "áéíóúüñÁÉÍÓÚÜÑ¿¡«»" + pseudo("ABCDEGHIJKLNORSTUWYZabcdeghijklnorstuwyzp")
    faces = sorted((Path(theme.__file__).parent / "fonts").glob("*.ttf"))
    assert faces
    for face in faces:
        font = pygame.font.Font(face, 20)
        missing = pygame.image.tobytes(font.render("\ue000", True, (0, 0, 0)), "RGBA")
        assert [letter for letter in letters if letter not in "[] ~" and pygame.image.tobytes(
            font.render(letter, True, (0, 0, 0)), "RGBA") == missing] == [], face.name
