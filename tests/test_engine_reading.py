"""Engine values read back from grail's own JSON (grail/engine/reading.py): the form a save's
log and snapshots hold. The same values as pydantic's reading (over whole games: the shared
harness, tests/playout.py), and nothing but that form: anything else is refused, and a save
holding it says it is damaged in one line."""

from __future__ import annotations

import dataclasses
import json
import sqlite3
import typing
import zlib
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grail.content import Campaign
from grail.engine.actions import Action, AnyAction, MalformedAction, PlayCard, Travel
from grail.engine.events import StageWon
from grail.engine.game import Game
from grail.engine.reading import Unreadable, read, reader
from grail.engine.state import Frame, GameState
from grail.save import SaveError, load_game, save_game
from grail.save.store import fold


def _played(campaign: Campaign, steps: int = 9) -> Game:
    game = Game.new(campaign, ["wren"], seed=4)
    for _ in range(steps):
        game.apply(game.legal_actions()[0])
    return game


def _classes(kind: Any, found: set[type]) -> set[type]:
    """Every dataclass a value of ``kind`` can hold."""
    for arg in typing.get_args(kind):
        _classes(arg, found)
    if isinstance(kind, type) and dataclasses.is_dataclass(kind) and kind not in found:
        found.add(kind)
        for hint in typing.get_type_hints(kind, include_extras=True).values():
            _classes(hint, found)
    return found


def test_every_field_of_the_state_and_of_every_action_has_a_reading() -> None:
    """A field of a type the reader does not know fails here, not in a player's save."""
    classes = _classes(GameState, set()) | _classes(AnyAction, set())
    assert Travel in classes and Frame in classes and len(classes) > 60
    for cls in classes:
        for name, hint in typing.get_type_hints(cls, include_extras=True).items():
            assert callable(reader(hint)), f"{cls.__name__}.{name}"


def test_an_action_reads_back_equal_to_the_one_written() -> None:
    played = PlayCard(hero="wren", card="ember", magic=((1, "fire"), (2, "frost")))
    again = read(AnyAction, json.loads(played.to_json()))
    assert again == played and isinstance(again.magic[0], tuple)  # tuples, not lists
    frame = {"source": "entry", "key": "1", "path": [0, "then"], "heroes": ["wren"]}
    assert read(Frame, frame).path == [0, "then"]


@pytest.mark.parametrize("data", [
    {"type": "travel", "hero": "wren", "to": "102"},  # text for a number: never written
    {"type": "travel", "hero": "wren", "to": True},  # a bool is no number
    {"type": "travel", "hero": "wren", "to": 102, "by": "boat"},  # no such field
    {"type": "travel", "hero": "wren"},  # a field missing
    {"type": "sail", "hero": "wren"},  # no such action
    {"hero": "wren", "to": 102},  # no tag
    {"type": ["travel"], "hero": "wren", "to": 102},  # a tag that is no text
    [{"type": "travel"}],  # not a mapping
    {"type": "play_card", "hero": "wren", "card": "ember", "magic": [[1, "fire"], [2]]},
    {"type": "play_card", "hero": "wren", "card": "ember", "magic": {"1": "fire"}},
])
def test_anything_but_what_grail_writes_is_refused(data: object) -> None:
    with pytest.raises(Unreadable):
        read(AnyAction, data)


def test_a_state_with_a_wrong_value_deep_inside_is_refused(minimal: Campaign) -> None:
    form = _played(minimal).state.model_dump(mode="json")
    assert read(GameState, form) == GameState.model_validate(form)
    for part, field, wrong in [("heroes", "health", "3"), ("heroes", "health_marker", ["plain"]),
                               ("heroes", "health_marker", "sideways")]:
        bad = json.loads(json.dumps(form))
        assert field in bad[part][0]  # a wrong value, not a field of another name
        bad[part][0][field] = wrong
        with pytest.raises(Unreadable):
            read(GameState, bad)


def test_an_action_nested_past_python_s_limits_is_malformed_not_a_crash() -> None:
    with pytest.raises(MalformedAction):
        Action.from_json("[" * 100_000 + "]" * 100_000)
    with pytest.raises(MalformedAction, match="no_such_action"):
        Action.from_json('{"type": ["travel"], "hero": "wren", "to": 102}')


