"""Issue 36 item 7: what reading a real picture of each kind costs, as a whole process.

Run: pytest tests/benchmarks/test_bench_pictures.py -o addopts="" --benchmark-enable -s

Per kind (../shared/screens/<kind>, see `picture_rates`): up to `SAMPLE` pictures spread
over the folder, each read by a fresh `python -m queens_tui import IMAGE` (start-up,
imports, decoding, the board found, the kind told, the level read and printed): the
median and max wall and CPU (user + system) seconds and the load average around them,
and beside them the share of the whole folder read right in
process. Target: median <= 0.5 s on the 2-core machine. The figures are printed, not
asserted (a loaded machine moves them; docs/images.md keeps the measured ones).
"""

from __future__ import annotations

import os
import statistics

import pytest

from tests.benchmarks import picture_rates

SAMPLE = 8
"""Pictures timed as whole processes, per kind."""


def _enabled(config: pytest.Config) -> None:
    if not config.getoption("benchmark_enable"):
        pytest.skip("a benchmark: run it with --benchmark-enable")


@pytest.mark.parametrize("kind", list(picture_rates.FOLDERS))
def test_bench_read_real_pictures_as_whole_processes(
    pytestconfig: pytest.Config, kind: str
) -> None:
    _enabled(pytestconfig)
    pictures = picture_rates.pictures(kind)
    if not pictures:
        pytest.skip(f"../shared/screens/{picture_rates.FOLDERS[kind]} is not here")
    step = max(1, len(pictures) // SAMPLE)
    timed = pictures[::step][:SAMPLE]
    load = os.getloadavg()[0]
    walls, cpus = zip(*(picture_rates.process_seconds(p) for p in timed), strict=True)
    right = sum(picture_rates.judge(kind, p)[0] is None for p in pictures)
    print(
        f"\n{kind}: {right}/{len(pictures)} right; whole process over {len(timed)} pictures: "
        f"median {statistics.median(walls):.3f} s wall (max {max(walls):.3f} s), "
        f"{statistics.median(cpus):.3f} s CPU (max {max(cpus):.3f} s); "
        f"load {load:.1f} -> {os.getloadavg()[0]:.1f}"
    )
    assert right > 0
