"""A save outlives content updates: it goes on from its snapshot while its state fits the
campaign's content, and is refused, untouched, with the first thing that no longer fits."""

from __future__ import annotations

import dataclasses
import json
import sqlite3
import types
import typing
import zlib
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from grail.content import Campaign, load_pack
from grail.engine.game import Game
from grail.engine.state import Frame, GameState
from grail.save import SaveError, export_save, load_game, save_game
from grail.save.fit import PLAIN, REFERENCES, THINGS, misfits
from grail.save.store import at_a_reveal
from grail.session import Session

from .conftest import resealed


def _edited(pack: Path) -> Campaign:
    """The pack with one journal text reworded: same campaign, another hash."""
    entry = pack / "journal" / "101.yaml"
    entry.write_text(entry.read_text().replace("text:", "text: Reworded.", 1))
    return load_pack(pack)


def _game(campaign: Campaign, steps: int = 9) -> Game:
    game = Game.new(campaign, ["wren"], seed=4)
    for _ in range(steps):
        game.apply(game.legal_actions()[0])
    return game


def test_a_save_goes_on_after_its_content_changed(
    minimal: Campaign, minimal_copy: Path, tmp_path: Path
) -> None:
    path = tmp_path / "a.grail"
    game = _game(minimal)
    save_game(game, path)
    changed = _edited(minimal_copy)
    assert changed.digest != minimal.digest and changed.manifest.id == minimal.manifest.id
    notes: list[str] = []
    loaded = load_game(path, changed, notes)
    assert len(notes) == 1 and "\n" not in notes[0]
    assert "content of campaign 'minimal' changed since this save (still version 1.0)" \
        in notes[0] and "goes on from where it was" in notes[0]
    assert loaded.state.model_copy(update={"undo_floor": game.state.undo_floor}) == game.state
    assert loaded.log == [] and loaded.setup["earlier"]["log"] == [a.model_dump() for a in game.log]
    # undo and replay start from the snapshot, not from the seed under the new content
    for _ in range(3):
        loaded.apply(loaded.legal_actions()[-1])
    assert Game.replay(changed, loaded.setup, loaded.log).state_hash() == loaded.state_hash()
    save_game(loaded, path)
    again = load_game(path, changed, notes := [])
    assert notes == [] and again.state == loaded.state and again.setup == loaded.setup


def test_the_note_says_how_many_actions_were_played_again_under_the_new_content(
    minimal: Campaign, minimal_copy: Path, tmp_path: Path
) -> None:
    """A save keeps snapshots at reveals, not after every action: the actions after its
    newest one are played again under the new content, and what they did may differ (an
    Item renamed, a reward removed), so the note says how many."""
    path = tmp_path / "a.grail"
    session = Session.start(minimal, ["wren", "yew"], seed=4, path=path)
    for _ in range(3):
        session.act(next(a for a in session.legal() if a.type in ("trade", "pass")))
    session.close()
    notes: list[str] = []
    load_game(path, _edited(minimal_copy), notes)
    assert "changed since this save (still version 1.0); its last 3 actions were played " \
        "again under the new content; the game goes on from where it was" in notes[0]


def test_an_undo_refused_after_a_content_change_says_why_and_writes_nothing(
    minimal: Campaign, minimal_copy: Path, tmp_path: Path
) -> None:
    """The game went on from its saved state: undo says that, not that no action was ever
    taken, and a refused undo is not a write (the save is not yet kept beside)."""
    from grail.engine.game import UndoError

    path = tmp_path / "a.grail"
    save_game(_game(minimal, steps=2), path)
    session = Session.open(path, _edited(minimal_copy))
    with pytest.raises(UndoError) as refused:
        session.undo()
    from grail.words.actions import refused as refused_words

    assert refused_words(session.game, refused.value) == "nothing to undo: the game went on " \
        "from its saved state (its content or its rules changed since), and no action was " \
        "taken since"
    session.close()
    assert not [found for found in tmp_path.iterdir() if ".before-" in found.name]


def test_undo_after_a_content_change_never_reaches_before_it(
    minimal: Campaign, minimal_copy: Path, tmp_path: Path
) -> None:
    path = tmp_path / "a.json"
    save_game(_game(minimal, steps=2), path)
    loaded = load_game(path, _edited(minimal_copy))
    assert loaded.undoable() == []
    before = loaded.state.model_copy(deep=True)
    loaded.apply(next(a for a in loaded.legal_actions() if a.type == "pass"))
    loaded.undo()
    assert loaded.state == before and loaded.log == []


