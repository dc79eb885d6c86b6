"""The JSON envelope: save formats 1 to 5, and the format to share (``grail export``).

The envelope holds the format version, grail's version, the pack's identity and hash,
the setup (heroes, seed, mode), the action log and the whole state, with a checksum.
Writing goes to a hidden temporary file in the same folder, is flushed to disk, read back
and checked, and only then renamed over the target, so a crash never leaves half a file;
what a killed grail left is swept away the next time a save is written there. A damaged,
foreign or newer envelope gives one clear line; an older one is migrated (migrations.py).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from grail import __version__
from grail.content import Campaign
from grail.engine import chance
from grail.engine.actions import AnyAction
from grail.engine.game import Game
from grail.engine.state import GameState
from grail.lang import _, ngettext

from .checksum import intact, seal, unsealed
from .errors import SaveError
from .fit import misfits, versions
from .migrations import FORMAT, migrate
from .store import sweep

MAX_SAVE_BYTES = 64_000_000
_CURRENT = f'{{"format":{FORMAT},'.encode()


class PackIdentity(BaseModel):
    """Which content a save was made with (read in envelopes only: its reader is built
    then, not by every command that imports this module)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)
    id: str
    version: str
    hash: str


class Envelope(BaseModel):
    """A save's body, as the current format has it (the checksum is checked before); its
    reader is built when a save file is first read, not by every command that imports
    this module."""

    model_config = ConfigDict(extra="forbid", defer_build=True)
    format: int
    grail: str
    pack: PackIdentity
    setup: dict[str, Any]
    log: list[AnyAction]
    state: GameState


def save_bytes(game: Game) -> bytes:
    """The save file's bytes: the envelope as compact JSON, sealed with its checksum. The
    game's values are the engine's own, made right: the envelope holds them as they are,
    unchecked, and is written by its types (a fifth faster than finding each value's type
    as it is met)."""
    campaign = game.campaign
    pack = PackIdentity.model_construct(id=campaign.manifest.id,
                                        version=campaign.manifest.version, hash=campaign.digest)
    return seal(Envelope.model_construct(
        format=FORMAT, grail=__version__, pack=pack, setup=game.setup, log=game.log,
        state=game.state).model_dump_json().encode())


def envelope(game: Game) -> dict[str, Any]:
    """The save's content as plain JSON data, checksum included."""
    data: dict[str, Any] = json.loads(save_bytes(game))
    return data


