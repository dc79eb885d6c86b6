"""Save formats: a fixture save per format loads and plays on; each migration step is tested.
Formats 1 to 5 are JSON envelopes (migrations.FORMAT is the last); from 6 a save is a
database (store.FORMAT).

``python -m tests.test_save_formats`` writes the fixture of the current format if it is
missing (after adding a format: see grail/save/migrations.py). Fixtures are never rewritten:
each is a save exactly as that format's grail wrote it.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from grail.content import Campaign, load_pack
from grail.engine.actions import Action, LocationAction, PlayCard, Rest
from grail.engine.game import Game
from grail.engine.state import GameState
from grail.save import SaveError, load_game, migrations, save_game, store
from grail.save.checksum import canonical_checksum
from grail.save.migrations import FORMAT, migrate
from grail.save.store import is_database
from grail.session import Session

from .conftest import MINIMAL

SAVES = Path(__file__).parent / "saves"


def fixture(format_: int) -> Path:
    """The fixture of a format: a JSON envelope up to format 5, a database after."""
    return SAVES / f"format-{format_}.{'json' if format_ <= FORMAT else 'grail'}"


def test_every_format_has_a_fixture_save() -> None:
    assert sorted(SAVES.glob("format-*")) == sorted(fixture(n)
                                                    for n in range(1, store.FORMAT + 1))


@pytest.mark.parametrize("format_", range(1, store.FORMAT + 1))
def test_a_fixture_of_each_format_loads_and_plays_on(
    minimal: Campaign, tmp_path: Path, format_: int
) -> None:
    """Opening never writes; the first action saved makes an older JSON save a save of this
    format, the JSON file kept beside it as it was."""
    path = Path(shutil.copy(fixture(format_), tmp_path / fixture(format_).name))
    notes: list[str] = []
    game = load_game(path, minimal, notes)
    assert path.read_bytes() == fixture(format_).read_bytes()  # reading never writes
    if format_ <= FORMAT:
        saved = json.loads(path.read_text())
        # the pack changes over time: then the game goes on from its snapshot, with a note
        assert bool(notes) == (saved["pack"]["hash"] != minimal.digest)
        snapshot = GameState.model_validate(migrate({**saved, "checksum": None})["state"])
        assert game.state == snapshot.model_copy(update={"undo_floor": game.state.undo_floor})
    session = Session.open(path, minimal)
    day = game.state.day
    for _ in range(100):  # play on to the next Start of Day (the autosave point)
        actions = session.legal()  # end the Day: pass, rest and finish when one may
        session.act(next((a for a in actions
                          if a.type in ("pass", "rest", "finish_upgrades")), actions[0]))
        if session.game.state.day > day:
            break
    assert session.game.state.day == day + 1
    session.close()
    again = load_game(path, minimal, notes := [])
    assert notes == [] and is_database(path)
    assert again.state == session.game.state
    assert Game.replay(minimal, again.setup, again.log).state_hash() == again.state_hash()
    kept = sorted(p.name for p in tmp_path.iterdir() if p.name != path.name)
    if format_ <= FORMAT:
        assert len(kept) == 1 and kept[0].startswith(f"{path.stem}.format{format_}")
        assert (tmp_path / kept[0]).read_bytes() == fixture(format_).read_bytes()
    elif bool(load_game(fixture(format_), minimal, notes := []) and notes):
        assert len(kept) == 1 and ".before-" in kept[0]  # content changed since: kept too
    else:
        assert kept == []


def test_the_format_1_fixture_is_day_3_with_a_journal_choice_waiting(minimal: Campaign) -> None:
    game = load_game(fixture(1), minimal)
    assert (game.state.day, game.state.stage, game.state.hero("wren").secrets) == (3, "day", [1])
    assert game.legal_actions()[0].type == "choose"


def test_an_old_save_is_checked_as_its_format_computed_its_checksum(tmp_path: Path,
                                                                    minimal: Campaign) -> None:
    data = json.loads(fixture(1).read_text())
    body = {key: value for key, value in data.items() if key != "checksum"}
    assert data["checksum"] == canonical_checksum(body)
    data["state"]["heroes"][0]["exp"] = 50  # tampered, old checksum kept
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="checksum mismatch"):
        load_game(path, minimal)
    data["checksum"] = canonical_checksum({k: v for k, v in data.items() if k != "checksum"})
    path.write_text(json.dumps(data, indent=2))  # format 1's checksum ignores layout
    assert load_game(path, minimal).state.hero("wren").exp == 50


def test_a_format_2_save_is_checked_byte_for_byte(tmp_path: Path, minimal: Campaign) -> None:
    data = json.loads(fixture(2).read_text())
    path = tmp_path / "indented.json"
    path.write_text(json.dumps(data, indent=2))  # same data, other bytes
    with pytest.raises(SaveError, match="checksum mismatch"):
        load_game(path, minimal)


def test_step_1_to_2_changes_only_the_format_number() -> None:
    body = {key: value for key, value in json.loads(fixture(1).read_text()).items()
            if key != "checksum"}
    assert migrations.STEPS[1](body) == {**body, "format": 2}


def test_step_2_to_3_goes_on_from_the_state_keeping_the_old_log_beside() -> None:
    body = {key: value for key, value in json.loads(fixture(2).read_text()).items()
            if key != "checksum"}
    new = migrations.STEPS[2](body)
    assert new["format"] == 3 and new["log"] == [] and new["setup"]["companion"] is False
    assert new["setup"]["earlier"]["log"] == body["log"] and body["log"]
    assert new["setup"]["start"] == new["state"] and new["state"]["undo_floor"] == 0
    assert new["state"]["random_events"] == sorted(body["state"]["random_events"])
    assert new["state"]["encounter_decks"] == body["state"]["encounter_decks"]  # known places


def test_the_format_3_fixture_waits_for_the_table(minimal: Campaign) -> None:
    game = load_game(fixture(3), minimal)
    assert game.state.companion and game.state.chance is not None
    assert [a.type for a in game.legal_actions()] == ["chance"]


def test_the_format_4_fixture_is_in_the_middle_of_a_fight(minimal: Campaign) -> None:
    game = load_game(fixture(4), minimal)
    encounter = game.state.encounter
    assert encounter is not None and (encounter.id, encounter.step) == ("green-boar", "play")
    assert len(encounter.sequence) == 1 and encounter.active == "wren"
    assert Game.replay(minimal, game.setup, game.log).state_hash() == game.state_hash()


def test_a_game_waiting_for_an_encounter_outcome_goes_on_with_the_fight(
        minimal: Campaign, tmp_path: Path) -> None:
    """Format 3 decided an Encounter by a won/lost outcome; format 4 plays it: the fight
    waiting starts afresh, on the frames that began it, and the game goes on from its state."""
    body = json.loads(fixture(3).read_text())
    del body["checksum"]
    body["state"]["encounter"] = {"id": "green-boar", "heroes": ["wren"], "origin": None,
                                  "location": 101}
    body["log"].append({"type": "encounter_outcome", "won": True})
    migrated = migrations.STEPS[3](body)
    assert migrated["log"] == [] and migrated["setup"]["earlier"]["log"] == body["log"]
    state = GameState.model_validate(migrated["state"])
    assert state.encounter is not None and state.encounter.step == "equipment"
    assert state.encounter.team == ["wren"] and state.encounter.floor == len(state.frames)
    untouched = {**body, "log": [], "state": {**body["state"], "encounter": None}}
    assert migrations.STEPS[3](untouched) == {**untouched, "format": 4}


@pytest.mark.parametrize(("teamed", "heroes"), [
    ({"type": "character_action", "hero": "wren"}, ["wren"]),
    ({"type": "activate_menhir", "hero": "wren"}, ["wren"]),
    ({"type": "choose", "hero": "wren", "option": 0}, ["wren", "yew"]),
    ({"type": "rest", "hero": "wren", "eat": True}, ["wren"]),
])
def test_step_4_to_5_goes_on_from_the_state_after_a_teamed_action(
        minimal: Campaign, teamed: dict[str, Any], heroes: list[str]) -> None:
    """Format 5 lets teammates help pay a character action, a Menhir or a journal option
    [ACT-CHAR-2], [TEAM-6], and prices Attribute points by points alone at the End of Day
    [UPG-5]: a log holding one of these may not replay, so the game goes on from its state;
    other saves only change number."""
    body = {key: value for key, value in json.loads(fixture(4).read_text()).items()
            if key != "checksum"}
    assert migrations.STEPS[4](body) == {**body, "format": 5}
    solo_choice = {**body, "log": [{"type": "choose", "hero": "wren", "option": 0}]}
    assert migrations.STEPS[4](solo_choice)["log"] == solo_choice["log"]  # nobody to help
    body["setup"] = {**body["setup"], "heroes": heroes}
    body["log"] = [teamed, *body["log"]]
    new = migrations.STEPS[4](body)
    assert new["format"] == 5 and new["log"] == [] and new["setup"]["earlier"]["log"] == body["log"]
    assert new["setup"]["start"] == new["state"] and new["state"]["undo_floor"] == 0
    game = Game.replay(minimal, new["setup"], [])
    assert game.state == GameState.model_validate(new["state"])


def test_a_challenge_log_goes_on_from_its_state_in_format_5() -> None:
    """The Challenge's cap and shorter Menhirs now reach trades, the Loot and the Menhirs a
    card lights [MODE-CHALLENGE-6], [MODE-CHALLENGE-9]: an older Challenge log may not
    replay."""
    body = {key: value for key, value in json.loads(fixture(4).read_text()).items()
            if key != "checksum"}
    body["setup"] = {**body["setup"], "mode": "challenge"}
    new = migrations.STEPS[4](body)
    assert new["log"] == [] and new["setup"]["earlier"]["log"] == body["log"]


def test_a_game_waiting_for_the_table_keeps_the_action_at_the_head_of_its_log(
        minimal: Campaign) -> None:
    """The format-3 fixture, a companion game stopped inside Wren's rest, reached an End of
    Day: it goes on from its state, the rest and its answers heading the new log."""
    body = {key: value for key, value in json.loads(fixture(3).read_text()).items()
            if key != "checksum"}
    new = migrations.STEPS[4](migrations.STEPS[3](body))
    assert new["log"] == [{"type": "rest", "hero": "wren", "eat": True}]
    assert new["state"]["chance"] is not None and new["setup"]["start"]["chance"] is None
    game = Game.replay(minimal, new["setup"],
                       [Action.from_json(json.dumps(entry)) for entry in new["log"]])
    assert game.log[0] == Rest(hero="wren", eat=True)  # replays from the state before it


def test_a_game_waiting_for_the_table_inside_a_character_action_waits_before_it(
        minimal: Campaign) -> None:
    body = {key: value for key, value in json.loads(fixture(3).read_text()).items()
            if key != "checksum"}
    action = {"type": "character_action", "hero": "wren"}
    body = {**body, "format": 4, "log": [action],
            "state": {**body["state"], "chance": {**body["state"]["chance"], "action": action}}}
    new = migrations.STEPS[4](body)
    assert new["state"]["chance"] is None and new["log"] == []
    assert Game.replay(minimal, new["setup"], []).legal_actions()  # the table is asked nothing


def test_the_chain_runs_each_step_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    def step(number: int) -> Callable[[dict[str, Any]], dict[str, Any]]:
        return lambda body: {**body, "format": number + 1, "seen": [*body["seen"], number]}

    monkeypatch.setattr(migrations, "STEPS", {1: step(1), 2: step(2), 3: step(3)})
    monkeypatch.setattr(migrations, "FORMAT", 4)
    assert migrate({"format": 2, "seen": []}) == {"format": 4, "seen": [2, 3]}
    monkeypatch.setattr(migrations, "STEPS", {1: lambda body: body, 2: step(2), 3: step(3)})
    with pytest.raises(AssertionError, match="from format 1 did not give format 2"):
        migrate({"format": 1, "seen": []})


def write_fixture() -> Path:
    """The current format's fixture: the minimal pack, Wren, seed 3, in the middle of the
    Boar's fight that her Location action began, one card played. Refuses to replace an
    existing fixture. (Formats 1 and 2 were written by their own grail; format 3's was a
    companion game at the start of Day 2, waiting for the table to reveal a Random Event;
    formats 4, 5 (a JSON envelope) and 6 (a database) were written by this function.)"""
    target = fixture(store.FORMAT)
    if target.exists():
        raise SystemExit(f"{target} exists; fixtures are never rewritten")
    game = Game.new(load_pack(MINIMAL), ["wren"], seed=3)
    game.apply(LocationAction(hero="wren"))  # her whole deck in hand: no mulligan [COMBAT-4]
    game.apply(next(a for a in game.legal_actions() if isinstance(a, PlayCard)))
    save_game(game, target)
    return target


if __name__ == "__main__":
    print(write_fixture())
