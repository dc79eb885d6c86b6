"""The validated-content cache: reused when unchanged, rebuilt on any change or damage."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from grail.content import PackError, load_pack, loader
from grail.content import cache as cache_module
from grail.content.base import content_models, models_in
from grail.content.cache import load_cached, pack_digest
from grail.content.trusted import Unexpected, rebuild


def _entries(cache_dir: Path) -> list[Path]:
    return sorted(cache_dir.glob("*.json"))


def test_warm_load_equals_cold_load_and_skips_parsing(
    minimal_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache_dir = tmp_path / "cache"
    cold = load_cached(minimal_copy, cache_dir)
    assert len(_entries(cache_dir)) == 1
    checked = load_pack(minimal_copy)

    def no_parsing(*args: object, **kwargs: object) -> None:
        raise AssertionError("the warm path must not parse YAML")

    monkeypatch.setattr(loader, "check_pack", no_parsing)
    warm = load_cached(minimal_copy, cache_dir)
    assert warm == cold == checked


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


BROKEN = Path(__file__).resolve().parent / "packs" / "broken"


@pytest.mark.parametrize("pack", ["bundled", *sorted(p.name for p in BROKEN.iterdir())[::9]])
def test_a_checked_pack_is_frozen_out_of_the_collectors_way_with_no_garbage(pack: str) -> None:
    """A cold load leaves nothing young for the next collection to walk (that walk found
    nothing and took a tenth of a cold load): what it built is frozen, and since checking a
    pack, broken or whole, makes no reference cycles, no garbage is kept for ever with it."""
    import gc

    from grail.content import bundled_pack

    gc.unfreeze()
    gc.collect()
    before = gc.get_freeze_count()
    report = loader.check_pack(bundled_pack() if pack == "bundled" else BROKEN / pack)
    frozen, young = gc.get_freeze_count() - before, gc.get_count()[0]
    try:
        assert frozen > (10_000 if pack == "bundled" else 100)
        assert young < 700  # the young generation's threshold: no collection is due
        gc.unfreeze()
        assert gc.collect() == 0
    finally:
        gc.freeze()
    assert (report.campaign is None) == (pack != "bundled")


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
    assert entry.read_text().split("\n", 2)[2].startswith("{\"manifest\":{")


def test_an_entry_changed_since_it_was_written_is_not_believed(
        minimal_copy: Path, tmp_path: Path) -> None:
    """Valid JSON that grail did not write (a Location renamed in the entry, another
    digest) fails the entry's hash: the pack's files are read again, the entry written
    again."""
    cache_dir = tmp_path / "cache"
    load_cached(minimal_copy, cache_dir)
    [entry] = _entries(cache_dir)
    written = entry.read_text()
    assert "The Dry Well" in written
    entry.write_text(written.replace("The Dry Well", "The False Well"))
    assert load_cached(minimal_copy, cache_dir).location[103].name == "The Dry Well"
    assert entry.read_text() == written
    check, digest, body = written.split("\n", 2)  # the digest saves compare, changed
    entry.write_text(f"{check}\n{'0' * len(digest)}\n{body}")
    assert load_cached(minimal_copy, cache_dir).digest == digest
    assert entry.read_text() == written


def test_an_entry_of_another_shape_is_read_again_from_the_files(
        minimal_copy: Path, tmp_path: Path) -> None:
    """An entry whose hash matches but whose JSON the models cannot hold (a key no field
    has, a list where a model goes, a tag no member has) is dropped, not half read."""
    cache_dir = tmp_path / "cache"
    load_cached(minimal_copy, cache_dir)
    [entry] = _entries(cache_dir)
    _, digest, body = entry.read_text().split("\n", 2)
    data = json.loads(body)
    for foreign in ({**data, "stranger": 1}, {**data, "manifest": []},
                    {**data, "encounters": [{"id": "x", "deck": None}]}):
        kept = f"{digest}\n{json.dumps(foreign)}"
        entry.write_text(f"{hashlib.sha256(kept.encode()).hexdigest()}\n{kept}")
        assert load_cached(minimal_copy, cache_dir) == load_pack(minimal_copy)
        assert json.loads(entry.read_text().split("\n", 2)[2]) == data


def test_a_warm_load_is_the_validated_content_with_its_digest(tmp_path: Path) -> None:
    """Built again from the cache without validating (the bundled campaign and the
    benchmark's synthetic pack, which between them use every kind of content), the
    campaign equals the one checked from its files, and the digest saves compare is the
    one its content gives."""
    from grail.content import bundled_pack

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
    from synthetic import write_pack

    for pack in (bundled_pack(), write_pack(tmp_path / "synthetic")):
        cold = load_cached(pack, tmp_path / "cache")
        warm = load_cached(pack, tmp_path / "cache")
        assert warm is not cold and warm == cold == load_pack(pack)
        assert warm.digest == type(warm).digest.func(warm) == cold.digest


def test_a_warm_load_sets_the_fields_the_files_set_and_shares_each_set(tmp_path: Path) -> None:
    """Each model read back from the cache has set the fields the cache wrote (those
    whose values are not their defaults), and the models of one class built from the same
    fields share one set of them: a set for each model was more memory than their fields."""
    from grail.content import bundled_pack

    load_cached(bundled_pack(), tmp_path / "cache")
    defaults = {id(field.default) for model in content_models()
                for field in model.__pydantic_fields__.values()}  # made by validating
    models = [model for _, model in models_in(load_cached(bundled_pack(), tmp_path / "cache"))
              if id(model) not in defaults]
    for model in models:
        assert model.model_fields_set == set(model.model_dump(exclude_defaults=True))
    shapes = {(type(model), frozenset(model.model_fields_set)) for model in models}
    assert len(models) > 10 * len(shapes)
    assert len({id(model.model_fields_set) for model in models}) == len(shapes)


def test_every_content_model_can_be_read_back() -> None:
    """Each content model's fields are of a form the cache's reader knows (a model, a list,
    a mapping, an optional, a discriminated union, a plain value): a new field of another
    form fails here, not in a player's start."""
    models = content_models()
    assert len(models) > 100
    for model in models:
        try:
            rebuild(model, {})
        except Unexpected:
            assert any(field.is_required() for field in model.model_fields.values())


def test_a_warm_load_builds_no_validator() -> None:
    """The point of reading the cache without validating: a fresh grail that loads a
    cached pack builds no content model's validator (building them all is most of a
    command's start), nor does importing the models (a default made by validating built
    its model's validator, and the schema builder's first start with it: a sixth of a
    command)."""
    from grail.content import bundled_pack

    load_cached(bundled_pack())  # fills this test's cache folder (GRAIL_CACHE_DIR)
    program = (
        "from grail.content import bundled_pack\n"
        "from grail.content.cache import load_cached\n"
        "from grail.content.base import content_models\n"
        "def built():\n"
        "    return {model.__name__ for model in content_models() if model.__pydantic_complete__}\n"
        "before = built()\n"
        "campaign = load_cached(bundled_pack())\n"
        "print(sorted(before), sorted(built() - before), len(campaign.locations))\n"
    )
    shown = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                           check=True).stdout.split()
    assert shown == ["[]", "[]", str(len(load_cached(bundled_pack()).locations))]


