"""Every core, and a cluster when one machine is not enough: ``grail odds`` and ``grail
balance`` give the same results for a seed in this process, over worker processes, and on a
Dask cluster (a local one, started here: its scheduler and workers in this process)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from distributed import KilledWorker, LocalCluster

from grail.cli import main
from grail.cli import workers as cli_workers
from grail.content import bundled_pack
from grail.sim import odds as sim_odds
from grail.sim import workers
from grail.sim.balance import report
from grail.sim.odds import odds
from grail.sim.progress import Progress
from grail.sim.workers import Stopped

from .conftest import MINIMAL

BUNDLED = bundled_pack()


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                      dashboard_address=None) as cluster:
        yield str(cluster.scheduler_address)


def test_the_odds_on_a_cluster_are_those_of_one_machine(scheduler: str) -> None:
    here = odds(BUNDLED, "jago", "blue-salt-widow", n=40, policy="greedy", seed=5, workers=1)
    there = odds(BUNDLED, "jago", "blue-salt-widow", n=40, policy="greedy", seed=5,
                 scheduler=scheduler)
    assert there == here and there.n == 40


def test_the_balance_report_on_a_cluster_is_that_of_one_machine(scheduler: str) -> None:
    here = report(MINIMAL, n=4, runs=2, days=5, seed=3, workers=1)
    assert report(MINIMAL, n=4, runs=2, days=5, seed=3, scheduler=scheduler) == here


def test_grail_odds_takes_a_scheduler_and_a_number_of_workers(
        scheduler: str, capsys: pytest.CaptureFixture[str]) -> None:
    ask = ["odds", "--hero", "tamsin", "--encounter", "green-bramble-hogs", "--n", "24",
           "--policy", "greedy", "--json"]
    assert main([*ask, "--workers", "1"]) == 0
    alone = json.loads(capsys.readouterr().out)
    assert main([*ask, "--workers", "2"]) == 0
    assert json.loads(capsys.readouterr().out) == alone
    assert main([*ask, "--scheduler", scheduler]) == 0
    assert json.loads(capsys.readouterr().out) == alone


def test_odds_stopped_on_a_cluster_let_it_go_for_the_next_run(
        scheduler: str, monkeypatch: pytest.MonkeyPatch) -> None:
    class Pressed(Progress):
        def count(self, done: int) -> None:  # Ctrl-C pressed once two batches came back
            if done == 2:
                raise KeyboardInterrupt

    monkeypatch.setattr(sim_odds, "Progress", Pressed)
    with pytest.raises(Stopped) as stopped:
        odds(BUNDLED, "jago", "green-bramble-hogs", n=600, policy="greedy", scheduler=scheduler)
    assert (stopped.value.done, stopped.value.total) == (2, 600)  # batches of 1 on a cluster
    monkeypatch.undo()
    assert odds(BUNDLED, "jago", "green-bramble-hogs", n=8, policy="greedy",
                scheduler=scheduler) == odds(BUNDLED, "jago", "green-bramble-hogs", n=8,
                                             policy="greedy", workers=1)


def test_a_task_whose_cluster_workers_all_ended_is_one_line(
        scheduler: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def killed(*args: Any) -> None:  # what Dask says once each worker given the task ended
        raise KilledWorker("a batch", SimpleNamespace(address="tcp://gone:8788"), 3)

    monkeypatch.setattr(sim_odds, "_batch", killed)
    assert main(["odds", "--hero", "tamsin", "--encounter", "green-bramble-hogs", "--n", "8",
                 "--scheduler", scheduler]) == 1
    assert capsys.readouterr().err == f"grail: the Dask cluster at {scheduler} lost a task " \
        "(each worker it was given to ended, killed or out of memory; or the scheduler or " \
        "every worker ended) after 0 of 8 playouts: no result\n"


def test_a_scheduler_without_workers_says_to_start_some(
        capsys: pytest.CaptureFixture[str]) -> None:
    with LocalCluster(n_workers=0, processes=False, dashboard_address=None) as empty:
        address = str(empty.scheduler_address)
        assert main(["odds", "--hero", "tamsin", "--encounter", "green-bramble-hogs", "--n",
                     "8", "--scheduler", address]) == 1
    assert capsys.readouterr().err == f"grail: the Dask scheduler at {address} has no " \
        f"workers: start some with 'dask worker {address}' (docs/balance.md)\n"


def test_a_cluster_whose_scheduler_or_workers_all_ended_is_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """When the scheduler ends, or every worker, Dask cancels the run's futures: the run
    ends in one line, what came back before kept, as for a worker lost."""
    from concurrent.futures import CancelledError

    @contextlib.contextmanager
    def ended(campaign: Any, scheduler: str) -> Iterator[Any]:
        class Gone(ThreadPoolExecutor):
            def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
                future: Future[Any] = Future()
                future.set_exception(CancelledError("already forgotten"))
                return future

        with Gone(1) as pool:
            yield pool, str(BUNDLED), (KilledWorker, CancelledError)

    monkeypatch.setattr(workers, "_cluster", ended)
    monkeypatch.setenv("GRAIL_CACHE_DIR", str(tmp_path))
    assert main(["odds", "--hero", "tamsin", "--encounter", "green-bramble-hogs", "--n", "8",
                 "--scheduler", "tcp://gone:8786"]) == 1
    assert capsys.readouterr().err == "grail: the Dask cluster at tcp://gone:8786 lost a task " \
        "(each worker it was given to ended, killed or out of memory; or the scheduler or " \
        "every worker ended) after 0 of 8 playouts: no result\n"


def _closed_port() -> int:
    """A port of this machine where nothing listens (it did a moment ago)."""
    import socket

    with socket.create_server(("127.0.0.1", 0)) as server:
        return int(server.getsockname()[1])


def test_a_port_where_nothing_listens_or_an_unknown_host_is_one_line_at_once(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Dask's client tries a refused port or an unknown host again until its time is out:
    grail says why without asking Dask (nor waiting the 5 s a silent port is given)."""
    def never(*_: Any) -> None:
        raise AssertionError("Dask was asked")

    monkeypatch.setattr(workers, "_run_alone", never)
    port = _closed_port()
    for address, said in (
            (f"tcp://127.0.0.1:{port}", f"no Dask scheduler answers at tcp://127.0.0.1:{port}: "
             f"nothing listens on port {port} there (a scheduler listens on port 8786 unless "
             "told otherwise)"),
            ("tcp://no-such-host.invalid:8786", "no scheduler can answer at "  # RFC 6761
             "tcp://no-such-host.invalid:8786: this machine knows no host named "
             "'no-such-host.invalid'")):
        assert main(["odds", "--hero", "tamsin", "--encounter", "green-bramble-hogs",
                     "--n", "4", "--scheduler", address]) == 1
        assert capsys.readouterr().err == f"grail: {said}\n"


