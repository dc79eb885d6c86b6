"""Where simulations run: this process, every core of this machine, or an existing Dask
cluster (``grail odds`` and ``grail balance``, ``--workers N`` and ``--scheduler ADDRESS``).

The work is cut into tasks whose results depend only on their seeds and are summed or
kept by seed, so a report is the same for a seed whatever runs it. A task gets the pack
as its *source*: the pack's folder on this machine (each worker process loads it once,
from the content cache), or on a cluster the loaded campaign, sent to every worker once
(workers need not see the pack's files). ``dask.distributed`` is an optional extra:
``pip install '.[cluster]'`` in grail's folder (grail is not on PyPI: a project of
that name there is another one).

A run ends early, with no result, when Ctrl-C is pressed (:class:`Stopped`: the tasks not
started are dropped and the worker processes ended, not waited for) or when a worker ends
before its task (:class:`WorkerLost`). What it did is kept as it comes back
(:mod:`.ledger`): the same command goes on from there.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import os
import signal
import socket
import threading
import time
from collections.abc import Callable, Coroutine, Iterator, Sequence
from concurrent.futures import (
    CancelledError,
    Executor,
    Future,
    ProcessPoolExecutor,
    ThreadPoolExecutor,
)
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from queue import SimpleQueue
from types import FrameType
from typing import Any, TypeVar

from grail.content import Campaign
from grail.content.cache import load_cached
from grail.lang import _

from .ledger import Ledger
from .progress import Progress, counted

Source = Any
"""A pack's folder (``str``), or on a cluster the loaded campaign (a Dask future of it)."""

_LOADED: dict[str, Campaign] = {}
"""The packs this worker process has loaded, by folder."""


class ClusterError(Exception):
    """A cluster that cannot be used: the extra is not installed, or the scheduler does not
    answer."""


class WorkerLost(Exception):
    """A worker that ended before its task did: a process killed or out of memory."""


class Stopped(Exception):
    """A simulation stopped before its end (Ctrl-C), with how far it went: no result."""

    def __init__(self, done: int, total: int, what: str, kept: bool) -> None:
        said = _("stopped at Ctrl-C after {counted}: no result yet; the same command goes on "
                 "from there") if done and kept else _("stopped at Ctrl-C after {counted}: no result")
        super().__init__(said.format(counted=counted(what, done, total)))
        self.done, self.total = done, total


def _lost(lost: str, done: int, total: int, what: str, kept: bool) -> WorkerLost:
    """A worker lost (``lost``, in words) after ``done`` of the run's ``total`` things:
    what it leaves, nothing or a run to go on."""
    said = _("{lost} after {counted}: no result yet; the same command goes on from there") \
        if done and kept else _("{lost} after {counted}: no result")
    return WorkerLost(said.format(lost=lost, counted=counted(what, done, total)))


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def campaign_of(source: Source) -> Campaign:
    """The campaign a task plays: loaded once per worker process from its folder, or the
    one the cluster sent."""
    if isinstance(source, Campaign):
        return source
    found = _LOADED.get(source)
    if found is None:
        found = _LOADED[source] = load_cached(Path(source))
    return found


Done = TypeVar("Done")

Call = tuple[Callable[..., Any], tuple[Any, ...]]
"""A task and its arguments, the source first."""


@dataclass
class Workers:
    """Where a simulation's tasks run (``pool``; None: in this process), how many run at
    once, the source they get, the campaign, what a lost worker raises, and the ledger of
    what they did."""

    pool: Executor | None
    count: int
    """How many tasks run at once, which a simulation cuts its work for: 1 in this process,
    the pool's size, or on a cluster :data:`CLUSTER_SHARE`."""
    source: Source
    campaign: Campaign
    lost: tuple[type[BaseException], ...]
    lost_words: str
    """A lost worker, in words."""
    ledger: Ledger
    finished: list[str] = field(default_factory=list)
    """The ledger's keys of the calls done, which it forgets once the run's answer is out."""

    def results(self, calls: Sequence[Call], progress: Progress,
                sizes: Sequence[int] | None = None) -> list[Any]:
        """Every call's result, in the order of ``calls``: what a stopped run of the same
        calls left in the ledger, the others on the pool as each finishes, or in this
        process one after the other, each run when the one before is counted. Each is
        kept in the ledger and counted on ``progress`` as it finishes (``sizes``: what each
        call counts for, 1 each by default); Ctrl-C raises :class:`Stopped` with what was
        done, a call stopped midway not counted. The ledger forgets them once the run ends
        well (:func:`executor`): not before, so that an answer that could not be written out
        is had again at once."""
        size = sizes if sizes is not None else [1] * len(calls)
        keys = [self.ledger.key(task, args[1:]) for task, args in calls]
        kept = self.ledger.found(keys)
        found: list[Any] = [kept.get(key) for key in keys]
        done = sum(size[index] for index, key in enumerate(keys) if key in kept)
        left = [index for index, key in enumerate(keys) if key not in kept]
        self.ledger.say = progress.say
        progress.went_on(done)
        try:
            with interrupts_held():
                for index, result in _each_done(self.pool, [(index, calls[index])
                                                            for index in left]):
                    found[index] = result
                    self.ledger.keep(keys[index], result)
                    done += size[index]
                    progress.count(done)
        except KeyboardInterrupt:
            raise Stopped(done, progress.total, progress.what, self.ledger.keeping) from None
        except self.lost:
            raise _lost(self.lost_words, done, progress.total, progress.what,
                        self.ledger.keeping) from None
        finally:
            progress.end()
        self.finished += keys
        return found


