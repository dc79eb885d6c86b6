"""Saves: atomic, verified, replayable; bad saves give one clear line and change nothing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from grail.content import Campaign
from grail.engine.game import Game
from grail.save import SaveError, load_game, save_game

from .conftest import MINIMAL, resealed

ROOT = Path(__file__).resolve().parent.parent


def _played(campaign: Campaign, steps: int = 9, seed: int = 4) -> Game:
    game = Game.new(campaign, ["wren"], seed=seed)
    for _ in range(steps):
        game.apply(game.legal_actions()[0])
    return game


def test_a_save_loads_back_to_the_same_game(minimal: Campaign, tmp_path: Path) -> None:
    game = _played(minimal)
    save_game(game, tmp_path / "a.json")
    loaded = load_game(tmp_path / "a.json", minimal)
    assert loaded.state == game.state and loaded.log == game.log
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]  # no temporary file left


def test_save_load_continue_equals_continuing(minimal: Campaign, tmp_path: Path) -> None:
    game = _played(minimal, steps=5)
    save_game(game, tmp_path / "a.json")
    loaded = load_game(tmp_path / "a.json", minimal)
    for _ in range(6):
        assert loaded.apply(loaded.legal_actions()[-1]) == game.apply(game.legal_actions()[-1])
    assert loaded.state_hash() == game.state_hash()


def test_replaying_the_log_reaches_the_same_state(minimal: Campaign) -> None:
    game = _played(minimal, steps=15)
    assert Game.replay(minimal, game.setup, game.log).state_hash() == game.state_hash()


@pytest.mark.parametrize("damage", ["truncated", "garbage", "tampered", "newer", "other-pack"])
def test_a_bad_save_is_refused_with_one_line(
    minimal: Campaign, tmp_path: Path, damage: str
) -> None:
    path = tmp_path / "a.json"
    save_game(_played(minimal), path)
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
    else:  # a genuine save of another campaign: its checksum is right
        data["pack"]["id"] = "elsewhere"
        path.write_bytes(resealed(data))
    before = path.read_bytes()
    with pytest.raises(SaveError) as raised:
        load_game(path, minimal)
    message = str(raised.value)
    assert "\n" not in message and message.startswith(str(path))
    expected = {"truncated": "damaged or truncated", "garbage": "damaged or truncated",
                "tampered": "checksum", "newer": "newer grail", "other-pack": "'elsewhere'"}
    assert expected[damage] in message
    assert path.read_bytes() == before


def test_a_failed_write_keeps_the_old_save(
    minimal: Campaign, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "a.json"
    save_game(_played(minimal), path)
    before = path.read_bytes()

    def disk_full(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", disk_full)
    with pytest.raises(SaveError, match="cannot write the save: No space left on device"):
        save_game(_played(minimal, steps=12), path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]  # the temporary file is gone


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
