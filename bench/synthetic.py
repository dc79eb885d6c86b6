"""A synthetic full-scale content pack, written as YAML, for the content benchmarks.

The sizes follow the physical game: 300 locations, 600 combat and diplomacy cards,
130 encounters, 2,000 journal entries, 100 events, 50 secrets, 70 items, 72 skills.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

SIZES = {"locations": 300, "cards": 600, "encounters": 130, "entries": 2000, "events": 100,
         "secrets": 50, "items": 70, "skills": 72}
WIDTH = 20  # locations per grid row
LOREM = ("The wind comes off the grey water and the stones lean into it, listening for a "
         "name none of you remembers. ")
ATTRS = ["aggression", "empathy", "courage", "caution", "logic", "spirituality"]
COLOURS = [("green", "V"), ("brown", "M"), ("blue", "A"), ("grey", "G")]


def _dump(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.dump(data, Dumper=yaml.CSafeDumper, sort_keys=False,
                              allow_unicode=True, width=100))


def _number(index: int) -> int:
    return 1001 + index


def _locations(root: Path, sizes: dict[str, int]) -> None:
    count = sizes["locations"]
    for i in range(count):
        x, y = i % WIDTH, i // WIDTH
        keys: dict[str, int] = {}
        if y > 0:
            keys["up"] = _number(i - WIDTH)
        if i + WIDTH < count:
            keys["down"] = _number(i + WIDTH)
        if x > 0:
            keys["left"] = _number(i - 1)
        if x < WIDTH - 1 and i + 1 < count:
            keys["right"] = _number(i + 1)
        data: dict[str, Any] = {
            "number": _number(i), "name": f"Place {i}", "keys": keys,
            "description": LOREM, "explore": str(_number(i)),
            "action": {"name": "Forage", "cost": {"energy": 1}, "once_per_day": True,
                       "effects": [{"gain": {"food": 1}}, {"draw_encounter": {"deck": "green"}}]},
        }
        if i % 10 == 0:
            data["seals"] = ["menhir"]
            data["menhir"] = {"cost": {"magic": {"base": 0, "per_player": 1}},
                              "dial": {"base": 8, "per_player": -1}}
        _dump(root / "locations" / f"{_number(i)}.yaml", data)


def _journal(root: Path, sizes: dict[str, int]) -> None:
    per, extra = divmod(sizes["entries"], sizes["locations"])
    for i in range(sizes["locations"]):
        section = str(_number(i))
        entries: dict[str, Any] = {}
        n = per + (1 if i < extra else 0)
        for k in range(n):
            key = section if k == 0 else f"{section}.{k}"
            nxt = f"{section}.{k + 1}" if k + 1 < n else None
            effects: list[Any] = [
                {"if": {"visits": {"entry": key, "at_least": 2}},
                 "then": [{"gain": {"exp": 1}}], "else": [{"mark": {"status": "s1"}}]},
            ]
            if nxt:
                effects.append({"choose": [
                    {"text": "Go deeper.", "if": {"attribute": {ATTRS[k % 6]: 1}},
                     "cost": {"energy": 1}, "effects": [{"goto": nxt}]},
                    {"text": "Turn back.", "effects": [{"end_exploration": True}]}]})
            else:
                effects.append({"end_exploration": True})
            entries[key] = {"text": LOREM * 3, "effects": effects}
        _dump(root / "journal" / f"{section}.yaml", {"location": _number(i), "entries": entries})


def _card(index: int, letter: str, kind: str, hero: str | None) -> dict[str, Any]:
    icons = ["marker", "marker2", "draw"] if kind == "combat" else ["up", "attribute", "draw"]
    return {
        "id": f"{hero or 'basic'}-{kind}-{index}{letter.lower()}", "number": f"{index}{letter}",
        "kind": kind, "name": f"Card {index}", **({"hero": hero} if hero else {}),
        "left": [{"at": 1, "attribute": ATTRS[index % 6], "bonus": [icons[index % 3]]},
                 {"at": 2, "magic": True, "bonus": ["continue"]}],
        "right": [{"at": 1, "attribute": ATTRS[(index + 1) % 6], "level": 1 + index % 2},
                  {"at": 3, "magic": True}],
        "free": ["x2", icons[0]],
        "abilities": [{"trigger": "delayed", "tokens": 1, "effects": [{"draw": 1}]}],
    }


def _cards_and_heroes(root: Path, sizes: dict[str, int]) -> None:
    per_colour = sizes["cards"] // len(COLOURS) // 2  # per kind
    for number, (colour, letter) in enumerate(COLOURS, start=1):
        hero = f"hero-{colour}"
        cards = [_card(i, letter, kind, None)
                 for kind in ("combat", "diplomacy") for i in range(1, 26)]
        cards += [_card(i, letter, kind, hero)
                  for kind in ("combat", "diplomacy") for i in range(1, per_colour - 24)]
        _dump(root / "cards" / f"{colour}.yaml", {"cards": cards})
        decks = {kind: {"start": [f"basic-{kind}-{i}{letter.lower()}" for i in range(1, 16)],
                        "advanced": [f"basic-{kind}-{i}{letter.lower()}" for i in range(16, 26)]}
                 for kind in ("combat", "diplomacy")}
        _dump(root / "heroes" / f"{hero}.yaml", {
            "id": hero, "number": number, "name": f"Hero {colour}", "colour": colour,
            "intro": LOREM,
            "meters": {"energy": {"max": 9, "start": 6, "red": 2}, "health": {"max": 8, "start": 6},
                       "terror": {"max": 9, "start": 0, "red": 2}},
            "attributes": dict.fromkeys(ATTRS, 1), "resources": {"food": 2, "wealth": 1},
            "action": {"name": "Rest", "cost": {"energy": 2}, "effects": [{"gain": {"food": 1}}]},
            "weaknesses": [{"name": "Tired", "text": "Sleeps late."}], "decks": decks})


def _encounters(root: Path, sizes: dict[str, int]) -> None:
    decks = ["green", "grey", "purple", "blue"]
    for i in range(sizes["encounters"]):
        deck, level = decks[i % 4], 1 + (i // 4) % 4
        base: dict[str, Any] = {"id": f"enc-{i}", "name": f"Foe {i}", "deck": deck,
                                "level": level, "text": LOREM,
                                "right": [{"at": 1, "attribute": ATTRS[i % 6], "level": 1}],
                                "reward": [{"gain": {"exp": 1}}]}
        if deck == "blue":
            base.update({"affinity": {"red": 3, "green": 4},
                         "stages": [{"name": "Talk", "bonus": {"empathy": ["up", "up"]},
                                     "response": [{"affinity": -1}]}],
                         "failure": [{"lose": {"rep": 1}}]})
        else:
            base.update({"value": 5, "traits": ["swift"],
                         "attack": [{"pool": [0, 2], "effects": [{"damage": 2}]},
                                    {"pool": [3, None], "effects": [{"damage": 1}]}],
                         "opportunity": [{"damage": 1}], "loot": [{"gain": {"wealth": 1}}]})
        _dump(root / "encounters" / deck / f"enc-{i}.yaml", base)


def _rest(root: Path) -> None:
    story = SIZES["events"] - 22
    for i in range(SIZES["events"]):
        if i < story:
            data: dict[str, Any] = {"kind": "story", "id": f"ev-{i}", "title": f"Event {i}",
                                    "chapter": 1, "part": i + 1, "text": LOREM * 2,
                                    "effects": [{"random_events": 1}]}
        else:
            data = {"kind": "random", "id": f"ev-{i}", "title": f"Event {i}", "text": LOREM,
                    "effects": [{"gain": {"terror": 1}, "who": "each"}]}
        _dump(root / "events" / f"ev-{i}.yaml", data)
    _dump(root / "secrets" / "secrets.yaml", {"secrets": [
        {"number": i, "name": f"Secret {i}", "text": LOREM, "effects": [{"gain": {"exp": 1}}]}
        for i in range(1, SIZES["secrets"] + 1)]})
    keywords = ["weapon", "armor", "shield", "companion", "relic"]
    _dump(root / "items" / "items.yaml", {"items": [
        {"number": i, "name": f"Item {i}", "keyword": keywords[i % 5], "craftable": i % 3 == 0,
         "text": LOREM, "uses": [{"name": "Use", "when": "combat", "effects": [{"add_markers": 1}]}]}
        for i in range(1, SIZES["items"] + 1)]})
    _dump(root / "skills" / "skills.yaml", {"skills": [
        {"card": c, "front": {"number": 2 * c - 1, "name": f"Skill {2 * c - 1}",
                              "attribute": ATTRS[c % 6]},
         "back": {"number": 2 * c, "name": f"Skill {2 * c}", "attribute": ATTRS[(c + 1) % 6]}}
        for c in range(1, SIZES["skills"] // 2 + 1)]})
    _dump(root / "campaign.yaml", {
        "id": "synthetic", "name": "Synthetic", "version": "1.0", "start": _number(0),
        "chapters": [{"number": 1, "name": "One", "setup": {
            "events": [f"ev-{i}" for i in range(story)],
            "encounters": {deck: [1, 2] for deck in ("green", "grey", "purple", "blue")},
            "random_events": [f"ev-{i}" for i in range(story, SIZES["events"])]}}],
        "game_sheet": {"statuses": [{"id": "s1", "name": "Status one", "parts": 3}]},
    })


def write_pack(root: Path, scale: int = 1) -> Path:
    """Write the synthetic pack under ``root`` and return it; ``scale`` times as many
    Locations, journal entries, cards and Encounters (the other parts as they are)."""
    sizes = {name: count * (scale if name in SCALED else 1) for name, count in SIZES.items()}
    _locations(root, sizes)
    _journal(root, sizes)
    _cards_and_heroes(root, sizes)
    _encounters(root, sizes)
    _rest(root)
    return root


SCALED = ("locations", "entries", "cards", "encounters")
"""The parts a larger synthetic pack has more of."""
