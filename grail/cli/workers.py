"""The options of the commands that simulate (``grail odds``, ``grail balance``): how many
worker processes, or which Dask cluster (grail/sim/workers.py)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from grail.cli.game import CommandError
from grail.lang import _, ngettext
from grail.sim.workers import ClusterError, Stopped, WorkerLost, cores

MOST_WORKERS_A_CORE = 4
"""The most worker processes a core: more cannot play faster, and thousands of them (a
slip of the keyboard) would take the machine's memory."""


def add_worker_options(command: Any) -> None:
    """``--workers N`` and ``--scheduler ADDRESS``."""
    command.add_argument("--workers", type=int, metavar="N",
                         help=_("worker processes (default: every core; 1: none)"))
    command.add_argument("--scheduler", metavar="ADDRESS",
                         help=_("run on the Dask cluster whose scheduler is at ADDRESS "
                                "(tcp://host:8786); needs the cluster extra: docs/balance.md"))


def counted() -> bool:
    """Whether a simulation counts what it did on stderr on a line written over: when a
    person watches it; into a log, which such lines would fill, it says how far it is a
    line a minute instead."""
    return sys.stderr.isatty()


def workers_asked(args: argparse.Namespace) -> int | None:
    """The ``--workers`` asked, checked (None: every core)."""
    if args.workers is not None and args.workers < 1:
        raise CommandError(_("--workers is the number of worker processes: 1 or more"))
    here = cores()
    if args.workers is not None and args.workers > MOST_WORKERS_A_CORE * here:
        raise CommandError(ngettext(
            "--workers is at most {most} here: this machine gives grail {count} core, which more "
            "processes would only share, each holding the campaign in memory",
            "--workers is at most {most} here: this machine gives grail {count} cores, which more "
            "processes would only share, each holding the campaign in memory",
            here).format(most=MOST_WORKERS_A_CORE * here, count=here))
    if args.workers is not None and args.scheduler is not None:
        raise CommandError(_("--workers and --scheduler: choose one (a cluster has its own "
                             "workers)"))
    return int(args.workers) if args.workers is not None else None


@contextmanager
def simulation_errors() -> Iterator[None]:
    """A cluster that cannot be used, a worker lost, or a simulation stopped at Ctrl-C, as
    the command's one-line error (the last with the shell's code for it, 130)."""
    try:
        yield
    except (ClusterError, WorkerLost) as error:
        raise CommandError(str(error)) from None
    except Stopped as error:
        raise CommandError(str(error), code=130) from None


def write_answer(text: str) -> None:
    """Print a simulation's answer, flushed: a standard output that cannot take it (a full
    disk, a closed file) is said in one line, and what the run played stays kept, to be
    had again at once by the same command."""
    try:
        print(text, flush=True)
    except BrokenPipeError:
        raise
    except OSError as error:
        raise CommandError(_("cannot write the answer ({why}); what the run played is kept: the "
                             "same command writes it again at once").format(
            why=error.strerror or error)) from None