@contextmanager
def executor(pack: Path, workers: int | None = None, scheduler: str | None = None,
             kept_in: Path | None = None) -> Iterator[Workers]:
    """Where to run: in this process for one worker, a process pool of ``workers``
    (default: every core), or the Dask cluster at ``scheduler``; the campaign loaded once
    here, and the ledger of what stopped runs did opened in ``kept_in`` (default: grail's
    cache folder)."""
    campaign = load_cached(pack)
    _LOADED.clear()  # what this process loaded before may have changed since; worker
    _LOADED[str(pack)] = campaign  # processes forked from it start with this one
    ledger = Ledger.open(campaign, kept_in)
    count = workers if workers is not None else cores()
    try:
        if scheduler is not None:
            with _cluster(campaign, scheduler) as (client, sent, lost):
                on = Workers(client, CLUSTER_SHARE, sent, campaign, lost, _lost_on(scheduler),
                             ledger)
                yield on
        elif count <= 1:
            on = Workers(None, 1, str(pack), campaign, (), "", ledger)
            yield on
        else:
            pool = ProcessPoolExecutor(max_workers=count, initializer=_worker_started,
                                       initargs=(os.getpid(),))
            try:
                on = Workers(pool, count, str(pack), campaign, (BrokenProcessPool,),
                             _("a worker process ended before its task did (killed, or out of "
                               "memory)"), ledger)
                yield on
            except BaseException:  # stopped, or a worker lost: no task is waited for
                with interrupts_held():
                    _stop(pool)
                raise
            finally:
                with interrupts_held():
                    pool.shutdown()
        ledger.forget(on.finished)  # the run's answer is out: nothing to go on from
    finally:
        ledger.close()


def _lost_on(scheduler: str) -> str:
    """A cluster that lost a run's tasks, in words."""
    return _("the Dask cluster at {scheduler} lost a task (each worker it was given to ended, "
             "killed or out of memory; or the scheduler or every worker ended)").format(
        scheduler=scheduler)


@contextmanager
def _cluster(campaign: Campaign, scheduler: str
             ) -> Iterator[tuple[Executor, Source, tuple[type[BaseException], ...]]]:
    try:  # an optional extra, untyped: reached through Any
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise ClusterError(_("--scheduler needs grail's cluster extra (dask.distributed): "
                             "pip install '.[cluster]' in grail's folder")) from None
    _answers(distributed, scheduler)
    with _unlogged("distributed"):  # a scheduler gone is said in one line, not logged
        try:
            client = distributed.Client(scheduler, timeout=f"{CONNECT_S}s")
        except (OSError, TimeoutError) as error:
            raise ClusterError(_("no Dask scheduler answers at {address}: {error}").format(
                address=scheduler, error=error)) from None
        with client:
            try:
                sent = client.scatter(campaign, broadcast=True)
            except (ValueError, TimeoutError):  # Dask's "No valid workers found"
                raise ClusterError(_("the Dask scheduler at {address} has no workers: start "
                                     "some with '{command}' (docs/balance.md)").format(
                    address=scheduler, command=f"dask worker {scheduler}")) from None
            # a task lost once Dask gave it to several workers in turn (KilledWorker), the
            # futures cancelled when the scheduler or every worker ended, the link closed
            yield client.get_executor(), sent, (distributed.KilledWorker, CancelledError,
                                                distributed.comm.CommClosedError)


@contextmanager
def _unlogged(package: str) -> Iterator[None]:
    """Nothing logged by ``package``'s loggers while the block runs: Dask's client logs
    each failed attempt to reach a scheduler gone, traceback and all."""
    loggers = [logging.getLogger(package)] + [
        logger for name, logger in logging.root.manager.loggerDict.items()
        if name.startswith(f"{package}.") and isinstance(logger, logging.Logger)]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


