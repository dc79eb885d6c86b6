"""A campaign's save: one SQLite database file (Python's own ``sqlite3``).

Tables (docs/saves.md):

- ``header``: the save format, grail's version, the pack's identity and hash, the setup, and
  a glance at the game (its Day, heroes, places) for the save lists;
- ``entries``: the log, append-only, one row an action or a chance outcome; an undo is a
  row too (``kind = 'undo'``, how many entries it takes back), so nothing is rewritten;
- ``snapshots``: the whole state, compressed, at the first reveal after every
  ``SNAPSHOT_EVERY`` entries, at the end of a save written whole, and at each checkpoint and
  autosave: opening and undo start from the newest one no later than the last reveal;
- ``marks``: the named checkpoints and the autosaves (the last ``AUTOSAVES_KEPT`` Days),
  each naming the snapshot it opens from.

Every write is one transaction taken before the state is read (``BEGIN IMMEDIATE``), so two
programs writing one save take turns and each decides its action on the newest state.
SQLite's atomic commit in WAL mode keeps the save whole through any crash; ``synchronous =
NORMAL`` makes a commit durable against a killed program (a power cut may lose the last
actions, never the file). Reading checks the file first (``PRAGMA quick_check``), then its
pack, then the whole state against the content (``fit.py``).
"""

from __future__ import annotations

import json
import os
import sqlite3
import zlib
from collections.abc import Iterator
from contextlib import closing, contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from grail import __version__
from grail.engine.actions import AnyAction
from grail.engine.game import RULES_EDITION, Game
from grail.engine.reading import read, reader
from grail.engine.state import GameState
from grail.lang import N_, _, ngettext, number

from .errors import SaveError

FORMAT = 6
"""This grail's save format: formats 1-5 were JSON envelopes (grail/save/files.py)."""

APPLICATION_ID = 0x67726C73
"""``PRAGMA application_id`` of a grail save ("grls")."""

SQLITE_MAGIC = b"SQLite format 3\x00"

SNAPSHOT_EVERY = 32
"""Entries between two snapshots: opening or undoing replays at most these many."""

AUTOSAVES_KEPT = 5
"""Autosaves kept in a save, one a Day, the newest."""

SYNCHRONOUS = "NORMAL"
"""In WAL mode a commit survives a killed program; only a power cut may lose the newest
commits, never the file (bench/run.py measures it against FULL)."""

MAX_BYTES = 512_000_000
"""A save file larger than this is refused before it is read."""

SCHEMA = """
CREATE TABLE header (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE entries (seq INTEGER PRIMARY KEY, kind TEXT NOT NULL
                      CHECK (kind IN ('action', 'undo')), body TEXT NOT NULL);
CREATE TABLE snapshots (seq INTEGER PRIMARY KEY, length INTEGER NOT NULL, state BLOB NOT NULL,
                        live INTEGER NOT NULL DEFAULT 1);
CREATE TABLE marks (name TEXT PRIMARY KEY, kind TEXT NOT NULL
                    CHECK (kind IN ('checkpoint', 'autosave')), seq INTEGER NOT NULL,
                    day INTEGER NOT NULL, made TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
"""


def is_database(path: Path) -> bool:
    """The file starts as an SQLite database does."""
    try:
        with path.open("rb") as file:
            return file.read(len(SQLITE_MAGIC)) == SQLITE_MAGIC
    except OSError:
        return False


@dataclass(frozen=True)
class Mark:
    """A checkpoint or an autosave kept in a save."""

    name: str
    kind: str
    seq: int
    day: int
    made: str


