"""The command line: validate, list, schema; exit codes and JSON shapes."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from grail.cli import LISTABLE, main

from .conftest import MINIMAL

COUNT_KEYS = ["locations", "journal_entries", "encounters", "events", "secrets", "items",
              "skills", "heroes", "cards"]


def test_validate_clean_pack_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(MINIMAL)]) == 0
    assert "valid (8 locations, 15 journal entries" in capsys.readouterr().out


def test_validate_counts_one_of_a_kind_in_the_singular(
        minimal_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (minimal_copy / "heroes" / "yew.yaml").unlink()
    assert main(["validate", str(minimal_copy)]) == 0
    assert "2 skills, 1 hero, 8 cards)" in capsys.readouterr().out


def test_validate_bundled_campaign_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate"]) == 0
    assert "valid" in capsys.readouterr().out


def test_validate_json_lists_counts_and_problems(
    minimal_copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["validate", str(MINIMAL), "--json"]) == 0
    clean = json.loads(capsys.readouterr().out)
    assert list(clean["counts"]) == COUNT_KEYS and clean["problems"] == []
    assert clean["counts"]["cards"] == 8
    (minimal_copy / "items/items.yaml").write_text(
        "items:\n  - number: 1\n    name: Hatchet\n    keyword: sword\n")
    assert main(["validate", str(minimal_copy), "--json"]) == 1
    broken = json.loads(capsys.readouterr().out)
    assert broken["counts"]["items"] == 0
    assert {p["file"] for p in broken["problems"]} == {"items/items.yaml"}
    assert broken["problems"][0]["line"] == 4


def test_validate_prints_one_line_per_problem_under_the_pack_path(
    minimal_copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (minimal_copy / "locations/102.yaml").write_text("number: 102\nname: Bell Hill\n")
    assert main(["validate", str(minimal_copy)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [f"{minimal_copy}/locations/102.yaml:1:1: missing required field 'explore'"]


@pytest.mark.parametrize("kind", LISTABLE)
def test_list_every_kind_as_text_and_json(kind: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list", kind, "--pack", str(MINIMAL)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines and all("\t" in line for line in lines)
    assert main(["list", kind, "--pack", str(MINIMAL), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert len(rows) == len(lines)
    assert all({"id", "name"} <= set(row) for row in rows)


def test_list_of_a_broken_pack_fails_cleanly(
    minimal_copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (minimal_copy / "heroes/wren.yaml").write_text("id: wren\n")
    assert main(["list", "heroes", "--pack", str(minimal_copy)]) == 1
    err = capsys.readouterr().err
    assert "heroes/wren.yaml:1:1: missing required field 'number'" in err
    assert "Traceback" not in err


def test_python_dash_m_grail_is_the_same_command(tmp_path: Path) -> None:
    env = {**os.environ, "GRAIL_CACHE_DIR": str(tmp_path / "cache")}
    result = subprocess.run([sys.executable, "-m", "grail", "list", "heroes", "--pack",
                             str(MINIMAL)], capture_output=True, text=True, env=env, check=False,
                            cwd=tmp_path)
    assert result.returncode == 0
    assert result.stdout == "wren\tWren of the Marsh\nyew\tYew the Ferry-Keeper\n"


def _new_save(tmp_path: Path) -> Path:
    save = tmp_path / "game.grail"
    assert main(["new", str(save), "--hero", "tamsin", "--seed", "3"]) == 0
    return save


def _last_line_of(script: str, *args: str, **env: str) -> str:
    """The last line ``script`` prints, run by a fresh Python (as a command is) with
    ``args`` as its ``sys.argv[1:]``."""
    done = subprocess.run([sys.executable, "-c", script, *args], capture_output=True,
                          text=True, check=True, env={**os.environ, **env})
    return done.stdout.strip().splitlines()[-1]


def test_commands_on_a_save_import_only_what_they_need(tmp_path: Path) -> None:
    """``grail act`` and ``grail legal`` import no window, no simulation, no author tool,
    and with the pack in the content cache (as ``grail new`` left it) none of the pack's
    checks, YAML or validators: a script that calls them many times waits for the game
    alone."""
    save = _new_save(tmp_path)
    unneeded = ("pygame", "grail.ui", "grail.sim", "multiprocessing", "distributed",
                "grail.cli.author", "grail.cli.play", "grail.cli.translate", "yaml", "babel",
                "grail.content.loader", "grail.content.checks", "grail.content.crossref",
                "grail.content.locate")
    script = ("import sys; from grail.cli.main import main; main(['legal', sys.argv[1]]); "
              f"print(sorted({{m for m in sys.modules for u in {unneeded!r} "
              "if m == u or m.startswith(u + '.')}))")
    assert _last_line_of(script, str(save)) == "[]"


def test_a_command_keeps_its_imports_from_the_collector_and_collects_after(
        tmp_path: Path) -> None:
    """What the imports made is frozen once, not walked by the collector as it grows; the
    collector is on again for the command itself (a night of simulations would otherwise
    never free a cycle)."""
    save = _new_save(tmp_path)
    script = ("import gc, sys; from grail.__main__ import run; "
              "collected = []; gc.callbacks.append(lambda phase, info: collected.append(phase)); "
              "sys.argv = ['grail', 'legal', sys.argv[1]]; run(); "
              "print(gc.isenabled(), gc.get_freeze_count() > 10_000, "
              "'grail.content.campaign' in sys.modules, len(collected) < 100)")
    assert _last_line_of(script, str(save)) == "True True True True"


def test_the_window_on_a_cached_pack_imports_no_checks_lint_or_yaml(tmp_path: Path) -> None:
    """The window's start reads its pack from the content cache: it imports none of the
    pack's checks, the author's lint (the map's Menhir sites are facts of their own), YAML
    or the catalogs' reader (Babel)."""
    save = _new_save(tmp_path)
    unneeded = ("yaml", "babel", "grail.content.loader", "grail.content.checks",
                "grail.content.lint_map", "grail.content.survey", "grail.content.origin",
                "grail.content.locate")
    script = ("import sys; from grail.cli.main import main; "
              "main(['play', '--screenshot', sys.argv[2], '--save', sys.argv[1], "
              "'--frames', '1']); "
              f"print(sorted(m for m in sys.modules if m in {unneeded!r}))")
    assert _last_line_of(script, str(save), str(tmp_path / "shot.png"),
                         SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy") == "[]"


def test_a_command_on_a_save_builds_no_reader_or_writer_of_pydantic(tmp_path: Path) -> None:
    """The save's log, its snapshot and setup are grail's own JSON, read back as their types
    say (grail/engine/reading.py); the action given, in the form ``grail legal`` prints, is
    read alike; the new entry and the events printed are written by grail (``to_json``).
    Pydantic's readers of every action and of the state took 12-16 ms each to build, and
    the first reader built imports its plugin loader, which imports ``importlib.metadata``
    and reads every installed package's entry points (10-20 ms)."""
    save = _new_save(tmp_path)
    assert main(["act", str(save), '{"type": "travel", "hero": "tamsin", "to": 102}']) == 0
    script = ("import sys; from grail.cli.main import main; from grail.engine import plain, "
              "reading; from grail.engine.actions import AnyAction; "
              "from grail.engine.state import GameState; "
              "main(['act', sys.argv[1], '{\"type\": \"travel\", \"hero\": \"tamsin\", "
              "\"to\": 101}']); "
              "print(AnyAction in reading._READERS, GameState in reading._READERS, "
              "list(plain._ADAPTERS), 'pydantic.plugin._loader' in sys.modules)")
    assert _last_line_of(script, str(save)) == "True True [] False"


def test_a_command_in_a_module_of_its_own_imports_no_other_commands_module() -> None:
    """Reading ``grail play``'s words imports the window's command alone, not the
    simulations' or the author tools' (a player's start waits for none of them); the list
    of every command (``grail -h``, a misspelt command) still has them all."""
    others = ("grail.cli.odds", "grail.cli.balance", "grail.cli.author",
              "grail.sim.balance", "grail.content.lint")
    script = ("import sys; from grail.cli.main import build_parser; "
              "build_parser(sys.argv[1] if len(sys.argv) > 1 else None); "
              f"print(sorted(m for m in sys.modules if m in {others!r}))")
    alone = subprocess.run([sys.executable, "-c", script, "play"], capture_output=True,
                           text=True, check=True)
    assert alone.stdout.split() == ["[]"]
    every = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                           check=True)
    assert every.stdout.strip() == str(sorted(others))


def test_the_version_says_whether_the_core_is_compiled(capsys: pytest.CaptureFixture[str]) -> None:
    """``grail --version`` says which grail runs: the compiled core when mypyc compiled
    the engine's modules (``GRAIL_COMPILE=1``), else plain Python, as an author checking an
    install for long simulations needs to know."""
    import importlib.machinery

    import grail.engine.map
    from grail import __version__

    with pytest.raises(SystemExit) as ended:
        main(["--version"])
    assert ended.value.code == 0
    compiled = (grail.engine.map.__file__ or "").endswith(
        tuple(importlib.machinery.EXTENSION_SUFFIXES))
    core = "the compiled core (GRAIL_COMPILE=1)" if compiled else "plain Python"
    assert capsys.readouterr().out == f"grail {__version__}, {core}\n"


@pytest.mark.parametrize(("words", "command"), [
    (["odds", "--hero", "tamsin", "--encounter", "green-bramble-hogs", "--workers", "abc"],
     "grail odds"),
    (["odds", "--policy", "foo"], "grail odds"),
    (["new", "x.grail"], "grail new"),
    (["balance", "--n", "1.5"], "grail balance"),
    (["balance", "--foo"], "grail balance"),  # an option it does not know: its own help
    (["show", "game.grail", "--zz"], "grail show"),
    ([], "grail"),
    (["bogus"], "grail")])
def test_a_command_line_grail_cannot_read_is_one_line_and_exit_1(
        words: list[str], command: str, capsys: pytest.CaptureFixture[str]) -> None:
    """As every error of grail's (docs/cli.md): one line on standard error starting with
    ``grail:``, saying where the command's options are; exit code 1, as for any input
    that is not right (2 is an illegal or malformed action's)."""
    with pytest.raises(SystemExit) as ended:
        main(words)
    assert ended.value.code == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("grail: ") and captured.err.count("\n") == 1
    assert captured.err.endswith(f" (see '{command} --help')\n")


@pytest.mark.parametrize("command", [["odds", "--hero", "wren", "--encounter", "green-boar"],
                                     ["new", "game.grail", "--hero", "wren"]])
def test_a_pack_folder_missing_or_broken_is_said_where(
        command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    command = [str(tmp_path / word) if word == "game.grail" else word for word in command]
    missing = tmp_path / "nowhere"
    assert main([*command, "--pack", str(missing)]) == 1
    assert capsys.readouterr().err == f"grail: {missing}: no such pack folder\n"
    broken = Path(shutil.copytree(MINIMAL, tmp_path / "broken"))
    (broken / "campaign.yaml").write_text("id: [\n")
    assert main([*command, "--pack", str(broken)]) == 1
    assert capsys.readouterr().err.startswith(
        f"grail: the pack has problems; run 'grail validate {broken}': {broken}/campaign.yaml:")


def test_ctrl_c_while_grail_starts_leaves_with_130_and_no_traceback(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C in grail's first moments (asking for a resident grail, importing) ends the
    command as one pressed later does: code 130, no traceback."""
    import grail.__main__ as entry

    def pressed(argv: list[str]) -> int | None:
        raise KeyboardInterrupt

    monkeypatch.setattr(entry, "forwarded", pressed)
    monkeypatch.setattr(entry.sys, "argv", ["grail", "show", "game.grail"])
    assert entry.run() == 130