@pytest.fixture
def listening() -> Iterator[tuple[str, str]]:
    """Two ports that are not a scheduler's: one takes the connection and says nothing (a
    proxy, a stuck service), one greets in another protocol (ssh), as a mistyped port may."""
    import socket
    import threading

    silent, greeting = socket.create_server(("127.0.0.1", 0)), socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []

    def serve(server: socket.socket, greets: bool) -> None:
        with contextlib.suppress(OSError):
            while True:
                connection, _ = server.accept()
                if greets:
                    connection.sendall(b"SSH-2.0-OpenSSH_9.6\r\n")
                held.append(connection)

    for server, greets in ((silent, False), (greeting, True)):
        threading.Thread(target=serve, args=(server, greets), daemon=True).start()
    yield tuple(f"tcp://127.0.0.1:{server.getsockname()[1]}" for server in (silent, greeting))
    for opened in (silent, greeting, *held):
        opened.close()


def test_a_port_that_is_not_a_scheduler_s_is_one_line_in_seconds(
        listening: tuple[str, str], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Dask's client waited for ever on the port that says nothing and gave a traceback
    on the one that greets: each is one line now, within ``CONNECT_S``."""
    monkeypatch.setattr(workers, "CONNECT_S", 1)
    silent, greeting = listening
    for address, said in ((silent, f"grail: no Dask scheduler answers at {silent} within 1 s"),
                          (greeting, f"grail: what answers at {greeting} is not a Dask "
                                     "scheduler")):
        assert main(["odds", "--hero", "tamsin", "--encounter", "green-bramble-hogs",
                     "--n", "4", "--scheduler", address]) == 1
        err = capsys.readouterr().err
        assert err.startswith(said) and err.count("\n") == 1, err


def test_who_answers_is_asked_from_a_program_that_runs_an_event_loop(
        scheduler: str, listening: tuple[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A notebook runs an event loop, where ``asyncio.run`` refuses to start another: the
    question goes to a thread of its own, with the same answers."""
    import asyncio

    import distributed

    monkeypatch.setattr(workers, "CONNECT_S", 1)

    async def asked(address: str) -> str:
        try:
            workers._answers(distributed, address)
        except workers.ClusterError as error:
            return str(error)
        return "a scheduler"

    assert asyncio.run(asked(scheduler)) == "a scheduler"
    assert asyncio.run(asked(listening[0])).startswith("no Dask scheduler answers at ")


def test_a_scheduler_without_the_cluster_extra_says_how_to_install_it(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def missing(name: str) -> Any:
        raise ImportError(f"No module named {name!r}")

    monkeypatch.setattr(workers.importlib, "import_module", missing)
    assert main(["odds", "--hero", "tamsin", "--encounter", "green-bramble-hogs", "--n", "4",
                 "--scheduler", "tcp://127.0.0.1:8786"]) == 1
    assert capsys.readouterr().err == "grail: --scheduler needs grail's cluster extra " \
        "(dask.distributed): pip install '.[cluster]' in grail's folder\n"


@pytest.mark.parametrize(("address", "why"), [
    ("nonsense", "it names no host and port (host:8786)"),
    ("tcp://", "it names no host and port (host:8786)"),
    ("", "it names no host and port (host:8786)"),
    ("127.0.0.1", "it names no host and port (host:8786)"),
    ("foo://bar:1", "a cluster is reached by tcp://, tls://, ws://, wss://, ucx://, not 'foo://'"),
    ("inproc://x", "no cluster of this program has that address"),
    ("localhost:port", "its port 'port' is not a port number"),
    ("tcp://localhost:99999", "its port '99999' is not a port number"),
    ("tcp://[::1:8786", "a bracket opens or closes alone (an IPv6 host is written [::1]:8786)"),
])
def test_a_scheduler_address_that_is_not_one_is_one_line_in_our_words(
        address: str, why: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--hero", "tamsin", "--encounter", "green-bramble-hogs", "--n", "4",
                 "--scheduler", address]) != 0
    assert capsys.readouterr().err == f"grail: '{address}' is not a scheduler's address, " \
        f"such as tcp://192.168.1.20:8786: {why}\n"


def test_the_worker_processes_play_the_pack_as_it_is_now(minimal_copy: Path) -> None:
    """Run after run in one program, the pack changed between them: the worker processes,
    forked from this one, play the changed pack as this process does, not the one it loaded
    before (the results stay the same whatever the number of workers)."""
    def played(workers: int) -> tuple[float, float]:
        found = odds(minimal_copy, "wren", "green-boar", n=24, policy="greedy", workers=workers)
        return found.win_probability, found.mean_damage

    before = played(1)
    boar = minimal_copy / "encounters" / "green" / "boar.yaml"
    boar.write_text(boar.read_text().replace("aggression, level: 1", "aggression, level: 3"))
    after = played(2)
    assert after != before
    assert after == played(1)


@pytest.mark.parametrize("asked", [["--workers", "0"], ["--workers", "2", "--scheduler", "x"],
                                   ["--workers", "9999"]])
def test_what_cannot_run_is_refused(asked: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Nothing runs, and one line says why: thousands of worker processes asked by a slip
    of the keyboard would take the machine's memory (four a core at most)."""
    assert main(["balance", "--n", "1", *asked]) != 0
    err = capsys.readouterr().err
    assert err.startswith("grail: --workers") and err.count("\n") == 1


def test_as_many_workers_as_four_a_core_may_be_asked(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(cli_workers, "cores", lambda: 1)
    ask = ["odds", "--hero", "tamsin", "--encounter", "green-bramble-hogs", "--n", "8",
           "--policy", "greedy"]
    assert main([*ask, "--workers", "4"]) == 0
    assert main([*ask, "--workers", "5"]) == 1
    assert capsys.readouterr().err == "grail: --workers is at most 4 here: this machine " \
        "gives grail 1 core, which more processes would only share, each holding the " \
        "campaign in memory\n"


def test_every_core_is_used_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []

    class Counted(ProcessPoolExecutor):
        def __init__(self, max_workers: int, **options: Any) -> None:
            asked.append(max_workers)
            super().__init__(max_workers=max_workers, **options)

    monkeypatch.setattr(workers, "ProcessPoolExecutor", Counted)
    monkeypatch.setattr(workers, "cores", lambda: 3)
    odds(BUNDLED, "jago", "green-bramble-hogs", n=6, policy="greedy")
    assert asked == [3]



def test_a_long_run_keeps_few_tasks_in_flight(monkeypatch: pytest.MonkeyPatch) -> None:
    # A run of millions of batches hands the pool a bounded number at a time (here 3), each
    # finished one making room for the next, and every result still comes back.
    monkeypatch.setattr(workers, "AHEAD", 3)
    handed: list[Future[Any]] = []
    most = 0

    class Counting(ThreadPoolExecutor):
        def submit(self, task: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
            nonlocal most
            handed.append(super().submit(task, *args, **kwargs))
            most = max(most, sum(not future.done() for future in handed))
            return handed[-1]

    calls = [(index, (pow, (index, 2))) for index in range(50)]
    with Counting(max_workers=2) as pool:
        assert dict(workers._each_done(pool, calls)) == {index: index ** 2 for index in range(50)}
    assert len(handed) == 50 and most <= 3


@pytest.mark.parametrize("where", ["every core", "cluster"])
def test_few_tasks_in_flight_give_the_same_answer(where: str, scheduler: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    alone = odds(BUNDLED, "jago", "green-bramble-hogs", n=40, policy="greedy", workers=1)
    monkeypatch.setattr(workers, "AHEAD", 3)
    on: dict[str, Any] = {"scheduler": scheduler} if where == "cluster" else {"workers": 2}
    assert odds(BUNDLED, "jago", "green-bramble-hogs", n=40, policy="greedy", **on) == alone