def fold(rows: list[tuple[int, str, str]]) -> list[AnyAction]:
    """The log the rows make, in order: an action row adds its entry, an undo row takes
    back its count. Each entry is grail's own JSON, read back as the actions' types say
    (grail/engine/reading.py: pydantic's reader of every action would be built first, some
    12-16 ms of a command); an action is a frozen value, so entries written alike are read
    once and shared (a long campaign repeats most of its entries)."""
    bodies: list[str] = []
    for _unused, kind, body in rows:
        if kind == "undo":
            count = int(body)
            if not 1 <= count <= len(bodies):  # grail writes none other
                raise ValueError(f"an undo row takes back {count} of {len(bodies)} entries")
            del bodies[len(bodies) - count:]
        else:
            bodies.append(body)
    actions = reader(AnyAction)
    known: dict[str, AnyAction] = {}
    for body in bodies:
        if body not in known:
            known[body] = actions(json.loads(body))
    return [known[body] for body in bodies]


class SaveFile:
    """An open save: reading it, and writing to it one transaction at a time."""

    def __init__(self, path: Path, connection: sqlite3.Connection,
                 read_only: bool = False) -> None:
        self.path = path
        self.db = connection
        self.read_only = read_only
        """Opened to be read only: SQLite could not write beside it (a folder that cannot
        be written, a full disk)."""

    # --- opening and creating ------------------------------------------------------------

    @classmethod
    def open(cls, path: Path) -> SaveFile:
        """An existing save, checked to be whole and grail's; else :class:`SaveError`."""
        try:
            size = path.stat().st_size
        except OSError as error:
            raise SaveError(_("{path}: cannot read the save: {why}").format(
                path=path, why=error.strerror)) from None
        if size > MAX_BYTES:
            raise SaveError(ngettext("{path}: too large to be a save ({size} byte)",
                                     "{path}: too large to be a save ({size} bytes)", size).format(
                path=path, size=number(size)))
        if not is_database(path):
            raise SaveError(_("{path}: not a grail save").format(path=path))
        try:
            connection, read_only = _opened(path)  # nothing written before it checks out
        except sqlite3.Error as error:
            raise SaveError(_("{path}: the save is damaged ({why})").format(
                path=path, why=_why(error))) from None
        save = cls(path, connection, read_only)
        try:
            save._check()
            if not read_only:
                save.db.execute("PRAGMA journal_mode = WAL")
        except SaveError:
            save.close()
            raise
        except sqlite3.Error as error:
            save.close()
            raise SaveError(_("{path}: cannot open the save: {why}").format(
                path=path, why=_why(error))) from None
        return save

    @classmethod
    def create(cls, path: Path, game: Game) -> SaveFile:
        """A new save holding ``game`` (its setup, its whole log and its state), written
        beside ``path`` and moved onto it only once complete: a save already there is
        replaced whole or not at all."""
        folder = path.parent
        temporary = folder / f".{path.name}.{os.getpid()}.grail-tmp"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            sweep(folder)
            _remove(temporary)
            database = _connect(temporary)
            try:
                database.executescript(SCHEMA)
                database.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                database.execute(f"PRAGMA user_version = {FORMAT}")
                created = cls(temporary, database)
                with created.writing():
                    created._set_header(game)
                    created._append(game.log)
                    created._snapshot(game)
                    floor = game.state.undo_floor
                    if 0 < floor < len(game.log):  # where undo and opening start from
                        created._snapshot(Game.replay(game.campaign, game.setup,
                                                      game.log[:floor]), seq=floor)
                database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            finally:
                database.close()
            for leftover in ("-wal", "-shm"):
                _remove(Path(f"{temporary}{leftover}"))
                _remove(Path(f"{path}{leftover}"))
            os.replace(temporary, path)
            _sync_folder(folder)
        except (OSError, sqlite3.Error) as error:
            for leftover in ("", "-wal", "-shm", "-journal"):
                _remove(Path(f"{temporary}{leftover}"))
            raise SaveError(_("{path}: cannot write the save: {why}").format(
                path=path, why=_why(error))) from None
        return cls.open(path)

    def copy_to(self, path: Path) -> None:
        """The whole save, checkpoints and autosaves with it, copied to ``path`` (Save
        as…): written beside it and moved onto it once complete."""
        folder = path.parent
        temporary = folder / f".{path.name}.{os.getpid()}.grail-tmp"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            sweep(folder)
            _remove(temporary)
            with closing(sqlite3.connect(temporary)) as copy:
                self.db.backup(copy)
                copy.execute("PRAGMA journal_mode = DELETE")  # one file until opened
            for leftover in ("-wal", "-shm"):
                _remove(Path(f"{path}{leftover}"))
            os.replace(temporary, path)
            _sync_folder(folder)
        except (OSError, sqlite3.Error) as error:
            for leftover in ("", "-wal", "-shm", "-journal"):
                _remove(Path(f"{temporary}{leftover}"))
            raise SaveError(_("{path}: cannot write the save: {why}").format(
                path=path, why=_why(error))) from None

    def close(self) -> None:
        self.db.close()

    def _check(self) -> None:
        try:
            found = self.db.execute("PRAGMA application_id").fetchone()[0]
            version = self.db.execute("PRAGMA user_version").fetchone()[0]
            if found != APPLICATION_ID:
                raise SaveError(_("{path}: an SQLite database of another program, not a grail "
                                  "save").format(path=self.path))
            if version > FORMAT:
                raise SaveError(_("{path}: made by a newer grail (save format {format}); update "
                                  "grail to open it").format(path=self.path, format=version))
            if self.db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise SaveError(_("{path}: the save is damaged (the database does not check "
                                  "out)").format(path=self.path))
            tables = {row[0] for row in self.db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
            if not {"header", "entries", "snapshots", "marks"} <= tables:
                raise SaveError(_("{path}: the save is damaged (tables are missing)").format(
                    path=self.path))
        except sqlite3.DatabaseError as error:
            raise SaveError(_("{path}: not a grail save ({why})").format(
                path=self.path, why=_why(error))) from None

    # --- reading -------------------------------------------------------------------------

    def header(self) -> dict[str, Any]:
        """The header's values, as JSON data: ``grail``, ``pack``, ``setup``, ``glance``."""
        try:
            rows = self.db.execute("SELECT key, value FROM header").fetchall()
            return {key: json.loads(value) for key, value in rows}
        except (sqlite3.DatabaseError, ValueError) as error:
            raise SaveError(_("{path}: the save is damaged ({why})").format(
                path=self.path, why=_why(error))) from None

    def log(self, upto: int | None = None) -> list[AnyAction]:
        """The log, folded from its rows (up to row ``upto``, if given)."""
        try:
            rows = self.db.execute(
                "SELECT seq, kind, body FROM entries WHERE seq <= ? ORDER BY seq",
                (upto if upto is not None else 2**62,)).fetchall()
            return fold(rows)
        except sqlite3.DatabaseError as error:
            raise SaveError(_("{path}: the save is damaged ({why})").format(
                path=self.path, why=_why(error))) from None
        except (ValueError, TypeError, RecursionError):  # Unreadable too; TypeError: no text
            raise SaveError(_("{path}: the save's log does not read as actions").format(
                path=self.path)) from None

    def last(self) -> int:
        """The newest row of the log: another program that wrote since moved it on."""
        found = self._one("SELECT max(seq) FROM entries")
        return int(found[0] or 0) if found is not None else 0

    def snapshot(self, at_most: int) -> tuple[int, GameState] | None:
        """The newest snapshot of the log as it stands (none an undo took back), of at most
        ``at_most`` entries: (its length, its state)."""
        found = self._one("SELECT length, state FROM snapshots WHERE live AND length <= ? "
                          "ORDER BY length DESC, seq DESC LIMIT 1", at_most)
        return None if found is None else (found[0], self._state(found[1]))

    def marked(self, mark: Mark) -> tuple[list[AnyAction], GameState]:
        """The log and the state a checkpoint or an autosave holds."""
        blob = self._mark_state(mark)
        if blob is None:
            raise SaveError(_("{path}: the save is damaged (mark {mark} has no state)").format(
                path=self.path, mark=repr(mark.name)))
        return self.log(upto=mark.seq), self._state(blob)

    def party(self, mark: Mark) -> tuple[str, ...] | None:
        """The characters a checkpoint or an autosave holds, read from its state alone, for
        a list of saves (the save's own glance names today's party); None where it does not
        read (opening it says why)."""
        try:
            heroes: list[dict[str, Any]] = json.loads(zlib.decompress(
                self._mark_state(mark) or b""))["heroes"]
            return tuple(str(hero["id"]) for hero in heroes)
        except (zlib.error, ValueError, TypeError, KeyError, RecursionError):
            return None

    def _mark_state(self, mark: Mark) -> bytes | None:
        """The compressed state a mark's snapshot keeps, if it has one."""
        found = self._one("SELECT state FROM snapshots WHERE seq = ?", mark.seq)
        return None if found is None else bytes(found[0])

    def _state(self, blob: bytes) -> GameState:
        try:
            return read(GameState, json.loads(zlib.decompress(blob)))
        except (zlib.error, ValueError, TypeError, RecursionError):  # Unreadable too
            raise SaveError(_("{path}: the save's state does not read as a game").format(
                path=self.path)) from None

    def marks(self) -> list[Mark]:
        """The checkpoints and autosaves, newest first."""
        try:
            rows = self.db.execute("SELECT name, kind, seq, day, made FROM marks "
                                   "ORDER BY seq DESC, name").fetchall()
        except sqlite3.DatabaseError as error:
            raise SaveError(_("{path}: the save is damaged ({why})").format(
                path=self.path, why=_why(error))) from None
        return [Mark(*row) for row in rows]

    def _one(self, query: str, *values: object) -> Any:
        """The first row a query finds, or None; a row SQLite cannot read is damage."""
        try:
            return self.db.execute(query, values).fetchone()
        except sqlite3.DatabaseError as error:
            raise SaveError(_("{path}: the save is damaged ({why})").format(
                path=self.path, why=_why(error))) from None

    @contextmanager
    def reading(self) -> Iterator[None]:
        """One read transaction: every read inside sees the save as one commit left it,
        whatever another program writes meanwhile (inside a write transaction, nothing more
        is needed)."""
        if self.db.in_transaction:
            yield
            return
        try:
            self.db.execute("BEGIN")
        except sqlite3.Error as error:
            raise SaveError(_("{path}: cannot read the save: {why}").format(
                path=self.path, why=_why(error))) from None
        try:
            yield
        finally:
            try:
                self.db.execute("COMMIT")  # a read: nothing is lost if it cannot commit
            except sqlite3.Error:
                self._roll_back()

    # --- writing -------------------------------------------------------------------------

    @contextmanager
    def writing(self) -> Iterator[None]:
        """One write transaction, taken before anything is read: other programs wait
        their turn (``BEGIN IMMEDIATE``); committed whole or not at all."""
        if self.read_only:
            raise SaveError(_("{path}: cannot write the save: {why}").format(
                path=self.path, why=cannot_write_in(self.path.parent)))
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            raise SaveError(_("{path}: cannot write the save: {why}").format(
                path=self.path, why=_why(error))) from None
        try:
            yield
        except sqlite3.Error as error:
            self._roll_back()
            raise SaveError(_("{path}: cannot write the save: {why}").format(
                path=self.path, why=_why(error))) from None
        except BaseException:
            self._roll_back()
            raise
        try:
            self.db.execute("COMMIT")
        except sqlite3.Error as error:
            self._roll_back()
            raise SaveError(_("{path}: cannot write the save: {why}").format(
                path=self.path, why=_why(error))) from None

    def _roll_back(self) -> None:
        """The transaction taken back, unless SQLite took it back itself (as it does when
        the disk is full): the save stays as its last commit left it."""
        if self.db.in_transaction:
            with suppress(sqlite3.Error):
                self.db.execute("ROLLBACK")

    def record(self, game: Game, kept: int, undone: int = 0) -> None:
        """In a write transaction: ``undone`` entries taken back (the log keeps its first
        ``kept``), then the entries ``game`` logged after its first ``kept``, a snapshot
        when one is due, and the glance."""
        try:
            if undone:
                self.db.execute("INSERT INTO entries (kind, body) VALUES ('undo', ?)",
                                (str(undone),))
                self.db.execute("UPDATE snapshots SET live = 0 WHERE length > ?", (kept,))
            self._append(game.log[kept:])
            self._set_glance(game)
            if at_a_reveal(game) and len(game.log) - self._newest() >= SNAPSHOT_EVERY:
                self._snapshot(game)
        except sqlite3.Error as error:
            raise SaveError(_("{path}: cannot write the save: {why}").format(
                path=self.path, why=_why(error))) from None

    def mark(self, game: Game, name: str, kind: str) -> Mark:
        """In a write transaction: a checkpoint or an autosave of the game as it stands;
        only the newest ``AUTOSAVES_KEPT`` autosaves stay."""
        try:
            seq = self._snapshot(game)
            self.db.execute("INSERT OR REPLACE INTO marks (name, kind, seq, day) "
                            "VALUES (?, ?, ?, ?)", (name, kind, seq, game.state.day))
            self.db.execute("DELETE FROM marks WHERE kind = 'autosave' AND name NOT IN "
                            "(SELECT name FROM marks WHERE kind = 'autosave' "
                            "ORDER BY seq DESC LIMIT ?)", (AUTOSAVES_KEPT,))
        except sqlite3.Error as error:
            raise SaveError(_("{path}: cannot write the save: {why}").format(
                path=self.path, why=_why(error))) from None
        return next(found for found in self.marks() if found.name == name)

    def _newest(self) -> int:
        """The log's length at the newest snapshot still in play (0: none)."""
        newest: int | None = self.db.execute(
            "SELECT max(length) FROM snapshots WHERE live").fetchone()[0]
        return newest or 0

    def _append(self, entries: list[AnyAction]) -> None:
        self.db.executemany("INSERT INTO entries (kind, body) VALUES ('action', ?)",
                            [(entry.to_json(),) for entry in entries])

    def _snapshot(self, game: Game, seq: int | None = None) -> int:
        """The state as it stands, kept at the newest row (or row ``seq``); that row's
        number."""
        seq = self.last() if seq is None else seq
        state = zlib.compress(game.state.model_dump_json().encode(), 6)
        self.db.execute("INSERT OR REPLACE INTO snapshots (seq, length, state) VALUES (?, ?, ?)",
                        (seq, len(game.log), state))
        return seq

    def _set_header(self, game: Game) -> None:
        campaign = game.campaign
        values = {"format": FORMAT, "grail": __version__,
                  "pack": {"id": campaign.manifest.id, "version": campaign.manifest.version,
                           "hash": campaign.digest},
                  "setup": game.setup}
        self.db.executemany("INSERT OR REPLACE INTO header (key, value) VALUES (?, ?)",
                            [(key, json.dumps(value)) for key, value in values.items()])
        self._set_glance(game)

    def _set_glance(self, game: Game) -> None:
        state = game.state
        glance = {"day": state.day, "chapter": state.chapter,
                  "heroes": [hero.id for hero in state.heroes],
                  "places": list(dict.fromkeys(hero.location for hero in state.heroes)),
                  "floor": state.undo_floor, "length": len(game.log), "rules": RULES_EDITION}
        self.db.execute("INSERT OR REPLACE INTO header (key, value) VALUES ('glance', ?)",
                        (json.dumps(glance),))


def at_a_reveal(game: Game) -> bool:
    """The game stands just after its last reveal, waiting on no one: a snapshot here is
    where undo and opening can start from."""
    return game.state.undo_floor == len(game.log) and game.state.chance is None


def cannot_write_in(folder: Path) -> str:
    """Why nothing can be written in ``folder`` (SQLite beside a save, a new save): the folder
    (read-only, or not the user's to write), or the disk; either, when neither can be told."""
    try:
        disk = os.statvfs(folder)
    except OSError:
        return _("its folder cannot be written, or the disk is full")
    if disk.f_flag & os.ST_RDONLY or not os.access(folder, os.W_OK):
        return _("its folder cannot be written")
    if disk.f_bavail * disk.f_frsize < FULL_BELOW:
        return _("the disk is full")
    return _("its folder cannot be written, or the disk is full")


FULL_BELOW = 256 * 1024
"""Bytes free under which a disk counts as full to SQLite (its -shm file alone takes 32 KiB)."""


def _opened(path: Path) -> tuple[sqlite3.Connection, bool]:
    """A connection to the save at ``path``, and whether it reads only. SQLite reads a save
    in WAL mode through a file it makes beside it (``-shm``), which it cannot make in a
    folder that cannot be written or on a full disk: such a save is read as the file holds
    it (``immutable``), so that it can be shown, listed and copied, unless its newest
    commits still wait in its ``-wal`` file, which only a writable folder lets SQLite
    read."""
    connection: sqlite3.Connection | None = None
    try:
        connection = sqlite3.connect(path, timeout=60, isolation_level=None)
        connection.execute("PRAGMA schema_version").fetchone()  # the first read of the file
        return _set_up(connection, wal=False), False
    except sqlite3.OperationalError as error:
        if connection is not None:
            connection.close()
        if not any(said in str(error) for said in ("unable to open", "disk I/O", "readonly")):
            raise
    wal = Path(f"{path}-wal")
    if wal.exists() and wal.stat().st_size > 0:
        raise SaveError(_("{path}: cannot open the save: {why}, and its newest actions wait in "
                          "{wal}; free some space, or copy both files where they can be written")
                        .format(path=path, why=cannot_write_in(path.parent), wal=wal.name))
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True,
                           isolation_level=None), True