def test_a_save_whose_snapshot_is_not_a_state_is_refused_in_one_line(
        minimal: Campaign, tmp_path: Path) -> None:
    path = tmp_path / "a.grail"
    save_game(_played(minimal), path)
    with closing(sqlite3.connect(path)) as db:
        (blob,) = db.execute("SELECT state FROM snapshots ORDER BY seq DESC").fetchone()
        form = json.loads(zlib.decompress(blob))
        form["day"] = "one"
        db.execute("UPDATE snapshots SET state = ?", (zlib.compress(json.dumps(form).encode()),))
        db.commit()
    before = path.read_bytes()
    with pytest.raises(SaveError) as raised:
        load_game(path, minimal)
    assert str(raised.value) == f"{path}: the save's state does not read as a game"
    assert path.read_bytes() == before


@pytest.mark.parametrize("damage", ["text", "nested"])
def test_a_save_whose_log_holds_what_grail_never_writes_is_refused_in_one_line(
        minimal: Campaign, tmp_path: Path, damage: str) -> None:
    """Pydantic's reading took "102" for 102; grail never writes it, so it is damage, as is
    an entry nested past what Python's JSON reader can follow."""
    path = tmp_path / "a.grail"
    game = _played(minimal, steps=0)
    travel = next(a for a in game.legal_actions() if isinstance(a, Travel))
    game.apply(travel)
    save_game(game, path)
    with closing(sqlite3.connect(path)) as db:
        body = travel.to_json().replace(f'"to":{travel.to}', f'"to":"{travel.to}"') \
            if damage == "text" else "[" * 100_000 + "]" * 100_000
        assert body != travel.to_json()
        db.execute("UPDATE entries SET body = ? WHERE kind = 'action'", (body,))
        db.commit()
    with pytest.raises(SaveError) as raised:
        load_game(path, minimal)
    assert str(raised.value) == f"{path}: the save's log does not read as actions"


@pytest.mark.parametrize("table", ["entries", "snapshots"])
def test_a_foreign_save_with_no_text_where_grail_writes_it_is_refused_in_one_line(
        minimal: Campaign, tmp_path: Path, table: str) -> None:
    """Another program's database with grail's tables but not their constraints: an entry
    or a snapshot that is NULL says the save is damaged, in one line."""
    path = tmp_path / "a.grail"
    save_game(_played(minimal), path)
    column = {"entries": "body", "snapshots": "state"}[table]
    with closing(sqlite3.connect(path)) as db:
        columns = [row[1] for row in db.execute(f"PRAGMA table_info({table})")]
        db.execute(f"ALTER TABLE {table} RENAME TO kept")
        db.execute(f"CREATE TABLE {table} ({', '.join(columns)})")
        db.execute(f"INSERT INTO {table} SELECT * FROM kept")
        db.execute("DROP TABLE kept")
        db.execute(f"UPDATE {table} SET {column} = NULL")
        db.commit()
    with pytest.raises(SaveError) as raised:
        load_game(path, minimal)
    assert str(raised.value).startswith(f"{path}: the save's ")
    assert "\n" not in str(raised.value)


def test_entries_written_alike_are_read_once_and_shared() -> None:
    """A save's log reads each distinct entry once: actions are frozen values."""
    body = Travel(hero="wren", to=102).to_json()
    log = fold([(1, "action", body), (2, "action", body), (3, "undo", "1"), (4, "action", body)])
    assert log == [Travel(hero="wren", to=102)] * 2 and log[0] is log[1]


@given(st.text(), st.integers(min_value=-(2**63), max_value=2**63))
def test_grail_writes_pydantic_s_bytes_for_any_text_and_number(text: str, number: int) -> None:
    """Escapes, control characters, characters beyond the first plane, large numbers: a
    value's own JSON (``to_json``, what a save's log holds) is pydantic's, byte for byte,
    and reads back to the same value."""
    for made in (StageWon(stage=text, last=False), Travel(hero=text, to=number)):
        assert made.to_json() == made.model_dump_json()
        assert read(type(made), json.loads(made.to_json())) == made
