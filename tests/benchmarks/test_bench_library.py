"""Issue 37 item 5: a LinkedIn archive library lists at once, and a big one stays responsive.

Run: pytest tests/benchmarks/test_bench_library.py -o addopts="" --benchmark-enable -s

The libraries are built in a temporary folder from the 12 real days of ../shared/archive
(never shipped): day k of the library is real day k mod 12 (Patches: mod 10) of its kind
under a new date, with that date and a number of its own written in (so every day has its own
store key, as in a real archive).

1. 43 days x 5 kinds (215 files, flat layout): the whole process (`python -c`: import, read
   the folder, read the grade cache, the browser's rows), on a warm cache (the grades made once
   before, the files in the OS's cache): median of 7 runs, wall and CPU. Target <= 0.3 s.
2. Opening any day (`midend.levels.open_ref`: read and build the level, what the browser's
   enter does before the board is drawn): median and max over the 215. Target <= 0.6 s.
3. 2,000 days x 5 kinds (10,000 files, nested layout): what the browser does before its first
   frame (`names`: one listing, to know the library is big) and what it leaves to its
   background worker (`find`: every day's folder listed; `read`: every file).
"""

from __future__ import annotations

import contextlib
import json
import os
import statistics
import subprocess
import sys
import time
from datetime import date, timedelta
from pathlib import Path

import pytest

from queens_tui.catalog import LevelRef
from queens_tui.catalog import library as lib
from queens_tui.core.errors import LevelError
from queens_tui.midend.levels import open_ref
from tests.player import playing

ARCHIVE = Path(__file__).resolve().parents[2].parent / "shared" / "archive"
GAMES = ("queens", "tango", "zip", "minisudoku", "patches")
START = date(2020, 1, 6)


def _enabled(config: pytest.Config) -> None:
    if not config.getoption("benchmark_enable"):
        pytest.skip("a benchmark: run it with --benchmark-enable")
    if not ARCHIVE.is_dir():
        pytest.skip("../shared/archive (LinkedIn's real days) is not here")


def build(root: Path, days: int, *, nested: bool) -> int:
    """A library of `days` days of every game under `root`; how many files."""
    real = {g: sorted(ARCHIVE.glob(f"*_{g}.json")) for g in GAMES}
    bodies = {g: [json.loads(p.read_text("utf-8")) for p in paths] for g, paths in real.items()}
    count = 0
    for k in range(days):
        day = (START + timedelta(days=k)).isoformat()
        for g, items in bodies.items():
            body = {**items[k % len(items)], "date": day, "number": 1000 + k}
            path = root / day / f"{g}.json" if nested else root / f"{day}_{g}.json"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(body), encoding="utf-8")
            count += 1
    return count


LIST = """
import sys, time
from pathlib import Path
t = time.perf_counter()
from queens_tui.catalog import library as lib
from queens_tui.core.errors import LevelError
from queens_tui.catalog.listing import Listing, library_entries
found = lib.scan(sys.argv[1])
grades = lib.load_grades(Path(sys.argv[2]))
rows = Listing.of(library_entries(found, grades), {}, [])
graded = sum(1 for e in rows.entries if e.difficulty)
print(len(rows.entries), graded, time.perf_counter() - t)
"""


def _process(root: Path, cache: Path) -> tuple[float, float, float, str]:
    """(wall, cpu, in-process seconds, output) of one listing process."""
    before = os.times()
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", LIST, str(root), str(cache)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    wall = time.perf_counter() - start
    after = os.times()
    cpu = (after.children_user - before.children_user) + (
        after.children_system - before.children_system
    )
    return wall, cpu, float(out.split()[2]), out.strip()


