"""Helpers for the tests of simulations stopped midway (test_stopping, test_going_on): a
function with Ctrl-C pressed during one of its calls, one whose calls are counted, and a
command watched on a terminal until it counts its first playouts."""

from __future__ import annotations

import contextlib
import os
import pty
import select
import subprocess
import time
from typing import Any


def interrupted_after(calls: int, play: Any) -> Any:
    """``play``, with Ctrl-C pressed during its call number ``calls`` (counted from 1)."""
    made = 0

    def playing(*args: Any, **kwargs: Any) -> Any:
        nonlocal made
        made += 1
        if made == calls:
            raise KeyboardInterrupt
        return play(*args, **kwargs)

    return playing


def counted(play: Any) -> tuple[list[int], Any]:
    """``play``, counting its calls in the list returned with it."""
    made = [0]

    def playing(*args: Any, **kwargs: Any) -> Any:
        made[0] += 1
        return play(*args, **kwargs)

    return made, playing


def counting(command: list[str], **started: Any) -> tuple[subprocess.Popen[bytes], int, bytes]:
    """``command`` started with its standard error on a terminal (a simulation counts its
    work only there), once it has counted its first playouts: the process, the terminal's
    end to read what it says next (:func:`said_after`), and what it said so far."""
    watched, terminal = pty.openpty()
    process = subprocess.Popen(command, stderr=terminal, **started)
    os.close(terminal)
    said = b""
    deadline = time.monotonic() + 120
    while b" playouts" not in said and time.monotonic() < deadline:  # the first count
        if select.select([watched], [], [], 1)[0]:
            try:
                chunk = os.read(watched, 4096)
            except OSError:  # the command ended: its terminal closed
                break
            said += chunk
    return process, watched, said


def said_after(watched: int) -> bytes:
    """What the command said on its terminal since, up to its end; the terminal is closed."""
    said = b""
    with contextlib.suppress(OSError):  # the terminal's other end closed with the command
        while chunk := os.read(watched, 4096):
            said += chunk
    os.close(watched)
    return said.replace(b"\r\n", b"\n")