CONNECT_S = 5
"""How long a scheduler has to answer who it is."""


def _answers(distributed: Any, scheduler: str) -> None:
    """Ask what listens at ``scheduler`` who it is, within :data:`CONNECT_S` seconds, before
    a client waits on it: Dask's own client waits for ever on a port that takes the
    connection and says nothing (a dashboard's, a proxy), and fails with a traceback on
    one that greets in another protocol (ssh)."""
    async def identity() -> Any:
        comm = await distributed.comm.connect(scheduler, timeout=f"{CONNECT_S}s")
        try:
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        finally:
            comm.abort()

    _reachable(scheduler)
    try:
        found = _run_alone(asyncio.wait_for(identity(), CONNECT_S))
    except ValueError:
        raise _not_an_address(scheduler, _unread(scheduler)) from None
    except (OSError, TimeoutError):
        raise _silent(scheduler) from None
    except Exception:  # whatever another protocol's bytes make of Dask's reader
        found = None
    if not (isinstance(found, dict) and found.get("type") == "Scheduler"):
        raise ClusterError(_("what answers at {address} is not a Dask scheduler (a scheduler "
                             "listens on port 8786 unless told otherwise)").format(
            address=scheduler))


def _reachable(address: str) -> None:
    """Refuse at once what is not a scheduler's address, a host whose name this machine
    cannot resolve (a typo) and a port where nothing listens, where Dask's client would try
    again for the whole of :data:`CONNECT_S`."""
    fault = address_fault(address)
    if fault is not None:
        raise _not_an_address(address, fault)
    scheme, host, port = _parts(address)
    if scheme in ("inproc", "ucx"):
        return
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_S).close()
    except (socket.gaierror, UnicodeError):
        raise ClusterError(_("no scheduler can answer at {address}: this machine knows no "
                             "host named '{host}'").format(address=address, host=host)) from None
    except ConnectionRefusedError:
        said = _("no Dask scheduler answers at {address}: nothing listens on port {port} there") \
            if port == "8786" else _("no Dask scheduler answers at {address}: nothing listens "
                                     "on port {port} there (a scheduler listens on port 8786 "
                                     "unless told otherwise)")
        raise ClusterError(said.format(address=address, port=port)) from None
    except TimeoutError:
        raise _silent(address) from None
    except OSError:
        raise ClusterError(_("no Dask scheduler answers at {address}: this machine finds no "
                             "way to that host").format(address=address)) from None


def _not_an_address(address: str, why: str) -> ClusterError:
    return ClusterError(_("'{address}' is not a scheduler's address, such as {example}: {why}")
                        .format(address=address, example="tcp://192.168.1.20:8786", why=why))


def _silent(address: str) -> ClusterError:
    return ClusterError(_("no Dask scheduler answers at {address} within {seconds} s (a "
                          "scheduler listens on port 8786 unless told otherwise; 8787 is its "
                          "dashboard)").format(address=address, seconds=CONNECT_S))


def _unread(address: str) -> str:
    """Why Dask found no scheduler at an address grail saw nothing wrong with."""
    return _("no cluster of this program has that address") if address.startswith("inproc://") \
        else _("it does not read as one")


SCHEMES = ("tcp", "tls", "ws", "wss", "ucx")
"""How a Dask cluster is reached from another process."""


def address_fault(address: str) -> str | None:
    """What keeps ``address`` from being a scheduler's, in words (None: nothing seen).
    ``inproc://`` is a cluster within this program (Dask's ``LocalCluster(processes=False)``),
    for Dask alone to find."""
    scheme, host, port = _parts(address)
    if scheme == "inproc":
        return None
    if scheme not in SCHEMES:
        return _("a cluster is reached by {schemes}, not '{scheme}://'").format(
            schemes=", ".join(f"{known}://" for known in SCHEMES), scheme=scheme)
    if host.count("[") != host.count("]"):
        return _("a bracket opens or closes alone (an IPv6 host is written [::1]:8786)")
    if not host or not port:
        return _("it names no host and port (host:8786)")
    if not (port.isascii() and port.isdigit()) or not 0 < int(port) < 65536:
        return _("its port '{port}' is not a port number").format(port=port)
    return None


def _parts(address: str) -> tuple[str, str, str]:
    """An address's scheme (tcp when it names none), host and port, as written."""
    scheme, _sep, rest = address.partition("://") if "://" in address else ("tcp", "", address)
    host, _sep, port = rest.rpartition(":")
    return scheme, host, port