def test_checking_a_pack_builds_each_content_validator_once_for_every_kind(
        minimal_copy: Path) -> None:
    """The other side: checking a pack's files builds the validators, every content
    model's at once, each kept on its model and shared by every kind that holds it (each
    kind's built alone would build the effects' and the conditions' again)."""
    program = (
        "import sys\n"
        "from pathlib import Path\n"
        "from grail.content import check_pack\n"
        "from grail.content.base import content_models\n"
        "from grail.content.loader import adapter\n"
        "from grail.content.pack import KIND_BY_NAME\n"
        "adapter(KIND_BY_NAME['locations'])\n"
        "left = [model.__name__ for model in content_models() if not model.__pydantic_complete__]\n"
        "print(sorted(left), check_pack(Path(sys.argv[1])).problems)\n"
    )
    shown = subprocess.run([sys.executable, "-c", program, str(minimal_copy)],
                           capture_output=True, text=True, check=True).stdout.split()
    assert shown == ["[]", "[]"]


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


def test_a_full_disk_leaves_no_half_written_entry(
        minimal_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An entry the disk cannot take is not left half written in the cache folder, where it
    took the last free space until a write a day later swept it."""
    cache_dir = tmp_path / "cache"

    def full(campaign: object) -> bytes:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(cache_module, "_written", full)
    assert load_cached(minimal_copy, cache_dir) == load_pack(minimal_copy)
    assert list(cache_dir.iterdir()) == []


def test_entries_unused_for_a_month_go_when_another_is_written(
        minimal_copy: Path, tmp_path: Path) -> None:
    """A pack folder moved, renamed or deleted leaves its entry behind, which nothing would
    ever read again: such entries go once unused for UNUSED_DAYS days, as does a half-written
    entry a day old; an entry read since is kept, and so is any file the cache did not make
    (GRAIL_CACHE_DIR can be a folder of the user's)."""
    cache_dir = tmp_path / "cache"
    load_cached(minimal_copy, cache_dir)
    [used] = _entries(cache_dir)
    month = time.time() - (cache_module.UNUSED_DAYS + 1) * 86_400
    gone = cache_dir / f"{'a' * 16}-{'b' * 32}.json"
    young = cache_dir / f"{'c' * 16}-{'d' * 32}.json"
    stopped = cache_dir / f"{cache_module.WRITING}x.tmp"
    theirs = cache_dir / "notes.json"
    for path in (gone, young, stopped, theirs):
        path.write_text("{}")
    for path in (gone, stopped, theirs, used):
        os.utime(path, (month, month))
    os.utime(young, (time.time() - 29 * 86_400,) * 2)
    load_cached(minimal_copy, cache_dir)  # read: used now
    other = tmp_path / "other"
    shutil.copytree(minimal_copy, other)
    load_cached(other, cache_dir)  # another pack: an entry written
    assert not gone.exists() and not stopped.exists()
    assert used.exists() and young.exists() and theirs.exists()
    assert len(_entries(cache_dir)) == 4  # the two packs', the young one, the user's
