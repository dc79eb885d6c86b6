"""The content model: descriptions everywhere, the minimal pack covers every kind and effect."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pydantic import BaseModel, TypeAdapter, ValidationError

from grail.content import KINDS, Campaign, check_pack, load_pack
from grail.content.amounts import Amount, Count, Scaled
from grail.content.campaign import Manifest, RuleSettings
from grail.content.cards import PlayerCard
from grail.content.conditions import CONDITIONS, Condition
from grail.content.effects import EFFECTS, Effect
from grail.content.encounters import CombatEncounter
from grail.content.keyed import Keyed

from .conftest import MINIMAL


def _models_below(model: type[BaseModel], seen: set[type[BaseModel]]) -> None:
    if model in seen:
        return
    seen.add(model)
    for field in model.model_fields.values():
        for sub in _classes_in(field.annotation):
            _models_below(sub, seen)


def _classes_in(annotation: object) -> list[type[BaseModel]]:
    from typing import get_args

    found: list[type[BaseModel]] = []
    stack = [annotation]
    while stack:
        tp = stack.pop()
        if isinstance(tp, type) and issubclass(tp, BaseModel):
            found.append(tp)
        stack.extend(get_args(tp))
    return found


def all_models() -> set[type[BaseModel]]:
    seen: set[type[BaseModel]] = set()
    _models_below(Campaign, seen)
    for kind in KINDS:
        for model in _classes_in(kind.model):
            _models_below(model, seen)
    return seen


def test_every_field_of_every_model_has_a_description() -> None:
    missing = [f"{model.__name__}.{name}" for model in all_models()
               for name, field in model.model_fields.items() if not field.description]
    assert missing == []


def test_every_model_is_strict_closed_and_frozen() -> None:
    for model in all_models():
        config = model.model_config
        assert config.get("strict") and config.get("extra") == "forbid" and config.get("frozen"), \
            model.__name__


def test_minimal_pack_loads() -> None:
    campaign = load_pack(MINIMAL)
    assert campaign.manifest.start == 101
    assert campaign.location[106].old_number == 104
    assert check_pack(MINIMAL).counts["journal_entries"] == len(campaign.entry) == 15
    assert campaign.sources["location:101"] == "locations/101.yaml:1"
    assert campaign.sources["entry:101.1"] == "journal/101.yaml:17"


def _keyed_used(campaign: Campaign) -> set[str]:
    used: set[str] = set()

    def visit(value: object) -> None:
        if isinstance(value, Keyed):
            used.add(value.KEY)
        if isinstance(value, BaseModel):
            for name in type(value).model_fields:
                visit(getattr(value, name))
        elif isinstance(value, list):
            for item in value:
                visit(item)
        elif isinstance(value, dict):
            for item in value.values():
                visit(item)

    visit(campaign)
    return used


def test_minimal_pack_uses_every_effect_and_condition() -> None:
    used = _keyed_used(load_pack(MINIMAL))
    assert {m.KEY for m in EFFECTS} - used == set()
    assert {m.KEY for m in CONDITIONS} - used == set()


def test_minimal_pack_uses_every_content_kind() -> None:
    counts = check_pack(MINIMAL).counts
    assert all(n > 0 for n in counts.values()), counts


def test_starting_menhir_dial_is_8_7_6_5_by_player_count() -> None:  # [SETUP-W2]
    start = Manifest.model_fields["start_menhir"].default
    assert isinstance(start, Scaled)
    assert [start.value(players) for players in (1, 2, 3, 4)] == [8, 7, 6, 5]


def test_scaled_menhir_dial_reads_as_written() -> None:  # [MENHIR-8]
    dial = TypeAdapter(Amount).validate_python({"base": 8, "per_player": -1})
    assert isinstance(dial, Scaled) and dial.value(3) == 5


def test_delayed_abilities_hold_one_time_token_by_default() -> None:  # [ANAT-15]
    assert RuleSettings().delayed_tokens == 1


def test_count_needs_attribute_only_for_attribute_counts() -> None:  # [ANAT-8]
    assert TypeAdapter(Amount).validate_python({"count": "joined_keys", "attribute": "logic"})
    with pytest.raises(ValidationError, match="needs an 'attribute'"):
        Count.model_validate({"count": "joined_keys"})
    with pytest.raises(ValidationError, match="takes no 'attribute'"):
        Count.model_validate({"count": "cards_in_hand", "attribute": "logic"})


def test_effect_union_picks_model_by_its_key() -> None:
    effect = TypeAdapter(Effect).validate_python({"gain": {"food": 1}, "who": "each"})
    assert effect.KEY == "gain"
    condition = TypeAdapter(Condition).validate_python({"not": {"status": "x"}})
    assert condition.KEY == "not"


def test_yaml_booleans_are_not_text() -> None:
    # Strict: an unquoted NO is a boolean and never silently becomes the text "False".
    with pytest.raises(ValidationError):
        TypeAdapter(Effect).validate_python({"goto": False})


def test_card_colour_comes_from_its_number_letter() -> None:  # [COMP-9]
    card = PlayerCard.model_validate(
        {"id": "x", "number": "12M", "kind": "combat", "name": "Shove"})
    assert card.colour == "brown"


def test_card_refuses_icons_of_the_other_encounter_kind() -> None:  # [KEY-5], [DIPLO-10]
    with pytest.raises(ValidationError, match="cannot use the bonus icon"):
        PlayerCard.model_validate({"id": "x", "number": "1V", "kind": "diplomacy",
                                   "name": "Shove", "free": ["marker"]})


def test_two_keys_cannot_share_a_position() -> None:  # [ANAT-13]
    with pytest.raises(ValidationError, match="two keys at position 1"):
        PlayerCard.model_validate({
            "id": "x", "number": "1V", "kind": "combat", "name": "Shove",
            "right": [{"at": 1, "attribute": "logic", "level": 1}, {"at": 1, "magic": True}]})


def test_passive_ability_needs_a_passive_card() -> None:  # [ANAT-9]
    with pytest.raises(ValidationError, match="passive: true"):
        PlayerCard.model_validate({"id": "x", "number": "1V", "kind": "combat", "name": "Guard",
                                   "abilities": [{"trigger": "passive"}]})


def test_combat_table_must_cover_every_pool_size() -> None:  # [COMBAT-13]
    base = {"id": "e", "name": "E", "deck": "grey", "level": 1, "value": 3}
    ok = CombatEncounter.model_validate(
        {**base, "attack": [{"pool": [0, 1], "effects": []}, {"pool": [2, None], "effects": []}]})
    assert ok.attack[-1].pool == [2, None]
    with pytest.raises(ValidationError, match="should start at 2, not 3"):
        CombatEncounter.model_validate(
            {**base, "attack": [{"pool": [0, 1], "effects": []},
                                {"pool": [3, None], "effects": []}]})


def test_guardian_is_a_trait() -> None:  # [TRAIT-6]
    campaign = load_pack(MINIMAL)
    warden = campaign.encounter["grey-warden"]
    assert isinstance(warden, CombatEncounter) and warden.guardian


def test_every_rule_setting_is_documented_for_authors() -> None:
    guide = (Path(__file__).resolve().parent.parent / "docs" / "content-format.md").read_text()
    missing = [name for name in RuleSettings.model_fields if f"`{name}`" not in guide]
    assert missing == []


def test_every_rule_setting_cites_the_rule_it_settles() -> None:
    for name, field in RuleSettings.model_fields.items():
        assert field.description and "[" in field.description, name


def test_journal_entries_are_found_by_address_section_by_section(ennor: Campaign) -> None:
    """``Campaign.entry`` indexes the sections only as far as an entry asked for, and holds
    every entry in the journal's order, as one index built at once did."""
    whole = {key: entry for section in ennor.journal for key, entry in section.entries.items()}
    first, last = next(iter(whole)), list(whole)[-1]
    entries = type(ennor.entry)(ennor.journal)  # afresh: the campaign's is shared
    assert entries[first] is whole[first] and entries._indexed == 1
    assert entries[last] is whole[last] and entries._indexed == len(ennor.journal)
    fresh = type(ennor.entry)(ennor.journal)
    assert list(fresh) == list(whole) and len(fresh) == len(whole)
    assert dict(fresh.items()) == whole and first in fresh and "no-such-entry" not in fresh
    assert fresh.get("no-such-entry") is None
    with pytest.raises(KeyError):
        fresh["no-such-entry"]


