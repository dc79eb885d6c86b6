"""A long simulation stopped before its end (``grail odds``, ``grail balance``): at Ctrl-C it
stops at once, in this process or on every core, says in one line how far it went, and
leaves with the shell's code for an interrupt, 130, without a traceback or a worker process
left running; a worker process killed (out of memory, say) is one line too. What it did is
kept: the same command goes on from there (tests/test_going_on.py).
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from grail.cli import main
from grail.content import bundled_pack
from grail.content.cache import load_cached
from grail.sim import balance, odds
from grail.sim.balance import report
from grail.sim.ledger import Ledger
from grail.sim.progress import Progress
from grail.sim.workers import Stopped, Workers, executor
from tests.interrupting import counting, interrupted_after, said_after

BUNDLED = bundled_pack()


def test_odds_stopped_in_this_process_say_how_many_playouts_were_played(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # 100 playouts go in batches of 1 (a 256th of the run, at least 1): Ctrl-C during the
    # 30th playout stops it, after 29 whole ones.
    monkeypatch.setattr(odds, "playout", interrupted_after(30, odds.playout))
    with pytest.raises(Stopped) as stopped:
        odds.odds(BUNDLED, "tamsin", "green-bramble-hogs", n=100, policy="greedy", workers=1)
    assert (stopped.value.done, stopped.value.total) == (29, 100)
    assert str(stopped.value) == "stopped at Ctrl-C after 29 of 100 playouts: no result yet; " \
        "the same command goes on from there"


def test_grail_odds_stopped_says_so_in_one_line_and_leaves_with_130(
        terminal: None, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(odds, "playout", interrupted_after(1_200, odds.playout))  # batches of 11
    code = main(["odds", "--hero", "tamsin", "--encounter", "green-bramble-hogs",
                 "--n", "3000", "--policy", "greedy", "--workers", "1"])
    captured = capsys.readouterr()
    assert code == 130 and captured.out == ""  # no result printed
    lines = captured.err.split("\n")
    assert "/3000 playouts" in lines[-3]  # the count, ended before the line that says why
    assert lines[-2] == "grail: stopped at Ctrl-C after 1,199 of 3,000 playouts: no result " \
        "yet; the same command goes on from there"


def test_balance_stopped_says_how_many_simulations_were_played(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # Each fight and each campaign run is one simulation, and a matchup's 2 fights one task:
    # the 7th fight stops the 4th matchup, after 6 fights.
    monkeypatch.setattr(balance, "playout", interrupted_after(7, balance.playout))
    with pytest.raises(Stopped) as stopped:
        report(BUNDLED, n=2, runs=1, workers=1)
    assert stopped.value.done == 6 and stopped.value.total > 6
    monkeypatch.setattr(balance, "playout", interrupted_after(7, balance.playout))
    assert main(["balance", "--n", "2", "--runs", "1", "--workers", "1"]) == 130
    said = capsys.readouterr().err.split("\n")
    assert said[0] == f"going on from the 6 of {stopped.value.total} simulations a stopped " \
        "run did"  # and stopped again after three more matchups
    assert said[-2] == f"grail: stopped at Ctrl-C after 12 of {stopped.value.total} simulations: " \
        "no result yet; the same command goes on from there"


def test_ctrl_c_never_stops_the_pools_own_code_halfway(tmp_path: Path) -> None:
    # Ctrl-C that came while the pool started a worker process or handed out a task stopped
    # that code halfway: a worker started but not yet listed was left running after the
    # command, or a lock of the pool's was never given back and the command hung at its
    # exit. It is held back until the pool's code ends, and comes while the command waits.
    handed: list[int] = []

    class PressedWhileHanding(ThreadPoolExecutor):
        def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
            os.kill(os.getpid(), signal.SIGINT)
            future = super().submit(fn, *args, **kwargs)
            handed.append(args[0])
            return future

    campaign = load_cached(BUNDLED)
    with PressedWhileHanding(1) as pool:
        on = Workers(pool, 1, str(BUNDLED), campaign, (), "", Ledger.open(campaign, tmp_path))
        with pytest.raises(Stopped) as stopped:
            on.results([(abs, (number,)) for number in range(5)], Progress(5, "tasks", False))
    assert handed == [0, 1, 2, 3, 4]  # each handing out ended before Ctrl-C came
    assert str(stopped.value).startswith("stopped at Ctrl-C after ")
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # as it was


def _pressed(source: str) -> None:
    raise KeyboardInterrupt  # Ctrl-C, as a worker process plays


def test_a_pool_stopped_leaves_no_thread_of_its_own_running(tmp_path: Path) -> None:
    # Left running, the pool's own thread raced the interpreter's exit, which wrote to a
    # pipe that thread had just closed: a traceback after the command's stopped line.
    with pytest.raises(Stopped), executor(BUNDLED, workers=2, kept_in=tmp_path) as on:
        on.results([(_pressed, (on.source,))], Progress(1, "playouts", False))
    assert [thread for thread in threading.enumerate()
            if type(thread).__name__ == "_ExecutorManagerThread"] == []


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``: read from /proc (Linux), else from pgrep."""
    proc = Path("/proc")
    if not proc.is_dir():
        return [int(found) for found in subprocess.run(
            ["pgrep", "-P", str(pid)], capture_output=True, text=True, check=True).stdout.split()]
    found = []
    for entry in proc.iterdir():
        try:
            stat = (entry / "stat").read_text() if entry.name.isdigit() else ""
        except OSError:  # a process that ended meanwhile
            continue
        if stat and int(stat.rsplit(")", 1)[1].split()[1]) == pid:  # after the name: state, ppid
            found.append(int(entry.name))
    return found


