"""How fast `grade` is as a whole process, per level, for every kind (issue 41: under 2 ms a
level for 600 Queens levels, under 5 ms for the other kinds).

Each kind's levels are graded by one `queens-tui grade --json` process; its CPU time (the
child's user + system) minus that of the same command on one level (start-up: imports, the
parser) is divided by the levels beyond the first. Five runs, the median; the wall time and
the load are printed beside it (on a shared machine wall time adds the waits for a core).

Queens: LinkedIn's #1-#616 from `../shared/corpus` (skipped without it), written as files;
Tango, Zip, Mini Sudoku and Patches: the bundled packs.

Run: `pytest tests/benchmarks/test_bench_grade.py -o addopts="" --benchmark-enable -s`
"""

from __future__ import annotations

import json
import os
import re
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO.parent / "shared" / "corpus" / "community-levels.json"
PACKS = {
    "tango": ["tango-1-easy", "tango-2-medium", "tango-3-hard", "tango-4-expert"],
    "zip": ["zip-1-6x6", "zip-2-7x7", "zip-3-8x8"],
    "sudoku": ["sudoku-1-easy", "sudoku-2-medium", "sudoku-3-hard", "sudoku-4-expert"],
    "patches": ["patches-1-easy", "patches-2-medium", "patches-3-hard"],
}
TARGET_MS = {"queens": 2.0, "tango": 5.0, "zip": 5.0, "sudoku": 5.0, "patches": 5.0}
RUNS = 5


def _cpu(args: list[str]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one `grade --json` process on `args`, which must
    score every level."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "queens_tui", "grade", "--json", *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(lines) == len(args) and all(line["score"] is not None for line in lines)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return cpu, wall


def _queens_files(folder: Path) -> list[str]:
    from queens_tui.formats.collection import read_collection
    from queens_tui.formats.queens.text import dump_text

    if not CORPUS.is_file():
        pytest.skip(f"no LinkedIn Queens corpus at {CORPUS}")
    out = []
    for level_id, level in read_collection(str(CORPUS)).items:
        m = re.fullmatch(r"level(\d+)", level_id)
        if m and int(m[1]) <= 616 and len(out) < 600:
            path = folder / f"{int(m[1]):03d}.txt"
            path.write_text(dump_text(level), encoding="utf-8")
            out.append(str(path))
    return out


@pytest.mark.parametrize("kind", list(TARGET_MS))
def test_grade_per_level(kind: str, tmp_path: Path) -> None:
    if kind == "queens":
        files = _queens_files(tmp_path)
    else:
        files = sorted(str(p) for d in PACKS[kind] for p in (REPO / "levels" / d).glob("*.txt"))
    assert len(files) > 1
    per_level, walls = [], []
    for _ in range(RUNS):
        one, _wall = _cpu(files[:1])
        cpu, wall = _cpu(files)
        per_level.append((cpu - one) / (len(files) - 1) * 1000)
        walls.append(wall)
    ms = statistics.median(per_level)
    load = os.getloadavg()[0]
    print(
        f"\n{kind}: {len(files)} levels, {ms:.2f} ms a level of CPU beyond start-up "
        f"(runs {', '.join(f'{x:.2f}' for x in per_level)}), whole process "
        f"{statistics.median(walls):.2f} s wall, load {load:.1f}; target {TARGET_MS[kind]} ms"
    )
