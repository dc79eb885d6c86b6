"""A long simulation stopped before its end goes on from there when the same command is given
again, and gives the very answer of a run never stopped (grail/sim/ledger.py): each task's
result is kept as it comes back, under a key naming all it depends on. A ledger that cannot
be written (a full disk, a folder that is a file, a damaged file) is one line, and the run
still gives its answer.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from grail.cli import main
from grail.content import bundled_pack
from grail.content.cache import load_cached
from grail.sim import balance, ledger, odds
from grail.sim.balance import report
from grail.sim.ledger import Ledger
from grail.sim.workers import Stopped
from tests.interrupting import counted, counting, interrupted_after, said_after

BUNDLED = bundled_pack()
GOING_ON = "no result yet; the same command goes on from there"


def test_odds_stopped_go_on_where_they_stopped_with_the_same_answer(
        monkeypatch: pytest.MonkeyPatch) -> None:
    ask = dict(n=100, policy="greedy", workers=1)
    real = odds.playout
    monkeypatch.setattr(odds, "playout", interrupted_after(30, real))
    with pytest.raises(Stopped) as stopped:
        odds.odds(BUNDLED, "tamsin", "green-bramble-hogs", **ask)
    assert stopped.value.done == 29  # 29 batches of 1
    made, playing = counted(real)
    monkeypatch.setattr(odds, "playout", playing)
    went_on = odds.odds(BUNDLED, "tamsin", "green-bramble-hogs", **ask)
    assert made == [71]  # only what the stopped run had not played
    made[0] = 0
    assert odds.odds(BUNDLED, "tamsin", "green-bramble-hogs", **ask) == went_on
    assert made == [100]  # a run that gave its answer leaves nothing behind: played afresh


def test_a_stopped_run_goes_on_only_for_what_decides_the_same_results(
        monkeypatch: pytest.MonkeyPatch) -> None:
    real = odds.playout
    monkeypatch.setattr(odds, "playout", interrupted_after(30, real))
    with pytest.raises(Stopped):
        odds.odds(BUNDLED, "tamsin", "green-bramble-hogs", n=100, policy="greedy", workers=1)
    made, playing = counted(real)
    monkeypatch.setattr(odds, "playout", playing)
    for other in (dict(policy="search"), dict(seed=101)):  # other playouts: nothing to go on from
        made[0] = 0
        odds.odds(BUNDLED, "tamsin", "green-bramble-hogs", **{
            "n": 100, "policy": "greedy", "workers": 1, **other})
        assert made == [100]
    campaign, asked = load_cached(BUNDLED), ["tamsin", "e", None, range(1, 3), "greedy"]
    keys = []
    for code in ("this grail", "another grail"):
        monkeypatch.setattr(ledger, "code_digest", lambda code=code: code)
        kept = Ledger.open(campaign)
        keys.append(kept.key(odds._batch, asked))
        kept.close()
    assert keys[0] != keys[1]  # another grail's code never reads what this one kept


def test_balance_stopped_goes_on_with_the_same_report(monkeypatch: pytest.MonkeyPatch) -> None:
    unstopped = report(BUNDLED, n=2, runs=1, workers=1)
    real = balance.playout
    monkeypatch.setattr(balance, "playout", interrupted_after(7, real))
    with pytest.raises(Stopped) as stopped:
        report(BUNDLED, n=2, runs=1, workers=1)
    assert stopped.value.done == 6  # three matchups of 2 fights
    made, playing = counted(real)
    monkeypatch.setattr(balance, "playout", playing)
    assert report(BUNDLED, n=2, runs=1, workers=1) == unstopped
    assert made == [2 * (len(unstopped.matchups) - 3)]  # the three done not fought again


def test_grail_odds_says_it_goes_on(monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    ask = ["odds", "--hero", "tamsin", "--encounter", "green-bramble-hogs", "--n", "3000",
           "--policy", "greedy", "--workers", "1", "--json"]
    real = odds.playout
    monkeypatch.setattr(odds, "playout", interrupted_after(1_200, real))  # batches of 11
    assert main(ask) == 130
    assert capsys.readouterr().err.split("\n")[-2] == \
        f"grail: stopped at Ctrl-C after 1,199 of 3,000 playouts: {GOING_ON}"
    monkeypatch.setattr(odds, "playout", real)
    assert main(ask) == 0
    went_on = capsys.readouterr()
    assert went_on.err.split("\n")[0] == "going on from the 1,199 of 3,000 playouts a stopped " \
        "run did"
    assert "/3,000 playouts" not in went_on.err and "/3000" not in went_on.err  # no terminal
    assert main(ask) == 0
    assert capsys.readouterr().out == went_on.out  # the same answer as a run never stopped


def test_a_ledger_that_cannot_be_written_is_one_line_and_the_run_answers(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where grail's cache folder should be")
    monkeypatch.setenv("GRAIL_CACHE_DIR", str(blocked / "cache"))
    real = odds.playout
    monkeypatch.setattr(odds, "playout", interrupted_after(30, real))
    with pytest.raises(Stopped) as stopped:
        odds.odds(BUNDLED, "tamsin", "green-bramble-hogs", n=100, policy="greedy", workers=1)
    assert str(stopped.value) == "stopped at Ctrl-C after 29 of 100 playouts: no result"
    said = capsys.readouterr().err
    assert said.startswith(f"grail: cannot keep this run's results in {blocked}/cache/"
                           "runs.sqlite (a file stands where a folder of its path should be)")
    assert said.endswith("): a stop will lose them\n") and said.count("\n") == 1
    monkeypatch.setattr(odds, "playout", real)
    monkeypatch.delenv("GRAIL_CACHE_DIR")
    monkeypatch.setenv("GRAIL_CACHE_DIR", str(tmp_path / "fine"))
    fine = odds.odds(BUNDLED, "tamsin", "green-bramble-hogs", n=100, policy="greedy", workers=1)
    monkeypatch.setenv("GRAIL_CACHE_DIR", str(blocked / "cache"))
    assert odds.odds(BUNDLED, "tamsin", "green-bramble-hogs", n=100, policy="greedy",
                     workers=1) == fine


def test_a_full_disk_is_one_line_on_its_own_and_the_run_answers(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    connect = Ledger._connect

    def filled(self: Ledger) -> sqlite3.Connection:  # filled to the last page it may have
        db = connect(self)
        db.execute(f"PRAGMA max_page_count = {db.execute('PRAGMA page_count').fetchone()[0] + 4}")
        with pytest.raises(sqlite3.OperationalError) as no_room:
            for number in range(1_000):
                db.execute("INSERT INTO done VALUES (?, ?, ?, ?)",
                           (f"filler {number}", "0" * 100, "0" * 64, time.time()))
        assert no_room.value.sqlite_errorname == "SQLITE_FULL"
        return db

    monkeypatch.setattr(Ledger, "_connect", filled)
    ask = ["odds", "--hero", "tamsin", "--encounter", "green-bramble-hogs", "--n", "3000",
           "--policy", "greedy", "--workers", "1"]
    assert main(ask) == 0
    out, err = capsys.readouterr()
    full = [line for line in err.split("\n") if line.startswith("grail: ")]
    assert len(full) == 1 and full[0].startswith("grail: cannot keep this run's results in ")
    assert full[0].endswith("): a stop will lose them")
    assert "\r" not in full[0]  # not on the count's line: a line of its own
    monkeypatch.undo()
    assert main(ask) == 0
    assert capsys.readouterr().out == out


def test_a_damaged_ledger_is_started_afresh_and_said(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    campaign = load_cached(BUNDLED)
    (tmp_path / "runs.sqlite").write_bytes(b"not a ledger at all " * 400)
    kept = Ledger.open(campaign, tmp_path)
    assert capsys.readouterr().err == f"grail: the record of stopped runs, {tmp_path}/" \
        "runs.sqlite, was damaged: started afresh\n"
    kept.keep("a", [1, 2, 3])
    assert kept.found(["a", "b"]) == {"a": [1, 2, 3]}
    kept.close()


def test_a_ledger_an_older_grail_wrote_is_started_afresh(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A ledger of the layout before each row kept its hash: every run said it could not
    # keep its results ("no such column"), for good.
    older = sqlite3.connect(tmp_path / "runs.sqlite")
    older.execute("CREATE TABLE done (key TEXT PRIMARY KEY, result TEXT NOT NULL, "
                  "kept REAL NOT NULL)")
    older.execute("INSERT INTO done VALUES ('a', '[9]', ?)", (time.time(),))
    older.commit()
    older.close()
    kept = Ledger.open(load_cached(BUNDLED), tmp_path)
    kept.keep("b", [1, 2])
    assert kept.keeping and kept.found(["a", "b"]) == {"b": [1, 2]}
    assert capsys.readouterr().err == ""
    kept.close()


def test_a_result_changed_in_the_ledger_is_played_again(tmp_path: Path) -> None:
    campaign = load_cached(BUNDLED)
    kept = Ledger.open(campaign, tmp_path)
    kept.keep("wins", [40, 120, 310])
    kept.keep("more wins", [41, 120, 310])
    assert kept.db is not None
    kept.db.execute("UPDATE done SET result = '[99, 120, 310]' WHERE key = 'wins'")  # a bit flipped
    assert kept.found(["wins", "more wins"]) == {"more wins": [41, 120, 310]}
    kept.close()


def test_two_programs_keep_results_in_one_ledger_at_once(tmp_path: Path) -> None:
    campaign = load_cached(BUNDLED)
    first, second = Ledger.open(campaign, tmp_path), Ledger.open(campaign, tmp_path)
    for number in range(50):
        first.keep(f"first {number}", number)
        second.keep(f"second {number}", [number])
    assert first.keeping and second.keeping
    keys = [f"{who} {number}" for who in ("first", "second") for number in range(50)]
    assert first.found(keys) == second.found(keys) == {
        **{f"first {n}": n for n in range(50)}, **{f"second {n}": [n] for n in range(50)}}
    first.close()
    second.close()


def test_results_no_run_came_back_for_are_removed_after_30_days(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    campaign = load_cached(BUNDLED)
    now = time.time()
    monkeypatch.setattr(ledger.time, "time", lambda: now - 31 * 86_400)
    old = Ledger.open(campaign, tmp_path)
    old.keep("old", 1)
    old.close()
    monkeypatch.setattr(ledger.time, "time", lambda: now - 29 * 86_400)
    recent = Ledger.open(campaign, tmp_path)
    recent.keep("recent", 2)
    recent.close()
    monkeypatch.undo()
    assert Ledger.open(campaign, tmp_path).found(["old", "recent"]) == {"recent": 2}


def test_ctrl_c_on_every_core_then_the_same_command_goes_on(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "grail", "odds", "--hero", "tamsin", "--encounter",
               "green-bramble-hogs", "--n", "4000", "--policy", "greedy", "--json"]
    environment = {**os.environ, "GRAIL_CACHE_DIR": str(tmp_path / "cache")}
    process, watched, said = counting(  # the run is far longer than a batch
        [*command, "--workers", "2"], stdout=subprocess.PIPE, env=environment,
        start_new_session=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert b" playouts" in said, "odds ended before counting"
    os.killpg(process.pid, signal.SIGINT)
    out, _ = process.communicate(timeout=60)
    said = said.replace(b"\r\n", b"\n") + said_after(watched)
    assert process.returncode == 130 and out == b""
    assert said.decode().rstrip("\n").endswith(GOING_ON)
    went_on = subprocess.run([*command, "--workers", "2"], capture_output=True, text=True,
                             env=environment, check=True)
    assert went_on.stderr.startswith("going on from the ")
    alone = subprocess.run([*command, "--workers", "1"], capture_output=True, text=True,
                           env={**os.environ, "GRAIL_CACHE_DIR": str(tmp_path / "other")},
                           check=True)
    assert went_on.stdout == alone.stdout


class _FullDisk:
    """A standard output on a full disk: it takes nothing."""

    def write(self, text: str) -> int:
        raise OSError(28, "No space left on device")

    def flush(self) -> None:
        raise OSError(28, "No space left on device")


@pytest.mark.parametrize("command", [
    ["odds", "--hero", "tamsin", "--encounter", "green-bramble-hogs", "--n", "100"],
    ["balance", "--n", "2", "--runs", "1"]])
def test_an_answer_that_cannot_be_written_keeps_the_run_for_the_next(
        command: list[str], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A night's run whose answer meets a full disk loses nothing: it says so in one line,
    and the same command writes the answer at once, playing nothing again."""
    ask = [*command, "--policy", "greedy"] if command[0] == "odds" else command
    ask += ["--workers", "1", "--json"]
    with monkeypatch.context() as full:
        full.setattr(sys, "stdout", _FullDisk())
        assert main(ask) == 1
    err = capsys.readouterr().err
    assert err == "grail: cannot write the answer (No space left on device); what the run " \
        "played is kept: the same command writes it again at once\n"
    for module in (odds, balance):
        monkeypatch.setattr(module, "playout", lambda *_: pytest.fail("played again"))
    assert main(ask) == 0
    went_on = capsys.readouterr()
    assert went_on.err.startswith("going on from the ") and went_on.out.startswith("{")
