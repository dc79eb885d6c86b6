"""The loader: safe YAML, precise positions, every problem of a pack in one run."""

from __future__ import annotations

from pathlib import Path

import pytest

from grail.content import PackError, check_pack, load_pack
from grail.content.yamlsource import SourceError, read_document


def _problem_lines(pack: Path) -> list[str]:
    return [str(problem) for problem in check_pack(pack).problems]


def test_all_problems_of_a_pack_are_reported_in_one_run(minimal_copy: Path) -> None:
    (minimal_copy / "locations/103.yaml").write_text(
        "number: 103\nname: The Dry Well\nkeys: {right: 101}\nexplore: \"103\"\ncolour: red\n")
    (minimal_copy / "items/items.yaml").write_text(
        "items:\n  - number: 1\n    name: Hatchet\n    keyword: sword\n")
    (minimal_copy / "journal/108.yaml").write_text(
        'location: 108\nentries:\n  "108":\n    text: Barred.\n    effects: [{goto: "108.9"}]\n')
    assert _problem_lines(minimal_copy) == [
        "items/items.yaml:4:14: items[0].keyword: expected 'weapon', 'armor', 'shield', "
        "'companion' or 'relic', got 'sword'",
        "journal/108.yaml:5:22: entries.108.effects[0].goto: journal entry '108.9' does not exist "
        "(did you mean '108'?)",
        "locations/103.yaml:5:1: unknown field 'colour'; expected one of: number, name, "
        "old_number, seals, keys, description, action, immediate, explore, menhir, dream, "
        "nightmare",
    ]


def test_load_pack_raises_pack_error_with_every_problem(minimal_copy: Path) -> None:
    (minimal_copy / "locations/102.yaml").write_text("number: 102\nname: NO\n")
    with pytest.raises(PackError) as raised:
        load_pack(minimal_copy)
    messages = [p.message for p in raised.value.problems]
    assert "name: expected text, got NO which YAML reads as false; write \"NO\" in quotes" \
        in messages
    assert "missing required field 'explore'" in messages


def test_misspelt_field_gets_a_suggestion(minimal_copy: Path) -> None:
    (minimal_copy / "locations/108.yaml").write_text(
        'number: 108\nname: The Palisade\nkeys: {}\nexplroe: "108"\n')
    lines = _problem_lines(minimal_copy)
    assert any("unknown field 'explroe' (did you mean 'explore'?)" in line for line in lines)
    assert any(line.startswith("locations/108.yaml:4:1:") for line in lines)


def test_unknown_effect_points_at_the_effect_with_a_suggestion(minimal_copy: Path) -> None:
    (minimal_copy / "journal/108.yaml").write_text(
        'entries:\n  "108":\n    text: Barred.\n    effects:\n      - gian: {food: 1}\n'
        "      - end_exploration: true\n")
    [line] = _problem_lines(minimal_copy)
    assert line.startswith("journal/108.yaml:5:9: entries.108.effects[0]: unknown effect 'gian'"
                           " (did you mean 'gain'?)")


def test_nothing_is_constructed_from_python_tags() -> None:
    with pytest.raises(SourceError, match="tags are not allowed"):
        read_document(b"a: !!python/object/apply:os.system ['true']\n")


def test_alias_bomb_is_refused_before_expansion() -> None:
    bomb = b'a: &a ["x","x"]\nb: &b [*a,*a]\nc: &c [*b,*b]\nd: [*c,*c]\n'
    with pytest.raises(SourceError) as raised:
        read_document(bomb)
    assert (raised.value.line, raised.value.col) == (1, 4)
    assert "anchors" in raised.value.message


def test_duplicate_keys_are_refused_at_the_second() -> None:
    with pytest.raises(SourceError) as raised:
        read_document(b"name: A\nnumber: 3\nname: B\n")
    assert (raised.value.line, raised.value.message) == (
        3, "duplicate key 'name' (first given on line 1)")


def test_oversized_file_is_refused() -> None:
    with pytest.raises(SourceError, match="too large"):
        read_document(b"a: 1\n" + b"#" * 200, max_bytes=100)


def test_tab_indentation_has_its_own_message() -> None:
    with pytest.raises(SourceError) as raised:
        read_document(b"keys:\n\tup: 102\n")
    assert (raised.value.line, raised.value.message) == (
        2, "tab character: YAML indents with spaces, never tabs")


def test_text_with_ampersand_is_not_an_anchor() -> None:
    assert read_document(b"name: Salt & Iron\ntext: '*stars*'\n").data == {
        "name": "Salt & Iron", "text": "*stars*"}


def test_a_missing_pack_folder_is_one_problem(tmp_path: Path) -> None:
    report = check_pack(tmp_path / "nowhere")
    assert [p.message for p in report.problems] == ["no such pack folder"]


def test_an_invalid_file_still_defines_its_names(minimal_copy: Path) -> None:
    # Location 108 is broken, but references to 108 must not add a second problem.
    (minimal_copy / "locations/108.yaml").write_text(
        'number: 108\nname: The Palisade\nkeys: {}\nexplore: "108"\nseals: [castle]\n')
    lines = _problem_lines(minimal_copy)
    assert len(lines) == 1 and lines[0].startswith("locations/108.yaml:5:9: seals[0]:")


def test_nesting_past_the_limit_is_a_problem_not_a_crash() -> None:
    with pytest.raises(SourceError, match="nesting deeper than 100 levels"):
        read_document(b"a: " + b"[" * 150 + b"]" * 150)  # valid YAML, refused while building
    with pytest.raises(SourceError, match="nesting deeper than 100 levels"):
        read_document(b"a: " + b"[" * 30000)  # would overflow the C composer's stack


def test_quoted_and_unquoted_keys_naming_one_entry_are_duplicates() -> None:
    with pytest.raises(SourceError, match="duplicate key '108'"):
        read_document(b'"108": {text: a}\n108: {text: b}\n')


def test_a_leading_zero_is_refused_not_read_as_octal() -> None:
    with pytest.raises(SourceError, match="reads 0107 as an octal number; write 107"):
        read_document(b"number: 0107\n")


def test_hidden_folders_and_odd_entries_are_ignored(minimal_copy: Path) -> None:
    (minimal_copy / ".github" / "workflows").mkdir(parents=True)
    (minimal_copy / ".github" / "workflows" / "ci.yml").write_text("on: push\n")
    (minimal_copy / "locations" / "folder.yaml").mkdir()
    (minimal_copy / "locations" / ".#101.yaml").symlink_to("nowhere")
    report = check_pack(minimal_copy)
    assert report.problems == [] and report.campaign is not None


def test_files_not_read_are_warnings_and_the_pack_still_loads(minimal_copy: Path) -> None:
    (minimal_copy / "notes.yaml").write_text("todo: more\n")
    report = check_pack(minimal_copy)
    assert [str(p) for p in report.problems] == [
        "notes.yaml:1:1: warning: only campaign.yaml belongs at the top of a pack: "
        "this file is not read"]
    assert report.ok and report.campaign is not None
