"""The validated-content cache: reused when unchanged, rebuilt on any change or damage."""

from __future__ import annotations

from pathlib import Path

import pytest

from grail.content import PackError, load_pack
from grail.content import cache as cache_module
from grail.content.cache import load_cached, pack_digest


def _entries(cache_dir: Path) -> list[Path]:
    return sorted(cache_dir.glob("*.json"))


def test_warm_load_equals_cold_load_and_skips_parsing(
    minimal_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache_dir = tmp_path / "cache"
    cold = load_cached(minimal_copy, cache_dir)
    assert len(_entries(cache_dir)) == 1

    def no_parsing(*args: object, **kwargs: object) -> None:
        raise AssertionError("the warm path must not parse YAML")

    monkeypatch.setattr(cache_module, "check_pack", no_parsing)
    warm = load_cached(minimal_copy, cache_dir)
    assert warm == cold == load_pack(minimal_copy)


def test_the_loaded_content_is_frozen_out_of_the_collectors_way_with_no_garbage(
        tmp_path: Path) -> None:
    """A warm load freezes the content without walking it first: reading the cache's JSON
    into models makes no reference cycles, so no garbage is kept for ever with it (the
    bundled campaign, whose content uses every model)."""
    import gc

    from grail.content import bundled_pack

    load_cached(bundled_pack(), tmp_path)  # fill the cache
    gc.unfreeze()
    gc.collect()
    before = gc.get_freeze_count()
    campaign = load_cached(bundled_pack(), tmp_path)
    frozen = gc.get_freeze_count() - before
    try:
        assert frozen > 1_000  # the content is out of the collector's way
        gc.unfreeze()
        assert gc.collect() == 0  # and nothing frozen with it was garbage
    finally:
        gc.freeze()
    assert campaign.manifest.id == "ennor"


@pytest.mark.parametrize("change", ["edit", "add", "remove"])
def test_any_file_change_invalidates_the_cache(
    minimal_copy: Path, tmp_path: Path, change: str
) -> None:
    cache_dir = tmp_path / "cache"
    before = pack_digest(minimal_copy)
    load_cached(minimal_copy, cache_dir)
    if change == "edit":
        path = minimal_copy / "locations/103.yaml"
        path.write_text(path.read_text().replace("The Dry Well", "The Deep Well"))
    elif change == "add":
        (minimal_copy / "events/extra.yaml").write_text(
            "kind: random\nid: rnd-extra\ntitle: Hail\ntext: Hail falls.\n")
    else:
        (minimal_copy / "events/fog.yaml").unlink()
        campaign = minimal_copy / "campaign.yaml"
        campaign.write_text(campaign.read_text().replace("random_events: [rnd-fog]", ""))
    assert pack_digest(minimal_copy) != before
    campaign_after = load_cached(minimal_copy, cache_dir)
    assert campaign_after == load_pack(minimal_copy)
    assert len(_entries(cache_dir)) == 1  # the stale entry was replaced
    if change == "edit":
        assert campaign_after.location[103].name == "The Deep Well"


def test_a_process_that_keeps_its_loads_reads_a_pack_once_and_again_when_it_changes(
        minimal_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """keep_loaded, as a resident grail calls it: the same campaign while the pack is
    unchanged (its cache entry not read again), the changed pack's after an edit, and
    only that one kept."""
    monkeypatch.setattr(cache_module, "_kept", None)
    cache_module.keep_loaded()
    cache_dir = tmp_path / "cache"
    load_cached(minimal_copy, cache_dir)  # checked and cached
    first = load_cached(minimal_copy, cache_dir)  # read from the cache and kept
    for entry in _entries(cache_dir):
        entry.unlink()
    assert load_cached(minimal_copy, cache_dir) is first
    assert _entries(cache_dir) == []
    path = minimal_copy / "locations/103.yaml"
    path.write_text(path.read_text().replace("The Dry Well", "The Deep Well"))
    load_cached(minimal_copy, cache_dir)
    changed = load_cached(minimal_copy, cache_dir)
    assert changed.location[103].name == "The Deep Well" and changed is not first
    assert list(cache_module._kept or {}) == _entries(cache_dir)


def test_corrupted_cache_is_ignored_and_rebuilt(minimal_copy: Path, tmp_path: Path) -> None:
    cache_dir = tmp_path / "cache"
    load_cached(minimal_copy, cache_dir)
    [entry] = _entries(cache_dir)
    entry.write_text('{"manifest": {"id": "tampered"')
    assert load_cached(minimal_copy, cache_dir) == load_pack(minimal_copy)
    assert entry.read_text().startswith("{\"manifest\":{")


def test_broken_pack_is_never_cached(minimal_copy: Path, tmp_path: Path) -> None:
    cache_dir = tmp_path / "cache"
    (minimal_copy / "locations/108.yaml").write_text("number: x\n")
    with pytest.raises(PackError):
        load_cached(minimal_copy, cache_dir)
    assert _entries(cache_dir) == []


def test_unwritable_cache_folder_only_costs_speed(minimal_copy: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert load_cached(minimal_copy, blocker / "cache") == load_pack(minimal_copy)
