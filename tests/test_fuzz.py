"""Property tests: no input, however broken, makes the loader raise instead of report."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grail.content import check_pack
from grail.content.yamlsource import SourceError, read_document

from .conftest import MINIMAL

FILES = sorted(p.relative_to(MINIMAL).as_posix() for p in MINIMAL.rglob("*.yaml"))
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-5, 200), st.floats(allow_nan=False),
                    st.text(max_size=12), st.sampled_from(["101", "104.1", "gain", "NO", "-"]))
DATA = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4),
    st.dictionaries(st.sampled_from(["gain", "number", "if", "then", "keys", "up", "id",
                                     "text", "effects", "status", "deck", "x"]), inner,
                    max_size=4)), max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_parse_or_give_a_source_error(raw: bytes) -> None:
    try:
        document = read_document(raw)
    except SourceError as error:
        assert error.line >= 1 and error.col >= 1 and error.message
    else:
        assert isinstance(document.data, dict)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ab:-[]{}&*!#'\"\n\t 01", max_size=80))
def test_yaml_punctuation_parses_or_gives_a_source_error(text: str) -> None:
    try:
        read_document(text.encode())
    except SourceError as error:
        assert error.line >= 1


def _check_with(rel: str, content: bytes) -> list[str]:
    with tempfile.TemporaryDirectory() as tmp:
        pack = Path(shutil.copytree(MINIMAL, Path(tmp) / "pack"))
        (pack / rel).write_bytes(content)
        report = check_pack(pack)
        files = {p.relative_to(pack).as_posix() for p in pack.rglob("*")}
    for problem in report.problems:
        assert problem.file in files and problem.line >= 1 and problem.col >= 1
        assert problem.message
    assert (report.campaign is None) == bool(report.problems)
    return [str(p) for p in report.problems]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(FILES), DATA)
def test_any_data_in_any_file_is_reported_not_raised(rel: str, data: object) -> None:
    _check_with(rel, yaml.safe_dump(data).encode())


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(FILES), st.data())
def test_deleting_or_repeating_lines_is_reported_not_raised(rel: str, data: st.DataObject) -> None:
    lines = (MINIMAL / rel).read_text().splitlines(keepends=True)
    start = data.draw(st.integers(0, len(lines) - 1))
    stop = data.draw(st.integers(start, min(len(lines), start + 3)))
    repeat = data.draw(st.booleans())
    changed = lines[:start] + (lines[start:stop] * 2 if repeat else []) + lines[stop:]
    _check_with(rel, "".join(changed).encode())
