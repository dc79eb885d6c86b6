"""The save folder: its default, the option and variable that override it, names confined to it."""

from __future__ import annotations

import os
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import platformdirs
import pytest

from grail.content import Campaign
from grail.save import folder
from grail.save.folder import SaveNameError, free_name, list_saves, save_path, saves_folder
from grail.session import Session

ROOT = Path(__file__).resolve().parent.parent
SAVES = Path(__file__).resolve().parent / "saves"


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
    ("game", "game.grail"), ("Ennor, first try", "Ennor, first try.grail"),
    ("game.grail", "game.grail"), ("game.json", "game.grail"),
    ("Tamsin's run (2)", "Tamsin's run (2).grail"),
    ("game.before-boss", "game.before-boss.grail"), ("Brân", "Brân.grail"),
    ("x" * 64, "x" * 64 + ".grail"),
])
def test_a_plain_name_becomes_a_file_in_the_folder(tmp_path: Path, name: str, file: str) -> None:
    assert save_path(tmp_path, name) == tmp_path / file


def test_a_save_an_older_grail_made_keeps_its_file(tmp_path: Path) -> None:
    (tmp_path / "old.json").write_text("{}")
    assert save_path(tmp_path, "old") == tmp_path / "old.json"
    assert free_name(tmp_path) == "game"
    (tmp_path / "game.json").write_text("{}")
    assert free_name(tmp_path) == "game 2"


@pytest.mark.parametrize("file", ["game.json", "game.grail"])
def test_a_name_linked_out_of_the_folder_is_refused(tmp_path: Path, file: str) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    (saves / file).symlink_to(tmp_path / "elsewhere")
    with pytest.raises(SaveNameError, match="outside the save folder"):
        save_path(saves, "game")


def test_the_list_shows_saves_last_played_first_with_what_each_keeps(
        minimal: Campaign, tmp_path: Path) -> None:
    older = Session.start(minimal, ["wren"], seed=1, path=tmp_path / "older.grail")
    newer = Session.start(minimal, ["wren"], seed=2, path=tmp_path / "newer.grail")
    newer.checkpoint("before the ridge")
    shutil.copy(SAVES / "format-5.json", tmp_path / "from before.json")
    os.utime(tmp_path / "older.grail", (1_000_000, 1_000_000))
    os.utime(tmp_path / "from before.json", (2_000_000, 2_000_000))
    listed = list_saves(tmp_path)
    assert [(row.title, row.kind, row.heroes, row.day) for row in listed] == [
        ("newer", "save", ("wren",), 1),
        ("newer: checkpoint 'before the ridge' of day 1", "checkpoint", ("wren",), 1),
        ("from before", "save", ("wren",), 1), ("older", "save", ("wren",), 1)]
    assert all(not row.problem for row in listed) and older.path == listed[-1].path
    assert list_saves(tmp_path / "missing") == []


def test_a_checkpoint_is_listed_with_the_party_it_holds_not_todays(
        three_heroes: Campaign, tmp_path: Path) -> None:
    """A checkpoint kept before a character left (or died) names that character: a player
    choosing where to go back to reads the party there [PLAYERS-1], [DEATH-3]."""
    from grail.engine.actions import LeaveGame

    session = Session.start(three_heroes, ["wren", "ash"], seed=1, path=tmp_path / "g.grail")
    session.checkpoint("both")
    session.act(LeaveGame(hero="ash"))
    listed = list_saves(tmp_path)
    assert [(row.kind, row.heroes) for row in listed] == [
        ("save", ("wren",)), ("checkpoint", ("wren", "ash"))]


def test_every_file_that_is_not_a_save_is_listed_as_unreadable(
        minimal: Campaign, tmp_path: Path) -> None:
    """Empty, junk, huge, deeply nested, another program's database, a pipe, a link to
    nothing: each is a row saying why, and the save among them still lists."""
    Session.start(minimal, ["wren"], seed=1, path=tmp_path / "good.grail").close()
    (tmp_path / "empty.grail").write_bytes(b"")
    (tmp_path / "junk.json").write_bytes(b"\x00\xff" * 100)
    with (tmp_path / "huge.json").open("wb") as huge:
        huge.truncate(600_000_000)  # sparse: no disk used
    (tmp_path / "nested.json").write_text("[" * 200_000 + "]" * 200_000)
    (tmp_path / "numbers.json").write_text('{"format": 5, "checksum": "x", "n": ' + "9" * 5000
                                           + "}")
    with closing(sqlite3.connect(tmp_path / "music.db")) as db:
        db.execute("CREATE TABLE songs (title TEXT)")
        db.commit()
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "gone.grail").symlink_to(tmp_path / "nowhere")
    listed = {row.name: row for row in list_saves(tmp_path)}
    assert set(listed) == {"good", "empty", "junk", "huge", "nested", "numbers", "music",
                           "pipe", "gone"}
    assert not listed["good"].problem and listed["good"].heroes == ("wren",)
    why = {name: row.problem for name, row in listed.items() if name != "good"}
    assert all(text and "\n" not in text for text in why.values())
    assert "not a grail save" in why["empty"] and "too large" in why["huge"]
    assert "another program" in why["music"] and "not a regular file" in why["pipe"]
    assert "damaged or truncated" in why["nested"] and "not a regular file" in why["gone"]
