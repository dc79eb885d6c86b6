"""The command line's wall time, as a player or a script waits for it.

- ``act_wall_s``: the median wall time of ``grail act SAVE ACTION`` on a bundled-campaign
  save of two heroes, each run taking back what the last did (``grail undo``, not timed):
  Python starting, grail importing what the command needs, the campaign read from the
  content cache (as on every run after the first), the save opened, the action checked,
  applied and saved. The goal: 0.25 s.
- ``legal_wall_s``: the same for ``grail legal SAVE``.
- ``python_start_s``: ``python -c pass``, the floor under both.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from timing import say

from grail.content import bundled_pack, load_pack
from grail.engine.game import Game
from grail.save import save_game

ACTION = '{"type":"travel","hero":"tamsin","to":102}'


def _wall(command: list[str], repeat: int, between: list[str] | None = None) -> float:
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - began)
        if between is not None:
            subprocess.run(between, check=True, capture_output=True)
    return statistics.median(times)


def commands(repeat: int) -> list[tuple[str, float, str]]:
    """``grail act`` and ``grail legal`` on a save, and Python's own start."""
    runs = max(5, repeat * 2)
    with tempfile.TemporaryDirectory() as tmp:
        save = Path(tmp) / "game.grail"
        save_game(Game.new(load_pack(bundled_pack()), ["tamsin", "jago"], seed=3), save)
        grail = [sys.executable, "-m", "grail"]
        subprocess.run([*grail, "legal", str(save)], check=True, capture_output=True)  # cache
        act = _wall([*grail, "act", str(save), ACTION], runs, [*grail, "undo", str(save)])
        legal = _wall([*grail, "legal", str(save)], runs)
        bare = _wall([sys.executable, "-c", "pass"], runs)
    say(f"act_wall_s: grail act on a save of Day 1 (Tamsin and Jago), {ACTION}, median of "
        f"{runs}, the content cache warm")
    return [("act_wall_s", act, "s"), ("legal_wall_s", legal, "s"),
            ("python_start_s", bare, "s")]
