"""The benchmark's synthetic pack stays a valid full-scale pack (no timing is asserted)."""

from __future__ import annotations

import sys
from pathlib import Path

from grail.content import check_pack

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from synthetic import SIZES, write_pack


def test_synthetic_pack_is_valid_and_full_scale(tmp_path: Path) -> None:
    report = check_pack(write_pack(tmp_path / "pack"))
    assert report.problems == []
    counts = report.counts
    assert counts["locations"] == SIZES["locations"]
    assert counts["journal_entries"] == SIZES["entries"]
    assert counts["encounters"] == SIZES["encounters"]
    assert counts["events"] == SIZES["events"]
    assert counts["cards"] == SIZES["cards"]
    assert counts["skills"] * 2 == SIZES["skills"]
