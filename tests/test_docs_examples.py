"""The YAML examples of docs/content-format.md are valid, and every effect and condition has one.

Each ```yaml block of the guide starts with a ``# kind: K`` line naming what it shows: a
whole file of one kind (campaign, location, journal, encounter, event, hero, secrets, items,
skills, cards), a single effect, a single condition, or an amount. The block is read like a
pack file and validated strictly with that kind's model, so the guide cannot drift from the
content model; and a new effect or condition without an example in the guide fails here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml
from pydantic import TypeAdapter

from grail.content.amounts import Amount
from grail.content.conditions import CONDITIONS, Condition
from grail.content.effects import EFFECTS, Effect
from grail.content.keyed import Keyed
from grail.content.pack import KIND_BY_NAME
from grail.content.yamlsource import read_document

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "content-format.md"

FILE_KINDS = {
    "campaign": "campaign",
    "location": "locations",
    "journal": "journal",
    "encounter": "encounters",
    "event": "events",
    "hero": "heroes",
    "secrets": "secrets",
    "items": "items",
    "skills": "skills",
    "cards": "cards",
}
"""Example kind -> the pack kind (grail.content.pack.KINDS) whose model validates it."""

FRAGMENT_MODELS: dict[str, Any] = {"effect": Effect, "condition": Condition, "amount": Amount}
"""Example kinds that show a piece of a file rather than a whole file."""

KIND_LINE = re.compile(r"^# kind: ([a-z]+)\s*$")


@dataclass(frozen=True)
class Example:
    """One ```yaml block of the guide."""

    line: int
    """The line of the guide holding the block's first line (its ``# kind:`` comment)."""
    kind: str | None
    text: str

    @property
    def name(self) -> str:
        return f"line{self.line}-{self.kind}"


def yaml_examples() -> list[Example]:
    """Every ```yaml block of the guide, in order."""
    examples: list[Example] = []
    lines = GUIDE.read_text(encoding="utf-8").splitlines()
    index = 0
    while index < len(lines):
        if lines[index].strip() == "```yaml":
            # A block inside a list item is indented like its fence: remove that indent.
            indent = len(lines[index]) - len(lines[index].lstrip())
            start = index + 1
            end = start
            while end < len(lines) and lines[end].strip() != "```":
                end += 1
            assert end < len(lines), f"the ```yaml block at line {index + 1} is never closed"
            body = [line[indent:] for line in lines[start:end]]
            match = KIND_LINE.match(body[0]) if body else None
            examples.append(Example(start + 1, match.group(1) if match else None,
                                    "\n".join(body) + "\n"))
            index = end
        index += 1
    return examples


EXAMPLES = yaml_examples()


def validate_example(example: Example) -> Any:
    """Read ``example`` as a pack would and validate it strictly with its kind's model."""
    kind = example.kind
    if kind in FILE_KINDS:
        data = read_document(example.text.encode("utf-8")).data
        model = KIND_BY_NAME[FILE_KINDS[kind]].model
    elif kind in FRAGMENT_MODELS:
        # A whole number is a valid amount, and read_document only accepts mappings.
        data = (yaml.safe_load(example.text) if kind == "amount"
                else read_document(example.text.encode("utf-8")).data)
        model = FRAGMENT_MODELS[kind]
    else:
        raise ValueError(f"line {example.line}: no '# kind:' line naming a known kind")
    return TypeAdapter(model).validate_python(data, strict=True)


def examples_of(kind: str) -> list[Example]:
    return [example for example in EXAMPLES if example.kind == kind]


def keys_shown(kind: str) -> set[str]:
    """The effect or condition keys that have an example of their own (the outer key)."""
    shown: set[str] = set()
    for example in examples_of(kind):
        value = validate_example(example)
        assert isinstance(value, Keyed)
        shown.add(value.KEY)
    return shown


def test_the_guide_has_yaml_examples_of_every_kind() -> None:
    assert set(FILE_KINDS.values()) == set(KIND_BY_NAME), "a pack kind has no example kind here"
    kinds = {example.kind for example in EXAMPLES}
    missing = sorted((set(FILE_KINDS) | set(FRAGMENT_MODELS)) - kinds)
    assert missing == [], f"no example of: {', '.join(missing)}"


def test_every_yaml_example_starts_with_a_known_kind_line() -> None:
    known = set(FILE_KINDS) | set(FRAGMENT_MODELS)
    wrong = [f"line {example.line}: {example.text.splitlines()[0] if example.text.strip() else ''}"
             for example in EXAMPLES if example.kind not in known]
    assert wrong == [], (
        "every ```yaml block must start with '# kind: K', K one of "
        + ", ".join(sorted(known)) + "; these do not:\n" + "\n".join(wrong)
    )


@pytest.mark.parametrize("example", EXAMPLES, ids=[example.name for example in EXAMPLES])
def test_yaml_example_is_valid_for_its_kind(example: Example) -> None:
    if example.kind not in FILE_KINDS and example.kind not in FRAGMENT_MODELS:
        pytest.fail(f"line {example.line}: no '# kind:' line naming a known kind")
    validate_example(example)


def test_every_effect_has_an_example_in_the_guide() -> None:
    missing = sorted({model.KEY for model in EFFECTS} - keys_shown("effect"))
    assert missing == [], f"effects without a '# kind: effect' example: {', '.join(missing)}"


def test_every_condition_has_an_example_in_the_guide() -> None:
    missing = sorted({model.KEY for model in CONDITIONS} - keys_shown("condition"))
    assert missing == [], (
        f"conditions without a '# kind: condition' example: {', '.join(missing)}"
    )
