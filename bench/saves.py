"""The save benchmarks: a 4-hero game of the bundled campaign played to Day 100, saved after
every action as the window and ``grail text`` save it (grail/session.py).

The game is played by seeded random legal choices, the four heroes kept (no one joins or
leaves) and Mother's Mercy always accepted, so that it reaches Day 100 however often the
heroes fall. Its actions are then played three times in turns, one at a time: by a session
that saves each (its autosaves included), by a session that saves nothing, and by the bare
engine. The first two differ only by the save, which is its cost (a session also puts each
event in words for its log, which the save does not pay for); the bare engine's time is the
one the save is set beside.

- ``save_action_day100_ms``: the median cost of saving one action on Day 99, the last
  before Day 100 begins.
- ``saves_over_engine_ratio``: the whole campaign's per-action saves over the engine's
  own time for those actions.
- ``undo_day100_ms``: at every point of Day 99 where undo may act, the save
  opened afresh and its deepest undo the rules allow, timed after a garbage collection (so
  that no pause owed to what earlier benchmarks left in memory lands in it): the median
  (the worst is said).
- ``open_day100_s``: opening the Day-100 save and drawing the first frame of its view in
  an open window (dummy video driver): the median of the runs.
- ``save_bytes_per_action``: the file's size at Day 100 over the actions taken.
- ``save_action_day100_full_ms``: as the first, with ``synchronous = FULL`` (durable
  against a power cut) instead of ``NORMAL``.
"""

from __future__ import annotations

import gc
import os
import random
import sqlite3
import statistics
import tempfile
import time
from contextlib import closing
from pathlib import Path
from typing import Any

from timing import say

from grail.content import Campaign, bundled_pack, load_pack
from grail.engine.game import Game
from grail.save import store
from grail.session import Session, open_save

DAYS = 100
LATE = DAYS - 1
"""Days from which the Day-100 figures are taken."""
SEED = 1
KEPT_OUT = ("join_game", "leave_game", "end_campaign")
"""Never chosen: the four heroes stay [PLAYERS-1], and a lost game takes Mercy [MERCY-1]."""


def played(campaign: Campaign) -> tuple[list[str], list[Any]]:
    """The heroes and the actions of the benchmark's game, to Day 100."""
    heroes = sorted(campaign.hero)[:4]
    game = Game.new(campaign, heroes, seed=SEED)
    chooser = random.Random(SEED)
    actions = []
    while game.state.day < DAYS:
        legal = [action for action in game.legal_actions() if action.type not in KEPT_OUT]
        action = legal[chooser.randrange(len(legal))]
        game.apply(action)
        actions.append(action)
    return heroes, actions


def saved_in_turns(campaign: Campaign, heroes: list[str], actions: list[Any], path: Path,
                   undo_at: Path | None = None) -> dict[str, Any]:
    """Each action by a saving session, by a session saving nothing and by the bare engine,
    in turns: the times, and (with ``undo_at``) the first undo after opening at each late
    point that has one."""
    session = Session.start(campaign, heroes, seed=SEED, path=path)
    unsaved = Session.start(campaign, heroes, seed=SEED)
    engine = Game.new(campaign, heroes, seed=SEED)
    saving, told, bare, late, undos = 0.0, 0.0, 0.0, [], []
    for action in actions:
        began = time.perf_counter()
        session.act(action)
        saved = time.perf_counter()
        unsaved.act(action)
        middle = time.perf_counter()
        engine.apply(action)
        ended = time.perf_counter()
        saving, told = saving + saved - began, told + middle - saved
        bare += ended - middle
        if session.game.state.day >= LATE:
            late.append((saved - began) - (middle - saved))
            if undo_at is not None and session.game.undoable():
                undos.append(_first_undo(session, undo_at))
    session.close()
    return {"saving": saving, "told": told, "bare": bare, "late": late, "undos": undos,
            "entries": len(session.game.log)}


def _first_undo(session: Session, copy: Path) -> float:
    """The save as it stands, copied and opened afresh: its deepest undo, timed (opening
    not counted)."""
    assert session.file is not None
    for leftover in (copy, Path(f"{copy}-wal"), Path(f"{copy}-shm")):
        leftover.unlink(missing_ok=True)
    with closing(sqlite3.connect(copy)) as target:
        session.file.db.backup(target)
    opened = Session.open(copy, session.campaign)
    depth = len(opened.game.undoable())
    gc.collect()  # not a pause owed to what earlier benchmarks left in memory
    began = time.perf_counter()
    opened.undo(depth)
    elapsed = time.perf_counter() - began
    opened.close()
    return elapsed


def _open_and_draw(path: Path, repeat: int) -> list[float]:
    """Open the save and draw its view's first frame in a window already open."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from grail.ui.app import App
    from grail.ui.scenes.title import TitleScene

    app = App((1600, 900), headless=True)
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        TitleScene.play(app, open_save(path), None)
        app.frame(events=[])
        times.append(time.perf_counter() - began)
        app.stack[-1].session.close()  # type: ignore[attr-defined]
    return times


def saves(repeat: int) -> list[tuple[str, float, str]]:
    """The five figures of saving a long campaign, and the cost of the FULL setting."""
    campaign = load_pack(bundled_pack())
    heroes, actions = played(campaign)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "day100.grail"
        normal = saved_in_turns(campaign, heroes, actions, path, undo_at=Path(tmp) / "copy.grail")
        size = path.stat().st_size
        opening = _open_and_draw(path, repeat)
        default = store.SYNCHRONOUS
        store.SYNCHRONOUS = "FULL"
        try:
            full = saved_in_turns(campaign, heroes, actions, Path(tmp) / "full.grail")
        finally:
            store.SYNCHRONOUS = default
    say(f"saves: the bundled campaign, {', '.join(heroes)}, seed {SEED}, random legal actions "
        f"with Mercy accepted: {len(actions)} actions ({normal['entries']} log entries) to "
        f"Day {DAYS}, each saved as taken (WAL, synchronous = {default}), beside a session "
        f"saving nothing and the bare engine; {len(normal['late'])} actions on Day {LATE}")
    say(f"undo_day100: {len(normal['undos'])} points of Day {LATE} where undo may "
        f"act, each opened afresh; the worst {max(normal['undos'], default=0) * 1000:.2f} ms")
    return [("save_action_day100_ms", statistics.median(normal["late"]) * 1000, "ms"),
            ("saves_over_engine_ratio", (normal["saving"] - normal["told"]) / normal["bare"],
             "x"),
            ("undo_day100_ms", statistics.median(normal["undos"]) * 1000, "ms"),
            ("open_day100_s", statistics.median(opening), "s"),
            ("save_bytes_per_action", size / len(actions), "bytes"),
            ("save_action_day100_full_ms", statistics.median(full["late"]) * 1000, "ms")]
