"""Run every benchmark of grail and print one line per measure: ``name: value unit``.

    python bench/run.py            # all benchmarks
    python bench/run.py --repeat 3 # fewer repetitions
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from synthetic import write_pack

from grail.content import load_pack
from grail.content.cache import load_cached
from grail.content.loader import pack_files


def median_time(action: Callable[[], object], repeat: int) -> float:
    """Median seconds of ``action``; what it returns is freed after the clock stops."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        result = action()
        times.append(time.perf_counter() - start)
        del result
    return statistics.median(times)


def content_load(repeat: int) -> list[tuple[str, float, str]]:
    """Cold load (parse + validate + cross-check) and warm load, against a raw C parse."""
    with tempfile.TemporaryDirectory() as tmp:
        pack = write_pack(Path(tmp) / "pack")
        cache = Path(tmp) / "cache"
        by_kind, _ = pack_files(pack)
        paths = [path for group in by_kind.values() for path in group]

        def raw_parse() -> list[object]:
            return [yaml.load(path.read_bytes(), Loader=yaml.CSafeLoader) for path in paths]

        raw = median_time(raw_parse, repeat)
        cold = median_time(lambda: load_pack(pack), repeat)
        load_cached(pack, cache)  # fill the cache
        warm = median_time(lambda: load_cached(pack, cache), repeat)
    return [("content_load_s", cold, "s"),
            ("content_load_ratio", cold / raw, "x"),
            ("content_load_warm_ratio", warm / raw, "x")]


BENCHMARKS = [content_load]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per measure (median)")
    args = parser.parse_args()
    for benchmark in BENCHMARKS:
        for name, value, unit in benchmark(args.repeat):
            print(f"{name}: {value:.3f} {unit}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
