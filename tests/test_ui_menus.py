"""The window's menus, driven headless by scripted keys, clicks and typing: the title, a new
campaign, Save as, quit to the title, Load, Continue, the settings, a damaged save, the game
menu's reload (F5) and ``grail play --at``."""

from __future__ import annotations

import os
import sqlite3
import tempfile
from contextlib import closing
from pathlib import Path

import pygame
import pytest

from grail.cli import main
from grail.content import cache as cache_module
from grail.content.cache import load_cached
from grail.save import export_save
from grail.session import Session
from grail.ui.app import App, Settings
from grail.ui.scenes.confirm import ConfirmScene
from grail.ui.scenes.game import GameScene, view_for
from grail.ui.scenes.load import LoadScene, SaveAsScene
from grail.ui.scenes.menu import MenuScene, reload_pack
from grail.ui.scenes.new_game import NewGameScene, RulesScene
from grail.ui.scenes.settings import SettingsScene
from grail.ui.scenes.title import TitleScene

from .conftest import MINIMAL, saved
from .ui_input import click, key, session_of, top, type_text

PACK = str(MINIMAL)


@pytest.fixture
def app(saves: Path) -> App:
    """The window on the title screen of the minimal pack."""
    window = App((1280, 720), Settings.load(), headless=True)
    TitleScene.show(window, PACK)
    window.frame([])
    return window


def new_campaign(app: App, name: str, seed: str = "") -> Session:
    """From the title: both heroes of the minimal pack, a seed and a name; Enter starts."""
    key(app, pygame.K_n)
    scene = top(app)
    assert isinstance(scene, NewGameScene)
    key(app, pygame.K_1)
    click(app, dict(scene.rects)[("hero", "yew")].center)  # the second by the mouse
    if seed:
        click(app, dict(scene.rects)[("seed", "")].center)
        type_text(app, seed)
    click(app, dict(scene.rects)[("name", "")].center)
    type_text(app, name)
    key(app, pygame.K_RETURN)
    return session_of(app)


def test_a_new_campaign_of_two_heroes_starts_in_the_view_its_decision_calls_for(
        app: App, saves: Path) -> None:
    session = new_campaign(app, "two heroes", seed="42")
    assert type(top(app)) is view_for(session)
    assert isinstance(app.stack[0], TitleScene) and len(app.stack) == 2
    assert [hero.id for hero in session.game.state.heroes] == ["wren", "yew"]
    assert session.path == saves / "two heroes.grail" and session.path.exists()
    setup = saved(session.path).setup
    assert setup["seed"] == 42 and setup["mode"] == "normal" and not setup["companion"]
    assert setup["pack"] == str(MINIMAL.resolve())


def test_a_new_campaign_checks_its_choices_and_asks_before_replacing_a_save(
        app: App, saves: Path) -> None:
    key(app, pygame.K_n)
    scene = top(app)
    assert isinstance(scene, NewGameScene)
    key(app, pygame.K_RETURN)  # on the first hero: chooses it
    assert scene.chosen == ["wren"]
    key(app, pygame.K_1)
    click(app, dict(scene.rects)[("start", "")].center)
    assert top(app) is scene and "Choose 1 to 2 heroes" in scene.notice
    key(app, pygame.K_2)
    key(app, pygame.K_m)  # normal -> challenge
    assert scene.mode == "challenge"
    key(app, pygame.K_r)
    assert isinstance(top(app), RulesScene)
    key(app, pygame.K_9)  # no Mother's Mercy: off
    key(app, pygame.K_ESCAPE)
    assert top(app) is scene and "no_mercy" not in scene.rules and len(scene.rules) == 8
    click(app, dict(scene.rects)[("name", "")].center)
    type_text(app, "../away")
    key(app, pygame.K_RETURN)
    assert top(app) is scene and "cannot contain '/'" in scene.notice
    key(app, pygame.K_BACKSPACE, pygame.KMOD_CTRL)
    (saves / "taken.grail").write_text("{}")
    type_text(app, "taken")
    key(app, pygame.K_RETURN)
    assert isinstance(top(app), ConfirmScene)
    key(app, pygame.K_y)
    session = session_of(app)
    assert session.game.state.mode == "challenge" and session.path == saves / "taken.grail"
    assert "no_mercy" not in (session.game.state.challenge_rules or [])


