"""``grail text`` without a save: a plain-text menu of the save folder, and new games in it."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pytest

from grail.cli import main
from grail.content import Campaign
from grail.engine.actions import Pass

from .conftest import MINIMAL, saved


def _text(answers: str, monkeypatch: pytest.MonkeyPatch, *args: str) -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    return main(["text", *args, "--pack", str(MINIMAL)])


def _typed(tmp_path: Path, typed: str, capsys: pytest.CaptureFixture[str],
           monkeypatch: pytest.MonkeyPatch) -> str:
    """What ``grail text`` says on a new bundled game (Tamsin, seed 7) to ``typed``."""
    save = tmp_path / "ennor.grail"
    assert main(["new", str(save), "--hero", "tamsin", "--seed", "7"]) == 0
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    assert main(["text", str(save)]) == 0
    return capsys.readouterr().out


def _only_text(out: str) -> None:
    """Screen-reader friendly: no escape codes, no box drawing, every choice numbered or lettered."""
    assert "\x1b" not in out and not re.search("[\u2500-\u259f]", out)


def test_a_new_game_from_the_menu_is_saved_in_the_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # n: new game; hero 1; mode 3 (challenge); seed 12; name; then pass, and quit
    answers = "n\n1\n3\n\n12\nFirst try\n" + '{"type": "pass", "hero": "wren"}\nq\n'
    assert _text(answers, monkeypatch, "--saves", str(tmp_path)) == 0
    out = capsys.readouterr().out
    _only_text(out)
    assert f"No saves yet in {tmp_path}." in out and "n. Start a new game" in out
    assert "1. Wren" in out  # heroes by name
    assert f"New game saved as First try in {tmp_path}: Wren of the Marsh, seed 12, " \
        "challenge mode." in out
    game = saved(tmp_path / "First try.grail")
    assert game.setup == {"heroes": ["wren"], "seed": 12, "mode": "challenge",
                          "companion": False, "pack": str(MINIMAL.resolve())}
    assert game.log == [Pass(hero="wren")]


def test_a_pack_that_does_not_load_is_refused_before_the_menu(
    minimal_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch
) -> None:
    for hero in ("wren", "yew"):
        (minimal_copy / "heroes" / f"{hero}.yaml").unlink()
    monkeypatch.setattr("sys.stdin", io.StringIO("n\n"))
    assert main(["text", "--saves", str(tmp_path), "--pack", str(minimal_copy)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith(f"grail: the pack has problems; run 'grail validate {minimal_copy}'")


def test_the_menu_lists_saves_and_continues_the_chosen_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GRAIL_SAVES", str(tmp_path))
    for name, seed in (("older", 1), ("newer", 2)):
        assert main(["new", str(tmp_path / f"{name}.grail"), "--pack", str(MINIMAL),
                     "--hero", "wren", "--seed", str(seed)]) == 0
    os.utime(tmp_path / "older.grail", (1_000_000, 1_000_000))
    capsys.readouterr()
    assert _text("2\ns\nq\n", monkeypatch) == 0
    out = capsys.readouterr().out
    _only_text(out)
    assert f"Saves in {tmp_path}:\n1. newer: Wren of the Marsh; day 1; last played " in out
    assert "\n2. older: Wren of the Marsh; day 1; last played 1970-01-1" in out
    assert "Type a number from 1 to 2, n or q." in out
    assert "Day 1 of chapter 1: the Day's actions" in out  # the summary of the chosen save
    assert saved(tmp_path / "older.grail").setup["seed"] == 1


def test_the_menu_lists_checkpoints_and_unreadable_files_and_opens_a_checkpoint_apart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GRAIL_SAVES", str(tmp_path))
    save = tmp_path / "long.grail"
    assert main(["new", str(save), "--pack", str(MINIMAL), "--hero", "wren"]) == 0
    assert main(["checkpoint", str(save), "start"]) == 0
    assert main(["act", str(save), '{"type": "travel", "hero": "wren", "to": 104}']) == 0
    (tmp_path / "notes.txt").write_text("not a save")
    os.utime(tmp_path / "notes.txt", (1_000_000, 1_000_000))
    capsys.readouterr()
    assert _text("3\n2\ns\nq\n", monkeypatch) == 0
    out = capsys.readouterr().out
    assert "\n2. long: checkpoint 'start' of day 1: Wren of the Marsh; day 1; kept " in out
    assert "\n3. notes: unreadable: not a grail save" in out
    assert "notes cannot be opened: not a grail save (damaged or truncated)." in out
    assert "The checkpoint goes on as the save 'long (day 1)'; 'long' stays as it was." in out
    assert saved(tmp_path / "long (day 1).grail").state.hero("wren").location != 104
    assert saved(save).state.hero("wren").location == 104


def test_a_new_game_asks_again_for_bad_answers_and_never_overwrites(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "game.json").write_text("kept")
    # hero: 7 (none), 1 1 (twice); mode: 9; not a companion game; seed: x; name: ../up,
    # game (exists); then default
    answers = "n\n7\n1 1\n1\n9\n\n\nx\n\n../up\ngame\n\nq\n"
    assert _text(answers, monkeypatch, "--saves", str(tmp_path)) == 0
    out = capsys.readouterr().out
    assert out.count("Choose 1 to 2 heroes: different numbers from 1 to 2.") == 2
    assert "Type 1, 2 or 3." in out and "Type digits only." in out
    assert "a save name cannot contain '/' or '\\': '../up'." in out
    assert "A save named 'game' exists; choose another name." in out
    assert "nothing for 'game 2'" in out and "New game saved as game 2" in out
    assert (tmp_path / "game.json").read_text() == "kept" and not (tmp_path.parent / "up.json").exists()
    setup = saved(tmp_path / "game 2.grail").setup
    assert setup["mode"] == "normal" and 1 <= setup["seed"] < 1_000_000  # defaults


def test_a_companion_game_from_the_menu_asks_no_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _text("n\n1\n\nz\ny\nAt the table\nq\n", monkeypatch, "--saves", str(tmp_path)) == 0
    out = capsys.readouterr().out
    assert "Type y or n." in out and "Seed:" not in out
    assert "Wren of the Marsh, a companion game, normal mode" in out
    assert saved(tmp_path / "At the table.grail").setup["companion"] is True


def test_end_of_input_at_any_question_quits_quietly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for answers in ("", "n\n", "n\n1\n", "n\n1\n2\n", "n\n1\n2\n5\n"):
        assert _text(answers, monkeypatch, "--saves", str(tmp_path / "saves")) == 0
    assert not (tmp_path / "saves").exists()


def test_q_at_a_new_game_question_quits_without_saving(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _text("n\n1\n\n\nq\n", monkeypatch, "--saves", str(tmp_path / "saves")) == 0
    assert "q at any question quits" in capsys.readouterr().out
    assert not (tmp_path / "saves").exists()


def test_every_event_reads_as_a_sentence(minimal: Campaign) -> None:
    """Plain-text play tells each event in words, never as raw fields."""
    from dataclasses import fields as fields_of
    from typing import Literal, get_args, get_origin, get_type_hints

    from grail.engine.events import Event
    from grail.words.events import event_text

    samples = {int: 101, str: "wren", bool: True, "int | None": None, "list[str]": ["north"],
               "dict[str, int]": {"food": 1}}
    for kind in get_args(Event):
        fields = {}
        for name, annotation in get_type_hints(kind).items():
            if name == "type":
                continue
            if name == "point":  # a chance point's name in the log
                fields[name] = "guardian die"
                continue
            if get_origin(annotation) is Literal:  # a closed set: its first value
                fields[name] = get_args(annotation)[0]
                continue
            fields[name] = samples.get(annotation, samples.get(str(annotation).replace(
                "typing.", ""), "wren"))
        text = event_text(minimal, kind(**fields))
        raw = next(f.default for f in fields_of(kind) if f.name == "type")
        raw = raw.replace("_", " ") + ":"
        assert not text.startswith(raw), text
        assert text.strip() and "{" not in text and "['" not in text, text  # no raw data


def test_the_terminal_shows_what_the_window_shows_by_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """c, e, l, m, i and ? show the characters' boards, the Event, the Locations, the map
    by direction, the introduction and the keys, in words; the actions are not listed
    again until the game moves on."""
    out = _typed(tmp_path, "c\ne\nl\nm\ni\n?\nq\n", capsys, monkeypatch)
    _only_text(out)
    assert "  Attributes: Aggression 0, Empathy 2, Courage 0, Caution 1, Logic 0, " \
        "Spirituality 2." in out
    assert "The Event of the Day: The Last Lit Stone." in out
    assert "101 Tallow Cross (Tamsin Vell):\n  Turf-roofed houses huddle" in out
    assert "  Location action: The Reeve's Larder, costs 1 Wealth, once a Day: Pay 1 Wealth to " \
        "buy 2 Food from the village stores." in out
    assert "Around Tamsin Vell at 101 Tallow Cross:\n  North: 102 The Crown of Nine; Tamsin " \
        "Vell may travel there." in out
    assert "On the island of Ennor the standing stones burn" in out
    assert "  m: the map around each character, by direction" in out
    assert out.count("1. Travel: Tamsin Vell from 101 Tallow Cross to 102 The Crown of Nine") == 1


@pytest.mark.parametrize(("typed", "said"), [
    ("99", "There is no action 99: choose one from 1 to 11, or ? for help."),
    ("xyz", "Nothing here is 'xyz': type the number of an action from 1 to 11, or ? for help."),
    ("trav", "'trav' could be 1. Travel: Tamsin Vell from 101 Tallow Cross to 102 The Crown "
             "of Nine, -1 Energy; 2."),
    ('{"type": "fly"}', "Not an action: there is no action 'fly'."),
    ('{"type": "travel", "hero": "tamsin"', "Not an action: it is not JSON."),
    ("crown trav", "Nothing here is 'crown trav'"),  # the words in their order
    ("-1", "There is no action -1: choose one from 1 to 11, or ? for help."),  # not "-1 Energy"
])
def test_what_is_typed_is_forgiven_with_a_clear_answer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    typed: str, said: str
) -> None:
    assert said in _typed(tmp_path, f"{typed}\nq\n", capsys, monkeypatch)


def test_the_first_letters_of_an_actions_words_take_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "ennor.grail"
    assert main(["new", str(save), "--hero", "tamsin", "--seed", "7"]) == 0
    monkeypatch.setattr("sys.stdin", io.StringIO("travel crown\nq\n"))
    assert main(["text", str(save)]) == 0
    assert "goes from 101 Tallow Cross to 102 The Crown of Nine." in capsys.readouterr().out
    assert saved(save).state.hero("tamsin").location == 102


def test_a_folder_that_cannot_be_written_says_so_before_the_new_game_questions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not after the heroes, the mode and the seed were asked: the menu says it at once and
    stays, for a save to go on with."""
    real = os.access
    monkeypatch.setattr(os, "access", lambda path, mode: False if Path(path) == tmp_path
                        else real(path, mode))
    assert _text("n\nq\n", monkeypatch, "--saves", str(tmp_path)) == 0
    out = capsys.readouterr().out
    assert f"No new game can be saved in {tmp_path}: its folder cannot be written" in out
    assert "Choose 1" not in out and "Heroes:" not in out  # no question was asked


