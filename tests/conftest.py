"""Shared fixtures: the minimal pack, and building a broken pack from it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from grail.content import Campaign, load_pack

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


@pytest.fixture(autouse=True)
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests never read or write the user's real content cache."""
    monkeypatch.setenv("GRAIL_CACHE_DIR", str(tmp_path / "grail-cache"))


@pytest.fixture(scope="session")
def minimal() -> Campaign:
    """The minimal pack, loaded once."""
    return load_pack(MINIMAL)


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
