"""Issue 26: a 600-level collection opens as a pack, and lists, at once.

Run: pytest tests/benchmarks/test_bench_collections.py -o addopts="" --benchmark-enable -s

A collection of 600 Tango levels in the community app's raw form (the bundled Tango levels
and generated ones, ids as LinkedIn numbers): `open_collection` the first time (every level
parsed, written as a pack with its manifest), the second time (the manifest only), and
`Listing.load` with the pack beside the bundled ones (the browser's query). Target: the
browser's listing under 1 s.
"""

from __future__ import annotations

import json
import time
from datetime import date
from pathlib import Path

import pytest

from queens_tui.catalog.listing import BrowserState, Listing
from queens_tui.catalog.user_packs import open_collection
from queens_tui.formats import load_puzzle
from queens_tui.formats.bundled import bundled_levels
from queens_tui.kinds.tango.generate import generate
from queens_tui.store import Store
from tests.unit.test_collections import community_tango


def _enabled(config: pytest.Config) -> None:
    if not config.getoption("benchmark_enable"):
        pytest.skip("a benchmark: run it with --benchmark-enable")


def test_bench_600_level_collection(pytestconfig: pytest.Config, tmp_path: Path) -> None:
    _enabled(pytestconfig)
    levels = [load_puzzle(p) for _, p in bundled_levels("tango")]
    seed = 0
    while len(levels) < 600:
        levels.append(generate(6, f"bench-{seed}"))
        seed += 1
    path = tmp_path / "puzzles.json"
    path.write_text(json.dumps(community_tango(levels), ensure_ascii=False))
    start = time.perf_counter()
    pack = open_collection(path)
    first = time.perf_counter() - start
    start = time.perf_counter()
    again = open_collection(path)
    second = time.perf_counter() - start
    start = time.perf_counter()
    listing = Listing.load(Store(), date(2026, 11, 24), packs=[pack.folder])
    shown = listing.query(BrowserState(pack=pack.name)).shown
    rows = [listing.row(e, i) for i, e in enumerate(shown, 1)]
    listed = time.perf_counter() - start
    print(
        f"\n600 levels: first open {first:.3f} s, again {second:.3f} s, "
        f"listing (with the bundled packs) {listed:.3f} s, {len(rows)} rows"
    )
    assert again.folder == pack.folder
    assert len(rows) == 600  # every level listed (no two alike)
    assert listed < 1.0
