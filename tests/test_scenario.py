"""A long companion game, played through the command line: a cooperative companion game on
the minimal pack over many Days, every draw and roll entered by hand, with a Dream read,
upgrades bought, a Guardian moving, Menhirs running out and Locations vanishing, and a
hero dying and replaced.

The pack is the minimal one with a third hero (to replace the dead), a frail Yew, a hardy
Wren (the Ridge Warden's Sudden blow and Opportunity attack cost her 4 Health when she
escapes it) and a "You Are Dying" card that kills at 0 Health in co-op too, so that the
Wyrdness can do its work in a few Days.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from grail.cli import main

from .conftest import MINIMAL


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    folder = Path(shutil.copytree(MINIMAL, tmp_path / "pack"))
    yew = (folder / "heroes" / "yew.yaml").read_text()
    zed = yew.replace("id: yew", "id: zed").replace("number: 6", "number: 7") \
        .replace("Yew the Ferry-Keeper", "Zed the Hedge-Walker")
    (folder / "heroes" / "zed.yaml").write_text(zed)
    (folder / "heroes" / "yew.yaml").write_text(
        yew.replace("energy: {max: 8, start: 3", "energy: {max: 8, start: 2")
        .replace("health: {max: 7, start: 5}", "health: {max: 7, start: 2}"))
    wren = folder / "heroes" / "wren.yaml"  # hardy enough to walk away from the Warden
    wren.write_text(wren.read_text().replace("health: {max: 8, start: 6}",
                                             "health: {max: 10, start: 10}"))
    campaign = folder / "campaign.yaml"
    campaign.write_text(campaign.read_text().replace(
        "dying:\n  effects:\n    - lose_item: {}\n",
        "dying:\n  effects:\n    - if: {meter: {health: {at_most: 0}}}\n"
        "      then: [{die: true}]\n"))
    return folder


class Table:
    """People at a table using grail through its command line."""

    def __init__(self, save: Path, capsys: pytest.CaptureFixture[str]) -> None:
        self.save, self.capsys = save, capsys

    def act(self, action: dict[str, Any]) -> list[dict[str, Any]]:
        self.capsys.readouterr()
        assert main(["act", str(self.save), json.dumps(action), "--json"]) == 0
        return [json.loads(line) for line in self.capsys.readouterr().out.splitlines()]

    def legal(self) -> list[dict[str, Any]]:
        self.capsys.readouterr()
        assert main(["legal", str(self.save), "--json"]) == 0
        return list(json.loads(self.capsys.readouterr().out))

    def show(self) -> dict[str, Any]:
        self.capsys.readouterr()
        assert main(["show", str(self.save), "--json"]) == 0
        return dict(json.loads(self.capsys.readouterr().out))

    def escape_the_fight(self) -> list[dict[str, Any]]:
        """The table says what was drawn (the first card it may be), keeps its hands,
        discards what it must and escapes at the first chance [COMBAT-17]."""
        events: list[dict[str, Any]] = []
        while self.show()["encounter"] is not None or self.show()["chance"] is not None:
            options = self.legal()
            kinds = [option["type"] for option in options]
            wanted = next((k for k in ("escape", "keep_hands") if k in kinds), kinds[0])
            events += self.act(options[kinds.index(wanted)])
        return events

    def end_the_day(self, die: str = "stay") -> list[dict[str, Any]]:
        """Everyone passes and rests; the table rolls ``die`` on the Guardian die."""
        day, events = self.show()["day"], []
        while self.show()["day"] == day:
            options = self.legal()
            kinds = [option["type"] for option in options]
            if "chance" in kinds:
                pick = next(o for o in options if o["outcome"] == die)
            else:  # else the first: a Skill side the Dream gives, a replacement...
                wanted = next((k for k in ("pass", "rest", "finish_upgrades") if k in kinds), None)
                pick = options[kinds.index(wanted)] if wanted else options[0]
            events += self.act(pick)
        return events


def test_a_companion_campaign_from_the_command_line(
    pack: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "game.grail"
    assert main(["new", str(save), "--pack", str(pack), "--hero", "wren", "--hero", "yew",
                 "--companion"]) == 0
    table = Table(save, capsys)

    # Day 1: Wren goes alone (Yew could have joined [TEAM-1]); Yew sleeps on the Dreams field
    table.act({"type": "travel", "hero": "wren", "to": 104})
    table.act({"type": "begin", "hero": "wren"})
    table.act({"type": "travel", "hero": "yew", "to": 105})
    events = table.end_the_day()
    assert {"type": "entry_read", "entry": "105.d"} in events  # [END-DAY-7]
    assert table.show()["heroes"][1]["skills"] == [3]  # the Dream's Skill, chosen [ATTR-4]

    # Day 2: the Menhir of 104 wakes and a Quest is met; the Ridge Warden is not beaten
    events = table.act({"type": "activate_menhir", "hero": "wren"})  # [MENHIR-5]
    assert {"type": "menhir_dial_turned", "location": 104, "dial": 6} in events
    assert table.show()["heroes"][0]["exp"] == 3  # [EVENT-3]
    table.act({"type": "pass", "hero": "yew"})  # Wren has acted this round [DAY-6], [DAY-3]
    events = table.act({"type": "travel", "hero": "wren", "to": 107})  # lightning rules [MAP-6]
    assert events[-1]["type"] == "chance_asked" and events[-1]["point"] == "wren draws a card"
    events = table.escape_the_fight()  # Ambush, Sudden, then Wren escapes [COMBAT-17]
    assert {"type": "encounter_ended", "encounter": "grey-warden", "won": False,
            "result": "escaped"} in events
    assert table.show()["guardians"] == [{"id": "grey-warden", "location": 107}]  # [GUARD-1]

    # End of Day 2: Wren buys a deck upgrade; the table says which cards came up
    table.act({"type": "pass", "hero": "wren"})
    table.act({"type": "rest", "hero": "wren", "eat": False})  # her Food fed the Menhir
    table.act({"type": "rest", "hero": "yew", "eat": False})  # his was eaten yesterday
    events = table.act({"type": "deck_upgrade", "hero": "wren", "deck": "combat"})  # [UPG-2]
    assert events[-1]["type"] == "chance_asked"
    assert events[-1]["options"] == ["combat-4v", "wren-combat-1v"]
    table.act({"type": "chance", "point": "draw from the Advanced combat pool",
               "outcome": "wren-combat-1v"})  # the other came up by itself: the last one
    table.act({"type": "keep_card", "hero": "wren", "card": "wren-combat-1v"})
    table.act({"type": "set_aside", "hero": "wren", "card": "combat-1v"})  # [END-DAY-5]
    wren = table.show()["heroes"][0]
    assert "wren-combat-1v" in wren["combat_deck"] and wren["set_aside"] == ["combat-1v"]
    table.act({"type": "finish_upgrades", "hero": "wren"})

    # Day 3 begins: the table rolls the Guardian die: south, from 107 to 104 [GUARD-2]
    events = table.end_the_day(die="south")
    assert {"type": "guardian_moved", "encounter": "grey-warden", "face": "south",
            "location": 104} in events
    assert table.show()["guardians"] == [{"id": "grey-warden", "location": 104}]

    # Days pass: the Menhir of 101 runs out first, and 103 falls outside every radius
    discarded: list[int] = []
    while table.show()["menhirs"]:
        events = table.end_the_day()
        discarded += [e["number"] for e in events if e["type"] == "location_discarded"]
    assert discarded == [103]  # [DAY-START-2], [DISC-1]

    # The Wyrdness wears the characters down; frail Yew dies, and Zed takes the place
    while not table.show()["dead"]:
        events = table.end_the_day()
    assert {"type": "hero_died", "hero": "yew", "cause": "effect"} in events  # [DEATH-1]
    assert table.legal() == [{"type": "choose_replacement", "hero": "zed"}]  # [DEATH-3]
    events = table.act({"type": "choose_replacement", "hero": "zed"})
    # the Start of Day goes on: the Guardians move once the death is dealt with [DAY-START-6]
    assert events[-1]["type"] == "chance_asked" and events[-1]["point"] == "guardian die"
    table.act({"type": "chance", "point": "guardian die", "outcome": "stay"})
    state = table.show()
    assert [hero["id"] for hero in state["heroes"]] == ["wren", "zed"]
    assert state["heroes"][1]["location"] == 101  # the lowest-numbered revealed Location

    capsys.readouterr()
    assert main(["replay", str(save)]) == 0  # every decision and chance outcome is logged
    assert "replay to the same state" in capsys.readouterr().out
