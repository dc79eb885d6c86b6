"""A resident grail (``grail serve``, grail/resident.py) answers the commands on a save
exactly as each would answer alone: same output, same exit code, same save; and nothing is
lost or done twice when it is missing, stale, gone or in the way."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

from grail import __version__, resident
from grail.cli import main
from grail.content.cache import open_pack
from grail.save import load_game

ROOT = Path(__file__).resolve().parent.parent
TRAVEL = '{"type":"travel","hero":"tamsin","to":102}'


def _grail(*words: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "grail", *words], capture_output=True,
                          text=True, env=env, cwd=cwd, timeout=120)


def _environment(tmp_path: Path, folder: str) -> dict[str, str]:
    return {**os.environ, "GRAIL_RESIDENT_DIR": str(tmp_path / folder),
            "GRAIL_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(ROOT)}


def _started(env: dict[str, str], *options: str) -> subprocess.Popen[str]:
    server = subprocess.Popen([sys.executable, "-m", "grail", "serve", *options],
                              stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    assert server.stderr is not None
    first = server.stderr.readline()  # said once it listens
    assert first.startswith("grail serve: answering the commands on a save at "), first
    return server


def _stopped(server: subprocess.Popen[str]) -> str:
    """What the resident said after its first line, once it has stopped."""
    _, said = server.communicate(timeout=60)
    return said


@pytest.fixture
def serving(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], dict[str, str]]]:
    env = _environment(tmp_path, "resident")
    server = _started(env)
    yield server, env
    if server.poll() is None:
        server.terminate()
        server.communicate(timeout=60)


SESSION = [("new", "game.grail", "--hero", "tamsin", "--hero", "jago", "--seed", "3"),
           ("legal", "game.grail"), ("act", "game.grail", TRAVEL), ("show", "game.grail"),
           ("act", "game.grail", "99"), ("act", "game.grail", "not json"),
           ("act", "game.grail", '{"type":"travel","hero":"tamsin","to":999}'),
           ("legal", "game.grail", "--json"), ("undo", "game.grail"), ("act", "game.grail", "1"),
           ("replay", "game.grail"), ("show", "missing.grail"), ("act", "--help"),
           ("act", "game.grail")]
"""A session of commands on a save, winning and losing: new, legal, an action by JSON and by
number, illegal and malformed actions, undo, replay, a missing save, help, a usage error."""


def test_a_resident_answers_every_command_as_it_would_answer_alone(
        tmp_path: Path, serving: tuple[subprocess.Popen[str], dict[str, str]]) -> None:
    server, env = serving
    alone_env = _environment(tmp_path, "nobody")
    (tmp_path / "with").mkdir()
    (tmp_path / "alone").mkdir()
    for words in SESSION:
        answered = _grail(*words, env=env, cwd=tmp_path / "with")  # relative paths: its folder
        alone = _grail(*words, env=alone_env, cwd=tmp_path / "alone")
        assert (answered.returncode, answered.stdout, answered.stderr) == (
            alone.returncode, alone.stdout, alone.stderr), words
    campaign = open_pack(None)
    with_game = load_game(tmp_path / "with" / "game.grail", campaign)
    alone_game = load_game(tmp_path / "alone" / "game.grail", campaign)
    assert with_game.state_hash() == alone_game.state_hash()
    assert _grail("serve", "--stop", env=env, cwd=tmp_path).stdout == "the resident grail stops\n"
    said = _stopped(server).splitlines()
    answered_lines = [line for line in said if " -> " in line]
    assert len(answered_lines) == len(SESSION)  # every command went to the resident
    assert answered_lines[0].startswith("grail serve: new game.grail --hero tamsin")
    assert said[-1] == "grail serve: asked to stop"
    assert not list((tmp_path / "resident").iterdir())  # its socket removed


def test_without_a_resident_a_command_runs_alone_and_stop_says_none_answers(
        tmp_path: Path) -> None:
    env = _environment(tmp_path, "resident")
    made = _grail("new", "game.grail", "--hero", "tamsin", env=env, cwd=tmp_path)
    assert made.returncode == 0 and (tmp_path / "game.grail").exists()
    stop = _grail("serve", "--stop", env=env, cwd=tmp_path)
    assert (stop.returncode, stop.stderr) == (1, "grail: no resident grail answers\n")


def test_a_second_resident_is_refused_in_one_line(
        tmp_path: Path, serving: tuple[subprocess.Popen[str], dict[str, str]]) -> None:
    _, env = serving
    second = _grail("serve", env=env, cwd=tmp_path)
    assert second.returncode == 1
    assert second.stderr.startswith("grail: a resident grail already answers at ")
    assert len(second.stderr.splitlines()) == 1


def test_a_terminated_resident_removes_its_socket(
        tmp_path: Path, serving: tuple[subprocess.Popen[str], dict[str, str]]) -> None:
    server, _ = serving
    server.send_signal(signal.SIGTERM)
    assert _stopped(server).splitlines()[-1] == "grail serve: stopping"
    assert server.returncode == 0 and not list((tmp_path / "resident").iterdir())


def test_an_idle_resident_stops_by_itself(tmp_path: Path) -> None:
    server = _started(_environment(tmp_path, "resident"), "--idle", "0.02")
    assert _stopped(server).splitlines()[-1] == "grail serve: no command for 1.2 s: stopping"


def test_a_socket_left_by_a_killed_resident_is_replaced(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GRAIL_RESIDENT_DIR", str(tmp_path / "resident"))
    path = resident.address()
    assert path is not None
    path.parent.mkdir(mode=0o700)
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as left:
        left.bind(str(path))  # bound, never listening: as a killed resident leaves it
    assert resident.forwarded(["show", str(tmp_path / "none.grail")]) is None  # runs alone
    server = _started(_environment(tmp_path, "resident"))
    assert _grail("serve", "--stop", env=_environment(tmp_path, "resident"),
                  cwd=tmp_path).returncode == 0
    assert _stopped(server).splitlines()[-1] == "grail serve: asked to stop"


@pytest.mark.parametrize("trouble", ["a file in the way", "a folder open to others"])
def test_a_resident_refuses_a_place_not_its_own_and_commands_run_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str], trouble: str) -> None:
    folder = tmp_path / "resident"
    monkeypatch.setenv("GRAIL_RESIDENT_DIR", str(folder))
    path = resident.address()
    assert path is not None
    folder.mkdir(mode=0o700)
    if trouble == "a file in the way":
        path.write_text("junk")
        expected = f"grail: {path} is in the way and is not a socket; remove it\n"
    else:
        folder.chmod(0o777)
        expected = (f"grail: {folder} is not a folder of yours closed to others; set "
                    "GRAIL_RESIDENT_DIR to one that is\n")
    assert resident.forwarded(["show", str(tmp_path / "none.grail")]) is None
    assert main(["serve"]) == 1
    assert capsys.readouterr().err == expected


def _answering(path: Path, reply: bytes | None) -> threading.Thread:
    """A stand-in for a resident at ``path``: takes one request and answers ``reply``, or
    goes without a word when it is None (a resident killed mid-command)."""
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(str(path))
    listener.listen(1)

    def answer() -> None:
        with listener, listener.accept()[0] as line:
            while line.recv(65536):
                pass
            if reply is not None:
                line.sendall(reply)

    thread = threading.Thread(target=answer)
    thread.start()
    return thread


@pytest.fixture
def place(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("GRAIL_RESIDENT_DIR", str(tmp_path / "resident"))
    path = resident.address()
    assert path is not None
    path.parent.mkdir(mode=0o700)
    return path


def test_a_resident_gone_before_answering_is_said_and_the_command_not_run_again(
        tmp_path: Path, place: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", str(tmp_path / "game.grail"), "--hero", "tamsin"]) == 0
    before = (tmp_path / "game.grail").read_bytes()
    capsys.readouterr()
    thread = _answering(place, None)
    assert resident.forwarded(["act", str(tmp_path / "game.grail"), "1"]) == 1
    thread.join()
    assert capsys.readouterr().err == (
        "grail: the resident grail stopped before answering, so the command may or may not "
        "have been done: see 'grail show' before running it again\n")
    assert (tmp_path / "game.grail").read_bytes() == before  # not done here as well


def test_a_declining_resident_lets_the_command_run_alone(place: Path) -> None:
    thread = _answering(place, json.dumps({"declined": "grail's code changed"}).encode())
    assert resident.forwarded(["legal", "game.grail"]) is None
    thread.join()


def test_only_the_commands_on_a_save_go_to_a_resident(place: Path) -> None:
    for words in (["validate"], ["play"], ["text", "game.grail"], ["serve", "--stop"], []):
        assert resident.forwarded(words) is None  # no resident asked: none would answer


def _asked_of(stamp: dict[str, tuple[int, int]], request: Mapping[str, object],
              tmp_path: Path) -> tuple[bool, dict[str, object]]:
    """Whether a resident with this code stamp goes on after the request, and its answer."""
    path = tmp_path / "one.sock"
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(str(path))
    listener.listen(1)
    results: list[bool] = []
    said: list[str] = []
    thread = threading.Thread(target=lambda: results.append(resident._answer_one(
        listener, stamp, main, said.append)))
    thread.start()
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as line:
        line.connect(str(path))
        line.sendall(json.dumps(request).encode())
        line.shutdown(socket.SHUT_WR)
        answer = json.loads(resident._read_all(line))
    thread.join()
    listener.close()
    return results[0], answer


def test_a_resident_declines_and_stops_when_grails_code_changed(tmp_path: Path) -> None:
    request = {"argv": ["legal", "game.grail"], "cwd": str(tmp_path), "env": {},
               "version": __version__}
    going, answer = _asked_of({"grail/old.py": (1, 1)}, request, tmp_path)
    assert (going, answer) == (False, {"declined": "grail's code changed"})


def test_a_resident_of_another_version_declines_and_goes_on(tmp_path: Path) -> None:
    request = {"argv": ["legal", "game.grail"], "cwd": str(tmp_path), "env": {},
               "version": "0.0.1"}
    going, answer = _asked_of(resident._code_stamp(), request, tmp_path)
    assert (going, answer) == (True, {"declined": "another version of grail"})


def test_a_resident_stops_when_any_grail_asks(tmp_path: Path) -> None:
    """`grail serve --stop` from another version of grail still stops it."""
    going, answer = _asked_of(resident._code_stamp(), {"stop": True, "version": "0.0.1"},
                              tmp_path)
    assert (going, answer) == (False, {"stopped": True})


@pytest.mark.parametrize("request_", [[], {"argv": "act"}, {"argv": ["play"], "cwd": "/",
                                                             "env": {}},
                                      {"argv": ["act"], "cwd": "/", "env": {"A": 1}}])
def test_a_request_that_is_not_a_command_on_a_save_is_refused(request_: object) -> None:
    assert resident.run_asked(request_, main) == {
        "out": "", "err": "grail: the resident grail cannot read this request\n", "code": 2}


def test_a_bug_in_a_command_is_reported_and_the_resident_lives_on(tmp_path: Path) -> None:
    def broken(argv: list[str]) -> int:
        raise RuntimeError("a bug")

    request = {"argv": ["show", "x"], "cwd": str(tmp_path), "env": {"GRAIL_X": "1"}}
    answer = resident.run_asked(request, broken)
    assert answer["code"] == 1 and "RuntimeError: a bug" in str(answer["err"])
    assert "GRAIL_X" not in os.environ and Path.cwd() != tmp_path  # put back as they were


def test_a_command_runs_in_the_asking_folder_and_environment(tmp_path: Path) -> None:
    seen: list[tuple[str, str | None]] = []

    def looking(argv: list[str]) -> int:
        seen.append((os.getcwd(), os.environ.get("GRAIL_X")))
        print("out")
        return 3

    request = {"argv": ["show", "x"], "cwd": str(tmp_path), "env": {"GRAIL_X": "1"}}
    assert resident.run_asked(request, looking) == {"out": "out\n", "err": "", "code": 3}
    assert seen == [(str(tmp_path), "1")]


def test_a_resident_keeps_the_campaign_it_read(
        tmp_path: Path, serving: tuple[subprocess.Popen[str], dict[str, str]]) -> None:
    """The second command reads nothing from the content cache: its entry removed in
    between, none is read or written again."""
    _, env = serving
    assert _grail("new", "g.grail", "--hero", "tamsin", env=env, cwd=tmp_path).returncode == 0
    assert _grail("legal", "g.grail", env=env, cwd=tmp_path).returncode == 0
    entries = list((tmp_path / "cache").iterdir())
    assert entries
    for entry in entries:
        entry.unlink()
    assert _grail("legal", "g.grail", env=env, cwd=tmp_path).returncode == 0
    assert not list((tmp_path / "cache").iterdir())


def test_asking_a_resident_imports_nothing_of_grails_own_but_the_asking() -> None:
    """The command that hands its words to a resident starts in the time Python does: it
    imports no content model, engine, pydantic or window before asking."""
    script = ("import sys; import grail.__main__; print(sorted({m.split('.')[0] for m in "
              "sys.modules if m.startswith(('pydantic', 'grail.content', 'grail.engine', "
              "'grail.cli', 'pygame', 'yaml'))}))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True, cwd=ROOT)
    assert done.stdout.strip() == "[]"


def test_a_negative_idle_time_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--idle", "-1"]) == 2
    assert capsys.readouterr().err == "grail: --idle takes minutes, 0 or more\n"


@pytest.mark.parametrize("folder", ["never-made", "made"])
def test_a_command_that_finds_no_resident_imports_nothing_a_resident_needs(
        tmp_path: Path, folder: str) -> None:
    """Most commands find no resident: they look for its socket without importing
    ``socket``, ``signal`` or ``traceback`` (some 4 ms of every command), whether its folder
    was never made or a resident has come and gone."""
    env = _environment(tmp_path, folder)
    if folder == "made":
        (tmp_path / folder).mkdir(mode=0o700)
    script = ("import sys; from grail.resident import forwarded; "
              "print(forwarded(['show', 'x.grail']), "
              "[m for m in ('socket', 'signal', 'traceback') if m in sys.modules])")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env=env, cwd=tmp_path, check=True, timeout=120)
    assert done.stdout.strip() == "None []"