def test_a_save_that_no_longer_fits_is_refused_untouched(
    minimal: Campaign, minimal_copy: Path, tmp_path: Path
) -> None:
    path = tmp_path / "a.json"
    export_save(_game(minimal), path)
    data = json.loads(path.read_text())
    data["state"]["heroes"][0]["items"] = [999]
    data["state"]["quests"] = ["gone"]
    path.write_bytes(resealed(data))
    before = path.read_bytes()
    with pytest.raises(SaveError) as raised:
        load_game(path, _edited(minimal_copy))
    message = str(raised.value)
    assert "\n" not in message and "changed since this save" in message
    assert "no longer fits it: Item 999 (a hero's Items) is no longer in the campaign (and 1 " \
        "more)" in message
    assert path.read_bytes() == before


def _edit_snapshot(path: Path, edit: Callable[[dict[str, Any]], None]) -> None:
    """Change the state of a save's newest snapshot, as a hand with the sqlite3 shell
    would."""
    with closing(sqlite3.connect(path)) as db:
        seq, blob = db.execute("SELECT seq, state FROM snapshots ORDER BY seq DESC").fetchone()
        state = json.loads(zlib.decompress(blob))
        edit(state)
        db.execute("UPDATE snapshots SET state = ? WHERE seq = ?",
                   (zlib.compress(json.dumps(state).encode()), seq))
        db.commit()


def _items(state: dict[str, Any]) -> None:
    state["heroes"][0]["items"] = [999]


def _health(state: dict[str, Any]) -> None:
    state["heroes"][0]["health"] = 99


def _card_twice(state: dict[str, Any]) -> None:
    hero = state["heroes"][0]
    hero["combat_pool"].append(hero["combat_deck"][0])


def _off_the_map(state: dict[str, Any]) -> None:
    state["heroes"][0]["location"] = 108


def _negative(state: dict[str, Any]) -> None:
    state["heroes"][0]["wealth"] = -3


@pytest.mark.parametrize(("edit", "why"), [
    (_items, "Item 999 (a hero's Items) is no longer in the campaign"),
    (_health, "wren has Health 99, outside its track 0-"),
    (_card_twice, "wren's card "),
    (_off_the_map, "wren stands on Location 108, which is not on the map"),
    (_negative, "wren holds -3 Wealth"),
])
@pytest.mark.parametrize("kind", ["database", "json"])
def test_an_impossible_game_is_refused_whatever_the_checksum_says(
        minimal: Campaign, tmp_path: Path, edit: Callable[[dict[str, Any]], None], why: str,
        kind: str) -> None:
    """Every load checks the whole state against the content, even when the content is
    the same and the file checks out: an edited save is refused in one line, untouched."""
    game = _game(minimal)
    while not at_a_reveal(game):  # the state saved is the one opening starts from
        game.apply(game.legal_actions()[0])
    if kind == "database":
        path = tmp_path / "a.grail"
        save_game(game, path)
        _edit_snapshot(path, edit)
    else:
        path = tmp_path / "a.json"
        export_save(game, path)
        data = json.loads(path.read_text())
        edit(data["state"])
        path.write_bytes(resealed(data))
    before = path.read_bytes()
    with pytest.raises(SaveError) as raised:
        load_game(path, minimal)
    message = str(raised.value)
    assert message.startswith(f"{path}: the save holds an impossible game: ") and why in message
    assert "\n" not in message and path.read_bytes() == before


def test_misfits_names_each_kind_of_missing_content(minimal: Campaign) -> None:
    state = _game(minimal).state
    assert misfits(minimal, state) == []
    broken = state.model_copy(deep=True)
    broken.heroes[0].combat_deck.append("no-card")
    broken.heroes[0].face_up = ["item:77"]
    broken.placed[0].number = 999
    broken.entry_visits["999.9"] = 1
    broken.encounter_decks["black"] = []
    broken.frames = [Frame(source="entry", key="101", index=99, heroes=["wren"]),
                     Frame(source="entry", key="nowhere", heroes=["wren"])]
    assert misfits(minimal, broken) == [
        "card 'no-card' (a hero's Combat deck) is no longer in the campaign",
        "card in use 'item:77' (a hero's cards in use) is no longer in the campaign",
        "Location 999 (on the map) is no longer in the campaign",
        "journal entry '999.9' (the journal entries read) is no longer in the campaign",
        "effect list of entry '101' (the journal being read) is no longer in the campaign",
        "effect list of entry 'nowhere' (the journal being read) is no longer in the campaign",
        "Encounter deck 'black' (the Encounter decks) is no longer in the campaign"]


