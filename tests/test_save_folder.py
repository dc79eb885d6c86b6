"""The save folder: its default, the option and variable that override it, names confined to it."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs
import pytest

from grail.save import folder
from grail.save.folder import SaveNameError, list_saves, save_path, saves_folder

ROOT = Path(__file__).resolve().parent.parent


def test_a_source_checkout_saves_in_its_saves_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GRAIL_SAVES", raising=False)
    assert folder.checkout_root() == ROOT  # these tests run from a checkout
    assert saves_folder() == ROOT / "saves"


def test_an_installed_grail_saves_in_the_users_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("GRAIL_SAVES", raising=False)
    site = tmp_path / "site-packages" / "grail" / "save"
    site.mkdir(parents=True)
    monkeypatch.setattr(folder, "__file__", str(site / "folder.py"))
    assert folder.checkout_root() is None
    assert saves_folder() == Path(platformdirs.user_data_dir("grail", appauthor=False)) / "saves"


def test_a_checkout_of_another_project_is_not_grails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "grail" / "save").mkdir(parents=True)
    (tmp_path / ".git").write_text("gitdir: elsewhere\n")  # a worktree's .git is a file
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "other"\n')
    monkeypatch.setattr(folder, "__file__", str(tmp_path / "grail" / "save" / "folder.py"))
    assert folder.checkout_root() is None
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "grail"\n')
    assert folder.checkout_root() == tmp_path


def test_the_option_wins_over_the_variable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GRAIL_SAVES", str(tmp_path / "from-env"))
    assert saves_folder() == tmp_path / "from-env"
    assert saves_folder(str(tmp_path / "from-option")) == tmp_path / "from-option"
    monkeypatch.setenv("GRAIL_SAVES", "")
    assert saves_folder() == folder.default_folder()


@pytest.mark.parametrize(("name", "why"), [
    ("", "cannot be empty"),
    ("   ", "cannot be empty"),
    ("..", "cannot start with '.'"),
    ("a..b", "contain '..'"),
    (".hidden", "cannot start with '.'"),
    ("../up", "cannot contain '/'"),
    ("sub/game", "cannot contain '/'"),
    ("..\\up", "cannot contain '/' or '\\'"),
    ("/etc/passwd", "cannot contain '/'"),
    ("C:game", "no drive letters"),
    ("C:\\Users\\game", "cannot contain '/' or '\\'"),
    ("x" * 65, "at most 64 characters, not 65"),
    (" game", "cannot start or end with a space"),
    ("game.", "end with '.'"),
    ("con", "reserved device name"),
    ("LPT1.old", "reserved device name"),
    ("nul.json", "reserved device name"),
    ("game\x00", "letters, digits, spaces"),
    ("a*b?", "letters, digits, spaces"),
    ("tab\there", "letters, digits, spaces"),
])
def test_a_save_name_that_could_escape_or_break_is_refused(
    tmp_path: Path, name: str, why: str
) -> None:
    with pytest.raises(SaveNameError) as raised:
        save_path(tmp_path, name)
    assert why in str(raised.value) and "\n" not in str(raised.value)


@pytest.mark.parametrize(("name", "file"), [
    ("game", "game.json"), ("Ennor, first try", "Ennor, first try.json"),
    ("game.json", "game.json"), ("Tamsin's run (2)", "Tamsin's run (2).json"),
    ("game.before-boss", "game.before-boss.json"), ("Brân", "Brân.json"), ("x" * 64, "x" * 64 + ".json"),
])
def test_a_plain_name_becomes_a_file_in_the_folder(tmp_path: Path, name: str, file: str) -> None:
    assert save_path(tmp_path, name) == tmp_path / file


def test_a_name_linked_out_of_the_folder_is_refused(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    (saves / "game.json").symlink_to(tmp_path / "elsewhere.json")
    with pytest.raises(SaveNameError, match="outside the save folder"):
        save_path(saves, "game")


def test_the_list_shows_saves_last_played_first_and_damaged_ones_too(tmp_path: Path) -> None:
    (tmp_path / "autosaves").mkdir()
    (tmp_path / "autosaves" / "old.day0002.json").write_text("{}")
    (tmp_path / "a.json").write_text('{"state": {"day": 4, "heroes": [{"id": "wren"}]}}')
    (tmp_path / "b.json").write_text("garbage")
    os.utime(tmp_path / "a.json", (1_000_000, 1_000_000))
    listed = list_saves(tmp_path)
    assert [(s.name, s.heroes, s.day) for s in listed] == [("b", [], None), ("a", ["wren"], 4)]
    assert list_saves(tmp_path / "missing") == []
