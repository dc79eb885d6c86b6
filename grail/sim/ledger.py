"""The ledger of long simulations (``grail odds``, ``grail balance``): each task's result kept
on disk as it comes back, so that a run stopped before its end (Ctrl-C, a worker lost, the
machine switched off) goes on from there when the same command is given again, and gives the
very answer a run never stopped gives.

A task's result depends only on what it is given (its seeds, the hero, the Encounter), the
pack's content, grail's code and Python's, so it is kept under a hash of all of them: a
changed pack, a changed grail or another Python never reads what was kept before. The
ledger is one SQLite file, ``runs.sqlite`` in grail's cache folder (``GRAIL_CACHE_DIR``,
else the user's cache folder); a run's results are removed once it has given its answer,
and results that no run came back for within :data:`KEPT_DAYS` days are removed too. A
ledger that cannot be opened or written (a full disk, a folder that cannot be written) is
said in one line on stderr, and the run goes on without it: a stop then loses it. A
damaged ledger is replaced by an empty one, and that too is said; a result whose row was
changed (it no longer matches the hash kept beside it) is played again.

Task results are JSON data (numbers, strings, lists, dicts): they cross processes, machines
and this file alike.
"""

from __future__ import annotations

import hashlib
import json
import platform
import sqlite3
import time
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from grail.content import Campaign
from grail.content.cache import default_cache_dir
from grail.lang import _

from .progress import note

KEPT_DAYS = 30
"""Days a stopped run's results wait for the same command to come back."""
CHUNK = 500
"""Keys read or removed in one statement (SQLite limits a statement's parameters)."""
_DAMAGED = ("SQLITE_NOTADB", "SQLITE_CORRUPT")
COLUMNS = ("key", "result", "hash", "kept")
"""The ledger's columns: a table of others was written by another grail (a result kept
by an older one is never read, its key naming that grail's code)."""


@cache
def code_digest() -> str:
    """A hash of grail's own code (its modules, compiled or not) and of Python's version."""
    digest = hashlib.sha256(f"python {platform.python_version()}\n".encode())
    package = Path(__file__).resolve().parent.parent
    for module in sorted(path for path in package.rglob("*")
                         if path.suffix in (".py", ".so", ".pyd")):
        digest.update(module.relative_to(package).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(module.read_bytes()).digest())
    return digest.hexdigest()


def _json(value: Any) -> Any:
    if isinstance(value, range):
        return [value.start, value.stop, value.step]
    raise TypeError(f"a task's argument that has no JSON form: {type(value).__name__}")


class Ledger:
    """Results of finished tasks, by key, for one pack under this grail."""

    def __init__(self, path: Path, scope: str) -> None:
        self.path, self.scope = path, scope
        self.db: sqlite3.Connection | None = None
        self.say: Callable[[str], None] = note
        """Where the ledger's one-line notes go (a run's progress line takes them)."""

    @classmethod
    def open(cls, campaign: Campaign, folder: Path | None = None) -> Ledger:
        """The ledger in ``folder`` (default: grail's cache folder) for ``campaign``; one
        that keeps nothing, said on stderr, when it cannot be opened."""
        path = (folder or default_cache_dir()) / "runs.sqlite"
        ledger = cls(path, f"{code_digest()} {campaign.digest}")
        try:
            ledger.db = ledger._connect()
        except sqlite3.DatabaseError as error:
            if getattr(error, "sqlite_errorname", "") not in _DAMAGED:
                ledger._give_up(error)
                return ledger
            try:  # ours, and damaged: what it held is lost either way
                for part in ("", "-wal", "-shm"):  # a journal left of it must not replay
                    Path(f"{path}{part}").unlink(missing_ok=True)
                ledger.db = ledger._connect()
            except (OSError, sqlite3.Error) as again:
                ledger._give_up(again)
                return ledger
            ledger.say(_("the record of stopped runs, {path}, was damaged: started afresh").format(
                path=path))
        except OSError as error:
            ledger._give_up(error)
        return ledger

    def _connect(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        try:
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = NORMAL")
            with db:  # one program at a time, when two open it at once
                db.execute("BEGIN IMMEDIATE")
                if _columns(db) not in ((), COLUMNS):  # an older grail's: none of it is ours
                    db.execute("DROP TABLE done")
                db.execute("CREATE TABLE IF NOT EXISTS done (key TEXT PRIMARY KEY, "
                           "result TEXT NOT NULL, hash TEXT NOT NULL, kept REAL NOT NULL)")
            db.execute("DELETE FROM done WHERE kept < ?", (time.time() - KEPT_DAYS * 86_400,))
        except BaseException:
            db.close()
            raise
        return db

    @property
    def keeping(self) -> bool:
        """Whether results are being kept."""
        return self.db is not None

    def key(self, task: Callable[..., Any], args: Sequence[Any]) -> str:
        """The key of ``task`` given ``args`` (all that decides its result but the pack)."""
        said = json.dumps([self.scope, task.__module__, task.__qualname__, list(args)],
                          default=_json)
        return hashlib.sha256(said.encode()).hexdigest()

    def found(self, keys: Sequence[str]) -> dict[str, Any]:
        """The results kept for any of ``keys``."""
        found: dict[str, Any] = {}
        db = self.db
        if db is None:
            return found
        for first in range(0, len(keys), CHUNK):
            chunk = keys[first:first + CHUNK]
            try:
                rows = db.execute(
                    "SELECT key, result, hash FROM done WHERE key IN "
                    f"({','.join('?' * len(chunk))})", chunk).fetchall()
            except sqlite3.Error as error:
                self._give_up(error)
                return {}
            for key, result, kept in rows:
                if kept == _hash(key, result):  # else not as written: played again
                    found[key] = json.loads(result)
        return found

    def keep(self, key: str, result: Any) -> None:
        """Keep a task's result; at the first failure, say so and keep nothing more."""
        if self.db is None:
            return
        said = json.dumps(result)
        try:
            self.db.execute("INSERT OR REPLACE INTO done VALUES (?, ?, ?, ?)",
                            (key, said, _hash(key, said), time.time()))
        except sqlite3.Error as error:
            self._give_up(error)

    def forget(self, keys: Sequence[str]) -> None:
        """Remove the results of a run that has given its answer (left for
        :data:`KEPT_DAYS` days if that fails)."""
        db = self.db
        if db is None:
            return
        for first in range(0, len(keys), CHUNK):
            chunk = keys[first:first + CHUNK]
            try:
                db.execute(
                    f"DELETE FROM done WHERE key IN ({','.join('?' * len(chunk))})", chunk)
            except sqlite3.Error:
                return

    def close(self) -> None:
        if self.db is not None:
            self.db.close()
            self.db = None

    def _give_up(self, error: Exception) -> None:
        why = _("a file stands where a folder of its path should be") \
            if isinstance(error, FileExistsError | NotADirectoryError) else \
            error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        self.say(_("cannot keep this run's results in {path} ({why}): a stop will lose them")
                 .format(path=self.path, why=why))
        self.close()


def _columns(db: sqlite3.Connection) -> tuple[str, ...]:
    """The columns of the ledger's table, none if there is no table yet."""
    return tuple(row[1] for row in db.execute("PRAGMA table_info(done)"))


def _hash(key: str, result: str) -> str:
    """What a kept result's row must match: a hash of its key and its JSON text."""
    return hashlib.sha256(f"{key}\n{result}".encode()).hexdigest()
