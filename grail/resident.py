"""A resident grail: one process that keeps grail loaded and answers the commands on a save
(``grail act``, ``legal``, ``show``, ``undo``...) for whoever runs many of them, such as a
script or a bot playing through the command line.

A command on its own spends most of its time starting: Python importing grail and its
content models, then the campaign read from the content cache. ``grail serve`` pays that
once; while it runs, each command on a save hands its words, folder and environment to it
over a Unix socket that only its user can reach, and prints what it answers, exit code
included, exactly as if it had run alone. Every other command, and every command when no
resident answers, runs in its own process as before.

The resident answers one command at a time, in the order they come; the save file is
shared as ever, so another program writing the same save meanwhile is handled as it is
without a resident. It declines, and the command runs alone, when grail's own files
changed since it started (it stops then) or when it is another version of grail; it stops
after an idle time, on ``grail serve --stop``, on Ctrl-C or when terminated.

Every command on a save imports this module to look for a resident, and most find none:
the modules only a resident or a found socket needs (``socket``, ``signal``,
``traceback``: some 4 ms of a command) are imported where they are used.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import socket

from grail import __version__
from grail.lang import _

ON_A_SAVE = frozenset({"new", "show", "legal", "act", "players", "undo", "checkpoint",
                       "marks", "restore", "export", "import", "replay"})
"""The commands that play on a save file (cli/game.py): quick and never interactive. For
them the parser is built from that module alone, so that ``grail act`` imports no window,
simulation or author tool, and a resident grail answers them."""

_PACKAGE = Path(__file__).resolve().parent


def spoken(argv: Sequence[str]) -> tuple[str | None, list[str]]:
    """The language ``--lang CODE`` (or ``--lang=CODE``) before the command asks for, and the
    command's own words without it: ``grail --lang es act ...`` is the command ``act`` said
    in Spanish. None when no ``--lang`` comes first."""
    words = list(argv)
    option = None
    while words and (words[0] == "--lang" or words[0].startswith("--lang=")):
        if words[0] == "--lang":
            if len(words) < 2:
                break  # the parser says what is missing
            option, words = words[1], words[2:]
        else:
            option, words = words[0].partition("=")[2], words[1:]
    return option, words


class ResidentError(Exception):
    """Why ``grail serve`` cannot start, in one line."""


def address() -> Path | None:
    """Where this installation's resident grail listens: ``GRAIL_RESIDENT_DIR``, else the
    user's runtime folder, else a folder of the user's own in the temporary folder; one
    socket per installation of grail. None where Unix sockets are missing or the path would
    be too long for one."""
    if sys.platform == "win32":  # no Unix sockets for Python there
        return None
    override = os.environ.get("GRAIL_RESIDENT_DIR")
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if override:
        folder = Path(override)
    elif runtime:
        folder = Path(runtime) / "grail"
    else:
        folder = Path(tempfile.gettempdir()) / f"grail-{os.getuid()}"
    install = hashlib.sha256(str(_PACKAGE).encode()).hexdigest()[:12]
    path = folder / f"{install}.sock"
    return path if len(os.fsencode(path)) < 100 else None


def _private(folder: Path) -> bool:
    """The folder is the user's own and closed to everyone else (no link, no group)."""
    try:
        found = os.lstat(folder)
    except OSError:
        return False
    return (stat.S_ISDIR(found.st_mode) and found.st_uid == os.getuid()
            and found.st_mode & 0o077 == 0)


def _ask(path: Path, request: dict[str, Any]) -> dict[str, Any] | None:
    """The resident's answer to ``request``; None when none listens at ``path``. Raises
    OSError or ValueError when one took the request and gave no answer."""
    import socket

    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as line:
        try:
            line.connect(str(path))
        except OSError:
            return None
        line.sendall(json.dumps(request).encode() + b"\n")
        line.shutdown(socket.SHUT_WR)
        answer = json.loads(_read_all(line))
    if not isinstance(answer, dict):
        raise ValueError("not an answer")
    return answer