def on_every_core(stop: Callable[[subprocess.Popen[bytes]], None]) -> tuple[int, str]:
    """``grail odds`` on every core (two workers), stopped by ``stop`` once it counts its
    first playouts: its exit code and its last line, after checking that it ended within 30
    seconds, printed no result and no traceback, and left no worker process running."""
    command = [sys.executable, "-m", "grail", "odds", "--hero", "tamsin", "--encounter",
               "green-bramble-hogs", "--n", "500000", "--workers", "2"]
    process, watched, said = counting(
        command, stdout=subprocess.PIPE, start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert b" playouts" in said
    stop(process)
    stopped = time.monotonic()
    try:
        out, _ = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert time.monotonic() - stopped < 30
    text = (said.replace(b"\r\n", b"\n") + said_after(watched)).decode()
    assert out == b"" and "Traceback" not in text
    time.sleep(0.5)
    with pytest.raises(ProcessLookupError):  # no worker left running in its group
        os.killpg(process.pid, 0)
    return process.returncode, text.rstrip("\n").split("\n")[-1]


def test_ctrl_c_stops_odds_on_every_core_at_once() -> None:
    # A terminal's Ctrl-C reaches the command and its worker processes alike: the command
    # drops what has not started and ends its workers, instead of waiting for them.
    code, last = on_every_core(lambda process: os.killpg(process.pid, signal.SIGINT))
    assert code == 130 and last.startswith("grail: stopped at Ctrl-C after ")


def _running(pid: int) -> bool:
    """The process ``pid`` runs (one that ended but is not yet reaped does not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    return not stat.exists() or stat.read_text().rsplit(")", 1)[1].split()[0] != "Z"


def test_the_worker_processes_end_when_the_command_is_killed_outright() -> None:
    """Killed outright (kill -9, or by the system out of memory), the command cannot end
    its worker processes: each sees it gone and ends within a second or two, rather than
    play on for nobody."""
    command = [sys.executable, "-m", "grail", "odds", "--hero", "tamsin", "--encounter",
               "green-bramble-hogs", "--n", "500000", "--workers", "2"]
    process, watched, said = counting(command, stdout=subprocess.DEVNULL,
                                      start_new_session=True)
    try:
        assert b" playouts" in said
        workers = children(process.pid)
        assert len(workers) == 2
        process.kill()
        process.wait()
        deadline = time.monotonic() + 10
        while any(_running(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(_running(pid) for pid in workers)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        said_after(watched)


def test_a_worker_process_killed_is_one_line() -> None:
    def kill_a_worker(process: subprocess.Popen[bytes]) -> None:
        os.kill(children(process.pid)[0], signal.SIGKILL)

    code, last = on_every_core(kill_a_worker)
    assert code == 1 and last.startswith("grail: a worker process ended before its task did "
                                         "(killed, or out of memory) after ")
    assert last.endswith(" of 500,000 playouts: no result yet; the same command goes on from "
                         "there")