def _paths(model: type[Any], prefix: str = "") -> Iterator[str]:
    """Every field path of a state value, down to what fit.py lists (not the private
    bookkeeping of an action under way, which no save holds)."""
    for name, annotation in typing.get_type_hints(model).items():
        if not name.startswith("_"):
            yield from _paths_of(annotation, prefix + name)


def _paths_of(annotation: typing.Any, path: str) -> Iterator[str]:
    if path in REFERENCES or path in PLAIN:
        yield path
        return
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin in (typing.Union, types.UnionType):
        for arg in args:
            if arg is not type(None):
                yield from _paths_of(arg, path)
    elif origin is list:
        yield from _paths_of(args[0], path + ".*")
    elif origin is dict:
        yield from _paths_of(args[0], path + ".{}")
        yield from _paths_of(args[1], path + ".*")
    elif isinstance(annotation, type) and dataclasses.is_dataclass(annotation):
        yield from _paths(annotation, path + ".")
    else:
        yield "UNLISTED " + path


def test_every_state_field_is_listed_as_a_reference_or_plain() -> None:
    """A new state field must be listed in grail/save/fit.py: does it name content?"""
    paths = set(_paths(GameState))
    assert sorted(path for path in paths if path.startswith("UNLISTED")) == []
    assert set(REFERENCES) | PLAIN == paths  # nothing listed that the state lacks
    assert {kind for kind, _ in REFERENCES.values()} == set(THINGS)  # each kind in words


def test_a_save_whose_log_goes_where_the_content_no_longer_does_names_what_is_gone(
    minimal_copy: Path, tmp_path: Path
) -> None:
    """The log's Travel to 105 no longer replays once 105 is gone: the refusal names the
    Location the content lost, not the log (the docs promise the first missing thing)."""
    from grail.cli import main

    path = tmp_path / "a.grail"
    assert main(["new", str(path), "--pack", str(minimal_copy), "--hero", "wren"]) == 0
    assert main(["act", str(path), '{"type": "travel", "hero": "wren", "to": 105}']) == 0
    with closing(sqlite3.connect(path)) as database, database:  # its newest snapshot, the
        database.execute("DELETE FROM snapshots WHERE length > 0")  # setup's: as between reveals
    (minimal_copy / "locations" / "105.yaml").unlink()
    (minimal_copy / "journal" / "105.yaml").unlink()
    start = minimal_copy / "locations" / "101.yaml"
    start.write_text(start.read_text().replace(", down: 105", ""))
    manifest = minimal_copy / "campaign.yaml"
    manifest.write_text(manifest.read_text().replace(
        "one_way_keys:\n  - {location: 105, edge: down}\n", ""))
    before = path.read_bytes()
    with pytest.raises(SaveError) as raised:
        load_game(path, load_pack(minimal_copy))
    assert str(raised.value).endswith("changed since this save and the game no longer fits "
                                      "it: Location 105 (on the map) is no longer in the "
                                      "campaign")
    assert path.read_bytes() == before


def test_a_location_revealed_in_play_then_gone_is_named_by_the_action_it_refuses(
    minimal_copy: Path, tmp_path: Path
) -> None:
    """107 came on the map during play (entering 104), after the save's newest snapshot:
    what the content lost is then named by the log's action that no longer replays."""
    from grail.cli import main

    path = tmp_path / "a.grail"
    assert main(["new", str(path), "--pack", str(minimal_copy), "--hero", "wren"]) == 0
    for to in (104, 107):
        assert main(["act", str(path), f'{{"type": "travel", "hero": "wren", "to": {to}}}']) == 0
    with closing(sqlite3.connect(path)) as database, database:
        database.execute("DELETE FROM snapshots WHERE length > 0")
    (minimal_copy / "locations" / "107.yaml").unlink()
    (minimal_copy / "journal" / "107.yaml").unlink()
    for keyed in ("104", "106"):
        location = minimal_copy / "locations" / f"{keyed}.yaml"
        location.write_text(location.read_text().replace(", up: 107", ""))
    with pytest.raises(SaveError) as raised:
        load_game(path, load_pack(minimal_copy))
    assert "the content changed since, and the game no longer fits it (an action of its log " \
        "is refused under it (its rule ACT-TRAVEL-1); 'grail replay' shows where)" \
        in str(raised.value)
