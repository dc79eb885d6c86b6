"""JSON Schema export: draft-07, up to date in docs/schema, usable on real files."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from grail.cli import main
from grail.content import KINDS, bundled_pack
from grail.content.folder import pack_files
from grail.content.schema import schema_texts
from grail.content.yamlsource import read_document

from .conftest import MINIMAL

ROOT = Path(__file__).resolve().parent.parent
SCHEMA_DIR = ROOT / "docs" / "schema"


def test_every_kind_has_a_draft_07_schema_that_passes_meta_validation() -> None:
    texts = schema_texts()
    assert sorted(texts) == sorted(kind.schema for kind in KINDS)
    for text in texts.values():
        schema = json.loads(text)
        assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
        jsonschema.Draft7Validator.check_schema(schema)


def test_committed_schemas_are_up_to_date() -> None:
    for name, text in schema_texts().items():
        committed = SCHEMA_DIR / name
        assert committed.exists(), f"run 'grail schema' to write {name}"
        assert committed.read_text(encoding="utf-8") == text, \
            f"docs/schema/{name} is out of date: run 'grail schema'"


def test_grail_schema_writes_every_file(tmp_path: Path) -> None:
    assert main(["schema", "--out", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(schema_texts())


@pytest.mark.parametrize("pack", [MINIMAL, bundled_pack()], ids=["minimal", "bundled"])
def test_pack_files_validate_against_their_schema(pack: Path) -> None:
    by_kind, _ = pack_files(pack)
    for kind, paths in by_kind.items():
        validator = jsonschema.Draft7Validator(json.loads(schema_texts()[kind.schema]))
        for path in paths.values():
            errors = list(validator.iter_errors(read_document(path.read_bytes()).data))
            assert errors == [], f"{path}: {errors[0].message}"


def test_every_bundled_file_names_its_schema() -> None:
    pack = bundled_pack()
    by_kind, _ = pack_files(pack)
    assert by_kind, "the bundled campaign is missing"
    for kind, paths in by_kind.items():
        for path in paths.values():
            first = path.read_text(encoding="utf-8").splitlines()[0]
            prefix = "# yaml-language-server: $schema="
            assert first.startswith(prefix), f"{path} does not start with a schema line"
            target = (path.parent / first.removeprefix(prefix)).resolve()
            assert target == (SCHEMA_DIR / kind.schema).resolve(), path
