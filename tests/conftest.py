"""Shared fixtures: the minimal pack, building a broken pack from it, a save resealed after
an edit; and the window's SDL drivers, set before any test imports pygame."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from grail.content import Campaign, bundled_pack, load_pack
from grail.content import cache as cache_module
from grail.content.cache import open_pack
from grail.content.encounters import CombatEncounter
from grail.engine.actions import EndPlay, Escape, KeepHands, PlayCard, Ready
from grail.engine.encounters.play import stages
from grail.engine.events import Event
from grail.engine.game import Game
from grail.save import load_game
from grail.save.checksum import seal
from grail.save.files import went_on
from grail.save.saves import saved_pack

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # no window, no sound, on any machine
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

PACKS = Path(__file__).parent / "packs"
MINIMAL = PACKS / "minimal"
BROKEN = PACKS / "broken"


def build_broken(case: Path, target: Path) -> Path:
    """The minimal pack with a broken case laid over it.

    A case folder holds files that replace or add to the minimal pack's, optionally
    ``remove.txt`` (paths to delete, one per line) and always ``expected.txt`` (the exact
    problems, one ``file:line:col: message`` per line).
    """
    shutil.copytree(MINIMAL, target)
    for path in sorted(case.rglob("*")):
        rel = path.relative_to(case)
        if path.is_dir() or rel.name in ("expected.txt", "remove.txt", "README.md"):
            continue
        (target / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target / rel)
    removals = case / "remove.txt"
    if removals.exists():
        for line in removals.read_text().splitlines():
            if line.strip():
                (target / line.strip()).unlink()
    return target


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands that simulate write to a terminal, which they count their work on (into
    a log, they write no count)."""
    from grail.cli import balance, odds

    for command in (balance, odds):
        monkeypatch.setattr(command, "counted", lambda: True)


@pytest.fixture(autouse=True)
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests never read or write the user's real content cache, and a command a test runs
    that keeps what it loads for the process's life (``keep_loaded``) keeps it for that
    test only."""
    monkeypatch.setenv("GRAIL_CACHE_DIR", str(tmp_path / "grail-cache"))
    monkeypatch.setattr(cache_module, "_kept", None)


@pytest.fixture(autouse=True)
def private_resident(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Commands the tests run never reach a resident grail (``grail serve``) of the user's:
    the tests that want one start their own."""
    monkeypatch.setenv("GRAIL_RESIDENT_DIR", str(tmp_path / "resident"))


@pytest.fixture
def saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty save folder (``GRAIL_SAVES``), and the window's settings kept in a temporary
    config folder, for the window's tests."""
    from grail.ui.app import Settings  # pygame only for the tests that ask for it

    folder = tmp_path / "saves"
    folder.mkdir()
    monkeypatch.setenv("GRAIL_SAVES", str(folder))
    config = tmp_path / "config" / "settings.json"
    monkeypatch.setattr(Settings, "path", staticmethod(lambda: config))
    return folder


@pytest.fixture(scope="session")
def minimal() -> Campaign:
    """The minimal pack, loaded once."""
    return load_pack(MINIMAL)


@pytest.fixture(scope="session")
def ennor() -> Campaign:
    """The bundled campaign, The Guttering Stones of Ennor, loaded once."""
    return load_pack(bundled_pack())


@pytest.fixture
def minimal_copy(tmp_path: Path) -> Path:
    """A writable copy of the minimal pack."""
    return Path(shutil.copytree(MINIMAL, tmp_path / "pack"))


def changed(campaign: Campaign, **fields: object) -> Campaign:
    """A copy of ``campaign`` with some of its content replaced, without validating again
    (tests build what a pack on disk would not need to say)."""
    kept = {name: getattr(campaign, name) for name in Campaign.model_fields}
    return Campaign.model_construct(**{**kept, **fields})


def like_wren(campaign: Campaign, *others: tuple[str, int]) -> Campaign:
    """The minimal pack with more heroes like Wren, each ``(id, character number)``."""
    wren = campaign.hero["wren"]
    copies = [wren.model_copy(update={"id": hero_id, "number": number})
              for hero_id, number in others]
    return changed(campaign, heroes=[wren, *copies])


@pytest.fixture(scope="session")
def three_heroes() -> Campaign:
    """The minimal pack with two more heroes like Wren, for cooperative games."""
    return like_wren(load_pack(MINIMAL), ("ash", 4), ("kes", 5))


def play_out(game: Game, won: bool) -> list[Event]:
    """Play the Encounter under way to its end, for tests about what follows a fight: won,
    by playing a card and filling the Combat pool (or the last Stage's Affinity track)
    before the check, or else by escaping. Other decisions take the plain way: Items kept,
    hands kept, the first of the rest. A fight that ends by itself first (a deck too thin
    to draw) ends so; the next one, if one follows at once, is left waiting."""
    events: list[Event] = []
    fought = game.state.encounter
    while game.state.encounter is fought and fought is not None and not game.is_terminal():
        encounter = fought
        legal = game.legal_actions()
        plain = [a for a in legal if isinstance(a, Ready | KeepHands)]
        if encounter.step == "play" and any(isinstance(a, EndPlay | Escape) for a in legal):
            plays = [a for a in legal if isinstance(a, PlayCard)]
            if not won:
                events += game.apply(next(a for a in legal if isinstance(a, Escape)))
                continue
            if plays and encounter.played == 0:  # no Opportunity attack, no draw [COMBAT-11]
                events += game.apply(plays[0])
                continue
            card = game.campaign.encounter[encounter.id]
            if isinstance(card, CombatEncounter):
                encounter.pool = card.value
            else:
                encounter.stage = len(stages(card, encounter)) - 1
                encounter.affinity = card.affinity.green
            game.refresh()
            events += game.apply(next(a for a in legal if isinstance(a, EndPlay)))
        else:
            events += game.apply(plain[0] if plain else legal[0])
    return events


def resealed(data: dict[str, Any]) -> bytes:
    """A save's data (checksum dropped) written and sealed as grail writes it."""
    body = {key: value for key, value in data.items() if key != "checksum"}
    return seal(json.dumps(body, separators=(",", ":")).encode())


def saved(path: Path) -> Game:
    """The game the save at ``path`` holds, opened with the pack it names: tests read saves
    this way, never by their bytes."""
    return load_game(path, open_pack(saved_pack(path)))


def by_hand(game: Game) -> Game:
    """``game`` after its state was set by hand, going on from that state: its log starts
    there, as a save's does after its content changed, so that saving and opening keep the
    edit (a replay from the seed would not)."""
    game.refresh()
    campaign = game.campaign
    return went_on(game, {"id": campaign.manifest.id, "version": campaign.manifest.version,
                          "hash": campaign.digest})
