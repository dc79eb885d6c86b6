"""JSON Schema (draft-07) of every content file kind, for editors to check YAML as typed.

Each bundled YAML file starts with ``# yaml-language-server: $schema=...`` pointing at the
schema of its kind under ``docs/schema/``.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic.json_schema import GenerateJsonSchema

from .loader import adapter
from .pack import KINDS, Kind

DRAFT_07 = "http://json-schema.org/draft-07/schema#"


class _Draft07(GenerateJsonSchema):
    """Pydantic's generator, with definitions where draft-07 expects them."""

    def generate(self, schema: Any, mode: Any = "validation") -> Any:
        result = super().generate(schema, mode=mode)
        if "$defs" in result:
            result["definitions"] = result.pop("$defs")
        return {"$schema": DRAFT_07, **result}


def schema_of(kind: Kind) -> dict[str, Any]:
    """The draft-07 JSON Schema of one kind of content file."""
    schema: dict[str, Any] = adapter(kind).json_schema(
        ref_template="#/definitions/{model}", schema_generator=_Draft07, by_alias=True
    )
    schema.setdefault("title", kind.name.capitalize())
    return schema


def schema_texts() -> dict[str, str]:
    """File name -> schema text, for every kind, as ``grail schema`` writes them."""
    return {kind.schema: json.dumps(schema_of(kind), indent=2, sort_keys=True) + "\n"
            for kind in KINDS}
