"""The window opens quietly: nothing from SDL or pygame on the terminal."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from grail.ui.app import private_runtime_folder

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("given", ["unset", "missing", "shared"])
def test_a_missing_or_shared_runtime_folder_is_replaced_by_a_private_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, given: str) -> None:
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o777)
    shared.chmod(0o777)
    if given == "unset":
        monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    else:
        monkeypatch.setenv("XDG_RUNTIME_DIR", str(shared if given == "shared" else
                                                  tmp_path / "nowhere"))
    before = os.environ.get("XDG_RUNTIME_DIR")
    private_runtime_folder()
    if not sys.platform.startswith("linux"):  # only Linux's SDL reads it
        assert os.environ.get("XDG_RUNTIME_DIR") == before
        return
    folder = Path(os.environ["XDG_RUNTIME_DIR"])
    assert folder.is_dir() and folder != shared
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700 and folder.stat().st_uid == os.getuid()


def test_a_private_runtime_folder_is_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    own = tmp_path / "own"
    own.mkdir(mode=0o700)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(own))
    private_runtime_folder()
    assert os.environ["XDG_RUNTIME_DIR"] == str(own)


def test_the_window_says_nothing_but_grails_own_words(tmp_path: Path) -> None:
    """`grail play --screenshot` with no runtime folder: one line of grail's on standard
    output, nothing on standard error."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("XDG_RUNTIME_DIR", "PYGAME_HIDE_SUPPORT_PROMPT")}
    env.update(GRAIL_SAVES=str(tmp_path / "saves"), GRAIL_CACHE_DIR=str(tmp_path / "cache"))
    shot = tmp_path / "shot.png"
    done = subprocess.run([sys.executable, "-m", "grail", "play", "--screenshot", str(shot)],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout == f"{shot}: 1600x900, 2 frames\n"