def _read_all(line: socket.socket) -> bytes:
    parts = []
    while part := line.recv(65536):
        parts.append(part)
    return b"".join(parts)


def forwarded(argv: list[str]) -> int | None:
    """The exit code of a command on a save as the resident grail ran it, its output
    printed here; None when the command is not one it answers, when none answers, or when
    it declines: then the command runs in this process."""
    words = spoken(argv)[1]
    if not words or words[0] not in ON_A_SAVE:
        return None
    path = address()
    if path is None or not _private(path.parent) or not path.exists():
        return None
    request = {"argv": argv, "cwd": os.getcwd(), "env": dict(os.environ),
               "version": __version__}
    try:
        answer = _ask(path, request)
    except (OSError, ValueError):
        print(_("grail: the resident grail stopped before answering, so the command may or "
                "may not have been done: see 'grail show' before running it again"),
              file=sys.stderr)
        return 1
    if answer is None or answer.get("declined"):
        return None
    sys.stdout.write(str(answer.get("out", "")))
    sys.stderr.write(str(answer.get("err", "")))
    code = answer.get("code")
    return code if isinstance(code, int) else 1


def stop() -> bool:
    """Ask this installation's resident grail to stop; False when none answers."""
    path = address()
    if path is None or not _private(path.parent):
        return False
    try:
        return _ask(path, {"stop": True, "version": __version__}) is not None
    except (OSError, ValueError):
        return True  # it took the request and went


def _code_stamp() -> dict[str, tuple[int, int]]:
    """The time and size of each of grail's own Python files: a change means the code a
    resident runs is no longer the code installed."""
    stamp = {}
    for module in sorted(_PACKAGE.rglob("*.py")):
        with contextlib.suppress(OSError):
            found = module.stat()
            stamp[str(module)] = (found.st_mtime_ns, found.st_size)
    return stamp


class _Stop(BaseException):
    """Terminated: leave the loop, remove the socket."""


def _terminated(signum: int, frame: object) -> None:
    raise _Stop


@contextlib.contextmanager
def _as_asked(request: dict[str, Any]) -> Iterator[None]:
    """The asking command's folder and environment for the time of its command."""
    folder, environment = os.getcwd(), dict(os.environ)
    try:
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        yield
    finally:
        os.environ.clear()
        os.environ.update(environment)
        os.chdir(folder)


def _readable(request: Any) -> bool:
    return (isinstance(request, dict) and isinstance(request.get("argv"), list)
            and all(isinstance(w, str) for w in request["argv"])
            and spoken(request["argv"])[1][:1] != [] and spoken(request["argv"])[1][0] in ON_A_SAVE
            and isinstance(request.get("cwd"), str)
            and isinstance(request.get("env"), dict)
            and all(isinstance(k, str) and isinstance(v, str)
                    for k, v in request["env"].items()))


def run_asked(request: Any, main: Callable[[list[str]], int]) -> dict[str, Any]:
    """What the command of ``request`` prints and its exit code, run by ``main`` in the
    asking command's folder and environment; a request that is not a command on a save
    gets exit code 2 and a line saying so."""
    if not _readable(request):
        return {"out": "", "err": _("grail: the resident grail cannot read this request") + "\n",
                "code": 2}
    out, err = io.StringIO(), io.StringIO()
    code: int
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            with _as_asked(request):
                code = main(request["argv"])
        except SystemExit as leaving:  # the parser's --help and its usage errors
            code = leaving.code if isinstance(leaving.code, int) else int(bool(leaving.code))
            if isinstance(leaving.code, str):
                print(leaving.code, file=sys.stderr)
        except OSError as error:  # the asking command's folder is gone
            print(_("grail: {error}: {file}").format(error=error.strerror or error,
                                                     file=error.filename) if error.filename
                  else _("grail: {error}").format(error=error.strerror or error), file=sys.stderr)
            code = 1
        except Exception:  # a bug: reported as the command alone would, the resident lives on
            import traceback

            traceback.print_exc()
            code = 1
    return {"out": out.getvalue(), "err": err.getvalue(), "code": code}


