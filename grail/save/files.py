"""Save files: a JSON envelope, written atomically and read back before it counts.

The envelope holds the format version, grail's version, the pack's identity and hash,
the setup (heroes, seed, mode), the action log and a snapshot of the state, with a
checksum. Writing goes to a temporary file in the same folder, is flushed to disk, read
back and checked, and only then renamed over the old save, so a crash never loses the
previous one. A damaged, foreign or newer save gives one clear line and changes nothing.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from grail import __version__
from grail.content import Campaign
from grail.engine.actions import Action
from grail.engine.game import Game
from grail.engine.state import GameState

FORMAT = 1
MAX_SAVE_BYTES = 64_000_000


class SaveError(Exception):
    """A save that cannot be written or read; the message is one line for the player."""


def _checksum(body: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()


def envelope(game: Game) -> dict[str, Any]:
    """The save's content as plain JSON data."""
    body = {
        "format": FORMAT,
        "grail": __version__,
        "pack": {"id": game.campaign.manifest.id, "version": game.campaign.manifest.version,
                 "hash": game.campaign.digest},
        "setup": game.setup,
        "log": [action.model_dump() for action in game.log],
        "state": game.state.model_dump(mode="json"),
    }
    return {**body, "checksum": _checksum(body)}


def save_game(game: Game, path: Path) -> None:
    """Write atomically: temp file, fsync, read back and verify, rename, fsync the folder."""
    text = json.dumps(envelope(game), separators=(",", ":"))
    folder = path.resolve().parent
    tmp_name = None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", dir=folder, delete=False, suffix=".tmp",
                                         encoding="utf-8") as tmp:
            tmp_name = tmp.name
            tmp.write(text)
            tmp.flush()
            os.fsync(tmp.fileno())
        if Path(tmp.name).read_text(encoding="utf-8") != text:
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


def load_game(path: Path, campaign: Campaign) -> Game:
    """Read a save for ``campaign``; any problem is a :class:`SaveError`, nothing changes."""
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise SaveError(f"{path}: cannot read the save: {error.strerror}") from None
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveError(f"{path}: too large to be a save")
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise SaveError(f"{path}: not a grail save (damaged or truncated)") from None
    if not isinstance(data, dict) or "checksum" not in data or "format" not in data:
        raise SaveError(f"{path}: not a grail save")
    if not isinstance(data["format"], int) or data["format"] > FORMAT:
        raise SaveError(f"{path}: made by a newer grail (save format {data['format']}); "
                        "update grail to open it")
    body = {key: value for key, value in data.items() if key != "checksum"}
    if data["checksum"] != _checksum(body):
        raise SaveError(f"{path}: the save was changed or damaged (checksum mismatch)")
    pack = data.get("pack") or {}
    if pack.get("id") != campaign.manifest.id:
        raise SaveError(f"{path}: a save of campaign '{pack.get('id')}', not "
                        f"'{campaign.manifest.id}'")
    if pack.get("hash") != campaign.digest:
        raise SaveError(f"{path}: the campaign's content changed since this save "
                        f"(saved with version {pack.get('version')})")
    try:
        state = GameState.model_validate(data["state"])
        log = [Action.from_json(json.dumps(entry)) for entry in data["log"]]
    except (ValidationError, ValueError, KeyError, TypeError):
        raise SaveError(f"{path}: the save's state does not read as a game") from None
    return Game(campaign, state, setup=data["setup"], log=log)


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
