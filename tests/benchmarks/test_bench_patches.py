"""Patches: solve + prove unique over LinkedIn's archive days, explain by rules, generate 20
levels at 7x7, and today's Patches daily on screen from a fresh data folder.

Run: pytest tests/benchmarks/test_bench_patches.py -o addopts="" --benchmark-enable -s

Prints, in one run (so the figures compare on this noisy shared machine):
- the archive days (`/work/shared/archive/*_patches.json`, skipped when absent): solutions
  counted to 2 by the pure search and by CP-SAT, per day; how many the rules alone explain;
- generate: 20 levels at 7x7 (seeds bench-0..19, any difficulty), each checked unique by
  CP-SAT: median target <= 0.3 s;
- the daily's first frame: `queens-tui play --kind patches` on a fresh pty with an empty
  data folder until the board's bottom border shows, beside a bare Textual start (target
  <= 0.6 s where the bare start is ~0.4 s).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

import pytest

from queens_tui.formats import load_puzzle
from queens_tui.kinds.patches import deduce, generate, search

ARCHIVE = Path("/work/shared/archive")


def _ms(times: list[float]) -> str:
    return f"median {statistics.median(times) * 1e3:.2f} ms, max {max(times) * 1e3:.2f} ms"


def test_bench_patches_archive_and_generate(benchmark) -> None:  # type: ignore[no-untyped-def]
    days = sorted(ARCHIVE.glob("*_patches.json"))
    if not days:
        pytest.skip(f"no archive days in {ARCHIVE}")
    levels = [load_puzzle(p) for p in days]
    from queens_tui.solver import patches as cpsat

    cpsat.cp_model()  # the import is not the solve
    report: dict[str, object] = {}

    def run() -> None:
        pure, sat, counts, by_rules = [], [], [], 0
        for level in levels:
            t = time.perf_counter()
            n = search.count(level)  # type: ignore[arg-type]
            pure.append(time.perf_counter() - t)
            t = time.perf_counter()
            assert len(cpsat.solutions(level, 2)) == n  # type: ignore[arg-type]
            sat.append(time.perf_counter() - t)
            counts.append(n)
            steps = deduce.solve_logically(level)  # type: ignore[arg-type]
            by_rules += n == 1 and steps[-1].rule != "solver"
        report["archive"] = (pure, sat, counts, by_rules)
        times, unique = [], 0
        for k in range(20):
            t = time.perf_counter()
            level = generate.generate(7, f"bench-{k}")
            times.append(time.perf_counter() - t)
            unique += len(cpsat.solutions(level, 2)) == 1
        report["generate"] = (times, unique)

    benchmark.pedantic(run, rounds=1, iterations=1)
    pure, sat, counts, by_rules = report["archive"]  # type: ignore[misc]
    single = counts.count(1)
    print()
    print(
        f"archive: {len(counts)} days, {single} unique, {counts.count(2)} several; "
        f"rules alone explain {by_rules}/{single}"
    )
    print(f"pure search, solve + count to 2: {_ms(pure)}")
    print(f"CP-SAT, solve + count to 2: {_ms(sat)}")
    times, unique = report["generate"]  # type: ignore[misc]
    print(f"generate 7x7: {_ms(times)}; unique by CP-SAT: {unique}/20")
    assert unique == 20 and by_rules == single
    assert statistics.median(times) <= 0.3


def test_bench_patches_daily_first_frame(benchmark, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Today's Patches (`play --kind patches`, from the shipped calendar) against a bare
    Textual start and against today's Tango by the same path, alternated: the CPU ratio to
    Tango's is asserted (no worse than the kind already shipped), the rest printed."""
    from tests.benchmarks.test_bench_app import BARE_APP, first_paint_cpu
    from tests.benchmarks.test_bench_daily import LAUNCH

    bare = tmp_path / "bare.py"
    bare.write_text(BARE_APP)
    bare_cmd = [sys.executable, str(bare)]
    fresh = iter(range(1000))

    def daily(kind: str) -> tuple[float, float]:
        home = tmp_path / f"home-{next(fresh)}"
        home.mkdir()
        return first_paint_cpu(
            [sys.executable, "-c", LAUNCH, "2026-12-02", "play", "--kind", kind],
            "moves 0",
            env_extra={"XDG_DATA_HOME": str(home), "QUEENS_TUI_DATA_DIR": ""},
        )

    first_paint_cpu(bare_cmd, "bare-static-ready")  # warm the OS file cache for all
    daily("patches")
    daily("tango")
    runs: list[tuple[tuple[float, float], tuple[float, float], tuple[float, float]]] = []

    def run() -> None:
        for _ in range(5):
            runs.append(
                (daily("patches"), daily("tango"), first_paint_cpu(bare_cmd, "bare-static-ready"))
            )

    benchmark.pedantic(run, rounds=1, iterations=1)
    median = statistics.median
    ours = median(p[0] for p, _, _ in runs)
    bare_wall = median(b[0] for _, _, b in runs)
    to_bare = median(p[0] / b[0] for p, _, b in runs)
    cpu_to_bare = median(p[1] / b[1] for p, _, b in runs)
    cpu_to_tango = median(p[1] / t[1] for p, t, _ in runs)
    print(
        f"\nPatches daily first frame: median {ours * 1000:.0f} ms, bare Textual "
        f"{bare_wall * 1000:.0f} ms; ratio to bare {to_bare:.2f} wall, {cpu_to_bare:.2f} CPU "
        f"(at a bare 0.4 s: {to_bare * 0.4:.2f} s); CPU ratio to Tango's daily {cpu_to_tango:.2f}"
    )
    assert cpu_to_tango <= 1.2