def test_bench_library_of_215_files(pytestconfig: pytest.Config, tmp_path: Path) -> None:
    _enabled(pytestconfig)
    root, cache = tmp_path / "lib", tmp_path / "cache"
    files = build(root, 43, nested=False)
    found = lib.scan(root)
    grades = {d.stamp: lib.grade_day(d) for d in found.all()}
    lib.save_grades(cache, grades)  # a warm cache
    _process(root, cache)  # the files and the interpreter in the OS's cache
    runs = [_process(root, cache) for _ in range(7)]
    wall = statistics.median(r[0] for r in runs)
    cpu = statistics.median(r[1] for r in runs)
    inside = statistics.median(r[2] for r in runs)
    bare = statistics.median(
        _timed([sys.executable, "-c", "pass"]) for _ in range(7)
    )  # the interpreter alone, for scale
    opens = []
    for day in found.all():
        start = time.perf_counter()
        with contextlib.suppress(LevelError):  # the broken Tango scrape: refused, as fast
            open_ref(LevelRef.file(day.path, day.kind))
        opens.append(time.perf_counter() - start)
    print(
        f"\n215-file library ({files} files): listing process median wall {wall:.3f} s, "
        f"CPU {cpu:.3f} s (python -c pass: {bare:.3f} s), in-process {inside:.3f} s; "
        f"rows/graded: {runs[0][3].split()[:2]}; load average {os.getloadavg()[0]:.1f}"
    )
    print(
        f"opening a day (open_ref): median {statistics.median(opens) * 1000:.1f} ms, "
        f"max {max(opens) * 1000:.1f} ms over {len(opens)} days"
    )
    graded = sum(1 for g in grades.values() if g.grade)  # not the broken scrapes, nor several
    assert runs[0][3].split()[:2] == [str(files), str(graded)]


def _timed(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, check=True)
    return time.perf_counter() - start


def test_bench_library_of_2000_days(pytestconfig: pytest.Config, tmp_path: Path) -> None:
    _enabled(pytestconfig)
    root = tmp_path / "big"
    files = build(root, 2000, nested=True)
    start = time.perf_counter()
    entries = lib.names(root)
    sized = time.perf_counter() - start
    start = time.perf_counter()
    seen = lib.find(root)
    names = time.perf_counter() - start
    start = time.perf_counter()
    calls: list[int] = []
    found = lib.read(seen, progress=lambda done, total: calls.append(done))
    read = time.perf_counter() - start
    print(
        f"\n2,000-day library ({files} files, nested): its size (before the first frame: "
        f"{entries:,} entries) {sized * 1000:.1f} ms; in the background: finding the days "
        f"{names:.3f} s, reading them {read:.3f} s ({len(calls)} progress calls); load "
        f"average {os.getloadavg()[0]:.1f}"
    )
    assert len(found) == files


async def test_bench_library_open_a_day_in_the_game(
    pytestconfig: pytest.Config, tmp_path: Path
) -> None:
    """From the browser's choice to the day's board drawn (headless, 120x40): median and max
    over two days of every kind (the first of a kind imports its board widget)."""
    _enabled(pytestconfig)
    from queens_tui.app import create_app
    from queens_tui.app.screens.game import GameScreen

    root = tmp_path / "lib"
    build(root, 43, nested=False)
    found = lib.scan(root)
    days = [d for kind in found.days.values() for d in kind[20:22]]  # two of every kind
    app = create_app(open_ref(LevelRef.file(days[0].path, days[0].kind)), library=root)
    times, cpu = [], []
    async with playing(app, size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("escape")  # the browser opened on the library: back to the game
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for day in days[1:]:
            start, used = time.perf_counter(), time.process_time()
            screen._chosen(LevelRef.file(day.path, day.kind))  # what the browser's enter does
            await pilot.pause()
            assert screen.midend.ref.path == str(day.path)
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - used)
    print(
        f"\nopening a day in the game (choice to board drawn): median "
        f"{statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms wall; CPU "
        f"median {statistics.median(cpu) * 1000:.0f} ms, max {max(cpu) * 1000:.0f} ms, over "
        f"{len(times)} days of {len({d.kind for d in days})} kinds; load average "
        f"{os.getloadavg()[0]:.1f}"
    )