def test_save_as_quit_to_the_title_load_and_continue(app: App, saves: Path) -> None:
    first = new_campaign(app, "first")
    key(app, pygame.K_ESCAPE)
    menu = top(app)
    assert isinstance(menu, MenuScene)
    key(app, pygame.K_a)
    save_as = top(app)
    assert isinstance(save_as, SaveAsScene) and save_as.name.text == "first"
    key(app, pygame.K_BACKSPACE, pygame.KMOD_CTRL)
    type_text(app, "copy")
    key(app, pygame.K_RETURN)
    assert top(app) is menu and menu.notice == "Saved as 'copy'."
    assert first.path == saves / "copy.grail" and (saves / "first.grail").exists()
    key(app, pygame.K_a)  # Save as over another save asks first
    key(app, pygame.K_DOWN)  # the list's saves fill the name in
    assert isinstance(top(app), SaveAsScene)
    row = top(app).rows[top(app).cursor]  # type: ignore[attr-defined]
    assert top(app).name.text == row.path.stem  # type: ignore[attr-defined]
    key(app, pygame.K_BACKSPACE, pygame.KMOD_CTRL)
    type_text(app, "first")
    key(app, pygame.K_RETURN)
    assert isinstance(top(app), ConfirmScene)
    key(app, pygame.K_n)  # not replaced
    assert isinstance(top(app), SaveAsScene) and first.path == saves / "copy.grail"
    key(app, pygame.K_ESCAPE)
    assert top(app) is menu
    key(app, pygame.K_t)  # quit to the title, asked first
    assert isinstance(top(app), ConfirmScene)
    key(app, pygame.K_y)
    assert len(app.stack) == 1 and isinstance(top(app), TitleScene)
    key(app, pygame.K_l)
    load = top(app)
    assert isinstance(load, LoadScene)
    assert {row.name for row in load.rows} == {"first", "copy"}
    load.cursor = next(i for i, row in enumerate(load.rows) if row.name == "first")
    key(app, pygame.K_RETURN)
    assert session_of(app).path == saves / "first.grail"
    assert isinstance(app.stack[0], TitleScene)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_t)
    key(app, pygame.K_y)
    os.utime(saves / "copy.grail", (2_000_000_000, 2_000_000_000))  # the latest
    TitleScene.show(app, PACK)
    key(app, pygame.K_c)
    assert session_of(app).path == saves / "copy.grail"


def test_a_checkpoint_or_autosave_opened_goes_on_as_a_save_of_its_own(
        app: App, saves: Path) -> None:
    session = new_campaign(app, "long")
    key(app, pygame.K_k)  # a checkpoint, kept in the save
    assert "kept in the save: Load… lists it" in top(app).notice  # type: ignore[attr-defined]
    autosaves = saves / "autosaves"  # and an autosave file an older grail kept
    autosaves.mkdir()
    export_save(session.game, autosaves / "long.day0001.json")
    session.act(next(a for a in session.legal() if a.type == "travel"))
    TitleScene.show(app, PACK)
    key(app, pygame.K_l)
    load = top(app)
    assert isinstance(load, LoadScene)
    assert [(row.kind, row.title.split(" '")[0]) for row in load.rows] == [
        ("save", "long"), ("checkpoint", "long: checkpoint"), ("autosave",
                                                               "long: autosave of day 1")]
    load.cursor = 1
    key(app, pygame.K_RETURN)
    assert session_of(app).path == saves / "long (day 1).grail"
    kept, played_on = saved(saves / "long (day 1).grail"), saved(saves / "long.grail")
    assert kept.log == played_on.log[:len(kept.log)] and len(kept.log) < len(played_on.log)
    TitleScene.show(app, PACK)
    key(app, pygame.K_l)
    load = top(app)
    assert isinstance(load, LoadScene)
    load.cursor = next(i for i, row in enumerate(load.rows) if row.kind == "autosave")
    key(app, pygame.K_RETURN)
    assert session_of(app).path == saves / "long (day 1) 2.grail"
    assert (autosaves / "long.day0001.json").exists() and (saves / "long.grail").exists()


