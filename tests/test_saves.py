"""Saves: one SQLite database a campaign, append-only, checked whole on every load; the JSON
envelope to share. Bad saves give one clear line and change nothing."""

from __future__ import annotations

import json
import os
import random
import sqlite3
import subprocess
import sys
import zlib
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from grail.content import Campaign
from grail.engine.game import Game
from grail.save import SaveError, export_save, load_game, save_game, store
from grail.save.store import SaveFile
from grail.session import Session

from .conftest import MINIMAL, resealed

ROOT = Path(__file__).resolve().parent.parent


def _played(campaign: Campaign, steps: int = 9, seed: int = 4) -> Game:
    game = Game.new(campaign, ["wren"], seed=seed)
    for _ in range(steps):
        game.apply(game.legal_actions()[0])
    return game


def test_a_save_loads_back_to_the_same_game(minimal: Campaign, tmp_path: Path) -> None:
    game = _played(minimal)
    save_game(game, tmp_path / "a.grail")
    loaded = load_game(tmp_path / "a.grail", minimal)
    assert loaded.state == game.state and loaded.log == game.log
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.grail"]  # nothing left beside


def test_save_load_continue_equals_continuing(minimal: Campaign, tmp_path: Path) -> None:
    game = _played(minimal, steps=5)
    save_game(game, tmp_path / "a.grail")
    loaded = load_game(tmp_path / "a.grail", minimal)
    for _ in range(6):
        assert loaded.apply(loaded.legal_actions()[-1]) == game.apply(game.legal_actions()[-1])
    assert loaded.state_hash() == game.state_hash()


def test_replaying_the_log_reaches_the_same_state(minimal: Campaign) -> None:
    game = _played(minimal, steps=15)
    assert Game.replay(minimal, game.setup, game.log).state_hash() == game.state_hash()


def test_each_action_adds_one_row_and_nothing_is_rewritten(
        minimal: Campaign, tmp_path: Path) -> None:
    """The log is append-only: an action is a row, an undo is a row taking some back."""
    path = tmp_path / "a.grail"
    session = Session.start(minimal, ["wren"], seed=4, path=path)
    with closing(sqlite3.connect(path)) as db:
        first = db.execute("SELECT seq, kind, body FROM entries ORDER BY seq").fetchall()
    for _ in range(6):
        if session.game.is_terminal():
            break
        session.act(session.legal()[0])
    with closing(sqlite3.connect(path)) as db:
        found = db.execute("SELECT seq, kind, body FROM entries ORDER BY seq").fetchall()
    assert found[:len(first)] == first and len(found) >= len(first) + 6
    assert all(kind == "action" for _, kind, _ in found)
    assert load_game(path, minimal).log == session.game.log


