"""A campaign outlives changes to the rules: every save records the edition of the rules it
was played under (``RULES_EDITION``), and a save of an earlier edition whose last actions
this grail's rules refuse goes on from before them, noted, the save as it was kept beside;
a save of this edition whose log does not replay is damage, refused as before."""

from __future__ import annotations

import hashlib
import json
import random
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from grail.cli.main import main
from grail.content import Campaign
from grail.engine.game import RULES_EDITION, Game
from grail.engine.state import GameState
from grail.save import SaveError, load_game
from grail.session import Session

from .conftest import MINIMAL

RECORDED_UNDER = 2
"""The edition of the rules under which the games' hashes below were recorded."""
RECORDED = {
    "minimal": "c818e3883c2adae57dbe6ca84a3e2dbdb1b9ef9b867251a18c2f46f23042aa2d",
    "ennor": "f92708edf2d37b96e5e0f60eb2b265fcf383eb4cbbdf273f292b82c52de48d97",
}
"""What the seeded random games of :func:`_plays` come to, by pack."""


def _plays(campaign: Campaign, heroes: list[str], seed: int) -> str:
    """A seeded random game to its end (or 3,000 actions): its log and its state, hashed."""
    game = Game.new(campaign, heroes, seed=seed)
    chooser = random.Random(seed)
    while not game.is_terminal() and len(game.log) < 3_000:
        legal = game.legal_actions()
        game.apply(legal[chooser.randrange(len(legal))])
    played = json.dumps([entry.to_json() for entry in game.log]) + game.state.model_dump_json()
    return hashlib.sha256(played.encode()).hexdigest()


def test_the_edition_is_raised_when_the_rules_play_a_game_otherwise(
        minimal: Campaign, ennor: Campaign) -> None:
    """Whoever changes what an action does must raise ``RULES_EDITION`` (grail/engine/game.py)
    so that saves of the earlier rules are taken up, not refused; these games, played
    under every rule the packs use, tell such a change."""
    assert RULES_EDITION == RECORDED_UNDER, \
        "RULES_EDITION was raised: record these games' hashes under it (RECORDED_UNDER)"
    found = {"minimal": _plays(minimal, ["wren", "yew"], seed=11),
             "ennor": _plays(ennor, ["jago", "kerra", "tamsin", "ysella"], seed=11)}
    assert found == RECORDED, \
        "these games play otherwise: if the rules changed, raise RULES_EDITION in " \
        "grail/engine/game.py; if only a pack's content did, record the new hashes"


def _session_played(campaign: Campaign, path: Path) -> tuple[Session, list[GameState]]:
    """A save with actions written one by one after its last snapshot (no card turned nor
    entry read between), and the state before each of them."""
    session = Session.start(campaign, ["wren", "yew"], seed=4, path=path, pack=MINIMAL)
    before: list[GameState] = []
    for _ in range(4):
        action = next(action for action in session.legal() if action.type == "trade") \
            if any(action.type == "trade" for action in session.legal()) \
            else next(action for action in session.legal() if action.type == "pass")
        before.append(session.game.state.model_copy(deep=True))
        session.act(action)
    session.close()
    return session, before


def _earlier_rules_refuse(path: Path, back: int, edition: int | None) -> None:
    """The save as a grail of another edition would find it: the ``back``-th last action
    one its rules refuse [ACT-TRAVEL-1], the glance recording ``edition`` (None: a save
    from before editions were recorded)."""
    with closing(sqlite3.connect(path)) as db:
        seq = db.execute("SELECT seq FROM entries WHERE kind = 'action' ORDER BY seq DESC "
                         "LIMIT 1 OFFSET ?", (back - 1,)).fetchone()[0]
        db.execute("UPDATE entries SET body = ? WHERE seq = ?",
                   ('{"type": "travel", "hero": "wren", "to": 199}', seq))
        glance = json.loads(db.execute(
            "SELECT value FROM header WHERE key = 'glance'").fetchone()[0])
        glance.pop("rules", None)
        if edition is not None:
            glance["rules"] = edition
        db.execute("UPDATE header SET value = ? WHERE key = 'glance'", (json.dumps(glance),))
        db.commit()


def _dump(path: Path) -> list[str]:
    """What a save holds, table by table, row by row."""
    with closing(sqlite3.connect(path)) as db:
        return list(db.iterdump())


def test_every_write_records_the_edition_of_the_rules(minimal: Campaign, tmp_path: Path) -> None:
    path = tmp_path / "a.grail"
    _session_played(minimal, path)
    with closing(sqlite3.connect(path)) as db:
        glance = json.loads(db.execute(
            "SELECT value FROM header WHERE key = 'glance'").fetchone()[0])
    assert glance["rules"] == RULES_EDITION


@pytest.mark.parametrize("edition", [None, RULES_EDITION - 1])
def test_a_save_of_earlier_rules_goes_on_from_before_the_actions_they_refuse(
        minimal: Campaign, tmp_path: Path, edition: int | None) -> None:
    path = tmp_path / "a.grail"
    _, before = _session_played(minimal, path)
    _earlier_rules_refuse(path, back=2, edition=edition)
    notes: list[str] = []
    game = load_game(path, minimal, notes)
    assert len(notes) == 1 and "\n" not in notes[0] and "[" not in notes[0]
    assert notes[0].startswith(f"{path}: this save was played under earlier rules, and this "
                               "grail's do not replay its last 2 actions (its rule "
                               "ACT-TRAVEL-1)")
    assert "the game goes on from before them, on Day 1, and undo cannot reach back before " \
        "now" in notes[0]
    assert game.state.model_copy(update={"undo_floor": 0}) == \
        before[-2].model_copy(update={"undo_floor": 0})
    assert game.log == [] and "start" in game.setup and game.undoable() == []


def test_the_save_as_it_was_is_kept_beside_at_the_first_write(
        minimal: Campaign, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "a.grail"
    _session_played(minimal, path)
    _earlier_rules_refuse(path, back=1, edition=None)
    kept = _dump(path)
    assert main(["act", str(path), '{"type": "pass", "hero": "yew"}']) == 0
    said = capsys.readouterr()
    assert "grail: note: " in said.err and "its last action (its rule ACT-TRAVEL-1)" \
        in said.err and "goes on from before it" in said.err
    beside = [found for found in tmp_path.iterdir() if ".before-" in found.name]
    assert len(beside) == 1 and _dump(beside[0]) == kept
    assert f"grail: note: The save as it was is kept as {beside[0].name}." in said.err
    notes: list[str] = []
    again = load_game(path, minimal, notes)
    assert notes == [] and again.log[-1].type == "pass"


def test_a_save_of_these_rules_whose_log_does_not_replay_is_refused_untouched(
        minimal: Campaign, tmp_path: Path) -> None:
    """Only another edition of the rules explains a refused action; under the same one,
    the log was damaged, and the save is refused in one line, untouched."""
    path = tmp_path / "a.grail"
    _session_played(minimal, path)
    _earlier_rules_refuse(path, back=2, edition=RULES_EDITION)
    kept = path.read_bytes()
    with pytest.raises(SaveError) as raised:
        load_game(path, minimal, [])
    assert str(raised.value) == f"{path}: its log does not replay (an action of its log is " \
        "not allowed where it was taken; 'grail replay' shows where)"
    assert path.read_bytes() == kept
