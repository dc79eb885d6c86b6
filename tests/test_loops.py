"""Content cannot hang grail: validate refuses the loops of automatic steps it can prove,
and the engine stops any run of steps past a fixed limit, naming the entries [JOURNAL-1]."""

from __future__ import annotations

from pathlib import Path

import pytest

from grail.cli import main
from grail.content import check_pack, load_pack
from grail.engine.actions import Explore
from grail.engine.game import Game
from grail.engine.journal import ContentLoop
from grail.engine.trying import try_entry
from grail.words.refusals import loop_words

from .conftest import saved

HIDDEN_LOOP = '''  "902":
    text: The bell tower, the stair, the bell tower.
    effects:
      - if: {status: bell-rung}
        then: [{goto: "903"}]
      - goto: "902"
  "903":
    text: The bell.
    effects: [{end_exploration: true}]
'''
"""902 goes round until a Status nothing marks: validate cannot prove it a loop."""


def _write(pack: Path, entries: str) -> None:
    (pack / "journal" / "loops.yaml").write_text("entries:\n" + entries)


def _loop_in_101(pack: Path) -> None:
    """Exploring 101 reads 101, which goes round to itself while a Status stays unmarked."""
    entry = pack / "journal" / "101.yaml"
    entry.write_text(entry.read_text().replace(
        "      - choose:\n          - text: Listen to the stone.",
        "      - if: {status: bell-rung}\n        then: [{goto: \"101.1\"}]\n"
        "      - goto: \"101\"\n      - choose:\n          - text: Listen to the stone.", 1))


def test_a_loop_a_player_can_leave_is_valid(minimal_copy: Path) -> None:
    """A choice, an option's condition or cost, or an 'if' that may turn aside breaks it."""
    _write(minimal_copy, '''  "900":
    text: The stile again.
    effects:
      - choose:
          - {text: Go round again., effects: [{goto: "901"}]}
          - {text: Climb over., effects: [{end_exploration: true}]}
  "901":
    text: The field again.
    effects: [{goto: "900"}]
''' + HIDDEN_LOOP)
    assert check_pack(minimal_copy).problems == []


def test_the_engine_stops_a_loop_validate_cannot_see(minimal_copy: Path) -> None:
    """902 goes round until a Status no one marks: it would hang; it stops, named."""
    _write(minimal_copy, HIDDEN_LOOP)
    campaign = load_pack(minimal_copy)
    with pytest.raises(ContentLoop) as stopped:
        try_entry(campaign, "wren", "902", seed=1)
    assert (stopped.value.way, stopped.value.run) == (["902"], None)
    assert "without a decision, going round through entry 902: a loop" in loop_words(
        campaign, stopped.value)


def test_a_loop_reached_by_an_action_is_refused_in_one_line_and_nothing_is_saved(
        minimal_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _loop_in_101(minimal_copy)
    assert check_pack(minimal_copy).problems == []
    save = tmp_path / "game.grail"
    assert main(["new", str(save), "--pack", str(minimal_copy), "--hero", "wren"]) == 0
    before = save.read_bytes()
    capsys.readouterr()
    assert main(["act", str(save), '{"type": "explore", "hero": "wren"}']) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("grail: the story ran 10,000 steps without a decision, going round "
                          "through entry 101: a loop in the campaign's content; the action was not "
                          "taken")
    assert save.read_bytes() == before
    assert saved(save).state.day == 1


def test_try_at_a_loop_says_so_in_one_line(
        minimal_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _write(minimal_copy, HIDDEN_LOOP)
    assert main(["text", "--pack", str(minimal_copy), "--at", "902"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "going round through entry 902" in err


def test_an_action_that_meets_a_loop_leaves_the_game_as_it_was(minimal_copy: Path) -> None:
    _loop_in_101(minimal_copy)
    game = Game.new(load_pack(minimal_copy), ["wren"], seed=1)
    before, legal = game.state_hash(), game.legal_actions()
    with pytest.raises(ContentLoop):
        game.apply(Explore(hero="wren"))
    assert game.state_hash() == before and game.legal_actions() == legal and game.log == []


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_loop_met_in_a_balance_run_names_its_way_and_the_run(
        workers: str, minimal_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """From a worker process the loop came back spelt letter by letter ("going round
    through t, h, e, ..."); each way, it names the entries and which run met it, not an
    action that was not taken."""
    _loop_in_101(minimal_copy)
    assert main(["balance", str(minimal_copy), "--n", "2", "--runs", "2", "--seed", "1",
                 "--workers", workers]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("grail: the story ran 10,000 steps without a decision, going round "
                          "through entry 101: a loop in the campaign's content, met by Wren of the "
                          "Marsh's campaign run from seed ")
    assert "campaign run from seed" in err and "action" not in err