def _run_alone(asked: Coroutine[Any, Any, Done]) -> Done:
    """``asked`` run to its end on an event loop of its own: in a thread of its own when
    this one runs a loop already (a notebook calling ``odds()``), where ``asyncio.run``
    would refuse."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(asked)
    pool = ThreadPoolExecutor(1)
    try:
        return pool.submit(asyncio.run, asked).result()
    finally:
        pool.shutdown(wait=False)


CLUSTER_SHARE = 64
"""The workers a simulation cuts its work for on a cluster, whose size is not known ahead
and may change while it runs."""

AHEAD = 1_000
"""Tasks handed to the pool or the cluster at most before the first of them comes back: a
run of millions of batches keeps a thousand in flight, not millions."""


def _each_done(pool: Executor | None, calls: Sequence[tuple[int, Call]]
               ) -> Iterator[tuple[int, Any]]:
    """Each call's index and result as it finishes: Ctrl-C comes only while a call runs
    in this process or while this process waits for the pool (:func:`interrupts_held`)."""
    if pool is None:
        for index, (task, args) in calls:
            yield index, _interruptible(task, *args)
        return
    waiting = iter(calls)
    futures: dict[Future[Any], int] = {}
    finished: SimpleQueue[Future[Any]] = SimpleQueue()

    def hand_out(count: int) -> None:
        for index, (task, args) in islice(waiting, count):
            future = pool.submit(task, *args)
            futures[future] = index
            future.add_done_callback(finished.put)

    hand_out(AHEAD)
    while futures:
        future = _interruptible(finished.get)
        yield futures.pop(future), future.result()
        hand_out(1)


class _HeldBack:
    """The handler of Ctrl-C while it is held back: it notes a press, or passes it to the
    handler it stands in for (Python's, which raises KeyboardInterrupt) while let through."""

    def __init__(self, handler: Callable[[int, FrameType | None], Any]) -> None:
        self.handler = handler
        self.pressed = False
        self.let_through = False

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        if self.let_through:
            self.handler(signum, frame)
        else:
            self.pressed = True


@contextmanager
def interrupts_held() -> Iterator[None]:
    """Ctrl-C held back while a pool's own code runs in this process, so that it never
    stops that code halfway: a worker process started but not yet listed (left running
    after the command), or a lock of the pool's taken and never given back (the command
    hanging at its exit). A press comes when the block ends, or at once while
    :func:`_interruptible` runs a call. Only the main thread handles Ctrl-C: elsewhere, or
    where Ctrl-C has no handler of Python's (ignored), nothing is held."""
    handler = signal.getsignal(signal.SIGINT)
    if isinstance(handler, _HeldBack) or not callable(handler) \
            or threading.current_thread() is not threading.main_thread():
        yield
        return
    held = _HeldBack(handler)
    signal.signal(signal.SIGINT, held)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, handler)
    if held.pressed:  # pressed while held, and nothing else raised since
        handler(signal.SIGINT, None)


def _interruptible(call: Callable[..., Done], *args: Any) -> Done:
    """``call(*args)``, Ctrl-C let through while it runs, and a press held back before
    coming now."""
    held = signal.getsignal(signal.SIGINT)
    if not isinstance(held, _HeldBack):
        return call(*args)
    held.let_through = True  # first, so that no press falls between the two
    try:
        if held.pressed:
            held.handler(signal.SIGINT, None)
        return call(*args)
    finally:
        held.let_through = False


STOPPING_S = 10
"""How long a stopped pool's own thread is waited for once its workers are ended."""


def _stop(pool: ProcessPoolExecutor) -> None:
    """Drop the tasks not started and end the worker processes now: left to themselves they
    finish the tasks already handed to them, and the interpreter waits for them at exit
    (Python 3.14 names this ``terminate_workers``). The pool's own thread, which notices
    them ended and closes its pipes, is waited for: left running, it raced the
    interpreter's exit, which writes to one of those pipes (a traceback after the
    command's last line)."""
    manager: threading.Thread | None = getattr(pool, "_executor_manager_thread", None)  # typeshed errs
    processes = list((pool._processes or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    if manager is not None:
        manager.join(STOPPING_S)


def _worker_started(command: int) -> None:
    """A worker process leaves Ctrl-C to the command, which drops what has not started and
    ends the workers (a worker forked while the command held Ctrl-C back only notes a
    press that comes before this); and it ends when the command's process is gone (killed,
    or out of memory), rather than play on for nobody."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_end_with, args=(command,), daemon=True).start()


ORPHAN_CHECK_S = 0.5
"""How often a worker process looks whether the command's process is still there."""


def _end_with(command: int) -> None:
    """End this process once the process ``command`` is no longer its parent."""
    while os.getppid() == command:
        time.sleep(ORPHAN_CHECK_S)
    os._exit(1)
