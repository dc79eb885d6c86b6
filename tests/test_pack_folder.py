"""What a pack folder holds besides content: links, folders that cannot be read, names that
are not files. Nothing is skipped in silence, nothing outside the pack is read, and the
cache never hides a problem."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from grail.content import PackError, check_pack
from grail.content.cache import load_cached


def _problems(pack: Path) -> list[str]:
    return [str(problem) for problem in check_pack(pack).problems]


def test_a_link_leading_outside_the_pack_is_refused(minimal_copy: Path, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere.yaml"
    outside.write_text((minimal_copy / "locations" / "103.yaml").read_text())
    (minimal_copy / "locations" / "103.yaml").unlink()
    (minimal_copy / "locations" / "103.yaml").symlink_to(outside)
    (minimal_copy / "system").symlink_to("/usr")  # a folder outside: never walked
    assert _problems(minimal_copy)[:2] == [
        "locations/103.yaml:1:1: a link that leads outside the pack folder: refused; copy what "
        "it points to into the pack",
        "system:1:1: a link that leads outside the pack folder: refused; copy what it points "
        "to into the pack"]
    assert check_pack(minimal_copy).campaign is None


def test_a_link_inside_the_pack_is_read_and_a_broken_one_refused(minimal_copy: Path) -> None:
    drafts = minimal_copy / ".drafts"  # hidden: not read by itself
    drafts.mkdir()
    (minimal_copy / "locations" / "103.yaml").rename(drafts / "103.yaml")
    (minimal_copy / "locations" / "103.yaml").symlink_to(drafts / "103.yaml")
    assert _problems(minimal_copy) == []
    (minimal_copy / "locations" / "109.yaml").symlink_to(minimal_copy / "nowhere.yaml")
    assert _problems(minimal_copy) == ["locations/109.yaml:1:1: a link to nothing: refused"]


def test_a_loop_of_links_is_refused_in_one_line(minimal_copy: Path) -> None:
    locations = minimal_copy / "locations"
    (locations / "self.yaml").symlink_to("self.yaml")
    (locations / "a.yaml").symlink_to("b.yaml")
    (locations / "b.yaml").symlink_to("a.yaml")
    looping = "a link that leads back to itself through other links: refused"
    assert _problems(minimal_copy) == [f"locations/{name}:1:1: {looping}"
                                       for name in ("a.yaml", "b.yaml", "self.yaml")]
    with pytest.raises(PackError):
        load_cached(minimal_copy)


def test_a_yaml_name_that_is_not_a_file_is_refused_not_read(minimal_copy: Path) -> None:
    os.mkfifo(minimal_copy / "locations" / "pipe.yaml")  # reading it would wait for ever
    assert _problems(minimal_copy) == ["locations/pipe.yaml:1:1: not a plain file: refused"]


def test_a_folder_that_cannot_be_read_is_reported(
        minimal_copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    locked = minimal_copy / "items"
    listing = os.scandir

    def scandir(folder: Path):  # type: ignore[no-untyped-def]
        if Path(folder) == locked:  # as root, chmod 000 would not stop the listing
            raise PermissionError(13, "Permission denied")
        return listing(folder)

    monkeypatch.setattr(os, "scandir", scandir)
    problems = _problems(minimal_copy)
    assert problems[0] == "items:1:1: cannot read this folder: Permission denied"
    assert check_pack(minimal_copy).campaign is None


def test_the_cache_never_hides_a_refused_link(minimal_copy: Path, tmp_path: Path) -> None:
    load_cached(minimal_copy)  # valid: cached
    outside = tmp_path / "extra.yaml"
    outside.write_text("entries:\n  \"990\":\n    text: From elsewhere.\n")
    (minimal_copy / "journal" / "extra.yaml").symlink_to(outside)
    with pytest.raises(PackError) as raised:
        load_cached(minimal_copy)
    assert "a link that leads outside the pack folder" in str(raised.value.problems[0])
