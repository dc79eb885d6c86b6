"""Playing from the command line: new, show, legal, act, replay (docs/cli.md)."""

from __future__ import annotations

import io
import json
import os
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from grail.cli import main
from grail.content import bundled_pack, load_pack
from grail.engine import death
from grail.engine.game import Game
from grail.save import SaveError, load_game, save_game
from grail.save.store import SaveFile, is_database

from .conftest import MINIMAL, saved


@pytest.fixture
def save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "game.grail"
    assert main(["new", str(path), "--pack", str(MINIMAL), "--hero", "wren", "--seed", "3"]) == 0
    capsys.readouterr()
    return path


def test_new_refuses_to_overwrite_and_unknown_heroes(
    save: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["new", str(save), "--pack", str(MINIMAL), "--hero", "wren"]) == 1
    assert "exists; use --force" in capsys.readouterr().err
    other = save.with_name("other.grail")
    assert main(["new", str(other), "--pack", str(MINIMAL), "--hero", "ren"]) == 1
    assert "no hero 'ren'" in capsys.readouterr().err and not other.exists()


def test_legal_lists_actions_that_act_accepts(
    save: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["legal", str(save), "--json"]) == 0
    actions = json.loads(capsys.readouterr().out)
    assert {"type": "pass", "hero": "wren"} in actions
    assert main(["act", str(save), json.dumps(actions[0]), "--json"]) == 0
    events = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert events[0] == {"type": "energy_spent", "hero": "wren", "amount": 1}
    assert main(["show", str(save)]) == 0
    assert "Energy 5" in capsys.readouterr().out
    assert main(["act", str(save), '{"type": "travel", "hero": "wren", "to": 101}']) == 0
    assert capsys.readouterr().out == "Wren of the Marsh spends 1 Energy.\nWren of the Marsh " \
        "goes from 102 Bell Hill to 101 The Crossing.\n"  # in words, by default


def test_act_by_number_and_choices_show_their_text(
    save: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["act", str(save), "5"]) == 0  # Explore
    capsys.readouterr()
    assert main(["legal", str(save)]) == 0
    assert "1. Wren of the Marsh chooses: Listen to the stone." in capsys.readouterr().out


@pytest.mark.parametrize("action", ['{"type": "travel", "hero": "wren", "to": 108}',
                                    '{"type": "fly"}', "99"])
def test_an_illegal_or_malformed_action_exits_2_and_keeps_the_save(
    save: Path, action: str, capsys: pytest.CaptureFixture[str]
) -> None:
    before = save.read_bytes()
    assert main(["act", str(save), action]) == 2
    err = capsys.readouterr().err
    assert err.startswith("grail: ") and err.count("\n") == 1
    assert save.read_bytes() == before


@pytest.mark.parametrize(("action", "said"), [
    ("-1", "no action -1: 'grail legal' lists 1 to "),
    ("[]", "not an action: an action is a JSON object naming its type"),
    ('"travel"', "not an action: an action is a JSON object naming its type"),
    ("1.5", "not an action: an action is a JSON object naming its type"),
    ("null", "not an action: an action is a JSON object naming its type"),
    ('{"type": "travel", "hero": "nobody", "to": 104}',
     "not allowed: there is no character 'nobody' in this game; the characters are Wren")])
