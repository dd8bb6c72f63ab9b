"""Issue 26: what reading a Tango or Zip screenshot costs, and how many read exactly.

Run: pytest tests/benchmarks/test_bench_image_puzzles.py -o addopts="" --benchmark-enable -s

In process, per real screenshot (../shared/screens/tango, 22; ../shared/screens/zip, 13):
`formats.image.read_puzzle` with the kind left to the picture (the Queens reader is
tried first, as for any picture), the reader's cache cleared: wall and CPU time,
median and max, and the share read exactly (every cell, sign, number and wall;
target >= 95 %, median < 1 s).
"""

from __future__ import annotations

import statistics
import time

import pytest

from queens_tui.formats import image as image_mod
from queens_tui.formats.image import _read
from tests.unit.test_image_puzzles import TANGO_SCREENS, ZIP_SCREENS, _tango_truth


def _enabled(config: pytest.Config) -> None:
    if not config.getoption("benchmark_enable"):
        pytest.skip("a benchmark: run it with --benchmark-enable")


def _exact(picture: object, level: object) -> bool:
    import json
    from pathlib import Path

    path = Path(str(picture))
    if path.parent.name == "tango":
        grid, equal, opposite = _tango_truth(path)
        lv: object = level
        return (
            getattr(lv, "kind", "") == "tango"
            and lv.rows_text() == grid  # type: ignore[attr-defined]
            and list(lv.equal) == equal  # type: ignore[attr-defined]
            and list(lv.opposite) == opposite  # type: ignore[attr-defined]
        )
    truth = json.loads((path.parent / (path.name + ".json")).read_text())["truth"]
    walls = sorted(tuple(sorted(map(tuple, w))) for w in truth["walls"])
    return (
        getattr(level, "kind", "") == "zip"
        and [list(r) for r in level.numbers] == truth["numbers"]  # type: ignore[attr-defined]
        and list(level.walls) == walls  # type: ignore[attr-defined]
    )


@pytest.mark.parametrize("kind", ["tango", "zip"])
def test_bench_read_real_screenshots(pytestconfig: pytest.Config, kind: str) -> None:
    _enabled(pytestconfig)
    pictures = TANGO_SCREENS if kind == "tango" else ZIP_SCREENS
    if not pictures:
        pytest.skip(f"../shared/screens/{kind} is not here")
    walls, cpus, exact = [], [], 0
    for picture in pictures:
        image_mod._LAST_PUZZLE.clear()
        image_mod._LAST.clear()
        _read._OPENED.clear()
        start, cpu = time.perf_counter(), time.process_time()
        try:
            level = image_mod.read_puzzle(picture).level
        except Exception:  # counted as not exact; the reader's own tests pin the errors
            level = None
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu)
        exact += level is not None and _exact(picture, level)
    print(
        f"\n{kind}: {exact}/{len(pictures)} exact; wall median {statistics.median(walls):.3f} s "
        f"max {max(walls):.3f} s; CPU median {statistics.median(cpus):.3f} s max {max(cpus):.3f} s"
    )
    assert exact >= 0.95 * len(pictures)
