"""Mini Sudoku: solve + prove unique over LinkedIn's archive days, explain, generate, the daily.

Run: pytest tests/benchmarks/test_bench_sudoku.py -o addopts="" --benchmark-enable -s

Prints, in one run (so the figures compare on this noisy shared machine):
- solve + prove unique over the archive's Mini Sudoku days: the whole
  `queens-tui solve --json` process on every file, and per level in process
  (pure search and CP-SAT);
- explain: how many days the named rules finish (no `solver` step), and the grades;
- generate: 20 levels, five of each difficulty, the median per level (target <= 0.2 s),
  and the median of each difficulty;
- the daily's first frame: `queens-tui play --kind sudoku` on each day of a week, a fresh
  process (bytecode cached, as installed) on a fresh pty with an empty data folder, against
  a bare Textual start just before it (target: <= 0.6 s where the bare start takes 0.4 s,
  i.e. a CPU ratio <= 1.5), and Tango's daily in the same run for scale.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from collections import Counter
from datetime import date, timedelta
from pathlib import Path

from queens_tui.formats import sudoku as fmt
from queens_tui.kinds.sudoku import deduce, generate, search
from tests.benchmarks.test_bench_app import BARE_APP, first_paint_cpu
from tests.benchmarks.test_bench_daily import LAUNCH
from tests.unit.sudoku_data import archive_days

WEEK = [(date(2026, 11, 30) + timedelta(days=i)).isoformat() for i in range(7)]
"""Monday (easy) to Sunday (expert), all from the shipped calendar."""


def _ms(times: list[float]) -> str:
    return f"median {statistics.median(times) * 1e3:.2f} ms, max {max(times) * 1e3:.2f} ms"


def test_bench_sudoku(benchmark, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    paths = archive_days()
    levels = [fmt.parse(p.read_text("utf-8")) for p in paths]
    report: dict[str, object] = {}

    def run_all() -> None:
        start = time.perf_counter()
        proc = subprocess.run(
            [sys.executable, "-m", "queens_tui", "solve", "--json", *map(str, paths)],
            capture_output=True,
            text=True,
            timeout=600,
        )
        report["process"] = time.perf_counter() - start
        out = [json.loads(line) for line in proc.stdout.splitlines()]
        assert proc.returncode == 0 and len(out) == len(paths)
        assert all(o["kind"] == "sudoku" and o["solutions"] == 1 for o in out)

        pure = []
        for level in levels:
            t = time.perf_counter()
            assert search.count(level) == 1
            pure.append(time.perf_counter() - t)
        report["pure"] = pure

        from queens_tui.solver import sudoku as cpsat

        cpsat.cp_model()
        sat = []
        for level, o in zip(levels, out, strict=True):
            t = time.perf_counter()
            sols = cpsat.solutions(level, 2)
            sat.append(time.perf_counter() - t)
            assert len(sols) == 1 and ["".join(map(str, r)) for r in sols[0]] == o["grid"]
        report["cpsat"] = sat

        by_rules, grades = 0, Counter()
        for level in levels:
            steps = deduce.solve_logically(level)
            by_rules += all(s.rule != "solver" for s in steps)
            grades[deduce.grade_steps(steps).difficulty] += 1
        report["explain"] = (by_rules, grades)

        gen: dict[str, list[float]] = {}
        for k in range(20):
            difficulty = generate.DIFFICULTIES[k % 4]
            t = time.perf_counter()
            level = generate.generate(None, f"bench-{k}", difficulty)
            gen.setdefault(difficulty, []).append(time.perf_counter() - t)
            assert len(cpsat.solutions(level, 2)) == 1
            assert deduce.grade(level) == difficulty
        report["generate"] = gen

    benchmark.pedantic(run_all, rounds=1, iterations=1)
    n = len(paths)
    print()
    print(f"solve --json, {n} archive days, whole process: {report['process']:.2f} s")
    print(f"pure search, solve + prove unique: {_ms(report['pure'])}")  # type: ignore[arg-type]
    print(f"CP-SAT, solve + prove unique: {_ms(report['cpsat'])}")  # type: ignore[arg-type]
    by_rules, grades = report["explain"]  # type: ignore[misc]
    print(f"explain: {by_rules}/{n} finished by named rules; grades {dict(grades)}")
    gen = report["generate"]
    every = [t for times in gen.values() for t in times]  # type: ignore[attr-defined]
    print(f"generate 20 levels (5 of each difficulty): {_ms(every)}")
    for difficulty, times in gen.items():  # type: ignore[attr-defined]
        print(f"  {difficulty}: {_ms(times)}")
    assert by_rules == n
    assert statistics.median(every) <= 0.2


def test_bench_sudoku_daily_first_frame(benchmark, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    bare = tmp_path / "bare.py"
    bare.write_text(BARE_APP)
    bare_cmd = [sys.executable, str(bare)]
    homes = iter(range(10_000))

    # as `pip install .` leaves it: the bytecode compiled once (see test_bench_daily)
    cached = {"PYTHONPYCACHEPREFIX": str(tmp_path / "pycache"), "PYTHONDONTWRITEBYTECODE": ""}

    def daily(day: str, kind: str = "sudoku") -> tuple[float, float]:
        home = tmp_path / f"home-{next(homes)}"
        home.mkdir()
        return first_paint_cpu(
            [sys.executable, "-c", LAUNCH, day, "play", "--kind", kind],
            "Mini Sudoku" if kind == "sudoku" else "Tango",
            env_extra={"XDG_DATA_HOME": str(home), "QUEENS_TUI_DATA_DIR": "", **cached},
        )

    first_paint_cpu(bare_cmd, "bare-static-ready")
    daily(WEEK[0])
    daily(WEEK[0], "tango")
    pairs: list[tuple[tuple[float, float], tuple[float, float]]] = []
    tango: list[tuple[tuple[float, float], tuple[float, float]]] = []

    def run() -> None:
        for _ in range(2):
            for day in WEEK:
                base = first_paint_cpu(bare_cmd, "bare-static-ready")
                pairs.append((daily(day), base))
                tango.append((daily(day, "tango"), base))

    benchmark.pedantic(run, rounds=1, iterations=1)
    median = statistics.median
    walls = [ours[0] for ours, _ in pairs]
    wall_ratio = median(o[0] / b[0] for o, b in pairs)
    cpu_ratio = median(o[1] / b[1] for o, b in pairs)
    print(
        f"\nMini Sudoku daily first frame: median {median(walls) * 1000:.0f} ms "
        f"(worst {max(walls) * 1000:.0f}); ratio to a bare Textual start {wall_ratio:.2f} wall, "
        f"{cpu_ratio:.2f} CPU (as at a bare start of 0.4 s: {wall_ratio * 0.4:.2f} / "
        f"{cpu_ratio * 0.4:.2f} s)"
    )
    tango_cpu = median(o[1] / b[1] for o, b in tango)
    print(f"Tango's daily in the same run (for scale): ratio {tango_cpu:.2f} CPU")
    benchmark.extra_info.update(ratio_wall=round(wall_ratio, 3), ratio_cpu=round(cpu_ratio, 3))
    assert cpu_ratio <= 1.5
