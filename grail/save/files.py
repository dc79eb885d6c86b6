"""Save files: a JSON envelope, written atomically and read back before it counts.

The envelope holds the format version, grail's version, the pack's identity and hash,
the setup (heroes, seed, mode), the action log and a snapshot of the state, with a
checksum. Writing goes to a temporary file in the same folder, is flushed to disk, read
back and checked, and only then renamed over the old save, so a crash never loses the
previous one. A damaged, foreign or newer save gives one clear line and changes nothing;
an older one is migrated (migrations.py); one whose campaign content changed goes on from
its snapshot if its state still fits the content (fit.py).
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from grail import __version__
from grail.content import Campaign
from grail.engine.actions import Action, AnyAction
from grail.engine.game import Game
from grail.engine.state import GameState

from .checksum import intact, seal, unsealed
from .fit import misfits
from .migrations import FORMAT, migrate

MAX_SAVE_BYTES = 64_000_000
_CURRENT = f'{{"format":{FORMAT},'.encode()


class SaveError(Exception):
    """A save that cannot be written or read; the message is one line for the player."""


class PackIdentity(BaseModel):
    """Which content a save was made with."""

    model_config = ConfigDict(extra="forbid")
    id: str
    version: str
    hash: str


class Envelope(BaseModel):
    """A save's body, as the current format has it (the checksum is checked before)."""

    model_config = ConfigDict(extra="forbid")
    format: int
    grail: str
    pack: PackIdentity
    setup: dict[str, Any]
    log: list[AnyAction]
    state: GameState


_WRITE: TypeAdapter[dict[str, Any]] = TypeAdapter(dict[str, Any])
"""Serializes each value by its own type, found at run time: three times as fast for the
log as serializing through the union of every action type."""


def save_bytes(game: Game) -> bytes:
    """The save file's bytes: the envelope as compact JSON, sealed with its checksum."""
    campaign = game.campaign
    return seal(_WRITE.dump_json({
        "format": FORMAT, "grail": __version__,
        "pack": {"id": campaign.manifest.id, "version": campaign.manifest.version,
                 "hash": campaign.digest},
        "setup": game.setup, "log": game.log, "state": game.state}))


def envelope(game: Game) -> dict[str, Any]:
    """The save's content as plain JSON data, checksum included."""
    data: dict[str, Any] = json.loads(save_bytes(game))
    return data


def save_game(game: Game, path: Path) -> None:
    """Write atomically: temp file, fsync, read back and verify, rename, fsync the folder."""
    data = save_bytes(game)
    folder = path.parent
    tmp_name = None
    try:
        if not folder.is_dir():
            folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("wb", dir=folder, delete=False, suffix=".tmp") as tmp:
            tmp_name = tmp.name
            tmp.write(data)
            tmp.flush()
            os.fsync(tmp.fileno())
        if Path(tmp.name).read_bytes() != data:
            raise SaveError(f"{path}: the save did not read back as written; nothing replaced")
        os.replace(tmp.name, path)
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
    except OSError as error:
        if tmp_name is not None:
            Path(tmp_name).unlink(missing_ok=True)
        raise SaveError(f"{path}: cannot write the save: {error.strerror}") from None


def _envelope(path: Path) -> Envelope:
    """The save's envelope: checksum checked, migrated to the current format, validated."""
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise SaveError(f"{path}: cannot read the save: {error.strerror}") from None
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveError(f"{path}: too large to be a save")
    body = unsealed(raw) if raw.startswith(_CURRENT) else None
    if body is not None:  # the current format, intact: one pass from bytes to a game
        try:
            return Envelope.model_validate_json(body)
        except ValidationError:
            raise SaveError(f"{path}: the save's state does not read as a game") from None
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise SaveError(f"{path}: not a grail save (damaged or truncated)") from None
    if not isinstance(data, dict) or "checksum" not in data or "format" not in data \
            or not isinstance(data["format"], int) or data["format"] < 1:
        raise SaveError(f"{path}: not a grail save")
    if data["format"] > FORMAT:
        raise SaveError(f"{path}: made by a newer grail (save format {data['format']}); "
                        "update grail to open it")
    if not intact(raw, data):
        raise SaveError(f"{path}: the save was changed or damaged (checksum mismatch)")
    del data["checksum"]
    try:
        return Envelope.model_validate(migrate(data))
    except (ValidationError, ValueError, KeyError, TypeError):
        raise SaveError(f"{path}: the save's state does not read as a game") from None


def load_game(path: Path, campaign: Campaign, notes: list[str] | None = None) -> Game:
    """Read a save for ``campaign``; any problem is a :class:`SaveError`, nothing changes.

    A save whose campaign content changed since (same campaign id, another hash) goes on
    from its state if that still fits the content; a line saying so is added to ``notes``.
    """
    saved = _envelope(path)
    pack = saved.pack
    if pack.id != campaign.manifest.id:
        raise SaveError(f"{path}: a save of campaign '{pack.id}', not '{campaign.manifest.id}'")
    if pack.hash == campaign.digest:
        return Game(campaign, saved.state, setup=saved.setup, log=list(saved.log))
    changed = (f"{path}: the content of campaign '{pack.id}' changed since this save "
               f"(version {pack.version} then, {campaign.manifest.version} now)")
    problems = misfits(campaign, saved.state)
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise SaveError(f"{changed} and the game no longer fits it: {problems[0]}{more}")
    if notes is not None:
        notes.append(f"{changed}; the game goes on from where it was, and undo cannot reach "
                     "back before now")
    return _went_on(campaign, saved)


def _went_on(campaign: Campaign, saved: Envelope) -> Game:
    """The saved game going on from its state under changed content: its log starts again
    from ``setup["start"]`` (which undo and replay start from), the old one kept beside. A
    companion game waiting for the table keeps the action it stopped in, and the answers
    given so far, at the head of its new log."""
    state = saved.state.model_copy(update={"undo_floor": 0})
    setup = {key: value for key, value in saved.setup.items() if key not in ("start", "earlier")}
    setup["start"] = state.model_copy(update={"chance": None}).model_dump(mode="json")
    setup["earlier"] = {"pack": saved.pack.model_dump(), "setup": saved.setup,
                        "log": [action.model_dump() for action in saved.log]}
    waiting = state.chance  # an action stopped for the table: the state is from before it
    log = [] if waiting is None or waiting.action is None else \
        [Action.from_json(json.dumps(entry)) for entry in (waiting.action, *waiting.answers)]
    return Game(campaign, state, setup=setup, log=log)


AUTOSAVES_KEPT = 5


def autosave(game: Game, path: Path) -> Path:
    """Keep a copy at each Start of Day beside the save, the last five only."""
    folder = path.resolve().parent / "autosaves"
    target = folder / f"{path.stem}.day{game.state.day:04d}.json"
    save_game(game, target)
    older = sorted(folder.glob(f"{path.stem}.day*.json"))
    for stale in older[:-AUTOSAVES_KEPT]:
        stale.unlink(missing_ok=True)
    return target
