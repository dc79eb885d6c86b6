"""The command line's wall time, as a player or a script waits for it.

- ``act_wall_s``: the median wall time of ``grail act SAVE ACTION`` on a bundled-campaign
  save of two heroes, each run taking back what the last did (``grail undo``, not timed):
  Python starting, grail importing what the command needs, the campaign read from the
  content cache (as on every run after the first), the save opened, the action checked,
  applied and saved. The goal: 0.25 s.
- ``act_wall_es_s``: the same in Spanish (``grail --lang es act``: grail's Spanish catalog
  and the campaign's Spanish from the content cache). The goal: 0.25 s too.
- ``legal_wall_s``: the same for ``grail legal SAVE``.
- ``act_wall_resident_s``: the same ``grail act`` while ``grail serve`` runs (started
  before, not timed): the command hands its words to the resident grail, which has grail
  and the campaign loaded, and prints its answer.
- ``python_start_s``: ``python -c pass``, the floor under both.

Each command first runs once untimed, which fills the content cache and writes Python's
bytecode (:func:`timing.as_installed`), as on a player's machine after the first run.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from timing import as_installed, say

from grail.content import bundled_pack, load_pack
from grail.engine.game import Game
from grail.save import save_game

ACTION = '{"type":"travel","hero":"tamsin","to":102}'


def _wall(command: list[str], repeat: int, between: list[str] | None = None,
          env: dict[str, str] | None = None) -> float:
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True, env=env)
        times.append(time.perf_counter() - began)
        if between is not None:
            subprocess.run(between, check=True, capture_output=True, env=env)
    return statistics.median(times)


def commands(repeat: int) -> list[tuple[str, float, str]]:
    """``grail act`` and ``grail legal`` on a save, and Python's own start."""
    runs = max(5, repeat * 2)
    with tempfile.TemporaryDirectory() as tmp:
        save = Path(tmp) / "game.grail"
        save_game(Game.new(load_pack(bundled_pack()), ["tamsin", "jago"], seed=3), save)
        grail = [sys.executable, "-m", "grail"]
        env = as_installed(Path(tmp) / "bytecode")
        for first in (["act", str(save), ACTION], ["undo", str(save)], ["legal", str(save)]):
            subprocess.run([*grail, *first], check=True, capture_output=True, env=env)
        act = _wall([*grail, "act", str(save), ACTION], runs, [*grail, "undo", str(save)], env)
        spanish = [*grail, "--lang", "es"]
        subprocess.run([*spanish, "legal", str(save)], check=True, capture_output=True, env=env)
        act_es = _wall([*spanish, "act", str(save), ACTION], runs, [*grail, "undo", str(save)],
                       env)
        legal = _wall([*grail, "legal", str(save)], runs, env=env)
        resident = _resident_act(grail, save, Path(tmp) / "resident", runs, env)
        bare = _wall([sys.executable, "-c", "pass"], runs, env=env)
    say(f"act_wall_s: grail act on a save of Day 1 (Tamsin and Jago), {ACTION}, median of "
        f"{runs}, the content cache warm and the bytecode compiled (both by a first run); "
        "act_wall_es_s: the same in Spanish (--lang es: grail's catalog and the campaign's); "
        "act_wall_resident_s: the same with grail serve running")
    return [("act_wall_s", act, "s"), ("act_wall_es_s", act_es, "s"),
            ("act_wall_resident_s", resident, "s"),
            ("legal_wall_s", legal, "s"), ("python_start_s", bare, "s")]


def _resident_act(grail: list[str], save: Path, folder: Path, runs: int,
                  installed: dict[str, str]) -> float:
    """``grail act``'s wall time with a resident grail of its own answering."""
    env = {**installed, "GRAIL_RESIDENT_DIR": str(folder)}
    server = subprocess.Popen([*grail, "serve"], stderr=subprocess.PIPE, env=env)
    try:
        assert server.stderr is not None
        server.stderr.readline()  # it listens
        subprocess.run([*grail, "legal", str(save)], check=True, capture_output=True, env=env)
        return _wall([*grail, "act", str(save), ACTION], runs, [*grail, "undo", str(save)],
                     env=env)
    finally:
        subprocess.run([*grail, "serve", "--stop"], check=True, capture_output=True, env=env)
        server.communicate()