def test_opening_starts_from_the_nearest_snapshot(
        minimal: Campaign, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A save keeps a snapshot at the first reveal after every SNAPSHOT_EVERY entries (and
    at each autosave); the game opened from them is the game a replay of the whole log
    gives, undo included."""
    monkeypatch.setattr(store, "SNAPSHOT_EVERY", 4)  # many snapshots in a short game
    path = tmp_path / "a.grail"
    session = Session.start(minimal, ["wren", "yew"], seed=4, path=path)
    chooser = random.Random(5)
    while not session.game.is_terminal():
        session.act(chooser.choice(session.legal()))
        if len(session.game.log) % 7 == 0:
            loaded = load_game(path, minimal)
            assert loaded.state_hash() == session.game.state_hash()
            assert loaded.undoable() == session.game.undoable()
    session.close()
    with closing(sqlite3.connect(path)) as db:
        lengths = [row[0] for row in db.execute(
            "SELECT length FROM snapshots WHERE live ORDER BY length")]
        autosaves = {row[0] for row in db.execute(
            "SELECT length FROM snapshots JOIN marks USING (seq)")}
    periodic = [length for length in lengths if length not in autosaves]
    assert len(periodic) >= 5
    loaded = load_game(path, minimal)
    assert Game.replay(minimal, loaded.setup, loaded.log).state_hash() == loaded.state_hash()


@pytest.mark.parametrize("damage", ["truncated", "garbage", "empty", "other-database",
                                    "newer", "other-pack", "bad-row", "bad-snapshot",
                                    "illegal-row", "undo-row"])
def test_a_bad_save_is_refused_with_one_line(
    minimal: Campaign, tmp_path: Path, damage: str
) -> None:
    path = tmp_path / "a.grail"
    save_game(_played(minimal), path)
    raw = path.read_bytes()
    if damage == "truncated":
        path.write_bytes(raw[: len(raw) // 2])
    elif damage == "garbage":
        path.write_bytes(b"\x00\xffnot a save")
    elif damage == "empty":
        path.write_bytes(b"")
    elif damage == "other-database":
        path.unlink()
        with closing(sqlite3.connect(path)) as db:
            db.execute("CREATE TABLE songs (title TEXT)")
            db.commit()
    else:
        with closing(sqlite3.connect(path)) as db:
            if damage == "newer":
                db.execute("PRAGMA user_version = 99")
            elif damage == "other-pack":
                db.execute("UPDATE header SET value = ? WHERE key = 'pack'",
                           (json.dumps({"id": "elsewhere", "version": "1", "hash": "x"}),))
            elif damage == "undo-row":  # takes back more than the log holds
                db.execute("INSERT INTO entries (kind, body) VALUES ('undo', '99')")
            elif damage == "illegal-row":  # an action the rules refuse there [ACT-TRAVEL-1]
                db.execute("INSERT INTO entries (kind, body) VALUES ('action', ?)",
                           ('{"type": "travel", "hero": "wren", "to": 199}',))
            elif damage == "bad-snapshot":  # a state SQLite cannot hand over as stored
                db.execute("UPDATE snapshots SET state = CAST(x'ff00ff' AS TEXT)")
            else:
                db.execute("INSERT INTO entries (kind, body) VALUES ('action', '{\"x\": 1}')")
            db.commit()
    before = path.read_bytes()
    with pytest.raises(SaveError) as raised:
        load_game(path, minimal)
    message = str(raised.value)
    assert "\n" not in message and message.startswith(str(path))
    expected = {"truncated": "damaged", "garbage": "not a grail save",
                "empty": "not a grail save", "other-database": "another program",
                "newer": "newer grail", "other-pack": "'elsewhere'",
                "bad-row": "does not read as actions", "bad-snapshot": "damaged",
                "undo-row": "does not read as actions",
                "illegal-row": "its log does not replay (an action of its log is not allowed "
                               "where it was taken; 'grail replay' shows where)"}
    assert expected[damage] in message and "[" not in message  # no rule tag for a player
    assert path.read_bytes() == before


@pytest.mark.parametrize("damage", ["truncated", "garbage", "tampered", "newer", "other-pack",
                                    "nested"])
def test_a_bad_json_save_is_refused_with_one_line(
    minimal: Campaign, tmp_path: Path, damage: str
) -> None:
    path = tmp_path / "a.json"
    export_save(_played(minimal), path)
    text = path.read_text()
    data = json.loads(text)
    if damage == "truncated":
        path.write_text(text[: len(text) // 2])
    elif damage == "garbage":
        path.write_bytes(b"\x00\xffnot json")
    elif damage == "tampered":
        data["state"]["heroes"][0]["exp"] = 99
        path.write_text(json.dumps(data))
    elif damage == "newer":
        data["format"] = 99
        path.write_text(json.dumps(data))
    elif damage == "nested":
        path.write_text("[" * 100_000 + "]" * 100_000)
    else:  # a genuine save of another campaign: its checksum is right
        data["pack"]["id"] = "elsewhere"
        path.write_bytes(resealed(data))
    before = path.read_bytes()
    with pytest.raises(SaveError) as raised:
        load_game(path, minimal)
    message = str(raised.value)
    assert "\n" not in message and message.startswith(str(path))
    expected = {"truncated": "damaged or truncated", "garbage": "damaged or truncated",
                "tampered": "checksum", "newer": "newer grail", "other-pack": "'elsewhere'",
                "nested": "damaged or truncated"}
    assert expected[damage] in message
    assert path.read_bytes() == before


def test_a_failed_write_keeps_the_old_save(
    minimal: Campaign, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A disk full while a save is written whole: the old save stays, nothing is left."""
    path = tmp_path / "a.grail"
    save_game(_played(minimal), path)
    before = load_game(path, minimal).state_hash()

    def disk_full(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", disk_full)
    with pytest.raises(SaveError, match="cannot write the save: No space left on device"):
        save_game(_played(minimal, steps=12), path)
    monkeypatch.undo()
    assert load_game(path, minimal).state_hash() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.grail"]  # the temporary is gone


def test_a_disk_full_at_the_commit_refuses_the_action_in_one_line(
        minimal: Campaign, tmp_path: Path) -> None:
    """SQLite takes the transaction back itself when the disk fills at the commit: the
    action is refused in one line, as any write that fails, and the save keeps its log."""
    path = tmp_path / "a.grail"
    session = Session.start(minimal, ["wren"], seed=4, path=path)
    before = session.game.state_hash()
    real = session.file.db  # type: ignore[union-attr]

    class FullDisk:
        """The save's connection, whose first commit finds the disk full."""

        full = True

        def __getattr__(self, name: str) -> Any:
            return getattr(real, name)

        def execute(self, query: str, *values: Any) -> Any:
            if query == "COMMIT" and self.full:
                self.full = False
                real.execute("ROLLBACK")  # as SQLite does on SQLITE_FULL
                raise sqlite3.OperationalError("database or disk is full")
            return real.execute(query, *values)

    session.file.db = FullDisk()  # type: ignore[union-attr, assignment]
    with pytest.raises(SaveError) as raised:
        session.act(session.legal()[0])
    assert str(raised.value) == f"{path}: cannot write the save: the disk is full"
    assert session.game.state_hash() == before
    session.file.db = real  # type: ignore[union-attr]
    session.close()
    assert load_game(path, minimal).state_hash() == before


@pytest.mark.parametrize("why", ["unable to open database file", "disk I/O error"])
def test_a_save_sqlite_cannot_write_beside_is_read_and_refuses_writes_in_one_line(
        minimal: Campaign, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, why: str) -> None:
    """A save in WAL mode needs a file beside it to be read, which SQLite cannot make in a
    folder that cannot be written or on a full disk (it says the file cannot be opened):
    the save is still shown, listed and exported, and an action says why it cannot be kept;
    not that the save is damaged."""
    path = tmp_path / "a.grail"
    save_game(_played(minimal), path)
    before = load_game(path, minimal)
    real = sqlite3.connect

    def cannot_write_beside(database: Any, *args: Any, **kwargs: Any) -> sqlite3.Connection:
        if not kwargs.get("uri") and Path(database) == path:
            raise sqlite3.OperationalError(why)
        return real(database, *args, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", cannot_write_beside)
    assert load_game(path, minimal).state_hash() == before.state_hash()
    session = Session.open(path, minimal)
    with pytest.raises(SaveError) as raised:
        session.act(session.legal()[0])
    assert str(raised.value) == \
        f"{path}: cannot write the save: its folder cannot be written, or the disk is full"
    assert session.game.state_hash() == before.state_hash()
    session.close()
    Path(f"{path}-wal").write_bytes(b"commits SQLite could not fold in yet")
    with pytest.raises(SaveError) as raised:
        load_game(path, minimal)
    assert str(raised.value) == f"{path}: cannot open the save: its folder cannot be " \
        "written, or the disk is full, and its newest actions wait in a.grail-wal; free " \
        "some space, or copy both files where they can be written"


def test_a_mark_that_does_not_read_is_damage_in_one_line(
        minimal: Campaign, tmp_path: Path) -> None:
    path = tmp_path / "a.grail"
    save_game(_played(minimal), path)
    with closing(sqlite3.connect(path)) as db:
        db.execute("INSERT INTO marks (name, kind, seq, day) VALUES "
                   "(CAST(x'ff41' AS TEXT), 'checkpoint', 1, 1)")
        db.commit()
    with closing(SaveFile.open(path)) as save, pytest.raises(SaveError) as raised:
        save.marks()
    assert str(raised.value).startswith(f"{path}: the save is damaged (")
    assert "\n" not in str(raised.value)


def test_an_action_that_cannot_be_saved_is_not_taken(
        minimal: Campaign, tmp_path: Path) -> None:
    """SQLite cannot commit (here: the file is read-only): the session's game stays as the
    save holds it, and the save is unchanged."""
    path = tmp_path / "a.grail"
    session = Session.start(minimal, ["wren"], seed=4, path=path)
    before = session.game.state_hash()
    session.close()
    reader = Session.open(path, minimal)
    with closing(sqlite3.connect(path)) as db:  # another program holds the write lock
        db.execute("BEGIN IMMEDIATE")
        reader.file.db.execute("PRAGMA busy_timeout = 50")  # type: ignore[union-attr]
        with pytest.raises(SaveError, match="cannot write the save: the database is locked"):
            reader.act(reader.legal()[0])
        db.execute("ROLLBACK")
    assert reader.game.state_hash() == before
    assert load_game(path, minimal).state_hash() == before
    reader.act(reader.legal()[0])  # once free, the same action is taken: no double
    assert len(load_game(path, minimal).log) == len(reader.game.log)


def test_a_snapshot_is_compressed_state(minimal: Campaign, tmp_path: Path) -> None:
    """What docs/saves.md says a snapshot holds: the state as JSON, zlib-compressed."""
    path = tmp_path / "a.grail"
    game = _played(minimal)
    save_game(game, path)
    with closing(sqlite3.connect(path)) as db:
        length, blob = db.execute("SELECT length, state FROM snapshots ORDER BY length DESC")\
            .fetchone()
    assert length == len(game.log)
    assert json.loads(zlib.decompress(blob))["day"] == game.state.day


def test_a_save_is_a_database_of_grail(minimal: Campaign, tmp_path: Path) -> None:
    path = tmp_path / "a.grail"
    save_game(_played(minimal), path)
    with closing(SaveFile.open(path)) as save:
        header = save.header()
    assert header["format"] == 6 and header["pack"]["id"] == minimal.manifest.id
    assert header["setup"]["heroes"] == ["wren"] and header["glance"]["heroes"] == ["wren"]


def test_replay_is_identical_under_two_hash_seeds(tmp_path: Path) -> None:
    script = (
        "from grail.content import load_pack\n"
        "from grail.engine.game import Game\n"
        f"game = Game.new(load_pack({str(MINIMAL)!r}), ['wren'], seed=11)\n"
        "for _ in range(25):\n"
        "    if game.is_terminal():\n"
        "        break\n"
        "    game.apply(game.legal_actions()[len(game.legal_actions()) // 2])\n"
        "print(game.state_hash())\n")
    hashes = set()
    for hash_seed in ("1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "GRAIL_CACHE_DIR": str(tmp_path)}
        result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                                env=env, cwd=ROOT, check=True)
        hashes.add(result.stdout.strip())
    assert len(hashes) == 1


@pytest.mark.parametrize("setup", [5, {"heroes": 5, "seed": 1, "mode": "normal"},
                                   {"heroes": ["wren"], "seed": "x", "mode": "normal"},
                                   {"heroes": ["wren"], "seed": 1, "mode": "hard"}])
def test_a_save_with_a_setup_that_does_not_read_is_refused_in_one_line(
        minimal: Campaign, tmp_path: Path, setup: object) -> None:
    path = tmp_path / "a.json"
    export_save(_played(minimal), path)
    data = json.loads(path.read_text())
    data["setup"] = setup
    path.write_bytes(resealed(data))
    with pytest.raises(SaveError) as raised:
        load_game(path, minimal)
    assert str(raised.value).startswith(f"{path}: ") and "\n" not in str(raised.value)
    assert "setup does not read" in str(raised.value) or "does not read as a game" in \
        str(raised.value)


@pytest.mark.parametrize("heroes", [["bob"], ["wren", "wren"]], ids=["unknown", "twice"])
def test_a_save_whose_setup_cannot_set_up_a_game_is_damage_in_one_line(
        minimal: Campaign, tmp_path: Path, heroes: list[str]) -> None:
    """A setup its log could never replay from (grail replay, undo) is damage, said when
    the save is opened, not a traceback when it is replayed [SETUP-C1]."""
    path = tmp_path / "a.grail"
    save_game(_played(minimal), path)
    with closing(sqlite3.connect(path)) as db:
        setup = json.loads(db.execute("SELECT value FROM header WHERE key = 'setup'")
                           .fetchone()[0])
        db.execute("UPDATE header SET value = ? WHERE key = 'setup'",
                   (json.dumps({**setup, "heroes": heroes}),))
        db.commit()
    with pytest.raises(SaveError) as raised:
        load_game(path, minimal)
    assert str(raised.value) == f"{path}: the save is damaged (its setup cannot be played in " \
        "this campaign)"


def test_save_as_copies_the_save_with_its_checkpoints(minimal: Campaign, tmp_path: Path) -> None:
    """Save as… goes on in a copy of the save, checkpoints and autosaves with it; the save
    it was copied from stays as it was."""
    first = tmp_path / "first.grail"
    session = Session.start(minimal, ["wren"], seed=4, path=first)
    session.act(session.legal()[0])
    session.checkpoint("early")
    session.save(tmp_path / "copy.grail")
    session.act(session.legal()[0])
    with closing(SaveFile.open(tmp_path / "copy.grail")) as copy:
        assert [mark.name for mark in copy.marks()] == ["early"]
    assert load_game(tmp_path / "copy.grail", minimal).log == session.game.log
    assert len(load_game(first, minimal).log) < len(session.game.log)
    assert sorted(p.name for p in tmp_path.iterdir() if "grail-tmp" in p.name) == []


@pytest.mark.parametrize(("read_only", "free", "why"), [
    (True, 10**9, "its folder cannot be written"),
    (False, 4096, "the disk is full"),
    (False, 10**9, "its folder cannot be written, or the disk is full")])
def test_a_save_that_cannot_be_written_says_whether_folder_or_disk(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, read_only: bool, free: int,
        why: str) -> None:
    """The reason a save read but not written gives: the folder read-only (a mount, a
    stick), the disk full, or, when the system says neither, both."""
    class Disk:
        f_flag = os.ST_RDONLY if read_only else 0
        f_bavail, f_frsize = free, 1

    monkeypatch.setattr(os, "statvfs", lambda folder: Disk())
    assert store.cannot_write_in(tmp_path) == why


def test_a_fault_of_grails_own_while_replaying_is_said_as_one_and_the_save_kept(
        minimal: Campaign, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An error of grail's own code while the log replays (a KeyError, an assertion) is
    never called damage: the message names the save, says the fault is grail's and that the
    save is untouched."""
    from grail.save import saves
    from grail.save.errors import GrailFault

    path = tmp_path / "a.grail"
    save_game(_played(minimal), path)
    before = path.read_bytes()

    def failing(*args: object, **kwargs: object) -> None:
        raise KeyError("hero")

    monkeypatch.setattr(saves, "_played", failing)
    with pytest.raises(GrailFault) as raised:
        load_game(path, minimal)
    said = str(raised.value)
    assert said.startswith(f"{path}: grail failed while replaying this save, a fault in grail")
    assert "untouched" in said and "KeyError" in said and "damaged" not in said
    assert isinstance(raised.value, SaveError) and path.read_bytes() == before