def test_a_damaged_save_is_listed_as_unreadable_and_never_crashes(
        app: App, saves: Path) -> None:
    session = new_campaign(app, "good")
    raw = session.path.read_bytes()  # type: ignore[union-attr]
    (saves / "truncated.grail").write_bytes(raw[: len(raw) // 2])
    export_save(session.game, saves / "tampered.json")
    text = (saves / "tampered.json").read_bytes()
    (saves / "tampered.json").write_bytes(text.replace(b'"day":1', b'"day":9', 1))
    (saves / "other.json").write_text('{"hello": 1}')
    (saves / "nested.json").write_text("[" * 100_000)
    for name in ("truncated.grail", "tampered.json", "other.json", "nested.json"):
        os.utime(saves / name, (2_000_000_000, 2_000_000_000))
    TitleScene.show(app, PACK)
    app.frame([])
    title = top(app)
    assert isinstance(title, TitleScene) and title.latest() == "Continue 'good': day 1, Wren of " \
        "the Marsh and Yew the Ferry-Keeper"
    key(app, pygame.K_l)
    load = top(app)
    assert isinstance(load, LoadScene)
    damaged = {row.name: row.problem for row in load.rows if row.problem}
    assert damaged == {"truncated": "the save is damaged (the database is malformed)",
                       "tampered": "the save was changed or damaged (checksum mismatch)",
                       "other": "not a grail save",
                       "nested": "not a grail save (damaged or truncated)"}
    assert load.rows[load.cursor].name == "good"  # the first that can be opened
    load.cursor = next(i for i, row in enumerate(load.rows) if row.name == "tampered")
    key(app, pygame.K_RETURN)
    assert top(app) is load and load.notice == "'tampered' cannot be opened: the save was " \
        "changed or damaged (checksum mismatch)."
    app.frame([])
    app.screenshot(saves.parent / "load.png")


def test_settings_apply_at_once_and_are_kept(app: App, saves: Path) -> None:
    key(app, pygame.K_s)
    assert isinstance(top(app), SettingsScene)
    key(app, pygame.K_h)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert app.theme.palette == "contrast" and app.theme.scale == 1.5
    assert Settings.load() == Settings(scale=1.5, contrast=True)
    click(app, top(app).buttons.buttons[0].rect.center)  # type: ignore[attr-defined]  # 1x
    assert Settings.load() == Settings(scale=1.0, contrast=True)
    key(app, pygame.K_ESCAPE)
    assert isinstance(top(app), TitleScene)
    assert App((1280, 720), Settings.load(), headless=True).theme.palette == "contrast"


def test_the_language_is_chosen_in_the_settings_and_kept(app: App, saves: Path,
                                                        tmp_path: Path) -> None:
    """L goes to the next language grail speaks; grail speaks it at once, the choice is kept
    for the next start, and a damaged setting falls back to the environment's."""
    from grail import lang

    key(app, pygame.K_s)
    scene = top(app)
    assert isinstance(scene, SettingsScene)
    names = [button.text for button in scene.buttons.buttons]
    assert "Español" in names and "English" in names
    try:
        for _press in range(2):  # from the system's: English, then Spanish
            key(app, pygame.K_l)
        assert Settings.load().language == "es" and lang.language() == "es"
        app.frame([])
        assert any(button.text == "Volver" for button in top(app).buttons.buttons)  # type: ignore[attr-defined]
        key(app, pygame.K_l)  # round again: as the environment says
        assert Settings.load().language == "" and lang.language() == "en"
    finally:
        lang.use("en")


def test_reload_says_why_the_game_no_longer_fits_and_goes_on(
        minimal_copy: Path, saves: Path) -> None:
    from grail.content import load_pack

    session = Session.start(load_pack(minimal_copy), ["wren"], seed=4, path=saves / "a.grail",
                            pack=minimal_copy)
    assert reload_pack(session) == "Pack reloaded from disk (F5): the game goes on under the " \
        "new content."
    session.game.state.heroes[0].items.append(999)
    before = session.game.state.model_copy(deep=True)
    told = reload_pack(session)
    assert told.startswith("Not reloaded, the game goes on as before: the game no longer fits "
                           "the pack: Item 999 (a hero's Items) is no longer in the campaign")
    assert session.game.state == before
    assert session.log[-1] == "  - Item 999 (a hero's Items) is no longer in the campaign"
    (minimal_copy / "campaign.yaml").write_text("id: [")
    assert reload_pack(session).startswith("Not reloaded, the game goes on as before: the pack "
                                           "has problems")


def test_play_at_an_entry_renders_a_throwaway_game(
        saves: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))
    shot = tmp_path / "at.png"
    assert main(["play", "--at", "104.1", "--seed", "3", "--screenshot", str(shot)]) == 0
    assert pygame.image.load(str(shot)).get_size() == (1600, 900)
    assert list(saves.iterdir()) == [] and list(temporary.iterdir()) == []
    assert main(["play", "--at", "104.1", "--scene", "menu", "--screenshot", str(shot)]) == 0
    assert main(["play", "--at", "nowhere", "--screenshot", str(shot)]) == 1
    assert "no Location or journal entry 'nowhere'" in capsys.readouterr().err


def test_a_window_asked_smaller_than_the_layout_says_what_it_is(
        saves: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shot = tmp_path / "small.png"
    assert main(["play", "--pack", PACK, "--size", "800x600", "--screenshot", str(shot)]) == 0
    assert pygame.image.load(str(shot)).get_size() == (1280, 720)
    assert capsys.readouterr().err == "grail: the window is 1280x720, not 800x600: the layout " \
        "is made for 1280x720 at least\n"
    assert main(["play", "--pack", PACK, "--size", "1920x1080", "--screenshot", str(shot)]) == 0
    assert capsys.readouterr().err == ""
    assert main(["play", "--pack", PACK, "--size", "99999x99999", "--screenshot", str(shot)]) == 1
    assert capsys.readouterr().err == "grail: --size is at most 16384x16384, the largest window " \
        "SDL draws, not '99999x99999'\n"


def test_every_title_scene_renders_from_the_command_line(saves: Path, tmp_path: Path) -> None:
    for scene in ("title", "new-game", "load", "settings"):
        shot = tmp_path / f"{scene}.png"
        assert main(["play", "--pack", PACK, "--scene", scene, "--screenshot", str(shot)]) == 0
        assert shot.exists()


def test_play_with_no_screen_draws_once_and_says_so(
        saves: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """On SDL's dummy driver (CI, a server) nobody could answer the window: grail play draws
    the title once, says why it stops and how to play instead, and succeeds."""
    assert os.environ["SDL_VIDEODRIVER"] == "dummy"
    assert main(["play", "--pack", PACK]) == 0
    said = capsys.readouterr().out
    assert "No screen to show the window on" in said and "grail text" in said


def test_number_keys_then_enter_start_the_campaign(app: App, saves: Path) -> None:
    """Enter on the hero list starts once a hero is chosen; it never takes one out."""
    key(app, pygame.K_n)
    setup = top(app)
    assert isinstance(setup, NewGameScene) and setup.focused()[0] == "hero"
    key(app, pygame.K_1)
    key(app, pygame.K_2)
    key(app, pygame.K_RETURN)
    assert [hero.id for hero in session_of(app).game.state.heroes] == ["wren", "yew"]


def test_an_action_that_cannot_be_saved_keeps_the_game_and_offers_retry_or_elsewhere(
        app: App, saves: Path) -> None:
    """Another program holds the save's write lock: the action is not taken, the game
    stays as saved, and the dialog offers Try again (which then saves it once) or Save
    elsewhere…"""
    session = new_campaign(app, "held")
    scene = top(app)
    assert isinstance(scene, GameScene) and session.file is not None
    session.file.db.execute("PRAGMA busy_timeout = 50")
    before, length = session.game.state_hash(), len(session.game.log)
    action = session.legal()[0]
    with closing(sqlite3.connect(session.path)) as other:  # type: ignore[arg-type]
        other.execute("BEGIN IMMEDIATE")
        scene.act(app, action)
        dialog = top(app)
        assert isinstance(dialog, ConfirmScene) and dialog.yes == "Try again"
        assert dialog.no == "Save elsewhere…" and "locked by another program" in dialog.detail
        assert session.game.state_hash() == before and "Not saved, so not taken" in scene.notice
        key(app, pygame.K_y)  # still held: asked again
        assert isinstance(top(app), ConfirmScene) and len(session.game.log) == length
        other.execute("ROLLBACK")
    key(app, pygame.K_y)  # free now: saved, once
    assert not isinstance(top(app), ConfirmScene)
    assert saved(session.path).log == session.game.log  # type: ignore[arg-type]
    assert session.game.log[length] == action and action not in session.game.log[length + 1:]
    with closing(sqlite3.connect(session.path)) as other:  # type: ignore[arg-type]
        other.execute("BEGIN IMMEDIATE")
        current = top(app)
        assert isinstance(current, GameScene)
        current.act(app, session.legal()[0])
        key(app, pygame.K_n)  # save elsewhere
        assert isinstance(top(app), SaveAsScene)
        other.execute("ROLLBACK")


def test_a_window_reads_its_pack_once_for_the_title_and_the_game(
        saves: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`grail play SAVE` shows the save's game over the title, both on the save's pack: the
    pack is read from the cache once for both (and for the window's later loads of it)."""
    monkeypatch.setattr(cache_module, "_kept", None)
    save = saves / "a.grail"
    Session.start(load_cached(MINIMAL), ["wren"], seed=4, path=save, pack=MINIMAL)
    reads: list[bytes] = []
    read = cache_module._read
    monkeypatch.setattr(cache_module, "_read", lambda written: reads.append(written) or read(written))
    shot = tmp_path / "game.png"
    assert main(["play", str(save), "--pack", PACK, "--screenshot", str(shot)]) == 0
    assert len(reads) == 1 and shot.exists()
