"""Where simulations run: this process, every core of this machine, or an existing Dask
cluster (``grail odds`` and ``grail balance``, ``--workers N`` and ``--scheduler ADDRESS``).

The work is cut into tasks whose results depend only on their seeds and are summed or
kept by seed, so a report is the same for a seed whatever runs it. A task gets the pack
as its *source*: the pack's folder on this machine (each worker process loads it once,
from the content cache), or on a cluster the loaded campaign, sent to every worker once
(workers need not see the pack's files). ``dask.distributed`` is an optional extra:
``pip install 'grail[cluster]'``.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from grail.content import Campaign
from grail.content.cache import load_cached

Source = Any
"""A pack's folder (``str``), or on a cluster the loaded campaign (a Dask future of it)."""

_LOADED: dict[str, Campaign] = {}
"""The packs this worker process has loaded, by folder."""


class ClusterError(Exception):
    """A cluster that cannot be used: the extra is not installed, or the scheduler does not
    answer."""


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


@contextmanager
def executor(pack: Path, workers: int | None = None, scheduler: str | None = None
             ) -> Iterator[tuple[Executor | None, Source, Campaign]]:
    """Where to run, the source its tasks get, and the campaign, loaded once here: ``None``
    (run here, in this process) for one worker, a process pool of ``workers`` (default:
    every core), or the Dask cluster at ``scheduler``."""
    campaign = load_cached(pack)
    if scheduler is not None:
        with _cluster(campaign, scheduler) as (client, sent):
            yield client, sent, campaign
        return
    count = workers if workers is not None else cores()
    if count <= 1:
        _LOADED.clear()  # what this process loaded before may have changed since
        _LOADED[str(pack)] = campaign
        yield None, str(pack), campaign
        return
    with ProcessPoolExecutor(max_workers=count) as pool:
        yield pool, str(pack), campaign


@contextmanager
def _cluster(campaign: Campaign, scheduler: str) -> Iterator[tuple[Executor, Source]]:
    try:  # an optional extra, untyped: reached through Any
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise ClusterError("--scheduler needs the cluster extra: pip install "
                           "'grail[cluster]'") from None
    try:
        client = distributed.Client(scheduler, timeout="5s")
    except (OSError, TimeoutError) as error:
        raise ClusterError(f"no Dask scheduler answers at {scheduler}: {error}") from None
    with client:
        yield client.get_executor(), client.scatter(campaign, broadcast=True)


def finished(task: Callable[..., Any], *args: Any) -> Future[Any]:
    """A task run at once in this process, as the finished future a pool would give."""
    future: Future[Any] = Future()
    future.set_result(task(*args))
    return future
