"""The window's benchmarks: a frame of the map scene, and the time from starting grail to its
first frame.

- ``map_frame_ms``: the median time to draw one frame of the map scene at 1600x900 with the
  dummy video driver, 4 heroes on a map of 40 revealed Locations (the synthetic pack's
  grid, the 8 by 5 block around the start), nothing changing between frames.
- ``map_frame_after_action_p95_ms``: the 95th percentile of the frame drawn right after
  an action, on the same map: each a random legal action (a Travel where there is one),
  the map and the boards drawn again for it; the goal, a quarter of a 60 FPS frame, 4.2 ms.
  ``map_frame_after_action_ms`` is their median. A frame paints what changed until its
  time for painting is spent (grail/ui/budget.py) and the next frames paint the rest, as
  they come a sixtieth of a second apart: after each timed frame, frames are drawn until
  the map and the panel show the game as it stands, before the next action.
  ``map_frame_catching_up_p95_ms`` is the 95th percentile of those frames, and
  ``map_frames_to_catch_up`` the most frames after an action before all was shown (the
  timed one included).
- ``start_to_first_frame_s``: the median wall time of ``grail play --screenshot`` on a
  bundled-campaign save, one frame: Python starting, grail importing, the campaign read
  (from the cache, as on a player's second start), the window and its first frame drawn;
  Python's bytecode written by a first run, as an install leaves it (``timing.as_installed``).
- ``start_to_first_frame_es_s``: the same in Spanish (``grail --lang es play``), timed in
  turns with it. The goal: 1 s too.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from synthetic import write_pack
from timing import as_installed, say

from grail.content import bundled_pack, load_pack
from grail.engine.actions import Travel
from grail.engine.game import Game
from grail.engine.state import Placed
from grail.save import save_game
from grail.session import Session
from grail.ui.app import App
from grail.ui.scenes.game import view_for
from grail.ui.scenes.map import MapScene

FRAMES = 200
AFTER = 60
"""Frames timed after actions in each run."""
SETTLE = 600
"""Frames after an action by which the scene must show all (ten seconds at 60 FPS)."""
REVEALED = (8, 5)


def window(repeat: int) -> list[tuple[str, float, str]]:
    """The map scene's frame time, and the start to the first frame."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # the display starts with the App
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as tmp:
        campaign = load_pack(write_pack(Path(tmp) / "pack"))
        game = Game.new(campaign, sorted(campaign.hero)[:4], seed=1)
        width, height = REVEALED
        spots = {spot: number for number, spot in campaign.grid.items()}
        game.state.placed = [Placed(number=spots[x, y], x=x, y=y)
                             for x in range(width) for y in range(height) if (x, y) in spots]
        game.refresh()
        app = App((1600, 900), headless=True)
        app.push(MapScene(Session(game, None)))
        for _ in range(10):  # the first frames build what later frames reuse
            app.frame(events=[])
        frames = []
        for _ in range(FRAMES * repeat):
            began = time.perf_counter()
            app.frame(events=[])
            frames.append((time.perf_counter() - began) * 1000)
        after, catching_up, to_catch_up = _after_actions(app, game, AFTER * repeat)
        save = Path(tmp) / "game.grail"
        save_game(Game.new(load_pack(bundled_pack()), ["tamsin", "jago"], seed=3), save)
        shot = Path(tmp) / "shot.png"
        command = [sys.executable, "-m", "grail", "play", "--screenshot", str(shot),
                   "--save", str(save), "--frames", "1"]
        env = as_installed(Path(tmp) / "bytecode")
        spanish = [*command[:3], "--lang", "es", *command[3:]]
        for first in (command, spanish):  # the caches filled, the Spanish campaign's too
            subprocess.run(first, check=True, capture_output=True, env=env)
        starts, starts_es = [], []
        for _ in range(repeat):  # in turns, so that both meet the same load on the machine
            for run, times in ((command, starts), (spanish, starts_es)):
                began = time.perf_counter()
                subprocess.run(run, check=True, capture_output=True, env=env)
                times.append(time.perf_counter() - began)
    say(f"map_frame_after_action: {len(after)} frames, each right after a random legal "
        "action of 4 heroes on the 40 revealed Locations (the first Day; fewer after its "
        f"End, as Menhirs' radii say); {len(catching_up)} frames after them before the "
        "map and the panel showed all")
    return [("map_frame_ms", statistics.median(frames), "ms"),
            ("map_frame_after_action_ms", statistics.median(after), "ms"),
            ("map_frame_after_action_p95_ms", statistics.quantiles(after, n=20)[18], "ms"),
            ("map_frame_catching_up_p95_ms", statistics.quantiles(catching_up, n=20)[18]
             if len(catching_up) > 1 else max(catching_up, default=0.0), "ms"),
            ("map_frames_to_catch_up", max(to_catch_up), "frames"),
            ("start_to_first_frame_s", statistics.median(starts), "s"),
            ("start_to_first_frame_es_s", statistics.median(starts_es), "s")]


def _after_actions(app: App, game: Game, count: int) -> tuple[list[float], list[float],
                                                              list[int]]:
    """The time of each frame drawn right after an action, the map scene in view: random
    legal actions, a Travel where there is one; actions that lead elsewhere (a reading,
    the End of Day) are taken without a timed frame until the map is back. Then the times
    of the frames after it until the scene showed all, and how many frames that took."""
    chooser = random.Random(1)
    session = Session(game, None)
    scene = MapScene(session)
    times: list[float] = []
    catching_up: list[float] = []
    to_catch_up: list[int] = []
    while len(times) < count and game.state.outcome is None:
        legal = [action for action in session.legal()
                 if action.type not in ("join_game", "leave_game")]
        travels = [action for action in legal if isinstance(action, Travel)]
        session.act(chooser.choice(travels or legal))
        if view_for(session) is not MapScene:
            continue
        app.stack = [scene]
        began = time.perf_counter()
        app.frame(events=[])
        times.append((time.perf_counter() - began) * 1000)
        drawn = 1
        while not scene.settled:
            if drawn > SETTLE:
                raise RuntimeError(f"the map scene still had painting left {SETTLE} frames "
                                   f"after {game.log[-1]}")
            began = time.perf_counter()
            app.frame(events=[])
            catching_up.append((time.perf_counter() - began) * 1000)
            drawn += 1
        to_catch_up.append(drawn)
    return times, catching_up, to_catch_up