def test_an_action_that_cannot_be_saved_is_not_taken_and_the_game_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk in the middle of a game: the action is refused in one line, nothing is
    lost, and the same action typed again once there is room is taken (as the window's
    "Try again")."""
    from grail.save import SaveError
    from grail.session import Session

    save = tmp_path / "ennor.grail"
    assert main(["new", str(save), "--hero", "tamsin", "--seed", "7"]) == 0
    capsys.readouterr()
    real, failed = Session.act, []

    def full_once(self: Session, action: object) -> object:
        if not failed:
            failed.append(action)
            raise SaveError(f"{save}: cannot write the save: the disk is full")
        return real(self, action)  # type: ignore[arg-type]

    monkeypatch.setattr(Session, "act", full_once)
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n1\nq\n"))
    assert main(["text", str(save)]) == 0
    assert f"Not taken: {save}: cannot write the save: the disk is full. Nothing was lost" \
        in capsys.readouterr().out
    assert len(saved(save).log) == 1


def test_an_empty_line_asks_again_quietly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Enter pressed on nothing, or on spaces, matches no action's words: the question is
    asked again, with no list of every action."""
    out = _typed(tmp_path, "\n   \nq\n", capsys, monkeypatch)
    assert "could be" not in out and "Nothing here" not in out
    assert out.count("Type a number, or ? for help.") == 3