def test_an_action_that_is_no_number_of_the_list_nor_an_object_says_what_an_action_is(
        save: Path, action: str, said: str, capsys: pytest.CaptureFixture[str]) -> None:
    """[DAY-3]: only the characters in the game act; and an action is typed as its number
    in 'grail legal' or as its JSON object, which one line says, exit 2."""
    assert main(["act", str(save), action]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and said in err


def test_a_new_save_in_a_folder_that_is_not_there_makes_no_folders(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "typo" / "game.grail"
    assert main(["new", str(path), "--pack", str(MINIMAL), "--hero", "wren"]) == 1
    assert capsys.readouterr().err == f"grail: there is no folder {path.parent} to hold " \
        "game.grail: make it first, or name a file in a folder that is there\n"
    assert not path.parent.exists()


@pytest.mark.parametrize(("count", "said"), [
    ("0", "undo takes back 1 action or more, not 0"),
    ("-1", "undo takes back 1 action or more, not -1"),
    ("9" * 20, "only 1 action can be undone, back to the last card turned or entry read")])
def test_undo_of_no_actions_or_past_the_reveal_says_why_in_one_line(
        save: Path, count: str, said: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["act", str(save), "1"]) == 0
    capsys.readouterr()
    before = save.read_bytes()
    assert main(["undo", str(save), count]) == 2
    assert capsys.readouterr().err == f"grail: {said}\n"
    assert save.read_bytes() == before


def test_replay_checks_the_state_hash(save: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for _ in range(4):
        assert main(["act", str(save), "1"]) == 0
    capsys.readouterr()
    assert main(["replay", str(save)]) == 0
    assert "4 actions and 0 chance outcomes replay to the same state" in capsys.readouterr().out


def test_a_companion_game_asks_the_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "table.json"
    assert main(["new", str(path), "--pack", str(MINIMAL), "--hero", "wren", "--companion"]) == 0
    assert "the table answers every draw and roll" in capsys.readouterr().out
    for action in ('{"type": "travel", "hero": "wren", "to": 104}',
                   '{"type": "activate_menhir", "hero": "wren"}',  # a Quest met: 3 Exp
                   '{"type": "pass", "hero": "wren"}', '{"type": "rest", "hero": "wren", "eat": true}'):
        assert main(["act", str(path), action]) == 0
    capsys.readouterr()
    assert main(["act", str(path), '{"type": "deck_upgrade", "hero": "wren", "deck": "combat"}',
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[-1]) == {
        "type": "chance_asked", "point": "draw from the Advanced combat pool",
        "options": ["combat-4v", "wren-combat-1v"]}
    assert main(["show", str(path)]) == 0
    assert "Waiting for the table: draw from the Advanced Combat pool" in capsys.readouterr().out
    assert main(["legal", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[1] == {
        "type": "chance", "point": "draw from the Advanced combat pool", "outcome": "wren-combat-1v"}
    assert main(["act", str(path), "2"]) == 0
    assert main(["legal", str(path)]) == 0  # the other card came up by itself: keep one
    assert "2. Upgrade: Wren of the Marsh keeps Marsh Trick" in capsys.readouterr().out
    assert main(["replay", str(path)]) == 0
    assert "5 actions and 2 chance outcomes replay" in capsys.readouterr().out


def test_a_checkpoint_kept_while_the_table_is_asked_leaves_the_save_whole(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A checkpoint (or Save as) taken while a companion game waits for the table keeps a
    snapshot between an action and its chance outcomes; the save goes on opening, and the
    checkpoint plays again, once the table answers."""
    path = tmp_path / "table.grail"
    assert main(["new", str(path), "--pack", str(MINIMAL), "--hero", "wren", "--companion"]) == 0
    for action in ('{"type": "travel", "hero": "wren", "to": 104}',
                   '{"type": "activate_menhir", "hero": "wren"}',
                   '{"type": "pass", "hero": "wren"}', '{"type": "rest", "hero": "wren", "eat": true}',
                   '{"type": "deck_upgrade", "hero": "wren", "deck": "combat"}'):
        assert main(["act", str(path), action]) == 0
    assert main(["checkpoint", str(path), "asked"]) == 0
    assert main(["act", str(path), "2"]) == 0
    capsys.readouterr()
    assert main(["show", str(path)]) == 0
    assert "Waiting for Wren of the Marsh: which card to keep" in capsys.readouterr().out
    assert main(["replay", str(path)]) == 0
    assert "5 actions and 2 chance outcomes replay" in capsys.readouterr().out
    assert main(["restore", str(path), "asked", str(tmp_path / "again.grail")]) == 0
    capsys.readouterr()
    assert main(["show", str(tmp_path / "again.grail")]) == 0
    assert "Waiting for the table: draw from the Advanced Combat pool" in capsys.readouterr().out


def test_show_of_a_damaged_save_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{}")
    assert main(["show", str(path)]) == 1
    assert capsys.readouterr().err == f"grail: {path}: not a grail save\n"


def test_undo_and_checkpoint(save: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["act", str(save), '{"type": "travel", "hero": "wren", "to": 104}']) == 0
    assert main(["act", str(save), '{"type": "travel", "hero": "wren", "to": 101}']) == 0
    capsys.readouterr()
    assert main(["undo", str(save)]) == 0
    assert capsys.readouterr().out == "undone: Travel: Wren of the Marsh from 104 The Leaning Stone to 101 " \
        "The Crossing, -1 Energy\n"
    assert main(["undo", str(save)]) == 2  # the first Travel revealed 107
    assert capsys.readouterr().err == "grail: nothing to undo: the last action (Travel: Wren " \
        "of the Marsh to 104 The Leaning Stone, -1 Energy) revealed something (a card " \
        "turned, an entry read, a draw or a roll)\n"
    assert main(["checkpoint", str(save), "before-ridge"]) == 0
    assert "checkpoint 'before-ridge' of Day 1 kept in" in capsys.readouterr().out
    assert main(["checkpoint", str(save), "../escape"]) == 1
    assert main(["act", str(save), '{"type": "travel", "hero": "wren", "to": 101}']) == 0
    assert main(["marks", str(save)]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith(
        "before-ridge: checkpoint of Day 1, made ")
    copy = save.with_name("copy.grail")
    assert main(["restore", str(save), "before-ridge", str(copy)]) == 0
    assert saved(copy).state.hero("wren").location == 104
    assert saved(save).state.hero("wren").location == 101  # the save itself goes on
    assert main(["restore", str(save), "before-ridge", str(copy)]) == 1  # never overwritten
    assert main(["restore", str(save), "nothing", str(save.with_name("x.grail"))]) == 1
    assert "keeps no checkpoint or autosave 'nothing' (it keeps: before-ridge)" in \
        capsys.readouterr().err


def test_text_mode_plays_from_standard_input(
    save: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("5\n1\nx\nq\n"))  # explore, listen, nonsense
    assert main(["text", str(save)]) == 0
    out = capsys.readouterr().out
    assert "[101] The stone at the crossing hums when you touch it." in out
    assert "1. Wren of the Marsh chooses: Listen to the stone." in out
    assert "[101.1] A voice in the stone names a place under the hill." in out
    assert "Nothing here is 'x': type the number of an action from 1 to " in out
    assert saved(save).state.heroes[0].secrets == [1]


def test_each_start_of_day_keeps_an_autosave_and_only_five(
    save: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for _ in range(7):  # pass and rest: a new Day each time
        assert main(["act", str(save), '{"type": "pass", "hero": "wren"}']) == 0
        assert main(["act", str(save), "1"]) == 0
    capsys.readouterr()
    with closing(SaveFile.open(save)) as file:
        kept = sorted((mark.name, mark.kind, mark.day) for mark in file.marks())
    assert kept == [(f"day{day:04d}", "autosave", day) for day in range(4, 9)]


def test_a_team_forming_shows_in_the_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:  # [TEAM-1]
    path = tmp_path / "team.json"
    assert main(["new", str(path), "--pack", str(MINIMAL), "--hero", "wren", "--hero", "yew"]) == 0
    assert main(["act", str(path), '{"type": "travel", "hero": "wren", "to": 102}']) == 0
    assert main(["act", str(path), '{"type": "join", "hero": "yew"}']) == 0
    capsys.readouterr()
    assert main(["show", str(path)]) == 0
    assert "Team forming: Travel to 102 Bell Hill, Wren of the Marsh, Yew the Ferry-Keeper" \
        in capsys.readouterr().out
    assert main(["legal", str(path)]) == 0
    assert "Team: Yew the Ferry-Keeper leaves before the action starts" in capsys.readouterr().out


def test_a_save_whose_pack_changed_goes_on_with_a_note(
    minimal_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.grail"
    assert main(["new", str(path), "--pack", str(minimal_copy), "--hero", "wren"]) == 0
    entry = minimal_copy / "journal" / "101.yaml"
    entry.write_text(entry.read_text().replace("hums", "sings"))
    capsys.readouterr()
    assert main(["act", str(path), "5"]) == 0  # explore: the new text is read
    captured = capsys.readouterr()
    assert captured.err.startswith(f"grail: note: {path}: the content of campaign 'minimal' "
                                   "changed since this save") and captured.err.count("\n") == 2
    kept = next(found.name for found in tmp_path.iterdir() if ".before-" in found.name)
    assert captured.err.endswith(f"grail: note: The save as it was is kept as {kept}.\n")
    assert "The stone at the crossing sings" in captured.out
    assert main(["show", str(path)]) == 0
    assert capsys.readouterr().err == ""  # saved since: up to date


def _saved_by_hand(game: Game, path: Path) -> Path:
    """A game of the minimal pack whose state was set by hand, saved as JSON (its state as
    it is, not replayed) for the commands to open."""
    game.setup["pack"] = str(MINIMAL)
    save_game(game, path)
    return path


def _lost_by_hand(path: Path) -> Path:
    """A solo game lost on Day 1, its only character dead, waiting on Mother's Mercy."""
    campaign = load_pack(MINIMAL)
    game = Game.new(campaign, ["wren"], seed=1)
    death.die(campaign, game.state, game.state.hero("wren"))  # solo: the game is lost
    game.refresh()
    return _saved_by_hand(game, path)


def test_a_lost_campaign_says_when_and_by_whose_death_and_that_nothing_is_left(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:  # [DEATH-2], [DEATH-6], [MERCY-1]
    path = _lost_by_hand(tmp_path / "lost.json")
    capsys.readouterr()
    assert main(["show", str(path)]) == 0
    assert "Waiting for the player: the game is lost on Day 1, when Wren of the Marsh " \
        "died: ask for Mother's Mercy, or end the campaign" in capsys.readouterr().out
    assert main(["act", str(path), '{"type": "end_campaign"}']) == 0
    capsys.readouterr()
    over = "The campaign is over: lost on Day 1, when Wren of the Marsh died."
    assert main(["legal", str(path)]) == 0
    assert capsys.readouterr() == ("", f"grail: {over}\n")
    assert main(["act", str(path), "1"]) == 2
    assert capsys.readouterr().err == f"grail: {over} No action is left.\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # nothing to type: it says so and ends
    assert main(["text", str(path)]) == 0
    out = capsys.readouterr().out  # but for taking back the end, as the commands may
    assert out.rstrip().endswith(f"{over}\nType u to take back the last action, or "
                                 "anything else to quit.") and out.count(over) == 1


def test_the_terminal_asks_before_the_campaign_ends_and_may_take_it_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:  # [MERCY-1], [DEATH-6]
    path = _lost_by_hand(tmp_path / "lost.grail")
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.StringIO("2\nn\n2\nyes\nx\n"))
    assert main(["text", str(path)]) == 0
    out = capsys.readouterr().out
    asked = "Mercy: refused, the campaign ends? Type y if you mean it, anything else not to."
    assert out.count(asked) == 2 and out.count("Not taken.") == 1
    assert out.count("The campaign is over: lost on Day 1") == 1  # then x: not u, it ends
    assert saved(path).state.outcome == "lost"
    monkeypatch.setattr("sys.stdin", io.StringIO("u\nq\n"))
    assert main(["text", str(path)]) == 0
    assert "Undone: Mercy: refused, the campaign ends" in capsys.readouterr().out
    assert saved(path).state.stage == "mercy" and saved(path).log == []


def test_a_dying_character_shows_as_dying_in_words_and_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:  # [DEATH-1]
    game = Game.new(load_pack(MINIMAL), ["wren", "yew"], seed=1)
    game.state.hero("wren").health = 0
    game.settle()
    path = _saved_by_hand(game, tmp_path / "dying.json")
    capsys.readouterr()
    assert main(["show", str(path)]) == 0
    wren = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("Wren"))
    assert wren.endswith("(dying: heal above 0 Health, or die on losing Health while dying or "
                         "still at 0 Health after resting; may not join a team, explore)")
    assert main(["show", str(path), "--json"]) == 0
    heroes = json.loads(capsys.readouterr().out)["heroes"]
    assert [(hero["id"], hero["dying"]) for hero in heroes] == [("wren", True), ("yew", False)]


def test_export_and_import_carry_a_save_as_one_json_file(
    save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["act", str(save), '{"type": "travel", "hero": "wren", "to": 104}']) == 0
    shared, back = tmp_path / "shared.json", tmp_path / "back.grail"
    assert main(["export", str(save), str(shared)]) == 0
    data = json.loads(shared.read_text())
    assert data["format"] == 5 and data["setup"]["seed"] == 3 and "checksum" in data
    assert main(["import", str(shared), str(back)]) == 0
    assert saved(back).state_hash() == saved(save).state_hash()
    assert saved(back).log == saved(save).log
    assert main(["import", str(shared), str(back)]) == 1  # never overwritten unasked
    assert "exists; use --force" in capsys.readouterr().err
    assert main(["replay", str(back)]) == 0
    (tmp_path / "file").write_text("")
    assert main(["export", str(save), str(tmp_path / "file" / "x.json")]) == 1
    assert capsys.readouterr().err.startswith("grail: ")


def test_export_never_overwrites_a_save_unasked_nor_the_save_it_reads(
    save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Nothing kept is lost to a slip: another save named as the file to write is refused
    without --force, the save itself even with it, and a mistyped folder is not made."""
    other = tmp_path / "other.grail"
    assert main(["new", str(other), "--pack", str(MINIMAL), "--hero", "yew"]) == 0
    kept = other.read_bytes()
    capsys.readouterr()
    assert main(["export", str(save), str(other)]) == 1
    assert capsys.readouterr().err == f"grail: {other} exists; use --force to overwrite it\n"
    assert other.read_bytes() == kept
    for command in (["export", str(save), str(save), "--force"],
                    ["restore", str(save), "start", str(save), "--force"],
                    ["import", str(save), str(save), "--force"]):
        before = save.read_bytes()
        assert main(command) == 1
        assert capsys.readouterr().err == \
            f"grail: {save} is the file read: name another file to write\n"
        assert save.read_bytes() == before
    missing = tmp_path / "typo" / "shared.json"
    assert main(["export", str(save), str(missing)]) == 1
    assert "there is no folder" in capsys.readouterr().err and not missing.parent.exists()
    os.mkfifo(tmp_path / "pipe")  # as a device would be: never replaced by a file
    (tmp_path / "folder").mkdir()
    (tmp_path / "link.json").symlink_to(other)
    for special in (tmp_path / "pipe", tmp_path / "folder", tmp_path / "link.json"):
        assert main(["export", str(save), str(special), "--force"]) == 1
        assert capsys.readouterr().err == \
            f"grail: {special} is not a plain file: name a file to write\n"
    assert (tmp_path / "pipe").is_fifo() and other.read_bytes() == kept
    assert main(["export", str(save), str(other), "--force"]) == 0  # asked: overwritten
    assert json.loads(other.read_text())["setup"]["heroes"] == ["wren"]


def test_an_older_json_save_becomes_a_save_on_its_first_write(
    save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """SAVE may be any path, .json included: reading an older JSON save never writes it;
    the first action saved converts it, the JSON file kept beside as it was."""
    old = tmp_path / "old.json"
    assert main(["export", str(save), str(old)]) == 0
    before = old.read_bytes()
    assert main(["show", str(old)]) == 0 and main(["legal", str(old)]) == 0
    assert old.read_bytes() == before
    assert main(["act", str(old), '{"type": "travel", "hero": "wren", "to": 104}']) == 0
    assert is_database(old) and (tmp_path / "old.format5.json").read_bytes() == before
    assert saved(old).state.hero("wren").location == 104
    assert main(["replay", str(old)]) == 0


def test_an_autosave_that_fails_is_a_warning_and_the_action_stands(
    save: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new Day's autosave cannot be written: the action was saved all the same, exit 0,
    and a warning says so; retrying would not apply it twice."""
    def full(*args: object) -> None:
        raise SaveError(f"{save}: cannot write the save: the disk is full")

    monkeypatch.setattr(SaveFile, "mark", full)
    assert main(["act", str(save), '{"type": "pass", "hero": "wren"}']) == 0
    capsys.readouterr()
    before = len(saved(save).log)
    assert main(["act", str(save), "1"]) == 0  # the rest that begins Day 2
    err = capsys.readouterr().err
    assert err == f"grail: Warning: no autosave of Day 2: {save}: cannot write the save: the " \
        "disk is full\n"
    game = saved(save)
    assert game.state.day == 2 and len(game.log) > before
    monkeypatch.undo()
    with closing(SaveFile.open(save)) as file:
        assert file.marks() == []


def test_a_saves_pack_is_looked_at_only_once_the_file_is_known_intact(
    save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch
) -> None:
    """A tampered file naming /usr as its pack: refused for what it is, and /usr never
    walked."""
    shared = tmp_path / "shared.json"
    assert main(["export", str(save), str(shared)]) == 0
    data = json.loads(shared.read_text())
    data["setup"]["pack"] = "/usr"
    shared.write_text(json.dumps(data))  # the checksum no longer matches
    walked: list[object] = []
    monkeypatch.setattr("grail.cli.game.open_pack", lambda pack: walked.append(pack))
    capsys.readouterr()
    assert main(["show", str(shared)]) == 1
    assert "checksum mismatch" in capsys.readouterr().err and walked == []


def test_replay_says_which_action_of_the_log_breaks_which_rule(
        save: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A save whose log does not replay does not open, and says 'grail replay' shows where:
    it does, playing the log before opening the save."""
    assert main(["act", str(save), '{"type": "travel", "hero": "wren", "to": 104}']) == 0
    with closing(sqlite3.connect(save)) as db:
        db.execute("INSERT INTO entries (kind, body) VALUES ('action', ?)",
                   ('{"type": "travel", "hero": "wren", "to": 199}',))
        db.commit()
    capsys.readouterr()
    assert main(["show", str(save)]) == 1
    assert "'grail replay' shows where" in capsys.readouterr().err
    assert main(["replay", str(save)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f'grail: {save}: the log does not replay: its action 2: '
                          '{"type":"travel","hero":"wren","to":199}: not allowed')
    assert "(its rule ACT-TRAVEL-1)" in err and err.count("\n") == 1


def test_act_says_a_step_that_changes_nothing_yet_in_its_own_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:  # [TEAM-1], [TEAM-2]
    """A team's action begun waits on who pays what: no meter moved, no event; act says
    the step taken rather than nothing."""
    path = tmp_path / "team.grail"
    assert main(["new", str(path), "--pack", str(MINIMAL), "--hero", "wren", "--hero", "yew"]) == 0
    for action in ('{"type": "location_action", "hero": "wren"}', '{"type": "join", "hero": "yew"}'):
        assert main(["act", str(path), action]) == 0
    capsys.readouterr()
    assert main(["act", str(path), '{"type": "begin", "hero": "wren"}']) == 0
    assert capsys.readouterr().out == "Team: Wren of the Marsh's action starts with the team " \
        "as it is.\n"


def test_an_undo_at_the_end_that_cannot_be_saved_says_so_and_loses_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:  # [DEATH-6]: a full disk as the campaign's end is taken back
    from grail.save import SaveError
    from grail.session import Session

    path = _lost_by_hand(tmp_path / "lost.grail")
    assert main(["act", str(path), '{"type": "end_campaign"}']) == 0
    before = path.read_bytes()
    capsys.readouterr()

    def full(self: Session, count: int = 1) -> str:
        raise SaveError(f"{path}: cannot write the save: the disk is full")

    monkeypatch.setattr(Session, "undo", full)
    monkeypatch.setattr("sys.stdin", io.StringIO("u\n"))
    assert main(["text", str(path)]) == 0
    assert capsys.readouterr().out.rstrip().endswith(
        f"Not undone: {path}: cannot write the save: the disk is full. Nothing was lost.")
    assert path.read_bytes() == before


def test_a_new_game_and_its_summary_show_the_event_of_the_day(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:  # [SETUP-W10], [DAY-START-5]
    """The story's first page is the first Day's Event: ``grail new`` prints it whole, and
    ``grail show`` names the Event face up, as the window's day panel does."""
    path = tmp_path / "game.grail"
    assert main(["new", str(path), "--hero", "tamsin", "--seed", "3"]) == 0
    campaign = load_pack(bundled_pack())
    event = campaign.event[load_game(path, campaign).state.event]
    out = capsys.readouterr().out.splitlines()
    assert out[1:] == [f"The Event of the Day: {event.title}.", event.text.strip()]
    assert main(["show", str(path)]) == 0
    assert f"\nEvent of the Day: {event.title}\n" in capsys.readouterr().out