def test_journal_entries_are_found_by_threads_looking_at_once() -> None:
    """A cluster worker's threads share one campaign: however their indexing interleaves (a
    section here is slow to read, so that it does), no section is ever skipped."""
    import random
    import threading
    import time
    from typing import Any

    from grail.content.pack import Entries

    class Slow:
        def __init__(self, number: int) -> None:
            self.number = number

        @property
        def entries(self) -> dict[str, Any]:
            time.sleep(0.0005)  # another thread runs meanwhile
            return {f"{self.number}": self.number, f"{self.number}.1": self.number}

    entries = Entries([Slow(number) for number in range(60)])  # type: ignore[list-item]
    missed: list[str] = []

    def look(seed: int) -> None:
        keys = [f"{number}{tail}" for number in range(60) for tail in ("", ".1")]
        random.Random(seed).shuffle(keys)
        for key in keys:
            try:
                entries[key]
            except KeyError:
                missed.append(key)

    threads = [threading.Thread(target=look, args=(seed,)) for seed in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert missed == [] and list(entries) == [f"{n}{t}" for n in range(60) for t in ("", ".1")]


def test_every_rule_setting_is_read_by_the_engine() -> None:
    """A campaign's rule settings each change play somewhere: one documented and read by
    nothing (as ``event_discard`` once was) fails here."""
    engine = Path(__file__).parent.parent / "grail" / "engine"
    source = "\n".join(path.read_text() for path in engine.rglob("*.py"))
    unread = [name for name in RuleSettings.model_fields
              if not re.search(rf"\b{name}\b", source)]
    assert unread == []