@pytest.mark.parametrize("number", ["²", "٣", "1_0"], ids=["superscript", "arabic", "grouped"])
def test_a_number_is_typed_in_ascii_digits_or_asked_again(
        number: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Digits that are no ASCII decimal (a superscript, another script's, a grouped one) are
    no choice: at the menu, the heroes' list, the seed and the game's prompt each answer
    in words and ask again, with no traceback."""
    answers = f"n\n{number}\n1\n{number}\n\n\n{number}\n7\ngame\n{number}\nq\n"
    assert _text(answers, monkeypatch, "--saves", str(tmp_path)) == 0
    out = capsys.readouterr().out
    assert "Traceback" not in out
    assert "Choose 1 to 2 heroes: different numbers from 1 to 2." in out
    assert "Type 1, 2 or 3." in out and "Type digits only." in out
    assert "New game saved as game" in out
    assert saved(tmp_path / "game.grail").setup["seed"] == 7  # the seed typed right
    assert saved(tmp_path / "game.grail").log == []  # the prompt's answer took nothing
    assert main(["--lang", "en", "act", str(tmp_path / "game.grail"), number]) == 2
    assert "Traceback" not in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["new", str(tmp_path / "other.grail"), "--pack", str(MINIMAL), "--seed", number])
    assert "a seed is a whole number" in capsys.readouterr().err
