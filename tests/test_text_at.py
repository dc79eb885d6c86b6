"""``grail text --at``: a throwaway game that starts reading a journal entry (or a
Location's ``explore`` entry) where it belongs (grail/engine/trying.py)."""

from __future__ import annotations

import io
import tempfile
from pathlib import Path

import pytest

from grail.cli import main
from grail.content import Campaign
from grail.engine.actions import Choose
from grail.engine.game import Game
from grail.engine.trying import TryError, try_entry

from .conftest import MINIMAL


@pytest.fixture
def quiet_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """An empty save folder and an empty temporary folder, to see what a try leaves."""
    saves, temporary = tmp_path / "saves", tmp_path / "tmp"
    saves.mkdir()
    temporary.mkdir()
    monkeypatch.setenv("GRAIL_SAVES", str(saves))
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))
    return saves, temporary


def _text(answers: str, monkeypatch: pytest.MonkeyPatch, *args: str) -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    return main(["text", "--pack", str(MINIMAL), *args])


def test_an_entry_is_read_where_it_belongs_and_the_game_is_not_kept(
        quiet_folders: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    assert _text("q\n", monkeypatch, "--at", "101.1", "--seed", "3") == 0
    out = capsys.readouterr().out
    assert out.startswith("Trying entry 101.1 at 101 The Crossing with Wren of the Marsh, seed 3. "
                          "This game is not kept.\n[101.1] A voice in the stone")
    assert "Wren of the Marsh at 101 The Crossing" in out  # the summary
    saves, temporary = quiet_folders
    assert list(saves.iterdir()) == [] and list(temporary.iterdir()) == []


def test_a_location_number_reads_its_explore_entry_and_play_goes_on(
        quiet_folders: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # option 2 of entry 102: leave the bell be
    assert _text("2\nq\n", monkeypatch, "--at", "102", "--hero", "yew", "--seed", "1") == 0
    out = capsys.readouterr().out
    assert "Trying entry 102 at 102 Bell Hill with Yew the Ferry-Keeper, seed 1." in out
    assert "1. Yew the Ferry-Keeper chooses: Ring the bell. (leads to entry 102.1)\n" \
        "2. Yew the Ferry-Keeper chooses: Leave it be. (leads to the end of the exploration)" \
        in out  # where each option leads, as the content says [JOURNAL-1]
    assert "The exploration ends." in out
    assert list(quiet_folders[1].iterdir()) == []


def test_what_cannot_be_tried_is_refused(quiet_folders: tuple[Path, Path],
                                         monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert _text("", monkeypatch, "--at", "101.7") == 1
    assert "grail: no Location or journal entry '101.7' in this campaign (did you mean" in \
        capsys.readouterr().err
    assert _text("", monkeypatch, "--at", "101", "--hero", "nobody") == 1
    assert "grail: no hero 'nobody'; heroes are wren, yew" in capsys.readouterr().err
    assert _text("", monkeypatch, "--at", "101", "game.json") == 2
    assert _text("", monkeypatch, "--hero", "wren") == 2
    assert "--hero and --seed go with --at" in capsys.readouterr().err
    assert list(quiet_folders[0].iterdir()) == []


def test_the_engine_puts_the_hero_on_the_location_with_a_menhir(minimal: Campaign) -> None:
    game, events = try_entry(minimal, "wren", "104", seed=2)
    state = game.state
    assert state.heroes[0].location == 104 and state.stage == "day" and state.day == 1
    assert state.spot_of(104) == (1, 0)  # its place on the grid, as the keys lay it
    assert [m.location for m in state.menhirs] == [104]
    assert state.location_visits == {"104": 1} and state.entry_visits["104"] == 1
    assert events[0].type == "entry_read" and state.frames == []  # read to its end
    assert [t.id for t in state.tasks] == ["find-well"]  # the chapter's setup steps ran


def test_a_verse_is_read_on_the_start_and_a_changed_version_is_in_play(minimal: Campaign) -> None:
    verse, _ = try_entry(minimal, "wren", "500", seed=1)
    assert verse.state.heroes[0].location == 101
    changed, _ = try_entry(minimal, "wren", "106", seed=1)
    assert changed.state.replaced == [104] and changed.state.spot_of(106) == (1, 0)
    with pytest.raises(TryError, match="no Location or journal entry '99'"):
        try_entry(minimal, "wren", "99", seed=1)


def test_a_try_undoes_and_replays_from_its_start(minimal: Campaign) -> None:
    game, _ = try_entry(minimal, "wren", "102", seed=4)
    start = game.state_hash()
    assert game.state.frames[-1].key == "102"
    leave = [a for a in game.legal_actions() if isinstance(a, Choose)][1]
    game.apply(leave)
    assert game.state.frames == []
    assert Game.replay(minimal, game.setup, game.log).state_hash() == game.state_hash()
    game.undo()
    assert game.state_hash() == start