def _connect(path: Path, wal: bool = True) -> sqlite3.Connection:
    """A connection that waits up to a minute for another program's write, commits
    through the write-ahead log (``wal``: set it, once the file is known to be a save)."""
    return _set_up(sqlite3.connect(path, timeout=60, isolation_level=None), wal)


def _set_up(connection: sqlite3.Connection, wal: bool) -> sqlite3.Connection:
    connection.execute("PRAGMA busy_timeout = 60000")
    if wal:
        connection.execute("PRAGMA journal_mode = WAL")
    connection.execute(f"PRAGMA synchronous = {SYNCHRONOUS}")
    return connection


def sweep(folder: Path) -> None:
    """Remove what a killed grail left of a save being written in ``folder``: temporary
    files whose program is no longer running."""
    for leftover in folder.glob(".*.grail-tmp*"):
        pid = leftover.name.split(".grail-tmp")[0].rsplit(".", 1)[-1]
        if pid.isdigit() and not _running(int(pid)):
            _remove(leftover)


def _running(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def _remove(path: Path) -> None:
    with suppress(OSError):
        path.unlink(missing_ok=True)


def _sync_folder(folder: Path) -> None:
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _why(error: Exception) -> str:
    """An error's reason in a few words: the OS's, or SQLite's."""
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    text = str(error)
    for said, meant in _REASONS:
        if said in text:
            return _(meant)
    return text or type(error).__name__


_REASONS = (("full", N_("the disk is full")),
            ("locked", N_("the database is locked by another program")),
            ("not a database", N_("the file is not a database")),
            ("malformed", N_("the database is malformed")), ("readonly", N_("the file is read-only")),
            ("unable to open", N_("the file cannot be opened")),
            ("decode", N_("a text in it is not text")))
"""SQLite's reasons, in grail's words (translated where they are said)."""