def write_json(game: Game, path: Path) -> None:
    """Write the envelope atomically: a hidden temporary file, fsync, read back and verify,
    rename, fsync the folder."""
    data = save_bytes(game)
    folder = path.parent
    temporary = folder / f".{path.name}.{os.getpid()}.grail-tmp"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        sweep(folder)
        with temporary.open("wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        if temporary.read_bytes() != data:
            raise SaveError(_("{path}: the save did not read back as written; nothing replaced")
                            .format(path=path))
        os.replace(temporary, path)
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
    except OSError as error:
        temporary.unlink(missing_ok=True)
        raise SaveError(_("{path}: cannot write the save: {why}").format(
            path=path, why=error.strerror)) from None


def json_format(raw: bytes) -> int | None:
    """The format an envelope's first bytes say it has, if they say it."""
    found = re.match(rb'\{"format":(\d{1,3}),', raw)
    return int(found.group(1)) if found else None


def read_envelope(path: Path) -> Envelope:
    """The save's envelope: size checked before reading, checksum checked, migrated to the
    current format, validated."""
    try:
        if path.stat().st_size > MAX_SAVE_BYTES:
            raise SaveError(_("{path}: too large to be a save").format(path=path))
        raw = path.read_bytes()
    except OSError as error:
        raise SaveError(_("{path}: cannot read the save: {why}").format(
            path=path, why=error.strerror)) from None
    body = unsealed(raw) if raw.startswith(_CURRENT) else None
    if body is not None:  # the current format, intact: one pass from bytes to a game
        try:
            return Envelope.model_validate_json(body)
        except ValidationError:
            raise SaveError(_("{path}: the save's state does not read as a game").format(
                path=path)) from None
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise SaveError(_("{path}: not a grail save (damaged or truncated)").format(
            path=path)) from None
    if not isinstance(data, dict) or "checksum" not in data or "format" not in data \
            or not isinstance(data["format"], int) or data["format"] < 1:
        raise SaveError(_("{path}: not a grail save").format(path=path))
    if data["format"] > FORMAT:
        raise SaveError(_("{path}: made by a newer grail (save format {format}); update grail "
                          "to open it").format(path=path, format=data["format"]))
    if not intact(raw, data):
        raise SaveError(_("{path}: the save was changed or damaged (checksum mismatch)").format(
            path=path))
    del data["checksum"]
    try:
        return Envelope.model_validate(migrate(data))
    except (ValidationError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
        raise SaveError(_("{path}: the save's state does not read as a game").format(
            path=path)) from None


def read_json(path: Path, campaign: Campaign, notes: list[str] | None = None) -> Game:
    """Read a JSON save for ``campaign``; any problem is a :class:`SaveError`, nothing
    changes. A save whose campaign content changed since (same campaign id, another hash)
    goes on from its state if that still fits the content; a line saying so is added to
    ``notes``."""
    saved = read_envelope(path)
    pack = saved.pack
    if pack.id != campaign.manifest.id:
        raise SaveError(_("{path}: a save of campaign '{saved}', not '{campaign}'").format(
            path=path, saved=pack.id, campaign=campaign.manifest.id))
    if pack.hash == campaign.digest:
        return Game(campaign, saved.state, setup=saved.setup, log=list(saved.log))
    said = {"path": path, "campaign": pack.id,
            "versions": versions(pack.version, campaign.manifest.version)}
    problems = misfits(campaign, saved.state)
    if len(problems) == 1:
        raise SaveError(_("{path}: the content of campaign '{campaign}' changed since this save "
                          "({versions}) and the game no longer fits it: {problem}").format(
            **said, problem=problems[0]))
    if problems:
        raise SaveError(ngettext(
            "{path}: the content of campaign '{campaign}' changed since this save ({versions}) "
            "and the game no longer fits it: {problem} (and {count} more)",
            "{path}: the content of campaign '{campaign}' changed since this save ({versions}) "
            "and the game no longer fits it: {problem} (and {count} more)",
            len(problems) - 1).format(**said, problem=problems[0], count=len(problems) - 1))
    if notes is not None:
        notes.append(_("{path}: the content of campaign '{campaign}' changed since this save "
                       "({versions}); the game goes on from where it was, and undo cannot reach "
                       "back before now").format(**said))
    return went_on(Game(campaign, saved.state, setup=saved.setup, log=list(saved.log)),
                   saved.pack.model_dump())


def went_on(game: Game, pack: dict[str, Any]) -> Game:
    """The game going on from its state under changed content: its log starts again from
    ``setup["start"]`` (which undo and replay start from), the old one kept beside with the
    pack it was played with. A companion game waiting for the table keeps the action it
    stopped in, and the answers given so far, at the head of its new log."""
    state = game.state.model_copy(update={"undo_floor": 0})
    setup = {key: value for key, value in game.setup.items() if key not in ("start", "earlier")}
    setup["start"] = state.model_copy(update={"chance": None}).model_dump(mode="json")
    setup["earlier"] = {"pack": pack, "setup": game.setup,
                        "log": [action.model_dump() for action in game.log]}
    waiting = state.chance  # an action stopped for the table: the state is from before it
    stopped, answers = (None, []) if waiting is None else chance.stopped(waiting)
    log = [] if stopped is None else [stopped, *answers]
    return Game(game.campaign, state, setup=setup, log=log)
