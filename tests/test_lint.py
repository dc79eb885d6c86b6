"""``grail lint``: each kind of finding on a small pack made from the minimal one, its
file and line, severities, exit codes and ``--json``; and the authoring tutorial's YAML,
added to a copy of the bundled campaign, validates and lints clean."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
import yaml

from grail.cli import main
from grail.content import Campaign, bundled_pack, load_pack
from grail.content.findings import Finding
from grail.content.lint import lint_pack
from grail.content.loader import adapter
from grail.content.locations import EDGES, FACING, STEP
from grail.content.pack import KINDS
from grail.content.yamlsource import read_document
from grail.engine.actions import Choose
from grail.engine.trying import try_entry

from .conftest import MINIMAL


def edit(pack: Path, rel: str, old: str, new: str) -> None:
    """Replace the first ``old`` in a file of the pack."""
    path = pack / rel
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} is not in {rel}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def add(pack: Path, rel: str, text: str) -> None:
    """Append ``text`` to a file of the pack (creating it)."""
    path = pack / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    before = path.read_text(encoding="utf-8") if path.exists() else ""
    path.write_text(before + text, encoding="utf-8")


def line_of(pack: Path, rel: str, text: str) -> int:
    """The line (from 1) of the first line of a pack file holding ``text``."""
    lines = (pack / rel).read_text(encoding="utf-8").splitlines()
    return next(index for index, line in enumerate(lines, start=1) if text in line)


def lint(pack: Path) -> list[Finding]:
    report = lint_pack(pack)
    assert report.valid, [str(finding) for finding in report.findings]
    return report.findings


def coded(findings: list[Finding], code: str) -> list[Finding]:
    return [finding for finding in findings if finding.code == code]


def where(findings: list[Finding]) -> list[tuple[str, int, str]]:
    return [(finding.file, finding.line, finding.severity) for finding in findings]


def test_the_minimal_pack_has_warnings_only_each_at_its_file_and_line() -> None:
    findings = lint(MINIMAL)
    assert all(finding.severity == "warning" for finding in findings)
    assert where(coded(findings, "menhir-gap")) == [("locations/108.yaml", 1, "warning")]
    assert "(x 0, y 2) is 2 cards from the nearest Menhir site" in \
        coded(findings, "menhir-gap")[0].message
    items = coded(findings, "item-unobtainable")
    assert [finding.line for finding in items] == \
        [line_of(MINIMAL, "items/items.yaml", f"number: {n}") for n in (2, 3, 5)]
    assert "asks for an armor" in items[0].message
    flood = line_of(MINIMAL, "campaign.yaml", "id: flood")
    assert [(f.code, f.line) for f in findings if f.file == "campaign.yaml"] == \
        [("status-never-tested", flood), ("status-unused", flood)]


def test_an_entry_nothing_reads_and_one_read_only_from_it_are_unreached(minimal_copy: Path) -> None:
    add(minimal_copy, "journal/103.yaml", '  "103.9":\n    text: A ladder.\n'
        '    effects: [{goto: "103.10"}]\n  "103.10":\n    text: The bottom.\n'
        "    effects: [{end_exploration: true}]\n")
    unreached = coded(lint(minimal_copy), "entry-unreached")
    assert where(unreached) == [
        ("journal/103.yaml", line_of(minimal_copy, "journal/103.yaml", '"103.9"'), "warning"),
        ("journal/103.yaml", line_of(minimal_copy, "journal/103.yaml", '  "103.10":'), "warning")]
    assert "nothing reads entry '103.9'" in unreached[0].message
    # a goto from an Event is a way in, and so is everything it leads to
    edit(minimal_copy, "events/storm.yaml", "effects:\n", 'effects:\n  - goto: "103.9"\n')
    assert coded(lint(minimal_copy), "entry-unreached") == []


def test_an_exploration_entry_that_can_end_without_a_way_out(minimal_copy: Path) -> None:
    edit(minimal_copy, "journal/108.yaml", "effects: [{end_exploration: true}]",
         "effects: [{gain: {food: 1}}]")
    edit(minimal_copy, "journal/102.yaml", "          - text: Leave it be.\n"
         "            effects: [{end_exploration: true}]",
         "          - text: Leave it be.\n            effects: [{gain: {food: 1}}]")
    found = coded(lint(minimal_copy), "entry-no-way-out")
    leave = line_of(minimal_copy, "journal/102.yaml", "effects: [{gain: {food: 1}}]")
    assert where(found) == [("journal/102.yaml", line_of(minimal_copy, "journal/102.yaml", '"102":'),
                             "warning"),
                            ("journal/108.yaml", line_of(minimal_copy, "journal/108.yaml", '"108"'),
                             "warning")]
    assert f"(one such path goes through line {leave})" in found[0].message
    assert "line" not in found[1].message.split("way out")[1].split(":")[0]
    # Dreams (105.d) and the mercy verse (500) are not Explorations: they may simply end
    assert not any("'105.d'" in f.message or "'500'" in f.message for f in found)


def test_both_results_of_a_fight_closing_close_the_entry(minimal_copy: Path) -> None:
    edit(minimal_copy, "journal/108.yaml", "effects: [{end_exploration: true}]",
         "effects: [{start_encounter: {id: grey-warden, won: [{goto: '108'}], "
         "lost: [{end_exploration: true}]}}]")
    assert coded(lint(minimal_copy), "entry-no-way-out") == []
    edit(minimal_copy, "journal/108.yaml", "lost: [{end_exploration: true}]", "lost: []")
    assert where(coded(lint(minimal_copy), "entry-no-way-out")) == \
        [("journal/108.yaml", 3, "warning")]


def test_statuses_tested_but_never_marked_marked_but_never_tested_and_unused(
        minimal_copy: Path) -> None:
    edit(minimal_copy, "journal/107.yaml", "      - end_exploration: true",
         "      - if: {status: flood, part: 3}\n        then: [{gain: {exp: 1}}]\n"
         "      - end_exploration: true")
    edit(minimal_copy, "campaign.yaml", "    - {id: bell-rung",
         "    - {id: lost-bell, name: The lost bell}\n    - {id: bell-rung")
    findings = lint(minimal_copy)
    never = coded(findings, "status-never-marked")
    assert where(never) == [("journal/107.yaml", line_of(minimal_copy, "journal/107.yaml",
                                                         "status: flood, part: 3"), "warning")]
    assert "part 3 of Status 'flood'" in never[0].message
    assert [f.message for f in coded(findings, "status-unused")] == \
        ["Status 'lost-bell' is never marked nor tested: mark it where the story records it, "
         "or remove it from the Game Sheet"]
    # a whole-Status test reads every part, so part 2 is no longer "never tested"
    assert coded(findings, "status-never-tested")
    edit(minimal_copy, "journal/107.yaml", "status: flood, part: 3", "status: flood")
    findings = lint(minimal_copy)
    assert coded(findings, "status-never-tested") == [] == coded(findings, "status-never-marked")


def test_secrets_and_items_nothing_gives(minimal_copy: Path) -> None:
    add(minimal_copy, "secrets/secrets.yaml", "  - {number: 3, name: A Lost Name, text: Gone.}\n")
    findings = lint(minimal_copy)
    assert where(coded(findings, "secret-unobtainable")) == \
        [("secrets/secrets.yaml", line_of(minimal_copy, "secrets/secrets.yaml", "number: 3"),
          "warning")]  # Secret 2 is the Challenge Secret: obtainable
    # a keyword pick gives any Item of that keyword; craftable must fit too
    edit(minimal_copy, "journal/108.yaml", "effects: [",
         "effects: [{gain_item: {keyword: relic}}, {gain_item: {keyword: shield, craftable: true}}, ")
    findings = lint(minimal_copy)
    numbers = [f.message.split()[4] for f in coded(findings, "item-unobtainable")]
    assert numbers == ["2", "3"]
    # no craftable shield: that gift gives nothing [ITEM-4]
    assert [(f.file, f.line, f.message.split(", and")[0]) for f in
            coded(findings, "gain-item-fits-nothing")] == [
        ("journal/108.yaml", line_of(minimal_copy, "journal/108.yaml", "craftable: true"),
         "this 'gain_item' asks for a craftable shield")]


def test_a_starting_deck_thinner_than_the_hand(minimal_copy: Path) -> None:  # [COMBAT-3]
    """The minimal pack's 3-card decks give a lone character its hand of 3 and nothing
    after it; a hand of 9 cannot even be drawn: each deck is named at its line."""
    findings = coded(lint(minimal_copy), "deck-thinner-than-hand")
    assert [(f.file, f.message.split(" (")[0]) for f in findings] == [
        (f"heroes/{hero}.yaml", f"{hero}'s starting {kind} deck of 3 cards has no card left "
         "to draw after its hand of 3") for hero in ("wren", "yew")
        for kind in ("combat", "diplomacy")]
    assert findings[0].line == line_of(minimal_copy, "heroes/wren.yaml", "combat:") + 1
    edit(minimal_copy, "campaign.yaml", "rules:", "rules:\n  hand_size: [2, 2, 2, 2]")
    assert coded(lint(minimal_copy), "deck-thinner-than-hand") == []
    edit(minimal_copy, "campaign.yaml", "hand_size: [2, 2, 2, 2]", "hand_size: [9, 3, 3, 2]")
    assert "cannot even draw its hand of 9" in \
        coded(lint(minimal_copy), "deck-thinner-than-hand")[0].message


def test_encounters_in_no_deck_and_events_never_drawn(minimal_copy: Path) -> None:
    add(minimal_copy, "encounters/green/stag.yaml",
        "id: green-stag\nname: White Stag\ndeck: green\nlevel: 3\nvalue: 4\n"
        "attack:\n  - {pool: [0, null], effects: [{damage: 1}]}\n")
    add(minimal_copy, "events/omen.yaml", "kind: story\nid: ev-omen\ntitle: Omen\nchapter: 1\n"
        "part: 3\ntext: A crow speaks.\n")
    add(minimal_copy, "events/hail.yaml", "kind: random\nid: rnd-hail\ntitle: Hail\ntext: Hail.\n")
    findings = lint(minimal_copy)
    assert where(coded(findings, "encounter-in-no-deck")) == \
        [("encounters/green/stag.yaml", 1, "warning")]
    assert "no chapter's setup lists level 3 for the green deck" in \
        coded(findings, "encounter-in-no-deck")[0].message
    drawn = coded(findings, "event-never-drawn")
    assert where(drawn) == [("events/hail.yaml", 1, "warning"), ("events/omen.yaml", 1, "warning")]
    assert "no chapter's setup lists it in 'random_events'" in drawn[0].message
    edit(minimal_copy, "journal/108.yaml", "effects: [",
         "effects: [{start_encounter: {id: green-stag}}, {add_event: {id: ev-omen}}, ")
    assert coded(lint(minimal_copy), "encounter-in-no-deck") == []
    assert where(coded(lint(minimal_copy), "event-never-drawn")) == \
        [("events/hail.yaml", 1, "warning")]


def test_a_quest_whose_success_ends_the_chapter_but_can_never_succeed_is_an_error(
        minimal_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    edit(minimal_copy, "locations/104.yaml", "effects: [{mark: {status: flood, part: 1}}]",
         "effects: [{gain: {exp: 1}}]")
    impossible = coded(lint(minimal_copy), "quest-goal-impossible")
    assert where(impossible) == [("events/arrival.yaml", 8, "error")]
    assert "the story stops here" in impossible[0].message
    assert main(["lint", str(minimal_copy)]) == 1
    assert "[quest-goal-impossible]" in capsys.readouterr().out
    edit(minimal_copy, "journal/108.yaml", "effects: [", "effects: [{complete_quest: q-stone}, ")
    assert coded(lint(minimal_copy), "quest-goal-impossible") == []


def test_an_unlocked_quest_nothing_starts(minimal_copy: Path) -> None:
    edit(minimal_copy, "journal/102.yaml", "      - start_quest: q-answer\n", "")
    assert where(coded(lint(minimal_copy), "quest-never-started")) == \
        [("secrets/secrets.yaml", line_of(minimal_copy, "secrets/secrets.yaml", "quest:"),
          "warning")]


def test_a_campaign_whose_chapters_nothing_ends(minimal_copy: Path) -> None:
    edit(minimal_copy, "events/arrival.yaml", ", {end_chapter: true}", "")
    assert where(coded(lint(minimal_copy), "chapter-never-ends")) == \
        [("campaign.yaml", line_of(minimal_copy, "campaign.yaml", "number: 2"), "error")]


def test_locations_the_party_can_never_enter_say_why(minimal_copy: Path) -> None:
    add(minimal_copy, "locations/109.yaml", 'number: 109\nname: Far Isle\nexplore: "108"\n')
    add(minimal_copy, "locations/110.yaml",
        'number: 110\nname: The Stone Rebuilt\nold_number: 104\nkeys: {left: 101, up: 107}\n'
        'explore: "108"\n')
    found = coded(lint(minimal_copy), "location-unreachable")
    assert where(found) == [("locations/109.yaml", 1, "warning"),
                            ("locations/110.yaml", 1, "warning")]
    assert "no chain of Direction Keys links it to the start (101)" in found[0].message
    assert "no 'replace_location: 110' brings it into play" in found[1].message


def test_a_menhir_gap_and_what_closes_it(minimal_copy: Path) -> None:
    assert coded(lint(minimal_copy), "menhir-gap")  # 108, two cards below the start
    edit(minimal_copy, "events/storm.yaml", "effects:\n",
         "effects:\n  - place_menhir: {location: 105, dial: 3}\n")
    findings = lint(minimal_copy)
    assert coded(findings, "menhir-gap") == []
    # now revealed, but the one-way key of 105 gives no Travel into it
    [blocked] = coded(findings, "location-unreachable")
    assert blocked.file == "locations/108.yaml"
    assert "(The Palisade): it can be revealed, but no Location the party reaches" in \
        blocked.message


def test_without_the_radius_rule_there_are_no_gaps(minimal_copy: Path) -> None:
    edit(minimal_copy, "campaign.yaml", "rules:\n", "rules:\n  reveal_needs_key_and_radius: false\n")
    findings = lint(minimal_copy)
    assert coded(findings, "menhir-gap") == []
    assert [f.file for f in coded(findings, "location-unreachable")] == ["locations/108.yaml"]


def test_a_menhir_the_party_carries_lights_anywhere(minimal_copy: Path) -> None:
    edit(minimal_copy, "events/storm.yaml", "effects:\n", "effects:\n  - place_menhir: {dial: 3}\n")
    assert coded(lint(minimal_copy), "menhir-gap") == []


def test_a_start_the_party_can_never_leave_is_an_error(minimal_copy: Path) -> None:
    edit(minimal_copy, "campaign.yaml", "start: 101", "start: 108")
    edit(minimal_copy, "campaign.yaml", "    restart: {location: 101, menhir: 4}\n", "")
    edit(minimal_copy, "journal/101.yaml", "      - move: {location: 102}\n", "")
    edit(minimal_copy, "journal/verses.yaml", "lowest_revealed", "any_connected")
    findings = lint(minimal_copy)
    assert where(coded(findings, "start-isolated")) == [("locations/108.yaml", 1, "error")]
    # 101 to 107, but 106: a changed version of 104 is unreachable with it, not on its own
    assert [f.file for f in coded(findings, "location-unreachable")] == \
        [f"locations/{n}.yaml" for n in (101, 102, 103, 104, 105, 107)]


def test_a_pack_that_does_not_validate_is_not_linted(
        minimal_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    edit(minimal_copy, "journal/108.yaml", "{end_exploration: true}", '{goto: "108.9"}')
    report = lint_pack(minimal_copy)
    assert not report.valid
    assert [(f.code, f.severity, f.file) for f in report.findings] == \
        [("validate", "error", "journal/108.yaml")]
    assert main(["lint", str(minimal_copy)]) == 1
    captured = capsys.readouterr()
    assert "journal entry '108.9' does not exist" in captured.out
    assert "so it was not linted" in captured.err


def test_lint_prints_findings_under_the_pack_path_and_counts(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lint", str(MINIMAL)]) == 0
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert lines and all(line.startswith(f"{MINIMAL}/") for line in lines)
    assert f"{MINIMAL}/locations/108.yaml:1: warning: " in captured.out
    assert captured.err.strip() == f"0 errors, {len(lines)} warnings"


def test_lint_json_is_a_list_of_findings(minimal_copy: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lint", str(MINIMAL), "--json"]) == 0
    findings = json.loads(capsys.readouterr().out)
    assert findings and all(set(f) == {"file", "line", "severity", "code", "message"}
                            for f in findings)
    assert {"file": "locations/108.yaml", "line": 1, "severity": "warning",
            "code": "menhir-gap"} in [{k: v for k, v in f.items() if k != "message"}
                                      for f in findings]
    edit(minimal_copy, "events/arrival.yaml", ", {end_chapter: true}", "")
    assert main(["lint", str(minimal_copy), "--json"]) == 1
    assert "chapter-never-ends" in [f["code"] for f in json.loads(capsys.readouterr().out)]


def test_the_bundled_campaign_lints_and_points_into_its_files() -> None:
    report = lint_pack(bundled_pack())
    assert report.valid
    for finding in report.findings:
        lines = (bundled_pack() / finding.file).read_text(encoding="utf-8").splitlines()
        assert 1 <= finding.line <= len(lines)


# --- the authoring tutorial (docs/authoring.md) ----------------------------------------

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "authoring.md"
TUTORIAL_FILES = {"locations/190.yaml", "journal/190.yaml", "encounters/green/stair-gannets.yaml",
                  "events/gannets-rise.yaml"}


def tutorial_blocks() -> list[tuple[str, str, str]]:
    """Every ```yaml block of the tutorial: ``file`` or ``edit``, the path, the text."""
    blocks = []
    for text in re.findall(r"^```yaml\n(.*?)^```", GUIDE.read_text(encoding="utf-8"), re.S | re.M):
        match = re.match(r"# (file|edit): (\S+)\n", text)
        assert match, f"a tutorial block starts with '# file: PATH' or '# edit: PATH': {text[:40]!r}"
        blocks.append((match[1], match[2], text))
    return blocks


def test_every_file_of_the_tutorial_is_valid_on_its_own() -> None:
    folders = {kind.folder: kind for kind in KINDS if kind.folder}
    files = {path: text for how, path, text in tutorial_blocks() if how == "file"}
    assert set(files) == TUTORIAL_FILES
    for path, text in files.items():
        kind = folders[path.split("/")[0]]
        adapter(kind).validate_python(read_document(text.encode("utf-8")).data, strict=True)


def _free_edge(campaign: Campaign) -> tuple[int, str]:
    """The tutorial's anchor, Gannet Head's right edge, while it is free; else another
    Menhir-seal Location's free edge whose empty spot its own Menhir covers."""
    spots = campaign.grid
    taken = set(spots.values())

    def free(number: int, edge: str) -> bool:
        loc = campaign.location.get(number)
        if loc is None or number not in spots or "menhir" not in loc.seals or any(
                getattr(other.keys, edge) is not None for other in campaign.locations
                if spots.get(other.number) == spots[number]):
            return False
        x, y = spots[number]
        return (x + STEP[edge][0], y + STEP[edge][1]) not in taken

    candidates = [(120, "right")] + [(loc.number, edge) for loc in campaign.locations
                                     for edge in EDGES]
    return next(candidate for candidate in candidates if free(*candidate))


def tutorial_pack(target: Path) -> Path:
    """A copy of the bundled campaign with the tutorial's files and edit."""
    pack = Path(shutil.copytree(bundled_pack(), target))
    campaign = load_pack(pack)
    anchor, edge = _free_edge(campaign)
    for how, path, text in tutorial_blocks():
        if how == "edit":
            assert (path, yaml.safe_load(text)["keys"]["right"]) == ("locations/120.yaml", 190)
            continue
        if path == "locations/190.yaml":
            text = text.replace("keys: {left: 120}", f"keys: {{{FACING[edge]}: {anchor}}}")
        add(pack, path, text)
    anchor_file = pack / campaign.sources[f"location:{anchor}"].rsplit(":", 1)[0]
    data = yaml.safe_load(anchor_file.read_text(encoding="utf-8"))
    data["keys"][edge] = 190
    anchor_file.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return pack


def test_the_tutorial_added_to_the_campaign_lints_with_nothing_new(tmp_path: Path) -> None:
    before = {(f.code, f.message) for f in lint(bundled_pack())}
    pack = tutorial_pack(tmp_path / "content")
    findings = lint(pack)
    assert [str(f) for f in findings if (f.code, f.message) not in before] == []
    assert not any(f.file in TUTORIAL_FILES for f in findings)


def test_the_tutorial_lint_example_is_what_lint_says(tmp_path: Path) -> None:
    pack = tutorial_pack(tmp_path / "content")
    edit(pack, "journal/190.yaml", "lost: [{lose: {energy: 1}}, {end_exploration: true}]",
         "lost: [{lose: {energy: 1}}]")
    shown = [line for line in GUIDE.read_text(encoding="utf-8").splitlines()
             if line.endswith("[entry-no-way-out]")]
    assert shown == [f"content/{f}" for f in coded(lint(pack), "entry-no-way-out")]


def test_the_tutorial_location_plays_from_its_entry_to_its_fight(tmp_path: Path) -> None:
    campaign = load_pack(tutorial_pack(tmp_path / "content"))
    game, _ = try_entry(campaign, "tamsin", "190", seed=5)
    push = next(action for action in game.legal_actions() if isinstance(action, Choose))
    assert game.state.heroes[0].location == 190 and push.option == 0
    game.apply(push)
    assert game.state.encounter is not None and game.state.encounter.id == "green-stair-gannets"