def _listen(path: Path) -> socket.socket:
    """A socket listening at ``path`` in a private folder; raises ResidentError when one
    already answers there or the place is not grail's."""
    import socket

    folder = path.parent
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as error:
        raise ResidentError(_("cannot make {folder}: {why}").format(
            folder=folder, why=error.strerror or error)) from None
    if not _private(folder):
        raise ResidentError(_("{folder} is not a folder of yours closed to others; set "
                              "GRAIL_RESIDENT_DIR to one that is").format(folder=folder))
    if path.exists() or path.is_symlink():
        if not stat.S_ISSOCK(os.lstat(path).st_mode):
            raise ResidentError(_("{path} is in the way and is not a socket; remove it").format(
                path=path))
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
            try:
                probe.connect(str(path))
            except OSError:
                path.unlink()  # left by a resident that was killed
            else:
                raise ResidentError(_("a resident grail already answers at {path}").format(
                    path=path))
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(str(path))
    listener.listen(16)
    return listener


def serve(main: Callable[[list[str]], int], idle_s: float | None,
          say: Callable[[str], None]) -> None:
    """Answer the commands on a save, each run by ``main`` (the command line's, loaded
    once), until stopped or until ``idle_s`` seconds pass with none (None: never); ``say``
    gets a line for each command answered and for the end. Raises ResidentError when it
    cannot start."""
    path = address()
    if path is None:
        raise ResidentError(_("a resident grail needs Unix sockets and a short enough path "
                              "to the runtime folder (GRAIL_RESIDENT_DIR)"))
    from grail.content.cache import keep_loaded

    keep_loaded()
    import signal

    stamp = _code_stamp()
    listener = _listen(path)
    listening = os.stat(path).st_ino
    previous = signal.signal(signal.SIGTERM, _terminated)
    listener.settimeout(idle_s)
    try:  # from the line on, as a caller that reads it may stop it at once
        say(_("grail serve: answering the commands on a save at {path}; Ctrl-C to stop").format(
            path=path))
        while _answer_one(listener, stamp, main, say):
            pass
    except TimeoutError:
        say(_("grail serve: no command for {seconds} s: stopping").format(seconds=f"{idle_s:g}"))
    except (KeyboardInterrupt, _Stop):
        say(_("grail serve: stopping"))
    finally:
        signal.signal(signal.SIGTERM, previous)
        listener.close()
        with contextlib.suppress(OSError):
            if os.stat(path).st_ino == listening:  # not a newer resident's socket
                path.unlink()


def _answer_one(listener: socket.socket, stamp: dict[str, tuple[int, int]],
                main: Callable[[list[str]], int], say: Callable[[str], None]) -> bool:
    """Take one request and answer it; False when the resident should stop."""
    line, _unused = listener.accept()
    with line:
        line.settimeout(10)  # a caller that never finishes its request is dropped
        try:
            request = json.loads(_read_all(line))
        except (OSError, ValueError):
            return True
        going = True
        if isinstance(request, dict) and request.get("stop"):  # whichever grail asks
            answer: dict[str, Any] = {"stopped": True}
            going = False
            say(_("grail serve: asked to stop"))
        elif isinstance(request, dict) and request.get("version") != __version__:
            answer = {"declined": "another version of grail"}
        elif _code_stamp() != stamp:
            answer, going = {"declined": "grail's code changed"}, False
            say(_("grail serve: grail's code changed since it started: stopping"))
        else:
            began = time.perf_counter()
            answer = run_asked(request, main)
            words = " ".join(request["argv"]) if _readable(request) else _("(unreadable)")
            say(_("grail serve: {command} -> {code} ({seconds} s)").format(
                command=words, code=answer["code"], seconds=f"{time.perf_counter() - began:.3f}"))
        with contextlib.suppress(OSError):
            line.settimeout(None)
            line.sendall(json.dumps(answer).encode())
    return going
